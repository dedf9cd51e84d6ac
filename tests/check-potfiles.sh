#!/usr/bin/env bash
# Fails when a file with translatable strings is missing from po/POTFILES.in.
set -eu
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
missing=0
for f in $(grep -rlE '(^|[^A-Za-z_])N?_\("|translatable="yes"' src ui data --include='*.c' --include='*.ui' --include='*.in' --include='*.xml' | sort); do
  if ! grep -qx "$f" po/POTFILES.in; then
    echo "not in po/POTFILES.in: $f"
    missing=1
  fi
done
for f in $(grep -v '^#' po/POTFILES.in | grep -v '^$'); do
  [ -e "$f" ] || { echo "in po/POTFILES.in but absent: $f"; missing=1; }
done
echo "1..1"
if [ $missing -eq 0 ]; then echo "ok 1 - po/POTFILES.in lists every file with translatable strings"; else echo "not ok 1 - po/POTFILES.in is incomplete"; fi
exit $missing
