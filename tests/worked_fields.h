// The hand-worked fields shared by the stage tests (test_contours.cpp,
// test_layers.cpp, test_stage.cpp: every implementation through the seam)
// and the reference-step tests (test_reference_steps.cpp: traceLoops,
// joinHoles, the general layer code, ...). Each field is worked out beside
// the stage test that first uses it; the step tests name that test.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "checks/invariants.h"  // twiceSignedArea
#include "core/types.h"

namespace regcon {

// Readable failure messages for vertex lists (found by ADL).
inline void PrintTo(const ContourVertex& v, std::ostream* out) {
  *out << "{x " << v.x << ", y " << v.y << ", z " << v.z << ", n " << v.neighbor
       << "}";
}

namespace testing {

// The vertex at (x, z) with y = 0 and neighbour value n.
inline ContourVertex P(int x, int z, int neighbor) {
  return ContourVertex{x, 0, z, neighbor};
}

// Every contour is counter-clockwise with at least 3 vertices.
void expectCounterClockwise(const ContourSet& set);

// Two partitions of hf compared whole through interchange/compare.h (regions
// and regionCount; distances when both have them), so a failure names the first
// differing span and how many differ.
::testing::AssertionResult SameRegions(const Heightfield& hf,
                                       const RegionResult& expected,
                                       const RegionResult& actual);

// ---------------------------------------------------------- contours (§6)

// Contours.SquareRegionKeepsFourCorners: a 3x3 region walled in.
Heightfield walledSquare();
// Contours.TwoHolesJoinInLeftmostVertexOrder: 7x5, holes at (4,1), (2,3).
Heightfield twoHolesField();
// Contours.TileBorderIsMinusOneAndAWallInsideTheGridIsZero: "aa.", "aa.".
Heightfield twoByTwoBesideAnEmptyColumn();
// Contours.ThinHookFoldingOverItselfFallsBackToRawCounted: the hook and its
// raw loop (32 vertices, area2 30).
Heightfield thinHookField();
Loop thinHookRawLoop();
// Contours.ZeroAreaSlitLoopIsIgnored: 2x3, (1,1) does not link back to (0,1).
Heightfield zeroAreaSlitField();
// Contours.LoopPassingACornerTwiceKeepsBothVisits: 3x3 without (1,1), (2,2).
Heightfield cornerPassedTwiceField();
// Contours.HighestCornerMetTwiceKeepsItsFirstVisit: a 3x3 floor at y 0
// whose centre holds a second span at y 1, linked +z only.
Heightfield centreOnTwoFloorsField();
// Contours.SlitMouthDuplicateKeepsTheFirstVertex: 2x2, (1,0) not back to
// (0,0).
Heightfield slitMouthField();
// Contours.WrapAroundDuplicateDropsTheLastVertex: 2x2, (0,1) not back to
// (0,0).
Heightfield wrapAroundSlitField();
// Contours.HoleOutweighingItsOutlineIsDroppedByTheAreaRule: a 5x5 ring at
// y 0 round a pit and a 2x2 deck at y 10, unlinked.
Heightfield deckOverRingField();

// ---------------------------------------------- the spiral ramp (test_stage)

// SelfOverlappingRegion: the ring round a pit, a pillar in it, a ramp up to
// a deck above the ring and the pillar; all region 1 (97 spans).
Heightfield spiralRampOverAPillar();
// Appends the rest of a spiral's pit loop from the deck's south edge at
// (fromX, 2).
void appendSpiralPitLoopTail(Loop& loop, int fromX);
// The pit loop's raw vertices, from (3,1).
Loop spiralPitLoop();
// The pillar simplified, and the pit loop's 12 corners at MaxError 0.
Loop spiralPillar();
Loop spiralPitCorners();
// The spiral with the deck one column further west and an L-shaped pillar
// (SelfOverlappingRegion.HoleWithNoBridgeStillTriggersTheCrossingCheck).
Heightfield spiralWithAnLPillar();

// ---------------------------------------------- layers (§4, test_layers)

// The two-floor building of test_layers.cpp: ground G (y 0) and upper U (y 10)
// over 6 x 3 cells, a ramp in row z 4, bridges P0 and P5 in row z 3; the
// floor whose y is holeY misses its span at (2,1).
Heightfield twoFloorsAndRamp(int holeY);
bool isGround(int x, int z, int y);
bool isUpper(int x, int z, int y);
bool isP0(int x, int z, int y);
bool isP5(int x, int z, int y);
bool isRamp(int x, int z, int y);

// The span of cell (x, z) whose floor is y; fails the test when absent.
int spanOf(const Heightfield& hf, int x, int z, int y);

// The expected per-span result, from a rule on (x, z, y).
std::vector<int> expectedBy(const Heightfield& hf,
                            const std::function<int(int, int, int)>& rule);

// §4's two properties of a layer partition (any ids, 0 = none): no column
// holds two spans of one region, and any two regions joined by a mutual
// link that have the same area share a column. With adjacency = false only
// the first is checked.
::testing::AssertionResult LayerProperties(const Heightfield& hf,
                                           const std::vector<int>& regions,
                                           bool adjacency = true);

using checks::anyColumnHoldsTwoWalkableSpans;

// The generated multi-floor scenarios the layer properties are checked on:
// multifloor and spiral at sizes 24 and 32, seeds 1 to 3, with a name.
struct NamedField {
  std::string name;
  Heightfield hf;
};
std::vector<NamedField> multiFloorScenarios();

}  // namespace testing
}  // namespace regcon
