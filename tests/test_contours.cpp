// Hand-worked cases for §6 (Contours) and readings R3, R5, R8-R11.
//
// Grids are drawn with z = 0 as the FIRST string (tests/test_support.h);
// 'a' is area 63, '.' no span. Cell (x, z) covers [x, x+1] x [z, z+1];
// edges run counter-clockwise with the region on the left: direction 3
// (-z) starts at (x, z), 2 (+x) at (x+1, z), 1 (+z) at (x+1, z+1), 0 (-x)
// at (x, z+1). Every expected vertex list below was worked out on paper
// from the spec: raw loop, kept vertices and why. Distances are squared
// (d2) and compared with MaxError^2 = 1.69 at the default 1.3. In the
// distance formula (readings R10) ab = b - a, ap = p - a, dot = ap.ab,
// cross = ab.x * ap.z - ab.z * ap.x, d2 = cross^2 / |ab|^2 when the foot
// falls inside the segment.
//
// P(x, z, n) is the vertex at (x, z) with y = 0 and neighbour value n;
// vertices with a height are written ContourVertex{x, y, z, n}.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/builder.h"
#include "interchange/io.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::expectCounterClockwise;
using testing::gridFromAscii;
using testing::P;
using testing::withRawLoops;

Settings defaults() {
  return Settings{};  // maxError 1.3, maxEdgeLength 12, straight borders on
}

EVERY_IMPLEMENTATION_SUITE(Contours);

// Both fallback counters of a result.
void expectCounters(const ContourSet& set, int rawFallbacks, int droppedHoles) {
  EXPECT_EQ(set.rawFallbacks, rawFallbacks);
  EXPECT_EQ(set.droppedHoles, droppedHoles);
}

// The raw loop an implementation traced (requested with rawContours) when
// it is the field's only loop: one contour and no hole.
Loop onlyRawLoop(const Implementation& impl, const Heightfield& hf,
                 const std::vector<int>& regions) {
  const ContourSet set = withRawLoops(impl, hf, regions);
  if (set.contours.size() != 1 || !set.contours[0].rawOutline ||
      !set.contours[0].rawHoles || !set.contours[0].rawHoles->empty()) {
    ADD_FAILURE() << "expected one contour without holes, got "
                  << set.contours.size() << " contours";
    return {};
  }
  return *set.contours[0].rawOutline;
}

// ---------------------------------------------------------------------------
// Square, L, MaxError 0.

// A 3x3 region walled in by empty cells (neighbour value 0 all round).
// Raw loop from span 0 = cell (1,1), direction 0:
//   (1,2) (1,1) (2,1) (3,1) (4,1) (4,2) (4,3) (4,4) (3,4) (2,4) (1,4) (1,3)
// One neighbour value: keep the lexicographic min (1,1) (index 1) and max
// (4,4) (index 7). Stretch 1->7, chord (1,1)-(4,4): the corner (4,1) has
// cross = 3*0 - 3*3 = -9, d2 = 81/18 = 4.5 > 1.69 -> kept; the halves are
// straight. Stretch 7->13 likewise keeps (1,4). Chords are 3 long, so no
// length split. Result: the four corners in raw-index order.
TEST_P(Contours, SquareRegionKeepsFourCorners) {
  const Heightfield hf = testing::walledSquare();
  const std::vector<int> regions(9, 1);
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].area, 63);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 1, 0), P(4, 1, 0), P(4, 4, 0), P(1, 4, 0)}));
  expectCounters(set, 0, 0);
  // Raw loops only on request.
  EXPECT_FALSE(set.contours[0].rawOutline.has_value());
  EXPECT_FALSE(set.contours[0].rawHoles.has_value());
  expectCounterClockwise(set);

  // On request, the raw loop as traced: the only loop.
  const ContourSet raw = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(raw.contours.size(), 1u);
  EXPECT_EQ(raw.contours[0].rawOutline,
            (Loop{P(1, 2, 0), P(1, 1, 0), P(2, 1, 0), P(3, 1, 0), P(4, 1, 0),
                  P(4, 2, 0), P(4, 3, 0), P(4, 4, 0), P(3, 4, 0), P(2, 4, 0),
                  P(1, 4, 0), P(1, 3, 0)}));
  EXPECT_EQ(checks::twiceSignedArea(*raw.contours[0].rawOutline), 18);
  EXPECT_EQ(raw.contours[0].rawHoles, std::vector<Loop>{});
}

// An L of five cells, walled in (the next two tests).
Heightfield lShapeField() {
  return gridFromAscii({
      ".....",
      ".aaa.",
      ".a...",
      ".a...",
      ".....",
  });
}

// An L of five cells, walled in. Raw loop (span 0 = cell (1,1), dir 0):
//   0 (1,2)  1 (1,1)  2 (2,1)  3 (3,1)  4 (4,1)  5 (4,2)  6 (3,2)
//   7 (2,2)  8 (2,3)  9 (2,4) 10 (1,4) 11 (1,3)          all neighbour 0
// Kept: min (1,1) = 1, max (4,2) = 5 (x = 4: (4,1), (4,2); larger z).
// 1->5, chord (1,1)-(4,2), ab (3,1), |ab|^2 10: (2,1) 0.1, (3,1) 0.4,
//   (4,1) 0.9 -> nothing kept.
// 5->13 (b = (1,1)), ab (-3,-1): (3,2) 0.1, (2,2) 0.4, (2,3) 2.5,
//   (2,4) 6.4, (1,4) cross -9 -> 8.1 (farthest), (1,3) 3.6, (1,2) 0.9
//   -> keep 10 (1,4).
// 5->10, chord (4,2)-(1,4), ab (-3,2), |ab|^2 13: (3,2) 4/13,
//   (2,2) cross 4 -> 16/13 = 1.23, (2,3) 1/13, (2,4) 4/13 -> none > 1.69.
// 10->13: (1,3), (1,2) on the chord.
// Result: the triangle (1,1) (4,2) (1,4): the inner corner (2,2) is
// within 1.3 of the chord and is cut.
TEST_P(Contours, LShapeAtDefaultErrorCutsItsInnerCorner) {
  const Heightfield hf = lShapeField();
  const std::vector<int> regions(5, 1);
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 1, 0), P(4, 2, 0), P(1, 4, 0)}));
  EXPECT_EQ(set.rawFallbacks, 0);
  expectCounterClockwise(set);
}

// The same L with MaxError 0: any vertex off its chord is kept.
// 1->5: (4,1) is farthest (0.9 > 0) -> kept; (2,1), (3,1) lie on (1,1)-(4,1).
// 5->13: (1,4) kept as before.
// 5->10: (2,2) farthest (16/13) -> kept; 5->7: (3,2) on the chord.
// 7->10, chord (2,2)-(1,4), ab (-1,2), |ab|^2 5: (2,3) cross -1 -> 0.2,
//   (2,4) cross -2 -> 0.8 -> keep (2,4); 7->9: (2,3) lies on (2,2)-(2,4),
//   distance 0, dropped although it is a raw vertex.
// 10->13: on the chord.
// Result: the six corners; the collinear raw vertices are gone.
TEST_P(Contours, MaxErrorZeroKeepsEveryCornerButNoCollinearVertex) {
  const Heightfield hf = lShapeField();
  const std::vector<int> regions(5, 1);
  Settings settings = defaults();
  settings.maxError = 0;
  const ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 1, 0), P(4, 1, 0), P(4, 2, 0), P(2, 2, 0), P(2, 4, 0),
                  P(1, 4, 0)}));
  expectCounterClockwise(set);
}

// ---------------------------------------------------------------------------
// Holes.

