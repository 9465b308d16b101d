#!/usr/bin/env python3
"""Bank conflicts of a program's launches: Nsight Compute's counters for the whole launch against
StrideScope's count from the GPU's own trace of block 0 (`stridescope check`), times the launch's
blocks (each block of these kernels addresses shared memory alike). The traces are those of
scripts/gpu-trace-diff.sh (TRACES/NAME.LK/gpu.json), else made here.
Usage: ncu_program_compare.py STRIDESCOPE TRACES FILE.cu... > table.md"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile

binary, traces, files = sys.argv[1], sys.argv[2], sys.argv[3:]
LD = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
ST = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"


def ncu_launches(program):
    """[(kernel, ld, st)] in launch order."""
    cmd = ["ncu", "--csv", "--print-units", "base", "--metrics", f"{LD},{ST}", program]
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    rows = [l for l in text.splitlines() if l.startswith('"')]
    launches = {}
    for row in csv.DictReader(io.StringIO("\n".join(rows))):
        name = row.get("Metric Name")
        if name not in (LD, ST):
            continue
        entry = launches.setdefault(int(row["ID"]), [row["Kernel Name"], 0, 0])
        entry[1 if name == LD else 2] = int(float(row["Metric Value"].replace(",", "")))
    if not launches:
        raise RuntimeError("ncu reported no kernel for " + program + ":\n" + text[-2000:])
    return [tuple(launches[k]) for k in sorted(launches)]


def trace_counts(path):
    text = subprocess.run([binary, "check", path], capture_output=True, text=True)
    m = re.search(r"bank conflicts \(extra wavefronts, whole block\): ld (\d+) st (\d+)", text.stdout)
    if not m:
        raise RuntimeError("stridescope check " + path + ": " + (text.stderr or text.stdout)[-500:])
    blocks = json.load(open(path))["run"]["grid_size"]
    return int(m.group(1)), int(m.group(2)), blocks


print("| program | launch | kernel | blocks | ncu ld | trace ld x blocks | ncu st | trace st x blocks | |")
print("|---|---|---|---|---|---|---|---|---|")
all_equal = True
for f in files:
    name = os.path.splitext(os.path.basename(f))[0]
    with tempfile.TemporaryDirectory() as keep:
        built = subprocess.run([binary, "run", f, "--backend", "cuda", "--keep", keep],
                               capture_output=True, text=True)
        try:
            hardware = ncu_launches(os.path.join(keep, "program"))
        except (RuntimeError, OSError) as e:
            print(f"{name}: {built.stderr[-500:]} {e}", file=sys.stderr)
            print(f"| {name} | - | not built or not profiled (see the log) | | | | | | DIFFER |")
            all_equal = False
            continue
        for k, (kernel, ncu_ld, ncu_st) in enumerate(hardware):
            trace = os.path.join(traces, f"{name}.L{k}", "gpu.json")
            log = os.path.join(traces, f"{name}.L{k}", "run.log")
            said = open(log).read() if os.path.exists(log) else ""
            if not os.path.exists(trace) and not said:
                trace = os.path.join(keep, f"L{k}.json")
                said = subprocess.run([binary, "run", f, "--backend", "cuda", "--launch", str(k),
                                       "--out", trace], capture_output=True, text=True).stderr
            try:
                if "uses no shared memory" in said:
                    ld, st, blocks = 0, 0, "-"
                else:
                    ld, st, blocks = trace_counts(trace)
                model = (ld * blocks, st * blocks) if blocks != "-" else (0, 0)
                cells = f"{model[0]} | {ncu_st} | {model[1]}"
                equal = model == (ncu_ld, ncu_st)
            except (RuntimeError, OSError, KeyError, ValueError) as e:
                print(f"{name} launch {k}: {e}", file=sys.stderr)
                blocks, cells, equal = "?", f"no trace | {ncu_st} | no trace", False
            all_equal &= equal
            print(f"| {name} | {k} | {kernel.split('(')[0]} | {blocks} | {ncu_ld} | {cells} | "
                  f"{'agree' if equal else 'DIFFER'} |")
sys.exit(0 if all_equal else 1)
