#!/usr/bin/env python3
"""Writes large but valid StrideScope traces, to time `stridescope check` and the GUI on them.

  make_big_trace.py steps N OUT        N barrier steps of one 32-thread warp doing s[t] += s[t+1]
  make_big_trace.py syncwarp N OUT     one step: 32 lanes, N rounds of read / __syncwarp / write /
                                       __syncwarp on neighbouring words (race-free)
  make_big_trace.py broadcast N OUT    one step: N rounds of lane r%32 writes s[0], __syncwarp, all
                                       32 lanes read s[0], __syncwarp (race-free)
  make_big_trace.py bytes MB OUT       one 1024-thread block, as many steps as make about MB
                                       megabytes of JSON
"""
import json
import sys


def header(block, words, steps):
    return {"format": "stridescope-trace", "version": 2,
            "run": {"variant": "synthetic", "element_type": "int", "operator": "sum",
                    "n": block, "block_size": block, "grid_size": 1, "input": "ones", "seed": 1,
                    "backend": "recorded", "device": "make_big_trace.py", "toolkit": ""},
            "word_size": 4, "shared_words": words, "result": 0, "reference": block,
            "blocks": [{"block": 0, "partial": 0, "steps": steps}],
            "second_stage": "host", "passes": [{"n": block, "grid": 1, "partials": [0]}]}


def step(accesses, syncs=(), kind="barrier", words=32):
    return {"kind": kind, "line": 10, "label": "synthetic", "snapshot": [1] * words,
            "accesses": accesses, "warp_syncs": list(syncs), "shuffles": []}


def neighbour_adds(threads, words, epoch=0, order=0):
    out = []
    for t in range(threads):
        out.append([t, order, 4 * ((t + 1) % words), 4, "r", 10, epoch])
        out.append([t, order + 1, 4 * t, 4, "r", 10, epoch])
        out.append([t, order + 2, 4 * t, 4, "w", 10, epoch])
    return out


def main():
    kind, size, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if kind == "steps":
        trace = header(32, 32, [step(neighbour_adds(32, 32)) for _ in range(size)])
    elif kind == "syncwarp":
        accesses, syncs, order = [], [], [0] * 32
        for r in range(size):  # read neighbour, sync, write own, sync
            for t in range(32):
                accesses.append([t, order[t], 4 * ((t + 1) % 32), 4, "r", 10, 2 * r])
                order[t] += 1
            syncs.append([0, 0xFFFFFFFF, 11])
            for t in range(32):
                accesses.append([t, order[t], 4 * t, 4, "w", 12, 2 * r + 1])
                order[t] += 1
            syncs.append([0, 0xFFFFFFFF, 13])
        trace = header(32, 32, [step(accesses, syncs)])
    elif kind == "broadcast":
        accesses, syncs, order = [], [], [0] * 32
        for r in range(size):
            accesses.append([r % 32, order[r % 32], 0, 4, "w", 12, 2 * r])
            order[r % 32] += 1
            syncs.append([0, 0xFFFFFFFF, 13])
            for t in range(32):
                accesses.append([t, order[t], 0, 4, "r", 14, 2 * r + 1])
                order[t] += 1
            syncs.append([0, 0xFFFFFFFF, 15])
        trace = header(32, 32, [step(accesses, syncs)])
    elif kind == "bytes":
        one = json.dumps(step(neighbour_adds(1024, 1024), words=1024), separators=(",", ":"))
        count = max(1, size * 1000000 // len(one))
        trace = header(1024, 1024, [step(neighbour_adds(1024, 1024), words=1024)] * count)
    else:
        sys.exit(__doc__)
    with open(path, "w") as out:
        json.dump(trace, out, separators=(",", ":"))


main()
