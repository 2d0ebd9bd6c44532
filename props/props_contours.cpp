// Properties of spec §6: tracing, simplification, shared borders, output
// shape and the fallback counters.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "gen/generators.h"
#include "interchange/hash.h"
#include "props/prop_support.h"
#include "reference/contours_steps.h"
#include "reference/reference.h"

namespace regcon::props {
namespace {

struct Outcome {
  std::vector<int> regions;
  ContourSet contours;
};

// The whole stage through one implementation: its partition, its contours.
Outcome runBoth(const Implementation& impl, const Heightfield& hf,
                const Settings& settings) {
  Outcome out;
  out.regions = impl.regions(hf, settings).regions;
  out.contours = impl.contours(hf, out.regions, settings);
  return out;
}

// Shared borders are not checked at all when anything fell back to raw or
// a hole was dropped (tagged so the share of such cases shows).
bool fellBackOrDroppedAHole(const ContourSet& set) {
  if (set.rawFallbacks == 0 && set.droppedHoles == 0) return false;
  RC_TAG("not checked: raw fallback or dropped hole");
  return true;
}

rc::Gen<Settings> settingsWhere(void (*adjust)(Settings&)) {
  return rc::gen::map(gen::anySettings(), [adjust](Settings s) {
    adjust(s);
    return s;
  });
}

// §6 step 3: the first simplification of the loop is accepted as it is —
// valid (at least 3 vertices, non-zero area of the raw loop's sign) and,
// when straight borders are in effect, free of proper crossings — so no
// retry changes any of its stretches.
bool acceptedAtFirstAttempt(const Loop& raw, const ref::SimplifyParams& p) {
  const Loop once = ref::simplifyOnce(raw, p);
  const int64_t area = ref::signedArea2(once);
  if (once.size() < 3 || area == 0) return false;
  if ((area > 0) != (ref::signedArea2(raw) > 0)) return false;
  const bool straight = p.straightBorders && p.maxError > 0;
  return !(straight && ref::hasProperCrossing(once));
}

// Regions with a traced loop of signed area 0: readings R8 ignores it, so
// the borders it carries show on the other side only. A region wound over
// itself on two floors makes one, every link mutual or not (Findings 5).
std::set<int> regionsWithZeroAreaLoops(const Heightfield& hf,
                                       const std::vector<int>& regions) {
  std::set<int> zero;
  for (const ref::RawLoop& loop : ref::traceLoops(hf, regions)) {
    if (loop.area2 == 0) zero.insert(loop.region);
  }
  return zero;
}

// Regions with a loop whose first simplification was not accepted (the
// retry refines that region's side of its borders only) or with a loop of
// signed area 0 (readings R8 ignores it, so its edges vanish from that
// region's side of the border).
std::set<int> retriedRegions(const Heightfield& hf,
                             const std::vector<int>& regions,
                             const Settings& settings) {
  const auto areas = checks::regionAreas(hf, regions);
  std::set<int> retried;
  for (const ref::RawLoop& loop : ref::traceLoops(hf, regions)) {
    if (loop.area2 == 0) {  // readings R8: ignored, its border one-sided
      retried.insert(loop.region);
      continue;
    }
    ref::SimplifyParams p;
    p.maxError = settings.maxError;
    p.maxEdgeLength = settings.maxEdgeLength;
    p.straightBorders = settings.straightRegionBorders;
    p.borderRegion = settings.borderRegion;
    p.region = loop.region;
    p.regionArea = &areas;
    if (!acceptedAtFirstAttempt(loop.vertices, p)) retried.insert(loop.region);
  }
  return retried;
}

// Regions with a traced loop that passes the same (x, z) corner twice (a
// pinch, or floors stacked in one region). Simplification can make the two
// visits consecutive; merging them keeps the first (readings R10,
// docs/readings.md A7) and with it the first visit's neighbour value, so
// the border label of the dropped visit is lost on this side only.
std::set<int> regionsWithRepeatedCorners(const Heightfield& hf,
                                         const std::vector<int>& regions) {
  std::set<int> repeated;
  for (const ref::RawLoop& loop : ref::traceLoops(hf, regions)) {
    std::set<std::pair<int, int>> seen;
    for (const ContourVertex& v : loop.vertices) {
      if (!seen.emplace(v.x, v.z).second) repeated.insert(loop.region);
    }
  }
  return repeated;
}

using RegionPair = std::pair<int, int>;

// The contours with the borders of exempt regions and exempt pairs (either
// order) turned into walls, so the shared-border check leaves them out on
// both sides.
ContourSet withoutBorders(const ContourSet& set, const std::set<int>& regions,
                          const std::set<RegionPair>& pairs = {}) {
  ContourSet kept = set;
  for (Contour& contour : kept.contours) {
    for (ContourVertex& v : contour.vertices) {
      if (regions.count(contour.region) || regions.count(v.neighbor) ||
          pairs.count({contour.region, v.neighbor}) ||
          pairs.count({v.neighbor, contour.region})) {
        v.neighbor = 0;
      }
    }
  }
  return kept;
}

// Raw portal positions of region R on its border with S: where R's raw
// loop changes neighbour value and one of the two edges faces S.
std::map<RegionPair, std::set<RegionPair>> borderPortals(
    const Heightfield& hf, const std::vector<int>& regions) {
  std::map<RegionPair, std::set<RegionPair>> portals;
  for (const ref::RawLoop& loop : ref::traceLoops(hf, regions)) {
    const Loop& raw = loop.vertices;
    for (size_t i = 0; i < raw.size(); ++i) {
      const int before = raw[(i + raw.size() - 1) % raw.size()].neighbor;
      const int after = raw[i].neighbor;
      if (before == after) continue;
      for (int other : {before, after}) {
        if (other > 0 && other != loop.region) {
          portals[{loop.region, other}].emplace(raw[i].x, raw[i].z);
        }
      }
    }
  }
  return portals;
}

// Borders whose raw portals differ between the two sides: a third value
// (a wall, another region, a slit's mouth) touches the border at a corner
// seen from one side only, so the two sides split it into different
// stretches.
std::set<RegionPair> oneSidedPortalBorders(const Heightfield& hf,
                                           const std::vector<int>& regions) {
  const auto portals = borderPortals(hf, regions);
  std::set<RegionPair> pairs;
  for (const auto& [pair, positions] : portals) {
    const auto other = portals.find({pair.second, pair.first});
    if (other == portals.end() || other->second != positions) {
      pairs.insert(pair);
    }
  }
  return pairs;
}

RC_GTEST_PROP(Contours, TracedLoopsSumToTwiceSpansAndToBoundaryEdges, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  forEachImplementation([&](const Implementation& impl) {
    const auto regions = impl.regions(hf, settings).regions;
    std::vector<checks::RegionLoop> loops;
    for (const ref::RawLoop& raw : ref::traceLoops(hf, regions)) {
      loops.push_back({raw.region, raw.vertices});
    }
    expectHolds(impl, "§6 tracing",
                checks::checkTracedLoops(hf, regions, loops));
  });
}

RC_GTEST_PROP(Contours, EveryPortalVertexSurvives, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings =
      *settingsWhere([](Settings& s) { s.rawContours = true; });
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    expectHolds(impl, "§6 portals", checks::checkPortalsSurvive(out.contours));
  });
}

