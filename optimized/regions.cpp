// §2-§5: the four partitions and the filter, on one shared neighbour table.
#include <utility>
#include <vector>

#include "optimized/optimized.h"
#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

std::vector<int> filteredWithMerging(const Heightfield& hf,
                                     const MutualLinks& links,
                                     std::vector<int> regions,
                                     const Settings& settings) {
  removeIslands(hf, links, regions, settings.minRegionArea);
  mergeSmallRegions(hf, links, regions, settings.mergeRegionArea);
  return regions;
}

// Readings R4: cached layers when the heightfield has them.
std::vector<int> layerFirstRegions(const Heightfield& hf,
                                   const MutualLinks& links) {
  if (hf.layers) return labelComponents(hf, links, &*hf.layers);
  const std::vector<int> layers = computeLayers(hf, links);
  return labelComponents(hf, links, &layers);
}

std::vector<int> partition(const Heightfield& hf, const MutualLinks& links,
                           const std::vector<int>& distances,
                           const Settings& settings) {
  std::vector<int> regions;
  switch (settings.partition) {
    case Partition::Watershed:
      return filteredWithMerging(
          hf, links, watershedRegions(hf, links, distances), settings);
    case Partition::Monotone:
      return filteredWithMerging(hf, links, monotoneRegions(hf, links),
                                 settings);
    case Partition::Layers:
      regions = layerRegions(hf, links);
      break;
    case Partition::LayerFirst:
      regions = layerFirstRegions(hf, links);
      break;
  }
  removeIslands(hf, links, regions, settings.minRegionArea);
  return regions;
}

}  // namespace

RegionResult buildRegions(const Heightfield& hf, const Settings& settings) {
  const MutualLinks links(hf);
  RegionResult result;
  std::vector<int> distances = distanceField(hf, links);
  result.regions = partition(hf, links, distances, settings);
  result.regionCount = numberRegions(result.regions);
  result.distances = std::move(distances);
  return result;
}

}  // namespace regcon::opt
