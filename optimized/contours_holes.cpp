// §6 Holes / readings R11: bridging each hole of an outline into one loop.
// The merged loop grows with every joined hole, so nothing here scans it
// whole per hole: candidates come nearest first from a bucket grid of its
// vertices, their order along the loop from labels kept in loop order, and
// the clearance test looks only at edges in the buckets the bridge passes
// through.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <numeric>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "optimized/contours_grid.h"
#include "optimized/contours_merged_loop.h"
#include "optimized/contours_steps.h"
#include "optimized/scratch.h"

namespace regcon::opt::contours {
namespace {

// Is `point` strictly inside the interior cone at `at` between its loop
// neighbours? The interior lies left of the loop's direction; collinear
// counts as convex; points on the rays are outside.
bool inCone(const ContourVertex& prev, const ContourVertex& at,
            const ContourVertex& next, const ContourVertex& point) {
  if (orient(prev, at, next) >= 0) {
    return orient(prev, at, point) > 0 && orient(at, next, point) > 0;
  }
  return !(orient(at, next, point) <= 0 && orient(prev, at, point) <= 0);
}

// Every edge that a bridge must stay clear of (readings R11: the merged
// loop's and those of the holes not yet tried, including the current one),
// bucketed by the grid cells they pass through. The outline's and the
// holes' edges are known before the first bridge, so each bucket's entries
// lie side by side (a walk of a bucket reads one or two cache lines, where
// a list threaded through one array jumped at every entry); the bridges,
// added one by one, go in a list per bucket, each entry naming its hole,
// whose bridge's ends are the loop's (8 bytes an entry, where one holding
// the ends took 12). A failed hole's edges leave;
// a joined hole's edges stay, as they are now the loop's. An entry holds
// its edge's ends, so the tests read nothing else: as offsets from the
// holes' box's corner in Coord, 16-bit where the box is narrow enough
// (8 bytes an entry, where 32-bit ends took 16).
template <class Coord>
class EdgeIndex {
 public:
  EdgeIndex(const BucketGrid& grid, const Box& box, const MergedLoop& loop,
            Scratch& scratch)
      : grid_(grid),
        loop_(loop),
        scratch_(scratch),
        originX_(box.minX),
        originZ_(box.minZ),
        start_(ScratchAccess::takeInts(scratch, grid.bucketCount() + 1)),
        bridgeHead_(ScratchAccess::takeInts(scratch, grid.bucketCount())) {
    start_.assign(grid.bucketCount() + 1, 0);
    bridgeHead_.resize(grid.bucketCount());
    forEachLoopEntry(
        loop, [&](int64_t bucket, const Edge&) { ++start_[bucket + 1]; });
    std::partial_sum(start_.begin(), start_.end(), start_.begin());
    edges_ = ScratchArray<Edge>(scratch, static_cast<size_t>(start_.back()));
    // Each bucket's next free entry: bridgeHead_ serves as the cursor until
    // the first bridge.
    std::copy(start_.begin(), start_.end() - 1, bridgeHead_.begin());
    forEachLoopEntry(loop, [&](int64_t bucket, const Edge& e) {
      edges_[bridgeHead_[bucket]++] = e;
    });
    std::fill(bridgeHead_.begin(), bridgeHead_.end(), kNone);
  }

  // Hole h's bridge, spliced in: from its bridge node again to its first.
  void addBridge(int h) {
    const auto [a, b] = bridgeEnds(h);
    grid_.anyBucketOf(a, b, [&](int64_t bucket) {
      bridges_.push_back({h, bridgeHead_[bucket]});
      bridgeHead_[bucket] = static_cast<int>(bridges_.size()) - 1;
      return false;
    });
  }

