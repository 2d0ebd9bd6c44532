// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <map>
#include <set>

#include "reference/reference.h"

namespace regcon::ref {
namespace {

struct LayerGraph {
  std::map<int, int> area;                // alive regions only
  std::map<int, std::set<int>> overlaps;  // share a column
  std::map<int, std::set<int>> adjacent;  // joined by a mutual link
};

LayerGraph buildLayerGraph(const Heightfield& hf,
                           const std::vector<int>& regions) {
  LayerGraph g;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] == 0) continue;
    g.area[regions[s]] = hf.spans[s].area;
    g.overlaps[regions[s]];
    g.adjacent[regions[s]];
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(hf, s, d);
      if (n >= 0 && regions[n] != 0 && regions[n] != regions[s]) {
        g.adjacent[regions[s]].insert(regions[n]);
      }
    }
  }
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    for (int i = 0; i < hf.counts[cell]; ++i) {
      for (int j = 0; j < hf.counts[cell]; ++j) {
        const int a = regions[hf.cellStart[cell] + i];
        const int b = regions[hf.cellStart[cell] + j];
        if (a != 0 && b != 0 && a != b) g.overlaps[a].insert(b);
      }
    }
  }
  return g;
}

// Replaces `gone` by `keep` in the set of every region that names it.
void renameInSets(std::map<int, std::set<int>>& sets, int gone, int keep) {
  for (int other : sets[gone]) {
    sets[other].erase(gone);
    if (other != keep) sets[other].insert(keep);
  }
  sets[keep].insert(sets[gone].begin(), sets[gone].end());
  sets[keep].erase(keep);
  sets[keep].erase(gone);
  sets.erase(gone);
}

// §4: the larger id merges into the smaller; sets are unioned.
void mergeLayerRegions(LayerGraph& g, std::map<int, int>& mergedInto, int a,
                       int b) {
  const int keep = std::min(a, b);
  const int gone = std::max(a, b);
  renameInSets(g.overlaps, gone, keep);
  renameInSets(g.adjacent, gone, keep);
  g.area.erase(gone);
  mergedInto[gone] = keep;
}

// §4 with readings R7: the first same-area, adjacent, non-overlapping
// partner of a (increasing id), or 0.
int firstMergePartner(const LayerGraph& g, int a) {
  for (int b : g.adjacent.at(a)) {
    if (g.area.at(b) == g.area.at(a) && !g.overlaps.at(a).count(b)) return b;
  }
  return 0;
}

// §4: passes over alive regions until one merges nothing; after a merge the
// pass goes on with the next alive a (readings R7).
std::map<int, int> sweepAndMerge(LayerGraph& g) {
  std::map<int, int> mergedInto;
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<int> ids;
    for (const auto& entry : g.area) ids.push_back(entry.first);
    for (int a : ids) {
      if (!g.area.count(a)) continue;  // merged away in this pass
      const int b = firstMergePartner(g, a);
      if (b == 0) continue;
      mergeLayerRegions(g, mergedInto, a, b);
      changed = true;
    }
  }
  return mergedInto;
}

int finalId(const std::map<int, int>& mergedInto, int id) {
  for (auto it = mergedInto.find(id); it != mergedInto.end();
       it = mergedInto.find(id)) {
    id = it->second;
  }
  return id;
}

bool anyColumnHoldsTwoWalkableSpans(const Heightfield& hf) {
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    int walkable = 0;
    for (int i = 0; i < hf.counts[cell]; ++i) {
      walkable += hf.spans[hf.cellStart[cell] + i].area != 0;
    }
    if (walkable > 1) return true;
  }
  return false;
}

}  // namespace

// §4 general code: sweep and merge from the unfiltered monotone regions.
std::vector<int> buildLayerRegionsGeneral(const Heightfield& hf) {
  std::vector<int> regions = buildMonotoneUnfiltered(hf);
  LayerGraph graph = buildLayerGraph(hf, regions);
  const std::map<int, int> mergedInto = sweepAndMerge(graph);
  for (int& r : regions) {
    if (r != 0) r = finalId(mergedInto, r);
  }
  return regions;
}

// §4 shortcut and readings R4 labelling: connected components of "linked,
// same area" (and same key, when keys are given), ids by first span. A
// breadth-first flood over all four links finds the same components as the
// union over -x and -z, because the mutual relation is symmetric.
std::vector<int> labelComponents(const Heightfield& hf,
                                 const std::vector<int>* keys) {
  std::vector<int> regions(hf.spanCount(), 0);
  int nextId = 1;
  auto joins = [&](int s, int n) {
    return hf.spans[n].area == hf.spans[s].area &&
           (!keys || (*keys)[n] == (*keys)[s]);
  };
  for (int seed = 0; seed < hf.spanCount(); ++seed) {
    if (hf.spans[seed].area == 0 || regions[seed] != 0) continue;
    floodBreadthFirst(hf, regions, seed, nextId++, joins);
  }
  return regions;
}

// §4: the shortcut when no column holds two walkable spans and no component
// is an island candidate; the general code otherwise.
std::vector<int> buildLayerRegionsUnfiltered(const Heightfield& hf,
                                             int64_t minRegionArea) {
  if (!anyColumnHoldsTwoWalkableSpans(hf)) {
    std::vector<int> components = labelComponents(hf, nullptr);
    std::map<int, int64_t> sizes;
    for (int r : components) {
      if (r != 0) ++sizes[r];
    }
    bool anySmall = false;
    for (const auto& [r, size] : sizes) anySmall |= size < minRegionArea;
    if (!anySmall) return components;
  }
  return buildLayerRegionsGeneral(hf);
}

// Readings R4 step 2: each region, in increasing id order, takes the
// smallest layer id not taken by an assigned region overlapping it.
std::vector<int> assignLayers(const Heightfield& hf,
                              const std::vector<int>& layerRegions) {
  const LayerGraph g = buildLayerGraph(hf, layerRegions);
  std::map<int, int> layerOf;
  for (const auto& [r, overlaps] : g.overlaps) {
    std::set<int> taken;
    for (int other : overlaps) {
      if (layerOf.count(other)) taken.insert(layerOf[other]);
    }
    int layer = 0;
    while (taken.count(layer)) ++layer;
    layerOf[r] = layer;
  }
  std::vector<int> layers(hf.spanCount(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (layerRegions[s] != 0) layers[s] = layerOf[layerRegions[s]];
  }
  return layers;
}

// Readings R4: components of "linked, same layer, same area".
std::vector<int> labelLayerComponents(const Heightfield& hf,
                                      const std::vector<int>& layers) {
  return labelComponents(hf, &layers);
}

}  // namespace regcon::ref
