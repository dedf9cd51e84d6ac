#!/usr/bin/env bash
# Notes at the size of real annotation data (prints figures, asserts nothing).
#
#   tests/bench-notes.sh [BUILD_DIR] [RUNS] [OTHER_BUILD_DIR]    (default: _build/test, 3 runs)
#
# Builds a folder of ARC-AGI-1's 400 training tasks and LARC-style files for all 400
# (LARC's 40 from ../shared/data/larc, and 360 made of their descriptions:
# tests/make-bench-larc.py), then, RUNS times, measures with /usr/bin/time:
# python's json.load of the 400 LARC files (the baseline), `notes import-larc` into the folder,
# the same import again (it changes nothing; its processor time, user + sys, is compared with
# python's), `notes export --format larc`, `stats`, the
# .arcnotes written, and the app on the imported folder (ARC_STUDIO_TRACE: window shown, first
# task drawn, every task's notes counted, max RSS; ARC_STUDIO_BENCH_SWITCHES=1 quits after that;
# then, in a second run, the medians of 100 task switches: src/app/arc-bench.c).
# With OTHER_BUILD_DIR (e.g. a build of main), the same is measured for it in the same runs,
# each run alternating the two. Prints the medians.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build/test}
runs=${2:-3}
other=${3:-}
shared=${ARC_SHARED_DATA:-$top/../shared/data}
for b in "$build" $other; do
  [ -x "$b/src/cli/arc-studio-cli" ] || { echo "bench-notes: build first ($b/src/cli/arc-studio-cli is missing)"; exit 0; }
done
[ -d "$shared/larc/tasks_json" ] && [ -d "$shared/arc-agi-1/training" ] || { echo "bench-notes: $shared has no LARC or ARC-AGI-1 (skipped)"; exit 0; }
command -v Xvfb >/dev/null && command -v dbus-run-session >/dev/null || { echo "bench-notes: needs xvfb and dbus (skipped)"; exit 0; }

work=$(mktemp -d /tmp/arc-bench-notes.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$top/tests/make-bench-larc.py" "$shared" "$work/data"
larc=$work/data/larc
larc_mb=$(du -sm --apparent-size "$larc" | cut -f1)

export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 HOME=${HOME:-/tmp}
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }
# "seconds maxrss-MB cpu-seconds" of a command (cpu: user + sys, of all its threads)
timed() { /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" > /dev/null 2> "$work/err" || { echo "bench-notes: failed: $*" >&2; cat "$work/err" >&2; }
          awk '{printf "%s %.0f %.2f\n", $1, $2 / 1024, $3 + $4}' "$work/time"; }

declare -A fig
add() { fig[$1]="${fig[$1]:-} $2"; }

# "seconds cpu-seconds": the loads only, not python's start
python_load() {
  python3 - "$larc" <<'PY'
import json, os, sys, time
t, c = time.monotonic(), time.process_time()
for n in os.listdir(sys.argv[1]):
    with open(os.path.join(sys.argv[1], n)) as f:
        json.load(f)
print("%.2f %.2f" % (time.monotonic() - t, time.process_time() - c))
PY
}

app_inner=$(mktemp)
cat > "$app_inner" <<'INNER'
app=$1; folder=$2; log=$3
ARC_STUDIO_TRACE=1 ARC_STUDIO_BENCH_SWITCHES=1 /usr/bin/time -f "maxrss %M" timeout 300 "$app" "$folder" 2> "$log" || true
# A second run: 100 task switches, 50 ms apart
ARC_STUDIO_TRACE=1 ARC_STUDIO_BENCH_SWITCHES=100 timeout 300 "$app" "$folder" 2>> "$log" || true
INNER

measure() {  # BUILD LABEL
  local b=$1 l=$2 cli=$1/src/cli/arc-studio-cli folder=$work/folder-$2 out log r
  rm -rf "$folder" "$work/export"; cp -r "$work/data/tasks" "$folder"
  r=$(timed "$cli" notes import-larc "$larc" "$folder"); r=${r% *}; add "$l import" "${r% *}"; add "$l import-rss" "${r#* }"
  find "$folder" -name '*.arcnotes' -printf '%p %T@ %s\n' | sort > "$work/before"
  r=$(timed "$cli" notes import-larc "$larc" "$folder"); add "$l again" "${r%% *}"; add "$l again-cpu" "${r##* }"
  find "$folder" -name '*.arcnotes' -printf '%p %T@ %s\n' | sort > "$work/after"
  cmp -s "$work/before" "$work/after" && add "$l again-unchanged" yes || add "$l again-unchanged" no
  r=$(timed "$cli" notes export "$folder" --format larc -o "$work/export"); add "$l export" "${r%% *}"
  r=$(timed "$cli" stats "$folder"); r=${r% *}; add "$l stats" "${r% *}"; add "$l stats-rss" "${r#* }"
  add "$l size" "$(find "$folder" -name '*.arcnotes' -printf '%s\n' | awk '{s += $1} END {printf "%.0f", s / 1048576}')"
  log=$work/app.log
  GSETTINGS_SCHEMA_DIR=$b/data dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
    bash "$app_inner" "$b/src/app/arc-studio" "$folder" "$log" > /dev/null 2>&1 || true
  add "$l shown" "$(awk '/trace: window-shown/ {print $3}' "$log")"
  add "$l drawn" "$(awk '/trace: first-task-drawn/ {print $3}' "$log")"
  add "$l counted" "$(awk '/trace: notes-counted/ {print $3}' "$log")"
  add "$l app-rss" "$(awk '/^maxrss/ {printf "%.0f", $2 / 1024}' "$log")"
  add "$l switch" "$(awk '/trace: switch-median/ {print $3}' "$log")"
  add "$l switch-work" "$(awk '/trace: switch-work-median/ {print $3}' "$log")"
}

labels=(this)
[ -n "$other" ] && labels+=(other)
for i in $(seq "$runs"); do
  r=$(python_load); add python "${r% *}"; add python-cpu "${r#* }"
  measure "$build" this
  [ -n "$other" ] && measure "$other" other
done
rm -f "$app_inner"

m() { printf '%s\n' ${fig[$1]:-} | median; }
echo "notes at LARC's size: 400 tasks, LARC-style input ${larc_mb} MB; medians of $runs runs"
echo "python json.load of the same files: $(m python) s, processor time (user + sys) $(m python-cpu) s"
printf '%-34s' ""; for l in "${labels[@]}"; do printf '%14s' "$l"; done; echo
row() {  # TITLE KEY UNIT
  printf '%-34s' "$1"; for l in "${labels[@]}"; do printf '%14s' "$(m "$l $2") $3"; done; echo; }
row "app: window shown" shown ms
row "app: first task drawn" drawn ms
row "app: every task's notes counted" counted ms
row "app: max RSS" app-rss MB
row "app: task switch (median of 100)" switch ms
row "  the main thread's work in it" switch-work ms
row "notes import-larc" import s
row "notes import-larc: max RSS" import-rss MB
row "the same import again" again s
row "  its processor time (user + sys)" again-cpu s
row "  every .arcnotes byte, mtime kept" again-unchanged ""
row "notes export --format larc" export s
row "stats" stats s
row "stats: max RSS" stats-rss MB
row ".arcnotes written" size MB
echo "targets (python = the json.load above): first task within the samples + 150 ms; counted <= 3 s; app <= 150 MB;"
echo "         a task switch's work <= 16 ms (a frame at 60 Hz);"
echo "         import <= 2 x python, again <= 1 x (its processor time too), export <= 1 x, stats <= 0.5 x;"
echo "         .arcnotes <= the LARC input"
