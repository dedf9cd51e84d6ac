#!/usr/bin/env python3
"""Writes the folders of tests/bench-hostile-notes.sh:

    tests/make-hostile-notes.py DEST [RECORDS] [STRING_MB]

Each of DEST/normal, DEST/records and DEST/string holds the same 20 small
tasks (our own, from a fixed seed), each with an .arcnotes beside it holding
the user's record and three other annotators' (the baseline: notes as
people write them). In DEST/records the first task's notes hold RECORDS
(100,000) other annotators' records besides; in DEST/string one other
annotator's notes on the first task are a string of STRING_MB (30) MB."""
import json
import os
import random
import sys

N_TASKS = 20
USER = "Bench User"


def grid(rng):
    h, w = rng.randint(3, 8), rng.randint(3, 8)
    return [[rng.choice((0, 0, 0, rng.randint(1, 9))) for _ in range(w)] for _ in range(h)]


def record(i, text=None):
    return {"description": {"input": "In the input, you should see %d coloured shapes." % (i % 7 + 1),
                            "output_size": "The output grid size is the same as the input.",
                            "transformation": "To make the output, you have to move each shape %d cells." % (i % 5)},
            "confidence": i % 11,
            "tags": ["shapes", "moving"],
            "difficulty": "medium",
            "notes": text if text is not None else "Record %d." % i}


def notes(task_id, extra=None):
    annotators = {USER: record(0, "My own notes.")}
    for i in range(1, 4):
        annotators["Annotator %d" % i] = record(i)
    annotators.update(extra or {})
    return {"format": "arc-studio-notes", "version": 3, "tasks": {task_id: {"annotators": annotators}}}


def main():
    args = sys.argv[1:]
    if not 1 <= len(args) <= 3:
        sys.exit(__doc__)
    dest = args[0]
    n_records = int(args[1]) if len(args) > 1 else 100000
    string_mb = int(args[2]) if len(args) > 2 else 30
    rng = random.Random(45)
    tasks = [{"train": [{"input": grid(rng), "output": grid(rng)} for _ in range(3)],
              "test": [{"input": grid(rng), "output": grid(rng)}]} for _ in range(N_TASKS)]
    ids = ["%08x" % rng.getrandbits(32) for _ in range(N_TASKS)]
    ids.sort()
    word = "colour "
    huge = (word * (string_mb * 1048576 // len(word) + 1))[:string_mb * 1048576]
    hostile = {"normal": {},
               "records": {"Colleague %06d" % i: record(i) for i in range(n_records)},
               "string": {"Colleague with long notes": record(4, huge)}}
    for kind, extra in hostile.items():
        folder = os.path.join(dest, kind)
        os.makedirs(folder, exist_ok=True)
        for i, task_id in enumerate(ids):
            with open(os.path.join(folder, task_id + ".json"), "w") as f:
                json.dump(tasks[i], f, separators=(",", ":"))
            with open(os.path.join(folder, task_id + ".arcnotes"), "w") as f:
                json.dump(notes(task_id, extra if i == 0 else None), f, indent=2, ensure_ascii=False)
                f.write("\n")


if __name__ == "__main__":
    main()