// 5x5, all region 1, a pillar (no span) at (3,3).
// Outline raw (span 0, dir 0), tile border (-1) all round, 20 vertices:
//   (0,1) (0,0) (1,0) .. (5,0) (5,1) .. (5,5) (4,5) .. (0,5) (0,4) (0,3) (0,2)
//   kept: min (0,0), max (5,5); the corners (5,0), (0,5) are 12.5 from the
//   diagonal -> (0,0) (5,0) (5,5) (0,5).
// Hole: first unvisited boundary edge is cell (3,2), dir 1:
//   (4,3) (3,3) (3,4) (4,4), neighbour 0, area2 -2.
//   Simplify: min (3,3), max (4,4); the other two are 0.5 from the
//   diagonal -> 2 vertices, invalid; the MaxError 0 retry keeps all four
//   (0.5 > 0). A retry that succeeds counts nothing (R9).
// Join: p = leftmost (3,3) (hole index 1, prev (4,3), next (3,4)).
//   Candidates by distance^2 to p: (5,5) 8; (5,0) 13 and (0,5) 13 (lowest
//   index first: (5,0)); (0,0) 18.
//   (5,5): at p the hole's cone (left of (4,3)->(3,3)->(3,4), reflex) holds
//   t unless orient(p, next, t) <= 0 and orient(prev, p, t) <= 0; for
//   (5,5) they are -2 and -2 -> outside (it lies behind the pillar).
//   (5,0): orient(p, next, q) = -2, orient(prev, p, q) = 3 -> inside; at q
//   the outline corner (0,0)->(5,0)->(5,5) is convex and p is left of both
//   edges (15, 10) -> inside. The segment (3,3)-(5,0) misses the outline
//   edges (5,5)-(0,5), (0,5)-(0,0) and the hole edges (3,4)-(4,4),
//   (4,4)-(4,3) (at x = 4 it is at z = 1.5). Accepted.
// Merged: outline up to and including q (its neighbour becomes 1), the hole
// from p round to p (the second p has neighbour 1), q again with its own
// neighbour (-1), the rest of the outline.
TEST_P(Contours, PillarHoleIsBridgedToTheOutline) {
  const Heightfield hf = gridFromAscii({
      "aaaaa",
      "aaaaa",
      "aaaaa",
      "aaa.a",
      "aaaaa",
  });
  const std::vector<int> regions(24, 1);
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 1u);
  const Contour& c = set.contours[0];
  EXPECT_EQ(c.vertices, (Loop{P(0, 0, -1), P(5, 0, 1), P(3, 3, 0), P(3, 4, 0),
                              P(4, 4, 0), P(4, 3, 0), P(3, 3, 1), P(5, 0, -1),
                              P(5, 5, -1), P(0, 5, -1)}));
  expectCounters(set, 0, 0);
  // Raw loops as traced.
  ASSERT_TRUE(c.rawOutline.has_value());
  ASSERT_EQ(c.rawOutline->size(), 20u);
  EXPECT_EQ((*c.rawOutline)[0], P(0, 1, -1));
  EXPECT_EQ((*c.rawOutline)[1], P(0, 0, -1));
  EXPECT_EQ((*c.rawOutline)[6], P(5, 0, -1));
  EXPECT_EQ((*c.rawOutline)[11], P(5, 5, -1));
  EXPECT_EQ((*c.rawOutline)[16], P(0, 5, -1));
  EXPECT_EQ((*c.rawOutline)[19], P(0, 2, -1));
  ASSERT_TRUE(c.rawHoles.has_value());
  ASSERT_EQ(c.rawHoles->size(), 1u);
  EXPECT_EQ((*c.rawHoles)[0],
            (Loop{P(4, 3, 0), P(3, 3, 0), P(3, 4, 0), P(4, 4, 0)}));
  // 50 - 2: the joined loop encloses the region.
  EXPECT_EQ(checks::twiceSignedArea(c.vertices), 48);
  expectCounterClockwise(set);
}

// 7x5, all region 1, holes A = (4,1) and B = (2,3).
// Discovery: outline (span 0), then A (first edge cell (4,0) dir 1, z = 0),
// then B (cell (2,2) dir 1). Join order is by leftmost vertex: B (x = 2)
// before A (x = 4).
// Outline: (0,0) (7,0) (7,5) (0,5), all -1 (corners far from the chords).
// Holes (after the exact retry): A (5,1) (4,1) (4,2) (5,2);
//                                B (3,3) (2,3) (2,4) (3,4).
// Join B: p = (2,3), prev (3,3), next (2,4). Distances: (0,5) 8, (0,0) 13,
//   (7,5) 29, (7,0) 34. q = (0,5): cone at p: orient(p, next, q) = 2 > 0
//   -> inside; cone at q (convex (7,5)->(0,5)->(0,0)): 10 and 14 > 0 ->
//   inside; the segment (2,3)-(0,5) touches no other edge of the outline,
//   of B or of A (still to join). Merged:
//   (0,0,-1) (7,0,-1) (7,5,-1) (0,5,1) (2,3,0) (2,4,0) (3,4,0) (3,3,0)
//   (2,3,1) (0,5,-1)
// Join A: p = (4,1), prev (5,1), next (4,2). Distances in the merged loop:
//   idx7 (3,3) 5, idx4 (2,3) 8, idx8 (2,3) 8, idx1 (7,0) 10, ...
//   q = idx7 (3,3): cone at p: orient(p, next, q) = 1 > 0 -> inside; at q
//   (3,4)->(3,3)->(2,3) is reflex and orient(q, (2,3), p) = 2 > 0 ->
//   inside; the segment (4,1)-(3,3) touches no edge that does not end at
//   (3,3) or (4,1). Accepted: (3,3) takes neighbour 1 before the hole and
//   comes back with its own neighbour 0 after it.
TEST_P(Contours, TwoHolesJoinInLeftmostVertexOrder) {
  const Heightfield hf = testing::twoHolesField();
  const std::vector<int> regions(33, 1);
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(7, 0, -1), P(7, 5, -1), P(0, 5, 1), P(2, 3, 0),
                  P(2, 4, 0), P(3, 4, 0), P(3, 3, 1), P(4, 1, 0), P(4, 2, 0),
                  P(5, 2, 0), P(5, 1, 0), P(4, 1, 1), P(3, 3, 0), P(2, 3, 1),
                  P(0, 5, -1)}));
  expectCounters(set, 0, 0);
  EXPECT_EQ(checks::twiceSignedArea(set.contours[0].vertices), 70 - 2 - 2);
  expectCounterClockwise(set);
  // The raw holes in discovery order: A, then B.
  EXPECT_EQ(
      set.contours[0].rawHoles,
      (std::vector<Loop>{{P(5, 1, 0), P(4, 1, 0), P(4, 2, 0), P(5, 2, 0)},
                         {P(3, 3, 0), P(2, 3, 0), P(2, 4, 0), P(3, 4, 0)}}));
}

// §6 on the field corpus/FILE, all region 1 but for the one span
// region2Span in region 2, with watershed's MaxError (1.3) and straight
// borders.
ContourSet oneCellOfRegion2InRegion1(const Implementation& impl,
                                     const std::string& file, int region2Span,
                                     int maxEdgeLength) {
  const Heightfield hf = testing::corpusField(file);
  std::vector<int> regions(hf.spanCount(), 1);
  regions[region2Span] = 2;
  Settings settings;
  settings.maxError = 1.3;
  settings.maxEdgeLength = maxEdgeLength;
  return impl.contours(hf, regions, settings);
}

