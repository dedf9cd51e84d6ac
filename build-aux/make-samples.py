#!/usr/bin/env python3
"""Writes ARC Studio's bundled sample tasks into data/samples/.

The tasks are our own, generated from fixed seeds so the files never change
unless this script does. Run from the top of the repository:
    python3 build-aux/make-samples.py
"""
import json
import os
import random

OUT = os.path.join(os.path.dirname(__file__), "..", "data", "samples")


def blank(h, w, c=0):
    return [[c] * w for _ in range(h)]


def scatter(rng, h, w, colours, density):
    return [[rng.choice(colours) if rng.random() < density else 0 for _ in range(w)] for _ in range(h)]


def gravity(g):
    h, w = len(g), len(g[0])
    out = blank(h, w)
    for c in range(w):
        col = [g[r][c] for r in range(h) if g[r][c]]
        for i, v in enumerate(reversed(col)):
            out[h - 1 - i][c] = v
    return out


def mirror_right(g):
    return [row + row[::-1] for row in g]


def flip_h(g):
    return [row[::-1] for row in g]


def scale2(g):
    out = []
    for row in g:
        big = [v for v in row for _ in range(2)]
        out.append(big)
        out.append(list(big))
    return out


def tile2(g):
    return [row + row for row in g] + [row + row for row in g]


def recolour(g):
    swap = {1: 3, 3: 1}
    return [[swap.get(v, v) for v in row] for row in g]


def box(g, r0, c0, h, w, colour):
    for r in range(r0, r0 + h):
        for c in range(c0, c0 + w):
            if r in (r0, r0 + h - 1) or c in (c0, c0 + w - 1):
                g[r][c] = colour


def fill_enclosed(g):
    h, w = len(g), len(g[0])
    outside = [[False] * w for _ in range(h)]
    stack = [(r, c) for r in range(h) for c in range(w) if (r in (0, h - 1) or c in (0, w - 1)) and g[r][c] == 0]
    for r, c in stack:
        outside[r][c] = True
    while stack:
        r, c = stack.pop()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < h and 0 <= nc < w and not outside[nr][nc] and g[nr][nc] == 0:
                outside[nr][nc] = True
                stack.append((nr, nc))
    return [[4 if g[r][c] == 0 and not outside[r][c] else g[r][c] for c in range(w)] for r in range(h)]


