#!/usr/bin/env bash
# Reproduces props/README.md's table of planted bugs: for each patch of
# props/planted/ (one at a time, in a scratch copy, never in the tree) it
# runs every property (or those matching FILTER) on SEEDS seeds, without
# shrinking, and prints per property how many seeds found the bug and the
# median number of cases to failure (a seed that did not find it counts as
# more than CAP). The runs are logged in $SCRATCH/<patch>.log; check there
# that a failure names the implementation the bug is in.
#
#   props/props-planted.sh [PATCH...]        # default: every patch
#   props/props-planted.sh baseline          # nothing planted: no failures
#   CAP=1000 SEEDS="1 2 3" FILTER='DistanceField.*' props/props-planted.sh
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-/tmp/scratch-props-1}
cap=${CAP:-1000}
seeds=${SEEDS:-"1 2 3 4 5 6 7 8 9 10"}
filter=${FILTER:-*}
patches=("$@")
[ ${#patches[@]} -gt 0 ] || patches=("$src"/props/planted/*.patch)

# One scratch build (release speed, the `props` preset), patched and
# unpatched in turn: only the patched file recompiles.
if [ ! -d "$scratch" ]; then
  mkdir -p "$scratch"
  (cd "$src" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$scratch" -xf -
fi
cmake -S "$scratch" --preset props >/dev/null

median() { sort -n | awk '{v[NR]=$1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  plant() { [ "$patch" = baseline ] || patch -d "$scratch" -p1 -s "$@" < "$patch"; }
  plant  # nothing for `baseline`
  trap 'plant -R' EXIT
  cmake --build "$scratch/build/props" --target regcon_props >/dev/null
  binary="$scratch/build/props/props/regcon_props"
  properties=$("$binary" --gtest_list_tests --gtest_filter="$filter" |
    awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}' | grep -v '^Generators\.')
  log="$scratch/$name.log"
  : > "$log"
  : > "$log.cases"
  # One process per property and seed, as ctest runs them.
  for seed in $seeds; do
    for property in $properties; do
      out=$(RC_PARAMS="seed=$seed max_success=$cap noshrink=1" \
        "$binary" --gtest_filter="$property" 2>&1 || true)
      echo "$out" >> "$log"
      cases=$(echo "$out" | awk '/Falsifiable after/ {print $3}')
      # A failure of the reference is no find: the property is wrong there.
      impl=$(echo "$out" | awk '/^implementation: / {i=$2} END {print i}')
      [ -z "$cases" ] || [ "$impl" != reference ] || cases=reference
      echo "$property ${cases:-miss}" >> "$log.cases"
    done
  done
  echo "# $name (cap $cap, seeds: $seeds)"
  for property in $(awk '{print $1}' "$log.cases" | sort -u); do
    found=$(awk -v p="$property" '$1 == p && $2 ~ /^[0-9]/' "$log.cases" | wc -l)
    wrong=$(awk -v p="$property" '$1 == p && $2 == "reference"' "$log.cases" | wc -l)
    total=$(awk -v p="$property" '$1 == p' "$log.cases" | wc -l)
    values=$(awk -v p="$property" -v cap="$cap" \
      '$1 == p {print ($2 ~ /^[0-9]/ ? $2 : cap + 1)}' "$log.cases")
    m=$(echo "$values" | median)
    awk -v m="$m" -v cap="$cap" 'BEGIN {exit !(m > cap)}' && m=">$cap"
    note=""
    [ "$wrong" -eq 0 ] || note=" (the reference failed: $wrong)"
    echo "$property found $found/$total median $m$note"
  done
  plant -R
  trap - EXIT
done
