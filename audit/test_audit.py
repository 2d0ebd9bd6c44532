#!/usr/bin/env python3
"""make audit's report and its Chromium check (ctest audit_report).

On a copy of tests/trace_fixture/ given a hand-written gcovr report,
mutation runs and fuzzing campaigns, audit/audit.py must give each
function exactly the lines, branches and mutants that fall inside it, the
summary the hand-counted totals, and a page without external resources;
audit/audit_check.py must pass that page in headless Chromium and fail a
blank one and one without the rows.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(os.path.dirname(HERE), "tests", "trace_fixture")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "coverage"))
from test_goals import line  # noqa: E402  (a line of gcovr's JSON)

# reference/steps.cpp of the fixture: buildDistanceField spans lines 6-8,
# growLevel is line 12. Lines and branches outside them must not count.
# gcovr's JSON (format 0.3, gcovr 5.2), as coverage/coverage.sh writes it.
COVERAGE = {"gcovr/format_version": "0.3", "files": [
    {"file": "reference/steps.cpp", "functions": [],
     "lines": [line(6, 1), line(7, 4, (2, 0, 0)), line(8, 0),
               line(12, 0, (1,))]}]}
GOALS = {"folders": {
    "core": {"lines": 98, "branches": 90, "why": "fixture"},
    "optimized": {"lines": 99, "branches": 95, "why": "fixture"},
    "reference": {"lines": 100, "branches": 95, "why": "fixture"}}}


def mutant(line, status, changed=False):
    return {"file": "reference/steps.cpp", "line": line,
            "function": "f", "operator": "drop", "original": "x",
            "mutated": ";", "status": status, "outputChanged": changed}


class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="audit-fixture-")
        shutil.copytree(os.path.join(FIXTURE, "tree"),
                        os.path.join(cls.dir, "tree"))
        shutil.copytree(os.path.join(FIXTURE, "shared"),
                        os.path.join(cls.dir, "shared"))
        root = os.path.join(cls.dir, "tree")
        coverage = os.path.join(cls.dir, "coverage")
        os.makedirs(coverage)
        with open(os.path.join(coverage, "coverage.json"), "w") as f:
            json.dump(COVERAGE, f)
        os.makedirs(os.path.join(root, "coverage"))
        with open(os.path.join(root, "coverage", "goals.json"), "w") as f:
            json.dump(GOALS, f)
        # The totals per folder, as make coverage ends: the goals missed.
        done = subprocess.run(
            [sys.executable, os.path.join(os.path.dirname(HERE), "coverage",
                                          "goals.py"), "check",
             os.path.join(coverage, "coverage.json"), "--goals",
             os.path.join(root, "coverage", "goals.json"), "--summary",
             os.path.join(coverage, "folders.json")],
            capture_output=True, text=True, cwd=root)
        assert done.returncode == 1, done.stdout + done.stderr
        os.makedirs(os.path.join(root, "mutation"))
        with open(os.path.join(root, "mutation", "reference.json"),
                  "w") as f:
            json.dump({"seed": 7, "commit": "abc", "population": 40,
                       "judged": 4, "folders": ["reference"],
                       "mutants": [mutant(7, "killed", True),
                                   mutant(7, "survived-output-change", True),
                                   mutant(12, "killed"),
                                   mutant(12, "survived-no-change")]}, f)
        os.makedirs(os.path.join(root, "fuzz"))
        with open(os.path.join(root, "fuzz", "campaigns.json"), "w") as f:
            json.dump([{"harness": "fuzz_pipeline", "engine": "libfuzzer",
                        "seconds": 1800, "executions": 100, "findings": 0},
                       {"harness": "fuzz_pipeline", "engine": "libfuzzer",
                        "seconds": 5400, "executions": 300,
                        "findings": []}], f)
        cls.out = os.path.join(cls.dir, "audit")
        done = subprocess.run(
            [sys.executable, os.path.join(HERE, "audit.py"), "--root", root,
             "--coverage", coverage, "--out", cls.out],
            capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        with open(os.path.join(cls.out, "audit.json")) as f:
            cls.report = json.load(f)
        with open(os.path.join(cls.out, "index.html")) as f:
            cls.html = f.read()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def function(self, entry):
        for row in self.report["rows"]:
            for kind in ("reference", "optimized", "shared"):
                for f in row["code"][kind]:
                    if f["entry"] == entry:
                        return f
        self.fail("no function " + entry)

    def test_each_function_counts_only_its_own_lines(self):
        f = self.function("reference/steps.cpp:buildDistanceField")
        self.assertEqual(f["lines"], [6, 8])
        self.assertEqual(f["lineCoverage"], [2, 3])
        self.assertEqual(f["branchCoverage"], [1, 3])
        self.assertEqual(f["uncoveredLines"], [8])
        self.assertEqual(f["mutants"], {"killed": 1,
                                        "survived-output-change": 1})
        g = self.function("reference/steps.cpp:growLevel")
        self.assertEqual(g["lineCoverage"], [0, 1])
        self.assertEqual(g["branchCoverage"], [1, 1])
        self.assertEqual(g["mutants"], {"killed": 1,
                                        "survived-no-change": 1})

    def test_the_summary_adds_up(self):
        s = self.report["summary"]
        self.assertEqual(s["coverage"]["reference"]["lines"], [2, 4])
        self.assertEqual(s["coverage"]["reference"]["branches"], [2, 4])
        m = s["mutation"]["reference"]
        self.assertEqual(m["score"], 66.7)  # 2 killed of 2 + 1 real gap
        self.assertEqual((m["seed"], m["judged"]), (7, 4))
        self.assertIsNone(s["mutation"]["optimized"])
        self.assertEqual(s["fuzzing"]["hours"], 2.0)
        self.assertEqual(s["declared"], {"tests": 2, "properties": 1})
        self.assertEqual((m["outputChanged"], m["outputKilled"],
                          m["outputKilledPercent"]), (2, 1, 50.0))

    def test_the_summary_names_every_missed_goal(self):
        # Lines 2 of 4 (50 %) and branches 2 of 4 (50 %) of reference/; no
        # coverage of core/ or optimized/ recorded; 4 mutants judged, 1 of
        # the 2 that change an output killed; no run of optimized/.
        self.assertEqual(self.report["summary"]["shortfalls"], [
            "core/: no coverage recorded",
            "optimized/: no coverage recorded",
            "reference/: lines 50.0 % (goal 100 %)",
            "reference/: branches 50.0 % (goal 95 %)",
            "mutation of reference/: 4 mutants judged (goal 200)",
            "mutation of reference/: 1 of 2, 50.0 %, of the mutants that "
            "change an output killed (goal 98 %)",
            "mutation of optimized/: no recorded run"])
        self.assertIn("<h3>Shortfalls</h3>", self.html)
        self.assertIn("mutation of optimized/: no recorded run", self.html)

    def test_one_row_per_clause_and_reading(self):
        self.assertEqual(self.report["clauses"],
                         ["§1", "§2", "§2.1", "interchange §1", "R1", "A1"])
        for clause in self.report["clauses"]:
            self.assertIn('data-clause="%s"' % clause, self.html)

    def test_the_page_needs_nothing_from_outside(self):
        self.assertNotRegex(self.html, r"<(script|link|img|iframe)\b")
        self.assertNotRegex(self.html, r'(src|href)="(https?:)?//')
        self.assertNotIn("url(", self.html)

    def test_chromium_renders_it_and_a_blank_page_fails(self):
        # Run through its shebang: Debian's python3-pil is Debian's python's.
        check = [os.path.join(HERE, "audit_check.py")]
        done = subprocess.run(check + [self.out], capture_output=True,
                              text=True)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("6 clauses and readings", done.stdout)
        blank = os.path.join(self.dir, "blank")
        os.makedirs(blank)
        shutil.copy(os.path.join(self.out, "audit.json"), blank)
        with open(os.path.join(blank, "index.html"), "w") as f:
            f.write("<!DOCTYPE html><html><body></body></html>")
        done = subprocess.run(check + [blank], capture_output=True,
                              text=True)
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertRegex(done.stderr, r"the screenshot is blank")
        with open(os.path.join(blank, "index.html"), "w") as f:
            f.write('<!DOCTYPE html><html><body><h1>regcon audit report</h1>'
                    '<h2>Summary</h2><p>unknown</p><div style="background:'
                    '#333;height:600px"></div></body></html>')
        done = subprocess.run(check + [blank], capture_output=True,
                              text=True)
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("the DOM lacks the rows of 6 clauses", done.stderr)


if __name__ == "__main__":
    unittest.main()
