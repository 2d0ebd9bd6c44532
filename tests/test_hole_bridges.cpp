// §6 Holes, readings R11, on each implementation's hole joining alone
// (ref::joinHoles, opt::contours::joinHoles): the bridge rules on loops
// drawn by hand, where a field would have to be traced and simplified into
// them first. Both functions get the same loops and the same hand-worked
// answer.
#include <gtest/gtest.h>

#include <vector>

#include "optimized/contours_steps.h"
#include "reference/contours_steps.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::P;

// x right, z up; region 1 is a 20 x 8 floor with three holes (cells
// without spans), drawn by cell:
//
//        +--------------------+ z 8
//      7 |                    |
//      6 |                    |
//      5 |           #        |  H3: cells x 11, z 3..5
//      4 |           #   #    |  H2: cell (15, 4)
//      3 |           #        |  H1: cell (12, 1)
//      2 |           ...      |  dots: the cells H3's bridge,
//      1 |            # ...   |  (11,3) to (20,0), passes
//      0 |                 ...|  through
//        +--------------------+ z 0
//       x 0          11  15   20
//
// Leftmost vertices (11,3), (12,1), (15,4): H3 joins first, then H1,
// then H2.
// - H3 from (11,3): (20,0) is the nearest outline corner (81 + 9 = 90;
//   (20,8) 106, (0,0) 130) and passes: the bridge is the slit (11,3)-(20,0),
//   z = 3 - (x - 11) / 3, above H1 (z 2.67 at x = 12) and below H2.
// - H1 from (12,1): (12,3) (4) lies straight up, on the ray to (12,2) of
//   H1's own cone, so it fails; the two copies of (11,3) (5) tie, and the
//   first, which the slit enters, passes: its cone spans west and south from
//   the slit to H3's west side, holding (1,-2), and nothing is in the way.
// - H2 from (15,4): H1's corner (13,2) (4 + 4 = 8) passes both cones, but
//   the segment to it crosses the slit at (13.25, 2.25): a bridge must stay
//   clear of the merged loop's edges, bridges included. Next (12,3)
//   (9 + 1 = 10): the segment stays above the slit (z 3 against 2.67 at
//   x = 12), and (12,3)'s cone holds all but H3's quadrant: H2 bridges there.
// A joining that forgot the earlier bridges would join H2 to (13,2), and its
// loop would cross itself there.
const Loop kOutline{P(0, 0, -1), P(20, 0, -1), P(20, 8, -1), P(0, 8, -1)};
const Loop kHoleH1{P(13, 1, 0), P(12, 1, 0), P(12, 2, 0), P(13, 2, 0)};
const Loop kHoleH2{P(16, 4, 0), P(15, 4, 0), P(15, 5, 0), P(16, 5, 0)};
const Loop kHoleH3{P(12, 3, 0), P(11, 3, 0), P(11, 6, 0), P(12, 6, 0)};

// Each hole spliced in after its bridge's node: the hole from its leftmost
// vertex round to it again, then the node again; both bridge edges carry
// region 1.
const Loop kJoinedClearOfTheSlit{
    P(0, 0, -1),  P(20, 0, 1), P(11, 3, 1), P(12, 1, 0), P(12, 2, 0),
    P(13, 2, 0),  P(13, 1, 0), P(12, 1, 1), P(11, 3, 0), P(11, 6, 0),
    P(12, 6, 0),  P(12, 3, 1), P(15, 4, 0), P(15, 5, 0), P(16, 5, 0),
    P(16, 4, 0),  P(15, 4, 1), P(12, 3, 0), P(11, 3, 1), P(20, 0, -1),
    P(20, 8, -1), P(0, 8, -1)};

TEST(HoleBridges, ALaterBridgeKeepsClearOfAnEarlierOneOnTheReference) {
  int dropped = 0;
  const Loop joined =
      ref::joinHoles(kOutline, {kHoleH1, kHoleH2, kHoleH3}, 1, dropped);
  EXPECT_EQ(joined, kJoinedClearOfTheSlit);
  EXPECT_EQ(dropped, 0);
  EXPECT_FALSE(ref::hasProperCrossing(joined));
}

