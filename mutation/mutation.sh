#!/bin/sh
# make mutation: a seeded sample of one-token mutants of each folder in
# MUTATION_FOLDERS (default reference optimized), each judged in a scratch
# copy by the tests of the `mutation` preset (mutation/mutation-tests.sh:
# the hand-worked tests first, stop on the first failure) and by the pool
# (tools/pool.cpp), which tells survivors that change an output (real gaps)
# from likely equivalent ones. Writes mutation/FOLDER.json and
# mutation/README.md. Hours on two cores: not part of make test.
# `mutation/mutation.sh rejudge` judges the recorded survivors again (after
# new tests) and writes their new verdicts into mutation/FOLDER.json.
set -eu
cd "$(dirname "$0")/.."
SEED=${MUTATION_SEED:-14}
COUNT=${MUTATION_COUNT:-200}
POOL_SEED=20261201
POOL=${MUTATION_POOL:-4000}
FOLDERS=${MUTATION_FOLDERS:-reference optimized}
SCRATCH=${MUTATION_SCRATCH:-build/mutation-scratch}
NICE=${MUTATION_NICE:-10}  # added to the caller's niceness
BUILD='{ test -f build/mutation/CMakeCache.txt || cmake --preset mutation; } >/dev/null &&
  cmake --build --preset mutation --target regcon_tests regcon_cli regcon_pool regcon_props >/dev/null 2>&1'
mkdir -p build
for folder in $FOLDERS; do
  pool="build/mutation/regcon_pool $POOL_SEED $POOL {from} --impl $folder"
  TEST='mutation/mutation-tests.sh build/mutation'
  if [ "$folder" = optimized ]; then
    # Only the registry calls optimized/: the tests that pass with its
    # entry points poisoned cannot see an optimized/ mutant; leave them out.
    blind=build/mutation/blind-optimized.txt
    nice -n "$NICE" mutation/mutation_blind.py --scratch "$SCRATCH" --build "$BUILD" \
      --exclude "$(mutation/mutation-tests.sh --slow)" --out "$blind"
    TEST="MUTATION_BLIND=$blind $TEST"
  fi
  if [ "${1:-run}" = rejudge ]; then
    nice -n "$NICE" mutation/mutate.py rejudge "mutation/$folder.json" \
      --scratch "$SCRATCH" --build "$BUILD" --test "$TEST" --pool "$pool" \
      --test-timeout 600 --merge \
      --json "build/mutation-$folder-rejudged.json" >"build/mutation-$folder-rejudged.txt"
  else
    nice -n "$NICE" mutation/mutate.py run --folder "$folder" --count "$COUNT" \
      --seed "$SEED" --scratch "$SCRATCH" --build "$BUILD" --test "$TEST" \
      --pool "$pool" --test-timeout 600 \
      --json "mutation/$folder.json" >"build/mutation-$folder.txt"
  fi
done
mutation/mutate.py summary --intro mutation/intro.md \
  --reasons mutation/reasons.json \
  $(for f in reference optimized; do
      test -f "mutation/$f.json" && echo "mutation/$f.json"
    done) >mutation/README.md
