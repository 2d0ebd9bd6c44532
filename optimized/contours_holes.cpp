// §6 Holes / readings R11: bridging each hole of an outline into one loop.
#include <algorithm>
#include <numeric>

#include "optimized/contours_steps.h"

namespace regcon::opt::contours {
namespace {

// Is `point` strictly inside the interior cone at vertex i of `loop`? The
// interior lies left of the loop's direction; collinear counts as convex;
// points on the rays are outside.
bool inCone(const Loop& loop, int i, const ContourVertex& point) {
  const int n = static_cast<int>(loop.size());
  const ContourVertex& prev = loop[(i + n - 1) % n];
  const ContourVertex& at = loop[i];
  const ContourVertex& next = loop[(i + 1) % n];
  if (orient(prev, at, next) >= 0) {
    return orient(prev, at, point) > 0 && orient(at, next, point) > 0;
  }
  return !(orient(at, next, point) <= 0 && orient(prev, at, point) <= 0);
}

struct Segment {
  ContourVertex p, q;
  Box box;
};

Segment makeSegment(const ContourVertex& p, const ContourVertex& q) {
  return {p, q, Box::of(p, q)};
}

// Does an edge of `loop`, other than those with an end at p's or q's
// position, touch the closed segment? Edges whose box misses the segment's
// box cannot touch it, so skipping them gives the same answer.
bool loopBlocks(const Loop& loop, const Segment& s) {
  const size_t n = loop.size();
  for (size_t i = 0; i < n; ++i) {
    const ContourVertex& a = loop[i];
    const ContourVertex& b = loop[(i + 1) % n];
    if (!Box::of(a, b).overlaps(s.box)) continue;
    if (samePosition(a, s.p) || samePosition(a, s.q) || samePosition(b, s.p) ||
        samePosition(b, s.q)) {
      continue;
    }
    if (segmentsTouch(s.p, s.q, a, b)) return true;
  }
  return false;
}

int64_t distance2(const ContourVertex& a, const ContourVertex& b) {
  const int64_t dx = a.x - b.x, dz = a.z - b.z;
  return dx * dx + dz * dz;
}

using Candidate = std::pair<int64_t, int>;  // squared distance, index

// The nearest `count` candidates ordered after `after`, nearest first, in
// one pass over the loop (keys are distinct, so batches never overlap).
std::vector<Candidate> nextBatch(const Loop& merged, const ContourVertex& p,
                                 const Candidate& after, size_t count) {
  std::vector<Candidate> batch;
  batch.reserve(count + 1);
  for (int q = 0; q < static_cast<int>(merged.size()); ++q) {
    const Candidate c{distance2(p, merged[q]), q};
    if (c <= after || (batch.size() == count && c >= batch.back())) continue;
    batch.insert(std::upper_bound(batch.begin(), batch.end(), c), c);
    if (batch.size() > count) batch.pop_back();
  }
  return batch;
}

bool acceptsBridge(const Loop& merged, int q, const Loop& hole, int pi,
                   const std::vector<const Loop*>& later,
                   const std::vector<Box>& laterBoxes) {
  const ContourVertex& p = hole[pi];
  if (!inCone(hole, pi, merged[q]) || !inCone(merged, q, p)) return false;
  const Segment s = makeSegment(p, merged[q]);
  if (loopBlocks(merged, s) || loopBlocks(hole, s)) return false;
  // A hole whose box misses the segment's box has no edge touching it.
  for (size_t l = 0; l < later.size(); ++l) {
    if (laterBoxes[l].overlaps(s.box) && loopBlocks(*later[l], s)) {
      return false;
    }
  }
  return true;
}

// The first acceptable outline vertex for the bridge from hole vertex pi,
// by increasing squared distance, lowest index on ties; -1 if none. Batches
// of the nearest candidates visit them in that same order without sorting
// the whole loop.
int findBridge(const Loop& merged, const Loop& hole, int pi,
               const std::vector<const Loop*>& later,
               const std::vector<Box>& laterBoxes) {
  constexpr size_t kBatch = 16;
  Candidate after{-1, -1};
  for (;;) {
    const std::vector<Candidate> batch =
        nextBatch(merged, hole[pi], after, kBatch);
    for (const Candidate& c : batch) {
      if (acceptsBridge(merged, c.second, hole, pi, later, laterBoxes)) {
        return c.second;
      }
    }
    if (batch.size() < kBatch) return -1;
    after = batch.back();
  }
}

// Outline up to q, the hole from p round to p, then q again and the rest;
// both bridge edges carry the contour's own region.
Loop splice(const Loop& merged, int q, const Loop& hole, int pi, int region) {
  const int h = static_cast<int>(hole.size());
  Loop out;
  out.reserve(merged.size() + hole.size() + 2);
  out.insert(out.end(), merged.begin(), merged.begin() + q + 1);
  out.back().neighbor = region;
  for (int j = 0; j < h; ++j) out.push_back(hole[(pi + j) % h]);
  out.push_back(hole[pi]);
  out.back().neighbor = region;
  out.insert(out.end(), merged.begin() + q, merged.end());
  return out;
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

}  // namespace

JoinResult joinHoles(const Loop& outline, const std::vector<const Loop*>& holes,
                     int region) {
  std::vector<int> leftmost(holes.size());
  for (size_t k = 0; k < holes.size(); ++k) {
    leftmost[k] = leftmostIndex(*holes[k]);
  }
  const std::vector<int> order = joinOrder(holes, leftmost);
  JoinResult result{outline, 0, 0};
  std::vector<const Loop*> later;
  std::vector<Box> laterBoxes;
  // Holes still to be joined, the next one last, so each step pops one.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    later.push_back(holes[*it]);
    laterBoxes.push_back(boundingBox(*holes[*it]));
  }
  for (size_t k = 0; k < order.size(); ++k) {
    const Loop& hole = *holes[order[k]];
    const int pi = leftmost[order[k]];
    later.pop_back();
    laterBoxes.pop_back();
    const int q = findBridge(result.loop, hole, pi, later, laterBoxes);
    if (q < 0) {
      ++result.failed;
      continue;
    }
    result.loop = splice(result.loop, q, hole, pi, region);
    ++result.joined;
  }
  return result;
}

}  // namespace regcon::opt::contours
