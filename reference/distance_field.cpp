// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <climits>
#include <functional>
#include <queue>
#include <utility>

#include "reference/reference.h"

namespace regcon::ref {
namespace {

// Readings R2: area 0, fewer than four neighbours, or a neighbour of area 0.
bool isBoundarySpan(const Heightfield& hf, int span) {
  if (hf.spans[span].area == 0) return true;
  for (int d = 0; d < 4; ++d) {
    const int n = neighbour(hf, span, d);
    if (n < 0 || hf.spans[n].area == 0) return true;
  }
  return false;
}

// Readings R2: orthogonal steps cost 2; both routes to a diagonal cost 3.
std::vector<std::pair<int, int>> weightedSteps(const Heightfield& hf,
                                               int span) {
  std::vector<std::pair<int, int>> steps;
  for (int d = 0; d < 4; ++d) {
    const int e = (d + 1) % 4;
    const int a = neighbour(hf, span, d);
    const int b = neighbour(hf, span, e);
    if (a >= 0) steps.emplace_back(a, 2);
    if (a >= 0 && neighbour(hf, a, e) >= 0) {
      steps.emplace_back(neighbour(hf, a, e), 3);
    }
    if (b >= 0 && neighbour(hf, b, d) >= 0) {
      steps.emplace_back(neighbour(hf, b, d), 3);
    }
  }
  return steps;
}

}  // namespace

// §1: exact multi-source shortest paths (Dijkstra), no cap.
std::vector<int> buildDistanceField(const Heightfield& hf) {
  const int n = hf.spanCount();
  std::vector<int> dist(n, INT_MAX);
  using Entry = std::pair<int, int>;  // (distance, span)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (int s = 0; s < n; ++s) {
    if (isBoundarySpan(hf, s)) {
      dist[s] = 0;
      queue.emplace(0, s);
    }
  }
  while (!queue.empty()) {
    const auto [d, s] = queue.top();
    queue.pop();
    if (d != dist[s]) continue;
    for (const auto& [t, cost] : weightedSteps(hf, s)) {
      if (d + cost < dist[t]) {
        dist[t] = d + cost;
        queue.emplace(dist[t], t);
      }
    }
  }
  return dist;
}

}  // namespace regcon::ref
