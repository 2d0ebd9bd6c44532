// The reference's own steps, one function each (reference/reference.h,
// reference/contours_steps.h): traceLoops, simplifyOnce, joinHoles,
// the watershed on given distances, the §5 filters on given regions, the
// general layer code. Another implementation has steps of its own, so these
// run on the reference only; every check of a stage result runs on every
// implementation (test_contours.cpp, test_regions.cpp, test_layers.cpp,
// test_stage.cpp). Fields and workings are those of the named stage tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "core/builder.h"
#include "gen/scenarios.h"
#include "reference/contours_steps.h"
#include "reference/reference.h"
#include "tests/every_implementation.h"
#include "tests/real_inputs.h"
#include "tests/test_support.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::gridFromAscii;
using testing::P;

// ref::simplifyOnce's parameters at the §7 defaults (MaxError 1.3,
// MaxEdgeLength 12, straight borders on) for region 1; `areas` gives each
// region's area id and must outlive the result.
ref::SimplifyParams defaultSimplifyParams(const std::map<int, int>& areas) {
  const Settings defaults;
  ref::SimplifyParams params;
  params.maxError = defaults.maxError;
  params.maxEdgeLength = defaults.maxEdgeLength;
  params.straightBorders = defaults.straightRegionBorders;
  params.region = 1;
  params.regionArea = &areas;
  return params;
}

// ------------------------------------------------------ §6 contour steps

// Contours.TileBorderIsMinusOneAndAWallInsideTheGridIsZero.
TEST(ContourSteps, NeighbourValueIsMinusOneOutsideAndZeroForAWall) {
  const Heightfield hf = testing::twoByTwoBesideAnEmptyColumn();
  const std::vector<int> regions(4, 1);
  EXPECT_EQ(ref::neighbourValue(hf, regions, 1, 2), 0);
  EXPECT_EQ(ref::neighbourValue(hf, regions, 1, 3), kTileBorder);
  EXPECT_EQ(ref::neighbourValue(hf, regions, 0, 2), 1);
}

// Contours.ZeroAreaSlitLoopIsIgnored: the slit is traced as a second loop
// of area 0, which no output shows.
TEST(ContourSteps, ZeroAreaSlitIsTracedAsALoopOfAreaZero) {
  const Heightfield hf = testing::zeroAreaSlitField();
  const auto loops = ref::traceLoops(hf, std::vector<int>(6, 1));
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_EQ(loops[0].area2, 12);
  EXPECT_EQ(loops[1].vertices, (Loop{P(1, 1, 0), P(1, 2, 0)}));
  EXPECT_EQ(loops[1].area2, 0);
}

// Contours.TwoHolesJoinInLeftmostVertexOrder: joinHoles takes the holes in
// any order; handed A first it still joins B (leftmost x = 2) first.
TEST(ContourSteps, JoinHolesSortsTheHolesByLeftmostVertex) {
  const Loop outline{P(0, 0, -1), P(7, 0, -1), P(7, 5, -1), P(0, 5, -1)};
  const Loop holeA{P(5, 1, 0), P(4, 1, 0), P(4, 2, 0), P(5, 2, 0)};
  const Loop holeB{P(3, 3, 0), P(2, 3, 0), P(2, 4, 0), P(3, 4, 0)};
  int dropped = 0;
  EXPECT_EQ(ref::joinHoles(outline, {holeA, holeB}, 1, dropped),
            (Loop{P(0, 0, -1), P(7, 0, -1), P(7, 5, -1), P(0, 5, 1), P(2, 3, 0),
                  P(2, 4, 0), P(3, 4, 0), P(3, 3, 1), P(4, 1, 0), P(4, 2, 0),
                  P(5, 2, 0), P(5, 1, 0), P(4, 1, 1), P(3, 3, 0), P(2, 3, 1),
                  P(0, 5, -1)}));
  EXPECT_EQ(dropped, 0);
}

// Contours.OneCellRegionsSurviveByTheExactRetryInRegionOrder: simplifyOnce
// alone gives the invalid two-vertex loop; simplifyLoop's exact retry
// rescues it uncounted.
TEST(ContourSteps, OneCellLoopCollapsesOnceAndTheRetryRescuesIt) {
  const Loop left{P(0, 1, -1), P(0, 0, -1), P(1, 0, 0), P(1, 1, -1)};
  const std::map<int, int> areas{{1, 63}};
  const ref::SimplifyParams params = defaultSimplifyParams(areas);
  EXPECT_EQ(ref::simplifyOnce(left, params), (Loop{P(1, 0, 0), P(1, 1, -1)}));
  int fallbacks = 0;
  EXPECT_EQ(ref::simplifyLoop(left, params, fallbacks), left);
  EXPECT_EQ(fallbacks, 0);
}

