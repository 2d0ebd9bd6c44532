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
#include <functional>
#include <numeric>
#include <queue>
#include <utility>
#include <vector>

#include "optimized/contours_grid.h"
#include "optimized/contours_merged_loop.h"
#include "optimized/contours_steps.h"

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
// bucketed by the grid cells they pass through. A failed hole's edges are
// switched off; a joined hole's edges stay, as they are now the loop's.
class EdgeIndex {
 public:
  static constexpr int kLoopOwner = 0;  // the outline and the bridges

  explicit EdgeIndex(const BucketGrid& grid)
      : grid_(grid), buckets_(grid.bucketCount()) {}

  // The edges of a closed loop, switched on or off together as `owner`.
  void addLoop(const Loop& loop, int owner) {
    for (size_t i = 0; i < loop.size(); ++i) {
      add(loop[i], loop[(i + 1) % loop.size()], owner);
    }
  }

  void add(const ContourVertex& a, const ContourVertex& b, int owner) {
    const int id = static_cast<int>(edges_.size());
    edges_.push_back({a, b, owner});
    if (owner >= static_cast<int>(alive_.size())) alive_.resize(owner + 1, 1);
    grid_.anyBucketOf(a, b, [&](int64_t bucket) {
      buckets_[bucket].push_back(id);
      return false;
    });
  }

  void switchOff(int owner) { alive_[owner] = 0; }

  // Does a live edge touch the closed segment p q, other than edges with an
  // end at p's or q's position? Only edges sharing a bucket with the
  // segment can touch it.
  bool blocks(const ContourVertex& p, const ContourVertex& q) const {
    return grid_.anyBucketOf(p, q, [&](int64_t bucket) {
      for (int id : buckets_[bucket]) {
        const Edge& e = edges_[id];
        if (!alive_[e.owner]) continue;
        if (samePosition(e.a, p) || samePosition(e.a, q) ||
            samePosition(e.b, p) || samePosition(e.b, q)) {
          continue;
        }
        if (segmentsTouch(p, q, e.a, e.b)) return true;
      }
      return false;
    });
  }

 private:
  struct Edge {
    ContourVertex a, b;
    int owner;
  };
  const BucketGrid& grid_;
  std::vector<std::vector<int>> buckets_;
  std::vector<Edge> edges_;
  std::vector<char> alive_;
};

// The merged loop's nodes, bucketed by position.
class VertexIndex {
 public:
  explicit VertexIndex(const BucketGrid& grid)
      : grid_(grid), buckets_(grid.bucketCount()) {}
  void add(int node, const ContourVertex& at) {
    buckets_[grid_.bucketOf(at)].push_back(node);
  }
  const std::vector<int>& bucket(int64_t b) const { return buckets_[b]; }
  const BucketGrid& grid() const { return grid_; }

 private:
  const BucketGrid& grid_;
  std::vector<std::vector<int>> buckets_;
};

// The merged loop's nodes by increasing squared distance to p, lowest index
// on ties (readings R11), read ring by ring of buckets around p's bucket.
// Ties are ordered when they come up, by label (MergedLoop).
// After rings 0..r every unread node is at least r * side + 1 away along x
// or z, so a node nearer than that is final: no unread one comes before it.
class NearestFirst {
 public:
  NearestFirst(const VertexIndex& vertices, const MergedLoop& loop,
               const ContourVertex& p)
      : vertices_(vertices),
        loop_(loop),
        p_(p),
        column_(vertices.grid().column(p.x)),
        row_(vertices.grid().row(p.z)) {
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
      if (!pending_.empty() &&
          (ring_ >= lastRing_ || pending_.top().first < bound())) {
        takeNearest();
        continue;
      }
      if (ring_ >= lastRing_) return -1;
      readRing(++ring_);
    }
  }

 private:
  using Key = std::pair<int64_t, int>;  // distance², node

  // Every pending node at the smallest distance, into ready_ in loop order
  // (the last entry first out). Nothing unread is that near, so these are
  // all the ties.
  void takeNearest() {
    const int64_t nearest = pending_.top().first;
    while (!pending_.empty() && pending_.top().first == nearest) {
      const int node = pending_.top().second;
      pending_.pop();
      ready_.emplace_back(loop_.label(node), node);
    }
    std::sort(ready_.begin(), ready_.end(), std::greater<>());
  }

  int64_t bound() const {
    const int64_t d = ring_ * vertices_.grid().side() + 1;
    return d * d;
  }

  void readBucket(int column, int row) {
    const BucketGrid& grid = vertices_.grid();
    if (column < 0 || row < 0 || column >= grid.columns() ||
        row >= grid.rows()) {
      return;
    }
    for (int node : vertices_.bucket(grid.bucket(column, row))) {
      const ContourVertex& q = loop_.at(node);
      const int64_t dx = q.x - p_.x, dz = q.z - p_.z;
      pending_.emplace(dx * dx + dz * dz, node);
    }
  }

  void readRing(int r) {
    if (r == 0) {
      readBucket(column_, row_);
      return;
    }
    for (int c = column_ - r; c <= column_ + r; ++c) {
      readBucket(c, row_ - r);
      readBucket(c, row_ + r);
    }
    for (int w = row_ - r + 1; w <= row_ + r - 1; ++w) {
      readBucket(column_ - r, w);
      readBucket(column_ + r, w);
    }
  }

  const VertexIndex& vertices_;
  const MergedLoop& loop_;
  ContourVertex p_;
  int column_, row_;
  int ring_ = -1;
  int lastRing_ = 0;
  std::priority_queue<Key, std::vector<Key>, std::greater<>> pending_;
  std::vector<std::pair<uint64_t, int>> ready_;  // (label, node), last first
};

