// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include "reference/reference.h"

namespace regcon::ref {

// Readings R12: a partition handed in is taken as it stands. Its ids may
// have gaps, skip the order of first spans or sit on area-0 spans; none is
// renumbered, and regionCount is the largest id, not the number of ids.
RegionResult givenRegions(const Heightfield& hf) {
  RegionResult result;
  result.regions = *hf.regions;
  for (int id : result.regions) {
    if (id > result.regionCount) result.regionCount = id;
  }
  return result;
}

}  // namespace regcon::ref