  // Marks one entry of each edge of `loop` removed in every bucket it lies
  // in. Where two edges have the same ends, either may go: blocks() and
  // anyProperCrossing() read only the ends.
  void removeLoop(std::span<const ContourVertex> loop) {
    forEachEdge(loop, [&](const ContourVertex& a, const ContourVertex& b) {
      const Edge gone = entry(a, b);
      grid_.anyBucketOf(a, b, [&](int64_t bucket) {
        for (int i = start_[bucket]; i < start_[bucket + 1]; ++i) {
          Edge& e = edges_[i];
          if (e.ax == gone.ax && e.az == gone.az && e.bx == gone.bx &&
              e.bz == gone.bz) {
            e.ax = kRemoved;
            break;
          }
        }
        return false;
      });
    });
  }

  // Does an edge touch the closed segment p q, other than edges with an
  // end at p's or q's position? Only edges sharing a bucket with the
  // segment can touch it. The tests are taken on offsets from the box's
  // corner, as the entries hold them: a shift changes no touch.
  bool blocks(const ContourVertex& p, const ContourVertex& q) const {
    const ContourVertex op = offset(p), oq = offset(q);
    const Box box = Box::of(op, oq);
    return grid_.anyBucketOf(p, q, [&](int64_t bucket) {
      for (int i = start_[bucket]; i < start_[bucket + 1]; ++i) {
        if (touchesAway(edges_[i], box, op, oq)) return true;
      }
      for (int at = bridgeHead_[bucket]; at != kNone; at = bridges_[at].next) {
        const auto [a, b] = bridgeEnds(bridges_[at].hole);
        if (touchesAway(entry(a, b), box, op, oq)) return true;
      }
      return false;
    });
  }

  // Whether two of the outline's and the joined holes' edges cross
  // properly. Two edges that cross share the bucket of the crossing point,
  // so the pairs within each bucket are all the pairs that can. Two unit
  // edges (one step along x or z) never cross properly: parallel ones are
  // collinear or apart, and perpendicular ones would cross at an x or z
  // strictly between two consecutive integers. So only pairs with a longer
  // edge are tested, and a bucket without one is skipped (a field of
  // pillars' one-cell holes: a seventh of its contours' time went on pairs
  // of their sides). On offsets, as blocks().
  bool anyProperCrossing() const {
    std::vector<Tested> bucketEdges;
    for (size_t bucket = 0; bucket + 1 < start_.size(); ++bucket) {
      const int first = start_[bucket], last = start_[bucket + 1];
      if (std::all_of(&edges_[first], &edges_[last], isUnitOrRemoved)) {
        continue;
      }
      bucketEdges.clear();
      for (int i = first; i < last; ++i) {
        if (edges_[i].ax != kRemoved) bucketEdges.push_back(tested(edges_[i]));
      }
      for (size_t i = 0; i + 1 < bucketEdges.size(); ++i) {
        if (crossesLater(bucketEdges, i)) return true;
      }
    }
    return false;
  }

  void release() {
    scratch_.recycle(std::move(start_));
    edges_.reset();
    scratch_.recycle(std::move(bridgeHead_));
    std::deque<Bridge>().swap(bridges_);
  }

 private:
  static constexpr int kNone = -1;
  // An ax no edge has: offsets are never negative, and a 16-bit offset is
  // below 0xffff (joinHoles).
  static constexpr Coord kRemoved = std::is_signed_v<Coord>
                                        ? std::numeric_limits<Coord>::min()
                                        : std::numeric_limits<Coord>::max();
  struct Edge {
    Coord ax, az, bx, bz;  // the ends' offsets (the tests read x and z only)
  };
  struct Bridge {
    int hole;  // whose bridge
    int next;  // the bucket's next bridge, or kNone
  };

  std::pair<const ContourVertex&, const ContourVertex&> bridgeEnds(
      int h) const {
    return {loop_.at(loop_.holeAgain(h)), loop_.at(loop_.holeFirst(h))};
  }

  ContourVertex offset(const ContourVertex& v) const {
    return {v.x - originX_, 0, v.z - originZ_, 0};
  }

