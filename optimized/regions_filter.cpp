// §5 filtering and numbering, and the component labelling of §4 and R4.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

// The gathered runs in one array: the later bands' appended to the first
// band's, each band freed once copied (runs are then named by one index).
std::vector<RegionLink> joinedRuns(RegionLinks& gathered) {
  if (gathered.laterPairs.empty()) return std::move(gathered.pairs);
  std::vector<RegionLink> joined;
  joined.reserve(gathered.pairCount() / 2);  // each run counted from both ends
  std::vector<RegionLink> first = std::move(gathered.pairs);
  joined.insert(joined.end(), first.begin(), first.end());
  first = std::vector<RegionLink>();
  for (std::vector<RegionLink>& band : gathered.laterPairs) {
    joined.insert(joined.end(), band.begin(), band.end());
    band = std::vector<RegionLink>();
  }
  gathered.laterPairs.clear();
  return joined;
}

// Every region's links as a list of run indices: each gathered run is kept
// once, as gathered, and named in both its regions' lists, where a copy of
// each end's view beside the runs held 28 bytes a run at the peak, 20 now
// (fields of many small basins, `pillars`, peaked at 42 bytes a span). A
// list renames a run's ends through the merge's find when it reads the run
// (in the run, for both lists), so a merge renames nothing up front; where
// a list sums two runs to one neighbour, the second's links move to the
// first and it keeps 0, which both its lists then skip: the links between
// two regions total the same read from either end.
// The lists share one pool, a slice per region; a region's list is a ring of
// slices (`next_`, by the id that first owned a slice): a merge splices the
// gone region's ring into the target's in O(1) and copies nothing. Entry
// order within a list carries no meaning: the sums and the best neighbour
// (most links, then smallest id) come out the same in any order. A run
// between regions of two areas goes into no list, only into both regions'
// flags in `otherArea` (by id): §5.2 merges only into a same-area
// neighbour, and §5.1 asks only whether a region has a neighbour. Where
// areas alternate (a checkerboard), no list is left, and nothing is
// allocated for them.
class LinkLists {
 public:
  LinkLists(RegionLinks& gathered, const std::vector<uint8_t>& area,
            std::vector<uint8_t>& otherArea)
      : runs_(joinedRuns(gathered)) {
    const int maxId = static_cast<int>(area.size()) - 1;
    std::vector<int> length(maxId + 1, 0);
    size_t entries = 0;
    for (RegionLink& run : runs_) {
      if (area[run.region] != area[run.neighbour]) {
        otherArea[run.region] = otherArea[run.neighbour] = 1;
        run.links = 0;  // in no list
        continue;
      }
      ++length[run.region];
      ++length[run.neighbour];
      entries += 2;
    }
    if (entries == 0) {
      runs_ = std::vector<RegionLink>();
      return;
    }
    start_.assign(maxId + 1, 0);
    for (int id = 1; id <= maxId; ++id) {
      start_[id] = start_[id - 1] + length[id - 1];
    }
    next_.resize(maxId + 1);
    for (int id = 0; id <= maxId; ++id) next_[id] = id;
    // The lengths count again as the slices fill.
    std::fill(length.begin(), length.end(), 0);
    index_.resize(entries);
    for (size_t i = 0; i < runs_.size(); ++i) {
      const RegionLink& run = runs_[i];
      if (run.links == 0) continue;
      // Fewer than 2^32 runs: at most two a span (its +z and +x links).
      const auto name = static_cast<uint32_t>(i);
      index_[start_[run.region] + length[run.region]++] = name;
      index_[start_[run.neighbour] + length[run.neighbour]++] = name;
    }
    length_ = std::move(length);
  }

  // No entry left in id's ring (entries not yet normalized count).
  bool empty(int id) const {
    if (start_.empty()) return true;
    int slice = id;
    do {
      if (length_[slice] > 0) return false;
      slice = next_[slice];
    } while (slice != id);
    return true;
  }

