#!/usr/bin/env python3
"""coverage/goals.py on a hand-written gcovr report (ctest
coverage_goals_fail_a_run): gcovr holds each folder to its own goal, so a
folder below its line or branch goal, or absent from the report, fails the
run that make coverage and make audit end with; the totals it writes are
the hand-counted ones; `table` prints the goals file's table."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def line(number, count, branches=()):
    return {"line_number": number, "count": count,
            "branches": [{"count": b, "fallthrough": False, "throw": False}
                         for b in branches],
            "gcovr/excluded": False, "gcovr/noncode": False}


# core/: 4 of 4 lines, 3 of 4 branches. kit/: 1 of 4 lines, 1 of 2 branches.
REPORT = {"gcovr/format_version": "0.3", "files": [
    {"file": "core/a.cpp", "functions": [],
     "lines": [line(1, 2, (1, 1)), line(2, 1, (3, 0)), line(3, 1),
               line(4, 5)]},
    {"file": "kit/b.cpp", "functions": [],
     "lines": [line(1, 1, (1, 0)), line(2, 0), line(3, 0), line(4, 0)]}]}


class Goals(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="coverage-goals-")
        self.report = os.path.join(self.dir, "coverage.json")
        with open(self.report, "w") as f:
            json.dump(REPORT, f)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def goals(self, folders):
        path = os.path.join(self.dir, "goals.json")
        with open(path, "w") as f:
            json.dump({"folders": {
                name: {"lines": l, "branches": b, "why": "fixture"}
                for name, (l, b) in folders.items()}}, f)
        return path

    def run_goals(self, *args):
        done = subprocess.run([sys.executable,
                               os.path.join(HERE, "goals.py"), *args],
                              capture_output=True, text=True, cwd=self.dir)
        return done.returncode, done.stdout + done.stderr

    def test_every_goal_met_passes_and_totals_add_up(self):
        summary = os.path.join(self.dir, "folders.json")
        code, out = self.run_goals(
            "check", self.report, "--summary", summary, "--goals",
            self.goals({"core": (100, 75), "kit": (25, 50)}))
        self.assertEqual(code, 0, out)
        with open(summary) as f:
            totals = json.load(f)
        self.assertEqual(totals["core"]["lines"], [4, 4])
        self.assertEqual(totals["core"]["branches"], [3, 4])
        self.assertEqual(totals["kit"]["lines"], [1, 4])
        self.assertEqual(totals["kit"]["branches"], [1, 2])
        self.assertEqual(totals["kit"]["goal"], [25, 50])

    def test_a_folder_below_its_line_goal_fails(self):
        code, out = self.run_goals("check", self.report, "--goals",
                                   self.goals({"core": (100, 75),
                                               "kit": (26, 50)}))
        self.assertEqual(code, 1, out)
        self.assertIn("coverage goal missed: kit/: lines below 26 %", out)
        self.assertNotIn("missed: core/", out)

    def test_a_folder_below_its_branch_goal_fails(self):
        code, out = self.run_goals("check", self.report, "--goals",
                                   self.goals({"core": (100, 76)}))
        self.assertEqual(code, 1, out)
        self.assertIn("coverage goal missed: core/: branches below 76 %",
                      out)

    def test_a_folder_missing_from_the_report_fails(self):
        code, out = self.run_goals("check", self.report, "--goals",
                                   self.goals({"render": (0, 0)}))
        self.assertEqual(code, 1, out)
        self.assertIn("render/: no file of render/ in the report", out)

    def test_the_table_lists_every_goal(self):
        code, out = self.run_goals("table", "--goals",
                                   self.goals({"core": (100, 75)}))
        self.assertEqual(code, 0, out)
        self.assertIn("| `core/` | 100 % | 75 % | fixture |", out)


if __name__ == "__main__":
    unittest.main()
