#!/usr/bin/python3
"""A user's whole session, end to end.

Launches the built arc-studio as a separate process on a copy of the sample
tasks and drives it the way a person would: real pointer and key events
(xdotool), with the accessibility tree (AT-SPI) to find what is on screen
and the screenshots' pixels to see what was drawn. Runs under Xvfb and a
session bus (meson test, see README).

    e2e-session.py ARC_STUDIO SAMPLES_DIR SCHEMA_DIR OUT_DIR [FUZZ_DIRS...]
"""
import json, os, re, resource, shlex, shutil, signal, subprocess, sys, tempfile, time

import shutil as _which

# The tests' environment makes GLib warnings fatal and turns the
# accessibility bridge off: here AT-SPI is the point, and libatspi warns
# about objects that go away while they are read
os.environ.pop("G_DEBUG", None)
os.environ.pop("NO_AT_BRIDGE", None)
try:
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    import pyatspi
except (ImportError, ValueError) as e:
    print(f"1..0 # SKIP python3-pyatspi or GdkPixbuf's introspection data is missing: {e}")
    sys.exit(77)
for tool in ("xdotool", "import"):
    if _which.which(tool) is None:
        print(f"1..0 # SKIP {tool} is missing (apt-get install xdotool imagemagick)")
        sys.exit(77)

APP, SAMPLES, SCHEMAS, OUT = sys.argv[1:5]
FUZZ_DIRS = sys.argv[5:]
PALETTE = {0: (0x00, 0x00, 0x00), 1: (0x00, 0x74, 0xD9), 2: (0xFF, 0x41, 0x36), 3: (0x2E, 0xCC, 0x40),
           4: (0xFF, 0xDC, 0x00), 5: (0xAA, 0xAA, 0xAA), 6: (0xF0, 0x12, 0xBE), 7: (0xFF, 0x85, 0x1B),
           8: (0x7F, 0xDB, 0xFF), 9: (0x87, 0x0C, 0x25)}
RULE = "Green shapes with holes; the holes are filled with yellow."
steps, shots = [], []
t_start = time.monotonic()


class Failure(Exception):
    pass


def step(name):
    steps.append(name)
    print(f"# step {len(steps)}: {name}", flush=True)


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


def shot(name):
    prefix = "nobody-" if os.environ.get("ARC_E2E_READ_ONLY") else ""
    path = os.path.join(OUT, f"{prefix}{len(shots) + 1:02d}-{name}.png")
    subprocess.run(["import", "-window", "root", path], check=True)
    shots.append(path)
    return path


SLOW = 1  # under valgrind everything takes longer


def wait_for(what, cond, timeout=15):
    end = time.monotonic() + timeout * SLOW
    while time.monotonic() < end:
        try:
            value = cond()
        except Exception:
            value = None
        if value:
            return value
        died = crash_signal(LAUNCHED[-1]) if LAUNCHED else None
        if died:
            shot("failed")
            raise Failure(f"the app died of {died} while waiting for {what}")
        time.sleep(0.1)
    shot("failed")
    raise Failure(f"timed out waiting for {what}")


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


def find(role, name=None, contains=None, visible=True):
    app = app_node()
    if app is None:
        return None
    for node in walk(app):
        try:
            if role_name(node) != role:
                continue
            label = shown_name(node)
            if name is not None and label != name:
                continue
            if contains is not None and contains not in label:
                continue
            if visible:
                e = extents(node)
                if e[2] <= 0 or e[3] <= 0 or e[1] < 0 or e[1] + e[3] > shown_bottom(app):
                    continue
            return node
        except Exception:
            continue
    return None


def shown_bottom(app):
    """The lowest y on screen that the window shows a widget at, above its
    status line: the window is as large as the screen at a first start on a
    small screen, else 760 high"""
    for frame in app:
        if frame is not None and role_name(frame) == "frame":
            x, y, w, h = extents(frame)
            if h > 0:
                return min(y + h, 800) - 20
    return 740


def role_name(node):
    """The node's role as GTK 4.8 and at-spi2-core 2.46 name it: later ones
    call a push button "button", and tell toggle buttons apart"""
    name = node.getRoleName()
    return "push button" if name in ("button", "toggle button") else name


def shown_name(node):
    """The node's name; GTK 4.18 gives a menu item none, but its label"""
    if node.name or role_name(node) != "menu item":
        return node.name or ""
    return " ".join(child.name for child in node if child is not None and child.name)


def window_origin(node):
    """Where the X window that holds node is on the screen"""
    top = node
    while top.parent is not None and top.parent.getRoleName() != "application":
        top = top.parent
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^" + re.escape(top.name) + "$",
                            "getwindowgeometry"], capture_output=True, text=True).stdout
    m = re.search(r"Position: (-?\d+),(-?\d+)", found)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def extents(node):
    component = node.queryComponent()
    e = component.getExtents(pyatspi.DESKTOP_COORDS)
    if (e.x, e.y) == (0, 0):
        # GTK 4.18 on X11 gives no screen coordinates (every widget at 0,0):
        # those in its window, plus where the window is
        w = component.getExtents(pyatspi.WINDOW_COORDS)
        if (w.x, w.y) != (0, 0):
            ox, oy = window_origin(node)
            return w.x + ox, w.y + oy, w.width, w.height
    return e.x, e.y, e.width, e.height