RC_GTEST_PROP(Contours, RawVerticesWithinMaxErrorWithoutStraightBorders, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *settingsWhere([](Settings& s) {
    s.rawContours = true;
    s.straightRegionBorders = false;
  });
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    expectHolds(impl, "§6 MaxError",
                checks::checkRawWithinError(out.contours, settings.maxError));
  });
}

// §6 with the readings erratum: with MaxError 0 and every link mutual both
// sides of a shared border keep the same vertices — except on the border
// of a region holding a slit, which the erratum names but pins on one-way
// links only; a missing link, a cliff or a link to another floor of the
// neighbouring column between two spans of one region makes the same slit
// (props/README.md Findings 1 and 6, checks::regionsWithSlits), and on the
// borders of a region
// with a traced loop of area 0, which readings R8 ignores (a region wound
// over itself on two floors; Findings 5). Not checked when a loop fell
// back to raw (RawFallbacks > 0: the raw loop keeps collinear vertices the
// other side drops) or a hole was dropped (its vertices leave one side).
RC_GTEST_PROP(Contours, SharedBordersAgreeWithZeroError, ()) {
  const Heightfield hf = *gen::mutualField();
  const Settings settings = *settingsWhere([](Settings& s) { s.maxError = 0; });
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    if (fellBackOrDroppedAHole(out.contours)) return;
    const auto slits = checks::regionsWithSlits(hf, out.regions);
    const auto zeroArea = regionsWithZeroAreaLoops(hf, out.regions);
    RC_CLASSIFY(!slits.empty(), "borders of slit regions left out");
    RC_CLASSIFY(!zeroArea.empty(), "borders of zero-area loops left out");
    std::set<int> exempt = slits;
    exempt.insert(zeroArea.begin(), zeroArea.end());
    expectHolds(
        impl, "§6 shared borders, MaxError 0",
        checks::checkSharedBordersAgree(withoutBorders(out.contours, exempt)));
  });
}

