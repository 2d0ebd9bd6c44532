// Hand-worked cases for readings R5 and R12 and for straight region
// borders, on the whole stage through the Implementation seam.
#include <gtest/gtest.h>

#include "core/hash.h"
#include "core/implementation.h"
#include "core/io.h"
#include "core/scenarios.h"
#include "reference/contour_steps.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::gridFromAscii;

const Implementation& reference() {
  return *findImplementation("reference");
}

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
TEST(StraightBorders, RegionBorderStaysTheChord) {
  const Heightfield hf = steppedBorderField();
  const ContourSet set =
      reference().contours(hf, steppedBorderRegions(hf), Settings{});
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

TEST(StraightBorders, OffRefinesRegionBorders) {
  const Heightfield hf = steppedBorderField();
  Settings settings;
  settings.straightRegionBorders = false;
  const ContourSet set =
      reference().contours(hf, steppedBorderRegions(hf), settings);
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
}

// Readings R5: with BorderRegion = 2 the stretch of region 1 along region
// 2 is always refined; region 2's own stretch (neighbour 1, not the
// BorderRegion) stays a chord.
TEST(StraightBorders, BorderRegionStretchIsAlwaysRefined) {
  const Heightfield hf = steppedBorderField();
  Settings settings;
  settings.borderRegion = 2;
  const ContourSet set =
      reference().contours(hf, steppedBorderRegions(hf), settings);
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
  int onBorder = 0;
  for (const auto& v : contourOf(set, 2)) onBorder += v.neighbor == 1;
  EXPECT_EQ(onBorder, 1);
}

// Borders between regions of different areas are always refined.
TEST(StraightBorders, OtherAreaBorderIsRefined) {
  const Heightfield hf = gridFromAscii(
      {"aa111111", "aa111111", "aa111111", "aaaaa111", "aaaaa111", "aaaaa111"});
  const ContourSet set =
      reference().contours(hf, steppedBorderRegions(hf), Settings{});
  EXPECT_EQ(contourOf(set, 1), kRefinedRegionOne);
}

// Readings R12: a given partition's region count is its largest id.
TEST(GivenRegions, RegionCountIsTheLargestId) {
  Heightfield hf = gridFromAscii({"aaa"});
  hf.regions = std::vector<int>{3, 3, 3};
  const StageResult result = runStage(reference(), hf, Settings{});
  EXPECT_EQ(result.regions.regionCount, 3);
  EXPECT_EQ(result.regions.regions, (std::vector<int>{3, 3, 3}));
  ASSERT_EQ(result.contours.contours.size(), 1u);
  EXPECT_EQ(result.contours.contours[0].region, 3);
}

// Readings R12: area-0 spans that carry a region are traced like any
// other; their contour has area 0. Raw loop from the -x edge of (1,0):
// (1,1) n1, (1,0) -1, (2,0) -1, (2,1) -1. MaxError 1.3 keeps only the two
// portals (both others are at squared distance 1), so the MaxError 0
// retry keeps all four.
TEST(GivenRegions, AreaZeroSpansWithARegionAreTraced) {
  Heightfield hf = gridFromAscii({"a#"});
  hf.regions = std::vector<int>{1, 2};
  const StageResult result = runStage(reference(), hf, Settings{});
  ASSERT_EQ(result.contours.contours.size(), 2u);
  EXPECT_EQ(result.contours.contours[1].region, 2);
  EXPECT_EQ(result.contours.contours[1].area, 0);
  EXPECT_EQ(result.contours.contours[1].vertices,
            (Loop{{1, 0, 1, 1}, {1, 0, 0, -1}, {2, 0, 0, -1}, {2, 0, 1, -1}}));
}

// The distances of a given partition are still the §1 field.
TEST(GivenRegions, DistancesAreTheFieldWhateverThePartition) {
  Heightfield hf = gridFromAscii({"aaa", "aaa", "aaa"});
  hf.regions = std::vector<int>(9, 1);
  const StageResult result = runStage(reference(), hf, Settings{});
  ASSERT_TRUE(result.regions.distances.has_value());
  EXPECT_EQ(*result.regions.distances,
            (std::vector<int>{0, 0, 0, 0, 2, 0, 0, 0, 0}));
}

// Readings R9/R10 on a single loop: the spiral ramp (scenario `spiral`,
// size 12, seed 1) is one region whose outline overlaps itself seen from
// above. Its simplification crosses itself, so does the retry with
// straight borders off, and the raw loop is used: one RawFallback.
TEST(SelfOverlappingRegion, CrossingSimplificationFallsBackToTheRawLoop) {
  const Heightfield hf = generateScenario("spiral", {12, 1});
  Settings settings;
  const RegionResult partition = reference().regions(hf, settings);
  ASSERT_EQ(partition.regionCount, 1);
  const std::vector<int>& regions = partition.regions;
  settings.rawContours = true;
  const ContourSet set = reference().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.rawFallbacks, 1);
  EXPECT_EQ(set.contours[0].vertices, *set.contours[0].rawOutline);

  const std::map<int, int> areas{{1, set.contours[0].area}};
  ref::SimplifyParams params;
  params.maxError = settings.maxError;
  params.maxEdgeLength = settings.maxEdgeLength;
  params.straightBorders = true;
  params.region = 1;
  params.regionArea = &areas;
  const Loop& raw = *set.contours[0].rawOutline;
  EXPECT_TRUE(ref::hasProperCrossing(ref::simplifyOnce(raw, params)));
  params.straightBorders = false;
  EXPECT_TRUE(ref::hasProperCrossing(ref::simplifyOnce(raw, params)));
}

// docs/readings.md A7, on the field RapidCheck found (tests/data, a 3x24
// multi-floor field; layers partition, MinRegionArea 8, MaxError 2.25,
// MaxEdgeLength 2). Region 16's raw loop visits corner (2,22) twice: at
// raw index 4 as (2,0,22) with neighbour 0, at index 8 as (2,5,22) with
// neighbour 15. Simplification keeps both and drops everything between,
// so they are consecutive: positions compare (x, z), the first stays and
// the edge to (3,22) is labelled 0. Comparing (x, y, z) would keep
// (2,5,22,15) as well.
TEST(DuplicatePositions, CompareXAndZOnlyAcrossFloors) {
  const std::string path = std::string(REGCON_SOURCE_DIR) +
                           "/tests/data/repeated-corner-3x24.chf.json";
  const Heightfield hf = readHeightfieldFile(path);
  Settings settings;
  settings.partition = Partition::Layers;
  settings.minRegionArea = 8;
  settings.mergeRegionArea = 20;
  settings.maxError = 2.25;
  settings.maxEdgeLength = 2;
  const RegionResult regions = reference().regions(hf, settings);
  for (const Implementation* impl : allImplementations()) {
    SCOPED_TRACE(impl->name());
    const ContourSet set = impl->contours(hf, regions.regions, settings);
    EXPECT_EQ(contourOf(set, 16), (Loop{{0, 0, 21, 0},
                                        {1, 0, 21, 0},
                                        {2, 0, 22, 0},
                                        {3, 5, 22, -1},
                                        {0, 0, 24, -1}}));
  }
}

}  // namespace
}  // namespace regcon