// R11's tie-break by index in the current merged loop, where the tied
// candidates include a copy that an earlier bridge made. The field
// (corpus/, 7x9, shrunk by `regcon shrink` from pool case 2173, which
// the mutation run of optimized/ found: mutation/README.md) is one
// region with a walkable ring around two holes, a cell of region 2 at
// (5,7) (contours given, watershed's settings: MaxError 1.3,
// MaxEdgeLength 3, straight borders):
//
//   z=8  0 0 1 2 0 0 0      digits: floor height above 8
//   z=7  0 1 2 2 . 0 0      .: no span
//   z=6  0 . . 1 . . 0      (5,7): region 2 (area 5)
//   z=5  1 . . 1 . . 0
//   z=4  1 1 . 1 . . 0
//   z=3  1 . 2 1 . . 0
//   z=2  1 . 1 1 . . 0
//   z=1  1 1 1 1 . . 0
//   z=0  0 1 1 1 1 0 0
//
// The left hole (leftmost vertex (1,2)) joins first, bridged from the
// outline's (0,1); the merged loop then starts (0,1) (1,2) (2,4) (1,5)
// (1,7) (3,7) (3,4) (1,2) (0,1) ..., (1,2) twice (indices 1 and 7). The
// right hole's leftmost vertex p = (4,1) is at distance² 10 from both
// (3,4) (index 6) and (1,2) (indices 1 and 7); index 1 fails the cone
// test, and of the two that pass, index 6 comes first: the bridge goes to
// (3,4). An implementation that orders the tied candidates by anything but
// their current index bridges from the copy at index 7 instead.
TEST_P(Contours, TiedBridgeCandidatesGoByTheirIndexInTheMergedLoop) {
  const ContourSet set = oneCellOfRegion2InRegion1(
      impl(), "hole-bridge-tie-7x9.chf.json", 34 /* cell (5,7) */, 3);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{{0, 8, 1, 1},  {1, 9, 2, 0},  {2, 9, 4, 0},  {1, 9, 5, 0},
                  {1, 9, 7, 0},  {3, 10, 7, 0}, {3, 10, 4, 1}, {4, 9, 1, 0},
                  {4, 9, 4, 0},  {4, 9, 6, 0},  {4, 10, 8, 0}, {6, 8, 8, 2},
                  {6, 8, 7, 0},  {6, 8, 4, 0},  {6, 8, 1, 0},  {4, 9, 1, 1},
                  {3, 10, 4, 0}, {1, 9, 2, 1},  {0, 8, 1, -1}, {7, 8, 0, -1},
                  {7, 8, 9, -1}, {3, 10, 9, 0}, {2, 9, 9, 0},  {1, 8, 8, 0},
                  {2, 8, 9, -1}, {0, 8, 9, -1}}));
  expectCounters(set, 0, 0);
}

// R11's nearest candidate may lie at the far edge of the grid. The field
// (corpus/, 9x4, shrunk from pool case 3382, which the optimized/
// mutation run found with the bridge search stopping one ring of buckets
// short of the grid's right edge) is region 1 but for region 2 at (5,1);
// that cell and the empty (4,1), (6,1), (7,1) make a hole ((1,1) is a
// notch open to the empty top left), whose simplified loop drops the
// corners at x = 4 and starts at p = (5,1) (watershed's settings,
// MaxEdgeLength 12):
//
//   z=2  . . . 1 1 1 1 1 1        1: region 1, 2: region 2, .: no span
//   z=1  1 . 1 1 . 2 . . 1
//   z=0  1 1 1 1 1 1 1 1 1
//
// The simplified outline keeps (0,0) (9,0) (9,3) (0,2). From p their
// squared distances are 26, 17, 20 and 26: the nearest, (9,0) on the
// grid's right edge, passes the cone and clearance tests and takes the
// bridge; (0,0), the first of the far tie at 26, must not.
TEST_P(Contours, TheNearestBridgeCandidateOnTheFarEdgeOfTheGridWins) {
  const ContourSet set = oneCellOfRegion2InRegion1(
      impl(), "hole-bridge-far-corner-9x4.chf.json", 12 /* cell (5,1) */, 12);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].vertices, (Loop{{0, 14, 0, -1},
                                            {9, 13, 0, 1},
                                            {5, 15, 1, 0},
                                            {5, 15, 2, 2},
                                            {6, 15, 2, 0},
                                            {8, 14, 1, 0},
                                            {6, 15, 1, 2},
                                            {5, 15, 1, 1},
                                            {9, 13, 0, -1},
                                            {9, 13, 3, 0},
                                            {0, 15, 2, -1}}));
  expectCounters(set, 0, 0);
}

// ---------------------------------------------------------------------------
// Shared borders.

// 6x6, region 1 below-left, region 2 above-right, a staircase of 2-cell
// steps between them, both area 63.
// Region 1 raw (24 vertices):
//   0 (0,1,-1) 1 (0,0) 2 (1,0) 3 (2,0) 4 (3,0) 5 (4,0) 6 (5,0) 7 (6,0)
//   8 (6,1,-1) 9 (6,2,2) 10 (5,2,2) 11 (4,2,2) 12 (4,3,2) 13 (4,4,2)
//   14 (3,4,2) 15 (2,4,2) 16 (2,5,2) 17 (2,6,-1) 18 (1,6) 19 (0,6)
//   20 (0,5) 21 (0,4) 22 (0,3) 23 (0,2,-1)
// Portals 9 (2 after -1) and 17 (-1 after 2).
// Tile stretch 17->33, chord (2,6)-(6,2): (0,0) cross -32 -> 32, farthest,
//   kept; 17->25 keeps (0,6) (3.6), 25->33 keeps (6,0) (3.6); the rest is
//   straight.
// Region 2 raw (16): 0 (4,3,1) 1 (4,2,1) 2 (5,2,1) 3 (6,2,-1) 4 (6,3)
//   5 (6,4) 6 (6,5) 7 (6,6) 8 (5,6) 9 (4,6) 10 (3,6,-1) 11 (2,6,1)
//   12 (2,5,1) 13 (2,4,1) 14 (3,4,1) 15 (4,4,1)
// Portals 3 and 11; tile stretch 3->11 keeps (6,6) (d2 8).
// With straight borders on (MaxError 1.3 > 0) the border stretch (region 2
// resp. 1, same area) is not refined: both sides hold the single chord
// (6,2)-(2,6).
std::vector<int> staircaseRegions() {
  return {1, 1, 1, 1, 1, 1,  //
          1, 1, 1, 1, 1, 1,  //
          1, 1, 1, 1, 2, 2,  //
          1, 1, 1, 1, 2, 2,  //
          1, 1, 2, 2, 2, 2,  //
          1, 1, 2, 2, 2, 2};
}

Heightfield staircaseField() {
  return gridFromAscii(std::vector<std::string>(6, "aaaaaa"));
}

TEST_P(Contours, StaircaseBorderIsOneChordWithStraightBorders) {
  const ContourSet set =
      impl().contours(staircaseField(), staircaseRegions(), defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(
      set.contours[0].vertices,
      (Loop{P(0, 0, -1), P(6, 0, -1), P(6, 2, 2), P(2, 6, -1), P(0, 6, -1)}));
  EXPECT_EQ(set.contours[1].region, 2);
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(6, 2, -1), P(6, 6, -1), P(2, 6, 1)}));
  EXPECT_EQ(set.rawFallbacks, 0);
  expectCounterClockwise(set);
}