// Contours.ThinHookFoldingOverItselfFallsBackToRawCounted: the eight kept
// vertices keep the area but cross.
TEST(ContourSteps, ThinHookSimplifiesToACrossingLoop) {
  const std::map<int, int> areas{{1, 63}};
  const ref::SimplifyParams params = defaultSimplifyParams(areas);
  const Loop folded = ref::simplifyOnce(testing::thinHookRawLoop(), params);
  EXPECT_EQ(folded, (Loop{P(2, 1, 0), P(3, 5, 0), P(1, 6, 0), P(5, 3, 0),
                          P(4, 7, 0), P(0, 7, -1), P(0, 4, 0), P(2, 4, 0)}));
  EXPECT_EQ(ref::signedArea2(folded), 30);
  EXPECT_TRUE(ref::hasProperCrossing(folded));
}

// Contours.HoleCrossingTheSimplifiedOutlineFallsBackToRawLoops: the
// simplified join that triggered the fallback.
TEST(ContourSteps, SimplifiedJoinAcrossTheChordCrosses) {
  const Loop outline{P(0, 0, -1), P(5, 0, 2), P(0, 4, -1)};
  const Loop hole{P(3, 2, 0), P(2, 2, 0), P(2, 3, 0), P(3, 3, 0)};
  int dropped = 0;
  const Loop joined = ref::joinHoles(outline, {hole}, 1, dropped);
  EXPECT_EQ(joined,
            (Loop{P(0, 0, 1), P(2, 2, 0), P(2, 3, 0), P(3, 3, 0), P(3, 2, 0),
                  P(2, 2, 1), P(0, 0, -1), P(5, 0, 2), P(0, 4, -1)}));
  EXPECT_TRUE(ref::hasProperCrossing(joined));
}

// Holes go to the smallest containing outline (R11), boundary included.
// The triangle is region 1's contour in
// Contours.HoleOutsideEveryOutlineOfItsRegionIsDropped, whose hole vertex
// (3,2) lies outside it.
TEST(ContourSteps, ContainsPointCountsTheBoundaryAsInside) {
  const Loop triangle{P(0, 0, -1), P(5, 0, 2), P(0, 4, -1)};
  EXPECT_TRUE(ref::containsPoint(triangle, 1, 1));
  EXPECT_TRUE(ref::containsPoint(triangle, 0, 2));   // on an edge
  EXPECT_TRUE(ref::containsPoint(triangle, 5, 0));   // a vertex
  EXPECT_TRUE(ref::containsPoint(triangle, 2, 2));   // 18 < 20
  EXPECT_FALSE(ref::containsPoint(triangle, 3, 2));  // 22 > 20
  EXPECT_FALSE(ref::containsPoint(triangle, -1, 0));
}

// Contours.HoleOutweighingItsOutlineIsDroppedByTheAreaRule: the raw join
// does find its bridge (so the hole goes by the area rule, not for want of
// a bridge): deck up to (0,1) (neighbour 1), the pit from (1,1) round to
// (1,1) (neighbour 1), (0,1) again, the rest of the deck.
TEST(ContourSteps, RawJoinOfTheDeckAndThePitFindsItsBridge) {
  const auto loops =
      ref::traceLoops(testing::deckOverRingField(), std::vector<int>(20, 1));
  ASSERT_EQ(loops.size(), 3u);
  int dropped = 0;
  const Loop joined =
      ref::joinHoles(loops[1].vertices, {loops[2].vertices}, 1, dropped);
  EXPECT_EQ(dropped, 0);
  ASSERT_EQ(joined.size(), 22u);
  EXPECT_EQ(joined[0], (ContourVertex{0, 10, 1, 1}));
  EXPECT_EQ(joined[1], P(1, 1, 0));
  EXPECT_EQ(joined[12], P(2, 1, 0));
  EXPECT_EQ(joined[13], P(1, 1, 1));
  EXPECT_EQ(joined[14], (ContourVertex{0, 10, 1, -1}));
  EXPECT_EQ(joined[15], (ContourVertex{0, 10, 0, -1}));
  EXPECT_EQ(ref::signedArea2(joined), 8 - 18);
}

