// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <map>
#include <set>

#include "reference/reference.h"

namespace regcon::ref {
namespace {

// §3: maximal chains of walkable spans linked in -x with equal area, in the
// order of their first span (cells by increasing x, spans bottom up).
std::vector<std::vector<int>> sweepsOfRow(const Heightfield& hf, int z) {
  std::vector<std::vector<int>> sweeps;
  std::map<int, int> sweepOfSpan;
  for (int x = 0; x < hf.width; ++x) {
    const int cell = x + z * hf.width;
    for (int i = 0; i < hf.counts[cell]; ++i) {
      const int s = hf.cellStart[cell] + i;
      if (hf.spans[s].area == 0) continue;
      const int p = neighbour(hf, s, 0);
      if (p >= 0 && hf.spans[p].area == hf.spans[s].area) {
        sweepOfSpan[s] = sweepOfSpan.at(p);
        sweeps[sweepOfSpan[s]].push_back(s);
      } else {
        sweepOfSpan[s] = static_cast<int>(sweeps.size());
        sweeps.push_back({s});
      }
    }
  }
  return sweeps;
}

// Readings R6: the regions a sweep touches through its -z neighbours.
std::set<int> regionsTouched(const Heightfield& hf,
                             const std::vector<int>& regions,
                             const std::vector<int>& sweep) {
  std::set<int> touched;
  for (int s : sweep) {
    const int n = neighbour(hf, s, 3);
    if (n < 0 || regions[n] == 0) continue;
    if (hf.spans[n].area == hf.spans[s].area) touched.insert(regions[n]);
  }
  return touched;
}

}  // namespace

// §3: a sweep continues the one region below it that no other sweep of the
// row touches; otherwise it starts a region.
std::vector<int> buildMonotoneUnfiltered(const Heightfield& hf) {
  std::vector<int> regions(hf.spanCount(), 0);
  int nextId = 1;
  for (int z = 0; z < hf.depth; ++z) {
    const auto sweeps = sweepsOfRow(hf, z);
    std::vector<std::set<int>> touched;
    std::map<int, int> sweepsTouching;
    for (const auto& sweep : sweeps) {
      touched.push_back(regionsTouched(hf, regions, sweep));
      for (int r : touched.back()) ++sweepsTouching[r];
    }
    for (size_t i = 0; i < sweeps.size(); ++i) {
      const bool continues =
          touched[i].size() == 1 && sweepsTouching[*touched[i].begin()] == 1;
      const int id = continues ? *touched[i].begin() : nextId++;
      for (int s : sweeps[i]) regions[s] = id;
    }
  }
  return regions;
}

}  // namespace regcon::ref
