// §2 watershed on per-level span lists built by a counting sort.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

// On a large field the watershed works on the spans renumbered by level:
// level L is positions start[L] .. start[L + 1], in span-index order (the
// sort is stable). A level's spans are scattered over the whole field (one
// in a few hundred on large terrain), so in span numbering every span a
// round reads costs cache misses; renumbered, a level and the levels beside
// it, which hold nearly all its neighbours, are a few contiguous blocks.
// Spans of area 0 (distance 0, sources) are numbered too, with mark 0,
// which no step takes for a candidate, a region or a flood's mark: the sort
// then reads no area, only the distances (a span's 24 bytes against 4).
// A small field's arrays stay in the cache, where renumbering buys nothing
// and costs a pass that rewrites every link: its watershed keeps span
// numbers, the distance field's link table as it is, and each level's spans
// as a list (on `rooms-256`, about a tenth of the watershed's time).
struct Levels {
  std::vector<int> start;
  // Renumbered: the position of each span. Else the spans of level L
  // at start[L] .. start[L + 1].
  std::vector<int> index;
  bool renumbered = true;
};

// Spans below which a field keeps span numbers (Levels).
constexpr int kRenumberFrom = 1 << 17;

// Region ids below 2^30: a field of a billion basins would need over 30 GB
// of this implementation's arrays first.
constexpr int kMaxIds = 1 << 30;

// Areas are 0-255 (interchange §1): the low 8 bits of an unassigned mark.
constexpr int kAreaBits = 8;
constexpr int kAreaMask = (1 << kAreaBits) - 1;
// Distances below 2^21, so that every unassigned mark is -2^29 or above,
// and a queued one (2^29 lower) is -2^30 or above, never a pending one: a
// span that far from every border would need a field of about 2^40 spans.
constexpr int kMaxLevels = 1 << 21;
constexpr int kQueuedShift = 1 << 29;

// Spans per part below which a thread is not worth starting.
constexpr int kMinSpansPerPart = 1 << 16;

// Each part's count of its spans per level, up to its deepest
// level (the counts grow as deeper levels turn up: no pass of its own for
// the deepest distance).
std::vector<std::vector<int>> countPerLevel(const Heightfield& hf,
                                            const std::vector<int>& dist,
                                            Workers& workers) {
  const int n = hf.spanCount();
  std::vector<std::vector<int>> count(workers.partsFor(n, kMinSpansPerPart));
  workers.forRanges(n, kMinSpansPerPart, [&](int begin, int end, int part) {
    std::vector<int>& mine = count[part];
    for (int s = begin; s < end; ++s) {
      const int level = dist[s];
      if (level >= static_cast<int>(mine.size())) {
        if (level >= kMaxLevels) {
          throw std::length_error(
              "optimized watershed: a distance of 2^21 or more (span " +
              std::to_string(s) + ")");
        }
        mine.resize(level + 1, 0);
      }
      ++mine[level];
    }
  });
  return count;
}

// A counting sort cut into parts of the span range: each part counts its
// own spans per level, and numbers them from its offset within each level
// (the parts before it first), so the order is the stable one however the
// range is cut. The positions, or on a field that keeps span numbers each
// level's list of spans, are written in span order.
Levels sortByDistance(const Heightfield& hf, const std::vector<int>& dist,
                      Workers& workers, Scratch& scratch) {
  Levels levels;
  levels.renumbered =
      hf.spanCount() >= kRenumberFrom || workers.splitsSmallWork();
  const int n = hf.spanCount();
  // count[part][level], then each part's first position in each level.
  std::vector<std::vector<int>> next = countPerLevel(hf, dist, workers);
  const int parts = static_cast<int>(next.size());
  int levelCount = 0;
  for (const std::vector<int>& mine : next) {
    levelCount = std::max(levelCount, static_cast<int>(mine.size()));
  }
  for (std::vector<int>& mine : next) mine.resize(levelCount, 0);
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
  levels.index = ScratchAccess::takeInts(scratch, n);
  levels.index.resize(n);
  workers.forRanges(n, kMinSpansPerPart, [&](int begin, int end, int part) {
    std::vector<int>& mine = next[part];
    if (levels.renumbered) {
      for (int s = begin; s < end; ++s) levels.index[s] = mine[dist[s]]++;
    } else {
      for (int s = begin; s < end; ++s) levels.index[mine[dist[s]]++] = s;
    }
  });
  return levels;
}