  Edge entry(const ContourVertex& a, const ContourVertex& b) const {
    const ContourVertex oa = offset(a), ob = offset(b);
    return {static_cast<Coord>(oa.x), static_cast<Coord>(oa.z),
            static_cast<Coord>(ob.x), static_cast<Coord>(ob.z)};
  }

  // An edge as the crossing test reads it: its box, its ends as one word
  // each, and whether it is a unit edge; read out of a bucket's entries
  // once, not at each of its pairs (`rooms-256`'s contours 4% faster).
  struct Tested {
    Box box;
    uint64_t a, b;
    bool unit;
  };
  // Offsets are never negative and below 2^31 (joinHoles).
  static uint64_t word(Coord x, Coord z) {
    return static_cast<uint64_t>(x) << 32 | static_cast<uint64_t>(z);
  }
  static ContourVertex positionOf(uint64_t word) {
    return {static_cast<int>(word >> 32), 0,
            static_cast<int>(word & 0xFFFFFFFFu), 0};
  }
  static Tested tested(const Edge& e) {
    return {Box::of(end(e, 0), end(e, 1)), word(e.ax, e.az), word(e.bx, e.bz),
            isUnitOrRemoved(e)};
  }

  // Whether edge i crosses a later one properly. Only pairs whose boxes
  // meet can, and not those with an end in common (the end is on both
  // lines): most pairs whose boxes meet are a loop's consecutive edges.
  // The tests are taken together, without a branch each.
  static bool crossesLater(const std::vector<Tested>& edges, size_t i) {
    const Tested& e = edges[i];
    for (size_t j = i + 1; j < edges.size(); ++j) {
      const Tested& f = edges[j];
      const bool meets =
          (f.box.minX <= e.box.maxX) & (e.box.minX <= f.box.maxX) &
          (f.box.minZ <= e.box.maxZ) & (e.box.minZ <= f.box.maxZ);
      const bool untested = (e.unit & f.unit) | (f.a == e.a) | (f.a == e.b) |
                            (f.b == e.a) | (f.b == e.b);
      if (meets & !untested && properCross(positionOf(e.a), positionOf(e.b),
                                           positionOf(f.a), positionOf(f.b))) {
        return true;
      }
    }
    return false;
  }

  // One step along x or z, or marked removed (never tested).
  static bool isUnitOrRemoved(const Edge& e) {
    if (e.ax == kRemoved) return true;
    const int dx = e.bx > e.ax ? e.bx - e.ax : e.ax - e.bx;
    const int dz = e.bz > e.az ? e.bz - e.az : e.az - e.bz;
    return dx + dz == 1;
  }

  // An end's offsets.
  static ContourVertex end(const Edge& e, int which) {
    return which == 0 ? ContourVertex{e.ax, 0, e.az, 0}
                      : ContourVertex{e.bx, 0, e.bz, 0};
  }

  // On offsets: p and q as offset().
  // pqBox: the box of p q. An edge whose box it does not meet cannot touch
  // p q: most edges of a bucket are ruled out without an orientation (a
  // bucket holds a few holes' sides where a bridge is short).
  static bool touchesAway(const Edge& e, const Box& pqBox,
                          const ContourVertex& p, const ContourVertex& q) {
    if (e.ax == kRemoved) return false;
    const ContourVertex a = end(e, 0), b = end(e, 1);
    if (!pqBox.overlaps(Box::of(a, b))) return false;
    if (samePosition(a, p) || samePosition(a, q) || samePosition(b, p) ||
        samePosition(b, q)) {
      return false;
    }
    return segmentsTouch(p, q, a, b);
  }

  template <class Visit>
  static void forEachEdge(std::span<const ContourVertex> loop, Visit&& visit) {
    if (loop.empty()) return;
    for (size_t i = 0; i + 1 < loop.size(); ++i) visit(loop[i], loop[i + 1]);
    visit(loop.back(), loop.front());
  }