// Straight borders off: the border stretch is refined.
// Region 1, 9->17, chord (6,2)-(2,6), ab (-4,4), |ab|^2 32:
//   (5,2) 0.5, (4,2) cross 8 -> 2, (4,3) 0.5, (4,4) 0, (3,4) 0.5,
//   (2,4) cross 8 -> 2, (2,5) 0.5. Tie at 2 between the two step corners:
//   the lexicographically smaller (2,4) is kept.
//   9->15, chord (6,2)-(2,4), ab (-4,2), |ab|^2 20: (4,2) 0.8, (4,4) 0.8,
//   the rest <= 0.2 -> nothing; 15->17: (2,5) on the chord.
// Region 2, 11->19, chord (2,6)-(6,2): (2,4) 2 and (4,2) 2 tie -> (2,4)
//   again; 13->19 leaves (4,4), (4,2) at 0.8.
// Both sides keep (2,4), the step corner that strays more than 1.3 from the
// chord; the other step corner (4,2) is within 1.3 (0.8) of the refined
// border and goes, on both sides.
TEST_P(Contours, StaircaseBorderKeepsStrayStepsWithoutStraightBorders) {
  Settings settings = defaults();
  settings.straightRegionBorders = false;
  const ContourSet set =
      impl().contours(staircaseField(), staircaseRegions(), settings);
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(6, 0, -1), P(6, 2, 2), P(2, 4, 2), P(2, 6, -1),
                  P(0, 6, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(6, 2, -1), P(6, 6, -1), P(2, 6, 1), P(2, 4, 1)}));
  expectCounterClockwise(set);
}

// Straight borders apply only between regions of the same area id: with
// region 2 of area 5 the border is refined as if the setting were off.
TEST_P(Contours, BorderBetweenDifferentAreasIsAlwaysRefined) {
  Heightfield hf = staircaseField();
  const std::vector<int> regions = staircaseRegions();
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] == 2) hf.spans[s].area = 5;
  }
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].area, 63);
  EXPECT_EQ(set.contours[1].area, 5);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(6, 0, -1), P(6, 2, 2), P(2, 4, 2), P(2, 6, -1),
                  P(0, 6, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(6, 2, -1), P(6, 6, -1), P(2, 6, 1), P(2, 4, 1)}));
}

// ---------------------------------------------------------------------------
// Length split.

// A 1 x 20 strip of cells (1..20, 1), walled in.
// Raw (42): 0 (1,2); k = 1..20: (k,1); 21 (21,1); 22 (21,2);
//           22+j = (21-j, 2) for j = 0..19 (41 = (2,2)). All neighbour 0.
// Kept: min (1,1) = 1, max (21,2) = 22.
// 1->22, chord (1,1)-(21,2), |ab|^2 401: (k,1) is (k-1)^2/401 <= 400/401,
//   no distance split; wall and 401 > 8^2 -> keep (1+22)/2 = 11 (11,1).
//   1->11: straight, 100 > 64 -> keep 6 (6,1); 1->6, 6->11: 25.
//   11->22: |ab|^2 101 > 64 (distances <= 100/101) -> keep 33/2 = 16
//   (16,1); 11->16: 25; 16->22: 26 <= 64 ((21,1) at 25/26).
// 22->43 (b = (1,1)): (1,2) at 400/401; 401 > 64 -> keep 65/2 = 32 (11,2).
//   22->32: 100 -> keep 27 (16,2). 32->43: 101 -> keep 75/2 = 37 (6,2);
//   37->43: 26.
// The length split keeps collinear vertices; (21,1) and (1,2) go.
TEST_P(Contours, LongWallIsSplitAtTheMiddleIndex) {
  const Heightfield hf = gridFromAscii({
      "......................",
      ".aaaaaaaaaaaaaaaaaaaa.",
      "......................",
  });
  const std::vector<int> regions(20, 1);
  Settings settings = defaults();
  settings.maxEdgeLength = 8;
  ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 1, 0), P(6, 1, 0), P(11, 1, 0), P(16, 1, 0), P(21, 2, 0),
                  P(16, 2, 0), P(11, 2, 0), P(6, 2, 0)}));
  expectCounterClockwise(set);

  // Default 12: 401 > 144 splits at 11 and 32; 100 and 101 do not.
  set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 1, 0), P(11, 1, 0), P(21, 2, 0), P(11, 2, 0)}));

  // No length limit: only (1,1) and (21,2) survive, invalid; the MaxError 0
  // retry keeps (21,1) and (1,2) (distance > 0) and nothing on the long
  // edges. No fallback is counted.
  settings.maxEdgeLength = 0;
  set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 2, 0), P(1, 1, 0), P(21, 1, 0), P(21, 2, 0)}));
  EXPECT_EQ(set.rawFallbacks, 0);
}

// ---------------------------------------------------------------------------
// Neighbour values.

// 3 x 2 grid, region in x = 0..1; the column x = 2 is inside the grid but
// empty (wall, 0); every other side is outside the grid (-1).
// Raw: 0 (0,1,-1) 1 (0,0,-1) 2 (1,0,-1) 3 (2,0,0) 4 (2,1,0) 5 (2,2,-1)
//      6 (1,2,-1) 7 (0,2,-1)
// Portals 3 (0 after -1) and 5 (-1 after 0). Wall 3->5: (2,1) on the chord.
// Tile 5->11, chord (2,2)-(2,0), ab (0,-2), |ab|^2 4: (1,2) dot 0 -> 1,
//   (0,2) dot 0 -> 4, (0,1) cross -4 -> 4, (0,0) dot 4 >= 4 -> |p-b|^2 4,
//   (1,0) -> 1. Tie at 4: the lexicographically smallest (0,0) is kept.
//   5->9, chord (2,2)-(0,0): (0,2) cross -4 -> 2 > 1.69 kept; the rest
//   lies on the chords.
TEST_P(Contours, TileBorderIsMinusOneAndAWallInsideTheGridIsZero) {
  const Heightfield hf = testing::twoByTwoBesideAnEmptyColumn();
  const ContourSet set = withRawLoops(impl(), hf, std::vector<int>(4, 1));
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].rawOutline,
            (Loop{P(0, 1, -1), P(0, 0, -1), P(1, 0, -1), P(2, 0, 0), P(2, 1, 0),
                  P(2, 2, -1), P(1, 2, -1), P(0, 2, -1)}));
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(2, 0, 0), P(2, 2, -1), P(0, 2, -1)}));
}

// ---------------------------------------------------------------------------
// Collapse, retries, output order.

// Row "a.a": two one-cell regions. Cell (0,0): raw (0,1,-1) (0,0,-1)
// (1,0,0) (1,1,-1); portals 2 and 3. Tile stretch 3->6, chord (1,1)-(1,0):
// (0,1) dot 0 -> 1, (0,0) dot 1 >= 1 -> 1, both <= 1.69 -> only 2 vertices.
// Retry at MaxError 0: the tie at 1 goes to the smaller (0,0); then (0,1)
// is 0.5 off (1,1)-(0,0) -> all four. Cell (2,0): raw (2,1,0) (2,0,-1)
// (3,0,-1) (3,1,-1); portals 0 and 1; same story -> all four.
// Output is by region id, then discovery: with ids {2, 1} the second cell
// comes first; with {1, 1} both are region 1 in discovery order.
TEST_P(Contours, OneCellRegionsSurviveByTheExactRetryInRegionOrder) {
  const Heightfield hf = gridFromAscii({"a.a"});
  const Loop left{P(0, 1, -1), P(0, 0, -1), P(1, 0, 0), P(1, 1, -1)};
  const Loop right{P(2, 1, 0), P(2, 0, -1), P(3, 0, -1), P(3, 1, -1)};

  ContourSet set = impl().contours(hf, {2, 1}, defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].vertices, right);
  EXPECT_EQ(set.contours[1].region, 2);
  EXPECT_EQ(set.contours[1].vertices, left);
  EXPECT_EQ(set.rawFallbacks, 0);  // the retry succeeded
  expectCounterClockwise(set);

  set = impl().contours(hf, {1, 1}, defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices, left);
  EXPECT_EQ(set.contours[1].vertices, right);
  EXPECT_EQ(set.rawFallbacks, 0);
}