  // Sums self's links by neighbour (renaming stale ids, dropping links that
  // became internal), keeps one run per neighbour in the ring's first
  // slices (never past the entry being read), drops the rest of the ring,
  // then calls visit(neighbour, links) once per neighbour.
  template <class Find, class Visit>
  void normalize(int self, const Find& find, const Visit& visit) {
    if (slot_.empty()) slot_.assign(length_.size(), kNoRun);
    int write = self;
    int written = 0;
    int slice = self;
    do {
      const size_t begin = start_[slice];
      for (int i = 0; i < length_[slice]; ++i) {
        const uint32_t name = index_[begin + i];
        RegionLink& run = runs_[name];
        if (run.links == 0) continue;  // summed into another run
        // Both ends renamed in the run itself: a later read finds roots.
        run.region = find(run.region);
        run.neighbour = find(run.neighbour);
        const int other = run.region != self ? run.region : run.neighbour;
        if (other == self) continue;
        uint32_t& kept = slot_[other];
        if (kept != kNoRun) {
          runs_[kept].links += run.links;
          run.links = 0;
          continue;
        }
        kept = name;
        neighbours_.push_back(other);
        while (written == length_[write]) {
          write = next_[write];
          written = 0;
        }
        index_[start_[write] + written++] = name;
      }
      slice = next_[slice];
    } while (slice != self);
    length_[write] = written;
    next_[write] = self;
    // The slots are cleared as they are read: the next call starts clean
    // without a pass over every id.
    for (const int other : neighbours_) {
      visit(other, runs_[slot_[other]].links);
      slot_[other] = kNoRun;
    }
    neighbours_.clear();
  }

  // Gives gone's list to into and empties gone's: swapping the two rings'
  // successors splices them into one.
  void moveInto(int gone, int into) {
    if (start_.empty()) return;
    std::swap(next_[gone], next_[into]);
  }

  // Frees every list (move-assigned: a cleared vector keeps its memory).
  void release() {
    runs_ = std::vector<RegionLink>();
    index_ = std::vector<uint32_t>();
    start_ = std::vector<size_t>();
    length_ = std::vector<int>();
    next_ = std::vector<int>();
    slot_ = std::vector<uint32_t>();
    neighbours_ = std::vector<int>();
  }

 private:
  static constexpr uint32_t kNoRun = UINT32_MAX;

  std::vector<RegionLink> runs_;
  std::vector<uint32_t> index_;  // the runs of every list, slice by slice
  // By the id that first owned a slice: where it starts, its entries, the
  // next slice of its ring.
  std::vector<size_t> start_;
  std::vector<int> length_;
  std::vector<int> next_;
  // normalize()'s: by region id, the run kept for it; the ids it kept.
  std::vector<uint32_t> slot_;
  std::vector<int> neighbours_;
};

// Work per part below which a thread is not worth starting.
constexpr int kMinRowsPerPart = 64;

// The link from span s (region r) in direction d to `target` (region
// `neighbour`), when it joins two regions: a run between regions of one
// area, a flag on both between regions of two (RegionLinks::otherArea).
// Inlined by force: GCC called it out of line, twice for every span whose
// neighbour is in another region (`checkerboard-128`'s watershed row
// 0.56 -> 0.51 ms, `pillars-128`'s 0.37 -> 0.36, interleaved minima).
[[gnu::always_inline]] inline void addLink(const LiveLinks& links,
                                           const std::vector<uint8_t>& areaOfId,
                                           int s, int cell, int d, int target,
                                           int r, int neighbour,
                                           RegionLinks& out) {
  if (neighbour == 0 || neighbour == r ||
      !links.linksBack(s, cell, d, target)) {
    return;
  }
  if (areaOfId[neighbour] != areaOfId[r]) {
    out.otherArea[r] = out.otherArea[neighbour] = 1;
    return;
  }
  out.add(r, neighbour);
}

// Links to other regions from rows z0..z1-1 (each read from its earlier
// end, +z and +x, and counted for both ends), with those rows' sizes by
// region id.
void gatherRows(const Heightfield& hf, const LiveLinks& links,
                const std::vector<int>& regions,
                const std::vector<uint8_t>& areaOfId, int z0, int z1,
                RegionLinks& out) {
  const size_t ids = areaOfId.size();
  out.size.assign(ids, 0);
  out.otherArea.assign(ids, 0);
  forEachSpanOfRows(hf, z0, z1, [&](int s, int cell) {
    const int r = regions[s];
    if (r == 0) return;
    ++out.size[r];
    // +z and +x only, each link counted for both ends: a link is mutual
    // from both ends or from neither, so this is every link from each end,
    // with half the link reads. The merge sums each list by id before use.
    // Most targets share the span's region: one branch, on both targets'
    // regions (a missing target reads the span's own), lets those spans
    // through, and the link back is checked only when the target's region
    // counts.
    const int north = links.rawTarget(s, cell, 1);
    const int east = links.rawTarget(s, cell, 2);
    const int northRegion = regions[north >= 0 ? north : s];
    const int eastRegion = regions[east >= 0 ? east : s];
    if ((northRegion != r) | (eastRegion != r)) {
      addLink(links, areaOfId, s, cell, 1, north, r, northRegion, out);
      addLink(links, areaOfId, s, cell, 2, east, r, eastRegion, out);
    }
  });
}

