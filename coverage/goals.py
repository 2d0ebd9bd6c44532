#!/usr/bin/env python3
"""The coverage goal of each folder (coverage/goals.json), held by gcovr.

  coverage/goals.py check COVERAGE_JSON [--summary OUT] [--goals FILE]
  coverage/goals.py table [--goals FILE]

check   for each folder of the goals file, runs gcovr on the JSON that
        coverage/coverage.sh wrote (`--add-tracefile`, the folder's files
        only) with the folder's `--fail-under-line` and
        `--fail-under-branch`, prints the folder's lines and branches and
        exits 1 when any folder is below its goal (or has no file in the
        report). --summary writes every folder's totals as JSON (for
        audit/audit.py). Run from the root of the tree the JSON was made in.
table   prints the goals as the Markdown table of coverage/README.md.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOALS = os.path.join(HERE, "goals.json")
# gcovr's exit status for a missed --fail-under-line / --fail-under-branch.
LINE_MISSED, BRANCH_MISSED = 2, 4


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["folders"]


def folder_totals(tracefile, folder, goal):
    """(gcovr's exit status, {lines: [hit, count], branches: [...]})."""
    done = subprocess.run(
        ["gcovr", "--add-tracefile", tracefile, "--filter", folder + "/",
         "--fail-under-line", str(goal["lines"]),
         "--fail-under-branch", str(goal["branches"]),
         "--json-summary", "-"], capture_output=True, text=True)
    if done.returncode not in (0, LINE_MISSED, BRANCH_MISSED,
                               LINE_MISSED | BRANCH_MISSED):
        raise RuntimeError("gcovr failed on %s/: %s" % (folder,
                                                        done.stderr.strip()))
    summary = json.loads(done.stdout)
    return done.returncode, {
        "lines": [summary["line_covered"], summary["line_total"]],
        "branches": [summary["branch_covered"], summary["branch_total"]]}


def percent(pair):
    return 100.0 * pair[0] / pair[1] if pair[1] else 100.0


def check(tracefile, goals, summary_path):
    missed, summary = [], {}
    for folder, goal in goals.items():
        status, totals = folder_totals(tracefile, folder, goal)
        summary[folder] = dict(totals, goal=[goal["lines"],
                                             goal["branches"]])
        marks = []
        if totals["lines"][1] == 0:
            marks.append("no file of %s/ in the report" % folder)
        if status & LINE_MISSED:
            marks.append("lines below %g %%" % goal["lines"])
        if status & BRANCH_MISSED:
            marks.append("branches below %g %%" % goal["branches"])
        print("  %-13s lines %5.1f %% (%d of %d, goal %g %%)  branches "
              "%5.1f %% (%d of %d, goal %g %%)%s" % (
                  folder + "/", percent(totals["lines"]),
                  totals["lines"][0], totals["lines"][1], goal["lines"],
                  percent(totals["branches"]), totals["branches"][0],
                  totals["branches"][1], goal["branches"],
                  "  MISSED: " + ", ".join(marks) if marks else ""))
        missed += ["%s/: %s" % (folder, m) for m in marks]
    if summary_path:
        with open(summary_path, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    for m in missed:
        print("coverage goal missed: " + m, file=sys.stderr)
    return 1 if missed else 0


def table(goals):
    print("| folder | lines | branches | why not 100 % |")
    print("|---|---|---|---|")
    for folder, goal in goals.items():
        print("| `%s/` | %g %% | %g %% | %s |" % (
            folder, goal["lines"], goal["branches"], goal["why"]))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("what", choices=("check", "table"))
    parser.add_argument("tracefile", nargs="?",
                        help="gcovr's JSON (check)")
    parser.add_argument("--goals", default=GOALS)
    parser.add_argument("--summary", help="write the totals here (check)")
    args = parser.parse_args()
    goals = load(args.goals)
    if args.what == "table":
        table(goals)
        return 0
    if not args.tracefile:
        parser.error("check needs the JSON coverage/coverage.sh wrote")
    print("coverage by folder (gcovr; throw and unreachable branches left "
          "out):")
    return check(args.tracefile, goals, args.summary)


if __name__ == "__main__":
    sys.exit(main())
