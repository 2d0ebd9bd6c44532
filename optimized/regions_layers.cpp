// §3 monotone sweeps and the §4 layer merge, on arrays indexed by region id.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

// The sweeps of one row (readings R6): which region each sweep's -z
// neighbours point to, and whether another sweep of the row touches it.
class RowSweeps {
 public:
  // Region ids 0..count-1 can be touched.
  void growIds(int count) {
    touchRow_.resize(count, -1);
    firstToucher_.resize(count, -1);
    shared_.resize(count, 0);
  }

  void startRow(int z) {
    row_ = z;
    candidate_.clear();
    lastSweep_ = -1;
  }
  int newSweep() {
    candidate_.push_back(0);
    return static_cast<int>(candidate_.size()) - 1;
  }
  int count() const { return static_cast<int>(candidate_.size()); }

  void touch(int sweep, int region) {
    // A touch repeats the one before along most of a sweep, and changes
    // nothing then: skipped with one compare.
    if (sweep == lastSweep_ && region == lastRegion_) return;
    lastSweep_ = sweep;
    lastRegion_ = region;
    int& candidate = candidate_[sweep];
    candidate = (candidate == 0 || candidate == region) ? region : -1;
    // Touch bookkeeping is reset lazily by row number instead of cleared.
    if (touchRow_[region] != row_) {
      touchRow_[region] = row_;
      firstToucher_[region] = sweep;
      shared_[region] = 0;
    } else if (firstToucher_[region] != sweep) {
      shared_[region] = 1;
    }
  }

  // The region the sweep continues, or 0 when it starts a new one.
  int continued(int sweep) const {
    const int candidate = candidate_[sweep];
    return (candidate > 0 && !shared_[candidate]) ? candidate : 0;
  }

 private:
  int row_ = -1;
  int lastSweep_ = -1;
  int lastRegion_ = 0;
  std::vector<int> candidate_;  // 0: none yet; -1: several regions
  std::vector<int> touchRow_;
  std::vector<int> firstToucher_;
  std::vector<char> shared_;
};

