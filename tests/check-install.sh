#!/usr/bin/env bash
# meson install into a temporary DESTDIR, then run what was installed.
#   check-install.sh BUILD_DIR PREFIX APP_ID
set -u
build=$1 prefix=$2 app_id=$3
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
root=$dest$prefix
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }

echo "1..5"
if meson install -C "$build" --no-rebuild --destdir "$dest" >"$dest.log" 2>&1; then ok "meson install"; else not_ok "meson install: $(tail -5 "$dest.log" | tr '\n' ' ')"; fi
rm -f "$dest.log"

missing=""
for f in bin/arc-studio bin/arc-studio-cli share/applications/$app_id.desktop share/metainfo/$app_id.metainfo.xml \
         share/glib-2.0/schemas/$app_id.gschema.xml share/icons/hicolor/scalable/apps/$app_id.svg \
         share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg share/man/man1/arc-studio.1 \
         share/man/man1/arc-studio-cli.1 share/arc-studio/samples/physics/gravity.json \
         share/locale/de/LC_MESSAGES/arc-studio.mo; do
  [ -e "$root/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then ok "the installed files are in place"; else not_ok "missing:$missing"; fi

if "$root/bin/arc-studio-cli" --version | grep -q '^arc-studio-cli ' &&
   "$root/bin/arc-studio-cli" validate "$root/share/arc-studio/samples" >/dev/null; then
  ok "the installed arc-studio-cli runs and validates the installed samples"
else
  not_ok "the installed arc-studio-cli"
fi

# The installed app finds its resources, schemas and icons: it opens and draws a task (the
# samples named, as a first start without a path shows the welcome page)
glib-compile-schemas "$root/share/glib-2.0/schemas"
log=$(mktemp)
GSETTINGS_SCHEMA_DIR="$root/share/glib-2.0/schemas" GSETTINGS_BACKEND=memory XDG_DATA_DIRS="$root/share:${XDG_DATA_DIRS:-/usr/share}" \
  ARC_STUDIO_TRACE=1 ASAN_OPTIONS=detect_leaks=0 timeout 20 "$root/bin/arc-studio" --version >"$log.v" 2>&1
GSETTINGS_SCHEMA_DIR="$root/share/glib-2.0/schemas" GSETTINGS_BACKEND=memory XDG_DATA_DIRS="$root/share:${XDG_DATA_DIRS:-/usr/share}" \
  ARC_STUDIO_TRACE=1 ASAN_OPTIONS=detect_leaks=0 "$root/bin/arc-studio" resource:///io/github/arcstudio/ArcStudio/samples >"$log" 2>&1 &
pid=$!
for _ in $(seq 300); do grep -q "first-task-drawn" "$log" && break; sleep 0.1; done
kill $pid 2>/dev/null; wait $pid 2>/dev/null
if grep -q "first-task-drawn" "$log" && grep -q '^arc-studio ' "$log.v"; then
  ok "the installed arc-studio starts and draws the bundled samples"
else
  not_ok "the installed arc-studio: $(tail -5 "$log" | tr '\n' ' ')"
fi
rm -f "$log" "$log.v"

# The installed programs find their translations: LANGUAGE=de speaks German
bad=$(mktemp --suffix=.json)
printf '{"train": [{"input": [[1, 2]], "output": [[1]]}], "test": [{"input": [[10]]}]}' >"$bad"
# glibc 2.41 (Debian 13) ignores LANGUAGE under C.UTF-8: a German locale, where there is one
messages=
locale -a 2>/dev/null | grep -qix 'de_DE.utf-\?8' && messages=de_DE.UTF-8
de() { LANG=C.UTF-8 LC_ALL= LC_MESSAGES=$messages LANGUAGE=de ASAN_OPTIONS=detect_leaks=0 "$@" 2>&1; }
cli_help=$(de "$root/bin/arc-studio-cli" --help)
cli_err=$(de "$root/bin/arc-studio-cli" validate "$bad")
app_help=$(GSETTINGS_SCHEMA_DIR="$root/share/glib-2.0/schemas" GSETTINGS_BACKEND=memory de "$root/bin/arc-studio" --help)
rm -f "$bad"
if grep -q '^Aufruf:' <<<"$cli_help" && grep -q 'liegt außerhalb von 0..9' <<<"$cli_err" &&
   grep -q 'PFAD ist eine Aufgabendatei' <<<"$app_help"; then
  ok "with LANGUAGE=de the installed arc-studio and arc-studio-cli speak German"
else
  not_ok "translations: $(head -2 <<<"$cli_help" | tr '\n' ' ') / $(head -2 <<<"$cli_err" | tr '\n' ' ') / $(head -2 <<<"$app_help" | tr '\n' ' ')"
fi
exit $failed
