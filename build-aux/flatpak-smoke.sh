#!/usr/bin/env bash
# The installed Flatpak, as a user starts it: arc-studio-cli validates the samples, and
# arc-studio opens a task given on the command line (a --filesystem override lets the
# sandbox see the copy) and draws it under Xvfb. Prints "N passed, N failed".
#   build-aux/flatpak-smoke.sh [OUT_DIR]
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app_id=io.github.arcstudio.ArcStudio
launch() {  # under the display: start it, wait for the task drawn, take a screenshot
  export ARC_STUDIO_TRACE=1
  flatpak run --filesystem="$work" $app_id "$work/samples/colour/fill-enclosed.json" >"$out/arc-studio.log" 2>&1 &
  local pid=$! drawn=1
  for _ in $(seq 300); do grep -q first-task-drawn "$out/arc-studio.log" && { drawn=0; break; }; sleep 0.1; done
  sleep 1
  import -window root "$out/fill-enclosed.png" 2>/dev/null || true
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
  return $drawn
}
if [ "${1:-}" = --launch ]; then out=$2 work=$3; launch; exit; fi
out=${1:-$top/_build/flatpak-smoke}
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d /var/tmp/arc-smoke-XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -r "$top/data/samples" "$work/samples"
passed=0 failed=0
check() {  # check NAME COMMAND...
  if "${@:2}"; then passed=$((passed + 1)); echo "ok - $1"; else failed=$((failed + 1)); echo "not ok - $1"; fi
}

check "arc-studio-cli validates the samples in the sandbox" \
  flatpak run --filesystem="$work" --command=arc-studio-cli $app_id validate "$work/samples"

check "arc-studio opens a task given on the command line and draws it" \
  dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" --launch "$out" "$work"
echo "screenshot: $out/fill-enclosed.png"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