// §5.1 and §5.2 on regions indexed by id, from one pass over the links. A
// merged region points to its target; link lists keep stale ids and are
// renamed when next read.
class SmallRegionMerge {
 public:
  // Takes the gathered runs over; `gathered` keeps no array.
  SmallRegionMerge(RegionLinks& gathered, std::vector<int>& regions)
      : regions_(regions),
        maxId_(static_cast<int>(gathered.size.size()) - 1),
        ids_(maxId_),
        size_(narrowed<int>(std::move(gathered.size))),
        area_(narrowed<uint8_t>(std::move(gathered.area))),
        otherArea_(byId(std::move(gathered.otherArea), maxId_)),
        links_(gathered, area_, otherArea_) {}

  // Returns the number of regions left; ids come out as §5.3 numbers them.
  int run(int64_t minArea, int64_t mergeArea) {
    // §5.1 first. An island has no link to another region, so no region
    // has one to it: removing it changes no list, and the merge, which
    // skips empty regions, never sees it.
    std::vector<char> removed(maxId_ + 1, 0);
    for (int id = 1; id <= maxId_; ++id) {
      if (size_[id] > 0 && size_[id] < minArea && links_.empty(id) &&
          !otherArea_[id]) {
        removed[id] = 1;
        size_[id] = 0;
      }
    }
    // Readings R13: each region judged at its turn with its current size.
    for (bool merged = true; merged;) {
      merged = false;
      for (int id = 1; id <= maxId_; ++id) {
        if (!ids_.survives(id) || size_[id] == 0) continue;
        if (size_[id] >= mergeArea) continue;
        merged = mergeIntoBestNeighbour(id) || merged;
      }
    }
    releaseMergeState();
    // Each id's final region once, then one table read per span; §5.3's
    // numbering by first span is done in the same pass over the spans.
    std::vector<int> final(maxId_ + 1, 0);
    for (int id = 1; id <= maxId_; ++id) {
      final[id] = removed[id] ? 0 : ids_.find(id);
    }
    // Each id's number is looked up once, at its first span, and kept by
    // id: a span then reads one table, where it read two in a row.
    std::vector<int> number(maxId_ + 1, 0);
    std::vector<int> numberOfId(maxId_ + 1, -1);
    numberOfId[0] = 0;
    int count = 0;
    for (int& r : regions_) {
      int& known = numberOfId[r];
      if (known < 0) {
        const int survivor = final[r];
        if (survivor == 0) {
          known = 0;
        } else {
          int& id = number[survivor];
          if (id == 0) id = ++count;
          known = id;
        }
      }
      r = known;
    }
    return count;
  }

 private:
  bool mergeIntoBestNeighbour(int id) {
    if (links_.empty(id)) return false;
    int best = 0;
    int bestLinks = 0;
    // The most links; on a tie, the smallest id.
    links_.normalize(
        id, [this](int stale) { return ids_.find(stale); },
        [&](int other, int n) {
          if (area_[other] == area_[id] &&
              (n > bestLinks || (n == bestLinks && other < best))) {
            best = other;
            bestLinks = n;
          }
        });
    if (best == 0) return false;
    ids_.merge(id, best);
    size_[best] += size_[id];
    links_.moveInto(id, best);
    return true;
  }

  // Frees what only the merge reads, before the renaming's tables by id
  // are made: on a field of one-span regions (a checkerboard) the two
  // sets side by side were the call's peak, 35 bytes a region.
  void releaseMergeState() {
    links_.release();
    size_ = std::vector<int>();
    area_ = std::vector<uint8_t>();
    otherArea_ = std::vector<uint8_t>();
  }

  // The gathered flags, or none yet where the gathering kept every run.
  static std::vector<uint8_t> byId(std::vector<uint8_t> flags, int maxId) {
    flags.resize(maxId + 1, 0);
    return flags;
  }

  // Sizes fit an int (a region has fewer spans than the field's int count)
  // and areas a byte (§1: at most 255): 7 bytes a region less at the peak.
  template <class To, class From>
  static std::vector<To> narrowed(std::vector<From> wide) {
    return std::vector<To>(wide.begin(), wide.end());
  }

  std::vector<int>& regions_;
  int maxId_;
  MergedIds ids_;
  std::vector<int> size_;
  std::vector<uint8_t> area_;
  std::vector<uint8_t> otherArea_;  // by id: linked to another area
  LinkLists links_;
};

}  // namespace

