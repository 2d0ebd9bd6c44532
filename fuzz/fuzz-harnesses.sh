#!/usr/bin/env bash
# Prints the fuzz harnesses, one a line: the REGCON_FUZZERS list of
# fuzz/CMakeLists.txt, the one list every fuzz script reads.
set -euo pipefail
cd "$(dirname "$0")/.."
sed -n '/^set(REGCON_READERS/,/^set(REGCON_FUZZERS/p' fuzz/CMakeLists.txt |
  tr ' ()' '\n\n\n' | grep -E '^fuzz_' | sort -u
