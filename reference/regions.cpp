// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include "reference/reference.h"

namespace regcon::ref {
namespace {

std::vector<int> unfilteredPartition(const Heightfield& hf,
                                     const Settings& settings,
                                     const std::vector<int>& distances) {
  switch (settings.partition) {
    case Partition::Watershed:
      return buildWatershedUnfiltered(hf, distances);
    case Partition::Monotone:
      return buildMonotoneUnfiltered(hf);
    case Partition::Layers:
      return buildLayerRegionsUnfiltered(hf, settings.minRegionArea);
    case Partition::LayerFirst:
      break;
  }
  // LayerFirst, Readings R4: cached layers, else layers with every island
  // kept. (Written after the switch so no line is left for an enum value
  // outside Partition, which the settings reader never admits.)
  return labelLayerComponents(
      hf, hf.layers ? *hf.layers
                    : assignLayers(hf, buildLayerRegionsUnfiltered(hf, 0)));
}

}  // namespace

// §2-§5: the partition, then §5 (no merging for the layer partitions, §4).
RegionResult buildRegions(const Heightfield& hf, const Settings& settings) {
  RegionResult result;
  result.distances = buildDistanceField(hf);
  result.regions = unfilteredPartition(hf, settings, *result.distances);
  removeIslands(hf, result.regions, settings.minRegionArea);
  const bool layered = settings.partition == Partition::Layers ||
                       settings.partition == Partition::LayerFirst;
  if (!layered) mergeSmallRegions(hf, result.regions, settings.mergeRegionArea);
  result.regionCount = renumberRegions(result.regions);
  return result;
}

}  // namespace regcon::ref
