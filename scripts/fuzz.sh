#!/usr/bin/env bash
# Runs every libFuzzer harness of build/fuzz for SECONDS each (default 30),
# seeded from corpus/<harness>/ (read only: new units go to a scratch
# folder). A crash leaves its reproducer in build/fuzz/artifacts/ and makes
# this script fail; replay it with `build/fuzz/fuzz/<harness> <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
mkdir -p build/fuzz/artifacts
for harness in fuzz_read_heightfield fuzz_pipeline; do
  scratch=$(mktemp -d)
  echo "fuzz: $harness for ${seconds}s"
  if ! build/fuzz/fuzz/$harness -max_total_time="$seconds" -timeout=20 \
      -rss_limit_mb=2048 -print_final_stats=0 \
      -artifact_prefix=build/fuzz/artifacts/ "$scratch" "corpus/$harness" \
      >"build/fuzz/$harness.log" 2>&1; then
    tail -40 "build/fuzz/$harness.log"
    echo "fuzz: $harness FAILED; reproducer in build/fuzz/artifacts/" >&2
    rm -rf "$scratch"
    exit 1
  fi
  grep -E "^#[0-9]+.*(DONE|pulse)" "build/fuzz/$harness.log" | tail -1 || true
  rm -rf "$scratch"
done
