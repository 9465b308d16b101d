#!/usr/bin/env python3
"""Hazard lab against the GPU's own tools: every catalog variant's plain (untraced) build under
compute-sanitizer racecheck, synccheck and initcheck, beside `stridescope lab` (the emulator's trace
analyses) for the same launch. Usage: sanitizer_compare.py STRIDESCOPE_BINARY OUT_DIR > table.md
Raw tool logs go to OUT_DIR/sanitizer/; the comparison to OUT_DIR/sanitizer.json."""
import json
import os
import re
import subprocess
import sys

binary, out_dir = sys.argv[1], sys.argv[2]
logs = os.path.join(out_dir, "sanitizer")
os.makedirs(logs, exist_ok=True)
SANITIZER = os.environ.get("COMPUTE_SANITIZER", "compute-sanitizer")


def variants():
    text = subprocess.run([binary, "list"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in text.splitlines() if line and not line[0].isspace()]


def launch_args(variant):
    block = 96 if variant == "bug-odd-block" else 256
    return ["--variant", variant, "--block", str(block), "--n", str(2 * block), "--type", "int",
            "--input", "iota"], block


def sanitizer(tool, variant, args):
    # detect-level info: racecheck also reports the hazards it rates as informational
    extra = ["--racecheck-report", "analysis", "--racecheck-detect-level", "info"] if tool == "racecheck" else []
    cmd = [SANITIZER, "--tool", tool, *extra, "--print-limit", "1000", binary, "device-run", *args]
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        text, code = run.stdout + run.stderr, run.returncode
    except subprocess.TimeoutExpired as e:
        text, code = (e.stdout or b"").decode() + "\n(timed out after 120 s)", -1
    with open(os.path.join(logs, f"{variant}.{tool}.log"), "w") as f:
        f.write(" ".join(cmd) + "\n" + text)
    return text, code


def error_count(text):
    m = re.search(r"ERROR SUMMARY: (\d+) error", text)
    return int(m.group(1)) if m else None


def racecheck_findings(text):
    """Hazard count and the unordered source-line pairs racecheck names (needs -lineinfo)."""
    m = re.search(r"RACECHECK SUMMARY: (\d+) hazard", text)
    hazards = int(m.group(1)) if m else (error_count(text) or 0)
    located = re.findall(r"(?:Read|Write) access at .*? in (\S+?):(\d+)", text)
    pairs = set()
    for i in range(0, len(located) - 1, 2):
        pairs.add(tuple(sorted((int(located[i][1]), int(located[i + 1][1])))))
    return hazards, sorted(pairs)


def lab(variant, args):
    path = os.path.join(logs, f"{variant}.lab.json")
    subprocess.run([binary, "lab", *args, "--json", path], check=True, capture_output=True)
    with open(path) as f:
        return json.load(f)


def yes(flag):
    return "yes" if flag else "no"


rows, results = [], []
for variant in variants():
    args, block = launch_args(variant)
    ours = lab(variant, args)
    race_text, _ = sanitizer("racecheck", variant, args)
    sync_text, _ = sanitizer("synccheck", variant, args)
    init_text, _ = sanitizer("initcheck", variant, args)
    race_hazards, race_pairs = racecheck_findings(race_text)
    sync_errors = error_count(sync_text)
    init_errors = error_count(init_text)
    our_pairs = sorted({tuple(sorted((h["first_line"], h["second_line"]))) for h in ours["hazard_lines"]})
    race_agree = (race_hazards > 0) == (ours["hazards"] > 0) and set(race_pairs) <= set(our_pairs)
    sync_agree = sync_errors is not None and (sync_errors > 0) == (ours["divergent_barriers"] > 0)
    init_agree = init_errors is not None and (init_errors > 0) == (ours["uninitialized_reads"] > 0)
    results.append({"variant": variant, "block": block, "n": 2 * block,
                    "racecheck": {"hazards": race_hazards, "line_pairs": race_pairs},
                    "synccheck_errors": sync_errors, "initcheck_errors": init_errors,
                    "stridescope": ours, "race_agree": race_agree, "sync_agree": sync_agree,
                    "init_agree": init_agree})
    pairs = lambda ps: ", ".join(f"{a}-{b}" for a, b in ps) or "-"
    rows.append(f"| {variant} | {block} | {race_hazards} ({pairs(race_pairs)}) | {ours['hazards']} "
                f"({pairs(our_pairs)}) | {yes(race_agree)} | {sync_errors} | "
                f"{ours['divergent_barriers']} | {yes(sync_agree)} | {init_errors} | "
                f"{ours['uninitialized_reads']} | {yes(init_agree)} | {ours['lost'] if ours['lost_traced'] else '-'} |")

with open(os.path.join(out_dir, "sanitizer.json"), "w") as f:
    json.dump(results, f, indent=2)
print("| variant | block | racecheck hazards (line pairs) | StrideScope hazards (line pairs) | same "
      "| synccheck errors | StrideScope divergent barriers | same | initcheck errors | StrideScope "
      "uninitialized reads | same | StrideScope lost elements |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
print()
print("race verdicts agree:", all(r["race_agree"] for r in results))
print("divergence verdicts agree:", all(r["sync_agree"] for r in results))
print("uninitialized-read verdicts agree:", all(r["init_agree"] for r in results))