// Works on positions (Levels), which on a small field are the span numbers:
// span numbers come in with the links and go out with the regions.
class Watershed {
 public:
  Watershed(const Heightfield& hf, const std::vector<int>& dist,
            MutualLinks::Storage links, Workers& workers, Scratch& scratch)
      : hf_(hf),
        workers_(workers),
        levels_(sortByDistance(hf, dist, workers, scratch)),
        links_(std::move(links)),
        regionSlots_(scratch, static_cast<size_t>(levels_.start.back()) + 1),
        region_(regionSlots_.data() + 1),
        partJoined_(workers.count(), 0),
        queueTwice_(workers.queueTwice()),
        partCandidates_(workers.count()),
        partLeft_(workers.count()),
        partLeftTooMany_(workers.count(), 0) {
    region_[-1] = 0;
    if (levels_.renumbered) {
      renumber(dist);
    } else {
      oneArea_ = markSpans(dist).isOne();
    }
  }

  std::vector<int> run(std::vector<uint8_t>& areaOfId) {
    for (int l = static_cast<int>(levels_.start.size()) - 2; l >= 0; --l) {
      const int first = levels_.start[l];
      const int last = levels_.start[l + 1];
      if (first == last) continue;
      // The first round's candidates are the level itself: a range of
      // positions, or its list of spans.
      round_ = levels_.renumbered ? nullptr : levels_.index.data() + first;
      roundFirst_ = first;
      roundSize_ = last - first;
      leftParts_ = 0;
      if (oneArea_) {
        grow<true>(l);
      } else {
        grow<false>(l);
      }
      floodLevel(first, last);
    }
    areaOfId = std::move(regionArea_);
    return inSpanOrder();
  }

 private:
  // Each walkable span's unassigned mark and its mutual neighbours'
  // positions (-1 for none), at its own position, and mark 0 for a span of
  // area 0: in span order, by bands of rows, so the links are derived as
  // they are read.
  void renumber(const std::vector<int>& dist) {
    std::vector<AreaSeen> seen(workers_.partsFor(hf_.depth, kMinRowsPerPart));
    workers_.forRanges(hf_.depth, kMinRowsPerPart,
                       [&](int z0, int z1, int part) {
                         seen[part] = renumberRows(dist, z0, z1);
                       });
    AreaSeen all;
    for (const AreaSeen& part : seen) all.add(part);
    oneArea_ = all.isOne();
  }

  // The areas of the walkable spans a pass met: none, one, or several.
  // Where every walkable span has one area, so has every region, and a
  // decision of growth needs no region's area (one read for each of its
  // four neighbours): on most fields, all of them walkable area 63.
  class AreaSeen {
   public:
    void add(int area) {
      if (area_ == kNoArea) {
        area_ = area;
      } else if (area_ != area) {
        area_ = kSeveral;
      }
    }
    void add(const AreaSeen& other) {
      if (other.area_ != kNoArea) add(other.area_);
    }
    bool isOne() const { return area_ != kSeveral; }

   private:
    static constexpr int kNoArea = -1;
    static constexpr int kSeveral = -2;
    int area_ = kNoArea;
  };

  // Rows per part below which a thread is not worth starting.
  static constexpr int kMinRowsPerPart = 64;

  // Span numbers kept: each span's unassigned mark (0 for area 0), and the
  // distance field's table for the links, whose -1 for an unwalkable
  // neighbour reads the slot before position 0 (0, no region) as a
  // renumbered span of area 0 would.
  AreaSeen markSpans(const std::vector<int>& dist) {
    AreaSeen seen;
    for (int s = 0; s < hf_.spanCount(); ++s) {
      const int area = hf_.spans[s].area;
      if (area == 0) {
        region_[s] = 0;
        continue;
      }
      seen.add(area);
      region_[s] = unassignedMark(dist[s], area);
    }
    return seen;
  }

  // Spans ahead whose slots a pass in span order that writes or reads at
  // their positions fetches early. A row's spans fall in hundreds of
  // levels, more streams than the hardware follows: each new cache line
  // of a level was a miss the pass waited on (renumbering at terrain-16M
  // about a tenth faster, interleaved runs of the watershed alone). The
  // next row's spans, which the +z links read, are fetched as far ahead: a
  // second stream, which some machines follow badly (the watershed row of
  // terrain-1M 43.6 -> 40.8 ms, multifloor-1M 69.8 -> 61.9, terrain-4M
  // 178 -> 173, interleaved minima).
  static constexpr int kFetchAhead = 48;