  // visit(bucket, edge) for each bucket of each edge of the outline and
  // the holes, as laid out in `loop` before the first splice.
  template <class Visit>
  void forEachLoopEntry(const MergedLoop& loop, Visit&& visit) const {
    const auto entries = [&](const ContourVertex& a, const ContourVertex& b) {
      const Edge e = entry(a, b);
      grid_.anyBucketOf(a, b, [&](int64_t bucket) {
        visit(bucket, e);
        return false;
      });
    };
    forEachEdge(loop.outline(), entries);
    for (int h = 0; h < loop.holeCount(); ++h)
      forEachEdge(loop.hole(h), entries);
  }

  const BucketGrid& grid_;
  const MergedLoop& loop_;
  Scratch& scratch_;
  int originX_, originZ_;   // the holes' box's corner
  std::vector<int> start_;  // bucket b's loop edges: [start_[b], start_[b+1])
  ScratchArray<Edge> edges_;
  std::vector<int> bridgeHead_;  // a bucket's last bridge, or kNone
  // A deque: growing neither copies the entries nor holds two arrays of
  // them (a vector reserved to two entries a hole, then doubled, held three
  // times that at pillars4-256's peak).
  std::deque<Bridge> bridges_;
};

// What bridge candidates are ordered by (readings R11), taken in 64 bits.
int64_t squaredDistance(const ContourVertex& a, const ContourVertex& b) {
  const int64_t dx = int64_t{a.x} - b.x, dz = int64_t{a.z} - b.z;
  return dx * dx + dz * dz;
}

// The merged loop's nodes, bucketed by position; each bucket a list threaded
// through the nodes (as in EdgeIndex).
class VertexIndex {
 public:
  VertexIndex(const BucketGrid& grid, int64_t nodes, Scratch& scratch)
      : grid_(grid),
        scratch_(scratch),
        head_(ScratchAccess::takeInts(scratch, grid.bucketCount())),
        next_(ScratchAccess::takeInts(scratch, static_cast<size_t>(nodes))) {
    head_.assign(grid.bucketCount(), kNone);
    next_.assign(static_cast<size_t>(nodes), kNone);
  }
  void add(int node, const ContourVertex& at) {
    const int64_t bucket = grid_.bucketOf(at);
    next_[node] = head_[bucket];
    head_[bucket] = node;
  }
  bool emptyAt(int64_t bucket) const { return head_[bucket] == kNone; }
  template <class Visit>
  void forEachIn(int64_t bucket, Visit&& visit) const {
    for (int node = head_[bucket]; node != kNone; node = next_[node]) {
      visit(node);
    }
  }
  const BucketGrid& grid() const { return grid_; }

  void release() {
    scratch_.recycle(std::move(head_));
    scratch_.recycle(std::move(next_));
  }

 private:
  static constexpr int kNone = -1;
  const BucketGrid& grid_;
  Scratch& scratch_;
  std::vector<int> head_;  // a bucket's last node added, or kNone
  std::vector<int> next_;  // by node: the bucket's node added before it
};

// The merged loop's nodes by increasing squared distance to p, lowest index
// on ties (readings R11), read ring by ring of buckets around p's bucket,
// and within a ring bucket by bucket, nearest bucket first (empty ones
// left out). A pending node is final once it is nearer than every unread
// bucket: than the ring's next bucket, and than any bucket past the ring,
// which lies at least ring * side + 1 away along x or z. Whole rings read
// before a node was taken pushed 31 nodes a hole on pillars-512 to take
// one; nearest buckets first, 6.
// Ties are ordered when they come up, by label (MergedLoop).
class NearestFirst {
 public:
  using Key = std::pair<int64_t, int>;         // distance², node
  using Ready = std::pair<uint64_t, int>;      // label, node
  using Bucket = std::pair<int64_t, int64_t>;  // distance², bucket
  // Holds its lists in `lists`, emptied first: one set of vectors serves
  // every hole of a joining, not a set of allocations each.
  struct Lists {
    std::vector<Key> pending;  // a heap, nearest (then lowest node) on top
    std::vector<Ready> ready;  // the last entry first out
    std::vector<Bucket> ring;  // the ring's buckets, nearest first
  };
  NearestFirst(const VertexIndex& vertices, const MergedLoop& loop,
               const ContourVertex& p, Lists& lists)
      : vertices_(vertices),
        loop_(loop),
        p_(p),
        column_(vertices.grid().column(p.x)),
        row_(vertices.grid().row(p.z)),
        pending_(lists.pending),
        ready_(lists.ready),
        ring_(lists.ring) {
    pending_.clear();
    ready_.clear();
    ring_.clear();
    const BucketGrid& grid = vertices.grid();
    lastRing_ = std::max(
        {column_, grid.columns() - 1 - column_, row_, grid.rows() - 1 - row_});
  }

