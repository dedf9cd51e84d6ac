#!/usr/bin/python3
"""The work in progress after a kill -9 while drawing steadily.

Launches the built arc-studio on a copy of the sample tasks, paints cells of
fill-enclosed's output grid one after another, steadily (clicks, and a drag
that is still under way, its button held), and kills the app with SIGKILL at
a random moment. Then the work file on disk must hold every stroke made more
than LATE seconds before the kill (a click is written once it is let go, a
drag at most 0.8 s after a change, however many follow), the app started
again must show the grid the file holds, and no new file of a killed save
may stay in the work folder.
Prints, for each kill, the strokes made, those on disk and the age of the
oldest one lost; at the end how many kills lost a stroke (the last ones,
made less than a second before the kill) and how many lost an older one. Uses the session's helpers (e2e-session.py: AT-SPI to find the
widgets, xdotool, screenshots).

    e2e-work-kill.py ARC_STUDIO SAMPLES_DIR SCHEMA_DIR OUT_DIR [KILLS] [MODES]

KILLS (default 4) is the number of kills of each mode; MODES is "clicks",
"drag" or "clicks,drag" (the default).
"""
import importlib.util, json, os, random, shutil, signal, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("e2e_session", os.path.join(HERE, "e2e-session.py"))
e2e = importlib.util.module_from_spec(_spec)
_argv = sys.argv
sys.argv = _argv[:5]  # (the session reads its arguments as it loads)
_spec.loader.exec_module(e2e)
sys.argv = _argv

KILLS = int(sys.argv[5]) if len(sys.argv) > 5 else 4
MODES = (sys.argv[6] if len(sys.argv) > 6 else "clicks,drag").split(",")
TASK, SIZE, COLOUR = "fill-enclosed", 12, 2
PERIOD = 0.15  # a stroke every 150 ms
# A stroke older than this at the kill is on disk: a click's once it is let
# go (written then), a drag's at most 0.8 s after it (its button held)
LATE = {"clicks": 0.5, "drag": 1.5}


def work_grids(data_home):
    """The output grids of the work files in @data_home, and what else is
    in their folder (a killed save's new file)"""
    folder = os.path.join(data_home, "arc-studio", "workspace")
    grids, others = [], []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not name.endswith(".json"):
            others.append(name)
            continue
        with open(os.path.join(folder, name)) as f:
            work = json.load(f)  # never partial
        grids.append(work["tests"][0]["output"] if work["tests"][0] else None)
    return grids, others


def cells():
    """The cells painted, in order: along the rows, back and forth"""
    for r in range(SIZE):
        for c in (range(SIZE) if r % 2 == 0 else reversed(range(SIZE))):
            yield r, c


def draw_and_kill(proc, grid, mode, n):
    """Paints @n cells steadily, then kills the app; returns the times of
    the strokes and of the kill"""
    times = []
    for i, (r, c) in zip(range(n), cells()):
        x, y = grid.centre(r, c)
        if mode == "clicks":
            e2e.xdo("mousemove", x, y, "click", 1)
        elif i == 0:
            e2e.xdo("mousemove", x, y, "mousedown", 1)
        else:
            e2e.xdo("mousemove", x, y)
        times.append(time.monotonic())
        time.sleep(PERIOD)
    killed = time.monotonic()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if mode == "drag":
        release_button()
    return times, killed


def release_button():
    """The button the killed app's drag held, released. (The app was the
    display's last client: the X server may be resetting, and refuse a
    connection for a moment.)"""
    for _ in range(50):
        if subprocess.run(["xdotool", "mouseup", "1"], capture_output=True).returncode == 0:
            return
        time.sleep(0.1)
    raise e2e.Failure("the X server took no connection for 5 s after the kill")


def one_kill(collection, mode, k):
    data_home = tempfile.mkdtemp(prefix="arc-e2e-data-")
    try:
        e2e.step(f"{mode} {k + 1}: draw steadily, kill -9")
        proc = e2e.launch(collection, data_home)
        e2e.open_task(TASK)
        e2e.scroll_to("push button", "Paste")
        time.sleep(0.5)
        e2e.scroll_to("push button", "Paste")
        e2e.click(e2e.find("push button", "Edit"))
        e2e.click(e2e.find("push button", f"Colour {COLOUR}"))
        grid = e2e.Grid(e2e.find("image", "Output grid"), SIZE, SIZE)
        n = random.randint(8, 30)
        times, killed = draw_and_kill(proc, grid, mode, n)
        grids, others = work_grids(data_home)
        painted = [cell for _, cell in zip(range(n), cells())]
        disk = grids[0] if grids and grids[0] else [[0] * SIZE for _ in range(SIZE)]
        kept = [t for t, (r, c) in zip(times, painted) if disk[r][c] == COLOUR]
        lost = [killed - t for t, (r, c) in zip(times, painted) if disk[r][c] != COLOUR]
        late = [age for age in lost if age > LATE[mode]]
        oldest = f"{max(lost):.2f} s old" if lost else "none"
        print(f"# {mode} {k + 1}: {n} strokes over {killed - times[0]:.1f} s, {len(kept)} on disk, "
              f"{len(lost)} lost (the oldest {oldest}), {len(late)} older than {LATE[mode]} s", flush=True)

        e2e.step(f"{mode} {k + 1}: start again, the grid as the file has it")
        # (a start removes a killed save's new file once it is 2 s old: younger,
        # it could be another program's save under way)
        time.sleep(max(0.0, killed + 2.5 - time.monotonic()))
        proc = e2e.launch(collection, data_home)
        e2e.open_task(TASK)
        e2e.scroll_to("push button", "Paste")
        time.sleep(0.5)
        e2e.scroll_to("push button", "Paste")
        grid = e2e.Grid(e2e.find("image", "Output grid"), SIZE, SIZE)
        checks = [(r, c, disk[r][c]) for r, c in painted] + [(SIZE - 1, 0, 0)]
        e2e.see(grid, f"{mode}-{k + 1}-restarted", checks, "after the restart")
        e2e.quit_app(proc)
        _, left = work_grids(data_home)
        if left:
            raise e2e.Failure(f"left in the work folder after a start: {left} (after the kill: {others})")
        return bool(lost), max(lost, default=0.0), bool(late)
    finally:
        shutil.rmtree(data_home, ignore_errors=True)


def main():
    os.makedirs(e2e.OUT, exist_ok=True)
    work = tempfile.mkdtemp(prefix="arc-e2e-kill-")
    collection = os.path.join(work, "samples")
    shutil.copytree(e2e.SAMPLES, collection)
    losses, results = {}, []
    try:
        for mode in MODES:
            got = [one_kill(collection, mode, k) for k in range(KILLS)]
            results += got
            losses[mode] = sum(late for _, _, late in got)
    except e2e.Failure as e:
        print(f"not ok - {e2e.steps[-1] if e2e.steps else 'start'}: {e}")
        e2e.report_crashes()
        return 1
    finally:
        for proc in e2e.LAUNCHED:
            if proc.poll() is None:
                proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    summary = ", ".join(f"{mode}: {n} of {KILLS} older than {LATE[mode]} s" for mode, n in losses.items())
    print(f"# kills that lost a stroke: {sum(any_ for any_, _, _ in results)} of {len(results)} "
          f"(the last ones: the oldest stroke lost was {max(age for _, age, _ in results):.2f} s old)")
    print(f"# kills that lost a stroke {summary}")
    if any(losses.values()):
        print(f"not ok - old strokes were lost ({summary})")
        return 1
    print("ok - the work in progress survives a kill while drawing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
