// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>

#include "optimized/optimized.h"

namespace regcon::opt {

// Readings R12: the ids stand as given (gaps, any order, area-0 spans);
// regionCount is the largest of them.
RegionResult givenRegions(const Heightfield& hf) {
  RegionResult result;
  result.regions = *hf.regions;
  const auto top =
      std::max_element(result.regions.begin(), result.regions.end());
  result.regionCount = top == result.regions.end() ? 0 : std::max(*top, 0);
  return result;
}

}  // namespace regcon::opt
