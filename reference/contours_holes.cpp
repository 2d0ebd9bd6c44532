// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <functional>
#include <span>

#include "reference/contours_steps.h"

namespace regcon::ref {
namespace {

int64_t squaredDistance(const ContourVertex& a, const ContourVertex& b) {
  const int64_t dx = a.x - b.x, dz = a.z - b.z;
  return dx * dx + dz * dz;
}

// Readings R11: t strictly inside the interior cone at loop[i]; the
// interior is left of the loop's direction, collinear counts as convex.
bool inCone(const Loop& loop, int i, const ContourVertex& t) {
  const int n = static_cast<int>(loop.size());
  const ContourVertex& prev = loop[(i + n - 1) % n];
  const ContourVertex& v = loop[i];
  const ContourVertex& next = loop[(i + 1) % n];
  const int64_t leftOfOut = orient(v, next, t);
  const int64_t leftOfIn = orient(prev, v, t);
  if (orient(prev, v, next) >= 0) return leftOfOut > 0 && leftOfIn > 0;
  return !(leftOfOut <= 0 && leftOfIn <= 0);
}

bool onSegment(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
         std::min(a.z, b.z) <= p.z && p.z <= std::max(a.z, b.z);
}

// Closed segments ab and cd share at least one point. Segments whose
// bounding boxes are apart share none: that cheap test comes first.
bool segmentsTouch(const ContourVertex& a, const ContourVertex& b,
                   const ContourVertex& c, const ContourVertex& d) {
  if (std::max(a.x, b.x) < std::min(c.x, d.x) ||
      std::max(c.x, d.x) < std::min(a.x, b.x) ||
      std::max(a.z, b.z) < std::min(c.z, d.z) ||
      std::max(c.z, d.z) < std::min(a.z, b.z)) {
    return false;
  }
  const int64_t o1 = orient(a, b, c), o2 = orient(a, b, d);
  const int64_t o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
      ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) {
    return true;
  }
  return (o1 == 0 && onSegment(a, b, c)) || (o2 == 0 && onSegment(a, b, d)) ||
         (o3 == 0 && onSegment(c, d, a)) || (o4 == 0 && onSegment(c, d, b));
}

// Readings R11 clearance: no edge of `loop` touches pq, except edges with
// an end at p's or q's position.
bool clearOf(const Loop& loop, const ContourVertex& p, const ContourVertex& q) {
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[(i + 1) % n];
    if (!segmentsTouch(p, q, a, b)) continue;
    if (samePosition(a, p) || samePosition(a, q) || samePosition(b, p) ||
        samePosition(b, q)) {
      continue;
    }
    return false;
  }
  return true;
}

// Candidate vertices of the merged loop by increasing squared distance
// to p, lowest index on ties. A min-heap orders only the candidates that are
// tried, where a full sort would order the whole loop for every hole. One
// object serves every hole, so its buffer is not allocated again each time.
class CandidatesByDistance {
 public:
  void restart(const Loop& merged, const ContourVertex& p) {
    heap_.clear();
    for (int i = 0; i < static_cast<int>(merged.size()); ++i) {
      heap_.emplace_back(squaredDistance(merged[i], p), i);
    }
    std::make_heap(heap_.begin(), heap_.end(), std::greater<>());
  }
  bool empty() const { return heap_.empty(); }
  int next() {
    std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
    const int index = heap_.back().second;
    heap_.pop_back();
    return index;
  }

 private:
  std::vector<std::pair<int64_t, int>> heap_;  // (squared distance, index)
};

// §6: outline up to q, the hole from p round to p, q again, the rest; both
// bridge edges carry the contour's own region.
void spliceHole(Loop& merged, int qi, const Loop& hole, int pi, int region) {
  Loop inserted;
  for (size_t k = 0; k <= hole.size(); ++k) {
    inserted.push_back(hole[(pi + k) % hole.size()]);
  }
  inserted.back().neighbor = region;
  inserted.push_back(merged[qi]);
  merged[qi].neighbor = region;
  merged.insert(merged.begin() + qi + 1, inserted.begin(), inserted.end());
}

// One hole into the merged loop; false when no bridge is found.
// `laterHoles` are the holes still to be joined after this one.
bool joinOneHole(Loop& merged, const Loop& hole,
                 std::span<const Loop> laterHoles, int region,
                 CandidatesByDistance& candidates) {
  const int pi = leftmostIndex(hole);
  const ContourVertex& p = hole[pi];
  for (candidates.restart(merged, p); !candidates.empty();) {
    const int qi = candidates.next();
    const ContourVertex& q = merged[qi];
    if (!inCone(hole, pi, q) || !inCone(merged, qi, p)) continue;
    if (!clearOf(merged, p, q) || !clearOf(hole, p, q)) continue;
    const bool clear =
        std::all_of(laterHoles.begin(), laterHoles.end(),
                    [&](const Loop& later) { return clearOf(later, p, q); });
    if (!clear) continue;
    spliceHole(merged, qi, hole, pi, region);
    return true;
  }
  return false;
}

}  // namespace

// §6 Holes with readings R11: holes in leftmost-vertex order (x, then z,
// ties in the given order), each bridged to the merged loop or dropped.
Loop joinHoles(const Loop& outline, std::vector<Loop> holes, int region,
               int& dropped) {
  std::stable_sort(holes.begin(), holes.end(),
                   [](const Loop& a, const Loop& b) {
                     return lexLess(a[leftmostIndex(a)], b[leftmostIndex(b)]);
                   });
  Loop merged = outline;
  CandidatesByDistance candidates;
  for (size_t h = 0; h < holes.size(); ++h) {
    const std::span<const Loop> later(holes.begin() + h + 1, holes.end());
    if (!joinOneHole(merged, holes[h], later, region, candidates)) {
      ++dropped;
    }
  }
  return merged;
}

// Even-odd rule; a point on an edge counts as inside (readings R11).
bool containsPoint(const Loop& polygon, int x, int z) {
  const ContourVertex p{x, 0, z, 0};
  bool inside = false;
  const size_t n = polygon.size();
  for (size_t i = 0, j = n - 1; i < n; j = i++) {
    const ContourVertex& a = polygon[i];
    const ContourVertex& b = polygon[j];
    if (orient(a, b, p) == 0 && onSegment(a, b, p)) return true;
    if ((a.z > z) != (b.z > z)) {
      // x of the edge at height z, compared without division.
      const int64_t lhs = static_cast<int64_t>(x - a.x) * (b.z - a.z);
      const int64_t rhs = static_cast<int64_t>(b.x - a.x) * (z - a.z);
      if ((b.z - a.z > 0) ? lhs < rhs : lhs > rhs) inside = !inside;
    }
  }
  return inside;
}

}  // namespace regcon::ref
