#!/usr/bin/env python3
"""An lcov tracefile of regcon's sources from gcov's JSON, exception
branches left out.

  coverage/gcov_capture.py BUILD_DIR > regcon.info

Why not `lcov --capture --rc geninfo_no_exception_branch=1`: Debian's lcov
1.16 geninfo defines its JSON reader twice and the second definition, the
one perl keeps, ignores that setting, so every call that may throw keeps its
exception branch (the text reader that honours it cannot parse gcc 12's
notes files). gcov itself marks those branches ("throw": true), so this
script reads gcov's JSON (`gcov --json-format --stdout`) for every .gcda
under BUILD_DIR and writes the tracefile genhtml reads, keeping only the
sources of core/, reference/, optimized/, registry/ and recast/:

  lines      every line gcov counts, summed over the objects that compile
             it; except a line that holds only a closing brace, was never
             run and belongs to a function that ran: gcc puts there only
             the destructors of the exception path (the normal path's run
             on the return line), so it is an exception line, not code.
  branches   every branch gcov counts except those marked "throw",
             per line and function, summed over the objects.
  functions  every function with its entry count.
"""

import json
import os
import subprocess
import sys

FOLDERS = ("core", "reference", "optimized", "registry", "recast")
BATCH = 40


def gcov_json(gcda_files, cwd):
    done = subprocess.run(["gcov", "--json-format", "--stdout", "--branch-probabilities",
                           "--branch-counts", *gcda_files],
                          capture_output=True, text=True, cwd=cwd,
                          check=True)
    for line in done.stdout.splitlines():
        if line.strip():
            yield json.loads(line)


def wanted(path, root):
    relative = os.path.relpath(path, root)
    return relative.split(os.sep)[0] in FOLDERS and \
        not relative.startswith("..")


def merge(record, data, root):
    base = record.get("current_working_directory", "")
    for f in record["files"]:
        path = os.path.normpath(os.path.join(base, f["file"]))
        if not wanted(path, root):
            continue
        into = data.setdefault(path, {"lines": {}, "branches": {},
                                      "functions": {}, "lineFunction": {}})
        for fn in f.get("functions", []):
            name = fn["name"]
            old = into["functions"].get(name, (fn["start_line"], 0))
            into["functions"][name] = (old[0],
                                       old[1] + fn["execution_count"])
        for line in f.get("lines", []):
            n = line["line_number"]
            into["lines"][n] = into["lines"].get(n, 0) + line["count"]
            into["lineFunction"].setdefault(n, line.get("function_name"))
            kept = [b for b in line.get("branches", []) if not b["throw"]]
            for i, b in enumerate(kept):
                key = (n, line.get("function_name", ""), i)
                into["branches"][key] = into["branches"].get(key, 0) + \
                    b["count"]


def exception_only_lines(path, data):
    """Never-run lines holding only a closing brace in functions that ran."""
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read().splitlines()
    except OSError:
        return set()
    ran = {name for name, (_, count) in data["functions"].items() if count}
    out = set()
    for n, count in data["lines"].items():
        text = source[n - 1].strip() if n <= len(source) else ""
        if count == 0 and text in ("}", "};") and \
                data["lineFunction"].get(n) in ran:
            out.add(n)
    return out


def write(data, out):
    for path in sorted(data):
        d = data[path]
        skip = exception_only_lines(path, d)
        out.write("TN:\nSF:%s\n" % path)
        for name, (line, count) in sorted(d["functions"].items(),
                                          key=lambda kv: kv[1][0]):
            out.write("FN:%d,%s\n" % (line, name))
        for name, (line, count) in sorted(d["functions"].items(),
                                          key=lambda kv: kv[1][0]):
            out.write("FNDA:%d,%s\n" % (count, name))
        out.write("FNF:%d\nFNH:%d\n" % (
            len(d["functions"]),
            sum(1 for _, c in d["functions"].values() if c)))
        numbers = {}
        for (n, function, i), count in sorted(d["branches"].items()):
            if n in skip:
                continue
            b = numbers.get(n, 0)
            numbers[n] = b + 1
            taken = count if d["lines"].get(n, 0) else "-"
            out.write("BRDA:%d,0,%d,%s\n" % (n, b, taken))
        branches = [(k, c) for k, c in d["branches"].items()
                    if k[0] not in skip]
        out.write("BRF:%d\nBRH:%d\n" % (len(branches),
                                        sum(1 for _, c in branches if c)))
        lines = {n: c for n, c in d["lines"].items() if n not in skip}
        for n in sorted(lines):
            out.write("DA:%d,%d\n" % (n, lines[n]))
        out.write("LF:%d\nLH:%d\nend_of_record\n" % (
            len(lines), sum(1 for c in lines.values() if c)))


def main():
    build = os.path.abspath(sys.argv[1])
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    gcda = sorted(os.path.join(d, f) for d, _, files in os.walk(build)
                  for f in files if f.endswith(".gcda"))
    data = {}
    with_cwd = build
    for start in range(0, len(gcda), BATCH):
        for record in gcov_json(gcda[start:start + BATCH], with_cwd):
            merge(record, data, root)
    write(data, sys.stdout)


if __name__ == "__main__":
    main()