def click(node, button=1):
    x, y, w, h = extents(node)
    xdo("mousemove", x + w // 2, y + h // 2, "click", button)
    time.sleep(0.25 * SLOW)


def pixel(png, x, y):
    pb = GdkPixbuf.Pixbuf.new_from_file(png)
    data = pb.get_pixels()
    off = y * pb.get_rowstride() + x * pb.get_n_channels()
    return tuple(data[off:off + 3])


def nearest(rgb):
    """The palette colour closest to a pixel (a selected cell is drawn tinted)"""
    return min(PALETTE, key=lambda k: sum((p - q) ** 2 for p, q in zip(rgb, PALETTE[k])))


def is_background(rgb):
    """The window's background (light and grey): no cell, tint or grid line
    is drawn in it"""
    return min(rgb) >= 235 and max(rgb) - min(rgb) <= 8


class Grid:
    """Cell centres of a grid view: its drawn square found on the screen
    around the centre of its accessible extents (which can be a few pixels
    off the drawing, as much as a small grid's cell)"""

    def __init__(self, node, rows, cols):
        x, y, w, h = extents(node)
        path = os.path.join(OUT, "calibrate.png")
        subprocess.run(["import", "-window", "root", path], check=True)
        pb = GdkPixbuf.Pixbuf.new_from_file(path)
        os.unlink(path)
        data, stride, n = pb.get_pixels(), pb.get_rowstride(), pb.get_n_channels()
        px = lambda px_, py_: tuple(data[py_ * stride + px_ * n:py_ * stride + px_ * n + 3])
        cx, cy = x + w // 2, y + h // 2

        def edge(dx, dy):
            px_, py_ = cx, cy
            for _ in range(max(w, h)):
                if is_background(px(px_ + dx, py_ + dy)):
                    return px_, py_
                px_, py_ = px_ + dx, py_ + dy
            raise Failure(f"no edge of the grid at {x, y, w, h}")

        left, top = edge(-1, 0)[0], edge(0, -1)[1]
        right, bottom = edge(1, 0)[0], edge(0, 1)[1]
        self.x0, self.y0 = left, top
        self.step_x = (right - left) / cols
        self.step_y = (bottom - top) / rows

    def centre(self, r, c):
        return int(self.x0 + self.step_x * (c + 0.5)), int(self.y0 + self.step_y * (r + 0.5))

    def colour(self, png, r, c):
        return pixel(png, *self.centre(r, c))


def see(grid, name, checks, what):
    """Screenshots until every (row, col, colour) of @checks is drawn"""
    prefix = "nobody-" if os.environ.get("ARC_E2E_READ_ONLY") else ""
    path = os.path.join(OUT, f"{prefix}{len(shots) + 1:02d}-{name}.png")
    shots.append(path)
    end = time.monotonic() + 10 * SLOW
    while True:
        subprocess.run(["import", "-window", "root", path], check=True)
        wrong = [(r, c, colour, nearest(grid.colour(path, r, c))) for r, c, colour in checks
                 if nearest(grid.colour(path, r, c)) != colour]
        if not wrong:
            return path
        if time.monotonic() > end:
            r, c, colour, got = wrong[0]
            raise Failure(f"{what}: cell ({r}, {c}) is colour {got}, not {colour} "
                          f"(read at {grid.centre(r, c)}, the grid at {grid.x0},{grid.y0} in steps of {grid.step_x:.1f})")
        time.sleep(0.2)


LAUNCHED = []  # every app started, killed at the end whatever happened


# A command the app is started under where the session names none (that is,
# but for valgrind's): ARC_E2E_WRAPPER="env G_DEBUG=fatal-criticals" makes a
# critical warning abort the app, leaving a core where ulimit -c allows one
WRAPPER = tuple(shlex.split(os.environ.get("ARC_E2E_WRAPPER", "")))


def allow_core():
    """In the app's process: a crash leaves a core, as far as the hard limit allows"""
    hard = resource.getrlimit(resource.RLIMIT_CORE)[1]
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


def crash_signal(proc):
    """The signal that ended @proc, if one did but the session's own SIGKILL"""
    code = proc.poll()
    if code is None or code >= 0 or code == -signal.SIGKILL:
        return None
    return signal.Signals(-code).name


def report_crashes():
    """For each app that crashed: the end of its log and, where it left a core
    and gdb is here, its backtrace (the core is kept in OUT)"""
    for proc in LAUNCHED:
        died = crash_signal(proc)
        if not died:
            continue
        print(f"# the app (pid {proc.pid}) died of {died}; the end of arc-studio.log:")
        with open(os.path.join(OUT, "arc-studio.log"), errors="replace") as f:
            for line in f.read().splitlines()[-12:]:
                print(f"#   {line}")
        core = next((c for c in (f"core.{proc.pid}", "core") if os.path.exists(c)), None)
        if core is None:
            print(f"#   no core in {os.getcwd()} (ulimit -c, /proc/sys/kernel/core_pattern)")
            continue
        kept = os.path.join(OUT, f"core-{proc.pid}")
        shutil.move(core, kept)
        if _which.which("gdb") is None:
            print(f"#   its core: {kept} (gdb is not installed)")
            continue
        bt = subprocess.run(["gdb", "-batch", "-ex", "bt 40", APP, kept], capture_output=True, text=True,
                            timeout=300).stdout
        frames = [line for line in bt.splitlines() if line.startswith("#")]
        first = max((i for i, line in enumerate(frames) if line.startswith("#0 ")), default=0)
        print(f"#   its core: {kept}; the backtrace:")
        for line in frames[first:]:  # (gdb shows frame 0 once more as it loads the core)
            print(f"#   {line}")


def launch(collection, data_home, wrapper=()):
    wrapper = wrapper or WRAPPER
    env = dict(os.environ, GSETTINGS_BACKEND="memory", GSETTINGS_SCHEMA_DIR=SCHEMAS, XDG_DATA_HOME=data_home,
               LANGUAGE="en", GTK_A11Y="atspi")
    # (and GTK warns when AT-SPI asks for screen coordinates, which X11 gives)
    log = open(os.path.join(OUT, "arc-studio.log"), "a")
    proc = subprocess.Popen([*wrapper, APP, collection], env=env, stdout=log, stderr=log, preexec_fn=allow_core)
    LAUNCHED.append(proc)
    started = time.monotonic()
    wait_for("the window", lambda: find("frame", "ARC Studio", visible=False))
    wait_for("the task list", lambda: find("list", "Tasks", visible=False))
    print(f"# the window and its task list {time.monotonic() - started:.1f} s after the start", flush=True)
    return proc


def quit_app(proc):
    xdo("key", "ctrl+q")
    try:
        code = proc.wait(timeout=15 * SLOW)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise Failure("the app did not quit on Ctrl+Q")
    if code != 0:
        raise Failure(f"the app exited with status {code}")


def open_task(task_id):
    entry = wait_for("the search entry", lambda: find("entry", "Search tasks"))
    click(entry)
    xdo("key", "ctrl+a")
    xdo("type", "--delay", "20", task_id)
    item = wait_for(f"{task_id} listed alone", lambda: find("label", task_id))
    click(item)
    wait_for(f"{task_id} shown", lambda: [n for n in walk(app_node()) if n.getRoleName() == "label"
                                          and n.name == task_id and extents(n)[0] > 305])


def scroll_to(role, name):
    """Wheel the task area until the widget is wholly on screen"""
    last = None
    for _ in range(60):
        node = find(role, name, visible=False)
        if node is not None:
            x, y, w, h = extents(node)
            if y >= 60 and y + h <= 735:
                return node
            if (x, y) == last and y >= 0 and y + h <= 800:
                return node  # in nothing the wheel scrolls (the edit bar): on screen where it is
            last = (x, y)
            xdo("mousemove", 580, 400, "click", 5 if y + h > 735 else 4)
            time.sleep(0.05 * SLOW)
    raise Failure(f"could not scroll {name} into view")


def session(collection, data_home, wrapper=()):
    notes_file = os.path.join(collection, "colour", "fill-enclosed.arcnotes")

    step("launch on a copy of the samples")
    proc = launch(collection, data_home, wrapper)
    shot("launched")

    step("open fill-enclosed by searching its id")
    open_task("fill-enclosed")
    shot("searched")

    step("Copy from input")
    scroll_to("push button", "Paste")  # the whole workspace on screen
    time.sleep(0.5 * SLOW)
    scroll_to("push button", "Paste")
    output = find("image", "Output grid")
    if output is None:
        raise Failure("the output grid and its tools do not fit on screen together")
    click(find("push button", "Copy from input"))
    time.sleep(0.3)
    grid = Grid(output, 12, 12)
    see(grid, "copied", [(1, 9, 3), (2, 10, 0)], "after Copy from input")

    step("flood fill one hole and submit a wrong answer")
    click(find("push button", "Flood fill"))
    click(find("push button", "Colour 4"))
    xdo("mousemove", *grid.centre(2, 10), "click", 1)
    time.sleep(0.3)
    click(find("push button", "Submit"))
    verdict = wait_for("the wrong verdict", lambda: find("label", contains="Wrong."))
    # Out of the box only right or wrong, as the ARC testing interface says
    if "wrong" in verdict.name.replace("Wrong.", "", 1):
        raise Failure(f"the verdict says more than right or wrong: {verdict.name!r}")
    see(grid, "wrong-answer-diff", [(2, 10, 4)], "the filled hole")

    step("flood fill the big hole")
    xdo("mousemove", *grid.centre(5, 8), "click", 1)
    time.sleep(0.3)
    see(grid, "filled", [(6, 10, 4)], "after the flood fill")

    step("select, copy and paste into the last hole")
    click(find("push button", "Select"))
    x0, y0 = grid.centre(5, 8)
    x1, y1 = grid.centre(6, 8)
    xdo("mousemove", x0, y0, "mousedown", 1)
    xdo("mousemove", x1, y1 - 3)
    xdo("mousemove", x1, y1, "mouseup", 1)
    time.sleep(0.2)
    click(find("push button", "Copy"))
    x2, y2 = grid.centre(6, 3)
    xdo("mousemove", x2, y2, "mousedown", 1, "mouseup", 1)
    time.sleep(0.2)
    click(find("push button", "Paste"))
    see(grid, "pasted", [(7, 3, 4)], "after the paste")

    step("undo and redo")
    click(find("push button", "Undo"))
    see(grid, "undone", [(7, 3, 0)], "after undo")
    click(find("push button", "Redo"))
    see(grid, "redone", [(7, 3, 4)], "after redo")

    step("submit the right answer")
    click(find("push button", "Submit"))
    wait_for("the right verdict", lambda: find("label", contains="Correct!"))
    shot("solved")

    step("write the rule description")
    text = wait_for("the description field", lambda: find("text", contains="In the input, you should see"))
    click(text)
    xdo("type", "--delay", "10", RULE)
    wait_for("the notes to be saved", lambda: find("label", "All changes saved"))
    shot("described")

    step("clear the search and switch to the next task")
    click(find("entry", "Search tasks"))
    xdo("key", "ctrl+a", "BackSpace")
    wait_for("the whole list", lambda: find("label", "majority-colour"))
    xdo("key", "alt+Right")
    wait_for("majority-colour shown", lambda: [n for n in walk(app_node()) if n.getRoleName() == "label"
                                               and n.name == "majority-colour" and extents(n)[0] > 305])
    shot("switched")

    step("quit")
    quit_app(proc)

    step("the notes file on disk")
    with open(notes_file) as f:
        notes = json.load(f)
    people = notes["tasks"]["fill-enclosed"]["annotators"]
    ann = next(iter(people.values()))
    if ann["description"]["input"] != RULE:
        raise Failure(f"the description on disk is {ann['description']['input']!r}")
    verdicts = [a["verdict"] for a in ann["attempts"]]
    if verdicts != ["wrong", "correct"]:
        raise Failure(f"the attempts on disk are {verdicts}")
    if not ann["attempts"][1].get("trajectory"):
        raise Failure("the right attempt has no trajectory")

    step("relaunch: the task is solved and the description is there")
    proc = launch(collection, data_home, wrapper)
    open_task("fill-enclosed")
    wait_for("the Solved badge", lambda: find("image", "Solved"))
    text = wait_for("the description", lambda: find("text", contains="In the input, you should see"))
    t = text.queryText()
    if t.getText(0, -1) != RULE:
        raise Failure(f"after relaunch the description reads {t.getText(0, -1)!r}")
    shot("relaunched")
    quit_app(proc)


def killed_mid_edit(collection, data_home):
    step("SIGKILL right after an edit")
    notes_file = os.path.join(collection, "geometry", "flip.arcnotes")
    proc = launch(collection, data_home)
    open_task("flip")
    text = wait_for("the description field", lambda: find("text", contains="In the input, you should see"))
    click(text)
    xdo("type", "--delay", "5", "mirrored")
    time.sleep(1.3)  # around the autosave
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if os.path.exists(notes_file):
        with open(notes_file) as f:
            notes = json.load(f)  # not corrupt
        value = next(iter(notes["tasks"]["flip"]["annotators"].values()))["description"]["input"]
        if value and not "mirrored".startswith(value):
            raise Failure(f"after the kill the description reads {value!r}")
    leftovers = [n for n in os.listdir(os.path.dirname(notes_file)) if n.startswith(".") or n.endswith("~")]
    if leftovers:
        raise Failure(f"temporary files left behind: {leftovers}")
    proc = launch(collection, data_home)
    open_task("flip")
    shot("after-kill")
    quit_app(proc)


def draw(colour, r, c):
    """Paints cell (r, c) of the workspace's 3x3 output grid"""
    click(scroll_to("push button", f"Colour {colour}"))
    output = scroll_to("image", "Output grid")
    x, y = Grid(output, 3, 3).centre(r, c)
    xdo("mousemove", x, y, "click", 1)
    time.sleep(0.25 * SLOW)


def draw_pair(colour, r, c):
    """The same cell in the input and the output: draw, swap, draw again"""
    draw(colour, r, c)
    click(scroll_to("push button", "Swap Input and Output"))
    draw(colour, r, c)


def editor_session(collection, data_home):
    """A task made from nothing in Edit Task, saved, then solved"""
    path = os.path.join(collection, "geometry", "e2e0e2e0.json")
    step("New Task beside flip (Ctrl+N)")
    proc = launch(collection, data_home)
    open_task("flip")
    xdo("key", "ctrl+n")
    wait_for("the name to be asked", lambda: find("label", "New Task", visible=False))
    time.sleep(0.3 * SLOW)
    xdo("key", "ctrl+a")
    xdo("type", "--delay", "20", "e2e0e2e0")
    xdo("key", "Return")
    wait_for("the new file", lambda: os.path.exists(path))
    wait_for("the new task shown", lambda: [n for n in walk(app_node()) if n.getRoleName() == "label"
                                            and n.name == "e2e0e2e0" and extents(n)[0] > 305])
    step("draw two train pairs and a test pair, and save (Ctrl+S)")
    draw_pair(2, 0, 0)
    click(scroll_to("push button", "Add Train Pair"))
    draw_pair(3, 1, 1)
    click(scroll_to("push button", "Add Test Pair"))
    draw_pair(4, 2, 2)
    shot("edited")
    xdo("key", "ctrl+s")
    wait_for("the save", lambda: find("label", contains="Saved", visible=False))
    with open(path) as f:
        task = json.load(f)
    expected = {"train": [{"input": [[2, 0, 0], [0, 0, 0], [0, 0, 0]], "output": [[2, 0, 0], [0, 0, 0], [0, 0, 0]]},
                          {"input": [[0, 0, 0], [0, 3, 0], [0, 0, 0]], "output": [[0, 0, 0], [0, 3, 0], [0, 0, 0]]}],
                "test": [{"input": [[0] * 3] * 3, "output": [[0] * 3] * 3},
                         {"input": [[0, 0, 0], [0, 0, 0], [0, 0, 4]], "output": [[0, 0, 0], [0, 0, 0], [0, 0, 4]]}]}
    if task != expected:
        raise Failure(f"the saved task is {task}")
    cli = os.path.join(os.path.dirname(os.path.dirname(APP)), "cli", "arc-studio-cli")
    result = subprocess.run([cli, "validate", path], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"arc-studio-cli validate: {result.stdout}{result.stderr}")
    step("solve it in the same session")
    xdo("key", "ctrl+e")
    # The save's toast can lie over Submit until it goes
    wait_for("the save's toast to go", lambda: find("label", contains="Saved", visible=False) is None, timeout=20)
    click(scroll_to("push button", "Submit"))
    wait_for("the right verdict", lambda: find("label", contains="Correct!"))
    shot("solved-own-task")
    quit_app(proc)


SHARED_DATA = os.environ.get("ARC_SHARED_DATA") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                                                 "..", "shared", "data")
# LARC's description of 0d3d703e (a colour for each colour) that is built
# here: tasks_json/15.json
LARC_FILE, LARC_TASK, LARC_DESCRIPTION = "15.json", "0d3d703e", "0f62645c-be79-4bf2-afba-39794982132f"
LARC_OTHER_TASKS = ("0ca9ddb6", "1fad071e")