  // The next node, or -1 when every node was given.
  int next() {
    for (;;) {
      if (!ready_.empty()) {
        const int node = ready_.back().second;
        ready_.pop_back();
        return node;
      }
      const bool allRead = ringNumber_ >= lastRing_ && unread_ == ring_.size();
      if (!pending_.empty() && (allRead || pending_.front().first < bound())) {
        takeNearest();
        continue;
      }
      if (allRead) return -1;
      if (unread_ == ring_.size()) {
        listRing(++ringNumber_);
        continue;
      }
      readBucket(ring_[unread_++].second);
    }
  }

 private:
  // Every pending node at the smallest distance, into ready_ in loop order
  // (the last entry first out). Nothing unread is that near, so these are
  // all the ties.
  void takeNearest() {
    const int64_t nearest = pending_.front().first;
    while (!pending_.empty() && pending_.front().first == nearest) {
      std::pop_heap(pending_.begin(), pending_.end(), std::greater<>());
      const int node = pending_.back().second;
      pending_.pop_back();
      ready_.emplace_back(loop_.label(node), node);
    }
    std::sort(ready_.begin(), ready_.end(), std::greater<>());
  }

  // Below the squared distance of every node in an unread bucket.
  int64_t bound() const {
    const int64_t d = ringNumber_ * vertices_.grid().side() + 1;
    const int64_t pastRing = d * d;
    return unread_ < ring_.size() ? std::min(pastRing, ring_[unread_].first)
                                  : pastRing;
  }

  void readBucket(int64_t bucket) {
    vertices_.forEachIn(bucket, [&](int node) {
      pending_.emplace_back(squaredDistance(loop_.at(node), p_), node);
      std::push_heap(pending_.begin(), pending_.end(), std::greater<>());
    });
  }

  // Ring r's buckets inside the grid, nearest first.
  void listRing(int r) {
    ring_.clear();
    unread_ = 0;
    const BucketGrid& grid = vertices_.grid();
    auto list = [&](int column, int row) {
      if (column < 0 || row < 0 || column >= grid.columns() ||
          row >= grid.rows()) {
        return;
      }
      const int64_t bucket = grid.bucket(column, row);
      if (vertices_.emptyAt(bucket)) return;
      ring_.emplace_back(grid.distance2To(column, row, p_), bucket);
    };
    if (r == 0) {
      list(column_, row_);
      return;
    }
    for (int c = column_ - r; c <= column_ + r; ++c) {
      list(c, row_ - r);
      list(c, row_ + r);
    }
    for (int w = row_ - r + 1; w <= row_ + r - 1; ++w) {
      list(column_ - r, w);
      list(column_ + r, w);
    }
    std::sort(ring_.begin(), ring_.end());
  }

