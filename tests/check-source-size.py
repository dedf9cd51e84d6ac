#!/usr/bin/env python3
"""Checks the size rules of HACKING.md: no source file in src/ over 2,000
lines and no function over 100 lines (from its opening brace at the start of
a line to the closing brace at the start of a line).

    tests/check-source-size.py [SRC_DIR]     prints TAP; exit 1 on a breach
"""
import os
import sys

MAX_FILE = 2000
MAX_FUNCTION = 100


def functions(lines):
    """(name, first line, length) of each top-level function body."""
    start = None
    for i, line in enumerate(lines):
        if line.startswith('{') and start is None:
            # The name is on the nearest line above that has a '('
            name = '?'
            for j in range(i - 1, max(i - 12, -1), -1):
                if '(' in lines[j] and not lines[j].startswith((' ', '\t')):
                    name = lines[j].split('(')[0].split()[-1].lstrip('*')
                    break
            start = (name, i)
        elif line.startswith('}') and start is not None:
            yield start[0], start[1] + 1, i - start[1] + 1
            start = None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'src')
    problems = []
    n_files = 0
    for root, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith(('.c', '.h')):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)
            with open(path, encoding='utf-8') as fh:
                lines = fh.read().split('\n')
            n_files += 1
            if len(lines) > MAX_FILE:
                problems.append(f'{rel}: {len(lines)} lines (at most {MAX_FILE})')
            if f.endswith('.c'):
                for name, first, length in functions(lines):
                    if length > MAX_FUNCTION:
                        problems.append(f'{rel}:{first}: {name}() is {length} lines (at most {MAX_FUNCTION})')
    print('1..2')
    print(f'{"ok" if n_files else "not ok"} 1 - {n_files} source files read')
    print(f'{"not ok" if problems else "ok"} 2 - files and functions within size')
    for p in problems:
        print(f'# {p}')
    return 1 if problems or not n_files else 0


if __name__ == '__main__':
    sys.exit(main())
