#!/usr/bin/env python3
"""Markdown tables from a benchmark file of `stridescope bench --json` (docs/gpu-results.md).
Usage: bench_markdown.py BENCH_JSON"""
import json
import sys

report = json.load(open(sys.argv[1]))
entries = {(e["kernel"], e["element_type"], e["n"]): e for e in report["entries"]}
kernels = []
for e in report["entries"]:
    if e["kernel"] not in kernels:
        kernels.append(e["kernel"])
print(f"Measured {report['date']} on {report['device']}, {report['toolkit']}. {report['method']}.")
print()
print("µs / GB/s of input read (copy: read + written), full reduction to one value:")
print()
print("| type | n | " + " | ".join(kernels) + " |")
print("|---|---|" + "---|" * len(kernels))
for type_ in ("float", "int"):
    for log2 in range(10, 29, 2):
        n = 1 << log2
        cells = []
        for k in kernels:
            e = entries.get((k, type_, n))
            cells.append(f"{e['median_us']:.1f} / {e['gbps']:.0f}" if e else "-")
        print(f"| {type_} | 2^{log2} | " + " | ".join(cells) + " |")
print()
print("Tuned against CUB (ratio = CUB time / tuned time):")
print()
print("| n | float tuned µs | float CUB µs | ratio | int tuned µs | int CUB µs | ratio |")
print("|---|---|---|---|---|---|---|")
for log2 in range(10, 29):
    n = 1 << log2
    row = [f"2^{log2}"]
    for type_ in ("float", "int"):
        t, c = entries[("tuned", type_, n)], entries[("cub", type_, n)]
        row += [f"{t['median_us']:.2f}", f"{c['median_us']:.2f}", f"{c['median_us'] / t['median_us']:.3f}"]
    print("| " + " | ".join(row) + " |")
