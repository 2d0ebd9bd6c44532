#!/usr/bin/env bash
# Line and branch coverage of core/, reference/, optimized/, registry/,
# recast/ by every test of `make test`'s ctest (build/coverage, gcc
# --coverage): runs ctest, then reads gcov's counts and writes the lcov
# report. Branches are counted as audits count them: the branches gcc adds
# for exception propagation (every call that may throw) are left out, as
# are never-run closing-brace lines that hold only exception clean-up
# (coverage/gcov_capture.py says how and why lcov's own capture is not used).
# Report: build/coverage/html/index.html; totals per folder on stdout;
# ctest's results in build/coverage/ctest.xml (JUnit, read by make audit).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
find "$out" -name '*.gcda' -delete
ctest --preset coverage --output-junit ctest.xml
python3 coverage/gcov_capture.py "$out" > "$out/regcon.info"
genhtml --quiet --branch-coverage --rc lcov_branch_coverage=1 \
  --output-directory "$out/html" \
  --title "regcon (branches without exception branches)" "$out/regcon.info"
python3 coverage/lcov_folders.py "$out/regcon.info"
