// Hand-worked cases for two claims of §6 that the checkers had to narrow
// (props/README.md "Findings" 6 and 7; docs/readings.md A24 and A25).
// Conventions as in test_contours.cpp: grids are drawn with z = 0 as the
// FIRST string, cell (x, z) covers [x, x+1] x [z, z+1], edges run with the
// region on the left (start corners: direction 3 (x, z), 2 (x+1, z),
// 1 (x+1, z+1), 0 (x, z+1)). P(x, z, n) is the vertex at (x, z), y 0,
// neighbour value n.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/borders.h"
#include "checks/invariants.h"
#include "core/builder.h"
#include "reference/contours_steps.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::P;
using testing::withRawLoops;

EVERY_IMPLEMENTATION_SUITE(ContourFindings);

// ---------------------------------------------------------------------------
// A24: a slit made by links to the other floor, every link mutual.
//
// Floor y 0 on all six cells (area 63), and a floor y 2 of area 0 over the
// middle row only (U). The y 0 spans of (0,1) and (1,1) do not link each
// other: each links across to the other cell's U, mutually (a twist):
//
//   z=2   2    2            regions of the y 0 floor; U has region 0
//   z=1   1 |  1            '|': (0,1) +x -> (1,1)U, (1,1) -x -> (0,1)U
//   z=0   1    1
//        x=0  x=1
//
// Region 1's loop, from span 0 (cell (0,0)) direction 0:
//   (0,1) -1, (0,0) -1, (1,0) -1, (2,0) -1, (2,1) -1, (2,2) 2 [(1,1) d1],
//   (1,2) 0 [(1,1) d0 faces (0,1)U], (1,1) 0 [(0,1) d2 faces (1,1)U],
//   (1,2) 2 [(0,1) d1], (0,2) -1.
// The edge x = 1, z 1..2 is walked down and up again: a slit, and its mouth
// (1,2) is a portal (2 -> 0, then 0 -> 2) on the border with region 2.
// MaxError 0: kept (0,0) (2,0) (2,2) (1,2) (1,1) (1,2) (0,2); (1,1) sits 1
// from the zero-length chord (1,2)-(1,2); area 8 = twice 4 spans.
// Region 2's loop: (0,3) -1, (0,2) 1, (1,2) 1, (2,2) -1, (2,3) -1, (1,3) -1.
// Portals (0,2) and (2,2); (1,2) lies on the chord (d2 = 0, not > 0) and
// goes. The wrap stretch (2,2) -> (0,2): (2,3), (1,3), (0,3) all at d2 1,
// the tie to the lexicographically smaller (0,3); then (2,3) at 4/5.
// So the border is (2,2) (1,2) (0,2) on region 1's side and (0,2) (2,2) on
// region 2's: the erratum's "it holds when every link is mutual" fails.
// Vertex Y (readings R3): the corners touching U are at y 2.
Heightfield twistedSlitField() {
  HeightfieldBuilder b(2, 3);
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 2; ++x) b.add(x, z, 0, 63);
  }
  b.add(0, 1, 2, 0).add(1, 1, 2, 0);
  // Climb 1: each floor links to its own floor only; then the twist.
  Heightfield hf = b.build(LinkRule{1, false});
  const int lower01 = 2, upper01 = 3, lower11 = 4, upper11 = 5;
  hf.spans[lower01].link[2] = 1;  // (0,1) y 0 -> (1,1) U
  hf.spans[upper11].link[0] = 0;  // (1,1) U -> (0,1) y 0
  hf.spans[lower11].link[0] = 1;  // (1,1) y 0 -> (0,1) U
  hf.spans[upper01].link[2] = 0;  // (0,1) U -> (1,1) y 0
  return hf;
}

const std::vector<int> kTwistedSlitRegions{1, 1, 1, 0, 1, 0, 2, 2};

