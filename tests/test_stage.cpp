// Hand-worked cases for readings R5 and R12 and for straight region
// borders, on the whole stage through the Implementation seam.
#include <gtest/gtest.h>

#include <map>

#include "gen/scenarios.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::gridFromAscii;

EVERY_IMPLEMENTATION_SUITE(StraightBorders);
EVERY_IMPLEMENTATION_SUITE(GivenRegions);
EVERY_IMPLEMENTATION_SUITE(SelfOverlappingRegion);
EVERY_IMPLEMENTATION_SUITE(DuplicatePositions);
EVERY_IMPLEMENTATION_SUITE(PartitionDistances);

// Region 1 is 'a', region 2 is 'b' (same area id, 63); the border between
// them steps from x = 2 (z 0..3) to x = 5 (z 3..6). Drawn z = 5 on top:
//   z=5  aaaaabbb
//   z=4  aaaaabbb
//   z=3  aaaaabbb
//   z=2  aabbbbbb
//   z=1  aabbbbbb
//   z=0  aabbbbbb
// Region 1's raw loop (22 vertices) has two portals, (2,0) where the tile
// border (-1) turns into region 2, and (5,6) where it turns back.
Heightfield steppedBorderField() {
  return gridFromAscii(
      {"aabbbbbb", "aabbbbbb", "aabbbbbb", "aaaaabbb", "aaaaabbb", "aaaaabbb"});
}

std::vector<int> steppedBorderRegions(const Heightfield& hf) {
  std::vector<int> regions;
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int splitX = hf.cellZ(s) < 3 ? 2 : 5;
    regions.push_back(hf.cellX(s) < splitX ? 1 : 2);
  }
  return regions;
}

Loop contourOf(const ContourSet& set, int region) {
  for (const Contour& c : set.contours) {
    if (c.region == region) return c.vertices;
  }
  return {};
}

// Default settings: the region-2 stretch (2,0) -> (5,6) stays a chord. The
// tile-border stretch (5,6) -> (2,0) keeps (0,6) (squared distance 900/45
// = 20 from the segment) and then (0,0) (144/40 = 3.6 from (0,6)-(2,0));
// everything else is collinear.
TEST_P(StraightBorders, RegionBorderStaysTheChord) {
  const Heightfield hf = steppedBorderField();
  const ContourSet set =
      impl().contours(hf, steppedBorderRegions(hf), Settings{});
  EXPECT_EQ(contourOf(set, 1),
            (Loop{{0, 0, 0, -1}, {2, 0, 0, 2}, {5, 0, 6, -1}, {0, 0, 6, -1}}));
  // Region 2 sees the same chord between the same two portals.
  const Loop two = contourOf(set, 2);
  int onBorder = 0;
  for (const auto& v : two) onBorder += v.neighbor == 1;
  EXPECT_EQ(onBorder, 1);
}

// Refining the same stretch: (2,3) and (5,3) are both 81/45 = 1.8 > 1.69
// from the chord; the tie goes to the lexicographically smaller (2,3),
// and then (5,3) is 81/18 = 4.5 from (2,3)-(5,6).
const Loop kRefinedRegionOne{{0, 0, 0, -1}, {2, 0, 0, 2},  {2, 0, 3, 2},
                             {5, 0, 3, 2},  {5, 0, 6, -1}, {0, 0, 6, -1}};

TEST_P(StraightBorders, OffRefinesRegionBorders) {
  const Heightfield hf = steppedBorderField();
  Settings settings;
  settings.straightRegionBorders = false;
  const ContourSet set =
      impl().contours(hf, steppedBorderRegions(hf), settings);
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
}

// Readings R5: with BorderRegion = 2 the stretch of region 1 along region
// 2 is always refined; region 2's own stretch (neighbour 1, not the
// BorderRegion) stays a chord.
TEST_P(StraightBorders, BorderRegionStretchIsAlwaysRefined) {
  const Heightfield hf = steppedBorderField();
  Settings settings;
  settings.borderRegion = 2;
  const ContourSet set =
      impl().contours(hf, steppedBorderRegions(hf), settings);
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
  int onBorder = 0;
  for (const auto& v : contourOf(set, 2)) onBorder += v.neighbor == 1;
  EXPECT_EQ(onBorder, 1);
}