  const VertexIndex& vertices_;
  const MergedLoop& loop_;
  ContourVertex p_;
  int column_, row_;
  int ringNumber_ = -1;
  int lastRing_ = 0;
  size_t unread_ = 0;  // ring_'s first unread bucket
  std::vector<Key>& pending_;
  std::vector<Ready>& ready_;
  std::vector<Bucket>& ring_;
};

Box boxOfAll(const Loop& outline, const std::vector<Loop>& holes) {
  Box box = boundingBox(outline);
  for (const Loop& hole : holes) box.include(boundingBox(hole));
  return box;
}

// The holes from(0), ..., from(count - 1) in order of key(hole)
// (0 <= key < range), ties in that order: a counting sort, stable.
template <class From, class Key>
std::vector<int> countingSorted(int count, const From& from, int64_t range,
                                const Key& key) {
  std::vector<int> start(static_cast<size_t>(range) + 1, 0);
  for (int i = 0; i < count; ++i) ++start[key(from(i)) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> to(count);
  for (int i = 0; i < count; ++i) {
    const int h = from(i);
    to[start[key(h)]++] = h;
  }
  return to;
}

// Each hole's first vertex's x or z, less `origin`.
std::vector<int> firstVertexKeys(const MergedLoop& loop,
                                 int ContourVertex::*coordinate, int origin) {
  std::vector<int> keys(loop.holeCount());
  for (int h = 0; h < loop.holeCount(); ++h) {
    keys[h] = loop.hole(h).front().*coordinate - origin;
  }
  return keys;
}

// The order of the holes' first vertices (x, then z), ties in discovery
// order; each hole starts at its leftmost vertex (Joiner::run). Where
// their box is not much wider or deeper than there are holes (pillars-512:
// 65,025 holes in 512 by 512), two stable counting sorts, by z then by x,
// each with a copy of its own keys only (at the joining's peak); else a
// comparison sort. Either reads copies of the keys: a comparison that read
// each hole's vertex missed the cache at both of its reads.
std::vector<int> joinOrder(const MergedLoop& holes) {
  const int count = holes.holeCount();
  if (count == 0) return {};
  Box box = Box::of(holes.hole(0).front(), holes.hole(0).front());
  for (int h = 0; h < count; ++h) box.include(holes.hole(h).front());
  const int64_t width = int64_t{box.maxX} - box.minX + 1;
  const int64_t depth = int64_t{box.maxZ} - box.minZ + 1;
  if (std::max(width, depth) <= 4 * int64_t{count}) {
    std::vector<int> byZ;
    {
      const std::vector<int> zs =
          firstVertexKeys(holes, &ContourVertex::z, box.minZ);
      byZ = countingSorted(
          count, [](int h) { return h; }, depth, [&](int h) { return zs[h]; });
    }
    const std::vector<int> xs =
        firstVertexKeys(holes, &ContourVertex::x, box.minX);
    return countingSorted(
        count, [&](int i) { return byZ[i]; }, width,
        [&](int h) { return xs[h]; });
  }
  const std::vector<int> xs = firstVertexKeys(holes, &ContourVertex::x, 0);
  const std::vector<int> zs = firstVertexKeys(holes, &ContourVertex::z, 0);
  std::vector<int> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::tie(xs[a], zs[a], a) < std::tie(xs[b], zs[b], b);
  });
  return order;
}

// Coord: the edge index's offsets (EdgeIndex).
template <class Coord>
class Joiner {
 public:
  // The holes go into the merged loop's room (MergedLoop), so that no copy
  // of them is held beside it.
  Joiner(const Loop& outline, std::vector<Loop> holes, const Box& box,
         int region, Scratch& scratch)
      : region_(region),
        grid_(box, totalVertices(outline, holes)),
        loop_(outline, std::move(holes), scratch),
        vertices_(grid_, loop_.nodeCount(), scratch),
        edges_(grid_, box, loop_, scratch),
        roomy_(static_cast<size_t>(loop_.nodeCount())) {
    const std::span<const ContourVertex> first = loop_.outline();
    for (int node = 0; node < static_cast<int>(first.size()); ++node) {
      vertices_.add(node, loop_.at(node));
    }
  }

