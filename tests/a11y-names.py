#!/usr/bin/python3
"""The notes pane's fields as a screen reader hears them.

Launches the built arc-studio on a folder of one task and reads the
accessible names of the notes fields through AT-SPI: each is the visible
label beside it, said once. Runs under Xvfb and a session bus.

    a11y-names.py ARC_STUDIO SCHEMA_DIR
"""
import os, shutil, subprocess, sys, tempfile, time

os.environ.pop("G_DEBUG", None)
os.environ.pop("NO_AT_BRIDGE", None)
try:
    import pyatspi
except ImportError as e:
    print(f"1..0 # SKIP python3-pyatspi is missing: {e}")
    sys.exit(77)

APP, SCHEMAS = sys.argv[1:3]
TASK = '{"train": [{"input": [[1, 0]], "output": [[0, 1]]}], "test": [{"input": [[1, 2]], "output": [[2, 1]]}]}'
FIELDS = [
    ("text", "In the input, you should see…"),
    ("text", "The output grid size…"),
    ("text", "To make the output, you have to…"),
    ("spin button", "Confidence"),
    ("combo box", "Difficulty"),
    ("text", "Tags, separated by commas"),
    ("text", "Notes"),
]


def app_node():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "arc-studio":
            return app
    return None


def walk(node):
    yield node
    for child in node:
        if child is not None:
            yield from walk(child)


def nodes():
    app = app_node()
    return list(walk(app)) if app is not None else []


def wait_for(what, cond, timeout=20):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = cond()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def main():
    work = tempfile.mkdtemp(prefix="arc-a11y-")
    folder = os.path.join(work, "tasks")
    os.makedirs(folder)
    with open(os.path.join(folder, "flip.json"), "w") as f:
        f.write(TASK)
    env = dict(os.environ, GSETTINGS_BACKEND="memory", GSETTINGS_SCHEMA_DIR=SCHEMAS, LANGUAGE="en",
               XDG_DATA_HOME=os.path.join(work, "data"), GTK_A11Y="atspi")
    proc = subprocess.Popen([APP, folder], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"1..{len(FIELDS) + 1}")
    failed = 0
    try:
        wait_for("the notes pane", lambda: [n for n in nodes() if n.name == "Notes by " + os.environ.get("USER", "")]
                 or [n for n in nodes() if (n.name or "").startswith("Notes by ")])
        all_nodes = nodes()
        for i, (role, name) in enumerate(FIELDS, 1):
            found = [n for n in all_nodes if n.getRoleName() == role and name in (n.name or "")]
            if len(found) == 1 and found[0].name == name:
                print(f"ok {i} - the {role} is named “{name}”")
            else:
                failed += 1
                print(f"not ok {i} - the {role} “{name}”: found {[n.name for n in found]}")
        doubled = [n.name for n in all_nodes if n.name and any(n.name.count(label) > 1 for _, label in FIELDS)]
        if doubled:
            failed += 1
            print(f"not ok {len(FIELDS) + 1} - names said twice: {doubled}")
        else:
            print(f"ok {len(FIELDS) + 1} - no name is said twice")
    except AssertionError as e:
        print(f"not ok 1 - {e}")
        failed += 1
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