def find_in(root, role, name=None, contains=None):
    """The first shown @role under @root (a window of the app)"""
    for node in walk(root):
        try:
            if role_name(node) != role or (name is not None and node.name != name) \
               or (contains is not None and contains not in (node.name or "")):
                continue
            e = extents(node)
            if e[2] > 0 and e[3] > 0:
                return node
        except Exception:
            continue
    return None


def app_window(title):
    app = app_node()
    for w in (app or []):
        if w is not None and w.name == title:
            return w
    return None


def wheel_until_shown(node_fn, at, what):
    """Wheels the scrolled area under @at until node_fn() is wholly on screen"""
    for _ in range(80):
        node = node_fn()
        if node is not None:
            x, y, w, h = extents(node)
            if y >= 60 and y + h <= 735:
                return node
            xdo("mousemove", *at, "click", 5 if y + h > 735 else 4)
            time.sleep(0.05 * SLOW)
    shot("failed")
    raise Failure(f"could not scroll {what} into view")


def larc_session(data_home):
    """LARC's descriptions imported from the main menu through the file
    chooser, one of them read in the notes pane and built from in the build
    window, the build found in the notes file and in LARC's layout exported
    by the CLI"""
    larc_dir = os.path.join(SHARED_DATA, "larc", "tasks_json")
    arc_dir = os.path.join(SHARED_DATA, "arc-agi-1", "training")
    if not (os.path.isdir(larc_dir) and os.path.isdir(arc_dir)):
        print("# SKIP the LARC session: ../shared/data (LARC and ARC-AGI-1) is not here")
        return False
    with open(os.path.join(larc_dir, LARC_FILE)) as f:
        larc = json.load(f)
    described = larc["descriptions"][LARC_DESCRIPTION]
    larc_name = "LARC · " + described["uid"][:8]
    work = tempfile.mkdtemp(prefix="arc-e2e-larc-")
    collection = os.path.join(work, "arc-agi-1")
    os.mkdir(collection)
    for task in (LARC_TASK, *LARC_OTHER_TASKS):
        shutil.copy(os.path.join(arc_dir, task + ".json"), collection)
    try:
        step("LARC: Import LARC Descriptions… from the main menu")
        proc = launch(collection, data_home)
        xdo("key", "F10")
        wait_for("the main menu", lambda: find("menu item", visible=False))
        time.sleep(0.5 * SLOW)  # the menu slides in
        item = find("menu item", contains="Import LARC Descriptions")
        if item is None:
            # GTK 4.18 names no item of a popover menu: its mnemonic, Import _LARC…
            xdo("key", "l")
        else:
            # Down to the item, as from the keyboard (AT-SPI's coordinates of a
            # popover's items are not the screen's under X11)
            for _ in range(30):
                if item.getState().contains(pyatspi.STATE_FOCUSED):
                    break
                xdo("key", "Down")
                time.sleep(0.1 * SLOW)
            else:
                raise Failure("the keyboard does not reach Import LARC Descriptions… in the main menu")
            xdo("key", "Return")
        wait_for("the file chooser", lambda: app_window("Import LARC Descriptions (the tasks_json Folder)"))
        time.sleep(0.5 * SLOW)
        xdo("key", "ctrl+l")
        time.sleep(0.3 * SLOW)
        # GTK 4.18's location entry completes inline while the path is typed,
        # and a completion that arrives late stays after the cursor ("rk/" of
        # /work/): what is after the cursor goes before Return
        xdo("type", "--delay", "10", os.path.realpath(larc_dir))
        time.sleep(0.5 * SLOW)
        xdo("key", "shift+End", "Delete")
        time.sleep(0.3 * SLOW)
        shot("larc-path-typed")
        xdo("key", "Return")
        # LARC's 40 files are imported in a fraction of a second: its progress
        # may be gone before it is seen (build-window's test stops a longer one)
        wait_for("the import's progress or its end",
                 lambda: find("label", contains="Importing LARC's descriptions", visible=False)
                 or find("label", contains="LARC descriptions and", visible=False), timeout=10)
        shot("larc-importing")
        heading = wait_for("the import's summary", lambda: find("label", contains="LARC descriptions and",
                                                               visible=False), timeout=60)
        if "for 3 tasks" not in heading.name:
            raise Failure(f"the import says {heading.name!r}")
        shot("larc-imported")
        # 37 of LARC's 40 files are of tasks not in the collection: the toast
        # counts them, and its Details say which
        if "37 files skipped" not in heading.name:
            raise Failure(f"the import says {heading.name!r}")
        # (the toast's button is found by its label where AT-SPI gives it no name)
        click(wait_for("the summary's Details", lambda: find("push button", "Details", visible=False)
                       or find("label", "Details", visible=False)))
        wait_for("what was skipped", lambda: find("label", contains="is not in", visible=False))
        xdo("key", "Escape")
        wait_for("the summary to close", lambda: find("label", contains="is not in", visible=False) is None)

        step("LARC: read a description in the notes pane")
        open_task(LARC_TASK)
        text = wait_for("LARC's description in the notes pane",
                        lambda: find("label", described["do_description"], visible=False))
        if text.name != described["do_description"]:
            raise Failure(f"the description reads {text.name!r}")
        for part in ("see_description", "grid_description"):
            if described[part] and find("label", described[part], visible=False) is None:
                raise Failure(f"the description's {part} is not shown")
        wait_for("its credit", lambda: find("label", contains="(Acquaviva et al.), CC BY 4.0", visible=False))

        step("LARC: Build from Description, with clicks in the build window")
        button = wheel_until_shown(lambda: find("push button", contains=f"Build from the description by {larc_name}",
                                                visible=False), (1020, 450), "Build from Description")
        shot("larc-description")
        click(button)
        build = wait_for("the build window", lambda: app_window("Build from Description"))
        # (under its part's words as a heading, which the text does not repeat)
        wait_for("the description in it",
                 lambda: find_in(build, "label", contains=described["do_description"].strip()[-24:]))
        if find_in(build, "label", contains="Train 1") is not None:
            raise Failure("the build window shows the train pairs")
        click(wait_for("Copy from input", lambda: find_in(build, "push button", "Copy from input")))
        output = wait_for("the output grid", lambda: find_in(build, "image", "Output grid"))
        grid = Grid(output, 3, 3)
        see(grid, "larc-copied", [(0, 0, 8), (0, 1, 1), (0, 2, 3)], "after Copy from input")
        click(find_in(build, "push button", "Flood fill"))
        for col, colour in ((0, 9), (1, 5), (2, 4)):
            click(find_in(build, "push button", f"Colour {colour}"))
            xdo("mousemove", *grid.centre(1, col), "click", 1)
            time.sleep(0.3 * SLOW)
        see(grid, "larc-built", [(r, c, colour) for r in range(3) for c, colour in enumerate((9, 5, 4))],
            "after the flood fills")
        click(find_in(build, "push button", "Submit"))
        wait_for("the build's verdict", lambda: find_in(build, "label", contains="Built: the output is right"))
        shot("larc-build-right")
        xdo("key", "ctrl+w")
        wait_for("the build window to close", lambda: app_window("Build from Description") is None)
        wait_for("built 3 of 3 times (LARC's 2 and this one)",
                 lambda: find("label", contains="3 of 3 builds right", visible=False))
        quit_app(proc)

        step("LARC: the build in the notes file")
        with open(os.path.join(collection, LARC_TASK + ".arcnotes")) as f:
            notes = json.load(f)
        record = notes["tasks"][LARC_TASK]["annotators"]["larc:" + described["uid"]]
        ours = [b for b in record.get("builds", []) if not b["builder"].startswith("larc:")]
        if len(ours) != 1 or not ours[0]["success"] or ours[0]["attempts"] != 1:
            raise Failure(f"the builds on disk are {record.get('builds')}")
        operations = [t["operation"] for s in ours[0]["submissions"] for t in s.get("trajectory", [])]
        if operations.count("FloodFill") != 3 or "CopyFromInput" not in operations:
            raise Failure(f"the build's actions on disk are {operations}")
        builder = ours[0]["builder"]

        step("LARC: the build in LARC's layout (notes export --format larc)")
        cli = os.path.join(os.path.dirname(os.path.dirname(APP)), "cli", "arc-studio-cli")
        out = os.path.join(work, "larc-export")
        result = subprocess.run([cli, "notes", "export", collection, "--format", "larc", "-o", out],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"arc-studio-cli notes export --format larc: {result.stdout}{result.stderr}")
        with open(os.path.join(out, LARC_FILE)) as f:
            exported = json.load(f)
        builds = exported["descriptions"][LARC_DESCRIPTION]["builds"]
        mine = [b for b in builds.values() if b["uid"] == builder]
        if len(mine) != 1 or mine[0]["success"] is not True:
            raise Failure(f"the exported builds are {[(b['uid'], b['success']) for b in builds.values()]}")
        tools = [a["action"].get("tool") for a in mine[0]["action_sequence"]]
        if tools.count("floodfill") != 3 or "copyFromInput" not in tools or "check" not in tools:
            raise Failure(f"the exported build's actions are {tools}")
        if sorted(larc["descriptions"]) != sorted(exported["descriptions"]):
            raise Failure("the export does not give back LARC's descriptions")
    finally:
        # A failed step leaves its app running: as the primary instance it
        # would take over the next program that starts arc-studio
        for proc in LAUNCHED:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    return True


