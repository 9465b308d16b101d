#!/usr/bin/env python3
"""Markdown tables from a benchmark file of `stridescope bench --json` (docs/gpu-results.md), in
ladder order (Harris's kernels 1..7, the others, CUB, the copy). Version 2 files give each cell's
spread: median µs ±IQR% / GB/s, "!" on a point marked unstable; version 1 files have medians only.
Usage: bench_markdown.py BENCH_JSON"""
import json
import sys

HARRIS = ["interleaved-divergent", "interleaved-strided", "sequential", "first-add",
          "unroll-last-warp", "complete-unroll", "multi-element"]
OTHERS = ["serial", "atomic-add", "repeated-launches", "tuned", "warp-shuffle",
          "cooperative-groups", "max", "min", "kahan", "dot-product", "dot-product-lock"]


def ladder_rank(kernel):
    if kernel in HARRIS:
        return HARRIS.index(kernel)
    if kernel in OTHERS:
        return len(HARRIS) + OTHERS.index(kernel)
    return {"cub": 100, "copy": 101}.get(kernel, 99)


def header(kernel):
    if kernel in HARRIS:
        return f"k{HARRIS.index(kernel) + 1} {kernel}"
    return kernel


def spread(e):
    if "q1_us" not in e:
        return ""
    text = f" ±{100 * (e['q3_us'] - e['q1_us']) / e['median_us']:.1f}%"
    return text + ("!" if e.get("unstable") else "")


report = json.load(open(sys.argv[1]))
entries = {(e["kernel"], e["element_type"], e["n"]): e for e in report["entries"]}
kernels = []
for e in report["entries"]:
    if e["kernel"] not in kernels:
        kernels.append(e["kernel"])
kernels.sort(key=ladder_rank)  # stable: unknown kernels keep their measured order
version = report.get("version", 1)
print(f"Measured {report['date']} on {report['device']}, {report['toolkit']}. {report['method']}.")
print()
if version >= 2:
    print("median µs ±IQR (q3 - q1 over the median of the trials; ! unstable) / GB/s of input read "
          "(copy: read + written), full reduction to one value:")
else:
    print("median µs / GB/s of input read (copy: read + written), full reduction to one value "
          "(a version-1 file: medians only, no spread):")
print()
print("| type | n | " + " | ".join(header(k) for k in kernels) + " |")
print("|---|---|" + "---|" * len(kernels))
for type_ in ("float", "int"):
    for log2 in range(10, 29, 2):
        n = 1 << log2
        cells = []
        for k in kernels:
            e = entries.get((k, type_, n))
            cells.append(f"{e['median_us']:.1f}{spread(e)} / {e['gbps']:.0f}" if e else "-")
        print(f"| {type_} | 2^{log2} | " + " | ".join(cells) + " |")
print()
print("Tuned against CUB (medians; ratio = CUB time / tuned time):")
print()
print("| n | float tuned µs | float CUB µs | ratio | int tuned µs | int CUB µs | ratio |")
print("|---|---|---|---|---|---|---|")
for log2 in range(10, 29):
    n = 1 << log2
    row = [f"2^{log2}"]
    for type_ in ("float", "int"):
        t, c = entries.get(("tuned", type_, n)), entries.get(("cub", type_, n))
        if not t or not c:
            row += ["-", "-", "-"]
            continue
        row += [f"{t['median_us']:.2f}{spread(t)}", f"{c['median_us']:.2f}{spread(c)}",
                f"{c['median_us'] / t['median_us']:.3f}"]
    print("| " + " | ".join(row) + " |")
unstable = [e for e in report["entries"] if e.get("unstable")]
if unstable:
    print()
    print("Unstable points (their trials' IQR stayed above the limit): " +
          ", ".join(f"{e['kernel']} {e['element_type']} 2^{e['n'].bit_length() - 1}"
                    for e in unstable) + ".")