// Borders between regions of different areas are always refined.
TEST_P(StraightBorders, OtherAreaBorderIsRefined) {
  const Heightfield hf = gridFromAscii(
      {"aa111111", "aa111111", "aa111111", "aaaaa111", "aaaaa111", "aaaaa111"});
  const ContourSet set =
      impl().contours(hf, steppedBorderRegions(hf), Settings{});
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
}

// Readings R12: a given partition's region count is its largest id.
TEST_P(GivenRegions, RegionCountIsTheLargestId) {
  Heightfield hf = gridFromAscii({"aaa"});
  hf.regions = std::vector<int>{3, 3, 3};
  const StageResult result = runStage(impl(), hf, Settings{});
  EXPECT_EQ(result.regions.regionCount, 3);
  EXPECT_EQ(result.regions.regions, (std::vector<int>{3, 3, 3}));
  ASSERT_EQ(result.contours.contours.size(), 1u);
  EXPECT_EQ(result.contours.contours[0].region, 3);
}

// Readings R12 on a field without spans: the given partition is empty, so
// its largest id, the region count, is 0 and nothing is traced.
//   z=0  ..
TEST_P(GivenRegions, AnEmptyPartitionHasRegionCountZero) {
  Heightfield hf = gridFromAscii({".."});
  hf.regions = std::vector<int>{};
  const StageResult result = runStage(impl(), hf, Settings{});
  EXPECT_EQ(result.regions.regionCount, 0);
  EXPECT_TRUE(result.regions.regions.empty());
  EXPECT_TRUE(result.contours.contours.empty());
}

// Readings R12: area-0 spans that carry a region are traced like any
// other; their contour has area 0. Raw loop from the -x edge of (1,0):
// (1,1) n1, (1,0) -1, (2,0) -1, (2,1) -1. MaxError 1.3 keeps only the two
// portals (both others are at squared distance 1), so the MaxError 0
// retry keeps all four.
TEST_P(GivenRegions, AreaZeroSpansWithARegionAreTraced) {
  Heightfield hf = gridFromAscii({"a#"});
  hf.regions = std::vector<int>{1, 2};
  const StageResult result = runStage(impl(), hf, Settings{});
  ASSERT_EQ(result.contours.contours.size(), 2u);
  EXPECT_EQ(result.contours.contours[1].region, 2);
  EXPECT_EQ(result.contours.contours[1].area, 0);
  EXPECT_EQ(result.contours.contours[1].vertices,
            (Loop{{1, 0, 1, 1}, {1, 0, 0, -1}, {2, 0, 0, -1}, {2, 0, 1, -1}}));
}

// The distances of a given partition are still the §1 field.
TEST_P(GivenRegions, DistancesAreTheFieldWhateverThePartition) {
  Heightfield hf = gridFromAscii({"aaa", "aaa", "aaa"});
  hf.regions = std::vector<int>(9, 1);
  const StageResult result = runStage(impl(), hf, Settings{});
  ASSERT_TRUE(result.regions.distances.has_value());
  EXPECT_EQ(*result.regions.distances,
            (std::vector<int>{0, 0, 0, 0, 2, 0, 0, 0, 0}));
}

// Readings R9/R10 on a single loop: the spiral ramp (scenario `spiral`,
// size 12, seed 1) is one region whose outline overlaps itself seen from
// above. Its simplification crosses itself, so does the retry with
// straight borders off, and the raw loop is used: one RawFallback.
TEST_P(SelfOverlappingRegion, CrossingSimplificationFallsBackToTheRawLoop) {
  const Heightfield hf = generateScenario("spiral", {12, 1});
  Settings settings;
  const RegionResult partition = impl().regions(hf, settings);
  ASSERT_EQ(partition.regionCount, 1);
  const std::vector<int>& regions = partition.regions;
  settings.rawContours = true;
  const ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.rawFallbacks, 1);
  EXPECT_EQ(set.contours[0].vertices, *set.contours[0].rawOutline);
}

