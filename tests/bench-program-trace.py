#!/usr/bin/env python3
"""Benchmark of `arc-studio-cli programs trace` against `programs run`.

    tests/bench-program-trace.py ARC_STUDIO_CLI [RUNS] [ARC_DSL_DIR]   (default: 3 runs)

With a checkout of arc-dsl (ARC_DSL_DIR, or $ARC_DSL) and the ARC-AGI-1
training tasks ($ARC_SHARED_DATA/arc-agi-1/training, or ../shared/data), it
copies the tasks to a temporary folder, stores arc-dsl's 400 solvers with
`programs import`, then times, in the same run, RUNS times each, one after
the other (the medians are printed):

  - programs run PATH --python-path ARC_DSL_DIR
  - programs trace PATH --python-path ARC_DSL_DIR --json, every pair of every
    task, its JSON Lines written to a file

Without arc-dsl or the tasks it says so and times the same on the tasks and
arc-dsl-like solvers of bench-programs.py. Prints both, their ratio (the
target is at most 3) and how many steps the trace wrote; asserts nothing but
that both ran."""
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def shared_training():
    data = os.environ.get("ARC_SHARED_DATA") or os.path.join(HERE, "..", "..", "shared", "data")
    path = os.path.join(data, "arc-agi-1", "training")
    return path if os.path.isdir(path) else None


def generated(top):
    """The tasks and solvers of bench-programs.py, written in @top"""
    spec = importlib.util.spec_from_file_location("bench_programs", os.path.join(HERE, "bench-programs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.write_collection(top, 400)


def timed(argv, env, out=subprocess.PIPE):
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=out, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start, done


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    dsl = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("ARC_DSL", "")
    training = shared_training()
    env = dict(os.environ, HOME=os.environ.get("HOME", "/tmp"))
    with tempfile.TemporaryDirectory(prefix="arc-bench-trace.") as top:
        if dsl and os.path.isfile(os.path.join(dsl, "solvers.py")) and training:
            tasks = os.path.join(top, "training")
            shutil.copytree(training, tasks)
            solvers, lib = os.path.join(dsl, "solvers.py"), dsl
            what = "arc-dsl's solvers on the %d ARC-AGI-1 training tasks" % len(os.listdir(tasks))
        else:
            print("arc-dsl (ARC_DSL_DIR or $ARC_DSL) or the ARC-AGI-1 training tasks are absent: "
                  "timing bench-programs.py's 400 generated tasks and solvers instead")
            tasks, lib, solvers = generated(top)
            what = "bench-programs.py's 400 generated tasks and solvers"
        imported = subprocess.run([cli, "programs", "import", solvers, tasks, "--annotator=bench"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if imported.returncode not in (0, 1):
            sys.exit("programs import failed: %s%s" % (imported.stdout, imported.stderr))
        lines = os.path.join(top, "trace.jsonl")
        run, trace = [], []
        for _ in range(runs):
            seconds, done = timed([cli, "programs", "run", tasks, "--python-path", lib, "--annotator=bench"], env)
            if done.returncode not in (0, 1):
                sys.exit("programs run: %s%s" % (done.stdout, done.stderr))
            run.append(seconds)
            summary = done.stdout.strip().splitlines()[-1]
            with open(lines, "w") as out:
                seconds, done = timed([cli, "programs", "trace", tasks, "--python-path", lib, "--json",
                                       "--annotator=bench"], env, out)
            if done.returncode not in (0, 1):
                sys.exit("programs trace: %s" % done.stderr)
            trace.append(seconds)
        steps, pairs, size = 0, set(), os.path.getsize(lines)
        with open(lines) as f:
            for line in f:
                step = json.loads(line)
                steps += 1
                pairs.add((step["task"], step["split"], step["index"]))
        r, t = statistics.median(run), statistics.median(trace)
        print("%s, %d processors, median of %d runs" % (what, os.cpu_count(), runs))
        print("arc-studio-cli programs run:            %7.0f ms  (%s)" % (r * 1000, summary))
        print("arc-studio-cli programs trace --json:   %7.0f ms  (%d steps of %d pairs, %.1f MB of JSON Lines)" %
              (t * 1000, steps, len(pairs), size / 1e6))
        print("ratio: %.2f (target: at most 3)" % (t / r))
        print("load average at the end: %.1f" % os.getloadavg()[0])


main()
