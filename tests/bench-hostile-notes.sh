#!/usr/bin/env bash
# The app on large and hostile notes (prints figures, asserts nothing).
#
#   tests/bench-hostile-notes.sh [BUILD_DIR] [RUNS] [SWITCHES]   (default: _build/test, 3 runs, 20 switches)
#   BENCH_RECORDS (100000), BENCH_STRING_MB (30): the size of the hostile notes
#
# tests/make-hostile-notes.py writes three folders of the same 20 tasks: notes as people
# write them (the baseline), the first task's notes with BENCH_RECORDS other annotators'
# records, and with one other annotator's notes of BENCH_STRING_MB MB. RUNS times, under one
# Xvfb display and one session bus, arc-studio opens each folder (its first task, the hostile
# one, shown at once) and steps SWITCHES times to the next task and back
# (ARC_STUDIO_BENCH_ALTERNATE, src/app/arc-bench.c); printed are the medians over the runs of:
# the first task drawn (ms since process start, ARC_STUDIO_TRACE), the median task switch and
# the median switch back to the first task (from the selection to the end of the frame that
# shows it) with the main thread's work in it, and the maximum resident memory (/usr/bin/time).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build/test}
runs=${2:-3}
switches=${3:-20}
app=$build/src/app/arc-studio
[ -x "$app" ] || { echo "bench-hostile-notes: build first ($app is missing)"; exit 0; }
command -v Xvfb >/dev/null && command -v dbus-run-session >/dev/null || { echo "bench-hostile-notes: needs xvfb and dbus (skipped)"; exit 0; }

work=$(mktemp -d /tmp/arc-bench-hostile.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$top/tests/make-hostile-notes.py" "$work" "${BENCH_RECORDS:-100000}" "${BENCH_STRING_MB:-30}"

export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 HOME=$work/home
mkdir -p "$HOME"
inner=$work/inner.sh
cat > "$inner" <<'INNER'
set -u
app=$1; work=$2; runs=$3; switches=$4
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }
for kind in normal records string; do
  folder=$work/$kind
  size=$(du -m --apparent-size "$folder/$(ls "$folder" | grep arcnotes | head -1)" | cut -f1)
  drawn=(); switch=(); swork=(); back=(); bwork=(); rss=()
  for i in $(seq "$runs"); do
    log=$work/log
    # The notes are written back when a task is left: each run on a copy
    rm -rf "$work/run"; cp -r "$folder" "$work/run"
    ARC_STUDIO_TRACE=1 ARC_STUDIO_BENCH_SWITCHES=$switches ARC_STUDIO_BENCH_ALTERNATE=1 \
      /usr/bin/time -f "maxrss %M" timeout 900 "$app" "$work/run" 2> "$log" || true
    drawn+=("$(awk '/trace: first-task-drawn/ {print $3}' "$log")")
    switch+=("$(awk '/trace: switch-median/ {print $3}' "$log")")
    swork+=("$(awk '/trace: switch-work-median/ {print $3}' "$log")")
    back+=("$(awk '/trace: switch-back-median/ {print $3}' "$log")")
    bwork+=("$(awk '/trace: switch-back-work-median/ {print $3}' "$log")")
    rss+=("$(awk '/^maxrss/ {printf "%.0f", $2 / 1024}' "$log")")
  done
  m() { printf '%s\n' "$@" | median; }
  printf '%-8s first notes file %4s MB   first task drawn %8s ms   switch %8s ms (work %8s ms)   back to the first %8s ms (work %8s ms)   max RSS %5s MB\n' \
    "$kind" "$size" "$(m "${drawn[@]}")" "$(m "${switch[@]}")" "$(m "${swork[@]}")" "$(m "${back[@]}")" "$(m "${bwork[@]}")" "$(m "${rss[@]}")"
done
INNER
echo "arc-studio on hostile notes: medians of $runs runs, $switches switches each (to the next task and back)"
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash "$inner" "$app" "$work" "$runs" "$switches" 2>&1 |
  grep -v -e '^dbus-daemon' -e SpiRegistry -e 'xdg-desktop-portal' -e 'pw.conf' -e 'Ignoring invalid max threads' -e '^$'
echo "targets: first task drawn and switches within a few times the baseline (normal); max RSS within"
echo "         the baseline + a few times the hostile notes file"
