#!/usr/bin/env python3
"""Benchmark of `arc-studio-cli programs run` against a plain Python loop.

    tests/bench-programs.py ARC_STUDIO_CLI [N] [RUNS]     (default: 400 tasks, 3 runs)

Writes N generated tasks (a fixed seed; 2 to 5 train pairs and a test pair of
3x3 to 30x30 grids) whose outputs are made by N solve_ID functions in the
style of arc-dsl's solvers.py (a few calls each to a small DSL module imported
with `from dsl import *`), stores them with `programs import`, then times, in
the same run, RUNS times each (the median is printed):

  - baseline: one python3 process that reads every task file, imports
    solvers.py and calls each task's function on every pair, checking the
    outputs: the plain loop a notebook would run;
  - programs run: `arc-studio-cli programs run` on the folder (all its
    interpreters, each task's program sent as JSON and the results back).

Prints both and their ratio (the target is at most 1.5); asserts nothing but
that every program is right on every pair."""
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

DSL = '''
def hmirror(g):
    return g[::-1]


def vmirror(g):
    return tuple(row[::-1] for row in g)


def rot90(g):
    return tuple(zip(*g[::-1]))


def dmirror(g):
    return tuple(zip(*g))


def replace(g, a, b):
    return tuple(tuple(b if c == a else c for c in row) for row in g)


def upscale(g, k):
    return tuple(tuple(c for c in row for _ in range(k)) for row in g for _ in range(k))


def crop_nonzero(g):
    rows = [i for i, row in enumerate(g) if any(row)]
    cols = [j for j in range(len(g[0])) if any(row[j] for row in g)]
    if not rows:
        return g
    return tuple(row[cols[0]:cols[-1] + 1] for row in g[rows[0]:rows[-1] + 1])


def mostcolor(g):
    counts = {}
    for row in g:
        for c in row:
            counts[c] = counts.get(c, 0) + 1
    return max(sorted(counts), key=counts.get)


def fill_background(g, c):
    m = mostcolor(g)
    return replace(g, m, c)


def objects(g):
    """4-connected cells of one non-zero colour"""
    h, w = len(g), len(g[0])
    seen = set()
    found = []
    for i in range(h):
        for j in range(w):
            if g[i][j] and (i, j) not in seen:
                colour, stack, cells = g[i][j], [(i, j)], []
                seen.add((i, j))
                while stack:
                    a, b = stack.pop()
                    cells.append((a, b))
                    for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                        if 0 <= x < h and 0 <= y < w and (x, y) not in seen and g[x][y] == colour:
                            seen.add((x, y))
                            stack.append((x, y))
                found.append((colour, cells))
    return found


def paint_largest(g, c):
    objs = objects(g)
    if not objs:
        return g
    cells = set(max(objs, key=lambda o: len(o[1]))[1])
    return tuple(tuple(c if (i, j) in cells else v for j, v in enumerate(row)) for i, row in enumerate(g))
'''

RULES = [
    ("hmirror", "    O = hmirror(I)\n"),
    ("vmirror", "    O = vmirror(I)\n"),
    ("rot90", "    x1 = rot90(I)\n    O = vmirror(x1)\n"),
    ("dmirror", "    O = dmirror(I)\n"),
    ("replace", "    x1 = replace(I, {a}, {b})\n    O = hmirror(x1)\n"),
    ("upscale", "    x1 = crop_nonzero(I)\n    O = upscale(x1, 2) if len(x1) <= 15 and len(x1[0]) <= 15 else x1\n"),
    ("background", "    O = fill_background(I, {b})\n"),
    ("largest", "    O = paint_largest(I, {b})\n"),
]

BASELINE = '''
import json, os, sys
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, os.path.dirname(sys.argv[3]))
import solvers
folder = sys.argv[1]
right = 0
names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
for name in names:
    with open(os.path.join(folder, name)) as f:
        task = json.load(f)
    solve = getattr(solvers, "solve_" + name[:-5])
    ok = True
    for pair in task["train"] + task["test"]:
        out = solve(tuple(tuple(r) for r in pair["input"]))
        ok = ok and [list(r) for r in out] == pair["output"]
    right += ok
print("%d of %d tasks right on every pair" % (right, len(names)))
'''


