// Exact integer geometry of the optimized contour stage (§6: "Cone and
// crossing tests use exact long orientation").
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <numeric>

#include "optimized/contours_grid.h"
#include "optimized/contours_steps.h"

namespace regcon::opt::contours {
namespace {

bool oppositeStrict(int64_t a, int64_t b) {
  return (a > 0 && b < 0) || (a < 0 && b > 0);
}

// p is collinear with a b: is it within the closed segment?
bool withinBox(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& p) {
  return Box::of(a, b).contains(p);
}

// Edge i runs from vertex i to vertex i + 1, the last one back to vertex 0.
// Consecutive edges share a vertex, so they never cross properly, and
// edges whose boxes do not meet cannot cross: neither pair is tested (a
// rectangle's loop is tested for nothing).
bool bruteForceCrossing(const Loop& loop) {
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[i + 1 == n ? 0 : i + 1];
    const Box box = Box::of(a, b);
    const size_t last = i == 0 ? n - 1 : n;  // edge n - 1 shares vertex 0
    for (size_t j = i + 2; j < last; ++j) {
      if (properCrossWithin(box, a, b, loop[j], loop[j + 1 == n ? 0 : j + 1])) {
        return true;
      }
    }
  }
  return false;
}

// Edges bucketed by the grid cells they pass through; only edges sharing a
// bucket are compared. A crossing point lies in a bucket that both edges
// pass through, so skipping the other pairs gives the same answer, and a
// loop of many short edges (a field of pillars) costs about linear time
// where a sweep along x compares every edge of a column with every other.
// A pair is tested only where the edges' boxes meet (properCrossWithin):
// the parallel walls of a corridor share buckets and never cross.
bool gridCrossing(const Loop& loop) {
  const int n = static_cast<int>(loop.size());
  const BucketGrid grid(boundingBox(loop), n);
  // Edge e's far end, without the division of (e + 1) % n.
  auto end = [&](int e) -> const ContourVertex& {
    return loop[e + 1 == n ? 0 : e + 1];
  };
  auto forEachBucket = [&](int e, auto&& visit) {
    grid.anyBucketOf(loop[e], end(e), [&](int64_t bucket) {
      visit(bucket);
      return false;
    });
  };
  // Bucket lists in one array: count, prefix sums, fill.
  std::vector<int64_t> start(grid.bucketCount() + 1, 0);
  for (int e = 0; e < n; ++e) {
    forEachBucket(e, [&](int64_t bucket) { ++start[bucket + 1]; });
  }
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> members(start.back());
  std::vector<int64_t> fill(start.begin(), start.end() - 1);
  for (int e = 0; e < n; ++e) {
    forEachBucket(e, [&](int64_t bucket) { members[fill[bucket]++] = e; });
  }
  for (int64_t b = 0; b < grid.bucketCount(); ++b) {
    for (int64_t i = start[b]; i < start[b + 1]; ++i) {
      const int e = members[i];
      const Box box = Box::of(loop[e], end(e));
      for (int64_t j = i + 1; j < start[b + 1]; ++j) {
        const int f = members[j];
        if (properCrossWithin(box, loop[e], end(e), loop[f], end(f))) {
          return true;
        }
      }
    }
  }
  return false;
}

bool onSegment(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& p) {
  return orient(a, b, p) == 0 && withinBox(a, b, p);
}

// Does the edge a b cross the horizontal ray from p towards +x (half-open
// in z, so a vertex on the ray counts once)?
bool rayCrosses(const ContourVertex& a, const ContourVertex& b,
                const ContourVertex& p) {
  if ((a.z > p.z) == (b.z > p.z)) return false;
  const int64_t lhs = int64_t{p.x - a.x} * (b.z - a.z);
  const int64_t rhs = int64_t{p.z - a.z} * (b.x - a.x);
  return b.z > a.z ? lhs < rhs : lhs > rhs;
}

}  // namespace

bool properCross(const ContourVertex& a, const ContourVertex& b,
                 const ContourVertex& c, const ContourVertex& d) {
  return oppositeStrict(orient(a, b, c), orient(a, b, d)) &&
         oppositeStrict(orient(c, d, a), orient(c, d, b));
}

Box boundingBox(const Loop& loop) {
  Box box{loop[0].x, loop[0].x, loop[0].z, loop[0].z};
  for (const ContourVertex& v : loop) box.include(v);
  return box;
}

namespace {

// The closing edge is added on its own: an index taken modulo n cost a
// division a vertex, most of the time of a short loop's area.
template <class View>
int64_t signedArea2Of(const View& loop) {
  const int n = loop.size();
  if (n == 0) return 0;
  auto term = [](const ContourVertex& a, const ContourVertex& b) {
    return int64_t{a.x} * b.z - int64_t{b.x} * a.z;
  };
  int64_t sum = 0;
  ContourVertex prev = loop.at(n - 1);
  loop.forEachIn(0, n, [&](int, const ContourVertex& at) {
    sum += term(prev, at);
    prev = at;
  });
  return sum;
}

}  // namespace

int64_t signedArea2(const Loop& loop) {
  return signedArea2Of(PlainView{loop});
}

int64_t signedArea2(const RawLoop& loop) {
  return withView(loop, [](const auto& view) { return signedArea2Of(view); });
}

bool hasProperCrossing(const Loop& loop) {
  // The all-pairs scan needs no grid and no allocation, so it is the cheaper
  // one on short loops; both give the same answer, the cutover only moves time.
  constexpr size_t kGridFrom = 24;
  return loop.size() < kGridFrom ? bruteForceCrossing(loop)
                                 : gridCrossing(loop);
}

bool segmentsTouch(const ContourVertex& a, const ContourVertex& b,
                   const ContourVertex& c, const ContourVertex& d) {
  const int64_t o1 = orient(a, b, c);
  const int64_t o2 = orient(a, b, d);
  const int64_t o3 = orient(c, d, a);
  const int64_t o4 = orient(c, d, b);
  if (oppositeStrict(o1, o2) && oppositeStrict(o3, o4)) return true;
  return (o1 == 0 && withinBox(a, b, c)) || (o2 == 0 && withinBox(a, b, d)) ||
         (o3 == 0 && withinBox(c, d, a)) || (o4 == 0 && withinBox(c, d, b));
}

int leftmostIndex(std::span<const ContourVertex> loop) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(loop.size()); ++i) {
    if (lexLess(loop[i], loop[best])) best = i;
  }
  return best;
}

bool containsPoint(const Loop& loop, const ContourVertex& p) {
  bool inside = false;
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[i + 1 == n ? 0 : i + 1];
    if (onSegment(a, b, p)) return true;
    if (rayCrosses(a, b, p)) inside = !inside;
  }
  return inside;
}

}  // namespace regcon::opt::contours
