// §6 simplification of one loop: portals, Douglas-Peucker refinement with
// the exact distance rule of readings R10, length splitting of walls,
// duplicate merging, validity and the retries.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "optimized/contours_steps.h"

namespace regcon::opt::contours {
namespace {

struct Pass {
  double maxError = 0;
  int64_t maxEdgeLength = 0;
  bool straightBorders = false;
};

// Readings R10: squared distance from p to the segment a b, as a double.
// Where p projects inside the segment it is cross² / len2; `skipBelow`
// lets a caller skip that division for a p whose cross² is below it: such
// a p comes out below the caller's best, so the exact value is not needed
// (-1 is returned instead). Inlined by force: in the views' instances GCC
// called it out of line (Tracer::vertexAt in contours.cpp says the gain).
[[gnu::always_inline]] inline double distance2(const ContourVertex& a,
                                               const ContourVertex& b,
                                               const ContourVertex& p,
                                               double skipBelow = -1) {
  const int64_t abx = b.x - a.x, abz = b.z - a.z;
  const int64_t apx = p.x - a.x, apz = p.z - a.z;
  const int64_t len2 = abx * abx + abz * abz;
  const int64_t dot = apx * abx + apz * abz;
  if (len2 == 0 || dot <= 0) return static_cast<double>(apx * apx + apz * apz);
  if (dot >= len2) {
    const int64_t bpx = p.x - b.x, bpz = p.z - b.z;
    return static_cast<double>(bpx * bpx + bpz * bpz);
  }
  const double cross = static_cast<double>(abx * apz - abz * apx);
  const double cross2 = cross * cross;
  if (cross2 < skipBelow) return -1;
  return cross2 / static_cast<double>(len2);
}

int64_t length2(const ContourVertex& a, const ContourVertex& b) {
  const int64_t dx = b.x - a.x, dz = b.z - a.z;
  return dx * dx + dz * dz;
}

// A stretch's unwrapped index (below 2n: a stretch wraps at most once) as a
// vertex index, without the division of i % n.
int wrapped(int i, int n) {
  return i < n ? i : i - n;
}

// One thread's working lists of simplifyOnce, kept from loop to loop: on a
// field of many small regions, allocating them for every loop cost more
// than simplifying it.
struct Scratch {
  std::vector<char> kept;
  std::vector<int> anchors;
  std::vector<std::pair<int, int>> stack;
  std::vector<int> straight;
  bool readRunEnds = false;  // straightRuns' answer for the loop
};

Scratch& threadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

// Step 1: portals, or the lexicographic extremes when there is none.
template <class View>
void initialKept(const View& raw, std::vector<char>& kept) {
  const int n = raw.size();
  kept.assign(n, 0);
  bool anyPortal = false;
  raw.forEachPortal([&](int i) {
    kept[i] = 1;
    anyPortal = true;
  });
  if (anyPortal) return;
  int lowest = 0, highest = 0;
  for (int i = 1; i < n; ++i) {
    if (lexLess(raw.at(i), raw.at(lowest))) lowest = i;
    if (lexLess(raw.at(highest), raw.at(i))) highest = i;
  }
  kept[lowest] = kept[highest] = 1;
}

// Farthest interior raw vertex of the unwrapped stretch (ia, ib): ties to
// the lexicographically smaller position, then to the first met from a.
// The stretch is read as at most two runs of the loop, before and after the
// wrap, rather than taking every index modulo n (a division a vertex).
// With `straight` (straightRuns), only the ends of each straight run are
// read: the squared distance to a segment is convex along a line, so an
// inner vertex of a run is below an end, or all of the run ties and an end
// is lexicographically smaller; and on a loop that straightRuns let skip,
// values that differ stay apart as doubles.
template <class View>
std::pair<int, double> farthest(const View& raw, int ia, int ib,
                                const int* straight) {
  const int n = raw.size();
  const ContourVertex a = raw.at(wrapped(ia, n));
  const ContourVertex b = raw.at(wrapped(ib, n));
  int best = -1;
  double bestD2 = -1;
  // cross² below this gives a distance² below bestD2 by far more than a
  // rounding, so its division is skipped: the division was most of the
  // scan's time on long loops.
  const int64_t len2 = length2(a, b);
  double skipBelow = -1;
  auto consider = [&](int i, const ContourVertex& p) {
    const double d2 = distance2(a, b, p, skipBelow);
    if (d2 > bestD2 || (d2 == bestD2 && lexLess(p, raw.at(wrapped(best, n))))) {
      best = i;
      bestD2 = d2;
      skipBelow = bestD2 * static_cast<double>(len2) * (1 - 1e-9);
    }
  };
  auto scan = [&](int from, int to, int offset) {
    if (straight == nullptr) {
      raw.forEachIn(
          from - offset, to - offset,
          [&](int i, const ContourVertex& p) { consider(i + offset, p); });
      return;
    }
    // From a run's first vertex to its last (or the stretch's last).
    const int end = to - offset;
    for (int i = from - offset; i < end;) {
      consider(i + offset, raw.at(i));
      const int next = std::min(i + straight[i], end - 1);
      i = next > i ? next : i + 1;
    }
  };
  // Indices of a stretch stay below 2n: it wraps at most once.
  scan(ia + 1, std::min(ib, n), 0);
  scan(std::max(ia + 1, n), ib, n);
  return {best, bestD2};
}

constexpr int kMinLoopForRuns = 16;

// Within this width and depth, two squared distances of a stretch that
// differ stay apart as doubles: they are multiples of 1 / len2, and
// distance² x len2 is below 4 x 2^48 = 2^50, so their difference is above
// two units in the last place.
constexpr int kMaxRunsExtent = 1 << 12;

template <class View>
bool fitsRunsExtent(const View& raw) {
  Box box = Box::of(raw.at(0), raw.at(0));
  raw.forEachIn(0, raw.size(),
                [&](int, const ContourVertex& p) { box.include(p); });
  return box.maxX - box.minX <= kMaxRunsExtent &&
         box.maxZ - box.minZ <= kMaxRunsExtent;
}

// straight[i]: how many edges from edge i on (i -> i + 1, cyclically) have
// exactly edge i's (x, z) step, not zero. Every interior vertex of a
// stretch within such a run lies strictly inside its chord, at distance 0:
// step 2 splits it only for length, so it needs no farthest-vertex scan
// (on a long straight wall, the scans of each length split were most of
// the simplification). Returns whether farthest() may read runs by their
// ends: where runs are two edges long or more on average (a staircase's
// are one, and reading straight[] beside each vertex cost more), and the
// loop is at most kMaxRunsExtent wide and deep.
template <class View>
bool straightRuns(const View& raw, std::vector<int>& straight) {
  const int n = raw.size();
  straight.assign(n, 1);
  // All 1 scans every stretch: a short loop has no long run to skip, and
  // working its runs out cost more than its scans.
  if (n < kMinLoopForRuns) return false;
  auto after = [n](int i) { return i + 1 == n ? 0 : i + 1; };
  auto step = [&](int i) {
    const ContourVertex& a = raw.at(i);
    const ContourVertex& b = raw.at(after(i));
    return std::pair{b.x - a.x, b.z - a.z};
  };
  auto continues = [&](int i) {  // edge i + 1 repeats edge i's step
    const auto here = step(i);
    return here != std::pair{0, 0} && step(after(i)) == here;
  };
  // A closed loop turns somewhere: start after an edge that does not go on.
  int last = 0;
  while (last < n && continues(last)) ++last;
  if (last == n) return false;  // no turn: keep every run at 1 (never met)
  int runs = 1;
  for (int k = 1, i = last == 0 ? n - 1 : last - 1; k < n;
       ++k, i = i == 0 ? n - 1 : i - 1) {
    if (continues(i)) {
      straight[i] = straight[after(i)] + 1;
    } else {
      ++runs;
    }
  }
  return n >= 2 * runs && fitsRunsExtent(raw);
}

// Step 2 on one stretch, with an explicit work stack.
template <class View>
void refineStretch(const View& raw, int ia, int ib, const Pass& pass,
                   const BorderRules& rules, Scratch& scratch) {
  std::vector<char>& kept = scratch.kept;
  std::vector<std::pair<int, int>>& stack = scratch.stack;
  const int n = raw.size();
  const double maxError2 = pass.maxError * pass.maxError;
  // A limit above the settings' range (only a library caller can pass one)
  // acts like the top of it, so the square cannot overflow: any limit from
  // 46341 up is longer than every chord of a valid grid anyway.
  const int64_t maxEdge = std::min(pass.maxEdgeLength, limits::kMaxSetting);
  const int64_t maxEdge2 = maxEdge * maxEdge;
  if (ib - ia < 2) return;  // no interior raw vertex
  // Every portal is an anchor, so each vertex of the stretch before ib has
  // ia's neighbour value: one look-up serves every split of it.
  const int neighbour = raw.neighbour(wrapped(ia, n));
  stack.assign(1, {ia, ib});
  while (!stack.empty()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    if (b - a < 2) continue;  // no interior raw vertex
    if (pass.straightBorders && rules.isStraightBorder(neighbour)) continue;
    int split = -1;
    const auto [far, far2] =
        b - a <= scratch.straight[wrapped(a, n)]
            ? std::pair{-1, 0.0}
            : farthest(raw, a, b,
                       scratch.readRunEnds ? scratch.straight.data() : nullptr);
    if (far2 > maxError2) {
      split = far;
    } else if (pass.maxEdgeLength > 0 && neighbour == 0 &&
               length2(raw.at(wrapped(a, n)), raw.at(wrapped(b, n))) >
                   maxEdge2) {
      split = (a + b) / 2;
    }
    if (split < 0) continue;
    kept[wrapped(split, n)] = 1;
    stack.push_back({split, b});
    stack.push_back({a, split});
  }
}

// Step 3's merge: the first of equal consecutive positions stays; of the
// wrap-around pair the last goes (readings R10). Fewer than three kept
// vertices make an invalid loop, which no caller reads: none is built (a
// one-cell hole's first pass keeps two, and its list was a heap block).
template <class View>
Loop mergeDuplicates(const View& raw, const std::vector<char>& kept) {
  Loop out;
  const auto count = std::count(kept.begin(), kept.end(), 1);
  if (count < 3) return out;
  out.reserve(count);
  for (int i = 0, run = 0; i < raw.size(); ++i) {
    if (!kept[i]) continue;
    if (!out.empty() && samePosition(out.back(), raw.at(i))) continue;
    out.push_back(raw.vertexOnward(i, run));
  }
  if (out.size() > 1 && samePosition(out.back(), out.front())) out.pop_back();
  return out;
}

template <class View>
Loop simplifyOnce(const View& raw, const Pass& pass, const BorderRules& rules) {
  const int n = raw.size();
  Scratch& scratch = threadScratch();
  initialKept(raw, scratch.kept);
  scratch.readRunEnds = straightRuns(raw, scratch.straight);
  std::vector<int>& anchors = scratch.anchors;
  anchors.clear();
  for (int i = 0; i < n; ++i) {
    if (scratch.kept[i]) anchors.push_back(i);
  }
  for (size_t k = 0; k < anchors.size(); ++k) {
    const int ia = anchors[k];
    // The closing stretch wraps: its end is taken unwrapped (R10).
    const int ib = k + 1 < anchors.size() ? anchors[k + 1] : anchors[0] + n;
    refineStretch(raw, ia, ib, pass, rules, scratch);
  }
  return mergeDuplicates(raw, scratch.kept);
}

// Twice the loop's signed area if the loop is valid (three vertices or
// more, area not 0, the raw loop's orientation), else 0.
int64_t validArea2(const Loop& loop, int64_t rawArea2) {
  if (loop.size() < 3) return 0;
  const int64_t area2 = signedArea2(loop);
  return area2 != 0 && (area2 > 0) == (rawArea2 > 0) ? area2 : 0;
}

template <class View>
SimplifiedLoop simplifyView(const View& raw, int64_t rawArea2,
                            const Settings& settings,
                            const BorderRules& rules) {
  const bool straight = settings.straightRegionBorders && settings.maxError > 0;
  const Pass first{settings.maxError, settings.maxEdgeLength, straight};
  Loop loop = simplifyOnce(raw, first, rules);
  const int64_t area2 = validArea2(loop, rawArea2);
  if (area2 == 0) {
    Loop exact =
        simplifyOnce(raw, Pass{0, settings.maxEdgeLength, false}, rules);
    const int64_t exactArea2 = validArea2(exact, rawArea2);
    if (exactArea2 != 0) return {std::move(exact), false, exactArea2};
    return {raw.toLoop(), true, rawArea2};
  }
  if (straight && hasProperCrossing(loop)) {
    Loop refined = simplifyOnce(
        raw, Pass{settings.maxError, settings.maxEdgeLength, false}, rules);
    const int64_t refinedArea2 = validArea2(refined, rawArea2);
    if (refinedArea2 != 0 && !hasProperCrossing(refined)) {
      return {std::move(refined), false, refinedArea2};
    }
    return {raw.toLoop(), true, rawArea2};
  }
  return {std::move(loop), false, area2};
}

// A loop of four unit edges round one cell: a one-cell region or a
// one-cell hole (every loop of checkerboard's, nearly every one of
// pillars'). Its steps 1-3 and R10's retries come out as the rules below,
// which read four vertices where the passes set up their lists twice (a
// one-cell hole's first pass keeps two of its corners, so it is
// simplified again at MaxError 0): pillars-128's contours 2.47 -> 2.13 ms,
// pillars8-512's 3.18 -> 3.00 (minima of interleaved runs). Tested against
// the reference on every such loop (UnitSquareLoops).
// `rawArea2`: the loop's, as simplifyLoop is given it.
template <class View>
bool isUnitSquare(const View& raw, int64_t rawArea2) {
  // Four unit steps that close are a unit square or go back and forth
  // (area 0).
  if (raw.size() != 4 || rawArea2 == 0) return false;
  for (int i = 0; i < 4; ++i) {
    const ContourVertex a = raw.at(i), b = raw.at((i + 1) & 3);
    if (std::abs(b.x - a.x) + std::abs(b.z - a.z) != 1) return false;
  }
  return true;
}

// Which corners one pass keeps (bit i: vertex i). Step 1's anchors are the
// portals, or with none the lexicographic extremes, which are opposite
// corners. Between two anchors (step 2), by how many edges apart they are:
// - two: the corner between lies 1/sqrt(2) from the diagonal; it is kept
//   past MaxError, or split for length where MaxEdgeLength is 1 on a wall
//   (the diagonal is sqrt(2) long);
// - three: both corners between lie 1 from the side joining the anchors
//   (each is 1 from the end it projects past): where MaxError is below 1 the
//   lexicographically smaller is kept (R10's tie), and the other by the
//   rule for two apart, as it now lies between anchors two apart; no
//   length split (the side is 1 long).
// No corners are skipped unless straight borders apply to the stretch's
// neighbour.
template <class View>
unsigned unitSquareKept(const View& raw, const Pass& pass,
                        const BorderRules& rules) {
  int neighbour[4];
  for (int i = 0; i < 4; ++i) neighbour[i] = raw.neighbour(i);
  unsigned anchors = 0;
  for (int i = 0; i < 4; ++i) {
    if (neighbour[i] != neighbour[(i + 3) & 3]) anchors |= 1u << i;
  }
  if (anchors == 0) {
    int lowest = 0, highest = 0;
    for (int i = 1; i < 4; ++i) {
      if (lexLess(raw.at(i), raw.at(lowest))) lowest = i;
      if (lexLess(raw.at(highest), raw.at(i))) highest = i;
    }
    anchors = 1u << lowest | 1u << highest;
  }
  const double maxError2 = pass.maxError * pass.maxError;
  const int64_t maxEdge = std::min(pass.maxEdgeLength, limits::kMaxSetting);
  unsigned kept = anchors;
  for (int a = 0; a < 4; ++a) {
    if (!(anchors >> a & 1)) continue;
    int apart = 1;
    while (!(anchors >> ((a + apart) & 3) & 1)) ++apart;
    const int wall = neighbour[a];
    if (apart < 2 || (pass.straightBorders && rules.isStraightBorder(wall))) {
      continue;
    }
    const bool betweenKept =
        0.5 > maxError2 ||
        (pass.maxEdgeLength > 0 && wall == 0 && 2 > maxEdge * maxEdge);
    const int first = (a + 1) & 3, second = (a + 2) & 3;
    if (apart == 2) {
      if (betweenKept) kept |= 1u << first;
    } else if (1.0 > maxError2) {  // three apart
      const bool secondFirst = lexLess(raw.at(second), raw.at(first));
      kept |= 1u << (secondFirst ? second : first);
      if (betweenKept) kept |= 1u << (secondFirst ? first : second);
    }
  }
  return kept;
}

// Fewer than three kept corners are no loop (R10): the retry at MaxError 0
// keeps all four, which is always valid; three or four corners of a square
// keep its orientation and cannot cross. Its area follows from the raw
// loop's (+-2): the square's, or three corners' half of it.
template <class View>
SimplifiedLoop simplifyUnitSquare(const View& raw, int64_t rawArea2,
                                  const Settings& settings,
                                  const BorderRules& rules) {
  const bool straight = settings.straightRegionBorders && settings.maxError > 0;
  unsigned kept = unitSquareKept(
      raw, Pass{settings.maxError, settings.maxEdgeLength, straight}, rules);
  if (std::popcount(kept) < 3) kept = 0xFu;
  Loop loop;
  loop.reserve(static_cast<size_t>(std::popcount(kept)));
  for (int i = 0, run = 0; i < 4; ++i) {
    if (kept >> i & 1) loop.push_back(raw.vertexOnward(i, run));
  }
  const int64_t area2 = loop.size() == 4 ? rawArea2 : rawArea2 / 2;
  return {std::move(loop), false, area2};
}

}  // namespace

SimplifiedLoop simplifyLoop(const RawLoop& raw, int64_t rawArea2,
                            const Settings& settings,
                            const BorderRules& rules) {
  return withView(raw, [&](const auto& view) {
    if (isUnitSquare(view, rawArea2))
      return simplifyUnitSquare(view, rawArea2, settings, rules);
    return simplifyView(view, rawArea2, settings, rules);
  });
}

}  // namespace regcon::opt::contours