// The spiral ramp of §6 whose hole cancels its outline (readings R11, the
// area rule). Floor 0 is a ring round a pit (x 2..4, z 1..7) with a pillar
// (x 6..8, z 3..5) standing in it; a ramp leaves the ring's west side at
// (2,4), climbs over the pit 1, 2, 3 and lands on a deck at y 4 (x 5..9,
// z 2..6) above the ring and the pillar. Walking ring -> ramp -> deck winds
// once round the pit's south half and ends above where it began. Drawn with
// z = 0 first, floor 0 on the left, the ramp and deck on the right:
//   z=0  00000000000   ...........
//   z=1  00...000000   ...........
//   z=2  00...000000   .....44444.
//   z=3  00...0...00   .....44444.
//   z=4  00...0...00   ..12344444.
//   z=5  00...0...00   .....44444.
//   z=6  00...000000   .....44444.
//   z=7  00...000000   ...........
//   z=8  00000000000   ...........
// The deck is 4 above the ring, so they do not link; all of it is region 1.
// Three loops (span order: the tile border from cell (0,0), the pit wall
// from cell (2,0) at corner (3,1), the pillar from cell (6,2) at (7,3)):
//  - the tile border, 11 x 9 = 99 cells: area2 198, an outline;
//  - the pit wall, which detours up the ramp round the deck and back down:
//    ramp 3 + deck 25 - pit 21 = 7 cells, area2 14, a second outline;
//  - the pillar: 9 cells, area2 -18, a hole.
// (198 + 14 - 18 = 194 = 2 x 97 spans: ring 69, ramp 3, deck 25.)
// The pillar's leftmost vertex (6,3) is under the deck, so it is inside
// both outlines (even-odd: one crossing, x = 10, to its right in the pit
// loop) and goes to the smaller, the pit loop. Joined, 14 - 18 = -4 <= 0:
// the hole is dropped and the pit loop stays unjoined. The field is
// testing::spiralRampOverAPillar(); testing::spiralPitLoop() is the pit
// loop's raw vertices, from (3,1) (region on the left, all walls:
// neighbour 0), y the highest linked floor round the corner (R3): 0 on the
// ring, the ramp's step at its corners, 4 on the deck.
using testing::spiralPitLoop;
using testing::spiralRampOverAPillar;

const Loop kSpiralTileBorder = {
    {0, 0, 0, -1}, {11, 0, 0, -1}, {11, 0, 9, -1}, {0, 0, 9, -1}};

TEST_P(SelfOverlappingRegion, SpiralRampTracesTwoOutlinesAndAHole) {
  const Heightfield hf = spiralRampOverAPillar();
  ASSERT_EQ(hf.spanCount(), 97);
  Settings settings;
  settings.rawContours = true;
  const ContourSet set = impl().contours(hf, std::vector<int>(97, 1), settings);
  ASSERT_EQ(set.contours.size(), 2u);
  const Contour& border = set.contours[0];
  const Contour& pit = set.contours[1];
  ASSERT_TRUE(border.rawOutline && pit.rawOutline && pit.rawHoles);
  EXPECT_EQ(checks::twiceSignedArea(*border.rawOutline), 198);
  EXPECT_EQ(border.rawHoles, std::vector<Loop>{});
  EXPECT_EQ(pit.rawOutline, spiralPitLoop());
  EXPECT_EQ(checks::twiceSignedArea(*pit.rawOutline), 14);
  ASSERT_EQ(pit.rawHoles->size(), 1u);  // the pillar
  EXPECT_EQ(checks::twiceSignedArea((*pit.rawHoles)[0]), -18);
  EXPECT_EQ((*pit.rawHoles)[0].size(), 12u);
}

// MaxError 0 keeps every turn of the pit loop: 12 corners, area2 14. The
// pillar's bridge: from p = (6,3), q = (5,4) and (5,2) (d2 2) and (5,5)
// (d2 5) touch the pit's east wall x = 5 (an edge from (5,8) to (5,1) that
// ends at neither), (5,1) (d2 5) crosses the deck's south edge at (5.5,2),
// (2,4) (d2 17, index 1) crosses the pit wall; (10,2) (d2 17, index 4) is
// clear and in both cones. The joined loop is found, 18 vertices, and has
// area2 14 - 18 = -4, so the area rule drops the hole: the output is the
// unjoined pit loop, one DroppedHole and no RawFallback.
TEST_P(SelfOverlappingRegion, SpiralRampHoleCancellingItsOutlineIsDropped) {
  const Heightfield hf = spiralRampOverAPillar();
  const std::vector<int> regions(97, 1);
  Settings settings;
  settings.maxError = 0;
  const ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices, kSpiralTileBorder);
  EXPECT_EQ(set.contours[1].vertices, testing::spiralPitCorners());
  EXPECT_EQ(set.droppedHoles, 1);
  EXPECT_EQ(set.rawFallbacks, 0);
}

