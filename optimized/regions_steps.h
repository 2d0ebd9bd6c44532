// The steps of the optimized region stage (spec §1-§5), shared by the
// regions_*.cpp files. Region ids are ints in per-span vectors; 0 is "no
// region". Every step works on flat arrays indexed by span or by region id.
#pragma once

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "core/types.h"
#include "optimized/mutual_links.h"
#include "optimized/workers.h"

namespace regcon::opt {

// §1 / readings R2. Fills `links` (made unfilled) as it goes; complete on
// return.
std::vector<int> distanceField(const Heightfield& hf, MutualLinks& links,
                               Workers& workers, Scratch& scratch);

// §2, unfiltered; ids 1..n in the order basins appear, and each id's area
// in `areaOfId` (id 0: 0). `links` is the distance field's table, done
// with: a small field's growth reads it as it is, a large field's writes
// its own links over it.
std::vector<int> watershedRegions(const Heightfield& hf,
                                  const std::vector<int>& distances,
                                  MutualLinks::Storage links, Workers& workers,
                                  Scratch& scratch,
                                  std::vector<uint8_t>& areaOfId);

// What §5.1 and §5.2 need of a partition: each region id's span count and
// area, and every link between two regions, seen from each end (readings
// A4: counted per link).
// A run of links met one after another between the same two regions is
// kept as one entry with its count: along a border most links repeat the
// last one, and each entry costs a push here and a sort in the merge. An
// entry is stored once and read from both ends (forEachPair): half the
// writes and memory of storing each end's view.
struct RegionLink {
  int region;
  int neighbour;
  int links;
};
struct RegionLinks {
  std::vector<int64_t> size;      // by region id
  std::vector<int> area;          // by region id
  std::vector<RegionLink> pairs;  // each run of links, once
  // Gathered in bands side by side: the later bands' runs, in band order,
  // after `pairs`. Kept apart, since joining them into one list held every
  // run twice at the peak.
  std::vector<std::vector<RegionLink>> laterPairs;
  // By region id, when not empty: 1 for a region linked to a region of
  // another area, whose runs may then be left out of the pairs (§5.2 merges
  // only into a same-area neighbour; §5.1 asks only whether one exists).
  std::vector<uint8_t> otherArea;

  // Every run from each of its ends: (region, neighbour) then (neighbour,
  // region), in gathering order.
  template <class F>
  void forEachPair(const F& f) const {
    auto bothEnds = [&](const RegionLink& run) {
      f(run);
      f(RegionLink{run.neighbour, run.region, run.links});
    };
    for (const RegionLink& run : pairs) bothEnds(run);
    for (const std::vector<RegionLink>& band : laterPairs) {
      for (const RegionLink& run : band) bothEnds(run);
    }
  }
  // What forEachPair calls f on.
  size_t pairCount() const {
    size_t count = pairs.size();
    for (const std::vector<RegionLink>& band : laterPairs) count += band.size();
    return 2 * count;
  }

  // One link between regions r and n.
  void add(int r, int n) {
    if (!pairs.empty() && pairs.back().region == r &&
        pairs.back().neighbour == n) {
      ++pairs.back().links;
      return;
    }
    pairs.push_back({r, n, 1});
  }
};

// How a gathering sweep keeps a run between regions of two areas: as a
// run (the layer merge reads every neighbour), or only as both regions'
// flags in RegionLinks::otherArea (§5 asks only whether one exists; a
// checkerboard's monotone partition kept 12 bytes a link for it).
enum class CrossAreaRuns { Kept, Flagged };

// §3, unfiltered; ids 1..n in sweep order. With `gathered`, also the
// partition's RegionLinks, taken from the links the sweep reads anyway.
std::vector<int> monotoneRegions(const Heightfield& hf, const LiveLinks& links,
                                 Scratch& scratch,
                                 RegionLinks* gathered = nullptr,
                                 CrossAreaRuns crossArea = CrossAreaRuns::Kept);

// A partition before §5.1 with what §5.1 asks of each region id, gathered
// by the step that made it: its span count, and whether a mutual link joins
// it to another region.
struct Labelled {
  std::vector<int> regions;
  std::vector<int64_t> size;       // by region id
  std::vector<char> hasNeighbour;  // by region id
};

// §4 without any §5 step: the layer regions, ids as the merge leaves them
// (readings A6), or the shortcut's components on single-floor fields.
Labelled layerRegions(const Heightfield& hf, const LiveLinks& links,
                      Scratch& scratch);

// Whether no column holds two walkable spans (§4's shortcut).
bool isSingleFloor(const Heightfield& hf);

// Readings R4 on a field with overlapping walkable spans: the layer
// regions (ids as the merge leaves them) and, by region id, each one's
// layer, area, and the ids a mutual link joins it to (sorted).
struct LayeredRegions {
  std::vector<int> regions;
  std::vector<int> layerOf;
  std::vector<int> area;
  std::vector<std::vector<int>> adjacent;
};
LayeredRegions computeLayers(const Heightfield& hf, const LiveLinks& links,
                             Scratch& scratch);

// Layer-first from computeLayers(): the components of "linked, same area,
// same layer", ids 1..n in order of first span (labelComponents' result).
Labelled componentsPerLayer(const Heightfield& hf,
                            const LayeredRegions& layered, Scratch& scratch);

// Connected components of "mutually linked, same area, same layer" over
// walkable spans, ids 1..n in order of first span. Without layers, the
// components of "linked and same area".
Labelled labelComponents(const Heightfield& hf, const LiveLinks& links,
                         const std::vector<int>* layers, Scratch& scratch);

// §5.1 then §5.3 in one pass over the spans: removes regions smaller than
// minArea without a neighbouring region, from the facts the partition step
// gathered (no pass over the links), and renumbers the others to 1..k by
// first span; returns k.
int removeIslandsAndNumber(Labelled& labelled, int64_t minArea);

// What §5 needs of a watershed partition (its regions and each id's area,
// watershedRegions'), from one pass over the links in span order.
RegionLinks gatherLinks(const Heightfield& hf, const LiveLinks& links,
                        const std::vector<int>& regions,
                        const std::vector<uint8_t>& areaOfId, Workers& workers);

// §5.1 then §5.2 with readings R13 and A4, from a partition's gathered
// RegionLinks, and §5.3's numbering in the last pass over the spans (ids
// 1..k by first span); returns k. On one thread: the renaming is one
// pass over the spans, and cut into parts it read them twice (at
// terrain-16M 14.8 ms on two threads, 9.7 on one).
int filterAndMerge(RegionLinks gathered, std::vector<int>& regions,
                   int64_t minArea, int64_t mergeArea);

// The largest id in regions (0 when empty).
int largestId(const std::vector<int>& regions);

// Region ids 0..maxId merged into survivors (§4 and §5.2): a merged id points
// at the id it merged into, and find() follows the chain to the survivor,
// halving it on the way.
class MergedIds {
 public:
  explicit MergedIds(int maxId) : parent_(maxId + 1) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  bool survives(int id) const { return parent_[id] == id; }
  void merge(int gone, int into) { parent_[gone] = into; }
  int find(int id) {
    while (parent_[id] != id) {
      parent_[id] = parent_[parent_[id]];
      id = parent_[id];
    }
    return id;
  }

 private:
  std::vector<int> parent_;
};

}  // namespace regcon::opt
