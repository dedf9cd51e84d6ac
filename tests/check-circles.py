#!/usr/bin/env python3
"""Checks HACKING.md's rule on import circles: no circle in src/core, and
none of more than two files in the app and the CLI (a class's file and
its actions' file may call each other; their other parts are layered
under them).

    tests/check-circles.py CORE_LIB... -- [OTHER_LIB...]     prints TAP

Each argument is a static library of the build (the core's folders'
libarc-core-base.a…, libarc-app.a…) or an executable's folder of objects (arc-studio-cli.p). A source file X depends on Y when X's object uses a
function or variable that Y's object defines (read with nm, so calls
hidden in macros count and same-named static functions do not); a circle
is a group of files that all reach each other (a strongly connected
component). Files of different libraries do not make circles together:
the core never uses the app.
"""
import glob
import os
import subprocess
import sys


def read_library(path):
    """{object name: (defined symbols, used symbols)} of a static library,
    or of the objects in a folder (an executable's NAME.p)"""
    if os.path.isdir(path):
        files = sorted(glob.glob(os.path.join(path, '*.o')))
        out = subprocess.run(['nm', '-A'] + files, capture_output=True, text=True, check=True).stdout
        out = '\n'.join(_as_archive_listing(out.splitlines()))
    else:
        out = subprocess.run(['nm', path], capture_output=True, text=True, check=True).stdout
    objects, current = {}, None
    for line in out.splitlines():
        if line.endswith(':') and line.strip():
            current = os.path.basename(line[:-1]).replace('.c.o', '.c')
            objects[current] = (set(), set())
            continue
        parts = line.split()
        if current is None or len(parts) < 2:
            continue
        if len(parts) == 2 and parts[0] == 'U':
            objects[current][1].add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDBRG':
            objects[current][0].add(parts[2])
    return objects


def _as_archive_listing(lines):
    """nm -A's "file.o: symbol line" as nm prints an archive's members"""
    current = None
    for line in lines:
        name, _, rest = line.partition(': ')
        name = os.path.basename(name)
        if name != current:
            current = name
            yield name + ':'
        yield rest


def graph_of(objects):
    owner = {symbol: name for name, (defined, _) in objects.items() for symbol in defined}
    graph = {name: {} for name in objects}
    for name, (_, used) in objects.items():
        for symbol in used:
            other = owner.get(symbol)
            if other and other != name:
                graph[name].setdefault(other, []).append(symbol)
    return graph


def circles(graph):
    """The strongly connected components of more than one file (Tarjan)"""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def describe(graph, component):
    lines = ['# circle of %d files: %s' % (len(component), ' '.join(component))]
    for a in component:
        for b in sorted(graph[a]):
            if b in component:
                names = sorted(graph[a][b])
                more = ' and %d more' % (len(names) - 4) if len(names) > 4 else ''
                lines.append('#   %s -> %s: %s%s' % (a, b, ', '.join(names[:4]), more))
    return lines


def main():
    if '--' not in sys.argv[2:]:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    split = sys.argv.index('--')
    core = {}
    for path in sys.argv[1:split]:
        core.update(read_library(path))
    core_graph = graph_of(core)
    core_circles = circles(core_graph)
    others = []
    for path in sys.argv[split + 1:]:
        graph = graph_of(read_library(path))
        others += [(graph, c) for c in circles(graph) if len(c) > 2]
    print('1..2')
    for c in core_circles:
        print('\n'.join(describe(core_graph, c)))
    print('%s 1 - no import circle in src/core (%d files)' % ('not ok' if core_circles else 'ok', len(core)))
    for graph, c in others:
        print('\n'.join(describe(graph, c)))
    print('%s 2 - no import circle of more than two files elsewhere' % ('not ok' if others else 'ok'))
    return 1 if core_circles or others else 0


if __name__ == '__main__':
    sys.exit(main())
