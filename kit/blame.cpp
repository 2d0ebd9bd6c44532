#include "kit/blame.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "checks/invariants.h"
#include "interchange/compare.h"
#include "registry/implementations.h"

namespace regcon::kit {

Blame partitionBlame(std::string_view partition, std::string where) {
  if (partition == "watershed") return {"§2", "watershed", std::move(where)};
  if (partition == "monotone") return {"§3", "monotone", std::move(where)};
  if (partition == "given") {
    return {"readings R12", "given partition", std::move(where)};
  }
  return {"§4", "layers", std::move(where)};  // layers and layer-first
}

namespace {

using Position = std::pair<int, int>;  // (x, z)

// --- regions --------------------------------------------------------------

// Whether every region of `fine` lies inside one region of `coarse` (region
// 0 staying 0): `coarse` merged some of `fine`'s regions, nothing else.
bool coarsens(const std::vector<int>& coarse, const std::vector<int>& fine) {
  std::map<int, int> into;
  for (size_t s = 0; s < fine.size(); ++s) {
    if ((fine[s] == 0) != (coarse[s] == 0)) return false;
    const auto [at, added] = into.emplace(fine[s], coarse[s]);
    if (!added && at->second != coarse[s]) return false;
  }
  return true;
}

// Whether §5.2 could have made the merges that turn `fine` into `coarse`
// (coarsens(coarse, fine)): it merges only a region of fewer than
// `mergeRegionArea` spans, so each merged group needs one.
bool mergingCouldMake(const std::vector<int>& coarse,
                      const std::vector<int>& fine, int64_t mergeRegionArea) {
  std::map<int, std::map<int, int64_t>> groups;  // coarse id: fine id: spans
  for (size_t s = 0; s < fine.size(); ++s) {
    if (fine[s] != 0) ++groups[coarse[s]][fine[s]];
  }
  for (const auto& [id, parts] : groups) {
    if (parts.size() < 2) continue;
    const bool small = std::any_of(parts.begin(), parts.end(), [&](auto& p) {
      return p.second < mergeRegionArea;
    });
    if (!small) return false;
  }
  return true;
}

// One-to-one renaming of ids (0 staying 0) on the spans `keep` selects.
bool sameUpToRenamingWhere(const std::vector<int>& e, const std::vector<int>& a,
                           const std::vector<bool>& keep) {
  std::map<int, int> toActual, toExpected;
  for (size_t s = 0; s < e.size(); ++s) {
    if (!keep[s]) continue;
    if ((e[s] == 0) != (a[s] == 0)) return false;
    const auto [x, newX] = toActual.emplace(e[s], a[s]);
    const auto [y, newY] = toExpected.emplace(a[s], e[s]);
    if (x->second != a[s] || y->second != e[s]) return false;
  }
  return true;
}

// Whether the spans that have a region on this side only (`keptBoth`
// false) make up whole regions of it: regions removed or kept as islands
// (§5.1), not spans moved one by one.
bool onlyWholeRegionsDropped(const std::vector<int>& side,
                             const std::vector<bool>& keptBoth) {
  std::set<int> dropped, kept;
  for (size_t s = 0; s < side.size(); ++s) {
    if (side[s] != 0) (keptBoth[s] ? kept : dropped).insert(side[s]);
  }
  return std::none_of(dropped.begin(), dropped.end(),
                      [&kept](int region) { return kept.count(region) > 0; });
}

std::optional<size_t> firstDifference(const std::vector<int>& e,
                                      const std::vector<int>& a) {
  for (size_t s = 0; s < std::min(e.size(), a.size()); ++s) {
    if (e[s] != a[s]) return s;
  }
  if (e.size() != a.size()) return std::min(e.size(), a.size());
  return std::nullopt;
}

// --- contours -------------------------------------------------------------

std::set<Position> positionsOf(const Loop& loop) {
  std::set<Position> out;
  for (const ContourVertex& v : loop) out.insert({v.x, v.z});
  return out;
}

// Appended piece by piece: gcc 12 at -O3 warns (-Wrestrict, a false
// positive) on a chain that starts with a literal "(" + std::string.
std::string atPosition(const Position& p) {
  std::string text = "(";
  text += std::to_string(p.first);
  text += ", ";
  text += std::to_string(p.second);
  text += ')';
  return text;
}

bool samePositions(const Loop& e, const Loop& a) {
  return std::equal(e.begin(), e.end(), a.begin(), a.end(),
                    [](const ContourVertex& v, const ContourVertex& w) {
                      return v.x == w.x && v.z == w.z;
                    });
}

// The portal positions of a raw loop (§6 step 1: a vertex whose neighbour
// value differs from its predecessor's).
std::vector<Position> portalsOf(const Loop& raw) {
  std::vector<Position> portals;
  for (size_t i = 0; i < raw.size(); ++i) {
    const ContourVertex& before = raw[(i + raw.size() - 1) % raw.size()];
    if (raw[i].neighbor != before.neighbor)
      portals.push_back({raw[i].x, raw[i].z});
  }
  return portals;
}

// The reference's contours of the case under other settings.
class ReferenceRuns {
 public:
  ReferenceRuns(const Heightfield& hf, const std::vector<int>& regions,
                const Settings& settings)
      : hf_(hf), regions_(regions), settings_(settings) {}

