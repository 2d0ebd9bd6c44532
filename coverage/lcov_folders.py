#!/usr/bin/env python3
"""Line and branch coverage per top folder of an lcov tracefile.

  coverage/lcov_folders.py build/coverage/regcon.info [--json]
  coverage/lcov_folders.py build/coverage/regcon.info --uncovered FOLDER

Prints one line per folder (core/, reference/, optimized/, ...): lines hit
of lines, branches taken of branches. The tracefile is read as written;
coverage/coverage.sh writes it with coverage/gcov_capture.py, which leaves
out the branches gcc adds for exception propagation.
--uncovered lists every line never run and every branch never taken in
FOLDER, with its source line (the worklist of coverage/exclusions.md).
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


def uncovered(files, root, folder):
    for path, data in sorted(files.items()):
        relative = os.path.relpath(path, root)
        if not relative.startswith(folder.rstrip("/") + "/"):
            continue
        with open(path, encoding="utf-8") as f:
            source = f.read().splitlines()
        missed = {}
        for n, hits in data["lines"].items():
            if hits == 0:
                missed.setdefault(n, []).append("line")
        for (n, block, branch), taken in data["branches"].items():
            if taken == 0 and data["lines"].get(n, 0) > 0:
                missed.setdefault(n, []).append("branch %s.%s" % (block,
                                                                 branch))
        for n in sorted(missed):
            print("%s:%d [%s] %s" % (relative, n, ", ".join(missed[n]),
                                     source[n - 1].strip()))


def main():
    path = sys.argv[1]
    root = os.path.abspath(os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    files = read_tracefile(path)
    if "--uncovered" in sys.argv[2:]:
        uncovered(files, root, sys.argv[sys.argv.index("--uncovered") + 1])
        return
    rows = totals(files, root)
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