// The same ramp at the defaults. The pit loop (one neighbour value) keeps
// min (2,1) and max (10,7); refinement keeps (10,2) (d2 16), (2,4) (576/65),
// (2,8) (31.36), (2,5) (576/65), (5,1) (d2 9, ties with the x = 5 wall
// going to the smaller (x, z)) and (5,8) (441/58); the deck's west corners
// stay within 1.3 ((5,2): 100/68). That loop, area2 6, has the chord
// (2,4) -> (10,2) crossing the pit wall x = 5 at z = 3.25; refined with
// straight borders off it is the same, so the raw loop is used (one
// RawFallback). The pillar, assigned to it (raw area2 14 < 198), joins
// with area2 -4 and is dropped: the output is the raw pit loop.
TEST_P(SelfOverlappingRegion, SpiralRampAtDefaultsFallsBackAndDropsTheHole) {
  const Heightfield hf = spiralRampOverAPillar();
  const std::vector<int> regions(97, 1);
  const Settings settings;
  const ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices, kSpiralTileBorder);
  EXPECT_EQ(set.contours[1].vertices, spiralPitLoop());
  EXPECT_EQ(set.rawFallbacks, 1);
  EXPECT_EQ(set.droppedHoles, 1);
}

// docs/readings.md A9: the final crossing check runs for an outline with a
// hole assigned, even when no hole could be joined. The ramp of the spiral
// above, with the deck reaching one column further west over the pit (x 4,
// z 2..3, linked to the ramp's top step) and an L-shaped pillar:
//   z=0  00000000000   ...........
//   z=1  00...000000   ...........
//   z=2  00...000.00   ....444444.
//   z=3  00...0...00   ....444444.
//   z=4  00...000000   ..12344444.
//   z=5  00...000000   .....44444.
//   z=6  00...000000   .....44444.
//   z=7  00...000000   ...........
//   z=8  00000000000   ...........
// MaxError 0 keeps the pit loop's 12 corners (2,1) (2,4) (4,4) (4,2) (10,2)
// (10,7) (5,7) (5,5) (2,5) (2,8) (5,8) (5,1), area2 ramp 3 + deck 27 - pit
// 21 = 9 cells = 18; its deck edge (4,2)-(10,2) properly crosses the pit
// wall (5,8)-(5,1) at (5,2) (no crossing check at MaxError 0). The pillar
// (area2 -8, leftmost (6,3)) goes to it and finds no bridge: (4,4), (4,2),
// (2,*) cross the wall x = 5; (5,5), (5,7) lie on it; (5,1) and (5,8)
// cross the deck's south and north edges at (5.5,2) and (5.2,7); (10,2)
// meets the pillar's own edge x = 8 at (8,2.5); (10,7) is outside p's
// cone (the pillar's quadrant). Dropped, so the join is the outline alone,
// which crosses: the raw pit loop and raw pillar are joined instead (+1
// RawFallback) and only that join's failures count (none). The raw join
// bridges p to (6,2) (d2 1, index 10: the first of the tie with (5,3)).
// Reading the check as "holes joined" would output the 12 crossing
// corners with one DroppedHole and no RawFallback.
TEST_P(SelfOverlappingRegion, HoleWithNoBridgeStillTriggersTheCrossingCheck) {
  const Heightfield hf = testing::spiralWithAnLPillar();
  // Ring 99 - 21 - 4 = 74, ramp 3, deck 27: 2 x 104 = 198 + 18 - 8.
  ASSERT_EQ(hf.spanCount(), 104);
  Loop joined = {{3, 0, 1, 0}, {2, 0, 1, 0}, {2, 0, 2, 0}, {2, 0, 3, 0},
                 {2, 1, 4, 0}, {3, 2, 4, 0}, {4, 4, 4, 0}, {4, 4, 3, 0},
                 {4, 4, 2, 0}, {5, 4, 2, 0}, {6, 4, 2, 1}};
  // The raw pillar from p all round and back to p, then q again.
  const Loop pillarAndBack = {{6, 0, 3, 0}, {6, 0, 4, 0}, {7, 0, 4, 0},
                              {8, 0, 4, 0}, {9, 0, 4, 0}, {9, 0, 3, 0},
                              {9, 0, 2, 0}, {8, 0, 2, 0}, {8, 0, 3, 0},
                              {7, 0, 3, 0}, {6, 0, 3, 1}, {6, 4, 2, 0}};
  joined.insert(joined.end(), pillarAndBack.begin(), pillarAndBack.end());
  testing::appendSpiralPitLoopTail(joined, 7);
  ASSERT_EQ(joined.size(), 44u + 10u + 2u);
  EXPECT_EQ(checks::twiceSignedArea(joined), 18 - 8);

  Settings settings;
  settings.maxError = 0;
  const ContourSet set =
      impl().contours(hf, std::vector<int>(104, 1), settings);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices, kSpiralTileBorder);
  EXPECT_EQ(set.contours[1].vertices, joined);
  EXPECT_EQ(set.rawFallbacks, 1);
  EXPECT_EQ(set.droppedHoles, 0);
}