// The rule's trigger on joinHoles alone: the deck and the pit, simplified.
// The bridge (1,1)-(0,0) is accepted and the joined loop has area
// 8 - 18 = -10.
TEST(ContourSteps, JoinedLoopOfAnOverlappingHoleHasNonPositiveArea) {
  const Loop deck{P(0, 0, -1), P(2, 0, 0), P(2, 2, 0), P(0, 2, -1)};
  const Loop pit{P(1, 1, 0), P(1, 4, 0), P(4, 4, 0), P(4, 1, 0)};
  int dropped = 0;
  const Loop joined = ref::joinHoles(deck, {pit}, 1, dropped);
  EXPECT_EQ(dropped, 0);
  EXPECT_EQ(joined, (Loop{P(0, 0, 1), P(1, 1, 0), P(1, 4, 0), P(4, 4, 0),
                          P(4, 1, 0), P(1, 1, 1), P(0, 0, -1), P(2, 0, 0),
                          P(2, 2, 0), P(0, 2, -1)}));
  EXPECT_EQ(ref::signedArea2(joined), -10);
}

// SelfOverlappingRegion.CrossingSimplificationFallsBackToTheRawLoop: the
// spiral ramp's outline simplifies to a crossing loop, with straight
// borders on and off.
TEST(ContourSteps, SpiralScenarioOutlineSimplifiesToACrossingLoop) {
  const Heightfield hf = generateScenario("spiral", {12, 1});
  Settings settings;
  const RegionResult partition = ref::buildRegions(hf, settings);
  ASSERT_EQ(partition.regionCount, 1);
  settings.rawContours = true;
  const ContourSet set = ref::buildContours(hf, partition.regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  const Loop& raw = *set.contours[0].rawOutline;
  const std::map<int, int> areas{{1, set.contours[0].area}};
  ref::SimplifyParams params = defaultSimplifyParams(areas);
  EXPECT_TRUE(ref::hasProperCrossing(ref::simplifyOnce(raw, params)));
  params.straightBorders = false;
  EXPECT_TRUE(ref::hasProperCrossing(ref::simplifyOnce(raw, params)));
}

// SelfOverlappingRegion.SpiralRampHoleCancellingItsOutlineIsDropped: the
// pillar is dropped by the area rule, not for want of a bridge.
TEST(ContourSteps, SpiralPillarJoinsTheExactPitLoopWithNegativeArea) {
  int dropped = 0;
  const Loop joined = ref::joinHoles(testing::spiralPitCorners(),
                                     {testing::spiralPillar()}, 1, dropped);
  EXPECT_EQ(dropped, 0);
  ASSERT_EQ(joined.size(), 18u);
  EXPECT_EQ(joined[4], (ContourVertex{10, 4, 2, 1}));
  EXPECT_EQ(joined[5], (ContourVertex{6, 0, 3, 0}));
  EXPECT_EQ(joined[9], (ContourVertex{6, 0, 3, 1}));
  EXPECT_EQ(joined[10], (ContourVertex{10, 4, 2, 0}));
  EXPECT_FALSE(ref::hasProperCrossing(joined));
  EXPECT_EQ(ref::signedArea2(joined), -4);
}

// SelfOverlappingRegion.SpiralRampAtDefaultsFallsBackAndDropsTheHole: the
// pit loop at the defaults crosses; the raw join has area2 -4.
TEST(ContourSteps, SpiralPitLoopAtTheDefaultsCrossesAndItsRawJoinIsNegative) {
  const std::map<int, int> areas{{1, 63}};
  const ref::SimplifyParams params = defaultSimplifyParams(areas);
  const Loop simplified = ref::simplifyOnce(testing::spiralPitLoop(), params);
  const Loop corners = {{2, 0, 1, 0},  {2, 1, 4, 0}, {10, 4, 2, 0},
                        {10, 4, 7, 0}, {2, 1, 5, 0}, {2, 0, 8, 0},
                        {5, 0, 8, 0},  {5, 0, 1, 0}};
  EXPECT_EQ(simplified, corners);
  EXPECT_EQ(ref::signedArea2(simplified), 6);
  EXPECT_TRUE(ref::hasProperCrossing(simplified));

  int dropped = 0;
  const Loop joined = ref::joinHoles(testing::spiralPitLoop(),
                                     {testing::spiralPillar()}, 1, dropped);
  EXPECT_EQ(dropped, 0);
  EXPECT_EQ(joined.size(), 44u + 4u + 2u);
  EXPECT_EQ(ref::signedArea2(joined), -4);
}

// SelfOverlappingRegion.HoleWithNoBridgeStillTriggersTheCrossingCheck: the
// L-shaped pillar finds no bridge to the 12 crossing corners.
TEST(ContourSteps, LPillarFindsNoBridgeToTheCrossingCorners) {
  const Loop corners = {{2, 0, 1, 0}, {2, 1, 4, 0},  {4, 4, 4, 0},
                        {4, 4, 2, 0}, {10, 4, 2, 0}, {10, 4, 7, 0},
                        {5, 4, 7, 0}, {5, 4, 5, 0},  {2, 1, 5, 0},
                        {2, 0, 8, 0}, {5, 0, 8, 0},  {5, 0, 1, 0}};
  const Loop pillar = {{9, 0, 2, 0}, {8, 0, 2, 0}, {8, 0, 3, 0},
                       {6, 0, 3, 0}, {6, 0, 4, 0}, {9, 0, 4, 0}};
  int dropped = 0;
  EXPECT_EQ(ref::joinHoles(corners, {pillar}, 1, dropped), corners);
  EXPECT_EQ(dropped, 1);
  EXPECT_TRUE(ref::hasProperCrossing(corners));
}

// -------------------------------------------- §1-§3, §5 region steps

TEST(Neighbour, IsTheMutualLinkOnly) {
  Heightfield hf = gridFromAscii({"aa"});
  EXPECT_EQ(ref::neighbour(hf, 0, 2), 1);
  EXPECT_EQ(ref::neighbour(hf, 1, 0), 0);
  hf.spans[1].link[0] = kNoLink;
  EXPECT_EQ(ref::neighbour(hf, 0, 2), -1);
  EXPECT_EQ(ref::neighbour(hf, 1, 0), -1);
}

std::vector<int> watershedOfRow(const std::string& row,
                                const std::vector<int>& distances) {
  return ref::buildWatershedUnfiltered(gridFromAscii({row}), distances);
}

// Level 9 makes basins at spans 1 and 6. At level 0, round 1 joins 0 and
// 2 (to 1) and 5 (to 2); 3 and 4 wait for round 2 because their
// neighbours joined in round 1. Sequential growth would give 4 and 5 to 1.
TEST(Watershed, GrowthRoundsAreSynchronous) {
  EXPECT_EQ(watershedOfRow("aaaaaaa", {0, 9, 0, 0, 0, 0, 9}),
            (std::vector<int>{1, 1, 1, 1, 2, 2, 2}));
}

// Span 2 (level 9) is region 1, span 0 (level 5) region 2; span 1 touches
// both and joins the smaller id, on its right.
TEST(Watershed, SmallestRegionIdWins) {
  EXPECT_EQ(watershedOfRow("aaa", {5, 0, 9}), (std::vector<int>{2, 1, 1}));
}

TEST(Watershed, GrowsOnlyIntoTheSameArea) {
  EXPECT_EQ(watershedOfRow("112", {9, 0, 0}), (std::vector<int>{1, 1, 2}));
}

// Level 3 holds two pieces split by a level-0 span: two basins, numbered
// in span-index order, each flooding only its own level.
TEST(Watershed, BasinsFloodWithinOneLevelInSpanOrder) {
  EXPECT_EQ(watershedOfRow("aaaaa", {3, 3, 0, 3, 3}),
            (std::vector<int>{1, 1, 1, 2, 2}));
  EXPECT_EQ(watershedOfRow("aa1aa", {3, 3, 3, 3, 3}),
            (std::vector<int>{1, 1, 2, 3, 3}));
}

// Area-0 spans are never visited.
TEST(Watershed, LeavesAreaZeroAlone) {
  EXPECT_EQ(watershedOfRow("a#a", {0, 0, 0}), (std::vector<int>{1, 0, 2}));
}

// The regions of the field `rows` after §5's island removal.
std::vector<int> withoutIslands(const std::vector<std::string>& rows,
                                std::vector<int> regions,
                                int64_t minRegionArea) {
  ref::removeIslands(gridFromAscii(rows), regions, minRegionArea);
  return regions;
}

// The regions of the field `rows` after §5's merging of small regions.
std::vector<int> merged(const std::vector<std::string>& rows,
                        std::vector<int> regions, int64_t mergeRegionArea) {
  ref::mergeSmallRegions(gridFromAscii(rows), regions, mergeRegionArea);
  return regions;
}

// Five spans (x = 3 is empty): region 2 touches nothing and goes; joined
// to region 1 it stays.
TEST(FilterRegions, RemovesOnlyIslandsWithoutNeighbours) {
  EXPECT_EQ(withoutIslands({"aaa.aa"}, {1, 1, 1, 2, 2}, 3),
            (std::vector<int>{1, 1, 1, 0, 0}));
  EXPECT_EQ(withoutIslands({"aaaaa"}, {1, 1, 1, 2, 2}, 3),
            (std::vector<int>{1, 1, 1, 2, 2}));
}

// A neighbour of another area still keeps a small region from being an
// island.
TEST(FilterRegions, NeighbourOfAnyAreaPreventsIslandRemoval) {
  EXPECT_EQ(withoutIslands({"aa1"}, {1, 1, 2}, 3), (std::vector<int>{1, 1, 2}));
}

// Region 2 (the centre) shares three links with 1 and one with 3, so it
// merges into 1; then 3 (three spans, now three links to 1) follows.
//   z=2: 1 1 3
//   z=1: 1 2 3
//   z=0: 1 1 3
TEST(FilterRegions, MergesIntoTheNeighbourWithMostLinks) {
  const std::vector<std::string> grid{"aaa", "aaa", "aaa"};
  const std::vector<int> once = merged(grid, {1, 1, 3, 1, 2, 3, 1, 1, 3}, 2);
  EXPECT_EQ(once, (std::vector<int>{1, 1, 3, 1, 1, 3, 1, 1, 3}));
  EXPECT_EQ(merged(grid, once, 4), std::vector<int>(9, 1));
}

TEST(FilterRegions, TiesGoToTheSmallestId) {
  EXPECT_EQ(merged({"aaaaa"}, {1, 1, 2, 3, 3}, 2),
            (std::vector<int>{1, 1, 1, 3, 3}));
}

// Readings R13: region 1 merges into 2, which at its own turn has two
// spans and stays; judged with its old size it would merge into 3.
TEST(FilterRegions, GrownRegionIsJudgedWithItsGrownSize) {
  EXPECT_EQ(merged({"aaaa"}, {1, 2, 3, 3}, 2), (std::vector<int>{2, 2, 3, 3}));
}

TEST(FilterRegions, MergesOnlyIntoTheSameArea) {
  EXPECT_EQ(merged({"aa1"}, {1, 1, 2}, 5), (std::vector<int>{1, 1, 2}));
}

TEST(FilterRegions, NumbersByFirstSpan) {
  std::vector<int> regions{7, 7, 0, 3, 5, 3};
  EXPECT_EQ(ref::renumberRegions(regions), 3);
  EXPECT_EQ(regions, (std::vector<int>{1, 1, 0, 2, 3, 2}));
}

// ------------------------------------------------------ §4 layer steps

using testing::expectedBy;
using testing::isGround;
using testing::isP0;
using testing::LayerProperties;
using testing::twoFloorsAndRamp;

// "General code + island removal + numbering": what a Layers build must
// equal whichever path it takes.
RegionResult generalLayerBuild(const Heightfield& hf, int64_t minRegionArea) {
  RegionResult result;
  result.regions = ref::buildLayerRegionsGeneral(hf);
  ref::removeIslands(hf, result.regions, minRegionArea);
  result.regionCount = ref::renumberRegions(result.regions);
  return result;
}

// §4 "A test compares both on random fields": the reference's general
// layer code is the oracle, and every implementation's Layers build (the
// reference's takes its single-floor shortcut when it can) must equal it.
class LayersAgainstGeneralCode : public testing::EveryImplementation {
 protected:
  RegionResult layers(const Heightfield& hf, int64_t minRegionArea) const {
    Settings settings;
    settings.partition = Partition::Layers;
    settings.minRegionArea = minRegionArea;
    return impl().regions(hf, settings);
  }
};
ON_EVERY_IMPLEMENTATION(LayersAgainstGeneralCode);

// A random single-floor field: every cell has at most one walkable span
// (a main span at y 0 of area 0..3, possibly under or over an extra area-0
// span); main spans link to the neighbouring main span; some cells are
// missing (holes), some links are cut both ways, a few one way.
Heightfield randomSingleFloor(std::mt19937& rng) {
  auto below = [&](uint32_t n) { return static_cast<int>(rng() % n); };
  const int w = 1 + below(12), d = 1 + below(12);
  const int holePct = std::array{0, 10, 30}[below(3)];
  const int zeroPct = std::array{0, 10, 25}[below(3)];
  const int areaKinds = 1 + below(3);  // non-zero areas 1..areaKinds
  const int cutPct = std::array{0, 10, 25}[below(3)];
  const int oneWayPct = std::array{0, 5}[below(2)];
  const int extraPct = below(4) == 0 ? 30 : 0;
  // main[cell] = index within its cell of the main span, -1 for a hole.
  std::vector<int> main(w * d, -1);
  HeightfieldBuilder builder(w, d);
  for (int c = 0; c < w * d; ++c) {
    if (below(100) < holePct) continue;
    const int area = below(100) < zeroPct ? 0 : 1 + below(areaKinds);
    builder.add(c % w, c / w, 0, area);
    main[c] = 0;
    if (below(100) < extraPct) {  // an area-0 span below or above
      const bool under = below(2) == 0;
      builder.add(c % w, c / w, under ? -20 : 20, 0);
      main[c] = under ? 1 : 0;
    }
  }
  // Climb 0 links main spans to the neighbouring main spans; the extra
  // spans' links are then drawn: to the main span now and then.
  Heightfield hf = builder.build(LinkRule{});
  auto spanOf = [&](int c, int i) { return hf.cellStart[c] + i; };
  for (int c = 0; c < w * d; ++c) {
    for (int i = 0; i < hf.counts[c]; ++i) {
      if (i == main[c]) continue;
      for (int dir = 0; dir < 4; ++dir) {
        const int nx = c % w + kDirX[dir], nz = c / w + kDirZ[dir];
        const bool open = hf.insideGrid(nx, nz) && main[nx + nz * w] >= 0;
        hf.spans[spanOf(c, i)].link[dir] =
            open && below(4) == 0 ? main[nx + nz * w] : kNoLink;
      }
    }
  }
  // Cut links between main spans: both ways, or the back link only.
  for (int c = 0; c < w * d; ++c) {
    if (main[c] < 0) continue;
    for (int dir : {1, 2}) {
      const int nx = c % w + kDirX[dir], nz = c / w + kDirZ[dir];
      if (!hf.insideGrid(nx, nz) || main[nx + nz * w] < 0) continue;
      auto& here = hf.spans[spanOf(c, main[c])].link[dir];
      auto& back =
          hf.spans[spanOf(nx + nz * w, main[nx + nz * w])].link[dir ^ 2];
      const int r = below(100);
      if (r < cutPct) {
        here = kNoLink;
        back = kNoLink;
      } else if (r < cutPct + oneWayPct) {
        (below(2) == 0 ? here : back) = kNoLink;
      }
    }
  }
  return hf;
}

// §4 "A test compares both on random fields": on single-floor fields the
// Layers build (shortcut when no component is smaller than the minimum
// area, general code otherwise) equals general code + island removal +
// numbering, for MinRegionArea from 0 to more than the whole field. Both
// paths must be taken many times.
TEST_P(LayersAgainstGeneralCode,
       ShortcutEqualsGeneralCodeOnRandomSingleFloors) {
  constexpr uint32_t kSeed = 20240611;
  std::mt19937 rng(kSeed);
  int shortcutCases = 0, fallbackCases = 0;
  for (int i = 0; i < 1200; ++i) {
    const Heightfield hf = randomSingleFloor(rng);
    ASSERT_FALSE(testing::anyColumnHoldsTwoWalkableSpans(hf));
    // 0, a small value, or anything up to more than the whole field.
    const uint32_t pick = rng() % 3;
    const int64_t minArea = pick == 0   ? 0
                            : pick == 1 ? rng() % 4
                                        : rng() % (hf.width * hf.depth + 3);
    const std::string where =
        "seed " + std::to_string(kSeed) + " case " + std::to_string(i) + " (" +
        std::to_string(hf.width) + "x" + std::to_string(hf.depth) +
        ", MinRegionArea " + std::to_string(minArea) + ")";
    const RegionResult got = layers(hf, minArea);
    std::vector<int> want = ref::buildLayerRegionsGeneral(hf);
    ASSERT_TRUE(LayerProperties(hf, want)) << where;
    ref::removeIslands(hf, want, minArea);
    const int wantCount = ref::renumberRegions(want);
    RegionResult expected;
    expected.regionCount = wantCount;
    expected.regions = want;
    ASSERT_TRUE(testing::SameRegions(hf, expected, got)) << where;
    // The shortcut itself is the components, numbered by first span.
    std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
    ref::renumberRegions(general);
    ASSERT_EQ(ref::labelComponents(hf, nullptr), general) << where;
    ASSERT_TRUE(LayerProperties(hf, got.regions)) << where;
    std::map<int, int64_t> sizes;
    for (int r : ref::labelComponents(hf, nullptr)) {
      if (r != 0) ++sizes[r];
    }
    const bool anySmall =
        std::any_of(sizes.begin(), sizes.end(),
                    [&](const auto& entry) { return entry.second < minArea; });
    ++(anySmall ? fallbackCases : shortcutCases);
  }
  EXPECT_GT(shortcutCases, 300);
  EXPECT_GT(fallbackCases, 300);
}

// The same comparison on the single-floor generated scenarios (any scenario
// with a column holding two walkable spans is skipped).
TEST_P(LayersAgainstGeneralCode,
       ShortcutEqualsGeneralCodeOnSingleFloorScenarios) {
  int checked = 0;
  for (const std::string name : {"flat", "terrain", "rooms", "mosaic"}) {
    for (int size : {16, 32}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        const Heightfield hf = generateScenario(name, {size, seed});
        if (testing::anyColumnHoldsTwoWalkableSpans(hf)) continue;
        ++checked;
        for (int64_t minArea : {0, 8, 64, 100000}) {
          SCOPED_TRACE(name + " size " + std::to_string(size) + " seed " +
                       std::to_string(seed) + " MinRegionArea " +
                       std::to_string(minArea));
          const RegionResult got = layers(hf, minArea);
          EXPECT_TRUE(
              testing::SameRegions(hf, generalLayerBuild(hf, minArea), got));
          EXPECT_TRUE(LayerProperties(hf, got.regions));
        }
      }
    }
  }
  EXPECT_GE(checked, 12);
}