def read_only_session(collection, data_home):
    """Run as an unprivileged user (root could write anyway): the notes of a
    read-only collection land in the fallback place and come back"""
    step("read-only collection: notes go to the fallback place")
    for root, dirs, files in os.walk(collection):
        for name in dirs + files:
            os.chmod(os.path.join(root, name), 0o555 if name in dirs else 0o444)
    os.chmod(collection, 0o555)
    proc = launch(collection, data_home)
    open_task("fill-enclosed")
    wait_for("the read-only notice", lambda: find("label", contains="cannot be written", visible=False))
    text = wait_for("the description field", lambda: find("text", contains="In the input, you should see"))
    click(text)
    xdo("type", "--delay", "10", RULE)
    wait_for("the notes to be saved", lambda: find("label", "All changes saved"))
    shot("read-only-notes")
    quit_app(proc)
    beside = os.path.join(collection, "colour", "fill-enclosed.arcnotes")
    if os.path.exists(beside):
        raise Failure("a notes file appeared in the read-only folder")
    saved = []
    for root, dirs, files in os.walk(os.path.join(data_home, "arc-studio", "notes")):
        for name in files:
            with open(os.path.join(root, name)) as f:
                if RULE in f.read():
                    saved.append(name)
    if not saved:
        raise Failure(f"the description is not under {data_home}/arc-studio/notes")
    proc = launch(collection, data_home)
    open_task("fill-enclosed")
    text = wait_for("the description", lambda: find("text", contains="In the input, you should see"))
    if text.queryText().getText(0, -1) != RULE:
        raise Failure("after relaunch the description from the fallback place is not shown")
    shot("read-only-relaunched")
    quit_app(proc)


