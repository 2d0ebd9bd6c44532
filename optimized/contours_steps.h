// Shared pieces of the optimized contour stage (§6): exact integer geometry
// on loop vertices, loop simplification and hole joining. Internal to
// optimized/contours*.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/types.h"
#include "optimized/contours_raw_loop.h"
#include "optimized/optimized.h"

namespace regcon::opt::contours {

// Twice the signed area of a point triple: > 0 when c lies left of a -> b
// (x right, z up).
inline int64_t orient(const ContourVertex& a, const ContourVertex& b,
                      const ContourVertex& c) {
  return int64_t{b.x - a.x} * (c.z - a.z) - int64_t{b.z - a.z} * (c.x - a.x);
}

inline bool samePosition(const ContourVertex& a, const ContourVertex& b) {
  return a.x == b.x && a.z == b.z;
}

// Lexicographic (x, z) order.
inline bool lexLess(const ContourVertex& a, const ContourVertex& b) {
  return a.x != b.x ? a.x < b.x : a.z < b.z;
}

// The one axis-aligned bounding box, closed: of a segment, or of a loop.
struct Box {
  int minX, maxX, minZ, maxZ;
  static Box of(const ContourVertex& a, const ContourVertex& b) {
    return {std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.z, b.z),
            std::max(a.z, b.z)};
  }
  // Grows to hold p, or another box.
  void include(const ContourVertex& p) {
    minX = std::min(minX, p.x);
    maxX = std::max(maxX, p.x);
    minZ = std::min(minZ, p.z);
    maxZ = std::max(maxZ, p.z);
  }
  void include(const Box& o) {
    minX = std::min(minX, o.minX);
    maxX = std::max(maxX, o.maxX);
    minZ = std::min(minZ, o.minZ);
    maxZ = std::max(maxZ, o.maxZ);
  }
  bool contains(const ContourVertex& p) const {
    return minX <= p.x && p.x <= maxX && minZ <= p.z && p.z <= maxZ;
  }
  bool overlaps(const Box& o) const {
    return minX <= o.maxX && o.minX <= maxX && minZ <= o.maxZ && o.minZ <= maxZ;
  }
};

Box boundingBox(const Loop& loop);

// Twice the signed area (shoelace); positive when counter-clockwise.
int64_t signedArea2(const Loop& loop);

// The same of a raw loop.
int64_t signedArea2(const RawLoop& loop);

// Whether segments a b and c d cross properly (at one point strictly inside
// both).
bool properCross(const ContourVertex& a, const ContourVertex& b,
                 const ContourVertex& c, const ContourVertex& d);

// properCross where the box of a b is at hand: segments that cross have
// closed boxes that meet, so most pairs are ruled out without the call.
inline bool properCrossWithin(const Box& abBox, const ContourVertex& a,
                              const ContourVertex& b, const ContourVertex& c,
                              const ContourVertex& d) {
  return abBox.overlaps(Box::of(c, d)) && properCross(a, b, c, d);
}

// Whether two edges of the closed loop cross properly.
bool hasProperCrossing(const Loop& loop);

// Whether closed segments a b and c d share a point.
bool segmentsTouch(const ContourVertex& a, const ContourVertex& b,
                   const ContourVertex& c, const ContourVertex& d);

// Index of the leftmost vertex: smallest x, then z, then index.
int leftmostIndex(std::span<const ContourVertex> loop);

// What a region's stretches need to know about the other regions.
struct BorderRules {
  const std::vector<int>* regionArea = nullptr;  // area id per region id
  int64_t borderRegion = 0;
  int ownArea = 0;
  // Straight region borders (§6 step 2): a same-area region that is not the
  // band.
  bool isStraightBorder(int neighbour) const {
    return neighbour > 0 && neighbour != borderRegion &&
           (*regionArea)[neighbour] == ownArea;
  }
};

struct SimplifiedLoop {
  Loop vertices;
  bool rawFallback = false;
  int64_t area2 = 0;  // twice the signed area of `vertices`
};

// §6 steps 1-3 with the retries of readings R10.
SimplifiedLoop simplifyLoop(const RawLoop& raw, int64_t rawArea2,
                            const Settings& settings, const BorderRules& rules);

struct JoinResult {
  Loop loop;
  int joined = 0;
  int failed = 0;
  bool properCrossing = false;  // hasProperCrossing(loop), if asked for
};

// §6 Holes / readings R11: joins `holes` (discovery order) into `outline` in
// leftmost-vertex order; failed holes are left out. With `checkCrossing`,
// also finds whether the merged loop has two edges that cross properly.
// Takes the holes, and frees each one's loop once it is copied into the
// merged loop's room. A large joining's arrays come from `scratch` where
// one is given (one thread at a time), else from the heap.
JoinResult joinHoles(const Loop& outline, std::vector<Loop> holes, int region,
                     bool checkCrossing = false, Scratch* scratch = nullptr);

// Even-odd rule, a point on an edge counts as inside.
bool containsPoint(const Loop& loop, const ContourVertex& p);

}  // namespace regcon::opt::contours
