#!/usr/bin/env python3
"""Writes N random ARC tasks (our own, from a fixed seed) into FOLDER, for the
start-up benchmark: tests/make-bench-tasks.py FOLDER N"""
import json
import os
import random
import sys


def grid(rng):
    h, w = rng.randint(3, 30), rng.randint(3, 30)
    return [[rng.choice((0, 0, 0, rng.randint(1, 9))) for _ in range(w)] for _ in range(h)]


def main():
    folder, n = sys.argv[1], int(sys.argv[2])
    rng = random.Random(10000)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        task = {"train": [{"input": grid(rng), "output": grid(rng)} for _ in range(rng.randint(2, 5))],
                "test": [{"input": grid(rng), "output": grid(rng)}]}
        with open(os.path.join(folder, "%08x.json" % rng.getrandbits(32)), "w") as f:
            json.dump(task, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
