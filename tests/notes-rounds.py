#!/usr/bin/env python3
# notes-rounds.py: two "windows" (two processes of tests/notes-writer) type
# into one notes file at once, round after round; prints in how many rounds
# a word typed was missing from its annotator's record in the end, and how
# many records "NAME (changed on disk)" were made. Then two windows submit 3
# wrong answers each on one task with 2 trials: in how many rounds more
# than 2 attempts counted, or an attempt was missing.
#
#   notes-rounds.py NOTES_WRITER [ROUNDS [WORDS [PAUSE_MS]]]
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import subprocess
import sys
import tempfile

TASK = '{"train": [{"input": [[1]], "output": [[2]]}], "test": [{"input": [[3]], "output": [[4]]}]}'

CASES = [
    ("two annotators", [("ada", "notes", "A"), ("bob", "notes", "B")]),
    ("one annotator, two fields", [("ada", "notes", "A"), ("ada", "input", "B")]),
    ("one annotator, one field", [("ada", "notes", "A"), ("ada", "notes", "B")]),
    ("one annotator, tags", [("ada", "tags", "A"), ("ada", "tags", "B")]),
]


def field_text(record, field):
    if field == "input":
        return record.get("description", {}).get("input", "")
    if field == "tags":
        return " ".join(record.get("tags", []))
    return record.get("notes", "")


def one_round(writer, writers, words, pause):
    folder = tempfile.mkdtemp(prefix="arc-rounds-")
    try:
        with open(os.path.join(folder, "a.json"), "w") as f:
            f.write(TASK)
        procs = [subprocess.Popen([writer, folder, who, field, tag, str(words), str(pause)])
                 for who, field, tag in writers]
        for p in procs:
            p.wait()
        with open(os.path.join(folder, "a.arcnotes")) as f:
            notes = json.load(f)
        records = notes["tasks"]["a"]["annotators"]
        lost = 0
        for who, field, tag in writers:
            text = field_text(records.get(who, {}), field).split()
            lost += sum(1 for i in range(words) if "%s%d" % (tag, i) not in text)
        phantoms = sum(1 for name in records if name.endswith("(changed on disk)"))
        return lost, phantoms
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(folder + ".data", ignore_errors=True)


def attempts_round(writer, pause):
    folder = tempfile.mkdtemp(prefix="arc-rounds-")
    try:
        with open(os.path.join(folder, "a.json"), "w") as f:
            f.write(TASK)
        procs = [subprocess.Popen([writer, folder, "ada", "attempts", tag, "3", str(pause)]) for tag in "AB"]
        for p in procs:
            p.wait()
        with open(os.path.join(folder, "a.arcnotes")) as f:
            records = json.load(f)["tasks"]["a"]["annotators"]
        attempts = [a for r in records.values() for a in r.get("attempts", [])]
        own = records.get("ada", {}).get("attempts", [])
        return sum(1 for a in attempts if a["counts"]), len(own)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(folder + ".data", ignore_errors=True)


def main():
    writer = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    words = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    pause = int(sys.argv[4]) if len(sys.argv) > 4 else 70
    for name, writers in CASES:
        bad = 0
        lost_words = 0
        phantoms = 0
        for _ in range(rounds):
            lost, made = one_round(writer, writers, words, pause)
            bad += lost > 0
            lost_words += lost
            phantoms += made
        print("%-28s rounds with lost text: %d of %d (%d of %d words lost), "
              "\"(changed on disk)\" records: %d" % (name + ":", bad, rounds, lost_words,
                                                    rounds * words * len(writers), phantoms))
    over = missing = 0
    for _ in range(rounds):
        counted, kept = attempts_round(writer, pause)
        over += counted > 2
        missing += kept < 6
    print("%-28s rounds with more than 2 counted: %d of %d; rounds with attempts missing from the "
          "annotator's record: %d of %d" % ("two windows submitting:", over, rounds, missing, rounds))


if __name__ == "__main__":
    main()
