// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <stdexcept>

#include "reference/contours_steps.h"
#include "reference/reference.h"

namespace regcon::ref {
namespace {

// §6: the start corner of the edge in each direction, region on the left.
constexpr int kCornerDx[4] = {0, 1, 1, 0};
constexpr int kCornerDz[4] = {1, 1, 0, 0};

constexpr const char* kLoopNotClosed = "contour tracing did not close its loop";

bool isBoundaryEdge(const Heightfield& hf, const std::vector<int>& regions,
                    int span, int dir) {
  return neighbourValue(hf, regions, span, dir) != regions[span];
}

// Readings R3: the highest floor among the span and the spans reached by
// the links around the start corner, both diagonal routes included.
int vertexY(const Heightfield& hf, int span, int dir) {
  const int next = (dir + 1) % 4;
  int y = hf.spans[span].y;
  auto consider = [&](int s) {
    if (s >= 0) y = std::max(y, hf.spans[s].y);
  };
  const int a = neighbour(hf, span, dir);
  const int b = neighbour(hf, span, next);
  consider(a);
  consider(b);
  if (a >= 0) consider(neighbour(hf, a, next));
  if (b >= 0) consider(neighbour(hf, b, dir));
  return y;
}

RawLoop traceLoop(const Heightfield& hf, const std::vector<int>& regions,
                  int startSpan, int startDir, std::vector<char>& visited) {
  RawLoop loop;
  loop.region = regions[startSpan];
  int span = startSpan;
  int dir = startDir;
  // Every state is met at most once per loop: a longer walk is a bug.
  const int64_t maxSteps = 4 * static_cast<int64_t>(hf.spanCount()) + 4;
  for (int64_t step = 0;; ++step) {
    if (step > maxSteps) throw std::logic_error(kLoopNotClosed);
    if (isBoundaryEdge(hf, regions, span, dir)) {
      loop.vertices.push_back({hf.cellX(span) + kCornerDx[dir],
                               vertexY(hf, span, dir),
                               hf.cellZ(span) + kCornerDz[dir],
                               neighbourValue(hf, regions, span, dir)});
      visited[4 * span + dir] = 1;
      dir = (dir + 3) % 4;
    } else {
      span = neighbour(hf, span, dir);
      dir = (dir + 1) % 4;
    }
    if (span == startSpan && dir == startDir) {
      loop.area2 = signedArea2(loop.vertices);
      return loop;
    }
  }
}

}  // namespace

int neighbourValue(const Heightfield& hf, const std::vector<int>& regions,
                   int span, int dir) {
  const int n = neighbour(hf, span, dir);
  if (n >= 0) return regions[n];
  const int x = hf.cellX(span) + kDirX[dir];
  const int z = hf.cellZ(span) + kDirZ[dir];
  return hf.insideGrid(x, z) ? 0 : kTileBorder;
}

int64_t signedArea2(const Loop& loop) {
  int64_t area = 0;
  for (size_t i = 0; i < loop.size(); ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[(i + 1) % loop.size()];
    area += static_cast<int64_t>(a.x) * b.z - static_cast<int64_t>(b.x) * a.z;
  }
  return area;
}

int64_t orient(const ContourVertex& a, const ContourVertex& b,
               const ContourVertex& c) {
  return static_cast<int64_t>(b.x - a.x) * (c.z - a.z) -
         static_cast<int64_t>(c.x - a.x) * (b.z - a.z);
}

bool samePosition(const ContourVertex& a, const ContourVertex& b) {
  return a.x == b.x && a.z == b.z;
}

bool lexLess(const ContourVertex& a, const ContourVertex& b) {
  return a.x != b.x ? a.x < b.x : a.z < b.z;
}

// §6 Tracing: from each unvisited boundary edge in span-index, then
// direction, order.
std::vector<RawLoop> traceLoops(const Heightfield& hf,
                                const std::vector<int>& regions) {
  std::vector<RawLoop> loops;
  std::vector<char> visited(4 * static_cast<size_t>(hf.spanCount()), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] < 1) continue;
    for (int d = 0; d < 4; ++d) {
      if (visited[4 * s + d] || !isBoundaryEdge(hf, regions, s, d)) continue;
      loops.push_back(traceLoop(hf, regions, s, d, visited));
    }
  }
  return loops;
}

}  // namespace regcon::ref