TEST(HoleBridges, ALaterBridgeKeepsClearOfAnEarlierOneOnTheOptimized) {
  const opt::contours::JoinResult joined = opt::contours::joinHoles(
      kOutline, {kHoleH1, kHoleH2, kHoleH3}, 1, /*checkCrossing=*/true);
  EXPECT_EQ(joined.loop, kJoinedClearOfTheSlit);
  EXPECT_EQ(joined.joined, 3);
  EXPECT_EQ(joined.failed, 0);
  EXPECT_FALSE(joined.properCrossing);
  EXPECT_FALSE(ref::hasProperCrossing(joined.loop));
}

// The drawing scaled by `scale` and moved by `offset` along x and z: both
// keep every orientation and every order of squared distances (scaled by
// scale^2), so every bridge rule decides as on the drawing.
Loop moved(const Loop& loop, int scale, int offset) {
  Loop out;
  for (const ContourVertex& v : loop) {
    out.push_back(
        {v.x * scale + offset, v.y, v.z * scale + offset, v.neighbor});
  }
  return out;
}

// The optimized joining keeps its edges' ends as 16-bit offsets from the
// holes' box's corner where the box is under 65,535 wide and deep, else
// 32-bit: the drawing far from the origin, 65,520 wide (20 x 3,276), and
// 65,540 wide (20 x 3,277) joins as drawn on both implementations.
TEST(HoleBridges, TheDrawingScaledOrMovedJoinsTheSameOnBoth) {
  struct Case {
    int scale, offset;
  };
  for (const Case c : {Case{1, 2'000'000'000}, Case{3276, 0}, Case{3277, 0},
                       Case{3277, 1'000'000'000}}) {
    SCOPED_TRACE(::testing::Message()
                 << "scale " << c.scale << ", offset " << c.offset);
    const auto move = [&](const Loop& loop) {
      return moved(loop, c.scale, c.offset);
    };
    const Loop expected = move(kJoinedClearOfTheSlit);
    int dropped = 0;
    EXPECT_EQ(ref::joinHoles(move(kOutline),
                             {move(kHoleH1), move(kHoleH2), move(kHoleH3)}, 1,
                             dropped),
              expected);
    EXPECT_EQ(dropped, 0);
    const opt::contours::JoinResult joined = opt::contours::joinHoles(
        move(kOutline), {move(kHoleH1), move(kHoleH2), move(kHoleH3)}, 1,
        /*checkCrossing=*/true);
    EXPECT_EQ(joined.loop, expected);
    EXPECT_EQ(joined.joined, 3);
    EXPECT_FALSE(joined.properCrossing);
  }
}

// The crossing check after joining (readings R11) on the joined holes'
// sides: two unit sides (one step along x or z) never cross properly, but a
// unit side crossed by a longer one does. Region 1 is a 12 x 10 floor; H1 is
// the cell (5, 2), H2 the triangle A B C, whose side A C passes through H1:
//
//   z 6   A   .   .   .   B
//     5     .            .
//     4        .        .
//     3       +--x+     .     x: A C crosses H1's top side at (5.8, 3)
//     2       +---x .  .      and its right side at (6, 2.67)
//     1               C
//       x 4   5   6   7   8
//
// - H2 joins first (leftmost vertex A (4, 6)): the outline's corner (0, 10)
//   is nearest (16 + 16) and passes.
// - H1 from (5, 2): C (7, 1) is nearest (4 + 1); the loop's cone at C
//   (from B on to A again) is reflex and holds (5, 2), H1's cone at (5, 2)
//   holds C, and the bridge passes below H1's right side (z 1.5 at x 6):
//   H1 joins there, after C, and C comes again after H1.
// The joined loop holds A C and H1's sides, which cross: both
// implementations report it, where a check that passed over every pair
// with a unit side would not.
TEST(HoleBridges, AUnitSideCrossedByALongerOneIsACrossingOnBoth) {
  const Loop outline{P(0, 0, -1), P(12, 0, -1), P(12, 10, -1), P(0, 10, -1)};
  const Loop h1{P(6, 2, 0), P(5, 2, 0), P(5, 3, 0), P(6, 3, 0)};
  const Loop h2{P(4, 6, 0), P(8, 6, 0), P(7, 1, 0)};
  const Loop expected{P(0, 0, -1), P(12, 0, -1), P(12, 10, -1), P(0, 10, 1),
                      P(4, 6, 0),  P(8, 6, 0),   P(7, 1, 1),    P(5, 2, 0),
                      P(5, 3, 0),  P(6, 3, 0),   P(6, 2, 0),    P(5, 2, 1),
                      P(7, 1, 0),  P(4, 6, 1),   P(0, 10, -1)};
  int dropped = 0;
  const Loop reference = ref::joinHoles(outline, {h1, h2}, 1, dropped);
  EXPECT_EQ(reference, expected);
  EXPECT_EQ(dropped, 0);
  EXPECT_TRUE(ref::hasProperCrossing(reference));
  const opt::contours::JoinResult joined =
      opt::contours::joinHoles(outline, {h1, h2}, 1, /*checkCrossing=*/true);
  EXPECT_EQ(joined.loop, expected);
  EXPECT_EQ(joined.joined, 2);
  EXPECT_TRUE(joined.properCrossing);
}

// Unit sides that meet without crossing: holes A and B are cells (2, 2)
// and (3, 3), which share the corner (3, 3), and C, the cell (7, 7), has
// its corner (8, 8) on the outline's side from (10, 6) to (6, 10). Every
// hole joins, and nothing crosses: sides that meet at a corner, or where
// one's end lies on the other, do not cross properly.
TEST(HoleBridges, UnitSidesThatMeetDoNotCrossOnBoth) {
  const Loop outline{P(0, 0, -1), P(10, 0, -1), P(10, 6, -1), P(6, 10, -1),
                     P(0, 10, -1)};
  const Loop a{P(3, 2, 0), P(2, 2, 0), P(2, 3, 0), P(3, 3, 0)};
  const Loop b{P(4, 3, 0), P(3, 3, 0), P(3, 4, 0), P(4, 4, 0)};
  const Loop c{P(8, 7, 0), P(7, 7, 0), P(7, 8, 0), P(8, 8, 0)};
  int dropped = 0;
  const Loop reference = ref::joinHoles(outline, {a, b, c}, 1, dropped);
  EXPECT_EQ(dropped, 0);
  EXPECT_FALSE(ref::hasProperCrossing(reference));
  const opt::contours::JoinResult joined =
      opt::contours::joinHoles(outline, {a, b, c}, 1, /*checkCrossing=*/true);
  EXPECT_EQ(joined.loop, reference);
  EXPECT_EQ(joined.joined, 3);
  EXPECT_FALSE(joined.properCrossing);
}

// One hole into `outline` (region 1) on both implementations: joined as
// `expected`, nothing dropped, nothing crossing.
void expectOneHoleJoinedAs(const Loop& outline, const Loop& hole,
                           const Loop& expected) {
  int dropped = 0;
  EXPECT_EQ(ref::joinHoles(outline, {hole}, 1, dropped), expected);
  EXPECT_EQ(dropped, 0);
  const opt::contours::JoinResult joined =
      opt::contours::joinHoles(outline, {hole}, 1, /*checkCrossing=*/true);
  EXPECT_EQ(joined.loop, expected);
  EXPECT_EQ(joined.joined, 1);
  EXPECT_FALSE(joined.properCrossing);
}

// Two candidates tied at the grid's reach. Region 1 lies inside the
// outline A O C B E F, starting at A; the hole is the cell (8, 4), its
// leftmost vertex p (8, 4). Four characters a unit along x:
//
//   z 9  F . . . . . . . . . . . . . . . . . . . . . . . E
//     8    .                                             .
//     7      .                                           .
//     6          .                                       .
//     5            .                     + - +           .
//     4              A . . . . . . . . . p - +           .
//     3          .                             .         .
//     2        .                                   .     .
//     1      .                                           B
//     0  O . . . . . . . . . . . . . . . . . . . . . . . C
//    x   0   1   2   3   4   5   6   7   8   9   10  11  12
//
// A (3, 4) and B (12, 1) are both 25 from p (25 + 0, 16 + 9); every other
// vertex is further (C 32). Both bridges pass: A's cone is reflex and opens
// east, B lies on the straight side C E and p to its west, p's cone is all
// but the cell, and neither segment comes near another edge. The tie goes
// to the lower index in the loop, A (0 against 3).
// The optimized joining's grid has buckets 4 wide here (13 x 10 positions,
// 10 vertices: 13 a bucket, rounded up to a power of two), and looks first
// in p's bucket (x 8-11, z 4-7) and the eight around it, which hold B but
// not A: a node found there is final only when nearer than side + 1 = 5.
// B, at exactly 5, is not, and the wider search finds A.
TEST(HoleBridges, ATieAtTheGridsReachGoesByIndexOnBoth) {
  const Loop outline{P(3, 4, -1),  P(0, 0, -1),  P(12, 0, -1),
                     P(12, 1, -1), P(12, 9, -1), P(0, 9, -1)};
  const Loop hole{P(9, 4, 0), P(8, 4, 0), P(8, 5, 0), P(9, 5, 0)};
  const Loop expected{P(3, 4, 1),   P(8, 4, 0),   P(8, 5, 0),   P(9, 5, 0),
                      P(9, 4, 0),   P(8, 4, 1),   P(3, 4, -1),  P(0, 0, -1),
                      P(12, 0, -1), P(12, 1, -1), P(12, 9, -1), P(0, 9, -1)};
  expectOneHoleJoinedAs(outline, hole, expected);
}

// Two candidates tied in neighbouring buckets. Region 1 lies inside the
// outline, which starts at A (8, 3), runs round the 14 x 10 box
// anticlockwise and comes back to A by the one diagonal side, from B
// (7, 4); the hole is the cell (8, 4), its leftmost vertex p (8, 4). Four
// characters a unit along x:
//
//   z10  + . . . . . . . . . . . . . . . . . . . . . . . . . . . +
//     9  .                                                       .
//     8  .                                                       .
//     7  .                                                       .
//     6  .                                                       .
//     5  .                               + - +                   .
//     4  + . . . . . . . . . . . . . B   p - +                   .
//     3                                  A                       .
//     2                                  .                       .
//     1                                  .                       .
//     0                                  + . . . . . . . . . . . +
//    x   0   1   2   3   4   5   6   7   8   9   10  11  12  13  14
//
// A and B are both 1 from p; every other vertex is further (A's neighbour
// (8, 0) 16). Both bridges pass: A's cone is reflex and holds p (left of
// B A), B's is reflex and p is left of B A, p's cone is all but the cell,
// and each bridge has only its own ends' edges near it. The tie goes to
// the lower index, A (0 against 6).
// The optimized joining's grid has buckets 4 wide from (0, 0) (15 x 11
// positions, 11 vertices: 15 a bucket, rounded up to a power of two): p is
// a bucket's corner, B lies in the bucket west of p's and A in the one
// south, which is no further from p than B. Read after B's, it must still
// be read, and its A wins the tie.
TEST(HoleBridges, ATieAcrossNeighbouringBucketsGoesByIndexOnBoth) {
  const Loop outline{P(8, 3, -1),  P(8, 0, -1), P(14, 0, -1), P(14, 10, -1),
                     P(0, 10, -1), P(0, 4, -1), P(7, 4, -1)};
  const Loop hole{P(9, 4, 0), P(8, 4, 0), P(8, 5, 0), P(9, 5, 0)};
  const Loop expected{P(8, 3, 1),   P(8, 4, 0),    P(8, 5, 0),   P(9, 5, 0),
                      P(9, 4, 0),   P(8, 4, 1),    P(8, 3, -1),  P(8, 0, -1),
                      P(14, 0, -1), P(14, 10, -1), P(0, 10, -1), P(0, 4, -1),
                      P(7, 4, -1)};
  expectOneHoleJoinedAs(outline, hole, expected);
}

}  // namespace
}  // namespace regcon
