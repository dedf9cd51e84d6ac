#!/usr/bin/env python3
"""Writes N random ARC tasks (our own, from a fixed seed) for the benchmarks:

    tests/make-bench-tasks.py FOLDER N             a folder of N task files
    tests/make-bench-tasks.py --jsonl FILE N       a JSON Lines file of N tasks, one a line

Tasks are drawn from a pool of 1,000 random ones, so that hundreds of
thousands are written in seconds; each has its own 8-hex-digit id (the file
name, or the "id" member of its line)."""
import json
import os
import random
import sys

POOL = 1000


def grid(rng):
    h, w = rng.randint(3, 30), rng.randint(3, 30)
    return [[rng.choice((0, 0, 0, rng.randint(1, 9))) for _ in range(w)] for _ in range(h)]


def task(rng):
    return {"train": [{"input": grid(rng), "output": grid(rng)} for _ in range(rng.randint(2, 5))],
            "test": [{"input": grid(rng), "output": grid(rng)}]}


def main():
    args = sys.argv[1:]
    jsonl = args[:1] == ["--jsonl"]
    if jsonl:
        args = args[1:]
    if len(args) != 2:
        sys.exit(__doc__)
    target, n = args[0], int(args[1])
    rng = random.Random(10000)
    pool = [task(rng) for _ in range(min(n, POOL))]
    ids = set()
    while len(ids) < n:
        ids.add("%08x" % rng.getrandbits(32))
    ids = sorted(ids, key=lambda _: rng.random())
    if jsonl:
        with open(target, "w") as f:
            for i, task_id in enumerate(ids):
                f.write(json.dumps(dict(pool[i % len(pool)], id=task_id), separators=(",", ":")) + "\n")
        return
    os.makedirs(target, exist_ok=True)
    texts = [json.dumps(t, separators=(",", ":")) for t in pool]
    for i, task_id in enumerate(ids):
        with open(os.path.join(target, task_id + ".json"), "w") as f:
            f.write(texts[i % len(texts)])


if __name__ == "__main__":
    main()
