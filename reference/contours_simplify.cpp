// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <utility>

#include "core/limits.h"
#include "reference/contours_steps.h"

namespace regcon::ref {
namespace {

// §6 step 1: portals, else the lexicographic min and max (lowest index).
std::vector<int> initialKept(const Loop& raw) {
  const int n = static_cast<int>(raw.size());
  std::vector<int> kept;
  for (int i = 0; i < n; ++i) {
    if (raw[i].neighbor != raw[(i + n - 1) % n].neighbor) kept.push_back(i);
  }
  if (!kept.empty()) return kept;
  int lo = 0;
  int hi = 0;
  for (int i = 1; i < n; ++i) {
    if (lexLess(raw[i], raw[lo])) lo = i;
    if (lexLess(raw[hi], raw[i])) hi = i;
  }
  if (lo == hi) return {lo};
  return {std::min(lo, hi), std::max(lo, hi)};
}

// Readings R10: squared distance from p to the segment ab.
double squaredDistanceToSegment(const ContourVertex& p, const ContourVertex& a,
                                const ContourVertex& b) {
  const int64_t abx = b.x - a.x, abz = b.z - a.z;
  const int64_t apx = p.x - a.x, apz = p.z - a.z;
  const int64_t len2 = abx * abx + abz * abz;
  const int64_t dot = apx * abx + apz * abz;
  if (len2 == 0 || dot <= 0) return static_cast<double>(apx * apx + apz * apz);
  if (dot >= len2) {
    const int64_t bpx = p.x - b.x, bpz = p.z - b.z;
    return static_cast<double>(bpx * bpx + bpz * bpz);
  }
  const int64_t cross = abx * apz - abz * apx;
  return static_cast<double>(cross) * static_cast<double>(cross) /
         static_cast<double>(len2);
}

// §6 step 2: the stretch is a straight region border, left as its chord.
bool isStraightBorder(int neighbourValue, const SimplifyParams& params) {
  if (!params.straightBorders || params.maxError <= 0) return false;
  if (neighbourValue <= 0 || neighbourValue == params.borderRegion) {
    return false;
  }
  const auto& areas = *params.regionArea;
  const auto other = areas.find(neighbourValue);
  const auto own = areas.find(params.region);
  return other != areas.end() && own != areas.end() &&
         other->second == own->second;
}

// The farthest interior raw vertex of the stretch (unwrapped indices),
// ties to the lexicographically smaller position, then the first from a.
std::pair<int, double> farthestInterior(const Loop& raw, int ia, int ib) {
  const int n = static_cast<int>(raw.size());
  const ContourVertex& a = raw[ia % n];
  const ContourVertex& b = raw[ib % n];
  int best = -1;
  double bestD2 = -1;
  for (int i = ia + 1; i < ib; ++i) {
    const double d2 = squaredDistanceToSegment(raw[i % n], a, b);
    const bool better =
        d2 > bestD2 || (d2 == bestD2 && lexLess(raw[i % n], raw[best % n]));
    if (better) {
      best = i;
      bestD2 = d2;
    }
  }
  return {best, bestD2};
}

// §6 step 2 on one stretch: the raw index to keep inside it, or -1. A
// MaxEdgeLength above the settings' range (only a library caller can pass
// one) acts like its top, whose square fits in int64.
int splitIndex(const Loop& raw, int ia, int ib, const SimplifyParams& params) {
  const int n = static_cast<int>(raw.size());
  const int value = raw[ia % n].neighbor;
  if (ib - ia < 2 || isStraightBorder(value, params)) return -1;
  const auto [far, d2] = farthestInterior(raw, ia, ib);
  if (d2 > params.maxError * params.maxError) return far;
  if (params.maxEdgeLength <= 0 || value != 0) return -1;
  const int64_t dx = raw[ib % n].x - raw[ia % n].x;
  const int64_t dz = raw[ib % n].z - raw[ia % n].z;
  const int64_t limit = std::min(params.maxEdgeLength, limits::kMaxSetting);
  if (dx * dx + dz * dz <= limit * limit) return -1;
  return (ia + ib) / 2;
}

// Readings R10: duplicates merged, the first stays; the wrap pair loses
// its last.
Loop mergeDuplicatePositions(const Loop& loop) {
  Loop merged;
  for (const ContourVertex& v : loop) {
    if (merged.empty() || !samePosition(merged.back(), v)) merged.push_back(v);
  }
  while (merged.size() > 1 && samePosition(merged.back(), merged.front())) {
    merged.pop_back();
  }
  return merged;
}

bool isValidSimplification(const Loop& loop, const Loop& raw) {
  if (loop.size() < 3) return false;
  const int64_t area = signedArea2(loop);
  return area != 0 && (area > 0) == (signedArea2(raw) > 0);
}

int sign(int64_t v) {
  return (v > 0) - (v < 0);
}

bool crossProperly(const ContourVertex& a, const ContourVertex& b,
                   const ContourVertex& c, const ContourVertex& d) {
  return sign(orient(a, b, c)) * sign(orient(a, b, d)) < 0 &&
         sign(orient(c, d, a)) * sign(orient(c, d, b)) < 0;
}

}  // namespace

// §6 steps 1-3 without fallbacks: kept raw vertices in raw-index order.
Loop simplifyOnce(const Loop& raw, const SimplifyParams& params) {
  const int n = static_cast<int>(raw.size());
  const std::vector<int> initial = initialKept(raw);
  std::vector<char> kept(n, 0);
  std::vector<std::pair<int, int>> work;  // stretches (ia, ib), ib unwrapped
  for (size_t k = 0; k < initial.size(); ++k) {
    kept[initial[k]] = 1;
    const int next = k + 1 < initial.size() ? initial[k + 1] : initial[0] + n;
    work.emplace_back(initial[k], next);
  }
  while (!work.empty()) {
    const auto [ia, ib] = work.back();
    work.pop_back();
    const int split = splitIndex(raw, ia, ib, params);
    if (split < 0) continue;
    kept[split % n] = 1;
    work.emplace_back(ia, split);
    work.emplace_back(split, ib);
  }
  Loop simplified;
  for (int i = 0; i < n; ++i) {
    if (kept[i]) simplified.push_back(raw[i]);
  }
  return mergeDuplicatePositions(simplified);
}

// Every pair of edges whose x ranges overlap, found by sorting the edges by
// their smaller x: edges whose x ranges are apart cannot cross, so only the
// all-pairs test's work on them is skipped.
bool hasProperCrossing(const Loop& loop) {
  const size_t n = loop.size();
  auto minX = [&](size_t e) {
    return std::min(loop[e].x, loop[(e + 1) % n].x);
  };
  auto maxX = [&](size_t e) {
    return std::max(loop[e].x, loop[(e + 1) % n].x);
  };
  std::vector<size_t> edges(n);
  for (size_t e = 0; e < n; ++e) edges[e] = e;
  std::sort(edges.begin(), edges.end(),
            [&](size_t a, size_t b) { return minX(a) < minX(b); });
  for (size_t i = 0; i < n; ++i) {
    const size_t a = edges[i];
    for (size_t j = i + 1; j < n && minX(edges[j]) <= maxX(a); ++j) {
      const size_t b = edges[j];
      if (crossProperly(loop[a], loop[(a + 1) % n], loop[b],
                        loop[(b + 1) % n])) {
        return true;
      }
    }
  }
  return false;
}

// §6 step 3 with readings R9 and R10.
Loop simplifyLoop(const Loop& raw, const SimplifyParams& params,
                  int& fallbacks) {
  const Loop first = simplifyOnce(raw, params);
  SimplifyParams retry = params;
  retry.straightBorders = false;
  if (!isValidSimplification(first, raw)) {
    retry.maxError = 0;
    const Loop exact = simplifyOnce(raw, retry);
    if (isValidSimplification(exact, raw)) return exact;
  } else if (params.straightBorders && params.maxError > 0 &&
             hasProperCrossing(first)) {
    const Loop refined = simplifyOnce(raw, retry);
    if (isValidSimplification(refined, raw) && !hasProperCrossing(refined)) {
      return refined;
    }
  } else {
    return first;
  }
  ++fallbacks;
  return raw;
}

int leftmostIndex(const Loop& loop) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(loop.size()); ++i) {
    if (lexLess(loop[i], loop[best])) best = i;
  }
  return best;
}

}  // namespace regcon::ref