// A one-cell-wide hook: a stem up x = 2, a thin ring whose east end (3,5)
// touches the stem's top (2,4) corner to corner, and a tail (4,3)-(4,5).
//   z=0  ......
//   z=1  ..a...
//   z=2  ..a...
//   z=3  ..a.a.
//   z=4  aaa.a.
//   z=5  a..aa.
//   z=6  aaaa..
//   z=7  ......
// Raw loop from cell (2,1), direction 0 (32 vertices, area2 30 = 2 x 15;
// it passes (3,5) twice, round the gap (1..3, 5..6)); the tile border is
// x = 0, so (0,7) and (0,4) are the portals. The stretch (0,4) -> (0,7)
// round the loop (ab = (0,3): d2 = x^2 beside it, else to the nearer end)
// keeps (5,3) (26), then on (0,4)-(5,3) the tie at 169/26 between (2,1)
// and (3,6) goes to (2,1); (0,4)-(2,1) keeps (2,4) (36/13); (2,1)-(5,3)
// keeps (1,6) (289/13); (2,1)-(1,6) keeps (3,5) (81/26); (5,3)-(0,7)
// keeps (4,7) (256/41); nothing else strays 1.3. The eight kept vertices
// (2,1) (3,5) (1,6) (5,3) (4,7) (0,7) (0,4) (2,4) still have area2 30, but
// the edge (1,6)-(5,3) crosses the stem's chord (2,1)-(3,5) near
// (2.9,4.6): the thin hook folds over itself. Refined again with straight
// borders off (no region borders here, so the same loop) it still
// crosses, so the raw loop is used and counted: RawFallbacks 1 (R9). A
// thin region that collapses instead (fewer than 3 vertices, area 0) is
// always rescued, uncounted, by the MaxError 0 retry: see the one-cell
// regions above.
TEST_P(Contours, ThinHookFoldingOverItselfFallsBackToRawCounted) {
  const Heightfield hf = testing::thinHookField();
  const std::vector<int> regions(15, 1);
  const Loop raw = testing::thinHookRawLoop();
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].rawOutline, raw);
  EXPECT_EQ(checks::twiceSignedArea(raw), 30);
  EXPECT_EQ(set.contours[0].vertices, raw);
  expectCounters(set, 1, 0);
}

// ---------------------------------------------------------------------------
// R8: loops of zero area.

// 2 x 3 block; cell (1,1) (span 3) does not link back to (0,1) (span 2):
// a slit on the edge x = 1, z in [1, 2], whose ends touch no other
// boundary edge.
// Loop 1 (span 0, dir 0): the 2x3 rectangle, never entering the slit:
//   (0,1) (0,0) (1,0) (2,0) (2,1) (2,2) (2,3) (1,3) (0,3) (0,2), all -1,
//   area2 12.
// Loop 2 (span 2, dir 2, a wall: no mutual link, (1,1) inside the grid):
//   emit (1,1,0); dir 1 -> move to (0,2), dir 2 -> move to (1,2), dir 3 ->
//   move to (1,1), dir 0: boundary, emit (1,2,0); dir 3 -> (1,0), dir 0 ->
//   (0,0), dir 1 -> (0,1), dir 2 = start. Area 0: ignored, no counter moves.
// The rectangle keeps (0,0) (2,0) (2,3) (0,3) ((2,0) is 36/13 from the
// diagonal, the other side symmetric).
TEST_P(Contours, ZeroAreaSlitLoopIsIgnored) {
  const Heightfield hf = testing::zeroAreaSlitField();
  const std::vector<int> regions(6, 1);
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 1u);
  ASSERT_TRUE(set.contours[0].rawOutline.has_value());
  EXPECT_EQ(checks::twiceSignedArea(*set.contours[0].rawOutline), 12);
  EXPECT_EQ(set.contours[0].rawHoles, std::vector<Loop>{});  // not a hole
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(2, 0, -1), P(2, 3, -1), P(0, 3, -1)}));
  expectCounters(set, 0, 0);
}

// ---------------------------------------------------------------------------
// R3: vertex Y.

// 2 x 2, region 1 = span 0 (0,0) y 0; region 2 = (1,0) y 1, (0,1) y 2,
// (1,1) y 5. Region 1's loop: (0,1) d0, (0,0) d3, (1,0) d2, (1,1) d1.
//   (0,1): s and N(s,1) = (0,1) -> 2.   (0,0): s only -> 0.
//   (1,0): N(s,2) = (1,0) -> 1.
//   (1,1): N(s,1) y 2, N(s,2) y 1, diagonal (1,1) y 5 -> 5.
// Simplify: portals 0 and 2; both stretches keep nothing at 1.3 (0.5 off,
// and the region-2 border is a chord) -> 2 vertices; the exact retry keeps
// all four.
TEST_P(Contours, VertexYIsTheHighestFloorAroundTheCorner) {
  Heightfield hf = gridFromAscii({"aa", "aa"});
  hf.spans[1].y = 1;
  hf.spans[2].y = 2;
  hf.spans[3].y = 5;
  const std::vector<int> regions{1, 2, 2, 2};
  const Loop expected{ContourVertex{0, 2, 1, -1}, ContourVertex{0, 0, 0, -1},
                      ContourVertex{1, 1, 0, 2}, ContourVertex{1, 5, 1, 2}};
  ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_GE(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].vertices, expected);

  // The diagonal reached one way only ((1,0)-(1,1) unlinked): still 5.
  hf.spans[1].link[1] = kNoLink;
  hf.spans[3].link[3] = kNoLink;
  set = impl().contours(hf, regions, defaults());
  EXPECT_EQ(set.contours[0].vertices, expected);

  // Not reached at all: the corner is max(0, 2, 1) = 2.
  hf.spans[2].link[2] = kNoLink;
  hf.spans[3].link[0] = kNoLink;
  set = impl().contours(hf, regions, defaults());
  EXPECT_EQ(set.contours[0].vertices[3], (ContourVertex{1, 2, 1, 2}));
}

// Two floors at the diagonal cell (1,1): y 5 (index 0) and y 8 (index 1).
// (1,0) links up to one of them, (0,1) across to the other, each mutually:
// the two diagonal routes reach different spans and both count -> 8,
// whichever route reaches the higher one.
TEST_P(Contours, VertexYCountsBothDiagonalRoutes) {
  for (int viaX = 0; viaX < 2; ++viaX) {
    // At climb 8 every span links to every neighbouring floor, each to
    // the lowest: both diagonal routes reach the y 5 span. The builder
    // cannot make the twist, so one route is moved up to the y 8 span and
    // each diagonal span keeps its link back to its own route only.
    Heightfield hf = HeightfieldBuilder(2, 2)
                         .add(0, 0, 0, 63)
                         .add(1, 0, 1, 63)
                         .add(0, 1, 2, 63)
                         .add(1, 1, 5, 63)
                         .add(1, 1, 8, 63)
                         .build(LinkRule{8, false});
    // viaX: (1,0) reaches the y 8 span (index 1), (0,1) the y 5 one.
    const int fromX = viaX ? 1 : 0;
    const int fromZ = viaX ? 0 : 1;
    hf.spans[1].link[1] = fromX;
    hf.spans[2].link[2] = fromZ;
    hf.spans[3 + fromZ].link[3] = kNoLink;
    hf.spans[3 + fromX].link[0] = kNoLink;
    const std::vector<int> regions{1, 2, 2, 2, 2};
    const ContourSet set = impl().contours(hf, regions, defaults());
    ASSERT_GE(set.contours.size(), 1u);
    EXPECT_EQ(set.contours[0].vertices,
              (Loop{ContourVertex{0, 2, 1, -1}, ContourVertex{0, 0, 0, -1},
                    ContourVertex{1, 1, 0, 2}, ContourVertex{1, 8, 1, 2}}))
        << "viaX " << viaX;
  }
}

