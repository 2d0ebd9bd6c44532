// §2 watershed on per-level span lists built by a counting sort.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
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

// Spans per part below which a thread is not worth starting.
constexpr int kMinSpansPerPart = 1 << 16;

// A counting sort cut into parts of the span range: each part counts its
// own spans per level, and writes them from its offset within each level
// (the parts before it first), so the order is the stable one however the
// range is cut. A walkable span is one whose mark is < 0 (Watershed's
// unassigned marks).
Levels sortByDistance(const Heightfield& hf, const std::vector<int>& dist,
                      const std::vector<int>& marks, Workers& workers) {
  const int n = hf.spanCount();
  const int parts = workers.partsFor(n, kMinSpansPerPart);
  std::vector<int> maxDist(parts, 0);
  workers.forRanges(n, kMinSpansPerPart, [&](int begin, int end, int part) {
    for (int s = begin; s < end; ++s) {
      if (marks[s] < 0) maxDist[part] = std::max(maxDist[part], dist[s]);
    }
  });
  const int levelCount = *std::max_element(maxDist.begin(), maxDist.end()) + 1;
  // count[part][level], then each part's first slot in each level.
  std::vector<std::vector<int>> next(parts, std::vector<int>(levelCount, 0));
  workers.forRanges(n, kMinSpansPerPart, [&](int begin, int end, int part) {
    for (int s = begin; s < end; ++s) {
      if (marks[s] < 0) ++next[part][dist[s]];
    }
  });
  Levels levels;
  levels.start.assign(levelCount + 1, 0);
  int slot = 0;
  for (int l = 0; l < levelCount; ++l) {
    levels.start[l] = slot;
    for (int part = 0; part < parts; ++part) {
      const int count = next[part][l];
      next[part][l] = slot;
      slot += count;
    }
  }
  levels.start[levelCount] = slot;
  levels.order.resize(slot);
  workers.forRanges(n, kMinSpansPerPart, [&](int begin, int end, int part) {
    std::vector<int>& mine = next[part];
    for (int s = begin; s < end; ++s) {
      if (marks[s] < 0) levels.order[mine[dist[s]]++] = s;
    }
  });
  return levels;
}

// Region ids below 2^30: a field of a billion basins would need over 30 GB
// of this implementation's arrays first.
constexpr int kMaxIds = 1 << 30;

// Areas are 0-255 (interchange §1): the low 8 bits of an unassigned mark.
constexpr int kAreaBits = 8;
constexpr int kAreaMask = (1 << kAreaBits) - 1;
// Distances below 2^22, so that every unassigned mark is above -2^30 and
// never a pending one: a span that far from every border would need a
// field of about 2^40 spans.
constexpr int kMaxLevels = 1 << 22;

class Watershed {
 public:
  Watershed(const Heightfield& hf, const MutualLinks& links,
            const std::vector<int>& dist, Workers& workers)
      : hf_(hf),
        links_(links),
        dist_(dist),
        workers_(workers),
        region_(hf.spanCount(), 0),
        queued_(hf.spanCount(), 0),
        partJoins_(workers.count()),
        partCandidates_(workers.count()) {
    workers.forRanges(hf.spanCount(), kMinSpansPerPart, [&](int b, int e, int) {
      for (int s = b; s < e; ++s) {
        const int area = hf.spans[s].area;
        if (area == 0) continue;
        if (dist[s] >= kMaxLevels) {
          throw std::length_error(
              "optimized watershed: a distance of 2^22 or more (span " +
              std::to_string(s) + ")");
        }
        region_[s] = unassignedMark(dist[s], area);
      }
    });
  }

  std::vector<int> run() {
    const Levels levels = sortByDistance(hf_, dist_, region_, workers_);
    for (int l = static_cast<int>(levels.start.size()) - 2; l >= 0; --l) {
      const auto first = levels.order.begin() + levels.start[l];
      const auto last = levels.order.begin() + levels.start[l + 1];
      if (first == last) continue;
      // The first round's candidates are the level itself, read in place.
      round_ = &*first;
      roundSize_ = static_cast<int>(last - first);
      grow(l);
      for (auto it = first; it != last; ++it) {
        if (region_[*it] < 0) flood(*it, newId());
      }
    }
    return std::move(region_);
  }

