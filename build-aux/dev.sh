#!/usr/bin/env bash
# ARC Studio's development entry point: the two commands of README.md.
#
#   build-aux/dev.sh run [PATH...]   install build dependencies, build, launch arc-studio
#                                    (on the bundled sample tasks when no PATH is given)
#   build-aux/dev.sh test            install dependencies, build with -Werror, run every test
#                                    (GUI tests under Xvfb and a session D-Bus), then the
#                                    AddressSanitizer/UBSan build's tests and a bounded fuzz run
#   build-aux/dev.sh test-debian13   the same build and tests (no sanitizers, no fuzzing) in a
#                                    Debian 13 tree: GTK 4.18, libadwaita 1.7, GCC 14
#   build-aux/dev.sh flatpak         the Flatpak, built with flatpak-builder from the manifest on a
#                                    runtime and SDK made from that Debian 13 tree, installed --user
#
# Environment: FUZZ_SECONDS (default 60) bounds the fuzz run; 0 skips it. ARC_DEBIAN13_DIR
# (default /var/tmp/arc-studio-debian13) is where the Debian 13 tree is made once and kept;
# DEBIAN_MIRROR (default http://deb.debian.org/debian) is where it comes from. ARC_FLATPAK_DIR
# (default /var/tmp/arc-studio-flatpak) holds the runtime's repository and flatpak-builder's state.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

build_deps=(meson ninja-build pkg-config gcc gettext libglib2.0-dev libglib2.0-dev-bin
            libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev libjson-glib-dev libcairo2-dev
            desktop-file-utils appstream dconf-gsettings-backend)
test_deps=(clang libclang-rt-14-dev xvfb xauth dbus dbus-x11 at-spi2-core python3
           librsvg2-dev libpoppler-glib-dev flatpak-builder
           time xdotool imagemagick python3-gi python3-pyatspi gir1.2-atspi-2.0 gir1.2-gdkpixbuf-2.0 valgrind)

# What the build and the tests need in the Debian 13 tree (no sanitizers or fuzzing there), and
# elfutils, whose eu-strip flatpak-builder runs (on the host too, see cmd_flatpak)
debian13_deps=("${build_deps[@]}" xvfb xauth dbus dbus-x11 at-spi2-core python3 xdotool imagemagick
               librsvg2-dev libpoppler-glib-dev python3-gi python3-pyatspi gir1.2-atspi-2.0
               gir1.2-gdkpixbuf-2.0 adwaita-icon-theme locales elfutils)
debian13_dir=${ARC_DEBIAN13_DIR:-/var/tmp/arc-studio-debian13}
debian_mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

app_id=io.github.arcstudio.ArcStudio

say() { printf '\n== %s\n' "$*"; }

install_deps() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  say "installing ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

setup() {  # setup DIR [meson options...]
  local dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
}

in_display() {  # a virtual display and a session bus, as a desktop has
  dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" "$@"
}

cmd_run() {
  install_deps "${build_deps[@]}"
  setup build
  ninja -C build
  export GSETTINGS_SCHEMA_DIR="$top/build/data"
  exec build/src/app/arc-studio "$@"
}

passed=0
failed=0
# Tests at once: each GUI test has a display of its own (tests/in-own-display.sh)
# and most of their time is waiting for frames, so one more than the processors
test_processes=${TEST_PROCESSES:-$(( $(nproc) + 1 ))}
count_results() {  # adds up a meson test log
  local log=$1/meson-logs/testlog.json
  [ -f "$log" ] || return 0
  local p f
  p=$(grep -c '"result": "OK"' "$log" || true)
  f=$(grep -Ec '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"' "$log" || true)
  passed=$((passed + p))
  failed=$((failed + f))
}

failed_tests() {  # the names of the tests a meson test log has failing, space-separated
  python3 - "$1/meson-logs/testlog.json" <<'PY'
import json, sys
names = []
for line in open(sys.argv[1]):
    try:
        t = json.loads(line)
    except ValueError:
        continue
    if t.get("result") in ("FAIL", "ERROR", "TIMEOUT", "UNEXPECTEDPASS"):
        names.append(t.get("name", "?").split(" / ")[-1])
print(" ".join(names))
PY
}

