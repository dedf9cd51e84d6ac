#!/usr/bin/env python3
"""Writes the data of tests/bench-notes.sh:

    tests/make-bench-larc.py SHARED_DATA DEST

DEST/tasks: ARC-AGI-1's 400 training tasks (SHARED_DATA/arc-agi-1/training);
DEST/larc: LARC's 40 files (SHARED_DATA/larc/tasks_json) as they are, and
for each of the other 360 tasks a file in LARC's layout whose descriptions,
builds and action sequences are those of one of the 40 (in turn), so that the
notes of all 400 tasks are as heavy as LARC's own (about 0.3 MB a task)."""
import json
import os
import shutil
import sys


def main():
    shared, dest = sys.argv[1:3]
    training = os.path.join(shared, "arc-agi-1", "training")
    larc = os.path.join(shared, "larc", "tasks_json")
    tasks_dir = os.path.join(dest, "tasks")
    larc_dir = os.path.join(dest, "larc")
    os.makedirs(tasks_dir)
    os.makedirs(larc_dir)
    names = sorted(n for n in os.listdir(training) if n.endswith(".json"))
    for n in names:
        shutil.copyfile(os.path.join(training, n), os.path.join(tasks_dir, n))
    real = sorted((n for n in os.listdir(larc) if n.endswith(".json")), key=lambda n: int(n[:-5]))
    covered = set()
    templates = []
    for n in real:
        shutil.copyfile(os.path.join(larc, n), os.path.join(larc_dir, n))
        with open(os.path.join(larc, n)) as f:
            data = json.load(f)
        covered.add(data["name"])
        templates.append(data["descriptions"])
    number = 1000
    for i, name in enumerate(n for n in names if n not in covered):
        with open(os.path.join(training, name)) as f:
            task = json.load(f)
        out = {"name": name, "train": task["train"], "test": task["test"],
               "descriptions": templates[i % len(templates)]}
        with open(os.path.join(larc_dir, "%d.json" % number), "w") as f:
            json.dump(out, f)
        number += 1


if __name__ == "__main__":
    main()
