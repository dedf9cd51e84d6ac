#!/usr/bin/env bash
# Runs a GUI test (COMMAND ARGS...) in a virtual display, a session bus and a
# runtime folder of its own, so that GUI tests can run side by side: the
# input one sends (xdotool), the focus, the accessibility bus and its socket
# are the test's alone.
#
#   tests/in-own-display.sh COMMAND [ARGS...]
#
# Xvfb picks a free display itself (-displayfd) and says which when it is
# ready; its screen is 1280x800 (STYLE.md's), or $ARC_TEST_SCREEN (WxHxDEPTH)
# for a test whose windows are larger. The test's exit status is this
# script's.
set -uo pipefail

runtime=$(mktemp -d "${TMPDIR:-/tmp}/arc-gui-test-XXXXXX")
chmod 700 "$runtime"
xvfb_pid=
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
  rm -rf "$runtime"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

Xvfb -displayfd 5 -screen 0 "${ARC_TEST_SCREEN:-1280x800x24}" -nolisten tcp -noreset 5>"$runtime/display" \
  >"$runtime/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 200); do
  [ -s "$runtime/display" ] && break
  if ! kill -0 "$xvfb_pid" 2>/dev/null; then
    echo "in-own-display.sh: Xvfb did not start:" >&2
    cat "$runtime/xvfb.log" >&2
    exit 1
  fi
  sleep 0.05
done
if [ ! -s "$runtime/display" ]; then
  echo "in-own-display.sh: Xvfb gave no display in 10 s" >&2
  exit 1
fi

export DISPLAY=":$(tr -d '[:space:]' < "$runtime/display")"
export XDG_RUNTIME_DIR="$runtime"
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS
# (the bus's services write to its standard output, which is the test's
# TAP stream: they get standard error, the test its own output, on fd 3)
dbus-run-session -- bash -c 'exec "$@" >&3 3>&-' in-own-display "$@" 3>&1 >&2
status=$?
exit $status
