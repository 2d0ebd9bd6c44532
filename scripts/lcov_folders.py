#!/usr/bin/env python3
"""Line and branch coverage per top folder of an lcov tracefile.

  scripts/lcov_folders.py build/coverage/regcon.info [--json]

Prints one line per folder (core/, reference/, optimized/, ...): lines hit
of lines, branches taken of branches. The tracefile is read as geninfo
wrote it; scripts/coverage.sh captures it with geninfo_no_exception_branch=1,
so the branches gcc adds for exception propagation are not in it.
"""

import json
import os
import sys


def read_tracefile(path):
    """{source path: {"lines": {line: hits}, "branches": {(line, block,
    branch): taken}, "functions": {name: line}}} from an lcov tracefile."""
    files, current = {}, None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            tag, _, value = line.partition(":")
            if tag == "SF":
                current = files.setdefault(
                    value, {"lines": {}, "branches": {}, "functions": {}})
            elif tag == "DA":
                number, hits = value.split(",")[:2]
                lines = current["lines"]
                lines[int(number)] = lines.get(int(number), 0) + int(hits)
            elif tag == "BRDA":
                number, block, branch, taken = value.split(",")
                key = (int(number), block, branch)
                count = 0 if taken == "-" else int(taken)
                current["branches"][key] = \
                    current["branches"].get(key, 0) + count
            elif tag == "FN":
                number, name = value.split(",", 1)
                current["functions"][name] = int(number)
    return files


def folder_of(path, root):
    relative = os.path.relpath(path, root)
    return relative.split(os.sep)[0]


def totals(files, root):
    """{folder: [lines hit, lines, branches taken, branches]}."""
    out = {}
    for path, data in files.items():
        row = out.setdefault(folder_of(path, root), [0, 0, 0, 0])
        row[0] += sum(1 for h in data["lines"].values() if h > 0)
        row[1] += len(data["lines"])
        row[2] += sum(1 for t in data["branches"].values() if t > 0)
        row[3] += len(data["branches"])
    return out


def percent(hit, count):
    return 100.0 * hit / count if count else 100.0


def main():
    path = sys.argv[1]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    rows = totals(read_tracefile(path), os.path.abspath(root))
    if "--json" in sys.argv[2:]:
        print(json.dumps(rows, indent=1, sort_keys=True))
        return
    print("coverage by folder (branches without exception branches):")
    for folder, (lh, lc, bh, bc) in sorted(rows.items()):
        print("  %-10s lines %5.1f%% (%d of %d)  branches %5.1f%% (%d of %d)"
              % (folder + "/", percent(lh, lc), lh, lc, percent(bh, bc), bh,
                 bc))


if __name__ == "__main__":
    main()