  JoinResult run(bool checkCrossing) {
    // Each hole from its leftmost vertex, where its splice starts, so that
    // no list of those is kept (at the joining's peak). The index's edges,
    // taken before, are the same.
    for (int h = 0; h < loop_.holeCount(); ++h) {
      const std::span<ContourVertex> hole = loop_.hole(h);
      std::rotate(hole.begin(), hole.begin() + leftmostIndex(hole), hole.end());
    }
    JoinResult result{{}, 0, 0};
    for (int h : joinOrder(loop_)) {
      const int q = findBridge(std::as_const(loop_).hole(h));
      if (q < 0) {
        ++result.failed;
        edges_.removeLoop(std::as_const(loop_).hole(h));
        continue;
      }
      splice(q, h);
      ++result.joined;
    }
    // The index holds the merged loop's edges, so it answers the crossing
    // test without a grid of its own, and the bridges need no test: each
    // was accepted touching no indexed edge but those with an end at its
    // own ends' positions (which cannot cross it properly), and every edge
    // indexed later is a later bridge, tested against it in turn.
    if (checkCrossing) result.properCrossing = edges_.anyProperCrossing();
    // The indices go before the loop is copied out, so that the two do not
    // add up in the stage's peak.
    edges_.release();
    vertices_.release();
    result.loop = loop_.toLoop();
    return result;
  }

 private:
  static int64_t totalVertices(const Loop& outline,
                               const std::vector<Loop>& holes) {
    int64_t total = static_cast<int64_t>(outline.size());
    for (const Loop& hole : holes) total += static_cast<int64_t>(hole.size());
    return total;
  }

  // `hole` starts at its leftmost vertex, p.
  bool accepts(int q, std::span<const ContourVertex> hole) const {
    const int h = static_cast<int>(hole.size());
    const ContourVertex& p = hole[0];
    const ContourVertex& at = loop_.at(q);
    return inCone(hole[h - 1], p, hole[1 % h], at) &&
           inCone(loop_.at(loop_.prev(q)), at, loop_.at(loop_.next(q)), p) &&
           !edges_.blocks(p, at);
  }

  // The first acceptable node by increasing squared distance to the hole's
  // leftmost vertex (its first), lowest index on ties; -1 if none.
  int findBridge(std::span<const ContourVertex> hole) const {
    const int nearest = nearestAround(hole[0]);
    if (nearest >= 0 && accepts(nearest, hole)) return nearest;
    // The nearest node again first (turned down again): the order from
    // there on is NearestFirst's.
    NearestFirst candidates(vertices_, loop_, hole[0], lists_);
    for (int q = candidates.next(); q >= 0; q = candidates.next()) {
      if (accepts(q, hole)) return q;
    }
    return -1;
  }

  // The node nearest p, lowest index on ties, when it lies in p's bucket or
  // one of the eight around it and is nearer than any other bucket (which
  // lies at least side + 1 away along x or z); else -1. Most bridges go to
  // it (every pillars hole's, 1,489 of rooms-256's 1,784): found without
  // NearestFirst's lists and sorts, pillars-128's and pillars4-256's
  // contours are 5% faster (interleaved minima).
  int nearestAround(const ContourVertex& p) const {
    const int column = grid_.column(p.x), row = grid_.row(p.z);
    const int64_t past = grid_.side() + 1;
    int64_t best = past * past;
    int nearest = -1;
    // p's bucket, those beside it, then the corners: a bucket further than
    // the best node so far is passed over unread (pillars' holes, at side
    // 1, leave out the corners: their contours 5-7% faster, interleaved).
    struct Step {
      int columns, rows;
    };
    static constexpr Step kAround[9] = {{0, 0},  {-1, 0}, {1, 0},
                                        {0, -1}, {0, 1},  {-1, -1},
                                        {1, -1}, {-1, 1}, {1, 1}};
    for (const Step step : kAround) {
      const int c = column + step.columns, r = row + step.rows;
      if (c < 0 || r < 0 || c >= grid_.columns() || r >= grid_.rows() ||
          grid_.distance2To(c, r, p) > best) {
        continue;
      }
      vertices_.forEachIn(grid_.bucket(c, r), [&](int node) {
        const int64_t d = squaredDistance(loop_.at(node), p);
        if (d < best || (d == best && nearest >= 0 &&
                         loop_.label(node) < loop_.label(nearest))) {
          best = d;
          nearest = node;
        }
      });
    }
    return nearest;
  }