void sortUnique(std::vector<int>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

// Adds `id` unless it is the set's last entry: neighbouring spans along one
// border give the same pair over and over, and each set is sorted and made
// unique later, so the repeats only cost sorting.
void addToSet(std::vector<int>& ids, int id) {
  if (ids.empty() || ids.back() != id) ids.push_back(id);
}

// For every region id, the ids of the regions sharing a column with it.
std::vector<std::vector<int>> overlapSets(const Heightfield& hf,
                                          const std::vector<int>& regions,
                                          int maxId) {
  std::vector<std::vector<int>> overlaps(maxId + 1);
  for (std::size_t c = 0; c < hf.counts.size(); ++c) {
    const int first = hf.cellStart[c];
    const int last = first + hf.counts[c];
    for (int i = first; i < last; ++i) {
      for (int j = i + 1; j < last; ++j) {
        const int a = regions[i];
        const int b = regions[j];
        if (a == 0 || b == 0 || a == b) continue;
        addToSet(overlaps[a], b);
        addToSet(overlaps[b], a);
      }
    }
  }
  for (auto& ids : overlaps) sortUnique(ids);
  return overlaps;
}

// For every region id, the ids of the regions a mutual link joins it to,
// from the monotone sweep's gathered pairs: the sweep read every link
// already, so the sets cost no second pass over the links.
std::vector<std::vector<int>> adjacencySets(const RegionLinks& gathered,
                                            int maxId) {
  std::vector<int> count(maxId + 1, 0);
  gathered.forEachPair([&](const RegionLink& pair) { ++count[pair.region]; });
  std::vector<std::vector<int>> adjacent(maxId + 1);
  for (int id = 1; id <= maxId; ++id) adjacent[id].reserve(count[id]);
  gathered.forEachPair([&](const RegionLink& pair) {
    addToSet(adjacent[pair.region], pair.neighbour);
  });
  for (auto& ids : adjacent) sortUnique(ids);
  return adjacent;
}

// §4 sweep and merge with readings R7. Merged regions point to their
// survivor; sets keep stale ids and are renamed when next read.
class LayerMerge {
 public:
  // The sweep's regions with the RegionLinks it gathered on the way.
  LayerMerge(const Heightfield& hf, std::vector<int> regions,
             RegionLinks gathered)
      : regions_(std::move(regions)),
        maxId_(static_cast<int>(gathered.size.size()) - 1),
        ids_(maxId_),
        area_(std::move(gathered.area)),
        size_(std::move(gathered.size)),
        dirty_(maxId_ + 1, 1),
        adjacent_(adjacencySets(gathered, maxId_)),
        overlaps_(overlapSets(hf, regions_, maxId_)) {}

  std::vector<int> run() {
    for (bool changed = true; changed;) {
      changed = false;
      for (int a = 1; a <= maxId_; ++a) {
        // A clean region scanned before and found no partner; nothing it
        // is related to has merged since, so it would find none again.
        if (!ids_.survives(a) || !dirty_[a]) continue;
        dirty_[a] = 0;
        changed = mergeFirstPartner(a) || changed;
      }
    }
    // Each id's survivor once, then one table read per span.
    std::vector<int> survivor(maxId_ + 1);
    for (int id = 0; id <= maxId_; ++id) survivor[id] = ids_.find(id);
    for (int& r : regions_) r = survivor[r];
    return std::move(regions_);
  }

  // After run(): for each surviving id, the surviving ids sharing a column
  // with it (empty for a merged id), sorted: what overlapSets() gives on
  // run()'s partition, since the merge never joins two overlapping regions.
  std::vector<std::vector<int>> survivorOverlaps() {
    for (int a = 1; a <= maxId_; ++a) {
      if (ids_.survives(a)) rename(overlaps_[a], a);
    }
    return std::move(overlaps_);
  }

  // After run(): the same for the surviving ids a mutual link joins it to.
  std::vector<std::vector<int>> survivorAdjacency() {
    for (int a = 1; a <= maxId_; ++a) {
      if (ids_.survives(a)) rename(adjacent_[a], a);
    }
    return std::move(adjacent_);
  }

  // The area of every id (a survivor's is its members').
  std::vector<int> areas() { return std::move(area_); }

  // After run(): §5.1's facts by surviving id, from the merge's own sizes
  // and adjacency sets instead of a pass over the links.
  Labelled labelled(std::vector<int> regions) {
    Labelled out{std::move(regions), std::vector<int64_t>(maxId_ + 1, 0),
                 std::vector<char>(maxId_ + 1, 0)};
    for (int id = 1; id <= maxId_; ++id) out.size[ids_.find(id)] += size_[id];
    for (int a = 1; a <= maxId_; ++a) {
      if (!ids_.survives(a)) continue;
      rename(adjacent_[a], a);
      out.hasNeighbour[a] = adjacent_[a].empty() ? 0 : 1;
    }
    return out;
  }

 private:
  void rename(std::vector<int>& ids, int self) {
    for (int& id : ids) id = ids_.find(id);
    std::erase(ids, self);
    sortUnique(ids);
  }

  bool mergeFirstPartner(int a) {
    rename(adjacent_[a], a);
    rename(overlaps_[a], a);
    for (int b : adjacent_[a]) {
      if (area_[b] != area_[a]) continue;
      if (std::binary_search(overlaps_[a].begin(), overlaps_[a].end(), b)) {
        continue;
      }
      merge(std::min(a, b), std::max(a, b));
      return true;
    }
    return false;
  }

  void merge(int keep, int gone) {
    ids_.merge(gone, keep);
    dirty_[keep] = 1;
    for (int id : adjacent_[gone]) dirty_[ids_.find(id)] = 1;
    for (int id : overlaps_[gone]) dirty_[ids_.find(id)] = 1;
    append(adjacent_[keep], adjacent_[gone]);
    append(overlaps_[keep], overlaps_[gone]);
  }

  static void append(std::vector<int>& into, std::vector<int>& from) {
    into.insert(into.end(), from.begin(), from.end());
    std::vector<int>().swap(from);
  }

  std::vector<int> regions_;
  int maxId_;
  MergedIds ids_;
  std::vector<int> area_;
  std::vector<int64_t> size_;
  std::vector<char> dirty_;
  std::vector<std::vector<int>> adjacent_;
  std::vector<std::vector<int>> overlaps_;
};

// Readings R4 step 2: the smallest layer id no overlapping, already
// assigned region holds.
int firstFreeLayer(const std::vector<int>& overlapping, int self,
                   const std::vector<int>& layerOf) {
  std::vector<char> taken(overlapping.size() + 1, 0);
  for (int other : overlapping) {
    const int layer = other < self ? layerOf[other] : -1;
    if (layer >= 0 && layer < static_cast<int>(taken.size())) taken[layer] = 1;
  }
  int layer = 0;
  while (taken[layer]) ++layer;
  return layer;
}

}  // namespace