cmd_test() {
  local start=$SECONDS status=0
  install_deps "${build_deps[@]}" "${test_deps[@]}"

  say "build (warnings are errors)"
  setup _build/test --werror
  ninja -C _build/test

  say "tests"
  in_display meson test -C _build/test --print-errorlogs --num-processes "$test_processes" || status=1
  count_results _build/test

  say "tests under AddressSanitizer and UndefinedBehaviorSanitizer"
  setup _build/asan --werror -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
  ninja -C _build/asan
  # (the kills of the app while it draws are a test of timing, not memory: once, above)
  in_display meson test -C _build/asan --print-errorlogs --timeout-multiplier 3 --no-suite work-kill \
    --num-processes "$test_processes" || status=1
  count_results _build/asan

  local seconds=${FUZZ_SECONDS:-60}
  if [ "$seconds" -gt 0 ]; then
    say "fuzzing the task parser for ${seconds}s"
    CC=clang setup _build/fuzz --werror -Dfuzzing=true -Dgui=false
    ninja -C _build/fuzz tests/fuzz/fuzz-task
    mkdir -p _build/fuzz/corpus _build/fuzz/artifacts
    if _build/fuzz/tests/fuzz/fuzz-task -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
         -max_len=65536 -artifact_prefix=_build/fuzz/artifacts/ -print_final_stats=1 \
         _build/fuzz/corpus tests/fuzz/corpus tests/fuzz/regressions > _build/fuzz/fuzz.log 2>&1; then
      passed=$((passed + 1))
      tail -n 12 _build/fuzz/fuzz.log
    else
      failed=$((failed + 1)); status=1
      tail -n 60 _build/fuzz/fuzz.log
      echo "The fuzzer found a crash: add the file from _build/fuzz/artifacts/ to tests/fuzz/regressions/"
    fi
  fi

  say "done in $((SECONDS - start))s"
  echo "$passed passed, $failed failed"
  return $status
}

in_debian13() {  # runs a command as root in the Debian 13 tree, with this source tree at its place
  local shared binds=()
  shared=$(dirname "$top")/shared
  [ -d "$shared" ] && binds+=(--ro-bind "$shared" "$shared")
  bwrap --bind "$debian13_dir" / --proc /proc --dev /dev --perms 1777 --tmpfs /tmp --tmpfs /run \
    --ro-bind /etc/resolv.conf /etc/resolv.conf --bind "$top" "$top" "${binds[@]}" \
    --unshare-pid --unshare-ipc --die-with-parent --cap-add ALL --chdir "$top" \
    --clearenv --setenv PATH /usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin --setenv HOME /tmp/home \
    --setenv LANG C.UTF-8 --setenv TERM "${TERM:-dumb}" "$@"
}

debian13_tree() {  # makes the tree once; a later run installs what the list has gained since
  install_deps mmdebstrap bubblewrap
  local want="${debian13_deps[*]}"
  # One run at a time makes or updates the tree (a second waits for the first)
  exec {tree_lock}>"$debian13_dir.lock"
  flock "$tree_lock"
  if [ ! -f "$debian13_dir/.arc-studio-packages" ]; then
    say "making a Debian 13 tree in $debian13_dir"
    # What an interrupted mmdebstrap left, unless something is still mounted in it
    if grep -q " $debian13_dir.new/" /proc/self/mounts; then
      echo "dev.sh: $debian13_dir.new has file systems mounted in it; not removing it" >&2
      return 1
    fi
    rm -rf "$debian13_dir.new"
    mmdebstrap --variant=apt --include="$(IFS=,; echo "${debian13_deps[*]}")" \
      --customize-hook='echo "de_DE.UTF-8 UTF-8" > "$1/etc/locale.gen"; chroot "$1" locale-gen' \
      trixie "$debian13_dir.new" "$debian_mirror"
    echo "$want" >"$debian13_dir.new/.arc-studio-packages"
    rm -rf "$debian13_dir"
    mv "$debian13_dir.new" "$debian13_dir"
  elif [ "$(cat "$debian13_dir/.arc-studio-packages")" != "$want" ]; then
    say "updating the Debian 13 tree in $debian13_dir"
    in_debian13 apt-get update -q
    in_debian13 env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${debian13_deps[@]}"
    echo "$want" >"$debian13_dir/.arc-studio-packages"
  fi
  flock -u "$tree_lock"
}

cmd_test_debian13() {
  local start=$SECONDS status=0
  debian13_tree
  in_debian13 sh -c 'echo "GTK $(pkg-config --modversion gtk4), libadwaita $(pkg-config --modversion libadwaita-1), $(gcc --version | head -1)"'

  say "build in Debian 13 (warnings are errors)"
  in_debian13 bash -c "$(declare -f setup); setup _build/debian13 --werror && ninja -C _build/debian13"

  say "tests in Debian 13"
  # In the end-to-end session a critical warning aborts the app, which leaves
  # a core there and the session prints its backtrace (tests/e2e)
  local e2e_env=(env "ARC_E2E_WRAPPER=env G_DEBUG=fatal-criticals")
  in_debian13 "${e2e_env[@]}" dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
    meson test -C _build/debian13 --print-errorlogs --num-processes "$test_processes" || status=1
  # GTK 4.18's accessibility bridge has crashed the app inside the end-to-end
  # session once in some thirty runs (GLib-CRITICAL g_variant_new_object_path
  # in its AT-SPI code, the window gone). Not explained: the one way to that
  # crash found, a hidden toplevel (arc-window-actions.c), is not in the
  # session. When that is the only failure it runs once more, and both runs'
  # logs are kept
  if [ $status -ne 0 ] && [ "$(failed_tests _build/debian13)" = "e2e" ]; then
    say "the end-to-end session failed; once more (its first log: _build/debian13/meson-logs/testlog-e2e-first.txt)"
    cp _build/debian13/meson-logs/testlog.txt _build/debian13/meson-logs/testlog-e2e-first.txt
    cp _build/debian13/meson-logs/testlog.json _build/debian13/meson-logs/testlog-first.json
    if in_debian13 "${e2e_env[@]}" dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
         meson test -C _build/debian13 --print-errorlogs e2e; then
      status=0
    fi
    cp _build/debian13/meson-logs/testlog-first.json _build/debian13/meson-logs/testlog.json
    [ $status -eq 0 ] && passed=$((passed + 1)) && failed=$((failed - 1))
  fi
  count_results _build/debian13

  say "done in $((SECONDS - start))s"
  echo "$passed passed, $failed failed"
  return $status
}