// docs/readings.md A7, worked by hand. Four spans on a 2x2 grid, y drawn
// per cell (z = 0 first):
//   z=0  43
//   z=1  45
// Links join floors at most 1 apart, so (1,0) y3 and (1,1) y5 do not link:
// a cliff, walled inside the grid (neighbour 0). The one loop (area2 8),
// from cell (0,0) direction 0, with y by R3:
//   0 (0,4,1,-1) 1 (0,4,0,-1) 2 (1,4,0,-1) 3 (2,3,0,-1) 4 (2,3,1,0)
//   5 (1,5,1,0) 6 (2,5,1,-1) 7 (2,5,2,-1) 8 (1,5,2,-1) 9 (0,4,2,-1)
// It goes into the cliff at (2,1) on the lower floor (y 3) and comes out at
// (2,1) on the upper one (y 5). Portals: 4 (-1 -> 0) and 6 (0 -> -1).
// 4 -> 6 has the same position at both ends: (1,1) is 1 from it, dropped.
// 6 -> 4 round the loop: (0,0) and (0,2) tie at 5 from (2,1), the smaller
// (0,0) is kept; on (2,1)-(0,0) (0,2) is 16/5 off, kept; nothing else
// strays 1.3. Kept 1, 4, 6, 9: 4 and 6 are consecutive at one (x, z), so
// the first stays and the loop is a triangle, area2 4. Comparing (x, y, z)
// would keep (2,5,1,-1) as a fourth vertex.
TEST_P(DuplicatePositions, CornerOfTwoFloorsAtACliffMergesKeepingTheFirst) {
  const Heightfield hf = testing::floorsFromAscii({{"43", "45"}});
  ASSERT_EQ(hf.spanCount(), 4);
  const std::vector<int> regions(4, 1);
  Settings settings;
  settings.rawContours = true;
  const ContourSet traced = impl().contours(hf, regions, settings);
  ASSERT_EQ(traced.contours.size(), 1u);
  ASSERT_TRUE(traced.contours[0].rawOutline.has_value());
  const Loop& raw = *traced.contours[0].rawOutline;
  EXPECT_EQ(raw, (Loop{{0, 4, 1, -1},
                       {0, 4, 0, -1},
                       {1, 4, 0, -1},
                       {2, 3, 0, -1},
                       {2, 3, 1, 0},
                       {1, 5, 1, 0},
                       {2, 5, 1, -1},
                       {2, 5, 2, -1},
                       {1, 5, 2, -1},
                       {0, 4, 2, -1}}));
  EXPECT_EQ(checks::twiceSignedArea(raw), 8);
  EXPECT_EQ(traced.contours[0].rawHoles, std::vector<Loop>{});

  const ContourSet set = impl().contours(hf, regions, Settings{});
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{{0, 4, 0, -1}, {2, 3, 1, 0}, {0, 4, 2, -1}}));
  EXPECT_EQ(set.rawFallbacks, 0);
}