// §4 shortcut: on every single-floor input (the scenarios flat, terrain,
// rooms and mosaic; all three meshes have columns with two walkable spans)
// it equals the general code followed by island removal and numbering.
TEST_P(LayersAgainstGeneralCode,
       ShortcutEqualsGeneralCodeOnEverySingleFloorRealInput) {
  int checked = 0;
  for (const testing::RealInputName& input : testing::realInputs()) {
    if (!input.mesh.empty()) continue;  // the meshes are multi-floor
    const Heightfield hf = generateScenario(input.name, {input.size, 7});
    if (testing::anyColumnHoldsTwoWalkableSpans(hf)) continue;
    ++checked;
    for (int64_t minArea : {0, 8, 64, 100000}) {
      EXPECT_TRUE(testing::SameRegions(hf, generalLayerBuild(hf, minArea),
                                       layers(hf, minArea)))
          << input.name << " minRegionArea " << minArea;
    }
  }
  EXPECT_EQ(checked, 9);
}

// Layers.OverlappingFloorsStayApart: the general code's sweep and merge
// keep the overlapping floors apart; the ramp goes with the ground.
TEST(LayerSteps, GeneralCodeKeepsOverlappingFloorsApart) {
  const Heightfield hf = twoFloorsAndRamp(10);
  const std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
  EXPECT_EQ(
      general, expectedBy(hf, [](int x, int z, int y) {
        if (isGround(x, z, y) || isP0(x, z, y) || testing::isRamp(x, z, y)) {
          return 1;
        }
        return 2;
      }));
  EXPECT_TRUE(LayerProperties(hf, general));
  EXPECT_TRUE(LayerProperties(hf, ref::buildLayerRegionsUnfiltered(hf, 0)));
}

