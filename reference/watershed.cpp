// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <map>
#include <set>

#include "reference/reference.h"

namespace regcon::ref {
namespace {

// §2: levels by distance, largest first; each level in span-index order.
std::map<int, std::vector<int>, std::greater<>> walkableSpansByLevel(
    const Heightfield& hf, const std::vector<int>& distances) {
  std::map<int, std::vector<int>, std::greater<>> levels;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0) levels[distances[s]].push_back(s);
  }
  return levels;
}

// §2.1: the smallest region id among neighbours with a region and the same
// area, or 0.
int smallestGrowableRegion(const Heightfield& hf,
                           const std::vector<int>& regions, int span) {
  int best = 0;
  for (int d = 0; d < 4; ++d) {
    const int n = neighbour(hf, span, d);
    if (n < 0 || regions[n] == 0) continue;
    if (hf.spans[n].area != hf.spans[span].area) continue;
    if (best == 0 || regions[n] < best) best = regions[n];
  }
  return best;
}

// §2.1 one synchronous round: all joins are decided from the state at its
// start. Returns the spans that joined, in span-index order.
std::vector<int> growOneRound(const Heightfield& hf, std::vector<int>& regions,
                              const std::vector<int>& candidates) {
  std::vector<std::pair<int, int>> joins;  // (span, region)
  for (int s : candidates) {
    const int r = smallestGrowableRegion(hf, regions, s);
    if (r != 0) joins.emplace_back(s, r);
  }
  std::vector<int> joined;
  for (const auto& [s, r] : joins) {
    regions[s] = r;
    joined.push_back(s);
  }
  return joined;
}

// §2.1: next candidates are the unassigned walkable spans of this level
// next to a span that joined, in span-index order (the set orders them).
std::vector<int> nextCandidates(const Heightfield& hf,
                                const std::vector<int>& regions,
                                const std::vector<int>& distances, int level,
                                const std::vector<int>& joined) {
  std::set<int> next;
  for (int s : joined) {
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(hf, s, d);
      if (n < 0 || regions[n] != 0 || hf.spans[n].area == 0) continue;
      if (distances[n] == level) next.insert(n);
    }
  }
  return {next.begin(), next.end()};
}

void growLevel(const Heightfield& hf, std::vector<int>& regions,
               const std::vector<int>& distances, int level,
               const std::vector<int>& levelSpans) {
  std::vector<int> candidates = levelSpans;
  while (true) {
    const std::vector<int> joined = growOneRound(hf, regions, candidates);
    if (joined.empty()) return;
    candidates = nextCandidates(hf, regions, distances, level, joined);
  }
}

// §2.2: breadth-first flood over unassigned spans of one area and level.
void floodBasin(const Heightfield& hf, std::vector<int>& regions,
                const std::vector<int>& distances, int seed, int id) {
  floodBreadthFirst(hf, regions, seed, id, [&](int, int n) {
    return hf.spans[n].area == hf.spans[seed].area &&
           distances[n] == distances[seed];
  });
}

}  // namespace

// §2: growth then basins at each level, largest distance first.
std::vector<int> buildWatershedUnfiltered(const Heightfield& hf,
                                          const std::vector<int>& distances) {
  std::vector<int> regions(hf.spanCount(), 0);
  int nextId = 1;
  for (const auto& [distance, level] : walkableSpansByLevel(hf, distances)) {
    growLevel(hf, regions, distances, distance, level);
    for (int s : level) {
      if (regions[s] == 0) floodBasin(hf, regions, distances, s, nextId++);
    }
  }
  return regions;
}

}  // namespace regcon::ref
