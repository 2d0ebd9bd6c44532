#!/usr/bin/env bash
# Runs every fuzz harness for SECONDS each (default 30), seeded from
# fuzz/corpus/<harness>/ (read only: new units go to build/<preset>/corpus/,
# which `make fuzz-merge` minimizes into fuzz/corpus/<harness>/), with the
# engine ENGINE names (libfuzzer, the default: build/fuzz; afl: AFL++,
# build/fuzz-afl; cflite: libFuzzer on the harnesses fuzz/check-fuzz-build.sh
# builds as the ClusterFuzzLite image does, build/oss-fuzz/out, libc++ and
# AddressSanitizer). The reader harnesses get fuzz/json.dict. Each run has its
# own folder, build/<preset>/runs/<UTC time>-<pid>/ (FUZZ_RUN names another):
# a crash leaves there its reproducer (<harness>-crash-...) and the failing
# case's documents (<harness>-<worker pid>.chf.json and .settings.json, so
# the workers of -fork/-jobs never write over each other's), and makes this
# script fail; replay it (and see its documents) with fuzz/fuzz-replay.sh FILE.
#
#   fuzz/fuzz.sh [SECONDS] [HARNESS...]
#   ENGINE=afl fuzz/fuzz.sh 600
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
esac
seconds=${1:-30}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] ||
  { echo "fuzz: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2; }
shift || true
engine=${ENGINE:-libfuzzer}
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=($(fuzz/fuzz-harnesses.sh))
case "$engine" in
  libfuzzer) build=build/fuzz bin=build/fuzz/fuzz runner=libfuzzer ;;
  afl) build=build/fuzz-afl bin=build/fuzz-afl/fuzz runner=afl ;;
  cflite) build=build/oss-fuzz bin=build/oss-fuzz/out runner=libfuzzer ;;
  *) echo "fuzz: unknown ENGINE '$engine' (libfuzzer, afl or cflite)" >&2; exit 1 ;;
esac
run=${FUZZ_RUN:-$build/runs/$(date -u +%Y%m%dT%H%M%SZ)-$$}
mkdir -p "$run"
export REGCON_FUZZ_FAILURES=$run

dict_for() { case "$1" in fuzz_read_*) echo fuzz/json.dict ;; esac; }

run_libfuzzer() {  # harness scratch log
  local dict; dict=$(dict_for "$1")
  "$bin/$1" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    ${dict:+-dict=$dict} -print_final_stats=1 \
    -artifact_prefix="$run/$1-" "$2" "fuzz/corpus/$1" >"$3" 2>&1
}

# AFL++ writes into a fresh output folder (a crash there is a failure)
# and its queue is kept with the other new units.
run_afl() {  # harness corpus-out log
  local dict; dict=$(dict_for "$1")
  local out=$run/afl-$1
  AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 \
  AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    afl-fuzz -V "$seconds" -m none -t 20000 ${dict:+-x $dict} \
    -i "fuzz/corpus/$1" -o "$out" -- "$bin/$1" >"$3" 2>&1 || return 1
  cp "$out"/default/queue/id:* "$2/" 2>/dev/null || true
  cp "$out/default/fuzzer_stats" "$build/$1.stats"
  local crash; crash=$(find "$out/default/crashes" -type f -name 'id:*' | head -1)
  [ -z "$crash" ] || { cp "$crash" "$run/$1-afl-crash"; return 1; }
}

for harness in "${harnesses[@]}"; do
  scratch=$build/corpus/$harness
  mkdir -p "$scratch"
  log="$build/$harness.log"
  echo "fuzz ($engine): $harness for ${seconds}s"
  if ! "run_${runner}" "$harness" "$scratch" "$log"; then
    tail -40 "$log"
    echo "fuzz: $harness FAILED; reproducer in $run/" \
      "(fuzz/fuzz-replay.sh FILE prints its documents)" >&2
    exit 1
  fi
  if [ "$runner" = libfuzzer ]; then
    grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "$log" | tail -2 || true
  else
    grep -E "^(execs_done|corpus_count|bitmap_cvg)" "$build/$harness.stats" || true
  fi
done
