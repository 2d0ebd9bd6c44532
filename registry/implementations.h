// The registry of implementations: the one layer that knows both the
// reference and the optimized implementation (core/ knows neither, and
// neither knows the other). CLI, tests, fuzzers, properties and benchmarks
// pick an implementation here by name.
#pragma once

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

}  // namespace regcon