def grid(rng, h=None, w=None):
    h, w = h or rng.randint(3, 30), w or rng.randint(3, 30)
    colours = rng.sample(range(1, 10), 3)
    return [[rng.choice((0, 0, 0, rng.choice(colours))) for _ in range(w)] for _ in range(h)]


def write_collection(top, n):
    rng = random.Random(30)
    tasks = os.path.join(top, "tasks")
    lib = os.path.join(top, "lib")
    os.makedirs(tasks)
    os.makedirs(lib)
    with open(os.path.join(lib, "dsl.py"), "w") as f:
        f.write(DSL)
    namespace = {}
    exec(DSL, namespace)
    solvers = ["from dsl import *\n"]
    for k in range(n):
        task_id = "%08x" % rng.getrandbits(32)
        name, body = rng.choice(RULES)
        body = body.format(a=rng.randint(1, 9), b=rng.randint(1, 9))
        source = "def solve_%s(I):\n%s    return O\n" % (task_id, body)
        solvers.append("\n\n" + source)
        exec(source, namespace)
        solve = namespace["solve_" + task_id]
        pairs = []
        for _ in range(rng.randint(2, 5) + 1):
            g = grid(rng)
            pairs.append({"input": g, "output": [list(r) for r in solve(tuple(tuple(r) for r in g))]})
        with open(os.path.join(tasks, task_id + ".json"), "w") as f:
            json.dump({"train": pairs[:-1], "test": pairs[-1:]}, f, separators=(",", ":"))
    path = os.path.join(top, "solvers.py")
    with open(path, "w") as f:
        f.write("".join(solvers))
    return tasks, lib, path


def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv, env):
    """Wall-clock and processor seconds (its processes' and theirs)"""
    start, start_cpu = time.perf_counter(), cpu()
    done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start, cpu() - start_cpu, done


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    # The same interpreter for both: the one running this script
    env = dict(os.environ, HOME=os.environ.get("HOME", "/tmp"), ARC_STUDIO_PYTHON=sys.executable)
    with tempfile.TemporaryDirectory(prefix="arc-bench-programs.") as top:
        tasks, lib, solvers = write_collection(top, n)
        imported = subprocess.run([cli, "programs", "import", solvers, tasks, "--annotator=bench"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if imported.returncode != 0:
            sys.exit("programs import failed: %s%s" % (imported.stdout, imported.stderr))
        expected = "%d of %d tasks right on every pair\n" % (n, n)
        baseline, ours, baseline_cpu, ours_cpu = [], [], [], []
        for _ in range(runs):
            seconds, processor, done = timed([sys.executable, "-c", BASELINE, tasks, lib, solvers], env)
            if done.stdout != expected:
                sys.exit("baseline: %s%s" % (done.stdout, done.stderr))
            baseline.append(seconds)
            baseline_cpu.append(processor)
            seconds, processor, done = timed([cli, "programs", "run", tasks, "--python-path", lib,
                                              "--annotator=bench"], env)
            if done.returncode != 0 or not done.stdout.endswith(expected):
                sys.exit("programs run: %s%s" % (done.stdout, done.stderr))
            ours.append(seconds)
            ours_cpu.append(processor)
        b, o = statistics.median(baseline), statistics.median(ours)
        print("%d tasks (2 to 5 train pairs and 1 test pair each), %d processors, python %s, median of %d runs" %
              (n, os.cpu_count(), sys.version.split()[0], runs))
        print("plain Python loop (one process):   %7.0f ms  (processor time %4.0f ms)" %
              (b * 1000, statistics.median(baseline_cpu) * 1000))
        print("arc-studio-cli programs run:       %7.0f ms  (processor time %4.0f ms, all its processes)" %
              (o * 1000, statistics.median(ours_cpu) * 1000))
        print("ratio: %.2f (target: at most 1.5)" % (o / b))
        print("load average at the end: %.1f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
