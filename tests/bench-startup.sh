#!/usr/bin/env bash
# Start-up, memory and task-switch benchmark of arc-studio (prints figures, asserts nothing).
#
#   tests/bench-startup.sh [BUILD_DIR] [RUNS]        (default: _build/test, 5 runs)
#   BENCH_RENDERERS="default gl" (the default): "default" is what arc-studio chooses by itself
#   (without a GPU render node, as under Xvfb here, GTK's cairo renderer: src/app/arc-renderer.c);
#   "gl" and "cairo" force one of GTK's renderers (GSK_RENDERER); under Xvfb "gl" is Mesa's
#   llvmpipe (software OpenGL).
#
# Under one Xvfb display and one session bus, launches RUNS times a bare libadwaita window that
# draws one area (tests/bench-bare-window.c: the toolkit's own start-up, the baseline), and the
# same with a header bar and a line of text (what any window that shows text and an icon pays
# besides: fonts and the icon theme), then
# arc-studio on each of: the bundled samples (named, as a first start without a path shows the
# welcome page), ../shared/data/arc-agi-2/training
# (1,000 tasks), generated folders of 10,000 and 100,000 tasks and a generated JSON Lines file of
# 200,000 tasks (tests/make-bench-tasks.py; BENCH_LARGE=0 leaves the last two out); reads ARC_STUDIO_TRACE's milliseconds
# since process start (window shown, first task drawn, collection fully listed) and the main
# thread's processor time when the first task is drawn (its work, without the waits for a
# processor that a busy machine adds), the maximum
# resident memory (/usr/bin/time), and for 100 task switches (ARC_STUDIO_BENCH_SWITCHES) the
# median time from the selection to the end of the frame that shows it, and the median of the
# main thread's work in that (the rest is the wait for the display's next refresh); and prints
# the medians over the runs. Then arc-studio-cli stats and validate on the JSON Lines file.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build/test}
runs=${2:-5}
app=$build/src/app/arc-studio
bare=$build/tests/bench-bare-window
[ -x "$app" ] || { echo "bench-startup: build first ($app is missing)"; exit 0; }
command -v Xvfb >/dev/null && command -v dbus-run-session >/dev/null || { echo "bench-startup: needs xvfb and dbus (skipped)"; exit 0; }

shared=${ARC_SHARED_DATA:-$top/../shared/data}
big=$(mktemp -d /tmp/arc-bench.XXXXXX)
trap 'rm -rf "$big"' EXIT
python3 "$top/tests/make-bench-tasks.py" "$big/10k" 10000
large=()
if [ "${BENCH_LARGE:-1}" != 0 ]; then
  python3 "$top/tests/make-bench-tasks.py" "$big/100k" 100000
  python3 "$top/tests/make-bench-tasks.py" --jsonl "$big/200k.jsonl" 200000
  large=("generated (100,000)=$big/100k" "JSON Lines (200,000)=$big/200k.jsonl")
fi

export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory ARC_STUDIO_TRACE=1 NO_AT_BRIDGE=1