  // After q: hole h from p round to p, then q again, in the hole's room;
  // both bridge edges carry the contour's own region. The hole's edges are
  // already indexed.
  void splice(int q, int h) {
    const int first = loop_.holeFirst(h);
    const int size = loop_.holeSize(h);
    const ContourVertex p = loop_.at(first);
    const ContourVertex again = loop_.at(q);
    ContourVertex back = p;
    back.neighbor = region_;
    loop_.setVertex(first + size, back);
    loop_.setVertex(loop_.holeAgain(h), again);
    // Half the gap goes after the hole's last vertex before p again: later
    // holes lie further right (join order), and bridge mostly to an
    // earlier hole's last vertex (98% of pillars' splices), so a chain of
    // holes halves that gap at each splice, where sharing evenly cut it to
    // a seventh (pillars-128's respreadings 391 -> 73, its contours 5%
    // faster, pillars-256's 6%). A hole spliced after such a vertex is a
    // link of a chain, and leaves all but a sliver of its gap to the next
    // (pillars-512's respreadings 3,403 -> 56, rooms-256's 4 -> 10; where
    // every hole did so, rooms-256's went to 74, its contours 2% slower).
    loop_.linkRunAfter(q, first, size + 2, size - 1, roomy_[q]);
    roomy_[first + size - 1] = true;
    for (int node = first; node < first + size + 2; ++node) {
      vertices_.add(node, loop_.at(node));
    }
    loop_.setNeighbor(q, region_);
    edges_.addBridge(h);
  }

  int region_;
  BucketGrid grid_;
  MergedLoop loop_;
  VertexIndex vertices_;
  EdgeIndex<Coord> edges_;
  // NearestFirst's lists, kept from hole to hole.
  mutable NearestFirst::Lists lists_;
  // By node: whether it is a spliced hole's node after which later holes
  // are expected (splice).
  std::vector<bool> roomy_;
};

// Whether a joining's arrays come from the caller's scratch: those of a
// loop of this many nodes are large enough that fresh ones fault pages in
// at every call (pillars-128's contours 2.15 -> 1.87 ms, pillars-512's
// 47 -> 42; minima of interleaved runs), and smaller ones would take
// blocks kept for larger arrays.
bool keepsArraysOf(const Loop& outline, const std::vector<Loop>& holes) {
  constexpr size_t kMinNodes = size_t{1} << 12;
  return MergedLoop::roomFor(outline, holes) >= kMinNodes;
}

}  // namespace

JoinResult joinHoles(const Loop& outline, std::vector<Loop> holes, int region,
                     bool checkCrossing, Scratch* scratch) {
  const Box box = boxOfAll(outline, holes);
  Scratch oneCall = ScratchAccess::forOneCall();
  Scratch& arrays =
      scratch != nullptr && keepsArraysOf(outline, holes) ? *scratch : oneCall;
  // 16-bit offsets where every one is below 0xffff, EdgeIndex's kRemoved.
  constexpr int64_t kNarrow = std::numeric_limits<uint16_t>::max();
  if (int64_t{box.maxX} - box.minX < kNarrow &&
      int64_t{box.maxZ} - box.minZ < kNarrow) {
    return Joiner<uint16_t>(outline, std::move(holes), box, region, arrays)
        .run(checkCrossing);
  }
  return Joiner<int>(outline, std::move(holes), box, region, arrays)
      .run(checkCrossing);
}

}  // namespace regcon::opt::contours