  // Writes each span's four links as one row.
  AreaSeen renumberRows(const std::vector<int>& dist, int z0, int z1) {
    const LiveLinks live(hf_);
    const int* const position = levels_.index.data();
    const int fetchEnd = hf_.spanCount() - kFetchAhead;
    const NextRowFetch fetchNextRow(hf_, kFetchAhead);
    AreaSeen seen;
    forEachSpanOfRows(hf_, z0, z1, [&](int s, int cell) {
      if (s < fetchEnd) {
        const int ahead = position[s + kFetchAhead];
        __builtin_prefetch(&links_[ahead], 1);
        __builtin_prefetch(&region_[ahead], 1);
        fetchNextRow(cell);
      }
      const int p = position[s];
      const int area = hf_.spans[s].area;
      if (area == 0) {
        region_[p] = 0;
        links_[p] = {-1, -1, -1, -1};
        return;
      }
      seen.add(area);
      region_[p] = unassignedMark(dist[s], area);
      std::array<int, 4> row;
      for (int d = 0; d < 4; ++d) {
        const int n = live.at(s, cell, d);
        row[d] = n < 0 ? -1 : position[n];  // area 0: mark 0, no region
      }
      links_[p] = row;
    });
    return seen;
  }

  // Regions by span (0 for a span of area 0: its mark), written over the
  // positions (each span reads its own first), or copied where the field
  // kept span numbers. The links, the largest array, are freed first.
  std::vector<int> inSpanOrder() {
    links_.reset();
    std::vector<int>& regions = levels_.index;
    if (!levels_.renumbered) {
      std::copy(region_, region_ + hf_.spanCount(), regions.begin());
      return std::move(regions);
    }
    // A part reads ahead only its own spans: the next part's are being
    // rewritten.
    workers_.forRanges(
        hf_.spanCount(), kMinSpansPerPart, [&](int b, int e, int) {
          for (int s = b; s < e; ++s) {
            if (s < e - kFetchAhead) {
              __builtin_prefetch(&region_[regions[s + kFetchAhead]]);
            }
            regions[s] = region_[regions[s]];
          }
        });
    return std::move(regions);
  }

  int neighbour(int position, int dir) const { return links_[position][dir]; }

  // An unassigned walkable span holds -1 - (its distance * 256 + its area)
  // in region_ until it joins a region (ids > 0; 0 is a span with area 0),
  // so "unassigned, of this level" and its area are one read of one array
  // instead of three (region, area, distance) at a random span; an assigned
  // span's area is its region's (regionArea_, a few bytes a region). While
  // a span is in the next round's list its mark is kQueuedShift lower (the
  // same area bits): "queued" is read with the mark, where a flag array
  // cost one more read at a random span.
  static int unassignedMark(int level, int area) {
    return -1 - (level << kAreaBits | area);
  }
  static int markedArea(int mark) { return (-1 - mark) & kAreaMask; }

  static bool isMarkOfLevel(int mark, int level) {
    return mark <= unassignedMark(level, 0) &&
           mark >= unassignedMark(level, kAreaMask);
  }

