#!/usr/bin/env python3
"""Bank conflicts: Nsight Compute's counters against StrideScope's trace analysis of the same
one-block launch. Usage: ncu_compare.py STRIDESCOPE_BINARY OUT_JSON > table.md"""
import csv
import io
import json
import re
import subprocess
import sys
import tempfile

binary, out_json = sys.argv[1], sys.argv[2]
LD = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
ST = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
VARIANTS = ["interleaved-divergent", "interleaved-strided", "sequential"]


def ncu_counters(args):
    cmd = ["ncu", "--csv", "--print-units", "base", "--metrics", f"{LD},{ST}", binary, "device-run"] + args
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    lines = [l for l in text.splitlines() if l.startswith('"')]
    values = {LD: 0, ST: 0}
    kernels = 0
    for row in csv.DictReader(io.StringIO("\n".join(lines))):
        if row.get("Metric Name") in values:
            values[row["Metric Name"]] += int(float(row["Metric Value"].replace(",", "")))
            kernels += row["Metric Name"] == LD
    if kernels == 0:
        raise RuntimeError("ncu reported no kernel for " + " ".join(args) + ":\n" + text[-2000:])
    return values[LD], values[ST]


def model_counters(args):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        subprocess.run([binary, "trace", "--out", f.name] + args, check=True, capture_output=True)
        text = subprocess.run([binary, "check", f.name], check=True, capture_output=True, text=True).stdout
    m = re.search(r"bank conflicts \(extra wavefronts, whole block\): ld (\d+) st (\d+)", text)
    return int(m.group(1)), int(m.group(2))


rows, all_equal = [], True
for variant in VARIANTS:
    for block in (64, 256, 1024):
        for element_type in ("int", "float", "double"):
            args = ["--variant", variant, "--block", str(block), "--n", str(block), "--type", element_type,
                    "--input", "iota"]
            hw = ncu_counters(args)
            model = model_counters(args)
            equal = hw == model
            all_equal &= equal
            rows.append({"variant": variant, "block": block, "element_type": element_type,
                         "ncu_ld": hw[0], "ncu_st": hw[1], "model_ld": model[0], "model_st": model[1]})
            print(f"| {variant} | {block} | {element_type} | {hw[0]} | {model[0]} | {hw[1]} | {model[1]} | "
                  f"{'agree' if equal else 'DIFFER'} |", file=sys.stderr)

print("| variant | block | type | ncu ld | model ld | ncu st | model st | |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    same = (r["ncu_ld"], r["ncu_st"]) == (r["model_ld"], r["model_st"])
    print(f"| {r['variant']} | {r['block']} | {r['element_type']} | {r['ncu_ld']} | {r['model_ld']} | "
          f"{r['ncu_st']} | {r['model_st']} | {'agree' if same else 'DIFFER'} |")
with open(out_json, "w") as f:
    json.dump({"format": "stridescope-ncu-bank-conflicts", "metrics": [LD, ST], "rows": rows}, f, indent=1)
sys.exit(0 if all_equal else 1)