// Every link to another region, seen from both ends, in one pass; bands of
// rows side by side, each with its own counts and list, the counts summed
// and the lists kept in band order (read in the order of one pass). The
// areas come by id from the watershed, not from a span each.
RegionLinks gatherLinks(const Heightfield& hf, const LiveLinks& links,
                        const std::vector<int>& regions,
                        const std::vector<uint8_t>& areaOfId,
                        Workers& workers) {
  const int ids = static_cast<int>(areaOfId.size());
  std::vector<RegionLinks> parts(workers.partsFor(hf.depth, kMinRowsPerPart));
  workers.forRanges(hf.depth, kMinRowsPerPart, [&](int z0, int z1, int part) {
    gatherRows(hf, links, regions, areaOfId, z0, z1, parts[part]);
  });
  RegionLinks gathered = std::move(parts[0]);
  gathered.area.assign(areaOfId.begin(), areaOfId.end());
  for (size_t p = 1; p < parts.size(); ++p) {
    for (int id = 1; id < ids; ++id) {
      gathered.size[id] += parts[p].size[id];
      gathered.otherArea[id] |= parts[p].otherArea[id];
    }
    gathered.laterPairs.push_back(std::move(parts[p].pairs));
  }
  return gathered;
}

int largestId(const std::vector<int>& regions) {
  return regions.empty() ? 0
                         : *std::max_element(regions.begin(), regions.end());
}

// Union-find in one raster pass over the -x and -z links, as the spec
// words it, instead of a flood: the flood's stack jumps around the grid
// (a cache miss per span on millions of spans), the raster pass reads in
// span order. A root is always the smallest span of its tree, so every
// parent index is below its span's, and the numbering pass (ascending)
// finds its parent already numbered: the ids come out in order of first
// span, as the flood's did. §5.1's facts come from the same pass: a link
// between two walkable spans of different classes always joins two
// components, so both ends' components have a neighbour.
Labelled labelComponents(const Heightfield& hf, const LiveLinks& links,
                         const std::vector<int>* layers, Scratch& scratch) {
  const int n = hf.spanCount();
  Labelled out;
  std::vector<int>& label = out.regions;  // each span's parent, then its id
  label = ScratchAccess::takeInts(scratch, n);
  label.resize(n);  // each entry written first in span order below
  // Each span's flag: whether it borders another class, or is unwalkable,
  // so that the numbering pass reads one byte a span and not the span's 24.
  constexpr char kBordersOther = 1, kUnwalkable = 2;
  ScratchArray<char> flag(scratch, n);
  std::memset(flag.data(), 0, static_cast<size_t>(n));
  auto sameClass = [&](int a, int b) {
    return hf.spans[a].area == hf.spans[b].area &&
           (layers == nullptr || (*layers)[a] == (*layers)[b]);
  };
  auto root = [&](int s) {
    while (label[s] != s) {
      label[s] = label[label[s]];  // path halving keeps parents below
      s = label[s];
    }
    return s;
  };
  for (int s = 0; s < n; ++s) {
    label[s] = s;
    if (hf.spans[s].area == 0) {
      flag[s] = kUnwalkable;
      continue;
    }
    for (int d : {0, 3}) {
      const int t = links(s, d);
      if (t < 0) continue;
      if (!sameClass(s, t)) {
        if (hf.spans[t].area != 0) flag[s] = flag[t] = kBordersOther;
        continue;
      }
      const int a = root(s), b = root(t);
      if (a != b) label[std::max(a, b)] = std::min(a, b);
    }
  }
  out.size.push_back(0);
  out.hasNeighbour.push_back(0);
  for (int s = 0; s < n; ++s) {
    if (flag[s] == kUnwalkable) {
      label[s] = 0;
      continue;
    }
    if (label[s] == s) {
      label[s] = static_cast<int>(out.size.size());
      out.size.push_back(0);
      out.hasNeighbour.push_back(0);
    } else {
      label[s] = label[label[s]];
    }
    ++out.size[label[s]];
    out.hasNeighbour[label[s]] |= flag[s];
  }
  return out;
}

// One pass: an island's id maps to 0, every other id to the next number
// when first met, which is what numbering after the removal gives.
int removeIslandsAndNumber(Labelled& labelled, int64_t minArea) {
  // All judged at once (readings A2): removing an island changes no other
  // region's neighbours, since it has none.
  constexpr int kUnnumbered = -1;
  std::vector<int> newId(labelled.size.size(), kUnnumbered);
  for (size_t id = 1; id < newId.size(); ++id) {
    if (labelled.size[id] < minArea && !labelled.hasNeighbour[id]) {
      newId[id] = 0;
    }
  }
  if (!newId.empty()) newId[0] = 0;
  int count = 0;
  for (int& r : labelled.regions) {
    int& id = newId[r];
    if (id == kUnnumbered) id = ++count;
    r = id;
  }
  return count;
}

int filterAndMerge(RegionLinks gathered, std::vector<int>& regions,
                   int64_t minArea, int64_t mergeArea) {
  SmallRegionMerge merge(gathered, regions);
  return merge.run(minArea, mergeArea);
}

}  // namespace regcon::opt
