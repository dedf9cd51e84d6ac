#!/usr/bin/env bash
# The installed Flatpak, as a user starts it: arc-studio-cli validates the samples, and
# arc-studio, given a copy of the samples on the command line (a --filesystem override lets
# the sandbox see it), draws fill-enclosed and is solved with real pointer and key events
# (the end-to-end test's session, tests/e2e/e2e-session.py, with `flatpak run` as the app),
# and its notes file is found beside the task. Prints "N passed, N failed".
#   build-aux/flatpak-smoke.sh [OUT_DIR]
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app_id=io.github.arcstudio.ArcStudio
out=${1:-$top/_build/flatpak-smoke}
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d /var/tmp/arc-smoke-XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -r "$top/data/samples" "$work/samples"
# The session copies the samples into TMPDIR, which the sandbox sees through the override
mkdir -p "$work/tmp"
# (the session gives the app an XDG_DATA_HOME of its own: the installation is named here)
user_dir=${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}
printf '#!/bin/sh\nexport FLATPAK_USER_DIR=%s\nexec flatpak run --filesystem=%s %s "$@"\n' \
  "$user_dir" "$work" "$app_id" >"$work/arc-studio"
chmod +x "$work/arc-studio"
passed=0 failed=0
check() {  # check NAME COMMAND...
  if "${@:2}"; then passed=$((passed + 1)); echo "ok - $1"; else failed=$((failed + 1)); echo "not ok - $1"; fi
}

check "arc-studio-cli validates the samples in the sandbox" \
  flatpak run --filesystem="$work" --command=arc-studio-cli $app_id validate "$work/samples"

check "arc-studio draws fill-enclosed, is solved by pointer and keys, writes its notes file" \
  dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
  env TMPDIR="$work/tmp" ARC_E2E_ONLY=session "$top/tests/e2e/e2e-session.py" \
  "$work/arc-studio" "$work/samples" "$out" "$out"  # (no schema folder: the app has its own)
echo "screenshots: $out"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
