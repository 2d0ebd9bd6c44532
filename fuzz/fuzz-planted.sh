#!/usr/bin/env bash
# Reproduces fuzz/README.md's planted-bug table: for each patch of
# fuzz/planted/ (one at a time, in a scratch copy of the tree, never in the
# tree itself) it builds the libFuzzer harnesses (the `fuzz` preset), then
# runs each harness that can see the bug's stage RUNS times (different
# seeds) from a fresh copy of the committed corpus with 2 jobs (-fork=2),
# and prints per harness the median seconds until it reported the bug (a
# run that found nothing in CAP seconds counts as more than CAP). Logs:
# $SCRATCH/<patch>-<harness>-<run>.log; check there that a report names the
# optimized implementation, not the reference.
#
#   fuzz/fuzz-planted.sh [PATCH...]   # default: every patch
#   fuzz/fuzz-planted.sh baseline     # nothing planted: nothing found
#   CAP=60 RUNS=3 fuzz/fuzz-planted.sh fuzz/planted/a-*.patch
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/scratch-fuzz-planted}
cap=${CAP:-60}
runs=${RUNS:-3}
patches=("$@")
[ ${#patches[@]} -gt 0 ] || patches=("$src"/fuzz/planted/*.patch)

# A fresh copy of the tree (its build folder kept between runs, so only
# the patched file recompiles).
mkdir -p "$scratch/tree"
(cd "$src" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$scratch/tree" -xf -
cmake -S "$scratch/tree" --preset fuzz >/dev/null

median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# Seconds until the harness reported a failure, or cap+1.
time_to_report() {  # harness run log
  local corpus; corpus=$(mktemp -d)
  cp "$src/fuzz/corpus/$1/"* "$corpus/"
  local start end
  start=$(date +%s.%N)
  (cd "$scratch" && "$scratch/tree/build/fuzz/fuzz/$1" -fork=2 -seed="$2" \
    -max_total_time="$cap" -timeout=20 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/" "$corpus" >"$3" 2>&1) || true
  end=$(date +%s.%N)
  rm -rf "$corpus"
  if grep -qE "disagrees with|ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error" "$3"; then
    awk -v s="$start" -v e="$end" 'BEGIN {printf "%.1f\n", e - s}'
  else
    echo $((cap + 1))
  fi
}

# Regions bugs (b-e, h) show only in the pipeline; contour bugs (f, g) in
# the pipeline and the contour harness; distance bugs (a) in the pipeline
# and the distance harness.
harnesses_for() {
  case "$(basename "$1")" in
    a-*) echo fuzz_pipeline fuzz_distance ;;
    [fg]-*) echo fuzz_pipeline fuzz_contours ;;
    *) echo fuzz_pipeline ;;
  esac
}

echo "| planted bug | harness | seconds to report (runs) | median |"
echo "|---|---|---|---|"
for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  plant() { [ "$patch" = baseline ] || patch -d "$scratch/tree" -p1 -s "$@" < "$patch"; }
  plant
  trap 'plant -R' EXIT
  cmake --build "$scratch/tree/build/fuzz" --target fuzz_pipeline fuzz_contours \
    fuzz_distance >/dev/null
  for harness in $([ "$patch" = baseline ] && echo fuzz_pipeline fuzz_contours fuzz_distance || harnesses_for "$patch"); do
    times=()
    for run in $(seq 1 "$runs"); do
      times+=("$(time_to_report "$harness" "$run" "$scratch/$name-$harness-$run.log")")
    done
    m=$(printf '%s\n' "${times[@]}" | median)
    awk -v m="$m" -v c="$cap" 'BEGIN {exit !(m > c)}' && m=">$cap"
    echo "| $name | $harness | ${times[*]} | $m |"
  done
  plant -R
  trap - EXIT
done