  // Unassigned, of this level, and not queued.
  bool isUnassignedOfLevel(int span, int level) const {
    return span >= 0 && isMarkOfLevel(region_[span], level);
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

  // What a round's passes read and write, copied out of the members into
  // a local at the start of each pass: after each relaxed atomic the
  // compiler reloads what it reads through `this`, not a local's fields.
  // region[span] is read or written where parts running side by side may
  // touch the same span (`Shared`: relaxed atomics, plain moves on x86), or
  // plainly by one thread. The gcc/clang builtins, not std::atomic_ref:
  // libc++ 14 (the ClusterFuzzLite build) has no atomic_ref.
  template <bool Shared>
  struct RoundView {
    int* region;
    const std::array<int, 4>* links;
    const uint8_t* regionArea;
    const int* list;  // the round's candidates, or null: the range from
    int first;        // `first`
    bool queueTwice;

    int candidate(int i) const { return list ? list[i] : first + i; }
    int neighbour(int position, int dir) const { return links[position][dir]; }
    int load(int span) const {
      if constexpr (Shared) {
        return __atomic_load_n(&region[span], __ATOMIC_RELAXED);
      } else {
        return region[span];
      }
    }
    // The marks of a span's four neighbours (-1, no neighbour, reads 0).
    // The four links in one read, ahead of the atomics (terrain-16M's first
    // rounds on two threads: the joins 10.6 -> 8.3 ms a part), and every
    // mark loaded before any is used: a loop of atomic loads, each used as
    // it came, stayed rolled up (the decisions 53 -> 45 ms a part, the joins
    // 8.4 -> 7.3; one thread within 2%, interleaved).
    std::array<int, 4> marksAround(int span) const {
      const std::array<int, 4> around = links[span];
      return {load(around[0]), load(around[1]), load(around[2]),
              load(around[3])};
    }
    void store(int span, int value) const {
      if constexpr (Shared) {
        __atomic_store_n(&region[span], value, __ATOMIC_RELAXED);
      } else {
        region[span] = value;
      }
    }
  };
  template <bool Shared>
  RoundView<Shared> roundView() const {
    return {region_, links_.data(), regionArea_.data(),
            round_,  roundFirst_,   queueTwice_};
  }

  // The smallest region id among the neighbours of an unassigned span
  // that have its area, or 0. A neighbour marked pending this round reads
  // as no region, as its unassigned mark did.
  // Without a branch, which the mix of sides mispredicts: a missing
  // neighbour (-1) reads the slot before position 0, 0, and a mark (<= 0)
  // reads id 0, whose area 0 no unassigned span has.
  // OneArea: every region has the span's area, and an id is read as id - 1
  // (unsigned), which maps 0 and every mark above every id.
  template <bool Shared, bool OneArea>
  static int smallestNeighbourRegion(const RoundView<Shared>& at, int span,
                                     int area) {
    const std::array<int, 4> value = at.marksAround(span);
    if constexpr (OneArea) {
      unsigned best = kNone;
      for (int d = 0; d < 4; ++d) {
        best = std::min(best, static_cast<unsigned>(value[d]) - 1U);
      }
      return best < static_cast<unsigned>(kMaxIds) ? static_cast<int>(best) + 1
                                                   : 0;
    }
    unsigned best = kNone;
    for (int d = 0; d < 4; ++d) {
      const int id = value[d] > 0 ? value[d] : 0;
      best = std::min(
          best, at.regionArea[id] == area ? static_cast<unsigned>(id) : kNone);
    }
    return best == kNone ? 0 : static_cast<int>(best);
  }
  static constexpr unsigned kNone = std::numeric_limits<unsigned>::max();

  // Synchronous rounds. Candidate order is irrelevant: every join of a round
  // is decided before any is made. Only spans next to a fresh joiner are
  // retried, because only a fresh joiner can give a span its first
  // same-area assigned neighbour. The lists are reused, never reallocated.
  // A span in the next round's list has a queued mark (unassignedMark)
  // until that round decides it: no flag array or round stamp.
  template <bool OneArea>
  void grow(int level) {
    queued_ = false;  // the first round is the level itself
    for (;;) {
      const bool more = workers_.partsFor(roundSize_, kMinCandidatesPerPart) > 1
                            ? growRound<true, OneArea>(level)
                            : growRound<false, OneArea>(level);
      if (!more) return;
      queued_ = true;
    }
  }

  // Candidates per part below which a round runs on one thread. Most of
  // growth's time is in rounds of thousands of candidates, and a helper
  // still spinning from the last task takes the next at once (Workers).
  static constexpr int kMinCandidatesPerPart = 1 << 10;

  // One round, on one thread or cut into parts, without a list of joins (8
  // bytes a joiner at the peak): each decision is marked pending in place
  // (INT_MIN + region, read as no region by the decisions after it), then,
  // once every decision is in, a second pass over the same parts makes the
  // joins and queues the joiners' neighbours, each part into its own list.
  // Parts give the next candidates as the same set in another order.
  template <bool Shared, bool OneArea>
  bool growRound(int level) {
    workers_.forRanges(
        roundSize_, kMinCandidatesPerPart, [&](int b, int e, int part) {
          partJoined_[part] = markJoins<Shared, OneArea>(b, e, level);
        });
    const int parts = workers_.partsFor(roundSize_, kMinCandidatesPerPart);
    if (std::none_of(partJoined_.begin(), partJoined_.begin() + parts,
                     [](char joined) { return joined != 0; })) {
      return false;
    }
    workers_.forRanges(
        roundSize_, kMinCandidatesPerPart, [&](int b, int e, int part) {
          if (queued_) {
            makeJoins<Shared>(b, e, level, partCandidates_[part]);
          } else {
            partLeftTooMany_[part] = !makeFirstJoins<Shared, OneArea>(
                b, e, partCandidates_[part], partLeft_[part]);
          }
        });
    if (!queued_ &&
        std::none_of(partLeftTooMany_.begin(), partLeftTooMany_.begin() + parts,
                     [](char tooMany) { return tooMany != 0; })) {
      leftParts_ = parts;
    }
    // The round may be candidates_: it is read no more.
    if (parts == 1) {
      std::swap(candidates_, partCandidates_[0]);
    } else {
      candidates_.clear();
      for (int part = 0; part < parts; ++part) {
        candidates_.insert(candidates_.end(), partCandidates_[part].begin(),
                           partCandidates_[part].end());
      }
    }
    round_ = candidates_.data();
    roundSize_ = static_cast<int>(candidates_.size());
    return true;
  }

  // A queued candidate's mark is restored as its decision is made (the
  // queued state only keeps the list free of repeats while it is built), so
  // a joiner of this round may queue it again; decisions read a queued
  // neighbour, like an unassigned one, as no region. A repeat (parts
  // running side by side may both queue a span) finds the mark no longer
  // queued, or decides as the first visit did and writes what it wrote.
  template <bool Shared, bool OneArea>
  bool markJoins(int begin, int end, int level) {
    const RoundView<Shared> at = roundView<Shared>();
    const bool queued = queued_;
    bool any = false;
    for (int i = begin; i < end; ++i) {
      const int s = at.candidate(i);
      const int mark = at.load(s);
      if (mark >= 0) continue;  // a span of area 0, in level 0's range
      // A repeat, already decided (checked on one thread too: the list
      // may come from a round run in parts).
      if (queued && !isMarkOfLevel(mark + kQueuedShift, level)) continue;
      const int r =
          smallestNeighbourRegion<Shared, OneArea>(at, s, markedArea(mark));
      if (r == 0) {
        if (queued) at.store(s, mark + kQueuedShift);
        continue;
      }
      at.store(s, pendingMark(r));
      any = true;
    }
    return any;
  }

  template <bool Shared>
  void makeJoins(int begin, int end, int level, std::vector<int>& out) {
    const RoundView<Shared> at = roundView<Shared>();
    out.clear();
    for (int i = begin; i < end; ++i) {
      const int s = at.candidate(i);
      const int mark = at.load(s);
      if (!isPending(mark)) continue;
      at.store(s, pendingRegion(mark));
      queueNeighbours(at, s, level, out);
    }
  }

  // The level's first round has every unassigned span of the level for a
  // candidate, so the next round's candidates are found from the other
  // side: a span left unassigned is queued if a neighbour now has a region
  // of its area, which only a join of this round can have given it. On a
  // level that mostly joins at once, the few left read their neighbours
  // again where every joiner read its own (the order of the list is
  // irrelevant, as in every round). The spans left unassigned go to
  // `left` in candidate order while they are at most kMostLeft of the
  // range; returns false if they were more.
  template <bool Shared, bool OneArea>
  bool makeFirstJoins(int begin, int end, std::vector<int>& out,
                      std::vector<int>& left) {
    const RoundView<Shared> at = roundView<Shared>();
    out.clear();
    left.clear();
    const size_t mostLeft = static_cast<size_t>(end - begin) / kMostLeft;
    bool allLeftKept = true;
    for (int i = begin; i < end; ++i) {
      const int s = at.candidate(i);
      const int mark = at.load(s);
      if (isPending(mark)) {
        at.store(s, pendingRegion(mark));
        continue;
      }
      if (mark >= 0) continue;
      if (allLeftKept && left.size() < mostLeft) {
        left.push_back(s);
      } else {
        allLeftKept = false;
      }
      if (!joinedNeighbour<Shared, OneArea>(at, s, markedArea(mark))) continue;
      at.store(s, mark - kQueuedShift);
      out.push_back(s);
      if (at.queueTwice) out.push_back(s);
    }
    return allLeftKept;
  }

  // The first round's list of spans left holds at most 1 / kMostLeft of
  // the level (a bound on its memory); a level that leaves more is scanned.
  static constexpr int kMostLeft = 8;

  // A basin per component of the level's spans still unassigned, ids by
  // first position. After growth only spans the first round left can be
  // unassigned, so where it listed them (in position order, part after
  // part) the floods read that list, not every position of the level: at
  // terrain-16M the scan of every position was 14 ms for 1,847 floods.
  void floodLevel(int first, int last) {
    if (leftParts_ > 0) {
      for (int part = 0; part < leftParts_; ++part) {
        for (int p : partLeft_[part]) {
          if (region_[p] < 0) flood(p, newId());
        }
      }
      return;
    }
    for (int i = first; i < last; ++i) {
      const int p = levels_.renumbered ? i : levels_.index[i];
      if (region_[p] < 0) flood(p, newId());
    }
  }

  // Whether a neighbour has a region of `area`, a join pending this round
  // counting as made (parts running side by side may be making it).
  template <bool Shared, bool OneArea>
  static bool joinedNeighbour(const RoundView<Shared>& at, int span, int area) {
    const std::array<int, 4> value = at.marksAround(span);
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      if constexpr (OneArea) {
        any |= value[d] > 0 || isPending(value[d]);
      } else {
        const int r = isPending(value[d]) ? pendingRegion(value[d]) : value[d];
        any |= at.regionArea[r > 0 ? r : 0] == area;
      }
    }
    return any;
  }

