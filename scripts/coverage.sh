#!/usr/bin/env bash
# Line and branch coverage of core/, reference/, optimized/, registry/ by every test
# (build/coverage, gcc --coverage): runs ctest, then lcov and genhtml.
# Report: build/coverage/html/index.html; summary on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
lcov --quiet --zerocounters --directory "$out"
ctest --preset coverage
lcov --quiet --capture --directory "$out" --output-file "$out/all.info" \
  --rc lcov_branch_coverage=1
lcov --quiet --extract "$out/all.info" "$PWD/core/*" "$PWD/reference/*" \
  "$PWD/optimized/*" "$PWD/registry/*" "$PWD/import/*" --output-file "$out/regcon.info" \
  --rc lcov_branch_coverage=1
genhtml --quiet --branch-coverage --output-directory "$out/html" "$out/regcon.info"
lcov --summary "$out/regcon.info" --rc lcov_branch_coverage=1