// docs/readings.md A7, on the field RapidCheck found (corpus/, a 3x24
// multi-floor field; layers partition, MinRegionArea 8, MaxError 2.25,
// MaxEdgeLength 2). Region 16's raw loop visits corner (2,22) twice: at
// raw index 4 as (2,0,22) with neighbour 0, at index 8 as (2,5,22) with
// neighbour 15. Simplification keeps both and drops everything between,
// so they are consecutive: positions compare (x, z), the first stays and
// the edge to (3,22) is labelled 0. Comparing (x, y, z) would keep
// (2,5,22,15) as well.
TEST_P(DuplicatePositions, CompareXAndZOnlyAcrossFloors) {
  const Heightfield hf = testing::corpusField("repeated-corner-3x24.chf.json");
  Settings settings;
  settings.partition = Partition::Layers;
  settings.minRegionArea = 8;
  settings.mergeRegionArea = 20;
  settings.maxError = 2.25;
  settings.maxEdgeLength = 2;
  const RegionResult regions = impl().regions(hf, settings);
  const ContourSet set = impl().contours(hf, regions.regions, settings);
  EXPECT_EQ(contourOf(set, 16), (Loop{{0, 0, 21, 0},
                                      {1, 0, 21, 0},
                                      {2, 0, 22, 0},
                                      {3, 5, 22, -1},
                                      {0, 0, 24, -1}}));
}

// Interchange §3: whatever the partition, regions() and
// runStage carry the heightfield's own §1 field; a caller that reads only
// the contours (runStage WhenComputed, the `contours` command) gets the
// same regions and contours, and a field only when the partition made one.
TEST_P(PartitionDistances, EveryPartitionCarriesTheFieldWhereAsked) {
  const Heightfield hf = generateScenario("multifloor", {24, 3});
  const std::vector<int> field = impl().distances(hf);
  for (Partition p : {Partition::Watershed, Partition::Monotone,
                      Partition::Layers, Partition::LayerFirst}) {
    SCOPED_TRACE(partitionName(p));
    Settings settings;
    settings.partition = p;
    const RegionResult regions = impl().regions(hf, settings);
    ASSERT_TRUE(regions.distances.has_value());
    EXPECT_EQ(*regions.distances, field);
    const StageResult full = runStage(impl(), hf, settings);
    ASSERT_TRUE(full.regions.distances.has_value());
    EXPECT_EQ(*full.regions.distances, field);
    const StageResult lean =
        runStage(impl(), hf, settings, StageDistances::WhenComputed);
    EXPECT_EQ(lean.regions.regions, full.regions.regions);
    EXPECT_EQ(hashContours(lean.contours), hashContours(full.contours));
    if (lean.regions.distances) {
      EXPECT_EQ(*lean.regions.distances, field);
    }
  }
}

// Readings R12: a given partition is kept as it is, its largest id is the
// region count, and the §1 field is added only when asked for always (the
// partition did not need one).
TEST_P(PartitionDistances, AGivenPartitionGetsTheFieldOnlyWhenAsked) {
  Heightfield hf = generateScenario("multifloor", {24, 3});
  Settings monotone;
  monotone.partition = Partition::Monotone;
  const RegionResult given = impl().regions(hf, monotone);
  hf.regions = given.regions;
  const StageResult full = runStage(impl(), hf, Settings{});
  const StageResult lean =
      runStage(impl(), hf, Settings{}, StageDistances::WhenComputed);
  for (const StageResult* r : {&full, &lean}) {
    EXPECT_EQ(r->regions.regions, given.regions);
    EXPECT_EQ(r->regions.regionCount, given.regionCount);
    EXPECT_EQ(hashContours(r->contours), hashContours(full.contours));
  }
  ASSERT_TRUE(full.regions.distances.has_value());
  EXPECT_EQ(*full.regions.distances, impl().distances(hf));
  EXPECT_FALSE(lean.regions.distances.has_value());
}

// The optimized implementation works only for what is asked: monotone and
// the layer partitions never read the §1 field, so its partition() leaves
// it out; watershed, which needs it, hands it on.
TEST(OptimizedPartition, OnlyWatershedComputesTheDistanceField) {
  const Implementation& optimized = *findImplementation("optimized");
  const Heightfield hf = generateScenario("multifloor", {24, 3});
  for (Partition p : {Partition::Watershed, Partition::Monotone,
                      Partition::Layers, Partition::LayerFirst}) {
    Settings settings;
    settings.partition = p;
    EXPECT_EQ(optimized.partition(hf, settings).distances.has_value(),
              p == Partition::Watershed)
        << partitionName(p);
  }
}

}  // namespace
}  // namespace regcon
