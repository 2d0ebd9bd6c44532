#include "core/implementation.h"

#include <algorithm>

namespace regcon {

RegionResult Implementation::regions(const Heightfield& hf,
                                     const Settings& settings) const {
  RegionResult result = partition(hf, settings);
  if (!result.distances) result.distances = distances(hf);
  return result;
}

RegionResult Implementation::givenRegions(const Heightfield& hf) const {
  RegionResult result;
  result.regions = *hf.regions;
  const auto& ids = result.regions;
  result.regionCount =
      ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
  return result;
}

StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings, StageDistances distances) {
  const bool always = distances == StageDistances::Always;
  StageResult result;
  if (hf.regions) {
    // Readings R12: a given partition.
    result.regions = impl.givenRegions(hf);
    if (always) result.regions.distances = impl.distances(hf);
  } else {
    result.regions =
        always ? impl.regions(hf, settings) : impl.partition(hf, settings);
  }
  result.contours = impl.contours(hf, result.regions.regions, settings);
  return result;
}

}  // namespace regcon