// Layers.RestartRuleDecidesWhereTheRampGoes.
TEST(LayerSteps, GeneralCodeFollowsTheRestartRule) {
  const Heightfield hf = twoFloorsAndRamp(0);
  EXPECT_EQ(ref::buildLayerRegionsGeneral(hf),
            expectedBy(hf, [](int x, int z, int y) {
              return isGround(x, z, y) || isP0(x, z, y) ? 1 : 2;
            }));
  EXPECT_TRUE(LayerProperties(hf, ref::buildLayerRegionsUnfiltered(hf, 0)));
}

// Layers.OneWayLinkBetweenFloorsIsNoAdjacency: P5's back link to the ramp
// cut.
TEST(LayerSteps, GeneralCodeTakesAOneWayLinkForNoAdjacency) {
  Heightfield hf = twoFloorsAndRamp(0);
  const int p5 = testing::spanOf(hf, 5, 3, 10);
  const int rampTop = testing::spanOf(hf, 5, 4, 10);
  hf.spans[p5].link[1] = kNoLink;
  EXPECT_EQ(ref::neighbour(hf, rampTop, 3), -1);
  EXPECT_EQ(ref::buildLayerRegionsGeneral(hf),
            expectedBy(hf, [](int x, int z, int y) {
              return testing::isUpper(x, z, y) || testing::isP5(x, z, y) ? 2
                                                                         : 1;
            }));
  EXPECT_TRUE(LayerProperties(hf, ref::buildLayerRegionsUnfiltered(hf, 0)));
}