def as_unprivileged_user():
    """Runs the read-only part again as nobody, in its own display and bus"""
    step("read-only collection, as an unprivileged user")
    if os.getuid() != 0:
        return run_read_only()
    if _which.which("setpriv") is None:
        raise Failure("setpriv is missing (util-linux)")
    # Everything nobody needs is copied where nobody can read it: the build
    # may sit in a folder only root can enter
    home = tempfile.mkdtemp(prefix="arc-e2e-nobody-")
    app = os.path.join(home, "arc-studio")
    shutil.copy(APP, app)
    shutil.copytree(SAMPLES, os.path.join(home, "samples"))
    shutil.copytree(SCHEMAS, os.path.join(home, "schemas"))
    shutil.copy(os.path.abspath(__file__), os.path.join(home, "e2e-session.py"))
    out = os.path.join(home, "out")
    os.mkdir(out)
    for root, dirs, files in os.walk(home):
        os.chmod(root, 0o777)
        for name in files:
            os.chmod(os.path.join(root, name), 0o755)
    env = dict(os.environ, HOME=home, XDG_RUNTIME_DIR=home, TMPDIR=home, ARC_E2E_READ_ONLY="1")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("DISPLAY", None)
    env.pop("XAUTHORITY", None)
    cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
           "dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
           "/usr/bin/python3", os.path.join(home, "e2e-session.py"), app, os.path.join(home, "samples"),
           os.path.join(home, "schemas"), out]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    for name in os.listdir(out):
        shutil.copy(os.path.join(out, name), os.path.join(OUT, "nobody-" + name if name.endswith(".log") else name))
    shutil.rmtree(home, ignore_errors=True)
    for line in result.stdout.splitlines():
        if line.startswith("# step") or line.startswith("not ok") or line.startswith("# shot"):
            print("#   nobody:", line)
    if result.returncode != 0:
        raise Failure(f"the read-only session as nobody failed ({result.returncode}): "
                      f"{(result.stdout + result.stderr)[-600:]}")