  ContourSet with(void (*change)(Settings&)) const {
    Settings s = settings_;
    change(s);
    return implementationNamed("reference").contours(hf_, regions_, s);
  }
  const Settings& settings() const { return settings_; }

 private:
  const Heightfield& hf_;
  const std::vector<int>& regions_;
  Settings settings_;
};

// The first position one loop has and the other lacks.
std::optional<Position> firstStray(const Loop& from, const Loop& in) {
  const std::set<Position> there = positionsOf(in);
  for (const ContourVertex& v : from) {
    if (!there.count({v.x, v.z})) return Position{v.x, v.z};
  }
  return std::nullopt;
}

// The neighbour value of the raw stretch through position `p`.
std::optional<int> stretchNeighbour(const Loop& raw, const Position& p) {
  for (const ContourVertex& v : raw) {
    if (v.x == p.first && v.z == p.second) return v.neighbor;
  }
  return std::nullopt;
}

// The contour of `region`'s `k`-th pair in another run, if it has one.
const Contour* pairedIn(const ContourSet& run, int region, size_t k) {
  size_t seen = 0;
  for (const Contour& c : run.contours) {
    if (c.region != region) continue;
    if (seen++ == k) return &c;
  }
  return nullptr;
}

bool isStraightBorder(int neighbour, int region, const Heightfield& hf,
                      const std::vector<int>& regions, const Settings& s) {
  if (!s.straightRegionBorders || s.maxError <= 0 || neighbour <= 0 ||
      neighbour == s.borderRegion) {
    return false;
  }
  std::optional<int> areaOf, areaOfNeighbour;
  for (int span = 0; span < hf.spanCount(); ++span) {
    if (regions[span] == region && !areaOf) areaOf = hf.spans[span].area;
    if (regions[span] == neighbour && !areaOfNeighbour) {
      areaOfNeighbour = hf.spans[span].area;
    }
  }
  return areaOf && areaOf == areaOfNeighbour;
}

struct PairContext {
  const Heightfield& hf;
  const std::vector<int>& regions;
  const ReferenceRuns& runs;
  const Contour& expected;
  const Contour& actual;
  const Contour& raw;  // the expected contour with its raw loops
  size_t k = 0;
  std::string where;
};

std::optional<Blame> sameOutlineBlame(const PairContext& c) {
  const Loop& e = c.expected.vertices;
  const Loop& a = c.actual.vertices;
  if (e.size() != a.size() || !samePositions(e, a)) return std::nullopt;
  for (size_t i = 0; i < e.size(); ++i) {
    if (e[i].y != a[i].y) {
      return Blame{"§6", "vertex Y",
                   c.where + ", vertex " + std::to_string(i) + " at " +
                       atPosition({e[i].x, e[i].z})};
    }
  }
  for (size_t i = 0; i < e.size(); ++i) {
    if (e[i].neighbor == a[i].neighbor) continue;
    // An edge of the contour's own region is a bridge (§6 Holes).
    const bool bridge = e[i].neighbor == c.expected.region ||
                        a[i].neighbor == c.expected.region;
    return Blame{"§6", bridge ? "bridge" : "outline tracing",
                 c.where + ", the neighbour value of vertex " +
                     std::to_string(i) + " at " + atPosition({e[i].x, e[i].z})};
  }
  return std::nullopt;
}

std::optional<Blame> holesBlame(const PairContext& c) {
  if (!c.raw.rawHoles || c.raw.rawHoles->empty()) return std::nullopt;
  std::set<Position> holes;
  for (const Loop& hole : *c.raw.rawHoles) {
    for (const ContourVertex& v : hole) holes.insert({v.x, v.z});
  }
  const auto touches = [&holes](const Loop& loop) {
    return std::any_of(loop.begin(), loop.end(), [&](const ContourVertex& v) {
      return holes.count({v.x, v.z}) > 0;
    });
  };
  if (touches(c.expected.vertices) != touches(c.actual.vertices)) {
    return Blame{"§6", "holes assignment",
                 c.where + ": the hole is joined on one side only"};
  }
  if (positionsOf(c.expected.vertices) == positionsOf(c.actual.vertices)) {
    return Blame{"§6", "bridge",
                 c.where + ": the same vertices joined in another order"};
  }
  return std::nullopt;
}

// Whether `loop` passes every position of the raw loop `raw`: the raw loop
// itself, or the raw loops joined (a fallback keeps the collinear vertices
// a simplification drops).
bool passesEveryRawPosition(const Loop& loop, const Loop& raw) {
  const std::set<Position> on = positionsOf(loop);
  return std::all_of(raw.begin(), raw.end(), [&on](const ContourVertex& v) {
    return on.count({v.x, v.z}) > 0;
  });
}

std::optional<Blame> rawLoopBlame(const PairContext& c) {
  if (!c.raw.rawOutline) return std::nullopt;
  const Loop& raw = *c.raw.rawOutline;
  const bool expectedRaw = passesEveryRawPosition(c.expected.vertices, raw);
  const bool actualRaw = passesEveryRawPosition(c.actual.vertices, raw);
  if (expectedRaw != actualRaw) {
    return Blame{"§6", "fallback",
                 c.where + (expectedRaw ? ": the reference keeps the raw loop"
                                        : ": the command keeps the raw loop")};
  }
  std::set<Position> known = positionsOf(raw);
  if (c.raw.rawHoles) {
    for (const Loop& hole : *c.raw.rawHoles) {
      const std::set<Position> p = positionsOf(hole);
      known.insert(p.begin(), p.end());
    }
  }
  for (const ContourVertex& v : c.actual.vertices) {
    if (!known.count({v.x, v.z})) {
      return Blame{"§6", "outline tracing",
                   c.where + ": vertex at " + atPosition({v.x, v.z}) +
                       " is on no raw loop of the region"};
    }
  }
  const std::set<Position> kept = positionsOf(c.actual.vertices);
  for (const Position& p : portalsOf(raw)) {
    if (!kept.count(p)) {
      return Blame{"§6", "portals",
                   c.where + ": the portal at " + atPosition(p) + " is lost"};
    }
  }
  return std::nullopt;
}

// Which rule keeps or drops the first vertex the two sides disagree on.
Blame stretchBlame(const PairContext& c) {
  const Settings& s = c.runs.settings();
  const auto matches = [&c](const ContourSet& run) {
    const Contour* other = pairedIn(run, c.expected.region, c.k);
    return other && other->vertices == c.actual.vertices;
  };
  if (s.maxError > 0 && matches(c.runs.with([](Settings& t) {
        t.straightRegionBorders = !t.straightRegionBorders;
      }))) {
    return {"§6", "straight borders",
            c.where +
                ": the command's contour is the reference's with "
                "straight region borders switched"};
  }
  if (s.maxEdgeLength > 0 &&
      matches(c.runs.with([](Settings& t) { t.maxEdgeLength = 0; }))) {
    return {"§6", "length split",
            c.where +
                ": the command's contour is the reference's without "
                "length splits"};
  }
  std::optional<Position> stray =
      firstStray(c.actual.vertices, c.expected.vertices);
  if (!stray) stray = firstStray(c.expected.vertices, c.actual.vertices);
  const std::string at = stray ? " at " + atPosition(*stray) : "";
  const std::optional<int> neighbour =
      stray && c.raw.rawOutline ? stretchNeighbour(*c.raw.rawOutline, *stray)
                                : std::nullopt;
  if (neighbour &&
      isStraightBorder(*neighbour, c.expected.region, c.hf, c.regions, s)) {
    return {"§6", "straight borders",
            c.where + ": a vertex" + at + " inside a border with region " +
                std::to_string(*neighbour)};
  }
  if (neighbour && *neighbour == 0 && s.maxEdgeLength > 0) {
    const ContourSet unsplit =
        c.runs.with([](Settings& t) { t.maxEdgeLength = 0; });
    const Contour* plain = pairedIn(unsplit, c.expected.region, c.k);
    if (plain && !positionsOf(plain->vertices).count(*stray) &&
        positionsOf(c.expected.vertices).count(*stray)) {
      return {"§6", "length split", c.where + ": the wall vertex" + at};
    }
  }
  return {"§6", "refinement", c.where + ": a vertex" + at};
}

Blame pairBlame(const PairContext& c) {
  if (auto b = sameOutlineBlame(c)) return *b;
  if (auto b = holesBlame(c)) return *b;
  if (auto b = rawLoopBlame(c)) return *b;
  return stretchBlame(c);
}

Blame countBlame(const ContourSet& actual, const RegionContours& r,
                 const std::string& where) {
  if (r.actual.size() > r.expected.size()) {
    const Contour& extra = actual.contours[r.actual[r.expected.size()]];
    if (checks::twiceSignedArea(extra.vertices) < 0) {
      return {"§6", "holes assignment",
              where + ": a clockwise loop (a hole) output as a contour"};
    }
  }
  return {"§6", "outline tracing", where};
}

std::optional<Blame> counterBlame(const ContourSet& e, const ContourSet& a) {
  if (e.rawFallbacks != a.rawFallbacks) {
    return Blame{"§6", "counters",
                 "rawFallbacks: reference " + std::to_string(e.rawFallbacks) +
                     ", command " + std::to_string(a.rawFallbacks)};
  }
  if (e.droppedHoles != a.droppedHoles) {
    return Blame{"§6", "counters",
                 "droppedHoles: reference " + std::to_string(e.droppedHoles) +
                     ", command " + std::to_string(a.droppedHoles)};
  }
  return std::nullopt;
}

std::optional<Blame> orderBlame(const ContourSet& a) {
  for (size_t c = 1; c < a.contours.size(); ++c) {
    if (a.contours[c].region < a.contours[c - 1].region) {
      return Blame{"§6", "order",
                   "contours[" + std::to_string(c) + "] of region " +
                       std::to_string(a.contours[c].region) +
                       " after one of region " +
                       std::to_string(a.contours[c - 1].region)};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string Blame::label() const {
  return clause.empty() ? section : section + " " + clause;
}

Blame blameRegions(const Heightfield& hf, const RegionResult& expected,
                   const RegionResult& actual, std::string_view partition,
                   int64_t mergeRegionArea) {
  const std::vector<int>& e = expected.regions;
  const std::vector<int>& a = actual.regions;
  const std::optional<size_t> first = firstDifference(e, a);
  const std::string where = first ? spanName(hf, *first) : "regionCount";
  if (partition == "given") return partitionBlame(partition, where);
  if (!first) return {"§5.3", "numbering", where};
  if (e.size() != a.size()) return partitionBlame(partition, where);
  const std::vector<bool> every(e.size(), true);
  if (sameUpToRenamingWhere(e, a, every)) return {"§5.3", "numbering", where};
  std::vector<bool> keptBoth(e.size());
  for (size_t s = 0; s < e.size(); ++s) {
    keptBoth[s] = (e[s] == 0) == (a[s] == 0);
  }
  if (onlyWholeRegionsDropped(e, keptBoth) &&
      onlyWholeRegionsDropped(a, keptBoth) &&
      sameUpToRenamingWhere(e, a, keptBoth)) {
    return {"§5.1", "islands", where};
  }
  const bool merged = coarsens(a, e)   ? mergingCouldMake(a, e, mergeRegionArea)
                      : coarsens(e, a) ? mergingCouldMake(e, a, mergeRegionArea)
                                       : false;
  // §4 merges regions itself; §5 merges only after §2 and §3.
  if (merged && partition != "layers" && partition != "layer-first") {
    return {"§5.2", "merging", where};
  }
  return partitionBlame(partition, where);
}

Blame blameContours(const Heightfield& hf, const Settings& settings,
                    const std::vector<int>& regions, const ContourSet& expected,
                    const ContourSet& actual) {
  if (auto b = orderBlame(actual)) return *b;
  const ReferenceRuns runs(hf, regions, settings);
  std::optional<ContourSet> withRaw;
  for (const RegionContours& r : alignContours(expected, actual)) {
    const std::string region = "region " + std::to_string(r.region);
    const size_t paired = std::min(r.expected.size(), r.actual.size());
    for (size_t k = 0; k < paired; ++k) {
      const Contour& e = expected.contours[r.expected[k]];
      const Contour& a = actual.contours[r.actual[k]];
      if (e.area == a.area && e.vertices == a.vertices) continue;
      if (e.area != a.area) {
        return {"§6", "outline tracing", region + ": the area id differs"};
      }
      if (!withRaw)
        withRaw = runs.with([](Settings& t) { t.rawContours = true; });
      const PairContext context{
          hf,   regions,
          runs, e,
          a,    withRaw->contours[r.expected[k]],
          k,    region + ", contour " + std::to_string(k)};
      return pairBlame(context);
    }
    if (r.expected.size() != r.actual.size()) {
      return countBlame(
          actual, r,
          region + ": reference has " + std::to_string(r.expected.size()) +
              " contours, command " + std::to_string(r.actual.size()));
    }
  }
  if (auto b = counterBlame(expected, actual)) return *b;
  return {"§6", "outline tracing", "the contours"};
}

}  // namespace regcon::kit
