#!/usr/bin/env python3
"""Shows the probe compiles away: diffs the SASS of each untraced (NoProbe) kernel against a
hand-written probe-free copy (app/catalog/cuda/plain_reference.cu). Usage: sass_compare.py BUILD_DIR ARCH"""
import re
import subprocess
import sys
from pathlib import Path

build, arch = Path(sys.argv[1]), sys.argv[2]


def functions(obj):
    text = subprocess.run(["cuobjdump", "-sass", "-arch", arch, str(obj)], capture_output=True,
                          text=True, check=True).stdout
    found, name = {}, None
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            name = m.group(1)
            found[name] = []
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(.*?);", line)
        if name and m:
            found[name].append(re.sub(r"\s+", " ", m.group(1)))
    return found


def demangled(name):
    return subprocess.run(["c++filt", name], capture_output=True, text=True).stdout.strip() or name


probe = functions(next(build.rglob("device_reduce.cu.o")))
plain = functions(next(build.rglob("plain_reference.cu.o")))
rows, same_all = [], True
for variant in ("reduce_sequential", "reduce_interleaved_divergent", "reduce_interleaved_strided"):
    for type_name, mangled_type in (("float", "f"), ("int", "i")):
        a = [n for n in probe if variant in n and "NoProbe" in n and re.search(rf"I{mangled_type}N", n)]
        b = [n for n in plain if variant in n and re.search(rf"I{mangled_type}E", n)]
        if not a or not b:
            rows.append(f"| {variant} | {type_name} | missing | | |")
            same_all = False
            continue
        sa, sb = probe[a[0]], plain[b[0]]
        same = sa == sb
        same_all &= same
        rows.append(f"| {variant} | {type_name} | {len(sa)} | {len(sb)} | {'identical' if same else 'DIFFERENT'} |")
print(f"SASS of the untraced build vs a probe-free copy ({arch})\n")
print("| kernel | type | NoProbe instructions | plain instructions | machine code |")
print("|---|---|---|---|---|")
print("\n".join(rows))
sys.exit(0 if same_all else 1)