def run_read_only():
    work = tempfile.mkdtemp(prefix="arc-e2e-ro-")
    collection = os.path.join(work, "samples")
    shutil.copytree(SAMPLES, collection)
    try:
        read_only_session(collection, os.path.join(work, "data"))
    finally:
        for root, dirs, files in os.walk(work):
            os.chmod(root, 0o755)
        shutil.rmtree(work, ignore_errors=True)


def vg_records(text):
    """valgrind's report, one string per record (records end in an empty ==PID== line)"""
    return re.split(r"\n==\d+== ?(?=\n)", text)


ALLOCATORS = ("malloc", "calloc", "realloc", "memalign", "posix_memalign", "operator new")


def our_leaks(log_path):
    """The definite leaks allocated by our code: in each record, the first
    frame past the allocator and GLib/GObject's own frames is in src/.
    Leaks whose first such frame is in the toolkit (GTK, Mesa, fontconfig,
    cairo's font cache, the dynamic loader) are theirs and not counted."""
    ours = []
    with open(log_path) as f:
        records = vg_records(f.read())
    for record in records:
        if "definitely lost" not in record:
            continue
        frames = [line.split(": ", 1)[1] for line in record.splitlines() if ("at 0x" in line or "by 0x" in line)
                  and ": " in line]
        for frame in frames:
            if any(a in frame for a in ALLOCATORS) or "libglib-2.0" in frame or "libgobject-2.0" in frame \
               or "vgpreload" in frame or frame.split(" (")[0].endswith(("g_malloc", "g_malloc0", "g_realloc")):
                continue
            if "(arc-" in frame or "(main.c" in frame:
                ours.append(record.strip()[:2000])
            break
    return ours


