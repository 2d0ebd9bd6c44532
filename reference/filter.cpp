// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <map>

#include "reference/reference.h"

namespace regcon::ref {
namespace {

std::map<int, std::vector<int>> spansByRegion(const std::vector<int>& regions) {
  std::map<int, std::vector<int>> members;
  for (int s = 0; s < static_cast<int>(regions.size()); ++s) {
    if (regions[s] != 0) members[regions[s]].push_back(s);
  }
  return members;
}

// Links from a region's spans to spans of other non-zero regions, counted
// per neighbouring region; with `sameAreaOnly`, only same-area ones.
std::map<int, int> linksToOtherRegions(const Heightfield& hf,
                                       const std::vector<int>& regions,
                                       const std::vector<int>& members,
                                       bool sameAreaOnly) {
  std::map<int, int> links;
  for (int s : members) {
    for (int d = 0; d < 4; ++d) {
      const int n = neighbour(hf, s, d);
      if (n < 0 || regions[n] == 0 || regions[n] == regions[s]) continue;
      if (sameAreaOnly && hf.spans[n].area != hf.spans[s].area) continue;
      ++links[regions[n]];
    }
  }
  return links;
}

// §5.2: the same-area neighbour sharing the most links, smallest id on ties
// (the map iterates in increasing id, and only a strictly larger count
// replaces the best). 0 when there is none.
int mergeTarget(const Heightfield& hf, const std::vector<int>& regions,
                const std::vector<int>& members) {
  int best = 0;
  int bestLinks = 0;
  for (const auto& [r, count] :
       linksToOtherRegions(hf, regions, members, true)) {
    if (count > bestLinks) {
      best = r;
      bestLinks = count;
    }
  }
  return best;
}

}  // namespace

// §5.1: small regions with no neighbouring region at all lose their spans.
int removeIslands(const Heightfield& hf, std::vector<int>& regions,
                  int64_t minRegionArea) {
  int removed = 0;
  for (const auto& [r, members] : spansByRegion(regions)) {
    if (static_cast<int64_t>(members.size()) >= minRegionArea) continue;
    if (!linksToOtherRegions(hf, regions, members, false).empty()) continue;
    for (int s : members) regions[s] = 0;
    ++removed;
  }
  return removed;
}

// §5.2 with readings R13: each region judged at its turn, as it is then.
void mergeSmallRegions(const Heightfield& hf, std::vector<int>& regions,
                       int64_t mergeRegionArea) {
  auto members = spansByRegion(regions);
  bool merged = true;
  while (merged) {
    merged = false;
    std::vector<int> ids;
    for (const auto& entry : members) ids.push_back(entry.first);
    for (int r : ids) {
      const auto found = members.find(r);
      if (found == members.end()) continue;  // merged away in this pass
      if (static_cast<int64_t>(found->second.size()) >= mergeRegionArea) {
        continue;
      }
      const int target = mergeTarget(hf, regions, found->second);
      if (target == 0) continue;
      for (int s : found->second) regions[s] = target;
      auto& grown = members[target];
      grown.insert(grown.end(), found->second.begin(), found->second.end());
      members.erase(found);
      merged = true;
    }
  }
}

// §5.3: 1..k in order of each region's first span.
int renumberRegions(std::vector<int>& regions) {
  std::map<int, int> newId;
  for (int& r : regions) {
    if (r == 0) continue;
    const auto [it, inserted] =
        newId.emplace(r, static_cast<int>(newId.size()) + 1);
    r = it->second;
  }
  return static_cast<int>(newId.size());
}

}  // namespace regcon::ref
