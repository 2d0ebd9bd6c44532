// The optimized implementation: the same bytes as the reference, computed
// fast. Written from the spec and readings, not from reference/, so that a
// misreading cannot hide in both. Every departure from the reference's
// method says why in one line where it happens.
#pragma once

#include <vector>

#include "core/types.h"

namespace regcon::opt {

// §1 / readings R2.
std::vector<int> buildDistanceField(const Heightfield& hf);

// §2-§5 with the partition in settings; distances filled in by watershed
// only (the one partition that needs them).
RegionResult buildRegions(const Heightfield& hf, const Settings& settings);

// §6 on a given partition.
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings);

}  // namespace regcon::opt
