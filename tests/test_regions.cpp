// Hand-worked cases for §1-§3 and §5. Grids are drawn with z = 0 as the
// first string (see tests/test_support.h); 'a' is area 63, '#' area 0,
// digits are areas, '.' no span.
#include <gtest/gtest.h>

#include <algorithm>

#include "checks/invariants.h"
#include "core/builder.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::gridFromAscii;

EVERY_IMPLEMENTATION_SUITE(DistanceField);
EVERY_IMPLEMENTATION_SUITE(Monotone);
EVERY_IMPLEMENTATION_SUITE(Regions);

int spanAt(const Heightfield& hf, int x, int z) {
  return hf.cellStart[x + z * hf.width];
}

struct CellDistance {
  int x, z, distance;
};

// The distance of the (first) span of each listed cell.
void expectDistancesAt(const Heightfield& hf, const std::vector<int>& d,
                       const std::vector<CellDistance>& expected) {
  for (const CellDistance& cell : expected) {
    EXPECT_EQ(d[spanAt(hf, cell.x, cell.z)], cell.distance)
        << "at cell (" << cell.x << ", " << cell.z << ")";
  }
}

// A 7x7 floor with an area-0 span at (5,5). (4,5) and (5,4) are boundary
// spans (a neighbour of area 0); (4,4) is one orthogonal step from them, 2;
// (3,4) is one diagonal step from (4,5), 3, cheaper than 2 + 2 through
// (4,4); (3,3) is 5 both ways; the outer ring is 0 and (2,2) is 4.
TEST_P(DistanceField, OrthogonalTwoDiagonalThreeAroundAnObstacle) {
  const Heightfield hf = gridFromAscii({
      "aaaaaaa",
      "aaaaaaa",
      "aaaaaaa",
      "aaaaaaa",
      "aaaaaaa",
      "aaaaa#a",
      "aaaaaaa",
  });
  // (5,5) is area 0, (4,5) and (5,4) link to it, (0,3) is on the outer
  // ring (fewer than 4 links): all 0.
  const std::vector<CellDistance> expected = {
      {5, 5, 0}, {4, 5, 0}, {5, 4, 0}, {0, 3, 0}, {1, 1, 2},
      {4, 4, 2}, {3, 4, 3}, {4, 3, 3}, {3, 3, 5}, {2, 2, 4}};
  expectDistancesAt(hf, impl().distances(hf), expected);
}

// A U: a 13 x 5 base (z 0..4) and two 5-wide arms (z 5..8) around a gap
// at x 5..7. Spans under the gap, (5..7, 4), lose their +z link and are
// sources, as is (4,5) beside it. (4,4) is one orthogonal step from
// (5,4): 2; (3,4) one diagonal step from (4,5): 3; (3,3) is 5 every way
// (orthogonal to (3,4), diagonal to (4,4), the ring is 6 away); the base
// centre (6,2) and the arm centres are 4.
//   z=8  aaaaa...aaaaa
//   z=5  aaaaa...aaaaa
//   z=4  aaaaaaaaaaaaa
//   z=0  aaaaaaaaaaaaa
TEST_P(DistanceField, UShapedCorridorIsExact) {
  std::vector<std::string> rows(5, std::string(13, 'a'));
  rows.resize(9, "aaaaa...aaaaa");
  const Heightfield hf = gridFromAscii(rows);
  const std::vector<CellDistance> expected = {{6, 4, 0}, {4, 5, 0}, {4, 4, 2},
                                              {3, 4, 3}, {3, 3, 5}, {6, 2, 4},
                                              {2, 6, 4}, {10, 6, 4}};
  expectDistancesAt(hf, impl().distances(hf), expected);
}

// Two full 7x7 floors, A (y 0, index 0 in each cell) and B (y 10, index 1),
// each linked within itself, with one twist: A(2,3) links -z to B(2,2)
// and B(2,2) links +z back to it. A(2,2) and B(2,3) lose a mutual link
// and become sources. For s = A(3,3) the diagonal (2,2) is A(2,2) (0)
// when reached -z then -x, but B(2,2) when reached -x then -z: readings R2
// counts both routes, so s is 3; a distance field that follows one route
// per diagonal (as Recast's two-pass chamfer does, -x then -z for this
// one) finds 4, through A(3,2) at 2. The mirrored twist (A(3,2) links -x to
// B(2,2) and back) needs the other route, so a shortest-path search that
// takes one route per diagonal fails one of the two fields whichever it
// takes.
// Two full floors 10 apart: at climb 1 each links within itself only. The
// twist is a link between floors that the builder's rule never makes, so
// it is set by hand after the build.
Heightfield twistedTwoFloors(bool mirrored) {
  HeightfieldBuilder builder(7, 7);
  for (int z = 0; z < 7; ++z) {
    for (int x = 0; x < 7; ++x) builder.add(x, z, 0, 63).add(x, z, 10, 63);
  }
  Heightfield hf = builder.build(LinkRule{1, false});
  auto spanOf = [&](int x, int z, int floor) {
    return hf.cellStart[x + z * 7] + floor;
  };
  if (mirrored) {
    hf.spans[spanOf(3, 2, 0)].link[0] = 1;
    hf.spans[spanOf(2, 2, 1)].link[2] = 0;
  } else {
    hf.spans[spanOf(2, 3, 0)].link[3] = 1;
    hf.spans[spanOf(2, 2, 1)].link[1] = 0;
  }
  return hf;
}