// §4's properties on the unfiltered layer regions of Layers.Islands... and
// of the generated multi-floor scenarios.
TEST(LayerSteps, UnfilteredLayerRegionsHaveTheLayerProperties) {
  const Heightfield islands =
      gridFromAscii({"1111.1#3", "1111....", "1122...."});
  EXPECT_TRUE(
      LayerProperties(islands, ref::buildLayerRegionsUnfiltered(islands, 0)));
  for (const testing::NamedField& field : testing::multiFloorScenarios()) {
    SCOPED_TRACE(field.name);
    EXPECT_TRUE(LayerProperties(field.hf,
                                ref::buildLayerRegionsUnfiltered(field.hf, 0)));
  }
}

// LayerFirst.CachedLayersAfterAnAreaChangeDifferFromAFreshBuild: the layers
// assigned in increasing region id (ground + P0 on layer 0, upper, P5 and
// the whole ramp on 1), and R4 spelled out on the changed field: labelling,
// island removal, numbering is what a cached layer-first build gives.
TEST(LayerSteps, AssignedLayersAndLabelledComponentsOfTheRestartBuilding) {
  const Heightfield hf = twoFloorsAndRamp(0);
  const std::vector<int> layers =
      ref::assignLayers(hf, ref::buildLayerRegionsUnfiltered(hf, 0));
  EXPECT_EQ(layers, expectedBy(hf, [](int x, int z, int y) {
              return isGround(x, z, y) || isP0(x, z, y) ? 0 : 1;
            }));

  Heightfield changed = hf;
  changed.spans[testing::spanOf(changed, 2, 4, 4)].area = 0;
  changed.spans[testing::spanOf(changed, 0, 0, 10)].area = 2;
  changed.spans[testing::spanOf(changed, 1, 0, 10)].area = 2;
  changed.layers = layers;
  std::vector<int> labelled = ref::labelLayerComponents(changed, layers);
  ref::removeIslands(changed, labelled, 3);
  const int count = ref::renumberRegions(labelled);
  Settings settings;
  settings.partition = Partition::LayerFirst;
  settings.minRegionArea = 3;
  const RegionResult built = ref::buildRegions(changed, settings);
  EXPECT_EQ(labelled, built.regions);
  EXPECT_EQ(count, 4);
  EXPECT_TRUE(
      LayerProperties(changed, ref::buildLayerRegionsUnfiltered(changed, 0)));
}

