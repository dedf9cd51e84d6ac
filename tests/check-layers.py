#!/usr/bin/env python3
"""Checks HACKING.md's rule on the core's folders: a file of a folder includes
only its own folder's headers and those of the folders below it, as
src/core/layers lists them ("FOLDER: FOLDERS IT USES", lowest first; what a
used folder uses is usable too).

    tests/check-layers.py SRC_CORE     prints TAP

The build already refuses an include upward (each folder's library sees only
the headers below it); this test says which file and line, names a header
that is in no folder, and checks that the list itself has no folder that
uses one above it and that every folder of src/core is listed.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def read_layers(path):
    """[(folder, [folders it uses])] in the file's order, and its errors"""
    layers, errors, seen = [], [], set()
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            folder, colon, uses = line.partition(':')
            folder = folder.strip()
            if not colon or not folder:
                errors.append('%s:%d: expected "FOLDER: FOLDERS IT USES"' % (path, number))
                continue
            uses = uses.split()
            for used in uses:
                if used not in seen:
                    errors.append('%s:%d: %s uses %s, which is not listed above it' % (path, number, folder, used))
            layers.append((folder, uses))
            seen.add(folder)
    return layers, errors


def reach(layers):
    """{folder: set of folders its files may include from, itself too}"""
    may = {}
    for folder, uses in layers:
        allowed = {folder}
        for used in uses:
            allowed |= may.get(used, set())
        may[folder] = allowed
    return may


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    core = sys.argv[1]
    layers, errors = read_layers(os.path.join(core, 'layers'))
    may = reach(layers)
    folders = sorted(d for d in os.listdir(core) if os.path.isdir(os.path.join(core, d)))
    for d in folders:
        if d not in may:
            errors.append('%s/%s: a folder that src/core/layers does not list' % (core, d))
    home = {}
    for d in folders:
        for name in os.listdir(os.path.join(core, d)):
            if name.endswith('.h'):
                home[name] = d
    upward, checked = [], 0
    for d in folders:
        for name in sorted(os.listdir(os.path.join(core, d))):
            if not name.endswith(('.c', '.h')):
                continue
            checked += 1
            path = os.path.join(core, d, name)
            with open(path, encoding='utf-8') as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m or not m.group(1).startswith('arc-'):
                        continue
                    header = m.group(1)
                    if header == 'arc-core.h':
                        upward.append('%s:%d: includes arc-core.h, which is for the core\'s users' % (path, number))
                    elif header.endswith('-resources.h'):
                        continue  # generated into the folder's build directory
                    elif header not in home:
                        upward.append('%s:%d: includes %s, which is in no folder of src/core' % (path, number, header))
                    elif home[header] not in may.get(d, {d}):
                        upward.append('%s:%d: %s (folder %s) includes %s of folder %s, which %s does not use'
                                      % (path, number, name, d, header, home[header], d))
    print('1..2')
    for e in errors:
        print('# ' + e)
    print('%s 1 - src/core/layers lists every folder, each after the ones it uses (%d folders)'
          % ('not ok' if errors else 'ok', len(layers)))
    for e in upward:
        print('# ' + e)
    print('%s 2 - no include from a folder to one above it (%d files)' % ('not ok' if upward else 'ok', checked))
    return 1 if errors or upward else 0


if __name__ == '__main__':
    sys.exit(main())
