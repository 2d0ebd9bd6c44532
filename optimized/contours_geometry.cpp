// Exact integer geometry of the optimized contour stage (§6: "Cone and
// crossing tests use exact long orientation").
#include <algorithm>
#include <numeric>

#include "optimized/contours_steps.h"

namespace regcon::opt::contours {
namespace {

bool oppositeStrict(int64_t a, int64_t b) {
  return (a > 0 && b < 0) || (a < 0 && b > 0);
}

bool properCross(const ContourVertex& a, const ContourVertex& b,
                 const ContourVertex& c, const ContourVertex& d) {
  return oppositeStrict(orient(a, b, c), orient(a, b, d)) &&
         oppositeStrict(orient(c, d, a), orient(c, d, b));
}

// p is collinear with a b: is it within the closed segment?
bool withinBox(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& p) {
  return Box::of(a, b).contains(p);
}

bool bruteForceCrossing(const Loop& loop) {
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      if (properCross(loop[i], loop[(i + 1) % n], loop[j], loop[(j + 1) % n])) {
        return true;
      }
    }
  }
  return false;
}

// Sweep over edges sorted by smallest x: a proper crossing needs
// overlapping x and z ranges, so skipping other pairs gives the same answer.
bool sweepCrossing(const Loop& loop) {
  const int n = static_cast<int>(loop.size());
  std::vector<Box> boxes(n);
  for (int i = 0; i < n; ++i) boxes[i] = Box::of(loop[i], loop[(i + 1) % n]);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return boxes[a].minX < boxes[b].minX; });
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    for (int l = k + 1; l < n && boxes[order[l]].minX <= boxes[i].maxX; ++l) {
      const int j = order[l];
      if (!boxes[i].overlaps(boxes[j])) continue;
      if (properCross(loop[i], loop[(i + 1) % n], loop[j], loop[(j + 1) % n])) {
        return true;
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

Box boundingBox(const Loop& loop) {
  Box box{loop[0].x, loop[0].x, loop[0].z, loop[0].z};
  for (const ContourVertex& v : loop) {
    box.minX = std::min(box.minX, v.x);
    box.maxX = std::max(box.maxX, v.x);
    box.minZ = std::min(box.minZ, v.z);
    box.maxZ = std::max(box.maxZ, v.z);
  }
  return box;
}

int64_t signedArea2(const Loop& loop) {
  int64_t sum = 0;
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[(i + 1) % n];
    sum += int64_t{a.x} * b.z - int64_t{b.x} * a.z;
  }
  return sum;
}

bool hasProperCrossing(const Loop& loop) {
  // The all-pairs scan needs no sort and no allocation, so it is the cheaper
  // one on short loops; both give the same answer, the cutover only moves time.
  constexpr size_t kSweepFrom = 24;
  return loop.size() < kSweepFrom ? bruteForceCrossing(loop)
                                  : sweepCrossing(loop);
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

int leftmostIndex(const Loop& loop) {
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
    const ContourVertex& b = loop[(i + 1) % n];
    if (onSegment(a, b, p)) return true;
    if (rayCrosses(a, b, p)) inside = !inside;
  }
  return inside;
}

}  // namespace regcon::opt::contours
