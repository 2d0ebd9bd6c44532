#include "core/implementation.h"

#include <algorithm>

namespace regcon {

StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings) {
  StageResult result;
  if (hf.regions) {
    // Readings R12: a given partition; its largest id is the region count.
    result.regions.regions = *hf.regions;
    result.regions.distances = impl.distances(hf);
    const auto& ids = *hf.regions;
    result.regions.regionCount =
        ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
  } else {
    result.regions = impl.regions(hf, settings);
  }
  result.contours = impl.contours(hf, result.regions.regions, settings);
  return result;
}

}  // namespace regcon
