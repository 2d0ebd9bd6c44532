#!/usr/bin/env python3
"""audit/docs_check.py on a small tree (ctest docs_check_catches_drift).

  audit/test_docs.py BUILD_DIR

A clean tree passes both checks; each planted drift (a stale flag in an
`sh` block and in prose, an unknown command, a command that does not parse,
a missing make target, path and link, a stale generated table, an issue
number, a load average, a narrative phrase) fails with its own message.
BUILD_DIR holds the built regcon whose --help the flags are read from.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = None

TABLE_SCRIPT = '''import sys
print("| partition | regions |")
print("|---|---|")
for name, n in (("watershed", 3), ("monotone", 4)):
    print("| %s | %d |" % (name, n))
'''

CLEAN = """# A tool

Build it with `make demo`; the sources are in `core/` (`core/types.h`,
`core/types.h:Heightfield`), the seeds under `fuzz/corpus/<harness>/`, the
output in `build/demo.svg` (made by the build). See [the guide](docs/guide.md).

`regcon hashes CHF` prints three hashes; `--impl optimized` and
`--partition` choose what runs, and `regcon suite COMMAND --jobs 2` runs
the suite.

```sh
make demo
```

```sh
$ regcon gen rooms --size 32 -o rooms.chf.json
$ regcon hashes rooms.chf.json --impl reference
distances 3038cf4f
$ regcon suite export out  # with a comment
```

<!-- generated: tools/table.py -->
| partition | regions |
|---|---|
| watershed | 3 |
| monotone | 4 |
<!-- end generated -->

A marker shown as an example is not checked:

```
<!-- generated: tools/table.py -->
| anything |
<!-- end generated -->
```
"""

GUIDE = "# Guide\n\nWhat the tool does, in `core/`.\n"


class DocsCheck(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="docs-fixture-")
        self.root = os.path.join(self.dir, "tree")
        for folder in ("core", "fuzz/corpus/fuzz_pipeline", "docs", "tools"):
            os.makedirs(os.path.join(self.root, folder))
        self.write("core/types.h", "struct Heightfield {};\n")
        self.write("fuzz/corpus/fuzz_pipeline/seed", "x")
        self.write("Makefile", "demo: release\n\t@echo demo\n\nrelease:\n")
        self.write("tools/table.py", TABLE_SCRIPT)
        self.write("docs/guide.md", GUIDE)
        self.write("README.md", CLEAN)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, path, text):
        with open(os.path.join(self.root, path), "w") as f:
            f.write(text)

    def run_check(self, what="check"):
        done = subprocess.run(
            [sys.executable, os.path.join(HERE, "docs_check.py"), what,
             "--root", self.root, "--build", BUILD],
            capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr

    def planted(self, old, new, expected, what="check"):
        with open(os.path.join(self.root, "README.md")) as f:
            text = f.read()
        self.assertIn(old, text)
        self.write("README.md", text.replace(old, new, 1))
        code, out = self.run_check(what)
        self.assertEqual(code, 1, out)
        self.assertIn(expected, out)

    def test_the_clean_tree_passes_both_checks(self):
        for what in ("check", "narrative"):
            code, out = self.run_check(what)
            self.assertEqual(code, 0, out)
            self.assertIn("0 problems", out)

    def test_a_stale_flag_in_a_command_fails(self):
        self.planted("rooms.chf.json --impl reference",
                     "rooms.chf.json --no-such-flag",
                     "README.md:17: command: `--no-such-flag` is not in "
                     "`regcon hashes --help`")

    def test_a_stale_flag_in_prose_fails(self):
        self.planted("`--partition`", "`--partitions`",
                     "README.md:8: `--partitions` is in no --help")

    def test_a_flag_of_another_command_fails_in_a_span(self):
        self.planted("`regcon suite COMMAND --jobs 2`",
                     "`regcon hashes CHF --jobs 2`",
                     "`--jobs` is not in `regcon hashes --help`")

    def test_an_unknown_command_fails(self):
        self.planted("$ regcon gen rooms", "$ regcon generate rooms",
                     "`regcon generate` is not a command")

    def test_a_command_that_does_not_parse_fails(self):
        self.planted("$ regcon gen rooms --size 32",
                     "$ regcon gen \"rooms --size 32",
                     "the command does not parse")

    def test_a_missing_make_target_fails(self):
        self.planted("```sh\nmake demo", "```sh\nmake demos",
                     "make demos: no such target")

    def test_a_missing_path_fails(self):
        self.planted("`core/types.h`", "`core/io.cpp`",
                     "README.md:3: no such path: core/io.cpp")

    def test_a_missing_folder_and_placeholder_path_fail(self):
        self.planted("`fuzz/corpus/<harness>/`", "`fuzz/corpus/<harness>/seeds/`",
                     "no such path: fuzz/corpus/<harness>/seeds/")

    def test_a_folder_named_alone_must_exist_somewhere(self):
        self.planted("the sources are in `core/`",
                     "the sources are in `core/` and `scripts/`",
                     "README.md:3: no such path: scripts/")

    def test_a_broken_link_fails(self):
        self.planted("(docs/guide.md)", "(docs/fuzzing.md)",
                     "the link to docs/fuzzing.md leads nowhere")

    def test_a_stale_generated_table_fails(self):
        self.planted("| monotone | 4 |", "| monotone | 5 |",
                     "the table is not what `tools/table.py` prints")

    def test_a_generator_outside_the_tree_fails(self):
        self.planted("generated: tools/table.py", "generated: tools/gone.py",
                     "the generator tools/gone.py is not a file of the tree")

    def test_an_issue_number_fails(self):
        self.planted("prints three hashes", "prints three hashes (issue 12)",
                     "README.md:7: an issue number: \"issue 12\"",
                     "narrative")

    def test_a_load_average_fails(self):
        self.planted("the suite.", "the suite (load average 4.2).",
                     "a load average", "narrative")

    def test_a_narrative_line_fails(self):
        self.planted("# A tool", "# A tool\n\nThis round froze the code "
                     "before the last rebase.",
                     "a commit narrative: \"before the last rebase\"",
                     "narrative")

    def test_narrative_reads_every_document(self):
        self.write("docs/guide.md", GUIDE + "\nMeasured this session.\n")
        code, out = self.run_check("narrative")
        self.assertEqual(code, 1, out)
        self.assertIn("docs/guide.md:5: a commit narrative", out)


if __name__ == "__main__":
    BUILD = os.path.abspath(sys.argv.pop(1))
    unittest.main()
