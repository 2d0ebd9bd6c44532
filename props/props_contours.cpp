// Properties of spec §6: tracing, simplification, shared borders, output
// shape and the fallback counters.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/borders.h"
#include "checks/invariants.h"
#include "exhaust/field_check.h"
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

rc::Gen<Settings> settingsWhere(void (*adjust)(Settings&)) {
  return rc::gen::map(gen::anySettings(), [adjust](Settings s) {
    adjust(s);
    return s;
  });
}

// The border properties' report: each reason for leaving a border out
// classified (the share of cases where it leaves one out), and the borders
// summed into the run's tally.
void record(BorderTally& tally, const checks::BorderReport& report) {
  std::map<std::string, int> byReason;
  for (const auto& [reason, count] : report.exemptFor) {
    byReason[checks::exemptionName(reason)] = count;
    RC_CLASSIFY(true,
                std::string("left out: ") + checks::exemptionName(reason));
  }
  tally.addCase();
  tally.add(report.borders, report.borders - report.compared, report.perRegion,
            byReason);
}

// One border property on one case: every implementation's contours held to
// the errata's claim, the reference's report recorded.
void checkBorders(BorderTally& tally, const char* rule, const Heightfield& hf,
                  const Settings& settings) {
  bool recorded = false;
  forEachImplementation([&](const Implementation& impl) {
    const Outcome out = runBoth(impl, hf, settings);
    const checks::BorderReport report = checks::checkSharedBorders(
        hf, out.regions, settings, out.contours,
        exhaust::referenceFirstAttempt(hf, out.regions, settings));
    if (!recorded) record(tally, report);
    recorded = true;
    expectHolds(impl, rule, report.failure);
  });
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
    const checks::PortalReport report = checks::portalsSurvive(out.contours);
    RC_CLASSIFY(report.positionOnly > 0,
                "position only: a corner its loop passes twice");
    RC_CLASSIFY(report.holesLeftOut > 0, "holes left out: a hole was dropped");
    expectHolds(impl, "§6 portals", report.failure);
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

// §6 "With MaxError = 0 both sides of every shared boundary keep exactly the
// same vertices", as the readings' first erratum states it
// (checks::checkSharedBorders): per pair of regions, the edges each side
// labels with the other, positions and neighbour values, Y not compared;
// a pair is left out when its raw portals differ between the sides (slit
// mouths, corner contacts), a loop of area 0 carries it, or a loop carrying
// it is output raw or is a dropped hole. Raw loops are requested (the
// checker reads them); the draws are the same as without.
RC_GTEST_PROP(Contours, SharedBordersAgreeWithZeroError, ()) {
  static BorderTally tally("Contours.SharedBordersAgreeWithZeroError");
  const Heightfield hf = *gen::mutualField();
  const Settings settings = *settingsWhere([](Settings& s) {
    s.maxError = 0;
    s.rawContours = true;
  });
  checkBorders(tally, "§6 shared borders, MaxError 0", hf, settings);
}

// §6 "With a positive error they do too, except around regions so small
// that simplification would erase them", as the readings' second erratum
// states it: as with MaxError 0, and a pair is also left out when a loop
// carrying it was not accepted at its first simplification (the spec's own
// exception: the retry refines that side only), when it is a same-area
// border of the BorderRegion (the band keeps the chord), or when a loop
// carrying it passes one corner twice with two neighbour values (the
// duplicate merge keeps the first label).
RC_GTEST_PROP(Contours, SharedBordersAgreeWithPositiveError, ()) {
  static BorderTally tally("Contours.SharedBordersAgreeWithPositiveError");
  const Heightfield hf = *gen::mutualField();
  const Settings settings = *settingsWhere([](Settings& s) {
    if (s.maxError == 0) s.maxError = 1.3;
    s.rawContours = true;
  });
  checkBorders(tally, "§6 shared borders, MaxError > 0", hf, settings);
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
