// §6 simplification of a loop round one cell (a one-cell region or a
// one-cell hole): the optimized implementation works it out by rule
// (optimized/contours_simplify.cpp), the reference runs its passes and
// retries. Every such loop (both orientations, each corner to start from,
// every assignment of five neighbour values to its four edges) under
// MaxError, MaxEdgeLength and straight borders at and around the values
// where those rules change gives the same vertices from both, read from a
// packed raw loop and from a plain one.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "tests/simplify_cases.h"

namespace regcon {
namespace {
namespace unit_square {

using namespace simplify_cases;

// Cell (10, 20)'s corners anticlockwise from (10, 20), x right, z up:
//
//   z 21  3 --- 2
//         |     |
//   z 20  0 --- 1
//        x 10  x 11
//
// taken from `start` on, clockwise when `clockwise` (a hole's way round);
// each corner's y is its place in the loop plus 5, so a vertex taken from
// the wrong corner shows.
Loop unitSquare(bool clockwise, int start, const std::array<int, 4>& walls) {
  constexpr int kX[4] = {10, 11, 11, 10};
  constexpr int kZ[4] = {20, 20, 21, 21};
  Loop loop;
  for (int i = 0; i < 4; ++i) {
    const int corner = clockwise ? (start + 4 - i) % 4 : (start + i) % 4;
    loop.push_back({kX[corner], 5 + i, kZ[corner], walls[i]});
  }
  return loop;
}

TEST(UnitSquareLoops, SimplifyAsTheReferenceDoes) {
  const Areas areas;
  const opt::contours::BorderRules rules = areas.rules();
  // 1/sqrt(2) (a corner's distance from the diagonal) and 1 (from a side)
  // with values just either side; MaxEdgeLength 1 splits a diagonal.
  const std::vector<double> errors = {
      0, 0.7071, 0.70710678118654752, 0.7072, 0.99, 1.0, 1.3};
  int compared = 0, threeKept = 0;
  for (double maxError : errors) {
    for (int64_t maxEdgeLength : {0, 1, 2}) {
      for (bool straight : {false, true}) {
        const Case c{maxError, maxEdgeLength, straight};
        const Settings settings = c.settings();
        const ref::SimplifyParams params = c.params(areas.map);
        for (int pattern = 0; pattern < 625; ++pattern) {
          const std::array<int, 4> walls = {
              kNeighbours[pattern % 5], kNeighbours[pattern / 5 % 5],
              kNeighbours[pattern / 25 % 5], kNeighbours[pattern / 125]};
          for (bool clockwise : {false, true}) {
            for (int start = 0; start < 4; ++start) {
              const Loop raw = unitSquare(clockwise, start, walls);
              int fallbacks = 0;
              const Loop want = ref::simplifyLoop(raw, params, fallbacks);
              ASSERT_EQ(fallbacks, 0);
              const int64_t area2 = ref::signedArea2(raw);
              for (const opt::contours::RawLoop& loop :
                   {packedLoop(raw), opt::contours::RawLoop::plain(raw)}) {
                const opt::contours::SimplifiedLoop got =
                    opt::contours::simplifyLoop(loop, area2, settings, rules);
                ASSERT_EQ(got.vertices, want) << describe(raw, c);
                EXPECT_FALSE(got.rawFallback);
                EXPECT_EQ(got.area2, ref::signedArea2(want));
                ++compared;
              }
              threeKept += want.size() == 3;
            }
          }
        }
      }
    }
  }
  // The rules' every branch is met: three corners kept, and four.
  EXPECT_EQ(compared, 7 * 3 * 2 * 625 * 8 * 2);
  EXPECT_GT(threeKept, 0);
}

}  // namespace unit_square
}  // namespace
}  // namespace regcon
