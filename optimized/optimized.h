// The optimized implementation: the same bytes as the reference, computed
// fast. Written from the spec and readings, not from reference/, so that a
// misreading cannot hide in both. Every departure from the reference's
// method says why in one line where it happens.
#pragma once

#include <vector>

#include "core/types.h"

namespace regcon::opt {

// How many threads a call may use (default 1). Not a setting: no byte of a
// result depends on it (§8), since only steps whose result is the same
// however their work is cut run in parallel.
struct Threads {
  int count = 1;
  // Cut work into parts however small it is (tests, to reach every
  // parallel path on small fields); by default a part must be large enough
  // to pay for handing it to a thread.
  bool splitSmallWork = false;
};

// §1 / readings R2.
std::vector<int> buildDistanceField(const Heightfield& hf,
                                    Threads threads = {});

// §2-§5 with the partition in settings; distances filled in by watershed
// only (the one partition that needs them).
RegionResult buildRegions(const Heightfield& hf, const Settings& settings,
                          Threads threads = {});

// §6 on a given partition.
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings, Threads threads = {});

// Readings R12: the heightfield's own `regions` array as the partition.
RegionResult givenRegions(const Heightfield& hf);

}  // namespace regcon::opt
