// Spec §8: results must not depend on the compiler. Every file of
// reference/ and optimized/ includes this header before anything else, so
// the guarantee travels with the sources into any build that vendors them
// (regcon's own CMake passes -ffp-contract=off as well).
#pragma once

// Fusing a*b+c into one FMA rounds once instead of twice: §6's distance
// compare could then keep a different vertex on another machine.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
// GCC ignores that pragma in C++ (and warns): a build with GCC needs
// -ffp-contract=off on the command line, as regcon's CMakeLists.txt sets.

#if defined(__FAST_MATH__)
#error "regcon needs IEEE arithmetic (spec §8): build without -ffast-math"
#endif
