#!/bin/bash -eu
# Builds every harness of fuzz/ as ClusterFuzzLite and OSS-Fuzz build them:
# compiler and flags from $CC $CXX $CFLAGS $CXXFLAGS (sanitizers and
# coverage included), the engine from $LIB_FUZZING_ENGINE; then puts in
# $OUT each harness with <harness>_seed_corpus.zip (fuzz/corpus/<harness>/),
# <harness>.options and, for the reader harnesses, <harness>.dict
# (fuzz/json.dict). fuzz/check-fuzz-build.sh runs this outside a
# container with the variables OSS-Fuzz sets.
src=${REGCON_SRC:-$SRC/regcon}
build=${WORK:-/tmp}/regcon-fuzz-build
harnesses=$("$src/fuzz/fuzz-harnesses.sh")

cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_CXX_FLAGS_RELEASE="" \
  -DREGCON_FUZZ=ON -DREGCON_FUZZ_SANITIZE=OFF \
  -DREGCON_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" >/dev/null
cmake --build "$build" -j"$(nproc)" --target $harnesses

for harness in $harnesses; do
  cp "$build/fuzz/$harness" "$OUT/"
  rm -f "$OUT/${harness}_seed_corpus.zip"
  (cd "$src/fuzz/corpus/$harness" && zip -q -j "$OUT/${harness}_seed_corpus.zip" ./*)
  case "$harness" in
    fuzz_read_*)
      cp "$src/fuzz/json.dict" "$OUT/$harness.dict"
      printf '[libfuzzer]\nmax_len = 4096\ntimeout = 20\ndict = %s.dict\n' \
        "$harness" >"$OUT/$harness.options" ;;
    *)
      printf '[libfuzzer]\nmax_len = 16384\ntimeout = 20\n' \
        >"$OUT/$harness.options" ;;
  esac
done
