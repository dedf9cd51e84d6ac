#!/usr/bin/env bash
# The store's screenshots, data/screenshots/*.png, made from the built app at 1280×800 in the
# light style on real tasks (from ../shared/data):
#   solve.png   an ARC-AGI-2 training task being solved, its output half drawn
#   notes.png   LARC's description of an ARC-AGI-1 task in the notes pane, after its import
#   editor.png  the task editor
#   build-aux/screenshots.sh [BUILD_DIR] [OUT_DIR]   (defaults: _build/t, data/screenshots)
# Needs Xvfb, xdotool, ImageMagick's import and dbus-run-session. Pointer positions are those
# of the window at 1280×800: look at each picture after a change of the layout.
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath "${1:-$top/_build/t}")
out=$(realpath "${2:-$top/data/screenshots}")
shared=${ARC_SHARED_DATA:-$(dirname "$top")/shared/data}
app=$build/src/app/arc-studio cli=$build/src/cli/arc-studio-cli

if [ "${3:-}" = --inner ]; then
  work=$4
  # Settings in a key file of this run: the notes are by "Ada", not by the user who runs this
  mkdir -p "$work/config/glib-2.0/settings"
  printf "[io/github/arcstudio/ArcStudio]\nannotator='Ada'\n" >"$work/config/glib-2.0/settings/keyfile"
  export GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$work/config
  export GSETTINGS_SCHEMA_DIR=$build/data XDG_DATA_HOME=$work/data
  export LANGUAGE=en ADW_DEBUG_COLOR_SCHEME=prefer-light GDK_BACKEND=x11 NO_AT_BRIDGE=1
  start() {  # start PATH: the app on PATH, its window at 1280×800
    "$app" "$1" >>"$work/app.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do xdotool search --name "ARC Studio" >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 1
    xdotool search --name "ARC Studio" windowsize 1280 800 windowmove 0 0
    sleep 1.5
  }
  stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; }
  click() { xdotool mousemove "$1" "$2" click 1; sleep 0.3; }
  cell() {  # cell ROW COL: a cell of the 10×10 output grid
    click $((815 + 14 * $2 + 7)) $((180 + 14 * $1 + 7))
  }
  colour() {  # the palette's swatch of a colour
    click $((636 + 30 * ($1 % 5))) $((591 + 37 * ($1 / 5)))
  }
  park() { xdotool mousemove 1279 799; sleep 0.5; }

  # An ARC-AGI-2 task half solved: the input copied, four of its seven new cells drawn
  start "$work/1f642eb9.json"
  click 802 708  # Copy from input
  colour 9; cell 3 2
  colour 6; cell 3 3
  colour 2; cell 3 5
  colour 3; cell 5 2
  park; import -window root "$out/solve.png"
  stop

  # LARC's description of 0d3d703e in the notes pane
  start "$work/arc-agi-1"
  xdotool mousemove 1120 500
  for _ in $(seq 10); do xdotool click 5; sleep 0.05; done
  park; import -window root "$out/notes.png"
  stop

  # The task editor
  start "$work/arc-agi-1"
  click 108 28
  sleep 1
  park; import -window root "$out/editor.png"
  stop
  exit 0
fi

for tool in Xvfb xdotool import dbus-run-session; do
  command -v $tool >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 2; }
done
[ -x "$app" ] || { echo "screenshots.sh: no $app (build it first)" >&2; exit 2; }
[ -d "$shared/arc-agi-2" ] && [ -d "$shared/larc" ] || { echo "screenshots.sh: no $shared" >&2; exit 2; }
work=$(mktemp -d /tmp/arc-screenshots-XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$shared/arc-agi-2/training/1f642eb9.json" "$work/"
mkdir "$work/arc-agi-1"
for task in 0d3d703e 0ca9ddb6 1fad071e; do cp "$shared/arc-agi-1/training/$task.json" "$work/arc-agi-1/"; done
"$cli" notes import-larc "$shared/larc/tasks_json" "$work/arc-agi-1" >/dev/null
mkdir -p "$out"
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$build" "$out" --inner "$work"
ls -l "$out"/*.png
