// §1 distance field (readings R2): two raster passes for an upper bound,
// then a bucket-queue Dijkstra from the spans the passes left too high.
//
// Departure from a plain Dijkstra, and why it gives the same field: a plain
// Dijkstra settles spans wavefront by wavefront, scattered over the whole
// grid, so on millions of spans nearly every step is a cache miss and the
// cost per span grows with the field. Raster passes read memory in order.
// Every value they write is the length of a real path, so an upper bound;
// the backward pass leaves every link consistent (no end improvable by the
// other) except at spans it queued, and the Dijkstra from those spans (each
// with its pass value as a start) lowers everything they can improve to
// the exact minimum. A field consistent on every link, with the sources at
// 0, is the shortest distance. With threads, bands of rows run the passes
// side by side and the Dijkstra also starts from the rows beside each cut
// (`distanceField`).
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <utility>
#include <vector>

#include "optimized/optimized.h"
#include "optimized/regions_steps.h"
#include "optimized/scratch.h"

namespace regcon::opt {
namespace {

// Above every real distance, yet + 3 cannot overflow.
constexpr int kUnreached = INT_MAX - 3;

// The table holds -1 for an unwalkable neighbour as for a missing one, so
// no neighbour's area is read.
bool isBoundary(const Heightfield& hf, const MutualLinks& links, int span) {
  return hf.spans[span].area == 0 || links(span, 0) < 0 || links(span, 1) < 0 ||
         links(span, 2) < 0 || links(span, 3) < 0;
}

// The two raster passes over one band of rows, spans [begin, end), using
// only paths that stay inside the band: every value written is still the
// length of a real path, and every link inside the band is consistent
// afterwards but at the spans queued in `lowered`. `Whole`: the band is the
// whole field, every link stays in it, and no link is tested (a tenth of
// the passes' time on one thread).
template <bool Whole>
class BandPasses {
 public:
  // Rows z0..z1-1, whose entries of `links` the forward pass fills.
  BandPasses(const Heightfield& hf, MutualLinks& links, std::vector<int>& dist,
             int z0, int z1)
      : hf_(hf),
        links_(links),
        dist_(dist),
        z0_(z0),
        z1_(z1),
        begin_(rowStart(hf, z0)),
        end_(rowStart(hf, z1)) {}

  void run(std::vector<std::pair<int, int>>& lowered) {
    // Forward: sources at 0, every other span from its neighbours earlier
    // in span order (-x, -z and the two -z diagonals), all already final
    // for this pass. Each row's links are filled just before: the pass
    // reads that row's and the last one's.
    for (int z = z0_; z < z1_; ++z) {
      links_.fillRow(hf_, z);
      const int rowEnd = rowStart(hf_, z + 1);
      for (int s = rowStart(hf_, z); s < rowEnd; ++s) {
        dist_[s] = isBoundary(hf_, links_, s) ? 0 : forwardBound(s);
      }
    }
    // Backward: the later spans, mirroring the forward pass. The earlier
    // ones cannot lower s here: s took its forward value from them, has
    // only gone down since, and none of them has changed yet (the pass
    // lowers the spans it has passed and pushes on to spans later still).
    // Afterwards each link (a, b) holds d(b) <= d(a) + step or has its
    // lowered end queued: a later span read an earlier one's value from
    // before that one was lowered only if the lowering pushed the new value
    // on to it (pushLater), and a span lowered by such a push is queued.
    for (int s = end_ - 1; s >= begin_; --s) {
      if (s - kFetchAhead >= begin_) {
        links_.prefetch(s - kFetchAhead);
        __builtin_prefetch(&dist_[s - kFetchAhead]);
      }
      if (dist_[s] == 0) continue;
      const int bound = backwardBound(s);
      if (bound < dist_[s]) {
        dist_[s] = bound;
        pushLater(s, bound, lowered);
      }
    }
  }

 private:
  bool inBand(int span) const {
    return static_cast<unsigned>(span - begin_) <
           static_cast<unsigned>(end_ - begin_);
  }
  // N(s, d) when it lies in the band, else -1.
  int link(int s, int d) const {
    const int n = links_(s, d);
    if constexpr (Whole) {
      return n;
    } else {
      return inBand(n) ? n : -1;
    }
  }
  int at(int span) const { return span < 0 ? kUnreached : dist_[span]; }

  // The step to N(s, d), then, optionally, the diagonal steps on from it
  // turning to d+1 and to d+3: distance of s through that first step.
  int viaOrthogonal(int s, int d) const {
    const int n = link(s, d);
    return n < 0 ? kUnreached : dist_[n] + 2;
  }
  int viaTurn(int s, int d, int turn) const {
    const int n = link(s, d);
    return n < 0 ? kUnreached : at(link(n, (d + turn) & 3)) + 3;
  }
  int viaAll(int s, int d) const {
    const int n = link(s, d);
    if (n < 0) return kUnreached;
    return std::min({dist_[n] + 2, at(link(n, (d + 1) & 3)) + 3,
                     at(link(n, (d + 3) & 3)) + 3});
  }

  // Earlier spans: -z (and both diagonals from it), -x (and on to -z),
  // +x on to -z.
  int forwardBound(int s) const {
    return std::min({viaAll(s, 3), viaOrthogonal(s, 0), viaTurn(s, 0, 3),
                     viaTurn(s, 2, 1)});
  }
  // Lowers the later neighbours (+x, +z and the two +z diagonals, already
  // passed) that s now improves, and queues them.
  void pushLater(int s, int d, std::vector<std::pair<int, int>>& lowered) {
    auto push = [&](int t, int distance) {
      if (t < 0 || distance >= dist_[t]) return;
      dist_[t] = distance;
      lowered.emplace_back(distance, t);
    };
    const int north = link(s, 1);
    if (north >= 0) {
      push(north, d + 2);
      push(link(north, 0), d + 3);
      push(link(north, 2), d + 3);
    }
    const int east = link(s, 2);
    if (east >= 0) {
      push(east, d + 2);
      push(link(east, 1), d + 3);
    }
    const int west = link(s, 0);
    if (west >= 0) push(link(west, 1), d + 3);
  }

