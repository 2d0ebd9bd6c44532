#!/usr/bin/env bash
# Runs the planted-bug patches of props/planted/ and fuzz/planted/ through
# the exhaustive check: for each patch (one at a time, in a scratch copy of
# the tree, never in the tree itself) it builds `regcon` with the `props`
# preset and runs `regcon exhaust` on BOUND (default `test`) in two shards
# side by side, stopping both at the first finding. Prints a Markdown row
# per patch: the finding (its field index, run and first line) and the wall
# seconds, or "not found in the bound" after the whole bound.
#
#   exhaust/exhaust-planted.sh [PATCH...]   # default: every patch
#   exhaust/exhaust-planted.sh baseline     # nothing planted: no finding
#   BOUND=2x1:2/0,1/0,1 exhaust/exhaust-planted.sh props/planted/d-*.patch
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$src/build/exhaust-planted}
bound=${BOUND:-test}
patches=("$@")
[ ${#patches[@]} -gt 0 ] || patches=("$src"/props/planted/*.patch "$src"/fuzz/planted/*.patch)

mkdir -p "$scratch/tree"
(cd "$src" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$scratch/tree" -xf -
cmake -S "$scratch/tree" --preset props >/dev/null
regcon=$scratch/tree/build/props/regcon

# Both shards side by side; the first to find something stops the other.
run_bound() {  # log-prefix
  local pids=() shard status=0
  for shard in 1 2; do
    "$regcon" exhaust --bound "$bound" --shard "$shard/2" --max-findings 1 \
      >"$1-$shard.txt" 2>&1 &
    pids+=($!)
  done
  while :; do
    for shard in 1 2; do
      if ! kill -0 "${pids[$((shard - 1))]}" 2>/dev/null; then
        wait "${pids[$((shard - 1))]}" || status=$?
        if [ "$status" -eq 5 ]; then
          kill "${pids[@]}" 2>/dev/null || true
          wait 2>/dev/null || true
          echo "$shard"
          return 0
        fi
        pids[$((shard - 1))]=0
      fi
    done
    [ "${pids[0]}" = 0 ] && [ "${pids[1]}" = 0 ] && { echo 0; return 0; }
    sleep 0.2
  done
}

echo "| planted bug | found by \`regcon exhaust --bound $bound\` | wall seconds |"
echo "|---|---|---|"
for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  label=baseline
  if [ "$patch" != baseline ]; then
    # props/planted/NAME or fuzz/planted/NAME
    label=$(basename "$(dirname "$(dirname "$patch")")")/planted/$name
    (cd "$scratch/tree" && patch -s -p1 <"$patch")
  fi
  cmake --build "$scratch/tree/build/props" --target regcon_cli -j2 >/dev/null
  start=$(date +%s.%N)
  shard=$(run_bound "$scratch/$name")
  seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.0f", e - s}')
  if [ "$shard" = 0 ]; then
    found="not found in the bound"
  else
    found=$(grep -m1 -E "^field [0-9]+" "$scratch/$name-$shard.txt" || true)
  fi
  echo "| $label | ${found:-see $scratch/$name-$shard.txt} | $seconds |"
  if [ "$patch" != baseline ]; then
    (cd "$scratch/tree" && patch -s -R -p1 <"$patch")
  fi
done
