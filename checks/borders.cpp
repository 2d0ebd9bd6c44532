#include "checks/borders.h"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <utility>

namespace regcon::checks {
namespace {

using Position = std::pair<int, int>;  // (x, z)
using RegionPair = std::pair<int, int>;

// Unordered: the smaller id first.
RegionPair pairOf(int a, int b) {
  return a < b ? RegionPair{a, b} : RegionPair{b, a};
}

Position positionOf(const ContourVertex& v) {
  return {v.x, v.z};
}

// The corner an edge starts at, region on the left (x right, z up): the
// edge on -z starts at the cell's own corner and the others follow
// counter-clockwise.
Position startCorner(int x, int z, int dir) {
  switch (dir) {
    case 3:
      return {x, z};
    case 2:
      return {x + 1, z};
    case 1:
      return {x + 1, z + 1};
    default:
      return {x, z + 1};
  }
}

// The checkers' own walk of §6 Tracing over the mutual neighbour relation.
class LoopTracer {
 public:
  LoopTracer(const Heightfield& hf, const std::vector<int>& regions)
      : hf_(hf), regions_(regions), walked_(4 * hf.spanCount(), 0) {}

  std::vector<RegionLoop> all() {
    std::vector<RegionLoop> loops;
    for (int s = 0; s < hf_.spanCount(); ++s) {
      if (regions_[s] < 1) continue;
      for (int d = 0; d < 4; ++d) {
        if (!walked_[4 * s + d] && facing(s, d) != regions_[s]) {
          loops.push_back(walk(s, d));
        }
      }
    }
    return loops;
  }

 private:
  // The neighbour value of §6 Edges.
  int facing(int s, int d) const {
    const int n = mutualNeighbour(hf_, s, d);
    if (n >= 0) return regions_[n];
    return hf_.insideGrid(hf_.cellX(s) + kDirX[d], hf_.cellZ(s) + kDirZ[d])
               ? 0
               : kTileBorder;
  }

  // Readings R3: the highest floor around the start corner of edge (s, d),
  // both routes to the diagonal span counted.
  int cornerY(int s, int d) const {
    const int e = (d + 1) % 4;
    int y = hf_.spans[s].y;
    const int a = mutualNeighbour(hf_, s, d);
    const int b = mutualNeighbour(hf_, s, e);
    for (const auto& [first, turn] : {std::pair{a, e}, std::pair{b, d}}) {
      if (first < 0) continue;
      y = std::max(y, hf_.spans[first].y);
      const int diagonal = mutualNeighbour(hf_, first, turn);
      if (diagonal >= 0) y = std::max(y, hf_.spans[diagonal].y);
    }
    return y;
  }

  // A boundary edge emits its start corner and turns right (clockwise in
  // direction order); an inner edge steps over to the neighbour and turns
  // left, until the first state comes back.
  RegionLoop walk(int firstSpan, int firstDir) {
    RegionLoop loop{regions_[firstSpan], {}};
    int s = firstSpan, d = firstDir;
    do {
      const int value = facing(s, d);
      if (value != loop.region) {
        const Position p = startCorner(hf_.cellX(s), hf_.cellZ(s), d);
        loop.vertices.push_back({p.first, cornerY(s, d), p.second, value});
        walked_[4 * s + d] = 1;
        d = (d + 3) % 4;
      } else {
        s = mutualNeighbour(hf_, s, d);
        d = (d + 1) % 4;
      }
    } while (s != firstSpan || d != firstDir);
    return loop;
  }

