#!/usr/bin/env bash
# One-command replay of a fuzz artifact (a crash, leak or timeout file, or
# any corpus file): prints its documents (the heightfield and settings a
# case decodes to, or the document a reader harness was given), then runs
# it through the harness built without the engine (build/dev, ASan + UBSan),
# which fails as the fuzzer did. The harness is taken from the file name
# (fuzz/fuzz.sh names artifacts <harness>-crash-...) or given.
#
#   fuzz/fuzz-replay.sh build/fuzz/runs/20261202T0500Z-42/fuzz_pipeline-crash-1a2b...
#   fuzz/fuzz-replay.sh FILE fuzz_contours
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
file=${1:?usage: fuzz/fuzz-replay.sh ARTIFACT [HARNESS]}
harness=${2:-}
if [ -z "$harness" ]; then
  for h in $("$repo/fuzz/fuzz-harnesses.sh"); do
    case "$(basename "$file")" in "$h"-*) harness=$h ;; esac
    case "$(dirname "$file")" in fuzz/corpus/"$h" | */corpus/"$h") harness=$h ;; esac
  done
fi
[ -n "$harness" ] || { echo "fuzz-replay: name the harness: $0 FILE HARNESS" >&2; exit 1; }
binary=$repo/build/dev/fuzz/$harness
if [ ! -x "$binary" ]; then
  (cd "$repo" && cmake --preset dev >/dev/null && cmake --build --preset dev --target "$harness")
fi
exec "$binary" --print "$file"