bool isSingleFloor(const Heightfield& hf) {
  for (std::size_t c = 0; c < hf.counts.size(); ++c) {
    if (hf.counts[c] < 2) continue;
    int walkable = 0;
    for (int i = 0; i < hf.counts[c]; ++i) {
      walkable += hf.spans[hf.cellStart[c] + i].area != 0 ? 1 : 0;
    }
    if (walkable > 1) return false;
  }
  return true;
}

// Adds the finished row's spans to the RegionLinks: each link to -x or -z
// whose ends are in two regions counts from both ends, so, with the rows
// after it, every link between two regions is seen once from each end.
void gatherRow(const Heightfield& hf, const std::vector<int>& region, int first,
               const std::vector<int>& left, const std::vector<int>& below,
               CrossAreaRuns crossArea, RegionLinks& gathered) {
  const int count = static_cast<int>(left.size());
  for (int i = 0; i < count; ++i) {
    const int s = first + i;
    const int r = region[s];
    if (r == 0) continue;
    ++gathered.size[r];
    gathered.area[r] = hf.spans[s].area;
    for (int t : {left[i], below[i]}) {
      if (t < 0 || region[t] == 0 || region[t] == r) continue;
      // A region's spans share its area (a sweep chains only those).
      if (crossArea == CrossAreaRuns::Flagged &&
          hf.spans[t].area != hf.spans[s].area) {
        gathered.otherArea[r] = gathered.otherArea[region[t]] = 1;
        continue;
      }
      gathered.add(r, region[t]);
    }
  }
}

// The row's spans hold their sweep's index in `region` until the row's
// sweeps get their region ids: no per-span sweep array. The touch tables
// grow with the region ids instead of being sized for every span.
std::vector<int> monotoneRegions(const Heightfield& hf, const LiveLinks& links,
                                 Scratch& scratch, RegionLinks* gathered,
                                 CrossAreaRuns crossArea) {
  std::vector<int> region = ScratchAccess::takeInts(scratch, hf.spanCount());
  region.assign(hf.spanCount(), 0);
  std::vector<int> sweepRegion;
  std::vector<int> left, below;  // N(s, 0) and N(s, 3) of the row's spans
  RowSweeps sweeps;
  int nextId = 1;
  const bool flagged = crossArea == CrossAreaRuns::Flagged;
  if (gathered) {
    *gathered = RegionLinks{{0}, {0}, {}, {}, {}};
    if (flagged) gathered->otherArea.assign(1, 0);
  }
  for (int z = 0; z < hf.depth; ++z) {
    sweeps.startRow(z);
    const int first = rowStart(hf, z);
    const int last = rowStart(hf, z + 1);
    left.assign(last - first, -1);
    below.assign(last - first, -1);
    // Span-index order within a row is increasing x, so a span's -x
    // predecessor is always seen first and sweeps appear by first span.
    forEachSpanOfRows(hf, z, z + 1, [&](int s, int cell) {
      const int area = hf.spans[s].area;
      if (area == 0) return;
      const int p = left[s - first] = links.at(s, cell, 0);
      const bool chained = p >= 0 && hf.spans[p].area == area;
      region[s] = chained ? region[p] : sweeps.newSweep();
      const int q = below[s - first] = links.at(s, cell, 3);
      if (q >= 0 && region[q] != 0 && hf.spans[q].area == area) {
        sweeps.touch(region[s], region[q]);
      }
    });
    sweepRegion.assign(sweeps.count(), 0);
    for (int sw = 0; sw < sweeps.count(); ++sw) {
      const int continued = sweeps.continued(sw);
      sweepRegion[sw] = continued != 0 ? continued : nextId++;
    }
    sweeps.growIds(nextId);
    for (int s = first; s < last; ++s) {
      if (hf.spans[s].area != 0) region[s] = sweepRegion[region[s]];
    }
    if (gathered) {
      gathered->size.resize(nextId, 0);
      gathered->area.resize(nextId, 0);
      if (flagged) gathered->otherArea.resize(nextId, 0);
      gatherRow(hf, region, first, left, below, crossArea, *gathered);
    }
  }
  return region;
}

