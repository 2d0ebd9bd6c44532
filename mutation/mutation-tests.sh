#!/bin/sh
# The test command of make mutation (mutation/mutation.sh): the tests of
# `make test`'s ctest, built by the `mutation` preset in the folder $1,
# stopping on the first failure, in three passes so a mutant dies as cheaply
# as it can: the conformance suite and the hand-worked and step tests first
# (about 6 s in all), then every other test, then the properties (200
# cases, fixed seed). Each pass is one process of the gtest binary
# (--gtest_fail_fast), not ctest's one process per test, which costs about
# 0.1 s a test, 50 s a surviving mutant on the shared machine. Left out:
# Process.* (the process runner on shell commands: no implementation runs),
# the reader's memory check and the layering checks (no implementation
# linked), and the slow tests that can only see a mutant crash, which a
# faster test sees first: the runner against sleeping commands
# (Suite.ACommandThatSleeps..., BatchModeTimesOut..., ConformClassifies...),
# the reference conforming to itself at 262,144 regions, the fuzzer against
# fake ports (KitCli.Fuzz*: the mutated reference is its own oracle), and
# the shipped suite one process per case (the same cases and hashes as
# ConformanceSuite.*, run first, in process). A crash or a hang fails the
# pass (the mutant counts as killed). Exit status 0 when every test passes.
set -eu
slow='Process.*:Suite.ACommandThatSleeps*:Suite.BatchModeTimesOut*'
slow="$slow:Suite.ConformClassifiesCrash*:KitCli.Fuzz*:ShippedSuite.*PerProcess"
slow="$slow:CliConform.TheReferenceConformsToItselfAt262144Regions"
if [ "${1:-}" = --slow ]; then  # the tests left out, for mutation_blind.py
  echo "$slow"
  exit 0
fi
dir=$(cd "${1:-build/mutation}" && pwd)
first='ConformanceSuite.*:*ContourSteps.*:*LayerSteps.*:*Watershed.*'
first="$first:*Neighbour.*:*FilterRegions.*:*DistanceField.*:*Monotone.*"
first="$first:*Regions.*:*Layers.*:*Contours.*:*StraightBorders.*"
first="$first:*GivenRegions.*:*SelfOverlappingRegion.*:*LayerFirst.*"
first="$first:*DuplicatePositions.*:*LayersAgainstGeneralCode.*"
first="$first:*WorkedVectors.*:*SettingExtremes.*:*HostileShapes.*"
# On a failure: the failing test's gtest line ("[  FAILED  ] Suite.Name")
# for mutate.py's killedBy, or the command when it crashed before one.
# A pass that runs past its limit in seconds (a mutant that loops; the
# passes take about 1, 15 and 2 s at -O1 under a load of 10 on the shared
# machine, 4 s for the second of an optimized/ run) fails as a hang.
# MUTATION_BLIND, when set, names a file of gtest names (one a line) left
# out of both gtest passes: the tests that never run the implementation
# under mutation (mutation/mutation_blind.py finds them for optimized/).
pass() {
  limit=$1
  shift
  out=$(timeout -s KILL "$limit" "$@" --gtest_fail_fast --gtest_brief=1 2>&1) &&
    return 0
  echo "$out" | grep -m1 '^\[  FAILED  \] [^ ]*\.' || echo "failed: $*"
  exit 1
}
blind=
if [ -n "${MUTATION_BLIND:-}" ]; then
  blind=$(paste -sd: "$MUTATION_BLIND")
fi
cd "$dir/tests"
pass 30 ./regcon_tests --gtest_filter="$first${blind:+-$blind}"
pass 400 ./regcon_tests --gtest_filter="-$first:$slow${blind:+:$blind}"
cd "$dir/props"
export REGCON_PROPS_CI=1  # the case count and seed of ctest (props/CMakeLists.txt)
pass 150 ./regcon_props
