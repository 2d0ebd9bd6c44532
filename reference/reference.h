// The reference implementation: plain containers, one function per numbered
// step of build3d-regions-contours.md, obviously right before fast.
#pragma once

#include <deque>
#include <vector>

#include "core/types.h"

namespace regcon::ref {

// Readings R1: N(s, d), the mutual neighbour, or -1.
int neighbour(const Heightfield& hf, int span, int dir);

// The breadth-first flood of §2.2 and §4: gives `id` to `seed` and to every
// span reached from it over neighbours that have no region yet and that
// `joins(from, to)` accepts.
template <class Joins>
void floodBreadthFirst(const Heightfield& hf, std::vector<int>& regions,
                       int seed, int id, Joins joins) {
  std::deque<int> queue{seed};
  regions[seed] = id;
  while (!queue.empty()) {
    const int s = queue.front();
    queue.pop_front();
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(hf, s, d);
      if (n < 0 || regions[n] != 0 || !joins(s, n)) continue;
      regions[n] = id;
      queue.push_back(n);
    }
  }
}

// §1 / readings R2.
std::vector<int> buildDistanceField(const Heightfield& hf);

// §2, §3, §4 (before filtering); region ids per span, 0 = none.
std::vector<int> buildWatershedUnfiltered(const Heightfield& hf,
                                          const std::vector<int>& distances);
std::vector<int> buildMonotoneUnfiltered(const Heightfield& hf);

// §5: islands, merging (optional), numbering. Returns the region count.
int removeIslands(const Heightfield& hf, std::vector<int>& regions,
                  int64_t minRegionArea);
void mergeSmallRegions(const Heightfield& hf, std::vector<int>& regions,
                       int64_t mergeRegionArea);
int renumberRegions(std::vector<int>& regions);

RegionResult buildRegions(const Heightfield& hf, const Settings& settings);

// Readings R12: the heightfield's own `regions` array as the partition.
RegionResult givenRegions(const Heightfield& hf);

// §4 and readings R4.
// The shortcut is taken when no column holds two walkable spans and no
// component is smaller than minRegionArea (pass 0 to keep every island).
std::vector<int> buildLayerRegionsUnfiltered(const Heightfield& hf,
                                             int64_t minRegionArea);
std::vector<int> buildLayerRegionsGeneral(const Heightfield& hf);
// Components of "linked and same area" (and same key when keys is given).
std::vector<int> labelComponents(const Heightfield& hf,
                                 const std::vector<int>* keys);
std::vector<int> assignLayers(const Heightfield& hf,
                              const std::vector<int>& layerRegions);
std::vector<int> labelLayerComponents(const Heightfield& hf,
                                      const std::vector<int>& layers);

// §6.
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings);

}  // namespace regcon::ref
