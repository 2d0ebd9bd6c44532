// §2 watershed on per-level span lists built by a counting sort.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

// Walkable spans grouped by distance: level L is
// order[start[L] .. start[L + 1]), in span-index order (the sort is stable).
struct Levels {
  std::vector<int> start;
  std::vector<int> order;
};

Levels sortByDistance(const Heightfield& hf, const std::vector<int>& dist) {
  int maxDist = 0;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0) maxDist = std::max(maxDist, dist[s]);
  }
  Levels levels;
  levels.start.assign(maxDist + 2, 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0) ++levels.start[dist[s] + 1];
  }
  for (int l = 0; l <= maxDist; ++l) levels.start[l + 1] += levels.start[l];
  levels.order.resize(levels.start[maxDist + 1]);
  std::vector<int> next(levels.start.begin(), levels.start.end() - 1);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0) levels.order[next[dist[s]]++] = s;
  }
  return levels;
}

class Watershed {
 public:
  Watershed(const Heightfield& hf, const MutualLinks& links,
            const std::vector<int>& dist)
      : hf_(hf),
        links_(links),
        dist_(dist),
        area_(hf.spanCount(), 0),
        region_(hf.spanCount(), 0),
        queued_(hf.spanCount(), 0) {
    // A dense copy of the areas: the hot loops read them at random spans.
    for (int s = 0; s < hf.spanCount(); ++s) {
      area_[s] = static_cast<uint8_t>(hf.spans[s].area);
      if (area_[s] != 0) region_[s] = unassignedMark(dist[s]);
    }
  }

  std::vector<int> run() {
    const Levels levels = sortByDistance(hf_, dist_);
    for (int l = static_cast<int>(levels.start.size()) - 2; l >= 0; --l) {
      const auto first = levels.order.begin() + levels.start[l];
      const auto last = levels.order.begin() + levels.start[l + 1];
      if (first == last) continue;
      candidates_.assign(first, last);
      grow(l);
      for (auto it = first; it != last; ++it) {
        if (region_[*it] < 0) flood(*it, l, nextId_++);
      }
    }
    return std::move(region_);
  }

 private:
  // An unassigned walkable span holds -1 - its distance in region_ until it
  // joins a region (ids > 0; 0 is a span with area 0), so "unassigned, of
  // this level" is one read of one array instead of three (region, area,
  // distance) at a random span.
  static int unassignedMark(int level) { return -1 - level; }

  bool isUnassignedOfLevel(int span, int level) const {
    return span >= 0 && region_[span] == unassignedMark(level);
  }

  // The smallest region id among same-area neighbours, or 0.
  int smallestNeighbourRegion(int span) const {
    const int area = area_[span];
    int best = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = links_(span, d);
      if (n < 0 || region_[n] <= 0) continue;
      if (area_[n] != area) continue;
      if (best == 0 || region_[n] < best) best = region_[n];
    }
    return best;
  }

  // Synchronous rounds. Candidate order is irrelevant: every join of a round
  // is decided before any is applied. Only spans next to a fresh joiner are
  // retried, because only a fresh joiner can give a span its first
  // same-area assigned neighbour. The lists are reused, never reallocated.
  // A one-byte queued flag, cleared once the round's list is built, instead
  // of a 4-byte round stamp: 3 bytes a span less at the peak.
  void grow(int level) {
    std::vector<int>& candidates = candidates_;
    std::vector<std::pair<int, int>>& joins = joins_;
    for (;;) {
      joins.clear();
      for (int s : candidates) {
        const int r = smallestNeighbourRegion(s);
        if (r != 0) joins.emplace_back(s, r);
      }
      if (joins.empty()) return;
      for (const auto& [s, r] : joins) region_[s] = r;
      candidates.clear();
      for (const auto& join : joins) {
        for (int d = 0; d < 4; ++d) {
          const int n = links_(join.first, d);
          if (!isUnassignedOfLevel(n, level) || queued_[n] != 0) continue;
          queued_[n] = 1;
          candidates.push_back(n);
        }
      }
      for (int s : candidates) queued_[s] = 0;
    }
  }

  // The spec floods breadth first; a stack labels the same component, and
  // only the component matters.
  void flood(int seed, int level, int id) {
    const int area = area_[seed];
    region_[seed] = id;
    stack_.assign(1, seed);
    while (!stack_.empty()) {
      const int s = stack_.back();
      stack_.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int n = links_(s, d);
        if (!isUnassignedOfLevel(n, level) || area_[n] != area) continue;
        region_[n] = id;
        stack_.push_back(n);
      }
    }
  }

  const Heightfield& hf_;
  const MutualLinks& links_;
  const std::vector<int>& dist_;  // only to sort the levels
  std::vector<uint8_t> area_;     // 0-255 (interchange §1): dense
  std::vector<int> region_;
  std::vector<uint8_t> queued_;  // 1 while a span is in the next round's list
  std::vector<int> stack_;
  std::vector<int> candidates_;
  std::vector<std::pair<int, int>> joins_;
  int nextId_ = 1;
};

}  // namespace

std::vector<int> watershedRegions(const Heightfield& hf,
                                  const MutualLinks& links,
                                  const std::vector<int>& distances) {
  return Watershed(hf, links, distances).run();
}

}  // namespace regcon::opt
