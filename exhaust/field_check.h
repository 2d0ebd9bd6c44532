// Everything the exhaustive check asks of one field: every partition under a
// few settings far from the defaults, a given partition and a cached layer
// array, each on every implementation. Every implementation must give the
// reference's bytes (distances, regions, contours, raw loops), the result
// must meet every invariant of checks/, and the field and result must come
// back unchanged through the interchange documents.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/borders.h"
#include "core/implementation.h"
#include "core/types.h"

namespace regcon::exhaust {

struct Finding {
  uint64_t field = 0;
  std::string run;      // which run: partition and settings profile
  std::string failure;  // what broke
  Heightfield hf;       // as run (with its regions or layers)
  Settings settings;
};

// The reference's answer, for checks::checkSharedBorders, to whether a
// traced loop's first simplification is accepted (§6 step 3 before any
// retry).
checks::FirstAttemptAccepted referenceFirstAttempt(
    const Heightfield& hf, const std::vector<int>& regions,
    const Settings& settings);

// The runs of one field, in the order they are made, on `impls` (the first
// is the one the others are held to); the first run that breaks something
// is returned. `index` picks the given partition and the cached layers
// (drawn from it, so they vary over the bound).
std::optional<Finding> checkField(
    uint64_t index, const Heightfield& hf,
    const std::vector<const Implementation*>& impls);

// The settings profiles, by name, for the report.
std::string profileNames();

}  // namespace regcon::exhaust
