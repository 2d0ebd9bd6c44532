// The structure-aware mutator of the pipeline, contour and distance
// harnesses: bytes are decoded to a case (fuzz/fuzz_case.h), edited as a
// field (move a floor, add or remove a span or a floor, stack a copy of a
// floor, cut or add a link, make a link one-way or crossing, twist a
// crossing between two floors, change or paint an area, paint a given
// region, paint or change cached layers, change a setting, resize the
// grid), and encoded back, so every
// mutant is a valid heightfield. The harnesses define libFuzzer's
// LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver with these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>

#include "fuzz/fuzz_case.h"

namespace regcon::fuzz {

using Rng = std::minstd_rand;

// The contour harness needs a given partition on every case.
enum class Needs { Anything, GivenRegions };

// One to three field edits; the result is normalized.
void mutateCase(FuzzCase& c, Rng& rng, Needs needs);
// A rectangle of cells of `b` pasted into `a` (same coordinates), and
// sometimes b's settings.
FuzzCase crossOverCases(const FuzzCase& a, const FuzzCase& b, Rng& rng);

// libFuzzer's signatures: the mutant in `data`, its size returned (never
// more than maxSize; the input is left as it was when no mutant fits).
size_t mutateBytes(uint8_t* data, size_t size, size_t maxSize, unsigned seed,
                   Needs needs);
size_t crossOverBytes(const uint8_t* data1, size_t size1, const uint8_t* data2,
                      size_t size2, uint8_t* out, size_t maxOutSize,
                      unsigned seed, Needs needs);

}  // namespace regcon::fuzz

// Defines the two libFuzzer hooks in a harness's translation unit.
#define REGCON_STRUCTURE_AWARE_MUTATOR(needs)                                 \
  extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,       \
                                            size_t maxSize, unsigned seed) {  \
    return regcon::fuzz::mutateBytes(data, size, maxSize, seed, needs);       \
  }                                                                           \
  extern "C" size_t LLVMFuzzerCustomCrossOver(                                \
      const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, \
      uint8_t* out, size_t maxOutSize, unsigned seed) {                       \
    return regcon::fuzz::crossOverBytes(data1, size1, data2, size2, out,      \
                                        maxOutSize, seed, needs);             \
  }