def check_valgrind_logs():
    """Every valgrind log of the session: no invalid access in our code and
    no definite leak allocated by it; returns the toolkit's leak records"""
    n_toolkit = 0
    for name in sorted(os.listdir(OUT)):
        if not (name.startswith("valgrind-") and name.endswith(".log")):
            continue
        with open(os.path.join(OUT, name)) as f:
            log = f.read()
        invalid = [b for b in vg_records(log) if ("Invalid read" in b or "Invalid write" in b or "Invalid free" in b)
                   and ("(arc-" in b or "(main.c" in b)]
        if invalid:
            raise Failure(f"valgrind ({name}): an invalid access in our code:\n" + invalid[0][:2000])
        ours = our_leaks(os.path.join(OUT, name))
        if ours:
            raise Failure(f"valgrind ({name}): {len(ours)} definite leaks from our code; the first:\n{ours[0]}")
        n_toolkit += log.count("definitely lost in loss record")
    return n_toolkit


def hostile_folder(data_home):
    step("a folder of hostile files")
    folder = tempfile.mkdtemp(prefix="arc-e2e-hostile-")
    n = 0
    for d in FUZZ_DIRS:
        for name in sorted(os.listdir(d)):
            shutil.copy(os.path.join(d, name), os.path.join(folder, f"{n:04d}-{os.path.splitext(name)[0][:40]}.json"))
            n += 1
    proc = launch(folder, data_home)
    wait_for("the check to finish", lambda: find("label", contains=" invalid", visible=False), timeout=60)
    if find("image", "Invalid") is None:
        raise Failure("no task is marked invalid")
    shot("hostile")
    if proc.poll() is not None:
        raise Failure("the app died on the hostile folder")
    quit_app(proc)
    shutil.rmtree(folder)
    return n