flatpak_dir=${ARC_FLATPAK_DIR:-/var/tmp/arc-studio-flatpak}
runtime_name=io.github.arcstudio.Debian

flatpak_runtime() {  # the Debian 13 tree as io.github.arcstudio.Debian.Platform//13 and .Sdk//13
  local stamp=$flatpak_dir/runtime.stamp kind files
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(cat "$debian13_dir/.arc-studio-packages")" ] &&
     flatpak info --user "$runtime_name.Sdk//13" >/dev/null 2>&1; then
    return 0
  fi
  say "making the runtime and the SDK from $debian13_dir"
  rm -rf "$flatpak_dir/runtime" "$flatpak_dir/repo"
  files=$flatpak_dir/runtime/files
  mkdir -p "$files"
  # A runtime is a /usr: the tree's, with its /etc as /usr/etc (Flatpak links /etc to it)
  cp -a "$debian13_dir/usr/." "$files/"
  cp -a "$debian13_dir/etc" "$files/etc"
  rm -f "$files/etc/resolv.conf" "$files/etc/hostname" "$files/etc/hosts" "$files/etc/machine-id"
  for kind in Platform Sdk; do
    printf '[Runtime]\nname=%s\nruntime=%s/x86_64/13\nsdk=%s/x86_64/13\n' "$runtime_name.$kind" \
      "$runtime_name.Platform" "$runtime_name.Sdk" >"$flatpak_dir/runtime/metadata"
    flatpak build-export --runtime --files=files --subject="Debian 13 as a Flatpak runtime" \
      "$flatpak_dir/repo" "$flatpak_dir/runtime" 13 >/dev/null
  done
  rm -rf "$flatpak_dir/runtime"
  flatpak remote-delete --user --force arc-studio-debian >/dev/null 2>&1 || true
  flatpak remote-add --user --no-gpg-verify arc-studio-debian "$flatpak_dir/repo"
  flatpak install --user -y --noninteractive --reinstall arc-studio-debian \
    "$runtime_name.Platform//13" "$runtime_name.Sdk//13"
  cp "$debian13_dir/.arc-studio-packages" "$stamp"
}

cmd_flatpak() {
  local start=$SECONDS manifest=$flatpak_dir/$app_id.json
  install_deps flatpak flatpak-builder elfutils
  debian13_tree
  flatpak_runtime

  say "building $app_id with flatpak-builder (the manifest's tests run in the build)"
  # The committed manifest with only the runtime and SDK named otherwise, and
  # no appstream-compose (the Debian tree has none)
  python3 - "$top/flatpak/$app_id.json" "$manifest" "$runtime_name" "$top" <<'PY'
import json, sys
src, dst, runtime, top = sys.argv[1:5]
m = json.load(open(src))
m.update({"runtime": runtime + ".Platform", "runtime-version": "13", "sdk": runtime + ".Sdk",
          "appstream-compose": False})
for module in m["modules"]:
    for source in module.get("sources", []):
        if source.get("type") == "dir":
            source["path"] = top
json.dump(m, open(dst, "w"), indent=2)
PY
  nice flatpak-builder --user --install --force-clean --disable-rofiles-fuse \
    --state-dir="$flatpak_dir/state" "$flatpak_dir/build" "$manifest"
  rm -rf "$flatpak_dir/build"

  say "done in $((SECONDS - start))s"
  echo "Run it:   flatpak run $app_id [PATH]"
  echo "The CLI:  flatpak run --command=arc-studio-cli $app_id --help"
  echo "A task file from the command line: flatpak run --file-forwarding $app_id @@ FILE @@"
  echo "(Flatpak 1.14 forwards files only: open a folder with Open Folder, through the portal)"
}

case "${1:-}" in
  run) shift; cmd_run "$@" ;;
  test) shift; cmd_test "$@" ;;
  test-debian13) shift; cmd_test_debian13 "$@" ;;
  flatpak) shift; cmd_flatpak "$@" ;;
  *) echo "usage: build-aux/dev.sh run [PATH...] | test | test-debian13 | flatpak" >&2; exit 2 ;;
esac
