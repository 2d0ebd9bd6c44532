#!/usr/bin/env bash
# `make fuzz-merge`: minimizes each harness's corpus with libFuzzer's
# -merge=1: fuzz/corpus/<harness>/ plus the units long runs left in
# build/fuzz/corpus/<harness>/ and build/fuzz-afl/corpus/<harness>/ go into
# a fresh folder that keeps only inputs adding coverage, which then
# replaces fuzz/corpus/<harness>/ (files named by SHA-1, as libFuzzer names them).
set -euo pipefail
cd "$(dirname "$0")/.."
for harness in ${@:-$(fuzz/fuzz-harnesses.sh)}; do
  merged=$(mktemp -d)
  sources=("fuzz/corpus/$harness")
  for extra in build/fuzz/corpus/$harness build/fuzz-afl/corpus/$harness; do
    [ ! -d "$extra" ] || sources+=("$extra")
  done
  build/fuzz/fuzz/$harness -merge=1 -timeout=20 -rss_limit_mb=2048 \
    "$merged" "${sources[@]}" >"build/fuzz/$harness.merge.log" 2>&1 ||
    { tail -20 "build/fuzz/$harness.merge.log"; exit 1; }
  before=$(ls "fuzz/corpus/$harness" | wc -l)
  rm -f "fuzz/corpus/$harness"/*
  cp "$merged"/* "fuzz/corpus/$harness/"
  rm -rf "$merged"
  echo "fuzz-merge: $harness: $before -> $(ls "fuzz/corpus/$harness" | wc -l) files"
done