TEST_P(DistanceField, BothRoutesToADiagonalCount) {
  for (bool mirrored : {false, true}) {
    SCOPED_TRACE(mirrored ? "mirrored twist" : "twist");
    const Heightfield hf = twistedTwoFloors(mirrored);
    const auto d = impl().distances(hf);
    auto at = [&](int x, int z, int floor) {
      return d[hf.cellStart[x + z * 7] + floor];
    };
    EXPECT_EQ(at(2, 2, 0), 0);
    EXPECT_EQ(at(mirrored ? 3 : 2, mirrored ? 2 : 3, 1), 0);
    EXPECT_EQ(at(mirrored ? 2 : 3, mirrored ? 3 : 2, 0), 2);
    EXPECT_EQ(at(3, 3, 0), 3);
  }
}

// 300 x 300: the centre is 149 orthogonal steps from the ring, 298 > 255.
TEST_P(DistanceField, HasNoCap) {
  const Heightfield hf =
      gridFromAscii(std::vector<std::string>(300, std::string(300, 'a')));
  const auto d = impl().distances(hf);
  EXPECT_EQ(*std::max_element(d.begin(), d.end()), 298);
}

// 5x5: the centre is 4 with mutual links; when (3,2) does not link back
// to it, both lose a neighbour and become boundary spans (0).
TEST_P(DistanceField, OneWayLinkCountsAsNoLink) {
  Heightfield hf = gridFromAscii({"aaaaa", "aaaaa", "aaaaa", "aaaaa", "aaaaa"});
  EXPECT_EQ(impl().distances(hf)[spanAt(hf, 2, 2)], 4);
  hf.spans[spanAt(hf, 3, 2)].link[0] = kNoLink;
  const auto d = impl().distances(hf);
  EXPECT_EQ(d[spanAt(hf, 2, 2)], 0);
  EXPECT_EQ(d[spanAt(hf, 3, 2)], 0);
  EXPECT_EQ(d[spanAt(hf, 1, 1)], 2);
}

// A plus of five cells (z = 0 at the bottom). The centre's four links are
// mutual, so it is the only span that is not a source: 2, one orthogonal
// step from any arm (no diagonal cell holds a span). It is the third span
// (index 2), after the arms at (1,0) and (0,1). A field's first two spans
// are always sources and never need a step into them, but its third can:
// a search that left out the steps into spans 0 to 2 never reaches it.
//   z=2  .a.
//   z=1  aaa
//   z=0  .a.
TEST_P(DistanceField, ThePlusCentreIsTwoFromItsArms) {
  const Heightfield hf = gridFromAscii({".a.", "aaa", ".a."});
  ASSERT_EQ(spanAt(hf, 1, 1), 2);
  const std::vector<CellDistance> expected = {
      {1, 0, 0}, {0, 1, 0}, {1, 1, 2}, {2, 1, 0}, {1, 2, 0}};
  expectDistancesAt(hf, impl().distances(hf), expected);
}

// Two fields of corpus/, shrunk by `regcon shrink` from pool cases (seed
// 777) against ports of the optimized implementation with a bug planted in
// its last step, the Dijkstra that settles what its two passes over the
// spans leave lowered: every distance must be exact by the checker's own
// test (checks/invariants.h). distance-settle-queue-11x11: settling goes on
// until no queued span is left (a port that lost count of them stopped
// early: span 45, cell (5,5), at 10 for 9); distance-settle-links-9x9: a
// settled span lowers its four neighbours and the turns from them only (a
// port that also read a fifth link put span 47, cell (4,4) on its second
// floor, at 7 for 8).
TEST_P(DistanceField, ExactWhereThePassesLeaveSpansToSettle) {
  for (const char* file : {"distance-settle-queue-11x11.chf.json",
                           "distance-settle-links-9x9.chf.json"}) {
    SCOPED_TRACE(file);
    const Heightfield hf = testing::asDrawn(testing::corpusField(file));
    EXPECT_EQ(checks::checkDistanceField(hf, impl().distances(hf)), "");
  }
}

// Row 0 is one sweep (region 1); row 1 has two sweeps touching region 1,
// so both start regions (2, 3); row 2 continues each arm.
TEST_P(Monotone, UShapeArmsStartNewRegions) {
  const Heightfield hf = gridFromAscii({"aaaaa", "a...a", "a...a"});
  EXPECT_EQ(testing::unfilteredPartition(impl(), hf, Partition::Monotone),
            (std::vector<int>{1, 1, 1, 1, 1, 2, 3, 2, 3}));
}

