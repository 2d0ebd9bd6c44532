#!/usr/bin/env bash
# Line and branch coverage of core/, reference/, optimized/, registry/,
# import/ by every test of `make test`'s ctest (build/coverage, gcc
# --coverage): runs ctest, then lcov and genhtml. Branches are counted as
# audits count them: the branches gcc generates for exception propagation
# (every call that may throw) are left out (geninfo_no_exception_branch=1).
# Report: build/coverage/html/index.html; per-folder totals on stdout;
# ctest's results in build/coverage/ctest.xml (JUnit, read by make audit).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
rc=(--rc lcov_branch_coverage=1 --rc geninfo_no_exception_branch=1)
lcov --quiet --zerocounters --directory "$out"
ctest --preset coverage --output-junit ctest.xml
lcov --quiet --capture --directory "$out" --output-file "$out/all.info" "${rc[@]}"
lcov --quiet --extract "$out/all.info" "$PWD/core/*" "$PWD/reference/*" \
  "$PWD/optimized/*" "$PWD/registry/*" "$PWD/import/*" \
  --output-file "$out/regcon.info" "${rc[@]}"
genhtml --quiet --branch-coverage --output-directory "$out/html" \
  --title "regcon (branches without exception branches)" "$out/regcon.info" "${rc[@]}"
lcov --summary "$out/regcon.info" "${rc[@]}"
python3 scripts/lcov_folders.py "$out/regcon.info"
