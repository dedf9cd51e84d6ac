#!/bin/bash
# fault-figures.sh: the faults of issue 45 redone on two builds, side by side
#
#   tests/fault-figures.sh BEFORE_BUILD AFTER_BUILD
#
# Each BUILD is a meson build directory with its core library built
# (ninja -C BUILD src/core: libarc-core.a, or since the core's folders one
# libarc-core-FOLDER.a each), e.g. of a worktree at the commit
# before the one writer and of this one. tests/fault-figures.c (which uses
# only what the core had before) and tests/fault-shim.c, an LD_PRELOAD
# library that slows writes and kills a process before a rename, are built
# against each; then, for each:
#   - a full disk (a 16 MiB tmpfs, filled) while saving notes, a work file,
#     a task file and a Kaggle pair: what the save said, what is left on
#     disk, and the next save once there is space (needs root: skipped
#     otherwise);
#   - a first save of notes, its writes slowed, read meanwhile by another
#     process polling the file: how often it read invalid JSON;
#   - a kill right before the solutions file of a Kaggle pair is renamed
#     into place: what the next start reads;
#   - a task file of mode 0600, and notes and a task file that are symbolic
#     links, saved: their mode, and whether the links stay links.
# Prints a Markdown table: fault, before, after. For the commit before the
# one writer, for instance:
#   git worktree add --detach /tmp/before ef69a51
#   meson setup /tmp/before/_build /tmp/before && ninja -C /tmp/before/_build src/cli/arc-studio-cli
#   sudo tests/fault-figures.sh /tmp/before/_build _build/test
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 BEFORE_BUILD AFTER_BUILD" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/arc-fault-figures-XXXXXX)
mounted=
cleanup () {
    for m in $mounted; do umount "$m" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

cc -shared -fPIC -O2 -o "$work/shim.so" "$here/fault-shim.c" -ldl
libs=$(pkg-config --cflags --libs gio-2.0 json-glib-1.0 cairo cairo-png cairo-svg cairo-pdf)
names=()
for build in "$1" "$2"; do
    build=$(cd "$build" && pwd)
    src=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["directories"]["source"])' \
          "$build/meson-info/meson-info.json")
    name=$(git -C "$src" rev-parse --short HEAD)
    names+=("$name")
    # (write-kinds.h of this checkout; the core's headers, in src/core or in
    # its folders, and its libraries, of the build's)
    incs=$(for d in "$src/src/core" "$src"/src/core/*/; do printf -- '-I%s ' "$d"; done)
    core_libs=$(ls "$build"/src/core/libarc-core*.a)
    # shellcheck disable=SC2086
    cc -O2 -I"$here" $incs -I"$build" -o "$work/$name" "$here/fault-figures.c" \
       -Wl,--start-group $core_libs -Wl,--end-group $libs -lm
done

declare -A cell
for name in "${names[@]}"; do
    fig="$work/$name"

    # A full disk
    full="$work/$name-full"
    mkdir "$full"
    if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16m tmpfs "$full" 2>/dev/null; then
        mounted="$mounted $full"
        while IFS='|' read -r kind said left next; do
            cell["full $kind,$name"]="said: $said — on disk: $left — with space again: $next"
        done < <("$fig" full "$full" | sed "s|$full/||g")
        umount "$full"
        mounted=
    else
        for kind in notes "work file" "task file" "Kaggle pair"; do
            cell["full $kind,$name"]="(not run: needs root and a tmpfs)"
        done
    fi

    # A first save read while it is written
    first="$work/$name-first"
    mkdir "$first"
    "$fig" poll "$first/big.arcnotes" 4000 > "$work/$name-poll" &
    poller=$!
    sleep 0.2
    FAULT_SHIM_SLOW_US=1000 LD_PRELOAD="$work/shim.so" "$fig" first "$first"
    wait "$poller"
    IFS='|' read -r reads invalid error < "$work/$name-poll"
    cell["first,$name"]="$invalid of $reads reads invalid JSON${error:+ (first: $error)}"

    # A kill between the two renames of a Kaggle pair
    kaggle="$work/$name-kaggle"
    mkdir "$kaggle"
    "$fig" make "$kaggle"
    status=0
    FAULT_SHIM_KILL_RENAME=_solutions.json LD_PRELOAD="$work/shim.so" "$fig" kaggle "$kaggle" 2>/dev/null || status=$?
    cell["kaggle,$name"]="$( [ $status = 137 ] && echo "killed; " )next start reads: $("$fig" start "$kaggle")"

    # Modes and links
    keep="$work/$name-keep"
    mkdir "$keep"
    while IFS='|' read -r what result; do
        cell["keep $what,$name"]="$result"
    done < <("$fig" keep "$keep")
done

b=${names[0]}
a=${names[1]}
echo "| fault | before ($b) | after ($a) |"
echo "|---|---|---|"
for kind in notes "work file" "task file" "Kaggle pair"; do
    echo "| full disk (16 MiB tmpfs) while saving the $kind | ${cell["full $kind,$b"]} | ${cell["full $kind,$a"]} |"
done
echo "| a first save of notes (400 KiB, slow writes) read meanwhile by another process | ${cell["first,$b"]} | ${cell["first,$a"]} |"
echo "| kill -9 right before a Kaggle solutions file is renamed into place | ${cell["kaggle,$b"]} | ${cell["kaggle,$a"]} |"
for what in "task file of mode 0600" "notes file that is a symbolic link" "task file that is a symbolic link"; do
    echo "| $what saved | ${cell["keep $what,$b"]} | ${cell["keep $what,$a"]} |"
done