  // Later spans: +z (and both diagonals from it), +x (and on to +z), -x on
  // to +z.
  int backwardBound(int s) const {
    return std::min({viaAll(s, 1), viaOrthogonal(s, 2), viaTurn(s, 2, 3),
                     viaTurn(s, 0, 1)});
  }

  // The backward pass reads the table and the field downwards, streams
  // that some machines' hardware follows badly: both are fetched this many
  // spans ahead (terrain-4M's distance row 55.6 -> 53.0 ms, terrain-16M's
  // 223 -> 214, interleaved minima; no change on fields within the caches).
  static constexpr int kFetchAhead = 64;

  const Heightfield& hf_;
  MutualLinks& links_;  // filled row by row by the forward pass, then read
  std::vector<int>& dist_;
  int z0_, z1_;
  int begin_, end_;
};

// Dijkstra over the whole field from spans whose value may still lower
// their neighbours: it lowers everything they can improve to the exact
// minimum.
class Settle {
 public:
  Settle(const MutualLinks& links, std::vector<int>& dist)
      : links_(links), dist_(dist) {}

  // Dijkstra with a ring of four buckets: steps cost 2 or 3, so every
  // pending entry lies at most 3 above the distance being settled. The
  // queued spans join their bucket when the ring reaches their distance
  // (sorted first), so the ring's window still holds.
  void from(std::vector<std::pair<int, int>>& lowered) {
    std::sort(lowered.begin(), lowered.end());
    std::size_t next = 0;
    for (int d = 0; pending_ > 0 || next < lowered.size(); ++d) {
      if (pending_ == 0) d = std::max(d, lowered[next].first);
      for (; next < lowered.size() && lowered[next].first == d; ++next) {
        buckets_[d & 3].push_back(lowered[next].second);
        ++pending_;
      }
      std::vector<int>& bucket = buckets_[d & 3];
      // Settling pushes only to d+2 and d+3, never into this bucket.
      for (std::size_t i = 0; i < bucket.size(); ++i) {
        const int span = bucket[i];
        if (dist_[span] == d) settle(span, d);  // else a stale entry
      }
      pending_ -= bucket.size();
      bucket.clear();
    }
  }

 private:
  void lower(int span, int distance) {
    if (span < 0 || distance >= dist_[span]) return;
    dist_[span] = distance;
    buckets_[distance & 3].push_back(span);
    ++pending_;
  }

  void settle(int span, int d) {
    for (int dir = 0; dir < 4; ++dir) {
      const int n = links_(span, dir);
      if (n < 0) continue;
      lower(n, d + 2);
      // Both diagonal routes: (dir, dir+1) from here, and (dir, dir-1),
      // which is the (dir'+1, dir') order of dir' = dir-1.
      lower(links_(n, (dir + 1) & 3), d + 3);
      lower(links_(n, (dir + 3) & 3), d + 3);
    }
  }

  const MutualLinks& links_;
  std::vector<int>& dist_;
  std::array<std::vector<int>, 4> buckets_;
  std::size_t pending_ = 0;
};

// Rows per band below which a thread is not worth starting.
constexpr int kMinRowsPerBand = 64;

}  // namespace

// Bands of rows run their passes in parallel. A link or diagonal step that
// leaves a band is a link the passes did not use, so it may be
// inconsistent; each of them has an end in a row next to a cut, so the
// spans of those rows join the Dijkstra's start set. Its result is the
// exact field however the rows were cut: one band, the plain two passes.
std::vector<int> distanceField(const Heightfield& hf, MutualLinks& links,
                               Workers& workers, Scratch& scratch) {
  std::vector<int> dist = ScratchAccess::takeInts(scratch, hf.spanCount());
  dist.assign(hf.spanCount(), kUnreached);
  const int parts = workers.partsFor(hf.depth, kMinRowsPerBand);
  std::vector<std::vector<std::pair<int, int>>> lowered(parts);
  std::vector<int> firstRow(parts, 0);
  workers.forRanges(hf.depth, kMinRowsPerBand, [&](int z0, int z1, int part) {
    firstRow[part] = z0;
    if (parts == 1) {
      BandPasses<true>(hf, links, dist, z0, z1).run(lowered[part]);
    } else {
      BandPasses<false>(hf, links, dist, z0, z1).run(lowered[part]);
    }
  });
  std::vector<std::pair<int, int>> start;
  for (int part = 0; part < parts; ++part) {
    start.insert(start.end(), lowered[part].begin(), lowered[part].end());
    if (part == 0) continue;
    const int cut = firstRow[part];
    for (int s = rowStart(hf, cut - 1); s < rowStart(hf, cut + 1); ++s) {
      start.emplace_back(dist[s], s);
    }
  }
  Settle(links, dist).from(start);
  return dist;
}

std::vector<int> buildDistanceField(const Heightfield& hf, Threads threads,
                                    Scratch& scratch) {
  Workers workers(threads, hf.spanCount());
  MutualLinks links(hf, scratch);
  return distanceField(hf, links, workers, scratch);
}

std::vector<int> buildDistanceField(const Heightfield& hf, Threads threads) {
  Scratch scratch = ScratchAccess::forOneCall();
  return buildDistanceField(hf, threads, scratch);
}

}  // namespace regcon::opt