Box boxOfAll(const Loop& outline, const std::vector<const Loop*>& holes) {
  Box box = boundingBox(outline);
  for (const Loop* hole : holes) {
    const Box b = boundingBox(*hole);
    box = {std::min(box.minX, b.minX), std::max(box.maxX, b.maxX),
           std::min(box.minZ, b.minZ), std::max(box.maxZ, b.maxZ)};
  }
  return box;
}

// Leftmost vertex order (x, then z), ties in discovery order.
std::vector<int> joinOrder(const std::vector<const Loop*>& holes,
                           const std::vector<int>& leftmost) {
  std::vector<int> order(holes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return lexLess((*holes[a])[leftmost[a]], (*holes[b])[leftmost[b]]);
  });
  return order;
}

class Joiner {
 public:
  Joiner(const Loop& outline, const std::vector<const Loop*>& holes, int region)
      : holes_(holes),
        region_(region),
        grid_(boxOfAll(outline, holes), totalVertices(outline, holes)),
        loop_(outline),
        vertices_(grid_),
        edges_(grid_) {
    for (int node = 0; node < loop_.nodeCount(); ++node) {
      vertices_.add(node, loop_.at(node));
    }
    edges_.addLoop(outline, EdgeIndex::kLoopOwner);
    for (size_t h = 0; h < holes.size(); ++h) {
      edges_.addLoop(*holes[h], ownerOf(static_cast<int>(h)));
    }
  }

  JoinResult run() {
    std::vector<int> leftmost(holes_.size());
    for (size_t h = 0; h < holes_.size(); ++h) {
      leftmost[h] = leftmostIndex(*holes_[h]);
    }
    JoinResult result{{}, 0, 0};
    for (int h : joinOrder(holes_, leftmost)) {
      const int q = findBridge(*holes_[h], leftmost[h]);
      if (q < 0) {
        ++result.failed;
        edges_.switchOff(ownerOf(h));
        continue;
      }
      splice(q, *holes_[h], leftmost[h]);
      ++result.joined;
    }
    result.loop = loop_.toLoop();
    return result;
  }

 private:
  static int ownerOf(int hole) { return hole + 1; }

  static int64_t totalVertices(const Loop& outline,
                               const std::vector<const Loop*>& holes) {
    int64_t total = static_cast<int64_t>(outline.size());
    for (const Loop* hole : holes) total += static_cast<int64_t>(hole->size());
    return total;
  }

  bool accepts(int q, const Loop& hole, int pi) const {
    const int h = static_cast<int>(hole.size());
    const ContourVertex& p = hole[pi];
    const ContourVertex& at = loop_.at(q);
    return inCone(hole[(pi + h - 1) % h], p, hole[(pi + 1) % h], at) &&
           inCone(loop_.at(loop_.prev(q)), at, loop_.at(loop_.next(q)), p) &&
           !edges_.blocks(p, at);
  }

  // The first acceptable node by increasing squared distance to the hole's
  // leftmost vertex, lowest index on ties; -1 if none.
  int findBridge(const Loop& hole, int pi) const {
    NearestFirst candidates(vertices_, loop_, hole[pi]);
    for (int q = candidates.next(); q >= 0; q = candidates.next()) {
      if (accepts(q, hole, pi)) return q;
    }
    return -1;
  }

  // After q: the hole from p round to p, then q again; both bridge edges
  // carry the contour's own region. The hole's edges are already indexed.
  void splice(int q, const Loop& hole, int pi) {
    const int h = static_cast<int>(hole.size());
    const ContourVertex again = loop_.at(q);
    Loop& run = run_;
    run.clear();
    for (int j = 0; j <= h; ++j) run.push_back(hole[(pi + j) % h]);
    run.back().neighbor = region_;
    run.push_back(again);
    const int first = loop_.insertRunAfter(q, run);
    for (int k = 0; k < h + 2; ++k) vertices_.add(first + k, run[k]);
    loop_.setNeighbor(q, region_);
    edges_.add(again, hole[pi], EdgeIndex::kLoopOwner);
  }

  const std::vector<const Loop*>& holes_;
  int region_;
  BucketGrid grid_;
  MergedLoop loop_;
  VertexIndex vertices_;
  EdgeIndex edges_;
  Loop run_;  // the nodes of a splice, kept from hole to hole
};

}  // namespace

JoinResult joinHoles(const Loop& outline, const std::vector<const Loop*>& holes,
                     int region) {
  return Joiner(outline, holes, region).run();
}

}  // namespace regcon::opt::contours