// The same 2 x 2 turned round: region 1 is (1,1) alone (y 0), the other
// cells have no region, and the diagonal of its corner (1,1) is span 0, the
// first span of the grid, the highest (y 5). (1,0) y 1 and (0,1) y 2 are the
// two routes to it; one of them is cut (both ways), so span 0 is reached by
// the other route only. Either way the corner is max(0, 1, 2, 5) = 5: a
// check that takes "span index > 0" for "a span" would say 2.
//   z=1   (0,1) y2   [(1,1) y0, region 1]
//   z=0   (0,0) y5    (1,0) y1
TEST_P(Contours, VertexYReachesTheFirstSpanOfTheGridByEitherRoute) {
  for (int cutX = 0; cutX < 2; ++cutX) {
    Heightfield hf = gridFromAscii({"aa", "aa"});
    hf.spans[0].y = 5;
    hf.spans[1].y = 1;
    hf.spans[2].y = 2;
    // cutX: (1,0) -x/+x (0,0) unlinked, else (0,1) -z/+z (0,0) unlinked.
    const int route = cutX ? 1 : 2;
    hf.spans[route].link[cutX ? 0 : 3] = kNoLink;
    hf.spans[0].link[cutX ? 2 : 1] = kNoLink;
    const std::vector<int> regions{0, 0, 0, 1};
    const Loop raw = onlyRawLoop(impl(), hf, regions);
    const auto corner = std::find_if(
        raw.begin(), raw.end(),
        [](const ContourVertex& v) { return v.x == 1 && v.z == 1; });
    ASSERT_NE(corner, raw.end()) << "cutX " << cutX;
    EXPECT_EQ(corner->y, 5) << "cutX " << cutX;
  }
}

// ---------------------------------------------------------------------------
// The same corner twice; duplicate positions (R10).

// 3x3 without the centre (1,1) and the corner (2,2): both are empty cells
// inside the grid (walls) that touch at the point (2,2), so the outline
// and the "hole" are one loop passing (2,2) twice.
// Raw: 0 (0,1,-1) 1 (0,0) 2 (1,0) 3 (2,0) 4 (3,0) 5 (3,1,-1) 6 (3,2,0)
//      7 (2,2,0) 8 (2,1,0) 9 (1,1,0) 10 (1,2,0) 11 (2,2,0) 12 (2,3,-1)
//      13 (1,3) 14 (0,3) 15 (0,2,-1)
// Portals 6, 12. MaxError 0:
//   wall 6->12, chord (3,2)-(2,3): (1,1) cross 3 -> 4.5 farthest, kept.
//   6->9: (2,2) 0.2, (2,1) 0.2 -> tie to the smaller (2,1), kept; 6->8:
//   (2,2) 0.5 -> kept. 9->12: (1,2) 0.2 and (2,2) 0.2 -> (1,2) kept;
//   10->12: (2,2) 0.5 -> kept.
//   tile 12->22 keeps (0,0) (12.5), then (0,3) and (3,0).
// Both visits of (2,2) survive; they are not adjacent, so nothing merges.
TEST_P(Contours, LoopPassingACornerTwiceKeepsBothVisits) {
  const Heightfield hf = testing::cornerPassedTwiceField();
  const std::vector<int> regions(7, 1);
  const Loop raw = onlyRawLoop(impl(), hf, regions);
  EXPECT_EQ(raw, (Loop{P(0, 1, -1), P(0, 0, -1), P(1, 0, -1), P(2, 0, -1),
                       P(3, 0, -1), P(3, 1, -1), P(3, 2, 0), P(2, 2, 0),
                       P(2, 1, 0), P(1, 1, 0), P(1, 2, 0), P(2, 2, 0),
                       P(2, 3, -1), P(1, 3, -1), P(0, 3, -1), P(0, 2, -1)}));
  EXPECT_EQ(checks::twiceSignedArea(raw), 14);
  Settings settings = defaults();
  settings.maxError = 0;
  ContourSet set = impl().contours(hf, regions, settings);
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(
      set.contours[0].vertices,
      (Loop{P(0, 0, -1), P(3, 0, -1), P(3, 2, 0), P(2, 2, 0), P(2, 1, 0),
            P(1, 1, 0), P(1, 2, 0), P(2, 2, 0), P(2, 3, -1), P(0, 3, -1)}));
  // Default: 6->9 and 9->12 keep nothing (0.2), so (2,2) goes both times.
  set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(3, 0, -1), P(3, 2, 0), P(1, 1, 0), P(2, 3, -1),
                  P(0, 3, -1)}));
  expectCounterClockwise(set);
}

// A 3x3 floor at y 0 without (0,0); the centre also holds a span at y 1.
// The lower centre links only -x and -z, the upper one only +z (to (1,2),
// which links back to it), and (2,1) does not link -x. All region 1. The
// second loop starts at the lower centre's +z edge (span 3, direction 1),
// walks round to (1,2), down onto the upper centre, round its three free
// edges, back over (1,2), (2,2) and (2,1), and closes along the lower
// centre's +x edge, passing (2,2) twice (y from readings R3):
//   0 (2,0,2) 1 (1,1,2) 2 (1,1,1) 3 (2,1,1) 4 (2,0,2) 5 (2,0,1)
// every neighbour value 0 (area2 2). No neighbour change: the initial
// pair is the lowest (1,1), index 2, and the highest (2,2), whose first
// visit is index 0 (readings R10: equal positions to the one met first).
// Default: 0->2, chord (2,2)-(1,1): (1,2) at 0.5; 2->6: (2,1) 0.5, (2,2)
// 0, (2,1) 0.5: two vertices, invalid. The exact retry keeps (1,2) (0.5 >
// 0) and, of the tied (2,1) visits, the first (index 3); 3->6, a = (2,1),
// b = (2,2): both interior vertices lie on a or b, 0.
// Starting from the second visit of (2,2) (index 4) instead would keep
// five vertices.
TEST_P(Contours, HighestCornerMetTwiceKeepsItsFirstVisit) {
  const Heightfield hf = testing::centreOnTwoFloorsField();
  const std::vector<int> regions(9, 1);
  const ContourSet set = withRawLoops(impl(), hf, regions);
  ASSERT_EQ(set.contours.size(), 2u);
  const Contour& second = set.contours[1];
  ASSERT_TRUE(second.rawOutline.has_value());
  EXPECT_EQ(*second.rawOutline,
            (Loop{ContourVertex{2, 0, 2, 0}, ContourVertex{1, 1, 2, 0},
                  ContourVertex{1, 1, 1, 0}, ContourVertex{2, 1, 1, 0},
                  ContourVertex{2, 0, 2, 0}, ContourVertex{2, 0, 1, 0}}));
  EXPECT_EQ(second.vertices,
            (Loop{ContourVertex{2, 0, 2, 0}, ContourVertex{1, 1, 2, 0},
                  ContourVertex{1, 1, 1, 0}, ContourVertex{2, 1, 1, 0}}));
  EXPECT_EQ(set.rawFallbacks, 0);
}

// The same pinch with region 2 in the centre (1,1). Region 1's loop passes
// (2,2) twice, and both visits are portals:
//   ... 5 (3,1,-1) 6 (3,2,0) 7 (2,2,2) 8 (2,1,2) 9 (1,1,2) 10 (1,2,2)
//   11 (2,2,0) 12 (2,3,-1) ...
// Portals 6, 7, 11, 12. The stretch 7->11 borders region 2 (same area):
// with straight borders it is the chord (2,2)-(2,2). Kept: (0,0) (3,0)
// (3,2,0) (2,2,2) (2,2,0) (2,3,-1) (0,3); the adjacent duplicates merge and
// the first stays, with its neighbour 2.
// Region 2, one cell with one neighbour value all round: min (1,1), max
// (2,2), both stretches chords -> invalid; the exact retry (straight
// borders off) keeps all four.
TEST_P(Contours, AdjacentDuplicatePositionsMergeKeepingTheFirst) {
  const Heightfield hf = gridFromAscii({"aaa", "aaa", "aa."});
  const std::vector<int> regions{1, 1, 1, 1, 2, 1, 1, 1};
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(3, 0, -1), P(3, 2, 0), P(2, 2, 2), P(2, 3, -1),
                  P(0, 3, -1)}));
  EXPECT_EQ(set.contours[1].region, 2);
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(1, 2, 1), P(1, 1, 1), P(2, 1, 1), P(2, 2, 1)}));
  EXPECT_EQ(set.rawFallbacks, 0);
  expectCounterClockwise(set);
}