TEST_P(ContourFindings, SlitMadeByATwistKeepsItsMouthOnOneSideOnly) {
  const Heightfield hf = twistedSlitField();
  ASSERT_TRUE(checks::everyLinkIsMutual(hf));
  Settings settings;
  settings.maxError = 0;
  settings.rawContours = true;
  const ContourSet set = impl().contours(hf, kTwistedSlitRegions, settings);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(2, 0, -1), P(2, 2, 2),
                  ContourVertex{1, 2, 2, 0}, ContourVertex{1, 2, 1, 0},
                  ContourVertex{1, 2, 2, 2}, P(0, 2, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(0, 3, -1), P(0, 2, 1), P(2, 2, -1), P(2, 3, -1)}));
  EXPECT_EQ(set.rawFallbacks, 0);
  EXPECT_EQ(set.droppedHoles, 0);
  EXPECT_EQ(checks::checkSharedBordersAgree(set),
            "regions 1 and 2 disagree on their shared border: region 1's "
            "edges labelled 2: (1,2)-(0,2) (2,2)-(1,2); region 2's, "
            "reversed: (2,2)-(0,2)");
  // The shared erratum's condition: the slit's mouth (1,2) is a raw portal
  // on region 1's side of the border only, so exactly this pair is left
  // out, and nothing else is wrong.
  const checks::BorderReport report = checks::checkSharedBorders(
      hf, kTwistedSlitRegions, settings, set,
      [](const checks::RegionLoop&) { return true; });
  EXPECT_EQ(report.failure, "");
  EXPECT_EQ(report.borders, 1);
  EXPECT_EQ(report.exemptFor,
            (std::map<checks::BorderExemption, int>{
                {checks::BorderExemption::RawPortalsDiffer, 1}}));
}

// ---------------------------------------------------------------------------
// A25: the loop sums of §6 Tracing are about every traced loop, not about
// the raw loops an output carries.

std::vector<checks::RegionLoop> outputLoops(const ContourSet& set) {
  std::vector<checks::RegionLoop> loops;
  for (const Contour& contour : set.contours) {
    loops.push_back({contour.region, *contour.rawOutline});
    for (const Loop& hole : *contour.rawHoles) {
      loops.push_back({contour.region, hole});
    }
  }
  return loops;
}

std::vector<checks::RegionLoop> tracedLoops(const Heightfield& hf,
                                            const std::vector<int>& regions) {
  std::vector<checks::RegionLoop> loops;
  for (const ref::RawLoop& raw : ref::traceLoops(hf, regions)) {
    loops.push_back({raw.region, raw.vertices});
  }
  return loops;
}

// zeroAreaSlitField (Contours.ZeroAreaSlitLoopIsIgnored): 2 x 3, region 1,
// (1,1) does not link back to (0,1):
//
//   z=2   a  a
//   z=1   a |a      '|': the slit x = 1, z 1..2, inside the region
//   z=0   a  a
//
// Boundary edges: the 10 of the rim and the slit's 2. Tracing gives the
// rim (area2 12) and the slit (1,1) (1,2) (area 0, readings R8); the output
// carries the rim alone: 10 edges, not 12.
TEST_P(ContourFindings, OutputRawLoopsLeaveOutTheZeroAreaLoop) {
  const Heightfield hf = testing::zeroAreaSlitField();
  const std::vector<int> regions(6, 1);
  const ContourSet set = withRawLoops(impl(), hf, regions);
  EXPECT_EQ(checks::checkTracedLoops(hf, regions, outputLoops(set)),
            "region 1: loop lengths sum to 10, expected 12");
  EXPECT_EQ(checks::checkTracedLoops(hf, regions, tracedLoops(hf, regions)),
            "");
}

// Contours.HoleOutsideEveryOutlineOfItsRegionIsDropped, regions given
// (1 or 2 per span, '.' no span):
//
//   z=4   2 2 2 2 2 2
//   z=3   1 1 1 1 1 2
//   z=2   1 1 1 . 1 2     the hole: cell (3,2)
//   z=1   1 1 1 1 1 2
//   z=0   1 1 1 1 1 2
//
// Region 1: 19 spans, so the loop areas must sum to 38. Its raw outline
// runs round the hole (area2 40); the hole (area2 -2) lies outside the
// simplified outline, is dropped, and its raw loop is in no contour (A12:
// raw holes are those assigned). The output's loops sum to 40.
TEST_P(ContourFindings, OutputRawLoopsLeaveOutAHoleNoOutlineTakes) {
  const Heightfield hf = testing::gridFromAscii(
      {"aaaaaa", "aaaaaa", "aaa.aa", "aaaaaa", "aaaaaa"});
  const std::vector<int> regions{1, 1, 1, 1, 1, 2,  //
                                 1, 1, 1, 1, 1, 2,  //
                                 1, 1, 1, 1, 2,     //
                                 1, 1, 1, 1, 1, 2,  //
                                 2, 2, 2, 2, 2, 2};
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.droppedHoles, 1);
  EXPECT_EQ(*set.contours[0].rawHoles, std::vector<Loop>{});
  EXPECT_EQ(checks::checkTracedLoops(hf, regions, outputLoops(set)),
            "region 1: loop areas sum to 40, expected 38");
  EXPECT_EQ(checks::checkTracedLoops(hf, regions, tracedLoops(hf, regions)),
            "");
}

}  // namespace
}  // namespace regcon
