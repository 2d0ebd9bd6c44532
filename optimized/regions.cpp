// §2-§5: the four partitions and the filter. Only the distance field,
// whose Dijkstra jumps from span to span, reads a mutual-link table (and
// watershed growth its own, by level position); every other step walks
// spans in order and derives its neighbours from the raw links
// (LiveLinks), so they never build one.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "optimized/optimized.h"
#include "optimized/regions_steps.h"
#include "optimized/scratch.h"

namespace regcon::opt {
namespace {

// Readings R4: cached layers when the heightfield has them.
Labelled layerFirstRegions(const Heightfield& hf, const LiveLinks& links,
                           Scratch& scratch) {
  if (hf.layers) return labelComponents(hf, links, &*hf.layers, scratch);
  // One walkable span per column: nothing overlaps, every layer is 0, and
  // the components with layers are the layer partition's own.
  if (isSingleFloor(hf)) return layerRegions(hf, links, scratch);
  LayeredRegions layered = computeLayers(hf, links, scratch);
  Labelled components = componentsPerLayer(hf, layered, scratch);
  scratch.recycle(std::move(layered.regions));
  return components;
}

// Watershed is the only partition that reads the §1 field, so only it
// computes the field, and hands it on in `distances` (interchange §3 lets
// the others omit it). The table's memory then holds growth's links by
// level position (already paged in); it is freed before §5 gathers.
std::vector<int> watershedPartition(const Heightfield& hf,
                                    std::optional<std::vector<int>>& distances,
                                    RegionLinks& gathered, Workers& workers,
                                    Scratch& scratch) {
  MutualLinks table(hf, scratch);
  distances = distanceField(hf, table, workers, scratch);
  std::vector<uint8_t> areaOfId;
  std::vector<int> regions = watershedRegions(
      hf, *distances, std::move(table).release(), workers, scratch, areaOfId);
  gathered = gatherLinks(hf, LiveLinks(hf), regions, areaOfId, workers);
  return regions;
}

// The layer partitions end in §5.1 alone, then §5.3's numbering.
RegionResult islandsRemoved(Labelled labelled, int64_t minArea) {
  RegionResult result;
  result.regionCount = removeIslandsAndNumber(labelled, minArea);
  result.regions = std::move(labelled.regions);
  return result;
}

// Watershed and monotone end in filterAndMerge, which numbers the regions
// (§5.3) in its last pass over the spans; the layer partitions are
// numbered after their islands are removed.
RegionResult partition(const Heightfield& hf, const Settings& settings,
                       Workers& workers, Scratch& scratch) {
  const LiveLinks links(hf);
  RegionResult result;
  std::vector<int>& regions = result.regions;
  switch (settings.partition) {
    case Partition::Watershed: {
      RegionLinks gathered;
      regions =
          watershedPartition(hf, result.distances, gathered, workers, scratch);
      result.regionCount =
          filterAndMerge(std::move(gathered), regions, settings.minRegionArea,
                         settings.mergeRegionArea);
      return result;
    }
    case Partition::Monotone: {
      // §5 takes its link lists from the sweep, which reads every link.
      RegionLinks gathered;
      regions = monotoneRegions(hf, links, scratch, &gathered,
                                CrossAreaRuns::Flagged);
      result.regionCount =
          filterAndMerge(std::move(gathered), regions, settings.minRegionArea,
                         settings.mergeRegionArea);
      return result;
    }
    case Partition::Layers:
      return islandsRemoved(layerRegions(hf, links, scratch),
                            settings.minRegionArea);
    case Partition::LayerFirst:
      break;
  }
  return islandsRemoved(layerFirstRegions(hf, links, scratch),
                        settings.minRegionArea);
}

}  // namespace

RegionResult buildRegions(const Heightfield& hf, const Settings& settings,
                          Threads threads, Scratch& scratch) {
  Workers workers(threads, hf.spanCount());
  return partition(hf, settings, workers, scratch);
}

RegionResult buildRegions(const Heightfield& hf, const Settings& settings,
                          Threads threads) {
  Scratch scratch = ScratchAccess::forOneCall();
  return buildRegions(hf, settings, threads, scratch);
}

}  // namespace regcon::opt
