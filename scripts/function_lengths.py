#!/usr/bin/env python3
"""Lists C++ functions longer than N lines (default 60) in app/, kernels/ and tests/.

Rough: a function starts at a line ending in '{' whose text looks like a signature (has '(' and is
not a control statement, lambda, class, namespace or initializer) at brace depth of its enclosing
scope, and ends at the matching '}'. Good enough to find long functions; not a parser.
"""
import re
import sys
from pathlib import Path

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 60
roots = sys.argv[2:] or ["app", "kernels"]
control = re.compile(r"^\s*(if|for|while|switch|else|do|catch|try)\b|\[.*\]\s*\(|^\s*(class|struct|namespace|enum|union)\b|=\s*\{$|\breturn\b")
found = []
for root in roots:
    for path in sorted(Path(root).rglob("*")):
        if path.suffix not in {".cpp", ".h", ".cu", ".cuh"}:
            continue
        lines = path.read_text(errors="replace").splitlines()
        depth = 0
        stack = []  # (start line, name, depth at start)
        signature = ""
        for number, line in enumerate(lines, 1):
            code = re.sub(r"//.*", "", line)
            code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
            stripped = code.strip()
            if stripped:
                signature = (signature + " " + stripped)[-300:] if not stripped.endswith((";", "}")) else ""
            for ch in code:
                if ch == "{":
                    head = signature.strip()
                    is_function = "(" in head and not control.search(stripped) and not head.startswith("#")
                    name = re.findall(r"([~\w:]+)\s*\(", head)
                    stack.append((number, name[0] if name and is_function else None, depth))
                    depth += 1
                    signature = ""
                elif ch == "}":
                    depth -= 1
                    if stack:
                        start, name, _ = stack.pop()
                        if name and number - start + 1 > limit:
                            found.append((number - start + 1, f"{path}:{start}", name))
found.sort(reverse=True)
for length, where, name in found:
    print(f"{length:5d}  {where}  {name}")
print(f"{len(found)} functions over {limit} lines")
