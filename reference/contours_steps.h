// The steps of §6 inside the reference, one function each. Internal to
// reference/: the optimized implementation writes its own.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/types.h"

namespace regcon::ref {

struct RawLoop {
  int region = 0;
  Loop vertices;
  int64_t area2 = 0;  // twice the signed area; > 0 outline, < 0 hole
};

// §6 Edges: region of the neighbour, 0 for a wall, kTileBorder outside.
int neighbourValue(const Heightfield& hf, const std::vector<int>& regions,
                   int span, int dir);

// §6 Tracing: every loop of every region, in discovery order.
std::vector<RawLoop> traceLoops(const Heightfield& hf,
                                const std::vector<int>& regions);

int64_t signedArea2(const Loop& loop);

// Exact plane geometry on corner positions (x, z); y plays no part.
// Twice the signed area of abc: > 0 when c is left of a -> b.
int64_t orient(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& c);
bool samePosition(const ContourVertex& a, const ContourVertex& b);
// Lexicographic (x, z) order.
bool lexLess(const ContourVertex& a, const ContourVertex& b);

struct SimplifyParams {
  double maxError = 0;
  int64_t maxEdgeLength = 0;
  bool straightBorders = false;
  int64_t borderRegion = 0;
  int region = 0;
  const std::map<int, int>* regionArea = nullptr;  // area id of each region
};

// §6 steps 1-2 and the duplicate merge of step 3, with no fallback.
Loop simplifyOnce(const Loop& raw, const SimplifyParams& params);

// §6 step 3: the retries and the raw fallback. `fallbacks` counts the
// loops that fell back to raw (readings R9).
Loop simplifyLoop(const Loop& raw, const SimplifyParams& params,
                  int& fallbacks);

bool hasProperCrossing(const Loop& loop);

// Index of the leftmost vertex: smallest x, then z, then index.
int leftmostIndex(const Loop& loop);

// §6 Holes, readings R11: the outline's holes (already simplified, in any
// order) joined into it. Adds to `dropped` for holes with no bridge.
Loop joinHoles(const Loop& outline, std::vector<Loop> holes, int region,
               int& dropped);

bool containsPoint(const Loop& polygon, int x, int z);

}  // namespace regcon::ref
