#!/usr/bin/env python3
"""The trace checker catches drift (ctest trace_check_catches_drift).

On a copy of tests/trace_fixture/ (a tiny tree with its own spec) the check
passes; then each planted change must make it fail naming what broke: a
renamed test, a renamed property, a renamed function, a dropped row, a new
clause in the spec, a hand-edited trace.md. Last, the real docs/trace.json
with one test renamed must fail against the real tree.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TRACE = os.path.join(HERE, "trace.py")
FIXTURE = os.path.join(ROOT, "tests", "trace_fixture")


def run(*args):
    done = subprocess.run([sys.executable, TRACE, *args],
                          capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


class Fixture(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="trace-fixture-")
        shutil.copytree(os.path.join(FIXTURE, "tree"),
                        os.path.join(self.dir, "tree"))
        shutil.copytree(os.path.join(FIXTURE, "shared"),
                        os.path.join(self.dir, "shared"))
        self.tree = os.path.join(self.dir, "tree")
        status, out = self.trace("md")
        self.assertEqual(status, 0, out)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def trace(self, command):
        return run(command, "--root", self.tree, "--shared",
                   os.path.join(self.dir, "shared"))

    def edit(self, relative, old, new):
        path = os.path.join(self.dir, relative)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertIn(old, text)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))

    def assertFailsNaming(self, *needles):
        status, out = self.trace("check")
        self.assertEqual(status, 1, out)
        for needle in needles:
            self.assertIn(needle, out)

    def test_the_untouched_fixture_passes(self):
        status, out = self.trace("check")
        self.assertEqual(status, 0, out)
        self.assertIn("6 rows cover 6 clauses", out)

    def test_a_renamed_test_fails(self):
        self.edit("tree/tests/test_steps.cpp", "AreaZeroIsZero",
                  "AreaZeroIsNothing")
        self.assertFailsNaming("row §1 (distance field): tests names "
                               "DistanceField.AreaZeroIsZero, which matches "
                               "no test")

    def test_a_renamed_parameterized_test_fails_its_glob_too(self):
        self.edit("tree/tests/test_steps.cpp", "TEST_P(Watershed,",
                  "TEST_P(Growth,")
        self.assertFailsNaming("Watershed.GrowthRoundsAreSynchronous",
                               "tests names Watershed.*, which matches no")

    def test_a_test_turned_into_a_comment_fails(self):
        self.edit("tree/tests/test_steps.cpp", "TEST(DistanceField",
                  "// TEST(DistanceField")
        self.assertFailsNaming("DistanceField.AreaZeroIsZero")

    def test_a_renamed_property_fails(self):
        self.edit("tree/props/props_steps.cpp", "IsExact", "IsClose")
        self.assertFailsNaming("properties names DistanceField.IsExact, "
                               "which matches no property")

    def test_a_renamed_function_fails(self):
        self.edit("tree/reference/steps.cpp",
                  "int growLevel(int level) {", "int growLevels(int level) {")
        # The declaration and the comment that still name it do not count.
        self.assertFailsNaming("reference names growLevel, which is not "
                               "defined in reference/steps.cpp")

    def test_a_renamed_method_fails(self):
        self.edit("tree/optimized/steps.cpp", "int grow(", "int growAll(")
        self.assertFailsNaming("optimized names Watershed::grow, which is "
                               "not defined in optimized/steps.cpp")

    def test_a_moved_file_fails(self):
        os.rename(os.path.join(self.tree, "optimized", "steps.cpp"),
                  os.path.join(self.tree, "optimized", "watershed.cpp"))
        self.assertFailsNaming("optimized names optimized/steps.cpp:Watershed"
                               ", whose file does not exist")

    def test_a_clause_without_a_row_fails(self):
        self.edit("tree/docs/trace.json", '"clause": "R1"', '"clause": "R2"')
        self.assertFailsNaming("clause R1 (The compact heightfield) has no "
                               "row", "row R2: no such clause or reading")

    def test_a_new_clause_in_the_spec_fails(self):
        self.edit("shared/spec/build3d-regions-contours.md",
                  "1. Growth. Candidates grow.",
                  "1. Growth. Candidates grow.\n2. Basins. Each floods.")
        self.assertFailsNaming("clause §2.2 (Basins) has no row")

    def test_a_new_reading_fails(self):
        self.edit("tree/docs/readings.md", "### A1. A first ambiguity",
                  "### A1. A first ambiguity\n\n### A2. A second one")
        self.assertFailsNaming("clause A2 (A second one) has no row")

    def test_a_hand_edited_trace_md_fails(self):
        self.edit("tree/docs/trace.md", "| growth |", "| growing |")
        self.assertFailsNaming("docs/trace.md is not what `audit/trace.py "
                               "md` generates")


class RealTree(unittest.TestCase):
    def test_a_planted_rename_in_the_real_trace_fails(self):
        with open(os.path.join(ROOT, "docs", "trace.json"),
                  encoding="utf-8") as f:
            text = f.read()
        old = "Watershed.GrowthRoundsAreSynchronous"
        self.assertIn(old, text)
        with tempfile.NamedTemporaryFile("w", suffix=".json",
                                         delete=False) as f:
            f.write(text.replace(old, old + "Renamed"))
        try:
            status, out = run("check", "--trace", f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(status, 1, out)
        self.assertIn("tests names %sRenamed, which matches no test" % old,
                      out)


if __name__ == "__main__":
    unittest.main()
