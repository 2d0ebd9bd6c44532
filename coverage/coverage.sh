#!/usr/bin/env bash
# Line and branch coverage of the product folders (those of
# coverage/goals.json) by every test of `make test`'s ctest (build/coverage,
# gcc --coverage): runs ctest, then gcovr reads gcov's counts. Branches are
# counted as audits count them: gcovr leaves out the branches gcc adds for
# exception propagation (--exclude-throw-branches) and those on lines
# without code, such as a closing brace's exception clean-up
# (--exclude-unreachable-branches); a never-run line that holds only a
# brace is not code to gcovr (coverage/README.md says why). Last,
# coverage/goals.py holds each folder to its goal: a folder below its goal
# fails the run (exit 1), after the report is written.
#
# Writes build/coverage/coverage.json (gcovr's JSON, read by
# coverage/goals.py and make audit), build/coverage/folders.json (the
# totals per folder), build/coverage/html/index.html (gcovr's pages, one
# per file) and ctest's results build/coverage/ctest.xml (JUnit).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
find "$out" -name '*.gcda' -delete
# A failing test fails the run, after the report: the audit shows it.
tests=0
ctest --preset coverage --output-junit ctest.xml || tests=$?
filters=()
for folder in $(python3 -c 'import json; print(" ".join(json.load(open("coverage/goals.json"))["folders"]))'); do
  filters+=(--filter "$folder/")
done
rm -rf "$out/html"
mkdir -p "$out/html"
gcovr --root . --object-directory "$out" "${filters[@]}" \
  --exclude-throw-branches --exclude-unreachable-branches \
  --json "$out/coverage.json" \
  --html-details "$out/html/index.html" \
  --html-title "regcon (branches without throw and unreachable branches)"
goals=0
coverage/goals.py check "$out/coverage.json" --summary "$out/folders.json" || goals=$?
[ "$tests" -eq 0 ] || echo "coverage: ctest failed (exit $tests)" >&2
[ "$tests" -eq 0 ] && [ "$goals" -eq 0 ]
