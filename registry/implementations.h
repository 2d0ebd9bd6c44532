// The registry of implementations: the one layer that knows both the
// reference and the optimized implementation (core/ knows neither, and
// neither knows the other). CLI, tests, fuzzers, properties and benchmarks
// pick an implementation here by name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/implementation.h"

namespace regcon {

// "reference" or "optimized"; nullptr for an unknown name.
const Implementation* findImplementation(const std::string& name);
// The implementation called `name`; an InputError naming the known ones
// for any other name.
const Implementation& implementationNamed(const std::string& name);
// The reference first, then the optimized implementation.
std::vector<const Implementation*> allImplementations();
// The optimized implementation allowed `threads` threads per call (1 is
// the one in allImplementations()); same name, same bytes (spec §8).
// `splitSmallWork` cuts even a tiny field's work into parts, so tests reach
// every parallel path.
std::unique_ptr<Implementation> optimizedOnThreads(int threads,
                                                   bool splitSmallWork = false);
// The optimized implementation on `threads` threads keeping its large
// arrays from call to call (opt::Scratch) and taking results back through
// recycle(): for a caller that makes one call at a time and many of them,
// as the bench's rows do. Not for calls from several threads at once.
std::unique_ptr<Implementation> optimizedKeepingMemory(int threads);

}  // namespace regcon
