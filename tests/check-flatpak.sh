#!/usr/bin/env bash
# The Flatpak manifest: accepted by flatpak-builder, and matching the meson project.
#   check-flatpak.sh MANIFEST APP_ID
set -u
manifest=$1 app_id=$2
echo "1..1"
if ! command -v flatpak-builder >/dev/null; then
  echo "ok 1 # SKIP flatpak-builder is not installed"
  exit 0
fi
out=$(flatpak-builder --show-manifest "$manifest" 2>&1) || { echo "not ok 1 - flatpak-builder refuses the manifest: $out"; exit 1; }
python3 - "$app_id" <<PY
import json, sys
m = json.loads('''$out''')
app_id = sys.argv[1]
errors = []
if m.get("id") != app_id: errors.append("id %r is not %r" % (m.get("id"), app_id))
if m.get("command") != "arc-studio": errors.append("command is not arc-studio")
if not m.get("runtime") == "org.gnome.Platform" or not m.get("sdk") == "org.gnome.Sdk": errors.append("runtime/sdk are not GNOME's")
allowed = {"--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"}
extra = set(m.get("finish-args", [])) - allowed
if extra: errors.append("permissions beyond the needed ones: %s" % sorted(extra))
mod = m["modules"][-1]
if mod.get("name") != "arc-studio" or mod.get("buildsystem") != "meson": errors.append("the last module is not arc-studio built with meson")
if not mod.get("run-tests"): errors.append("the tests are not run in the build")
opts = mod.get("config-opts", [])
for o in opts:
    if not o.startswith("-D") or o.split("=")[0][2:] not in ("gui", "tests", "fuzzing", "buildtype"):
        errors.append("unknown meson option %s" % o)
if errors:
    print("not ok 1 - " + "; ".join(errors)); sys.exit(1)
print("ok 1 - the manifest is accepted and matches the project (%s)" % app_id)
PY
