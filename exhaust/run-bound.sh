#!/usr/bin/env bash
# Runs `regcon exhaust` on one bound in SHARDS shards side by side, each
# with its state file (build/exhaust/BOUND-I-of-N.state: a stopped run goes
# on where it left off), then prints every shard's report and the total.
# Exit 1 when a shard found something (its documents: build/exhaust/findings).
#
#   exhaust/run-bound.sh next [SHARDS]     # make exhaust-next
#   REGCON=build/release/regcon exhaust/run-bound.sh test 2
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
bound=${1:?usage: exhaust/run-bound.sh BOUND [SHARDS]}
shards=${2:-2}
regcon=${REGCON:-$src/build/props/regcon}
out=$src/build/exhaust
mkdir -p "$out"
name=$(echo "$bound" | tr '/,:' '_..')
pids=()
for shard in $(seq 1 "$shards"); do
  "$regcon" exhaust --bound "$bound" --shard "$shard/$shards" \
    --state "$out/$name-$shard-of-$shards.state" --findings "$out/findings" \
    > "$out/$name-$shard-of-$shards.txt" 2> "$out/$name-$shard-of-$shards.log" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for shard in $(seq 1 "$shards"); do cat "$out/$name-$shard-of-$shards.txt"; done
exit $status