// 2x2; (1,0) does not link back to (0,0): a slit x = 1, z in [0, 1] whose
// mouth (1,0) is on the tile border. One loop (area2 8):
//   0 (0,1,-1) 1 (0,0,-1) 2 (1,0,0) 3 (1,1,0) 4 (1,0,-1) 5 (2,0,-1)
//   6 (2,1) 7 (2,2) 8 (1,2) 9 (0,2,-1)
// Portals 2 (0 after -1) and 4 (-1 after 0). 2->4: a = b = (1,0), (1,1) at
// 1 <= 1.69. 4->12 (a = b = (1,0), distance to a): (2,2) and (0,2) at 5,
// tie -> (0,2) kept; 4->9, chord (1,0)-(0,2): (2,2) 16/5 kept; 4->7: (2,0)
// 0.8, (2,1) 0.2; 9->12: (0,0) 0.8.
// Kept (1,0,0) (1,0,-1) (2,2) (0,2): the adjacent pair at (1,0) merges,
// the first (neighbour 0) stays.
TEST_P(Contours, SlitMouthDuplicateKeepsTheFirstVertex) {
  const Heightfield hf = testing::slitMouthField();
  const std::vector<int> regions(4, 1);
  const Loop raw = onlyRawLoop(impl(), hf, regions);
  EXPECT_EQ(raw, (Loop{P(0, 1, -1), P(0, 0, -1), P(1, 0, 0), P(1, 1, 0),
                       P(1, 0, -1), P(2, 0, -1), P(2, 1, -1), P(2, 2, -1),
                       P(1, 2, -1), P(0, 2, -1)}));
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(1, 0, 0), P(2, 2, -1), P(0, 2, -1)}));
  expectCounterClockwise(set);
}

// 2x2; (0,1) does not link back to (0,0): slit z = 1, x in [0, 1], mouth
// (0,1) on the left border, which is where the loop starts:
//   0 (0,1,-1) 1 (0,0) 2 (1,0) 3 (2,0) 4 (2,1) 5 (2,2) 6 (1,2) 7 (0,2,-1)
//   8 (0,1,0) 9 (1,1,0)
// Portals 0 (-1 after 0) and 8. 0->8 (a = b = (0,1)): (2,0) and (2,2) at 5
// -> (2,0); 3->8, chord (2,0)-(0,1): (2,2) 16/5 kept, (1,2) 9/5 then
// within 0.2 of (2,2)-(0,1). 8->10: (1,1) at 1.
// Kept (0,1,-1) (2,0) (2,2) (0,1,0): the wrap-around pair (last, first)
// shares (0,1) and the last is removed.
TEST_P(Contours, WrapAroundDuplicateDropsTheLastVertex) {
  const Heightfield hf = testing::wrapAroundSlitField();
  const std::vector<int> regions(4, 1);
  const Loop raw = onlyRawLoop(impl(), hf, regions);
  EXPECT_EQ(raw, (Loop{P(0, 1, -1), P(0, 0, -1), P(1, 0, -1), P(2, 0, -1),
                       P(2, 1, -1), P(2, 2, -1), P(1, 2, -1), P(0, 2, -1),
                       P(0, 1, 0), P(1, 1, 0)}));
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 1, -1), P(2, 0, -1), P(2, 2, -1)}));
  expectCounterClockwise(set);
}

// ---------------------------------------------------------------------------
// R11 and the raw fallback of a join.

// 6x5. Region 1 = x 0..4, z 0..3 (one cell missing inside); region 2 = the
// column x = 5 and the row z = 4. Same area.
// Region 1's raw outline (18):
//   0 (0,1,-1) 1 (0,0) 2 (1,0) 3 (2,0) 4 (3,0) 5 (4,0,-1) 6 (5,0,2)
//   7 (5,1,2) 8 (5,2,2) 9 (5,3,2) 10 (5,4,2) 11 (4,4,2) 12 (3,4,2)
//   13 (2,4,2) 14 (1,4,2) 15 (0,4,-1) 16 (0,3,-1) 17 (0,2,-1)
// Portals 6 and 15; the border with region 2 is the chord (5,0)-(0,4)
// (straight borders); the tile stretch keeps (0,0) (cross -20 -> 400/41).
// Simplified outline: (0,0,-1) (5,0,2) (0,4,-1), the line 4x + 5z = 20.
// Region 2's raw loop starts at (5,0) dir 0:
//   (5,1,1) (5,0,-1) (6,0) .. (6,5) (5,5) .. (1,5) (0,5,-1) (0,4,1) (1,4)
//   .. (5,4) (5,3) (5,2,1)
// Portals (5,0) and (0,4); the tile stretch keeps (6,5) (841/41), its
// halves stay within 0.97 -> (5,0,-1) (6,5,-1) (0,4,1).
// The 6x5 field of cutCornerRegions(), whole but for the hole drawn in its
// middle row (z = 2).
Heightfield cutCornerField(const std::string& middleRow) {
  return gridFromAscii({
      "aaaaaa",
      "aaaaaa",
      middleRow,
      "aaaaaa",
      "aaaaaa",
  });
}

std::vector<int> cutCornerRegions() {
  return {1, 1, 1, 1, 1, 2,  //
          1, 1, 1, 1, 1, 2,  //
          1, 1, 1, 1, 2,     // one cell of z = 2 is missing
          1, 1, 1, 1, 1, 2,  //
          2, 2, 2, 2, 2, 2};
}

// Hole at (3,2): raw and simplified (exact retry) (4,2) (3,2) (3,3) (4,3).
// Its leftmost vertex (3,2) has 4*3 + 5*2 = 22 > 20: outside the only
// outline of region 1, so the hole is dropped although the region is
// connected: the straight border cut the hole off.
TEST_P(Contours, HoleOutsideEveryOutlineOfItsRegionIsDropped) {
  const Heightfield hf = cutCornerField("aaa.aa");
  const ContourSet set = impl().contours(hf, cutCornerRegions(), defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(5, 0, 2), P(0, 4, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(5, 0, -1), P(6, 5, -1), P(0, 4, 1)}));
  expectCounters(set, 0, 1);
  expectCounterClockwise(set);
}