// ------------------------------------------ §6 tracing on the real inputs

// §6 Tracing on every mesh and scenario (tests/real_inputs.h): per region
// the traced loops' signed areas sum to twice its span count and their
// lengths to its boundary edges (checks/invariants.h), zero-area loops
// included, which no output shows.
class RealInputSteps : public ::testing::TestWithParam<testing::RealInputName> {
 protected:
  void SetUp() override {
    hf_ = testing::loadRealInput(GetParam());
    if (!hf_) GTEST_SKIP() << "mesh " << GetParam().mesh << " is absent";
  }
  const Heightfield& hf() const { return *hf_; }
  std::optional<Heightfield> hf_;
};

TEST_P(RealInputSteps, TracedLoopsCoverEachRegionExactly) {
  for (Partition p : testing::kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings;
    settings.partition = p;
    const auto regions = ref::buildRegions(hf(), settings).regions;
    std::vector<checks::RegionLoop> loops;
    for (const auto& loop : ref::traceLoops(hf(), regions)) {
      loops.push_back({loop.region, loop.vertices});
    }
    EXPECT_EQ(checks::checkTracedLoops(hf(), regions, loops), "");
  }
}

INSTANTIATE_TEST_SUITE_P(MeshesAndScenarios, RealInputSteps,
                         ::testing::ValuesIn(testing::realInputs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace regcon