def main():
    if os.environ.get("ARC_E2E_READ_ONLY"):
        try:
            run_read_only()
        except Failure as e:
            print(f"not ok - {steps[-1] if steps else 'start'}: {e}")
            return 1
        print("ok - read-only session")
        return 0
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        if old.endswith(".png") or old.endswith(".log") or old.startswith("core-"):
            os.unlink(os.path.join(OUT, old))
    work = tempfile.mkdtemp(prefix="arc-e2e-")
    collection = os.path.join(work, "samples")
    shutil.copytree(SAMPLES, collection)
    data_home = os.path.join(work, "data")
    try:
        global SLOW
        if os.environ.get("ARC_E2E_ONLY") == "editor":
            editor_session(collection, data_home)  # the task editor alone, for its own runs
            print("ok - the task editor's session")
            return 0
        if os.environ.get("ARC_E2E_ONLY") == "session":
            session(collection, data_home)  # the user's session alone (the installed Flatpak's smoke test)
            print("ok - a user's session")
            return 0
        if os.environ.get("ARC_E2E_ONLY") == "larc":
            larc_session(data_home)  # LARC's import and protocol alone, for their own runs
            print("ok - the LARC session")
            return 0
        if _which.which("valgrind") is None:
            print("# valgrind is not installed: the session runs without it")
            session(collection, data_home)
        elif "libasan" in subprocess.run(["ldd", APP], capture_output=True, text=True).stdout:
            print("# an AddressSanitizer build: the session runs under ASan, valgrind is left to the normal build")
            session(collection, data_home)
        else:
            # The whole session under valgrind (GTK's cairo renderer: Mesa
            # under valgrind is slow, and not ours)
            SLOW = 8
            os.environ["GSK_RENDERER"] = "cairo"
            session(collection, data_home, ("valgrind", "--leak-check=full", "--show-leak-kinds=definite",
                                            "--num-callers=30", f"--log-file={OUT}/valgrind-%p.log"))
            SLOW = 1
            os.environ.pop("GSK_RENDERER")
            n_toolkit = check_valgrind_logs()
            print(f"# valgrind: no invalid access and no definite leak from our code in the session "
                  f"({n_toolkit} definite-leak records, all allocated by the toolkit)")
        killed_mid_edit(collection, data_home)
        editor_session(collection, data_home)
        larc_session(data_home)
        n = hostile_folder(data_home) if FUZZ_DIRS else 0
        as_unprivileged_user()
    except Failure as e:
        print(f"not ok - {steps[-1] if steps else 'start'}: {e}")
        print(f"# screenshots in {OUT}")
        report_crashes()
        return 1
    except Exception:
        report_crashes()
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    log = ""
    for name in ("arc-studio.log", "nobody-arc-studio.log"):
        if os.path.exists(os.path.join(OUT, name)):
            with open(os.path.join(OUT, name)) as f:
                log += f.read()
    for marker in ("ERROR: AddressSanitizer", "runtime error:", "CRITICAL"):
        if marker in log:
            print(f"not ok - the app's log has {marker!r}; see {OUT}/arc-studio.log")
            return 1
    print(f"# report: {len(steps)} steps passed, {len(shots)} screenshots written to {OUT}, "
          f"{n} hostile files listed, {time.monotonic() - t_start:.1f} s")
    print("ok - a user's whole session")
    return 0


if __name__ == "__main__":
    sys.exit(main())