  const Heightfield& hf_;
  const std::vector<int>& regions_;
  std::vector<char> walked_;
};

template <typename... Parts>
std::string message(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

// The regions a loop's edges face (neither walls nor its own region).
std::set<int> facedRegions(const RegionLoop& loop) {
  std::set<int> faced;
  for (const ContourVertex& v : loop.vertices) {
    if (v.neighbor > 0 && v.neighbor != loop.region) faced.insert(v.neighbor);
  }
  return faced;
}

// Where the loop changes neighbour value: its portals.
template <typename Visit>
void forEachPortal(const Loop& loop, Visit visit) {
  for (size_t i = 0; i < loop.size(); ++i) {
    const ContourVertex& before = loop[(i + loop.size() - 1) % loop.size()];
    if (before.neighbor != loop[i].neighbor) visit(before, loop[i]);
  }
}

// Whether the raw vertices from ring[first] over `edges` edges all lie on
// the segment between the two ends, each step moving toward the last.
bool isStraightRun(const Loop& ring, size_t first, size_t edges) {
  const ContourVertex& a = ring[first];
  const ContourVertex& b = ring[(first + edges) % ring.size()];
  const int64_t dx = b.x - a.x, dz = b.z - a.z;
  for (size_t j = 1; j <= edges; ++j) {
    const ContourVertex& p = ring[(first + j) % ring.size()];
    const ContourVertex& q = ring[(first + j - 1) % ring.size()];
    if (dx * (p.z - a.z) - dz * (p.x - a.x) != 0) return false;
    if (dx * (p.x - q.x) + dz * (p.z - q.z) <= 0) return false;
  }
  return true;
}

// The regions a loop faces along a run of edges that is not one straight
// segment between two portals. A straight run is that segment on both
// sides at any MaxError (no raw vertex strays from it, and borders are
// never length-split), so a loop simplified again at MaxError 0 draws it
// as the other side does; a loop with no portal is one closed run.
std::set<int> facedAlongBentRuns(const RegionLoop& loop) {
  const Loop& ring = loop.vertices;
  const size_t n = ring.size();
  const auto faces = [&loop](int other) {
    return other > 0 && other != loop.region;
  };
  std::set<int> bent;
  size_t start = n;
  for (size_t i = 0; i < n && start == n; ++i) {
    if (ring[(i + n - 1) % n].neighbor != ring[i].neighbor) start = i;
  }
  if (start == n) {
    if (n > 0 && faces(ring[0].neighbor)) bent.insert(ring[0].neighbor);
    return bent;
  }
  for (size_t done = 0; done < n;) {
    const size_t first = (start + done) % n;
    const int label = ring[first].neighbor;
    size_t edges = 1;
    while (done + edges < n && ring[(first + edges) % n].neighbor == label) {
      ++edges;
    }
    if (faces(label) && !isStraightRun(ring, first, edges)) bent.insert(label);
    done += edges;
  }
  return bent;
}

// Positions a simplification always keeps: the portals, or with one
// neighbour value all round the lexicographically smallest and largest.
std::set<Position> alwaysKept(const Loop& loop) {
  std::set<Position> kept;
  forEachPortal(loop, [&kept](const ContourVertex&, const ContourVertex& v) {
    kept.insert(positionOf(v));
  });
  if (kept.empty() && !loop.empty()) {
    const auto [low, high] = std::minmax_element(
        loop.begin(), loop.end(), [](const auto& a, const auto& b) {
          return positionOf(a) < positionOf(b);
        });
    kept = {positionOf(*low), positionOf(*high)};
  }
  return kept;
}

bool containsEvery(const Loop& output, const Loop& raw) {
  std::map<std::array<int, 4>, int> count;
  for (const ContourVertex& v : output) ++count[{v.x, v.y, v.z, v.neighbor}];
  return std::all_of(raw.begin(), raw.end(), [&count](const ContourVertex& v) {
    return count[{v.x, v.y, v.z, v.neighbor}]-- > 0;
  });
}

// Labelled edges of one side: (R, S) -> R's edges labelled S, each as
// (from x, from z, to x, to z).
using Edge = std::array<int, 4>;
using SideEdges = std::map<std::pair<int, int>, std::vector<Edge>>;

SideEdges labelledEdges(const ContourSet& contours) {
  SideEdges sides;
  for (const Contour& contour : contours.contours) {
    const Loop& loop = contour.vertices;
    for (size_t i = 0; i < loop.size(); ++i) {
      const ContourVertex& v = loop[i];
      const ContourVertex& next = loop[(i + 1) % loop.size()];
      if (v.neighbor <= 0 || v.neighbor == contour.region) continue;
      sides[{contour.region, v.neighbor}].push_back({v.x, v.z, next.x, next.z});
    }
  }
  for (auto& [key, edges] : sides) std::sort(edges.begin(), edges.end());
  return sides;
}

std::string edgeText(const Edge& e) {
  return message("(", e[0], ",", e[1], ")-(", e[2], ",", e[3], ")");
}

std::string edgesText(const std::vector<Edge>& edges) {
  std::string text;
  for (const Edge& e : edges) {
    if (!text.empty()) text += ' ';
    text += edgeText(e);
  }
  return text.empty() ? "none" : text;
}

// Where a traced loop ends up in the output: the contour that lists it as
// its raw outline or one of its raw holes, or none (a hole no outline
// takes).
const Contour* contourListing(const ContourSet& contours,
                              const RegionLoop& loop) {
  for (const Contour& c : contours.contours) {
    if (c.region != loop.region) continue;
    if (c.rawOutline && *c.rawOutline == loop.vertices) return &c;
    if (c.rawHoles && std::find(c.rawHoles->begin(), c.rawHoles->end(),
                                loop.vertices) != c.rawHoles->end()) {
      return &c;
    }
  }
  return nullptr;
}

class PairExemptions {
 public:
  PairExemptions(const Heightfield& hf, const std::vector<int>& regions,
                 const Settings& settings, const ContourSet& contours,
                 const FirstAttemptAccepted& accepted,
                 std::vector<RegionLoop> traced)
      : settings_(settings),
        contours_(contours),
        accepted_(accepted),
        loops_(std::move(traced)),
        areas_(regionAreas(hf, regions)),
        borders_(bordersOf(loops_)) {}

  const std::set<RegionPair>& borders() const { return borders_; }
  // Regions with a loop simplified again (after exemptions()).
  const std::set<int>& retriedRegions() const { return retriedRegions_; }

  std::map<RegionPair, std::set<BorderExemption>> exemptions() {
    exemptLoops();
    exemptDifferingPortals();
    if (settings_.maxError > 0) {
      exemptBorderRegion();
      exemptRepeatedCorners();
      exemptCornersOfManyEdges(BorderExemption::DiagonalContact);
    } else {
      exemptCornersOfManyEdges(BorderExemption::CornerOnTwoPasses);
    }
    return std::move(exempt_);
  }

 private:
  void exemptAll(const RegionLoop& loop, BorderExemption reason) {
    for (int other : facedRegions(loop)) {
      exempt_[pairOf(loop.region, other)].insert(reason);
    }
  }

  // Reasons that belong to one loop and so to every pair it carries.
  void exemptLoops() {
    for (const RegionLoop& loop : loops_) {
      const int64_t area = twiceSignedArea(loop.vertices);
      if (area == 0) {
        exemptAll(loop, BorderExemption::ZeroAreaLoop);
        continue;
      }
      const Contour* listed = contourListing(contours_, loop);
      if (contours_.rawFallbacks > 0 && listed &&
          containsEvery(listed->vertices, loop.vertices)) {
        exemptAll(loop, BorderExemption::RawFallback);
      }
      if (area < 0 && contours_.droppedHoles > 0 && isDropped(loop, listed)) {
        exemptAll(loop, BorderExemption::DroppedHole);
      }
      // The spec's exception for regions simplification would erase: the
      // loop is simplified again at MaxError 0, which changes only the runs
      // that are not straight.
      if (settings_.maxError > 0 && !accepted_(loop)) {
        retriedRegions_.insert(loop.region);
        for (int other : facedAlongBentRuns(loop)) {
          exempt_[pairOf(loop.region, other)].insert(BorderExemption::Retried);
        }
      }
    }
  }

  // A hole is in its contour when, at every position its simplification
  // must keep, one of its vertices is there with its height: a dropped
  // hole's corners can be passed by the outline on another floor (the same
  // x and z, another y).
  static bool isDropped(const RegionLoop& hole, const Contour* listed) {
    if (!listed) return true;
    std::set<std::array<int, 3>> present;
    for (const ContourVertex& v : listed->vertices) {
      present.insert({v.x, v.y, v.z});
    }
    const auto inContour = [&](const Position& p) {
      return std::any_of(
          hole.vertices.begin(), hole.vertices.end(),
          [&](const ContourVertex& v) {
            return positionOf(v) == p && present.count({v.x, v.y, v.z}) > 0;
          });
    };
    const std::set<Position> kept = alwaysKept(hole.vertices);
    return !std::all_of(kept.begin(), kept.end(), inContour);
  }

  // Portals are compared as a multiset of positions: a loop that passes a
  // position twice (another floor, a slit's mouth) can make it a portal
  // twice on one side and once on the other, and each pass keeps or drops
  // its own vertex.
  void exemptDifferingPortals() {
    // (R, S) -> positions where R's raw loops change neighbour value next to
    // an edge facing S, once per change.
    std::map<std::pair<int, int>, std::multiset<Position>> portals;
    for (const RegionLoop& loop : loops_) {
      forEachPortal(loop.vertices,
                    [&](const ContourVertex& before, const ContourVertex& v) {
                      for (int other : {before.neighbor, v.neighbor}) {
                        if (other > 0 && other != loop.region) {
                          portals[{loop.region, other}].insert(positionOf(v));
                        }
                      }
                    });
    }
    for (const RegionPair& pair : borders()) {
      const auto mine = portals.find(pair);
      const auto theirs = portals.find({pair.second, pair.first});
      const bool same =
          (mine == portals.end()) == (theirs == portals.end()) &&
          (mine == portals.end() || mine->second == theirs->second);
      if (!same) exempt_[pair].insert(BorderExemption::RawPortalsDiffer);
    }
  }

  void exemptBorderRegion() {
    const int band = static_cast<int>(settings_.borderRegion);
    if (!settings_.straightRegionBorders || band <= 0 || !areas_.count(band)) {
      return;
    }
    for (const RegionPair& pair : borders()) {
      const int other = pair.first == band    ? pair.second
                        : pair.second == band ? pair.first
                                              : 0;
      if (other > 0 && areas_.at(other) == areas_.at(band)) {
        exempt_[pair].insert(BorderExemption::BorderRegion);
      }
    }
  }

  void exemptRepeatedCorners() {
    for (const RegionLoop& loop : loops_) {
      std::map<Position, std::set<int>> labels;
      for (const ContourVertex& v : loop.vertices) {
        labels[positionOf(v)].insert(v.neighbor);
      }
      for (const auto& [position, values] : labels) {
        if (values.size() < 2) continue;
        for (int other : values) {
          if (other > 0 && other != loop.region) {
            exempt_[pairOf(loop.region, other)].insert(
                BorderExemption::RepeatedCorner);
          }
        }
      }
    }
  }

  // A corner that more than two of R's raw edges facing S touch: each side
  // pairs them into passes of its own. With MaxError > 0, R and S meet
  // diagonally there (two cells of each, crosswise) and the chords that
  // cut the corner differ (docs/readings.md A28); at MaxError 0 the loops
  // pass it on two floors or at two slits' mouths, and one side turns
  // there where the other goes straight (A29).
  void exemptCornersOfManyEdges(BorderExemption reason) {
    std::map<std::pair<RegionPair, Position>, int> edgesAt;  // (R, S), corner
    for (const RegionLoop& loop : loops_) {
      const Loop& v = loop.vertices;
      for (size_t i = 0; i < v.size(); ++i) {
        const int other = v[i].neighbor;
        if (other <= 0 || other == loop.region) continue;
        const RegionPair facing{loop.region, other};
        ++edgesAt[{facing, positionOf(v[i])}];
        ++edgesAt[{facing, positionOf(v[(i + 1) % v.size()])}];
      }
    }
    for (const auto& [at, count] : edgesAt) {
      if (count > 2) {
        exempt_[pairOf(at.first.first, at.first.second)].insert(reason);
      }
    }
  }

  static std::set<RegionPair> bordersOf(const std::vector<RegionLoop>& loops) {
    std::set<RegionPair> pairs;
    for (const RegionLoop& loop : loops) {
      for (int other : facedRegions(loop)) {
        pairs.insert(pairOf(loop.region, other));
      }
    }
    return pairs;
  }

  const Settings& settings_;
  const ContourSet& contours_;
  const FirstAttemptAccepted& accepted_;
  std::vector<RegionLoop> loops_;
  std::map<int, int> areas_;
  std::set<RegionPair> borders_;
  std::set<int> retriedRegions_;
  std::map<RegionPair, std::set<BorderExemption>> exempt_;
};

// Every pair an output labels must share a raw edge.
std::string unknownBorder(const SideEdges& sides,
                          const std::set<RegionPair>& borders) {
  for (const auto& [key, edges] : sides) {
    if (!borders.count(pairOf(key.first, key.second))) {
      return message("region ", key.first, " labels edges with region ",
                     key.second, ", which it does not border");
    }
  }
  return "";
}

// Pairs that share a region with a pair left out.
// The borders of every region that has a pair left out, or a loop that
// was simplified again (the spec's exception read per region, as the
// checkers read it before they were per pair).
int leftOutPerRegion(
    const std::set<RegionPair>& borders,
    const std::map<RegionPair, std::set<BorderExemption>>& exempt,
    std::set<int> regions) {
  for (const auto& [pair, reasons] : exempt) {
    if (!borders.count(pair)) continue;
    regions.insert(pair.first);
    regions.insert(pair.second);
  }
  int count = 0;
  for (const RegionPair& pair : borders) {
    count += regions.count(pair.first) || regions.count(pair.second) ? 1 : 0;
  }
  return count;
}

std::string compareSides(const SideEdges& sides, const RegionPair& pair) {
  const auto edgesOf = [&sides](int own, int other) {
    const auto it = sides.find({own, other});
    return it == sides.end() ? std::vector<Edge>{} : it->second;
  };
  const std::vector<Edge> first = edgesOf(pair.first, pair.second);
  std::vector<Edge> second;
  for (const Edge& e : edgesOf(pair.second, pair.first)) {
    second.push_back({e[2], e[3], e[0], e[1]});
  }
  std::sort(second.begin(), second.end());
  if (first == second) return "";
  return message("regions ", pair.first, " and ", pair.second,
                 " disagree on their shared border: region ", pair.first,
                 "'s edges labelled ", pair.second, ": ", edgesText(first),
                 "; region ", pair.second, "'s, reversed: ", edgesText(second));
}

}  // namespace

std::vector<RegionLoop> traceBoundaryLoops(const Heightfield& hf,
                                           const std::vector<int>& regions) {
  return LoopTracer(hf, regions).all();
}

std::string checkRawLoopsAreTraced(const Heightfield& hf,
                                   const std::vector<int>& regions,
                                   const ContourSet& contours) {
  return checkRawLoopsAreTraced(traceBoundaryLoops(hf, regions), contours);
}

std::string checkRawLoopsAreTraced(const std::vector<RegionLoop>& traced,
                                   const ContourSet& contours) {
  // A loop of a region as a flat key: region, then x, y, z, neighbour of
  // every vertex.
  const auto key = [](int region, const Loop& loop) {
    std::vector<int> flat{region};
    for (const ContourVertex& v : loop) {
      flat.insert(flat.end(), {v.x, v.y, v.z, v.neighbor});
    }
    return flat;
  };
  std::map<std::vector<int>, int> outlines, holes;
  for (const RegionLoop& loop : traced) {
    const int64_t area = twiceSignedArea(loop.vertices);
    if (area != 0)
      ++(area > 0 ? outlines : holes)[key(loop.region, loop.vertices)];
  }
  for (const Contour& c : contours.contours) {
    if (!c.rawOutline || !c.rawHoles) return "raw loops were not requested";
    if (outlines[key(c.region, *c.rawOutline)]-- < 1) {
      return message("region ", c.region,
                     ": a raw outline that the tracing does not give");
    }
    for (const Loop& hole : *c.rawHoles) {
      if (holes[key(c.region, hole)]-- < 1) {
        return message("region ", c.region,
                       ": a raw hole that the tracing does not give");
      }
    }
  }
  for (const auto& [loop, left] : outlines) {
    if (left > 0) {
      return message("region ", loop.front(),
                     ": a traced outline is no contour's raw outline");
    }
  }
  return "";
}

const char* exemptionName(BorderExemption reason) {
  switch (reason) {
    case BorderExemption::RawPortalsDiffer:
      return "raw portals differ";
    case BorderExemption::ZeroAreaLoop:
      return "zero-area loop";
    case BorderExemption::RawFallback:
      return "raw fallback";
    case BorderExemption::DroppedHole:
      return "dropped hole";
    case BorderExemption::Retried:
      return "first simplification retried";
    case BorderExemption::BorderRegion:
      return "BorderRegion";
    case BorderExemption::RepeatedCorner:
      return "corner passed twice";
    case BorderExemption::DiagonalContact:
      return "diagonal contact";
    case BorderExemption::CornerOnTwoPasses:
      return "corner on two passes";
  }
  return "?";
}

std::string checkSharedBordersAgree(const ContourSet& contours) {
  const SideEdges sides = labelledEdges(contours);
  for (const auto& [key, edges] : sides) {
    const std::string failure =
        compareSides(sides, pairOf(key.first, key.second));
    if (!failure.empty()) return failure;
  }
  return "";
}

BorderReport checkSharedBorders(const Heightfield& hf,
                                const std::vector<int>& regions,
                                const Settings& settings,
                                const ContourSet& contours,
                                const FirstAttemptAccepted& accepted) {
  return checkSharedBorders(hf, regions, settings, contours, accepted,
                            traceBoundaryLoops(hf, regions));
}

BorderReport checkSharedBorders(const Heightfield& hf,
                                const std::vector<int>& regions,
                                const Settings& settings,
                                const ContourSet& contours,
                                const FirstAttemptAccepted& accepted,
                                std::vector<RegionLoop> traced) {
  BorderReport report;
  for (const Contour& c : contours.contours) {
    if (!c.rawOutline || !c.rawHoles) {
      report.failure = "raw loops were not requested";
      return report;
    }
  }
  PairExemptions facts(hf, regions, settings, contours, accepted,
                       std::move(traced));
  const std::set<RegionPair>& borders = facts.borders();
  const auto exempt = facts.exemptions();
  const SideEdges sides = labelledEdges(contours);
  report.borders = static_cast<int>(borders.size());
  report.failure = unknownBorder(sides, borders);
  for (const RegionPair& pair : borders) {
    const auto reasons = exempt.find(pair);
    if (reasons != exempt.end()) {
      for (BorderExemption reason : reasons->second) ++report.exemptFor[reason];
      continue;
    }
    ++report.compared;
    if (report.failure.empty()) report.failure = compareSides(sides, pair);
  }
  report.perRegion = leftOutPerRegion(borders, exempt, facts.retriedRegions());
  return report;
}

}  // namespace regcon::checks