// Hole at (2,2): raw (3,2) (2,2) (2,3) (3,3). Leftmost (2,2): 18 < 20,
// inside, so it is assigned and joined (p = (2,2), q = (0,0): distance 8,
// tied with (0,4) and first by index; cones and clearance hold). But the
// hole edge (3,2)-(2,2) crosses the chord (5,0)-(0,4) at (2.5, 2): the
// merged loop crosses properly -> the raw outline and the raw hole are
// joined instead (+1 RawFallbacks).
// Raw join: p = (2,2) (raw hole index 1). Candidates at distance 4:
// idx3 (2,0), idx13 (2,4), idx17 (0,2) -> (2,0) first. Cone at p (reflex):
// orient(p, (2,3), q) = 0 but orient((3,2), p, q) = 2 > 0 -> inside. At q
// the raw outline is straight ((1,0), (2,0), (3,0)): convex case, p is
// left of both edges (2, 2) -> inside. The segment x = 2, z in [0, 2]
// touches only edges that end at (2,0) or (2,2). Accepted.
TEST_P(Contours, HoleCrossingTheSimplifiedOutlineFallsBackToRawLoops) {
  const Heightfield hf = cutCornerField("aa.aaa");
  const ContourSet set = impl().contours(hf, cutCornerRegions(), defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(
      set.contours[0].vertices,
      (Loop{P(0, 1, -1), P(0, 0, -1), P(1, 0, -1), P(2, 0, 1), P(2, 2, 0),
            P(2, 3, 0),  P(3, 3, 0),  P(3, 2, 0),  P(2, 2, 1), P(2, 0, -1),
            P(3, 0, -1), P(4, 0, -1), P(5, 0, 2),  P(5, 1, 2), P(5, 2, 2),
            P(5, 3, 2),  P(5, 4, 2),  P(4, 4, 2),  P(3, 4, 2), P(2, 4, 2),
            P(1, 4, 2),  P(0, 4, -1), P(0, 3, -1), P(0, 2, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(5, 0, -1), P(6, 5, -1), P(0, 4, 1)}));
  expectCounters(set, 1, 0);
  EXPECT_EQ(checks::twiceSignedArea(set.contours[0].vertices), 40 - 2);
  expectCounterClockwise(set);
}

// ---------------------------------------------------------------------------
// Holes that cancel their outline.

// A full spiral ramp (two turns round a pillar) is too large to trace by
// hand reliably, and a single spiral strip is one loop (a disc has one
// boundary), so it has no hole at all. The smallest construction whose
// hole outweighs its outline: region 1 on two floors seen from above.
//   y 0:  a 5x5 ring round a 3x3 pit: outline (0,0)-(5,5) (area2 50),
//         hole (1,1)-(4,4) (area2 -18).
//   y 10: a 2x2 deck over the cells (0,0)..(1,1): outline area2 8. It is
//         not linked to the ring (a region id given by hand; the code does
//         not require connectivity), so its sides x = 2 and z = 2 are
//         walls (0).
// Span order: (0,0) ring, (0,0) deck, (1,0) ring, (1,0) deck, (2,0), (3,0),
// (4,0), (0,1) ring, (0,1) deck, (1,1) deck, (4,1), ...
// Deck raw: 0 (0,1,-1) 1 (0,0,-1) 2 (1,0,-1) 3 (2,0,0) 4 (2,1,0) 5 (2,2,0)
//   6 (1,2,0) 7 (0,2,-1), y 10; portals 3, 7; the corners (2,2) and (0,0)
//   are 2 > 1.69 off their chords -> (0,0,-1) (2,0,0) (2,2,0) (0,2,-1).
// Pit raw (from (1,0) dir 1): (2,1) (1,1) (1,2) (1,3) (1,4) (2,4) (3,4)
//   (4,4) (4,3) (4,2) (4,1) (3,1), all 0 -> (1,1) (1,4) (4,4) (4,1).
// The hole's leftmost vertex (1,1) is inside both outlines; the deck is
// smaller, so it takes the hole. Bridge p = (1,1) to q = (0,0) (all four
// deck corners at 2, lowest index): accepted. The joined loop crosses
// ((4,1)-(1,1) against (2,0)-(2,2)) -> raw join (+1 RawFallbacks):
// p = (1,1), q = raw deck (0,1) (distance 1, index 0; cone at p holds
// every t with x < 1 or z < 1). Joined area 8 - 18 = -10 <= 0: the hole is
// dropped (+1 DroppedHoles) and the deck stays unjoined, as its raw loop
// after the fallback. The ring keeps its outline without the pit.
TEST_P(Contours, HoleOutweighingItsOutlineIsDroppedByTheAreaRule) {
  const Heightfield hf = testing::deckOverRingField();
  ASSERT_EQ(hf.spanCount(), 20);
  const std::vector<int> regions(20, 1);
  const ContourSet set = impl().contours(hf, regions, defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{P(0, 0, -1), P(5, 0, -1), P(5, 5, -1), P(0, 5, -1)}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{ContourVertex{0, 10, 1, -1}, ContourVertex{0, 10, 0, -1},
                  ContourVertex{1, 10, 0, -1}, ContourVertex{2, 10, 0, 0},
                  ContourVertex{2, 10, 1, 0}, ContourVertex{2, 10, 2, 0},
                  ContourVertex{1, 10, 2, 0}, ContourVertex{0, 10, 2, -1}}));
  expectCounters(set, 1, 1);
  expectCounterClockwise(set);
}

// A hole that finds no bridge is not part of the merged loop, so the final
// crossing check (readings R11) does not see its edges, even where they
// cross the outline. Region 1 on two floors that do not link (2 apart):
//   y 2:  z=0  aaa      y 0:  z=0  ...
//         z=1  a.a            z=1  aa.
//         z=2  aaa            z=2  ...
// Spans in order: (0,0) (1,0) (2,0) (0,1)y0 (0,1)y2 (1,1)y0 (2,1) (0,2)
// (1,2) (2,2). Loops in span order:
//  - the ring's border from span 0 dir 0: (0,0)-(3,3), area2 18, one
//    neighbour value -1: min (0,0), max (3,3), then (3,0) and (0,3) (d2 4.5);
//  - the ring's hole from span 1 dir 1: (2,1) (1,1) (1,2) (2,2), all 0,
//    area2 -2. Kept min (1,1) and max (2,2); (1,2) and (2,1) are d2 0.5
//    off: 2 vertices, so the MaxError 0 retry keeps all four (no crossing
//    check there, and a retry that succeeds counts nothing);
//  - the lower floor from span 3 dir 0: 0 (0,2,-1) 1 (0,1,0) 2 (1,1,0)
//    3 (2,1,0) 4 (2,2,0) 5 (1,2,0), area2 4. Portals 0 and 1; on the
//    stretch 1 -> 0, a = (0,1), b = (0,2): (2,1) and (2,2) are d2 4 (to
//    an end), the smaller (x, z) (2,1) is kept; on 3 -> 0, (2,2) is d2
//    4/5 and (1,2) 1/5: the triangle (0,2) (0,1) (2,1), area2 2, no
//    crossing.
// The hole's leftmost vertex p = (1,1) lies on the triangle's edge
// (0,1)-(2,1), so the triangle (area2 2 < 18) takes it. Candidates:
//  - (0,1) and (2,1), d2 1: p lies on the line of the triangle's edge
//    (0,1) -> (2,1), not strictly left of it, so p is outside the cone at
//    (0,1); (2,1) is the hole's own vertex, on the ray p -> (2,1) of the
//    cone at p;
//  - (0,2), d2 2: both cones hold, but the edge (0,1)-(2,1) passes
//    through p without ending there, so it touches the segment.
// No bridge: the hole is dropped (+1 DroppedHoles) and the merged loop is
// the triangle alone, which does not cross itself. The dropped hole's edge
// (1,1)-(1,2) crosses the chord (2,1)-(0,2) at (1, 1.5): a check reading
// the hole's edges too would join the raw loops instead (+1 RawFallbacks).
TEST_P(Contours, HoleWithNoBridgeIsLeftOutOfTheCrossingCheck) {
  const Heightfield hf =
      testing::floorsFromAscii({{"222", "2.2", "222"}, {"...", "00.", "..."}});
  ASSERT_EQ(hf.spanCount(), 10);
  const ContourSet set =
      impl().contours(hf, std::vector<int>(10, 1), defaults());
  ASSERT_EQ(set.contours.size(), 2u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{ContourVertex{0, 2, 0, -1}, ContourVertex{3, 2, 0, -1},
                  ContourVertex{3, 2, 3, -1}, ContourVertex{0, 2, 3, -1}}));
  EXPECT_EQ(set.contours[1].vertices,
            (Loop{P(0, 2, -1), P(0, 1, 0), P(2, 1, 0)}));
  expectCounters(set, 0, 1);
  expectCounterClockwise(set);
}

}  // namespace
}  // namespace regcon
