#include <algorithm>

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

// Closed segments ab and cd share at least one point.
bool segmentsTouch(const ContourVertex& a, const ContourVertex& b,
                   const ContourVertex& c, const ContourVertex& d) {
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
    if (samePosition(a, p) || samePosition(a, q) || samePosition(b, p) ||
        samePosition(b, q)) {
      continue;
    }
    if (segmentsTouch(p, q, a, b)) return false;
  }
  return true;
}

// Candidate vertices of the merged loop by increasing squared distance
// to p, lowest index on ties.
std::vector<int> candidatesByDistance(const Loop& merged,
                                      const ContourVertex& p) {
  std::vector<std::pair<int64_t, int>> keyed;  // (squared distance, index)
  for (int i = 0; i < static_cast<int>(merged.size()); ++i) {
    keyed.emplace_back(squaredDistance(merged[i], p), i);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<int> order;
  for (const auto& entry : keyed) order.push_back(entry.second);
  return order;
}

// §6: outline up to q, the hole from p round to p, q again, the rest; both
// bridge edges carry the contour's own region.
Loop spliceHole(const Loop& merged, int qi, const Loop& hole, int pi,
                int region) {
  Loop out(merged.begin(), merged.begin() + qi + 1);
  out.back().neighbor = region;
  for (size_t k = 0; k <= hole.size(); ++k) {
    out.push_back(hole[(pi + k) % hole.size()]);
  }
  out.back().neighbor = region;
  out.insert(out.end(), merged.begin() + qi, merged.end());
  return out;
}

// One hole into the merged loop; false when no bridge is found.
bool joinOneHole(Loop& merged, const Loop& hole,
                 const std::vector<Loop>& laterHoles, int region) {
  const int pi = leftmostIndex(hole);
  const ContourVertex& p = hole[pi];
  for (int qi : candidatesByDistance(merged, p)) {
    const ContourVertex& q = merged[qi];
    if (!inCone(hole, pi, q) || !inCone(merged, qi, p)) continue;
    if (!clearOf(merged, p, q) || !clearOf(hole, p, q)) continue;
    const bool clear =
        std::all_of(laterHoles.begin(), laterHoles.end(),
                    [&](const Loop& later) { return clearOf(later, p, q); });
    if (!clear) continue;
    merged = spliceHole(merged, qi, hole, pi, region);
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
  for (size_t h = 0; h < holes.size(); ++h) {
    const std::vector<Loop> later(holes.begin() + h + 1, holes.end());
    if (!joinOneHole(merged, holes[h], later, region)) ++dropped;
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