def crop(g):
    cells = [(r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v]
    r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
    return [row[c0:c1 + 1] for row in g[r0:r1 + 1]]


def denoise(g):
    h, w = len(g), len(g[0])
    out = [list(row) for row in g]
    for r in range(h):
        for c in range(w):
            if g[r][c] == 5:
                out[r][c] = 0
    return out


def lines(g):
    out = [list(row) for row in g]
    for r, row in enumerate(g):
        for v in row:
            if v:
                out[r] = [v] * len(row)
    return out


def outline(g):
    h, w = len(g), len(g[0])
    out = [list(row) for row in g]
    for r in range(h):
        for c in range(w):
            if g[r][c] == 0:
                continue
            edge = False
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nr, nc = r + dr, c + dc
                if not (0 <= nr < h and 0 <= nc < w) or g[nr][nc] != g[r][c]:
                    edge = True
            if not edge:
                out[r][c] = 0
    return out


def majority(g):
    counts = {}
    for row in g:
        for v in row:
            if v:
                counts[v] = counts.get(v, 0) + 1
    best = max(counts, key=lambda k: (counts[k], -k))
    return [[best]]


def count_objects(g):
    h, w = len(g), len(g[0])
    seen = set()
    n = 0
    for r in range(h):
        for c in range(w):
            if g[r][c] and (r, c) not in seen:
                n += 1
                stack = [(r, c)]
                seen.add((r, c))
                while stack:
                    a, b = stack.pop()
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        x, y = a + dr, b + dc
                        if 0 <= x < h and 0 <= y < w and g[x][y] and (x, y) not in seen:
                            seen.add((x, y))
                            stack.append((x, y))
    return [[2] * n]


def objects_grid(rng, h, w, n, colour):
    g = blank(h, w)
    placed = 0
    while placed < n:
        oh, ow = rng.randint(1, 2), rng.randint(1, 3)
        r, c = rng.randint(0, h - oh), rng.randint(0, w - ow)
        area = [(x, y) for x in range(max(0, r - 1), min(h, r + oh + 1)) for y in range(max(0, c - 1), min(w, c + ow + 1))]
        if any(g[x][y] for x, y in area):
            continue
        for x in range(r, r + oh):
            for y in range(c, c + ow):
                g[x][y] = colour
        placed += 1
    return g


def loops_grid(rng, h, w, n):
    g = blank(h, w)
    for _ in range(n):
        bh, bw = rng.randint(3, 5), rng.randint(3, 5)
        r, c = rng.randint(0, h - bh), rng.randint(0, w - bw)
        box(g, r, c, bh, bw, 3)
    return g


def object_in_noise(rng, h, w):
    g = blank(h, w)
    oh, ow = rng.randint(2, 4), rng.randint(2, 4)
    r, c = rng.randint(0, h - oh), rng.randint(0, w - ow)
    colour = rng.choice([1, 2, 6, 8])
    for x in range(r, r + oh):
        for y in range(c, c + ow):
            if rng.random() < 0.8 or (x, y) in ((r, c), (r + oh - 1, c + ow - 1)):
                g[x][y] = colour
    return g


def pair(fn, g, hide=False):
    p = {"input": g}
    if not hide:
        p["output"] = fn(g)
    return p


def task(fn, inputs, tests, hide=False):
    return {
        "train": [pair(fn, g) for g in inputs],
        "test": [pair(fn, g, hide) for g in tests],
    }


def main():
    rng = random.Random(20261121)
    tasks = {}

    sizes = [(5, 5), (6, 4), (4, 7), (7, 6)]
    tasks["physics/gravity"] = task(gravity, [scatter(rng, h, w, [1, 2, 4], 0.3) for h, w in sizes[:3]],
                                    [scatter(rng, 8, 8, [1, 2, 4, 6], 0.3)])
    tasks["physics/draw-lines"] = task(lines, [objects_grid(rng, 6, 6, 0, 0) for _ in range(0)] + [
        [[0, 0, 0, 0, 0], [0, 2, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 7, 0], [0, 0, 0, 0, 0]],
        [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0], [8, 0, 0, 0, 0, 0]],
        [[0, 0, 3], [0, 0, 0], [0, 6, 0]]],
        [[[0, 0, 0, 0, 0, 0, 0], [0, 0, 4, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 9, 0],
          [0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]]])
    tasks["geometry/mirror"] = task(mirror_right, [scatter(rng, h, w, [1, 5, 8], 0.5) for h, w in [(3, 3), (4, 2), (5, 3)]],
                                    [scatter(rng, 4, 4, [1, 5, 8, 2], 0.5)])
    tasks["geometry/flip"] = task(flip_h, [scatter(rng, h, w, [2, 3, 4], 0.4) for h, w in [(3, 4), (5, 5), (2, 6)]],
                                  [scatter(rng, 4, 5, [2, 3, 4, 7], 0.4), scatter(rng, 6, 3, [1, 6], 0.5)])
    tasks["geometry/scale-up"] = task(scale2, [scatter(rng, h, w, [1, 2, 3, 4, 6], 0.6) for h, w in [(2, 2), (3, 2), (3, 3)]],
                                      [scatter(rng, 4, 3, [7, 8, 9], 0.6)])
    tasks["geometry/tile"] = task(tile2, [scatter(rng, h, w, [2, 4], 0.5) for h, w in [(2, 2), (3, 2), (2, 3)]],
                                  [scatter(rng, 3, 3, [6, 8], 0.5)])
    tasks["geometry/crop-object"] = task(crop, [object_in_noise(rng, h, w) for h, w in [(8, 8), (10, 7), (7, 9)]],
                                         [object_in_noise(rng, 12, 12)])
    tasks["colour/recolour"] = task(recolour, [scatter(rng, h, w, [1, 3, 5], 0.5) for h, w in [(4, 4), (5, 3), (3, 6)]],
                                    [scatter(rng, 6, 6, [1, 3, 5, 2], 0.5)])
    tasks["colour/fill-enclosed"] = task(fill_enclosed, [loops_grid(rng, h, w, 2) for h, w in [(8, 8), (9, 10), (10, 8)]],
                                         [loops_grid(rng, 12, 12, 3)])
    tasks["colour/denoise"] = task(denoise, [
        [[v if rng.random() > 0.15 else 5 for v in row] for row in objects_grid(rng, h, w, 3, c)]
        for (h, w), c in [((7, 7), 1), ((8, 6), 2), ((6, 9), 3)]],
        [[[v if rng.random() > 0.15 else 5 for v in row] for row in objects_grid(rng, 10, 10, 4, 4)]])
    tasks["colour/majority-colour"] = task(majority, [scatter(rng, h, w, cs, 0.6) for (h, w), cs in
                                                      [((3, 3), [1, 1, 2]), ((4, 4), [3, 4, 4]), ((5, 3), [6, 6, 6, 8])]],
                                           [scatter(rng, 5, 5, [2, 9, 9, 9], 0.6)])
    tasks["counting/count-objects"] = task(count_objects, [objects_grid(rng, h, w, n, 1) for (h, w), n in
                                                           [((6, 6), 2), ((7, 7), 4), ((6, 8), 3), ((8, 8), 5)]],
                                           [objects_grid(rng, 9, 9, 6, 1), objects_grid(rng, 7, 9, 3, 1)])
    tasks["hidden/outline"] = task(outline, [
        [[0, 0, 0, 0, 0, 0], [0, 2, 2, 2, 2, 0], [0, 2, 2, 2, 2, 0], [0, 2, 2, 2, 2, 0], [0, 0, 0, 0, 0, 0]],
        [[6, 6, 6, 0, 0], [6, 6, 6, 0, 0], [6, 6, 6, 0, 0], [0, 0, 0, 0, 0]],
        [[0, 0, 0, 0, 0, 0, 0], [0, 8, 8, 8, 8, 8, 0], [0, 8, 8, 8, 8, 8, 0], [0, 8, 8, 8, 8, 8, 0], [0, 8, 8, 8, 8, 8, 0]]],
        [[[4, 4, 4, 4, 0, 0], [4, 4, 4, 4, 0, 0], [4, 4, 4, 4, 0, 0], [4, 4, 4, 4, 3, 3], [0, 0, 0, 0, 3, 3]]], hide=True)

    for name, t in sorted(tasks.items()):
        path = os.path.join(OUT, name + ".json")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            json.dump(t, f, separators=(", ", ": "))
            f.write("\n")
        print(path)


if __name__ == "__main__":
    main()