namespace {

LayerMerge sweptLayerMerge(const Heightfield& hf, const LiveLinks& links,
                           Scratch& scratch) {
  RegionLinks gathered;
  std::vector<int> regions = monotoneRegions(hf, links, scratch, &gathered);
  return LayerMerge(hf, std::move(regions), std::move(gathered));
}

}  // namespace

Labelled layerRegions(const Heightfield& hf, const LiveLinks& links,
                      Scratch& scratch) {
  // Shortcut: with one walkable span per column nothing overlaps, so the
  // merge ends in the components of "linked and same area". Used whatever
  // the component sizes: the general code gives the same partition (A5),
  // and every caller renumbers or only compares ids for equality.
  if (isSingleFloor(hf)) return labelComponents(hf, links, nullptr, scratch);
  LayerMerge merge = sweptLayerMerge(hf, links, scratch);
  std::vector<int> regions = merge.run();
  return merge.labelled(std::move(regions));
}

// Readings R4 on a field with overlapping walkable spans: the layer
// regions, then each region's layer.
LayeredRegions computeLayers(const Heightfield& hf, const LiveLinks& links,
                             Scratch& scratch) {
  LayerMerge merge = sweptLayerMerge(hf, links, scratch);
  LayeredRegions layered;
  layered.regions = merge.run();
  // The merge's own overlap sets, renamed, instead of a second pass over
  // every column.
  const auto overlaps = merge.survivorOverlaps();
  layered.adjacent = merge.survivorAdjacency();
  layered.area = merge.areas();
  const int maxId = largestId(layered.regions);
  layered.layerOf.assign(maxId + 1, -1);
  std::vector<char> present(maxId + 1, 0);
  for (int r : layered.regions) present[r] = 1;
  for (int id = 1; id <= maxId; ++id) {
    if (present[id]) {
      layered.layerOf[id] = firstFreeLayer(overlaps[id], id, layered.layerOf);
    }
  }
  return layered;
}

// The components of "linked, same area, same layer" joined region by region
// instead of span by span: every layer region is connected by same-area
// links and has one layer, so a component is a union of whole regions, and
// two regions are in one exactly when a chain of linked regions of that
// area and layer joins them. Ids in order of first span, as labelComponents.
// §5.1's facts come region by region too: a component has a neighbour when
// one of its regions is joined to a region of another component.
Labelled componentsPerLayer(const Heightfield& hf,
                            const LayeredRegions& layered, Scratch& scratch) {
  const int maxId = largestId(layered.regions);
  MergedIds components(maxId);
  for (int a = 1; a <= maxId; ++a) {
    for (int b : layered.adjacent[a]) {
      if (layered.area[a] != layered.area[b] ||
          layered.layerOf[a] != layered.layerOf[b]) {
        continue;
      }
      const int ra = components.find(a), rb = components.find(b);
      if (ra != rb) components.merge(std::max(ra, rb), std::min(ra, rb));
    }
  }
  std::vector<int> idOf(maxId + 1, 0);
  Labelled out{ScratchAccess::takeInts(scratch, hf.spanCount()), {0}, {0}};
  out.regions.assign(hf.spanCount(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int r = layered.regions[s];
    if (r == 0) continue;
    int& id = idOf[components.find(r)];
    if (id == 0) {
      id = static_cast<int>(out.size.size());
      out.size.push_back(0);
      out.hasNeighbour.push_back(0);
    }
    out.regions[s] = id;
    ++out.size[id];
  }
  for (int a = 1; a <= maxId; ++a) {
    for (int b : layered.adjacent[a]) {
      const int own = components.find(a);
      if (own != components.find(b)) out.hasNeighbour[idOf[own]] = 1;
    }
  }
  return out;
}

}  // namespace regcon::opt