 private:
  // An unassigned walkable span holds -1 - (its distance * 256 + its area)
  // in region_ until it joins a region (ids > 0; 0 is a span with area 0),
  // so "unassigned, of this level" and its area are one read of one array
  // instead of three (region, area, distance) at a random span; an assigned
  // span's area is its region's (regionArea_, a few bytes a region).
  static int unassignedMark(int level, int area) {
    return -1 - (level << kAreaBits | area);
  }
  static int markedArea(int mark) { return (-1 - mark) & kAreaMask; }

  bool isUnassignedOfLevel(int span, int level) const {
    if (span < 0) return false;
    const int mark = region_[span];
    return mark <= unassignedMark(level, 0) &&
           mark >= unassignedMark(level, kAreaMask);
  }

  // A join decided but not yet made holds INT_MIN + its region: like the
  // unassigned mark it replaces it is not a region (<= 0) and it is no
  // level's mark (distances stay far below 2^30), so the decisions after it in
  // the same round still read the state at the round's start.
  static constexpr int kPendingLimit =
      std::numeric_limits<int>::min() + kMaxIds;
  static int pendingMark(int region) {
    return std::numeric_limits<int>::min() + region;
  }
  static bool isPending(int value) { return value < kPendingLimit; }
  static int pendingRegion(int value) {
    return value - std::numeric_limits<int>::min();
  }

  // The smallest region id among same-area neighbours of an unassigned
  // span, or 0.
  int smallestNeighbourRegion(int span) const {
    const int area = markedArea(region_[span]);
    int best = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = links_(span, d);
      if (n < 0 || region_[n] <= 0) continue;
      if (regionArea_[region_[n]] != area) continue;
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
    for (;;) {
      if (workers_.partsFor(roundSize_, kMinCandidatesPerPart) > 1) {
        if (!growRoundInParts(level)) return;
        continue;
      }
      if (!growRound(level)) return;
    }
  }

  // One round on one thread, without a list of joins (8 bytes a joiner at
  // the peak): the decisions are marked pending in place, then one pass over
  // the round makes them and queues the joiners' neighbours, in the order a
  // list of the joins would give. The round may be candidates_, so the next
  // one is built in spare_ and the two swap.
  bool growRound(int level) {
    if (!markJoins()) return false;
    spare_.clear();
    for (int i = 0; i < roundSize_; ++i) {
      const int s = round_[i];
      if (!isPending(region_[s])) continue;
      region_[s] = pendingRegion(region_[s]);
      queueNeighbours<false>(s, level, spare_);
    }
    for (int s : spare_) queued_[s] = 0;
    std::swap(candidates_, spare_);
    nextRoundFromCandidates();
    return true;
  }

  bool markJoins() {
    bool any = false;
    for (int i = 0; i < roundSize_; ++i) {
      const int s = round_[i];
      const int r = smallestNeighbourRegion(s);
      if (r == 0) continue;
      region_[s] = pendingMark(r);
      any = true;
    }
    return any;
  }

  void nextRoundFromCandidates() {
    round_ = candidates_.data();
    roundSize_ = static_cast<int>(candidates_.size());
  }

  // Candidates per part below which a round runs on one thread.
  static constexpr int kMinCandidatesPerPart = 1 << 14;

  void decideJoins(int begin, int end,
                   std::vector<std::pair<int, int>>& joins) const {
    joins.clear();
    for (int i = begin; i < end; ++i) {
      const int s = round_[i];
      const int r = smallestNeighbourRegion(s);
      if (r != 0) joins.emplace_back(s, r);
    }
  }

  // The unassigned spans of the level next to a joiner, each once. Parts
  // running side by side may meet the same span, so they take its flag
  // atomically (`Shared`); one thread alone reads and writes it plainly.
  template <bool Shared>
  void queueNextTo(const std::vector<std::pair<int, int>>& joins, int level,
                   std::vector<int>& out) {
    for (const auto& join : joins)
      queueNeighbours<Shared>(join.first, level, out);
  }