  // The unassigned spans of the level next to a joiner, each once from
  // one thread. Parts running side by side may both queue a span (both
  // read its mark before either writes it, and write the same queued
  // mark): the next round skips the repeat (markJoins), where a
  // compare-and-swap per queued span cost as much as the second thread
  // saved.
  template <bool Shared>
  static void queueNeighbours(const RoundView<Shared>& at, int span, int level,
                              std::vector<int>& out) {
    for (int d = 0; d < 4; ++d) {
      const int n = at.neighbour(span, d);
      if (n < 0 || !takeMark(at, n, level)) continue;
      out.push_back(n);
      if (at.queueTwice) out.push_back(n);
    }
  }

  // Queues the span if it is unassigned, of this level and not queued yet.
  template <bool Shared>
  static bool takeMark(const RoundView<Shared>& at, int span, int level) {
    const int mark = at.load(span);
    if (!isMarkOfLevel(mark, level)) return false;
    at.store(span, mark - kQueuedShift);
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
        const int n = neighbour(s, d);
        if (n < 0 || region_[n] != mark) continue;
        region_[n] = id;
        stack.push_back(n);
      }
    }
  }

  const Heightfield& hf_;
  Workers& workers_;
  Levels levels_;
  MutualLinks::Storage links_;  // by position, or the table by span
  std::vector<uint8_t> regionArea_ = std::vector<uint8_t>(1, 0);  // by id
  // By position, from the second slot; the first, position -1 (no
  // neighbour), holds 0. Not zeroed: the renumbering's parts write every
  // entry first.
  ScratchArray<int> regionSlots_;
  int* region_;
  std::vector<int> candidates_;  // of the next round; the flood's stack
  // The round's candidates: the level's own positions (a range from
  // roundFirst_), then candidates_.
  const int* round_ = nullptr;
  int roundFirst_ = 0;
  int roundSize_ = 0;
  bool queued_ = false;   // the round's candidates have queued marks
  bool oneArea_ = false;  // every walkable span has the same area (AreaSeen)
  // A round's results per part: whether any span joined, and the next
  // candidates it queued (one part: swapped with candidates_).
  std::vector<char> partJoined_;
  const bool queueTwice_;  // Threads::queueTwice
  std::vector<std::vector<int>> partCandidates_;
  // The first round's spans left unassigned, per part (makeFirstJoins);
  // parts whose lists hold all of them (0: none listed, scan the level).
  std::vector<std::vector<int>> partLeft_;
  std::vector<char> partLeftTooMany_;
  int leftParts_ = 0;
  int nextId_ = 1;
};

}  // namespace

std::vector<int> watershedRegions(const Heightfield& hf,
                                  const std::vector<int>& distances,
                                  MutualLinks::Storage links, Workers& workers,
                                  Scratch& scratch,
                                  std::vector<uint8_t>& areaOfId) {
  return Watershed(hf, distances, std::move(links), workers, scratch)
      .run(areaOfId);
}

}  // namespace regcon::opt
