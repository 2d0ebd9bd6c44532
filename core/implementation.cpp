#include "core/implementation.h"

#include <algorithm>

namespace regcon {

RegionResult Implementation::regions(const Heightfield& hf,
                                     const Settings& settings) const {
  RegionResult result = partition(hf, settings);
  if (!result.distances) result.distances = distances(hf);
  return result;
}

StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings, StageDistances distances) {
  const bool always = distances == StageDistances::Always;
  StageResult result;
  if (hf.regions) {
    // Readings R12: a given partition; its largest id is the region count.
    result.regions.regions = *hf.regions;
    if (always) result.regions.distances = impl.distances(hf);
    const auto& ids = *hf.regions;
    result.regions.regionCount =
        ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
  } else {
    result.regions =
        always ? impl.regions(hf, settings) : impl.partition(hf, settings);
  }
  result.contours = impl.contours(hf, result.regions.regions, settings);
  return result;
}

}  // namespace regcon