  template <bool Shared>
  void queueNeighbours(int span, int level, std::vector<int>& out) {
    for (int d = 0; d < 4; ++d) {
      const int n = links_(span, d);
      if (!isUnassignedOfLevel(n, level) || !takeFlag<Shared>(n)) continue;
      out.push_back(n);
    }
  }

  template <bool Shared>
  bool takeFlag(int span) {
    if constexpr (Shared) {
      // The gcc/clang builtin, not std::atomic_ref: libc++ 14 (the
      // ClusterFuzzLite build) has no atomic_ref.
      return __atomic_exchange_n(&queued_[span], uint8_t{1},
                                 __ATOMIC_RELAXED) == 0;
    } else {
      if (queued_[span] != 0) return false;
      queued_[span] = 1;
      return true;
    }
  }

  // One round cut into parts: all decisions, then all joins, then the next
  // candidates, each phase over the whole round before the next starts, so
  // every decision reads the state at the start of the round. The next
  // candidates come out as the same set in another order.
  bool growRoundInParts(int level) {
    workers_.forRanges(
        roundSize_, kMinCandidatesPerPart,
        [&](int b, int e, int part) { decideJoins(b, e, partJoins_[part]); });
    bool any = false;
    for (const auto& joins : partJoins_) any = any || !joins.empty();
    if (!any) return false;
    workers_.run([&](int part) {
      for (const auto& [s, r] : partJoins_[part]) region_[s] = r;
    });
    workers_.run([&](int part) {
      partCandidates_[part].clear();
      queueNextTo<true>(partJoins_[part], level, partCandidates_[part]);
      partJoins_[part].clear();
    });
    candidates_.clear();
    for (const auto& list : partCandidates_) {
      candidates_.insert(candidates_.end(), list.begin(), list.end());
    }
    workers_.forRanges(static_cast<int>(candidates_.size()),
                       kMinCandidatesPerPart, [&](int b, int e, int) {
                         for (int i = b; i < e; ++i)
                           queued_[candidates_[i]] = 0;
                       });
    nextRoundFromCandidates();
    return true;
  }

  // Ids stay below kMaxIds so that a pending mark is never a level's mark.
  int newId() {
    if (nextId_ >= kMaxIds) {
      throw std::length_error(
          "optimized watershed: more than 2^30 - 1 basins in one field");
    }
    return nextId_++;
  }

  // The spec floods breadth first; a stack labels the same component, and
  // only the component matters. The stack is the candidate list, free once
  // growth has ended: one list less at the peak.
  void flood(int seed, int id) {
    const int mark = region_[seed];
    regionArea_.push_back(static_cast<uint8_t>(markedArea(mark)));
    region_[seed] = id;
    std::vector<int>& stack = candidates_;
    stack.assign(1, seed);
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int n = links_(s, d);
        if (n < 0 || region_[n] != mark) continue;
        region_[n] = id;
        stack.push_back(n);
      }
    }
  }

  const Heightfield& hf_;
  const MutualLinks& links_;
  const std::vector<int>& dist_;  // only to sort the levels
  Workers& workers_;
  std::vector<uint8_t> regionArea_ = std::vector<uint8_t>(1, 0);  // by id
  std::vector<int> region_;
  std::vector<uint8_t> queued_;  // 1 while a span is in the next round's list
  std::vector<int> candidates_;  // of the next round; the flood's stack
  std::vector<int> spare_;       // the round after, built while one runs
  // The round's candidates: the level's own spans, then candidates_.
  const int* round_ = nullptr;
  int roundSize_ = 0;
  // A parallel round's lists, one per part.
  std::vector<std::vector<std::pair<int, int>>> partJoins_;
  std::vector<std::vector<int>> partCandidates_;
  int nextId_ = 1;
};

}  // namespace

std::vector<int> watershedRegions(const Heightfield& hf,
                                  const MutualLinks& links,
                                  const std::vector<int>& distances,
                                  Workers& workers) {
  return Watershed(hf, links, distances, workers).run();
}

}  // namespace regcon::opt