// §6 "With a positive error they do too, except around regions so small
// that simplification would erase them", made checkable: the border of two
// regions agrees on both sides unless
//  - one of them has a loop whose first simplification was not accepted
//    (fewer than 3 vertices, zero area or flipped sign, or a proper
//    crossing under straight borders): the retry refines its side only —
//    this is the spec's "so small that simplification would erase them";
//  - one of them has a traced loop of signed area 0 (readings R8: ignored,
//    so the border it carries shows on the other side only; a region
//    overlapping itself on several floors makes one);
//  - the border's raw portals differ between the two sides (a wall or a
//    third region touching it only at a corner, or a slit's mouth): the
//    sides cut it into different stretches, and a straight region border
//    keeps a chord on one side only. NOT in the spec: a 2x2 region in an
//    L-shaped neighbour around a wall cell breaks it at default settings
//    (props/README.md, "Findings");
//  - one of them holds a slit (as with MaxError 0; a slit's mouth merged
//    into a duplicate position also takes the border's label with it);
//  - one of them is the BorderRegion: seen from the band, the border is a
//    same-area region border left as its chord, while the other side
//    refines it (also not in the spec);
//  - one of them has a loop passing the same (x, z) corner twice, where the
//    duplicate merge can drop a border's label on one side (also not in the
//    spec; found with max_success=600, see props/README.md "Findings").
// Not checked at all when anything fell back to raw or a hole was dropped.
RC_GTEST_PROP(Contours, SharedBordersAgreeWithPositiveError, ()) {
  const Heightfield hf = *gen::mutualField();
  const Settings settings = *settingsWhere([](Settings& s) {
    if (s.maxError == 0) s.maxError = 1.3;
  });
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    if (fellBackOrDroppedAHole(out.contours)) return;
    std::set<int> exemptRegions = retriedRegions(hf, out.regions, settings);
    exemptRegions.merge(checks::regionsWithSlits(hf, out.regions));
    exemptRegions.merge(regionsWithRepeatedCorners(hf, out.regions));
    exemptRegions.insert(static_cast<int>(settings.borderRegion));
    const auto exemptPairs = oneSidedPortalBorders(hf, out.regions);
    RC_CLASSIFY(exemptRegions.size() > 1 || !exemptPairs.empty(),
                "some borders left out");
    expectHolds(impl, "§6 shared borders, MaxError > 0",
                checks::checkSharedBordersAgree(
                    withoutBorders(out.contours, exemptRegions, exemptPairs)));
  });
}

// A partition handed in (readings R12) need not be one the region stage
// could make: regions split in pieces, wound over themselves on several
// floors, holding area-0 spans. That is where holes meet several outlines,
// find no bridge, or cancel an outline (the area rule). §6 still gives
// every region counter-clockwise contours that keep its portals, and every
// implementation gives the same bytes.
RC_GTEST_PROP(Contours, AnyGivenPartitionKeepsItsShapeAndItsBytes, ()) {
  const Heightfield hf = *rc::gen::weightedOneOf<Heightfield>(
      {{2, gen::multiFloorField()}, {1, gen::anyField()}});
  const std::vector<int> regions = *gen::givenPartition(hf);
  const Settings settings =
      *settingsWhere([](Settings& s) { s.rawContours = true; });
  classifyTwists(hf);
  std::string firstHash;
  forEachImplementation([&](const Implementation& impl) {
    const ContourSet set = impl.contours(hf, regions, settings);
    if (firstHash.empty()) {
      RC_CLASSIFY(set.droppedHoles > 0, "holes dropped");
      RC_CLASSIFY(set.rawFallbacks > 0, "raw fallbacks");
    }
    expectHolds(impl, "§6 output", checks::checkContourShape(hf, regions, set));
    expectHolds(impl, "§6 portals", checks::checkPortalsSurvive(set));
    const std::string hash = hashContours(set);
    if (firstHash.empty()) firstHash = hash;
    RC_ASSERT(hash == firstHash);
  });
}

RC_GTEST_PROP(Contours, CounterClockwiseAtLeastThreeAndNoRegionVanishes, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    expectHolds(impl, "§6 output",
                checks::checkContourShape(hf, out.regions, out.contours));
  });
}

// RawFallbacks and DroppedHoles are never negative (also checked by the
// shape property) and stay 0 on a convex field of one region.
RC_GTEST_PROP(Contours, NoFallbacksOrDroppedHolesOnAFullRectangle, ()) {
  const Heightfield hf = *gen::rectangleField();
  const Settings settings = *gen::anySettings();
  const std::vector<int> oneRegion(hf.spanCount(), 1);
  forEachImplementation([&](const Implementation& impl) {
    const ContourSet set = impl.contours(hf, oneRegion, settings);
    RC_ASSERT(set.rawFallbacks == 0);
    RC_ASSERT(set.droppedHoles == 0);
    RC_ASSERT(set.contours.size() == 1u);
  });
}

}  // namespace
}  // namespace regcon::props
