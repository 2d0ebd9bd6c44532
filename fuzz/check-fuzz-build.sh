#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh as the ClusterFuzzLite/OSS-Fuzz builder
# would (this machine runs no containers): $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE as OSS-Fuzz sets them for libFuzzer + AddressSanitizer
# (clang-14 and libc++ here), $SRC/regcon a link to the checkout (outside
# it, in $TMPDIR), $OUT and $WORK under build/oss-fuzz/ (kept, so a second
# run only rebuilds what changed).
# Then checks that $OUT holds every harness, its <harness>_seed_corpus.zip
# and <harness>.options, a <harness>.dict for each reader harness, and that
# every harness runs its whole seed corpus cleanly. `make test` runs it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
root=$repo/build/oss-fuzz
src=${TMPDIR:-/tmp}/regcon-oss-fuzz-src-$(id -u)-$(echo "$repo" | cksum | cut -d' ' -f1)
# The name is fixed (the builds kept in $WORK name their sources by it), so
# a folder of that name another user made first, or a link, is refused: a
# folder they own could have the link below swapped for sources of theirs.
if [ -L "$src" ] || { [ -e "$src" ] && [ "$(stat -c %u "$src")" != "$(id -u)" ]; }; then
  echo "check-fuzz-build: $src is not this user's own folder; remove it" >&2
  exit 1
fi
mkdir -p "$src" "$root/out" "$root/work"
chmod 700 "$src"
ln -sfn "$repo" "$src/regcon"

export SRC=$src OUT=$root/out WORK=$root/work
export CC=clang-14 CXX=clang++-14
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only \
-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address \
-fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS -stdlib=libc++"
# OSS-Fuzz's libFuzzer is built against libc++; Debian's (clang-14) against
# libstdc++, so here it also links libstdc++ (the engine's API is C, the two
# standard libraries do not meet).
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer -l:libstdc++.so.6"
export SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64
export FUZZING_LANGUAGE=c++

echo "check-fuzz-build: building (.clusterfuzzlite/build.sh) into $OUT"
(cd "$SRC/regcon" && bash -eu .clusterfuzzlite/build.sh) >"$root/build.log" 2>&1 ||
  { tail -30 "$root/build.log"; echo "check-fuzz-build: build.sh FAILED" >&2; exit 1; }

failed=0
problem() { echo "check-fuzz-build: $*" >&2; failed=1; }
for harness in $("$repo/fuzz/fuzz-harnesses.sh"); do
  [ -x "$OUT/$harness" ] || problem "$harness: no executable in \$OUT"
  [ -s "$OUT/${harness}_seed_corpus.zip" ] || problem "$harness: no ${harness}_seed_corpus.zip"
  grep -q '^\[libfuzzer\]' "$OUT/$harness.options" 2>/dev/null ||
    problem "$harness: no $harness.options with a [libfuzzer] section"
  case "$harness" in
    fuzz_read_*) [ -s "$OUT/$harness.dict" ] || problem "$harness: no $harness.dict" ;;
  esac
  [ -x "$OUT/$harness" ] || continue
  seeds=$(mktemp -d)
  unzip -q "$OUT/${harness}_seed_corpus.zip" -d "$seeds"
  count=$(ls "$seeds" | wc -l)
  dict=()
  [ ! -f "$OUT/$harness.dict" ] || dict=(-dict="$OUT/$harness.dict")
  if (cd "$seeds" && "$OUT/$harness" -runs=0 "${dict[@]}" . >"$root/$harness.log" 2>&1); then
    echo "check-fuzz-build: $harness: $count seeds ran cleanly"
  else
    tail -20 "$root/$harness.log"
    problem "$harness: its seed corpus does not run cleanly"
  fi
  rm -rf "$seeds"
done
[ "$failed" -eq 0 ] && echo "check-fuzz-build: ok" || exit 1