inner=$(mktemp)
cat > "$inner" <<'INNER'
set -u
app=$1; bare=$2; runs=$3; shift 3
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }
for spec in "$@"; do
  label=${spec%%=*}; path=${spec#*=}
  if [ -n "$path" ] && [[ $path != resource:* ]] && [[ $path != bare:* ]] && [ ! -e "$path" ]; then printf '%-28s absent (skipped)\n' "$label"; continue; fi
  program=$app; args=(${path:+"$path"}); header=
  if [[ $path == bare:* ]]; then program=$bare; args=(); fi
  if [[ $path == bare:header ]]; then header=1; fi
  shown=(); drawn=(); cpu=(); listed=(); checked=(); rss=(); switch=(); work=()
  for i in $(seq "$runs"); do
    log=$(mktemp)
    BENCH_BARE_HEADER=$header ARC_STUDIO_BENCH_SWITCHES=100 /usr/bin/time -f "maxrss %M" timeout 120 "$program" "${args[@]}" 2> "$log" || true
    shown+=("$(awk '/trace: window-shown/ {print $3}' "$log")")
    drawn+=("$(awk '/trace: first-task-drawn/ {print $3}' "$log")")
    cpu+=("$(awk '/trace: first-task-drawn/ {print $4}' "$log")")
    listed+=("$(awk '/trace: collection-listed/ {print $3}' "$log")")
    checked+=("$(awk '/trace: collection-checked/ {print $3}' "$log")")
    switch+=("$(awk '/trace: switch-median/ {print $3}' "$log")")
    work+=("$(awk '/trace: switch-work-median/ {print $3}' "$log")")
    rss+=("$(awk '/^maxrss/ {printf "%.1f", $2 / 1024}' "$log")")
    rm -f "$log"
  done
  drawn_median=$(printf '%s\n' "${drawn[@]}" | median)
  cpu_median=$(printf '%s\n' "${cpu[@]}" | median)
  if [[ $path == bare: ]]; then bare_drawn=$drawn_median; bare_cpu=$cpu_median; fi
  ratio=""
  if [ -n "${bare_drawn:-}" ] && [ "$drawn_median" != - ] && [[ $path != bare: ]]; then
    ratio=$(awk -v a="$drawn_median" -v b="$bare_drawn" -v c="$cpu_median" -v d="$bare_cpu" \
      'BEGIN {printf "  (%+.0f%% of the bare window; main thread CPU %s ms, %+.0f%%)", (a / b - 1) * 100, c, (c / d - 1) * 100}')
  fi
  printf '%-28s window shown %7s ms   first task drawn %7s ms (CPU %6s ms)   listed %7s ms   checked %7s ms   max RSS %6s MB   task switch %6s ms (work %5s ms)\n' \
    "$label" "$(printf '%s\n' "${shown[@]}" | median)" "$(printf '%s\n' "${drawn[@]}" | median)" "$cpu_median" \
    "$(printf '%s\n' "${listed[@]}" | median)" "$(printf '%s\n' "${checked[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median)" "$(printf '%s\n' "${switch[@]}" | median)" \
    "$(printf '%s\n' "${work[@]}" | median)"
  [ -n "$ratio" ] && echo "$(printf '%-28s' '')first task drawn$ratio"
done
INNER
echo "arc-studio start-up, medians of $runs runs (ms since process start; switch: median of 100)"
for renderer in ${BENCH_RENDERERS:-default gl}; do
  if [ "$renderer" = default ]; then
    echo "-- the renderer arc-studio chooses"
    unset GSK_RENDERER
  else
    echo "-- GSK_RENDERER=$renderer"
    export GSK_RENDERER=$renderer
  fi
  dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash "$inner" "$app" "$bare" "$runs" \
    "bare window (the baseline)=bare:" \
    "bare window, a header bar=bare:header" \
    "bundled samples=resource:///io/github/arcstudio/ArcStudio/samples" \
    "ARC-AGI-2 training (1,000)=$shared/arc-agi-2/training" \
    "generated (10,000)=$big/10k" "${large[@]}" 2>&1 | grep -v -e '^dbus-daemon' -e SpiRegistry -e 'xdg-desktop-portal' -e 'pw.conf' -e 'Ignoring invalid max threads' -e '^$'
done
rm -f "$inner"
if [ "${BENCH_LARGE:-1}" != 0 ]; then
  # The command line on the same JSON Lines file: stats and validate stream it
  for command in stats validate; do
    /usr/bin/time -f "%e %M" -o "$big/time" "$build/src/cli/arc-studio-cli" "$command" "$big/200k.jsonl" > /dev/null 2>&1 || true
    awk -v c="$command" '{printf "arc-studio-cli %-9s on JSON Lines (200,000): %6.2f s   max RSS %6.1f MB\n", c, $1, $2 / 1024}' "$big/time"
  done
fi
echo "targets: first task drawn within 10% of the bare window (the samples);"
echo "         first task drawn <= 300 ms (1,000) and <= 500 ms (10,000); <= 150 MB at 10,000; switch <= 16 ms;"
echo "         100,000 files and 200,000 lines: first task drawn <= samples + 150 ms, checked <= 3 s, <= 150 MB"
echo "         stats on 200,000 lines <= 40 MB"
