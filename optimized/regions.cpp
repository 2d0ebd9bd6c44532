// §2-§5: the four partitions and the filter. Only the distance field and
// watershed growth, which jump from span to span in distance order, read a
// mutual-link table; every other step walks spans in order and derives its
// neighbours from the raw links (LiveLinks), so they never build one.
#include <optional>
#include <utility>
#include <vector>

#include "optimized/optimized.h"
#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

std::vector<int> filteredWithMerging(const Heightfield& hf,
                                     const LiveLinks& links,
                                     std::vector<int> regions,
                                     const Settings& settings) {
  filterAndMerge(hf, links, regions, settings.minRegionArea,
                 settings.mergeRegionArea);
  return regions;
}

// Readings R4: cached layers when the heightfield has them.
std::vector<int> layerFirstRegions(const Heightfield& hf,
                                   const LiveLinks& links) {
  if (hf.layers) return labelComponents(hf, links, &*hf.layers);
  // One walkable span per column: nothing overlaps, every layer is 0, and
  // the components with layers are the layer partition's own.
  if (isSingleFloor(hf)) return layerRegions(hf, links);
  return componentsPerLayer(hf, computeLayers(hf, links));
}

// Watershed is the only partition that reads the §1 field, so only it
// computes the field, and hands it on in `distances` (interchange §3 lets
// the others omit it).
std::vector<int> watershedPartition(
    const Heightfield& hf, std::optional<std::vector<int>>& distances) {
  const MutualLinks table(hf);  // freed before the filter: less peak memory
  distances = distanceField(hf, table);
  return watershedRegions(hf, table, *distances);
}

std::vector<int> partition(const Heightfield& hf, const Settings& settings,
                           std::optional<std::vector<int>>& distances) {
  const LiveLinks links(hf);
  std::vector<int> regions;
  switch (settings.partition) {
    case Partition::Watershed:
      return filteredWithMerging(hf, links, watershedPartition(hf, distances),
                                 settings);
    case Partition::Monotone: {
      // §5 takes its link lists from the sweep, which reads every link.
      RegionLinks gathered;
      regions = monotoneRegions(hf, links, &gathered);
      filterAndMerge(std::move(gathered), regions, settings.minRegionArea,
                     settings.mergeRegionArea);
      return regions;
    }
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
  RegionResult result;
  result.regions = partition(hf, settings, result.distances);
  result.regionCount = numberRegions(result.regions);
  return result;
}

}  // namespace regcon::opt
