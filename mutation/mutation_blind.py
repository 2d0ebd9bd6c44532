#!/usr/bin/env python3
"""The tests of regcon_tests that never run the optimized implementation.

  mutation/mutation_blind.py --scratch build/mutation-scratch \\
      --build CMD --out build/mutation/blind-optimized.txt

A mutant of optimized/ changes only what the optimized implementation
computes, and nothing outside optimized/ calls it but the registry
(registry/implementations.cpp; checked here: no other tracked file includes
optimized/optimized.h). So a test that passes while the registry's
optimized entry points are poisoned never runs optimized/ code and cannot
kill such a mutant: make mutation (mutation/mutation.sh) leaves these tests
out of an optimized/ run (MUTATION_BLIND in mutation/mutation-tests.sh),
which makes a surviving mutant's verdict about four times cheaper without
weakening any verdict.

How: in the scratch copy (synced from the checkout as mutation/mutate.py
does), the registry's three optimized entry points are replaced by a poison
that throws; regcon_tests runs once without --gtest_fail_fast and the tests
that pass are the candidates. They run again with the poison aborting the
process (REGCON_POISON=abort, which also reaches the CLI processes the tests
start): a candidate that the abort stops did reach the optimized
implementation (its exception was caught) and is dropped, until the rest
run clean. The registry file is then restored (the next build of the
scratch copy rebuilds it). Writes one gtest name a line.
"""

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

REGISTRY = "registry/implementations.cpp"
ENTRY_POINTS = {"opt::buildDistanceField": "poisonedDistances",
                "opt::buildRegions": "poisonedRegions",
                "opt::buildContours": "poisonedContours"}
POISON = """
[[noreturn]] void poisoned() {
  const char* mode = std::getenv("REGCON_POISON");
  if (mode != nullptr && std::string(mode) == "abort") std::abort();
  throw std::runtime_error("poisoned optimized implementation");
}
std::vector<int> poisonedDistances(const Heightfield&) { poisoned(); }
RegionResult poisonedRegions(const Heightfield&, const Settings&) {
  poisoned();
}
ContourSet poisonedContours(const Heightfield&, const std::vector<int>&,
                            const Settings&) {
  poisoned();
}

}  // namespace

std::vector<const Implementation*> allImplementations() {"""
ANCHOR = "}  // namespace\n\nstd::vector<const Implementation*> " \
    "allImplementations() {"


def other_callers(root):
    """Tracked files outside optimized/ and the registry that include the
    optimized implementation's header (cmake/crossing/ is the layering
    check's planted crossing, never compiled)."""
    return [p for p in mutate.tracked_files(root)
            if p.endswith((".cpp", ".h"))
            and not p.startswith(("optimized/", "cmake/crossing/"))
            and p != REGISTRY and '"optimized/optimized.h"' in
            open(os.path.join(root, p), encoding="utf-8").read()]


def poisoned_registry(text):
    if ANCHOR not in text:
        sys.exit("mutation_blind.py: %s changed shape (no anonymous "
                 "namespace before allImplementations)" % REGISTRY)
    for name, poison in ENTRY_POINTS.items():
        if len(re.findall(re.escape(name) + r"\b", text)) != 1:
            sys.exit("mutation_blind.py: %s does not name %s once" %
                     (REGISTRY, name))
        text = re.sub(re.escape(name) + r"\b", poison, text)
    return ("#include <cstdlib>\n#include <stdexcept>\n#include <string>\n" +
            text.replace(ANCHOR, POISON, 1))


def passing_tests(binary, gtest_filter, env=None):
    """(exit status, names of the tests that passed, last test started)."""
    report = binary + ".blind.json"
    if os.path.exists(report):
        os.remove(report)
    done = subprocess.run([binary, "--gtest_filter=" + gtest_filter,
                           "--gtest_output=json:" + report],
                          capture_output=True, text=True, env=env,
                          timeout=900)
    started = re.findall(r"^\[ RUN      \] (\S+)", done.stdout, re.M)
    passed = []
    if os.path.exists(report):
        for suite in json.load(open(report, encoding="utf-8"))["testsuites"]:
            for test in suite["testsuite"]:
                if not test.get("failures") and test.get("result") != \
                        "SKIPPED":
                    passed.append(suite["name"] + "." + test["name"])
    return done.returncode, passed, started[-1] if started else None


def blind_tests(src, build, exclude):
    binary = os.path.join(src, "build", "mutation", "tests", "regcon_tests")
    path = os.path.join(src, REGISTRY)
    original = open(path, encoding="utf-8").read()
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(poisoned_registry(original))
        if subprocess.run(build, shell=True, cwd=src).returncode != 0:
            sys.exit("mutation_blind.py: the poisoned build fails")
        _, blind, _ = passing_tests(binary, "-" + exclude)
        env = dict(os.environ, REGCON_POISON="abort")
        for _ in range(len(blind) + 1):
            status, _, last = passing_tests(binary, ":".join(blind), env)
            if status == 0:
                return blind
            if last not in blind:
                sys.exit("mutation_blind.py: the candidates fail (%d) "
                         "outside a test" % status)
            blind.remove(last)  # it reached the optimized implementation
        return blind
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--root", default=".")
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--build", required=True,
                        help="builds regcon_tests and what its tests run")
    parser.add_argument("--exclude", default="",
                        help="gtest names (':'-separated) not to run")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    callers = other_callers(root)
    if callers:
        sys.exit("mutation_blind.py: %s call the optimized implementation "
                 "directly; the registry poison would not see it" %
                 ", ".join(callers))
    src = mutate.sync_scratch(root, os.path.abspath(args.scratch))
    blind = blind_tests(src, args.build, args.exclude)
    out = os.path.join(src, args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(name + "\n" for name in sorted(blind)))
    print("mutation_blind.py: %d tests never run the optimized "
          "implementation (%s)" % (len(blind), out))


if __name__ == "__main__":
    main()