// Two regions below one sweep: the sweep touches both, so it is new.
TEST_P(Monotone, SweepOverTwoRegionsStartsANewOne) {
  const Heightfield hf = gridFromAscii({"aa.aa", "aaaaa", "aaaaa"});
  EXPECT_EQ(testing::unfilteredPartition(impl(), hf, Partition::Monotone),
            (std::vector<int>{1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}));
}

// A change of area ends a sweep; -z neighbours of another area are not
// looked at, so the area-2 sweep of row 1 starts a region.
TEST_P(Monotone, SweepsSplitAtAreaChanges) {
  const Heightfield hf = gridFromAscii({"1111", "1122"});
  EXPECT_EQ(testing::unfilteredPartition(impl(), hf, Partition::Monotone),
            (std::vector<int>{1, 1, 1, 1, 1, 1, 2, 2}));
}

// Readings R2 and §2 growth on a whole field: the smallest region id wins.
// 11 x 5, area-0 notches at (5,0) and (5,4), z = 0 first. Row z = 2 has
// distances 2 4 4 3 2 3 4 4 2 for x = 1..9: (4,2) is one diagonal from
// the source (5,1), 3; (5,2) is one step from it, 2. Level 4 holds two
// pieces, (2..3,2) and (7..8,2): basins 1 and 2 in span order. Level 3:
// (4,2) joins 1, (6,2) joins 2. Level 2: (5,2) touches both in the same
// round and joins the smaller, 1; then (5,1) and (5,3) at level 0 touch
// 1 (twice) and 2, and join 1. So x <= 5 is region 1, x >= 6 region 2.
// (Watershed.SmallestRegionIdWins checks the same rule on the reference's
// watershed step alone.)
TEST_P(Regions, WatershedTieGoesToTheSmallerRegionId) {
  const Heightfield hf = gridFromAscii({
      "aaaaa#aaaaa",
      "aaaaaaaaaaa",
      "aaaaaaaaaaa",
      "aaaaaaaaaaa",
      "aaaaa#aaaaa",
  });
  const std::vector<int> distances = impl().distances(hf);
  std::vector<int> middleRow;
  for (int x = 1; x <= 9; ++x) middleRow.push_back(distances[spanAt(hf, x, 2)]);
  EXPECT_EQ(middleRow, (std::vector<int>{2, 4, 4, 3, 2, 3, 4, 4, 2}));

  const std::vector<int> regions =
      testing::unfilteredPartition(impl(), hf, Partition::Watershed);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int want = hf.spans[s].area == 0 ? 0 : hf.cellX(s) <= 5 ? 1 : 2;
    EXPECT_EQ(regions[s], want)
        << "span " << s << " at (" << hf.cellX(s) << ", " << hf.cellZ(s) << ")";
  }
}

// §5 closing sentences on a whole build: area-0 spans have no region and
// the only walkable spans without one are the removed island's.
TEST_P(Regions, RegionZeroIsExactlyAreaZeroAndIslands) {
  const Heightfield hf = gridFromAscii({
      "aaaa#a",
      "aaaa#.",
      "aaaa#.",
  });
  Settings settings;
  settings.minRegionArea = 2;
  const RegionResult result = impl().regions(hf, settings);
  EXPECT_EQ(result.regionCount, 1);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const bool island = hf.cellX(s) == 5;
    const bool expectRegion = hf.spans[s].area != 0 && !island;
    EXPECT_EQ(result.regions[s] != 0, expectRegion) << "span " << s;
  }
}

// §5 with two areas, default settings (MinRegionArea 64, MergeRegionArea
// 400), watershed. The 2x2 block of area 5 borders area 63 only: it is no
// island (§5.1 counts a neighbour of any area) and has no same-area
// neighbour to merge into (§5.2), so it stays a region of four spans. The
// lone 5 at (7,0) touches nothing and goes. The area-63 basins all merge
// into one region, numbered first (its first span is span 0).
//   z=3: a a a a a a a a
//   z=2: a a 5 5 a a a a
//   z=1: a a 5 5 a a . .
//   z=0: a a a a a a . 5
TEST_P(Regions, SmallRegionBesideAnotherAreaStaysUnmerged) {
  const Heightfield hf = gridFromAscii({
      "aaaaaa.5",
      "aa55aa..",
      "aa55aaaa",
      "aaaaaaaa",
  });
  const RegionResult result = impl().regions(hf, Settings{});
  EXPECT_EQ(result.regionCount, 2);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const bool lone = hf.cellX(s) == 7 && hf.cellZ(s) == 0;
    const int want = lone ? 0 : hf.spans[s].area == 5 ? 2 : 1;
    EXPECT_EQ(result.regions[s], want)
        << "span " << s << " at (" << hf.cellX(s) << ", " << hf.cellZ(s) << ")";
  }
}

}  // namespace
}  // namespace regcon
