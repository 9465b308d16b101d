#!/usr/bin/env python3
"""Compares two same-size 8-bit RGB(A) PNGs: prints where they differ (a coarse grid of cells)."""
import os
import sys


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngs import read_png  # noqa: E402

w1, h1, a = read_png(sys.argv[1])
w2, h2, b = read_png(sys.argv[2])
assert (w1, h1) == (w2, h2), ((w1, h1), (w2, h2))
cell = int(sys.argv[3]) if len(sys.argv) > 3 else max(1, w1 // 32)
for y0 in range(0, h1, cell):
    line = ""
    for x0 in range(0, w1, cell):
        bad = sum(1 for y in range(y0, min(h1, y0 + cell)) for x in range(x0, min(w1, x0 + cell))
                  if max(abs(p - q) for p, q in zip(a[y][x], b[y][x])) > 40)
        line += "#" if bad > cell * cell // 8 else ("+" if bad else ".")
    print(line)
