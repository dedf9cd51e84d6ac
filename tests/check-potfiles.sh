#!/usr/bin/env bash
# Fails when a file with translatable strings is missing from po/POTFILES.in.
set -eu
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
missing=0
for f in $(grep -rlE '(^|[^A-Za-z_])N?_\("|translatable="yes"' src ui data --include='*.c' --include='*.ui' --include='*.in' --include='*.xml' | sort); do
  if ! grep -qx "$f" po/POTFILES.in; then
    echo "# not in po/POTFILES.in: $f"
    missing=1
  fi
done
for f in $(grep -v '^#' po/POTFILES.in | grep -v '^$'); do
  [ -e "$f" ] || { echo "# in po/POTFILES.in but absent: $f"; missing=1; }
done
echo "1..2"
if [ $missing -eq 0 ]; then echo "ok 1 - po/POTFILES.in lists every file with translatable strings"; else echo "not ok 1 - po/POTFILES.in is incomplete"; fi

# Every language in po/LINGUAS translates every message of today's sources,
# with no fuzzy entries and format strings that match (msgfmt --check).
incomplete=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
xgettext --files-from=po/POTFILES.in --directory=. --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 -o "$tmp/all.pot" 2>"$tmp/log" || { cat "$tmp/log"; incomplete=1; }
for lang in $(grep -v '^#' po/LINGUAS); do
  if ! msgcmp po/$lang.po "$tmp/all.pot" >"$tmp/log" 2>&1; then
    echo "# po/$lang.po lacks messages:"; sed 's/^/# /' "$tmp/log" | head -20; incomplete=1
  fi
  stats=$(msgfmt --check --statistics -o /dev/null po/$lang.po 2>&1) || incomplete=1
  case "$stats" in *fuzzy*|*untranslated*) echo "# po/$lang.po: $stats"; incomplete=1;; esac
done
if [ $incomplete -eq 0 ]; then echo "ok 2 - every translation in po/LINGUAS is complete"; else echo "not ok 2 - a translation is incomplete"; fi
[ $missing -eq 0 ] && [ $incomplete -eq 0 ]
