#!/usr/bin/env python3
"""The DocC article Performance.md shows the same counts as BENCHMARKS.md.

Both hold a table of instructions per operation, one row per workload (`| W1 … |`). For
every workload in Performance.md's table, its plain, Signalbox and OpenCombine figures
must equal those of the first BENCHMARKS.md table row of the same workload. Run from the
repository root; exits 1 on a difference.
"""
import re
import sys

def rows(path, first_table_only):
    result = {}
    in_table = False
    for line in open(path, encoding="utf-8"):
        match = re.match(r"\|\s*([A-Z]\d+[a-z]?(?:-[\w-]+)?)\s[^|]*\|(.*)\|\s*$", line)
        if match:
            in_table = True
            cells = [c.strip() for c in match.group(2).split("|")]
            numbers = [c for c in cells if re.fullmatch(r"[\d,.]+|—", c)]
            result.setdefault(match.group(1), numbers[-3:])
        elif in_table and first_table_only and not line.startswith("|"):
            break
    return result

article = rows("Sources/Signalbox/Signalbox.docc/Performance.md", False)
benchmarks = rows("BENCHMARKS.md", True)
differences = [
    (name, numbers, benchmarks.get(name))
    for name, numbers in article.items()
    if benchmarks.get(name) != numbers
]
for name, ours, theirs in differences:
    print(f"Performance.md {name}: {ours}; BENCHMARKS.md: {theirs}")
if differences:
    sys.exit(f"{len(differences)} workload(s) differ between Performance.md and BENCHMARKS.md")
print(f"Performance.md agrees with BENCHMARKS.md on {len(article)} workloads")
