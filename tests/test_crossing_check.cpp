// §6's proper-crossing check (ref::hasProperCrossing,
// opt::contours::hasProperCrossing) on loops drawn by hand, and the two
// implementations against each other on small random loops, where
// touching, collinear and repeated vertices are common, and on wide ones,
// whose long slanted edges pass many buckets of the optimized check's grid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "optimized/contours_steps.h"
#include "reference/contours_steps.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::P;

void expectBoth(const Loop& loop, bool crossing) {
  EXPECT_EQ(ref::hasProperCrossing(loop), crossing);
  EXPECT_EQ(opt::contours::hasProperCrossing(loop), crossing);
}

// x right, z up. Edges 0 and 2 cross at (1, 1):
//
//   z 2  3     1
//        | \ / |
//        |  X  |
//        | / \ |
//   z 0  0     2
//       x 0    x 2
TEST(CrossingCheck, ABowTieCrossesBetweenEdgesZeroAndTwo) {
  expectBoth(Loop{P(0, 0, 0), P(2, 2, 0), P(2, 0, 0), P(0, 2, 0)}, true);
}

// Edge 1 (2,0)-(2,4) crosses the closing edge 4 (0,2)-(4,2) at (2, 2);
// no other pair meets but at a shared vertex:
//
//   z 4     3--2
//          /   |
//   z 2  4-----+---0
//              | /
//   z 0        1
//       x 0 1  2   4
TEST(CrossingCheck, AnEdgeCrossesTheClosingEdge) {
  expectBoth(Loop{P(4, 2, 0), P(2, 0, 0), P(2, 4, 0), P(1, 4, 0), P(0, 2, 0)},
             true);
}

// Loops that touch themselves without crossing. The first passes twice
// through (2, 2): edges 0 and 3 meet there end to end, as do 1 and 4.
//
//   z 4  5           3
//        |  \     /  |
//   z 2  |    1=4    |      (vertices 1 and 4 both at (2, 2))
//        |  /     \  |
//   z 0  0           2
//       x 0    2     4
//
// The second runs out from (2, 2) down to (2, 1) and back: a slit whose
// two edges lie on one segment.
//
//   z 2  6----3=5----2      (vertices 3 and 5 both at (2, 2))
//        |     |     |
//   z 1  |     4     |
//        |           |
//   z 0  0-----------1
//       x 0    2     4
TEST(CrossingCheck, TouchingAndSlitsAreNotCrossings) {
  expectBoth(Loop{P(0, 0, 0), P(2, 2, 0), P(4, 0, 0), P(4, 4, 0), P(2, 2, 0),
                  P(0, 4, 0)},
             false);
  expectBoth(Loop{P(0, 0, 0), P(4, 0, 0), P(4, 2, 0), P(2, 2, 0), P(2, 1, 0),
                  P(2, 2, 0), P(0, 2, 0)},
             false);
  // A triangle's edges all share vertices; a rectangle's opposite edges
  // meet nowhere.
  expectBoth(Loop{P(0, 0, 0), P(3, 0, 0), P(0, 3, 0)}, false);
  expectBoth(Loop{P(0, 0, 0), P(3, 0, 0), P(3, 2, 0), P(0, 2, 0)}, false);
}

// Both implementations on random loops of 3 to 40 vertices: half of them
// points anywhere on a 6 x 6 grid (most cross), half walks of unit steps
// (they touch, retrace and overlap, and cross only where two diagonal
// steps do). Loops under 24 edges take the optimized
// all-pairs scan, longer ones its bucket grid. Both answers occur often,
// so neither implementation can pass by answering one way.
constexpr int kStepX[4] = {1, -1, 0, 0};
constexpr int kStepZ[4] = {0, 0, 1, -1};

Loop randomLoop(std::mt19937& rng, bool walk) {
  const int n = 3 + static_cast<int>(rng() % 38);
  Loop loop;
  int x = 3, z = 3;
  for (int i = 0; i < n; ++i) {
    if (walk) {
      // Along an axis four times in six, diagonally once, else staying put
      // (a repeated vertex).
      const int step = static_cast<int>(rng() % 6);
      if (step < 4) {
        x += kStepX[step];
        z += kStepZ[step];
      } else if (step == 4) {
        x += rng() % 2 == 0 ? 1 : -1;
        z += rng() % 2 == 0 ? 1 : -1;
      }
    } else {
      x = static_cast<int>(rng() % 6);
      z = static_cast<int>(rng() % 6);
    }
    loop.push_back(P(x, z, 0));
  }
  return loop;
}

// `trials` loops from make(rng, odd trial): both implementations give the
// reference's answer, and at least a quarter of the loops cross and a
// quarter do not.
void expectAgreement(uint32_t seed, int trials,
                     Loop (*make)(std::mt19937&, bool)) {
  std::mt19937 rng(seed);
  int crossing = 0, clear = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const Loop loop = make(rng, trial % 2 == 1);
    const bool expected = ref::hasProperCrossing(loop);
    ASSERT_EQ(opt::contours::hasProperCrossing(loop), expected)
        << "trial " << trial << ", " << loop.size() << " vertices";
    (expected ? crossing : clear) += 1;
  }
  EXPECT_GT(crossing, trials / 4);
  EXPECT_GT(clear, trials / 4);
}

TEST(CrossingCheck, TheImplementationsAgreeOnRandomLoops) {
  expectAgreement(20261206, 4000, randomLoop);
}

// A star-shaped loop (vertices in order of angle round a centre, each at
// its own distance) cannot cross itself; with two vertices swapped it
// mostly does. Coordinates up to 4,000, 24 to 120 vertices: the grid's
// buckets are many cells wide, and edges slant across several.
Loop wideLoop(std::mt19937& rng, bool swapTwo) {
  const int n = 24 + static_cast<int>(rng() % 97);
  std::vector<double> angles(n);
  for (double& angle : angles) angle = (rng() % 100000) * 2e-5 * 3.14159265;
  std::sort(angles.begin(), angles.end());
  Loop loop;
  for (double angle : angles) {
    const double radius = 200 + rng() % 1800;
    loop.push_back(P(2000 + static_cast<int>(radius * std::cos(angle)),
                     2000 + static_cast<int>(radius * std::sin(angle)), 0));
  }
  if (swapTwo) std::swap(loop[rng() % n], loop[rng() % n]);
  return loop;
}

TEST(CrossingCheck, TheImplementationsAgreeOnWideLoops) {
  expectAgreement(20261207, 2000, wideLoop);
}

}  // namespace
}  // namespace regcon
