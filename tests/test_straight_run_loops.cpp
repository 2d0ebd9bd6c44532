// §6 step 2 on loops of long straight runs: the optimized farthest-vertex
// scan reads only the ends of each run of equal steps
// (optimized/contours_simplify.cpp), the reference every vertex. Skyline
// loops with flat roofs parallel to the floor (ties between a whole run's
// vertices, settled by position), tall walls, staircases and diagonal
// slopes, portals where the neighbour value changes, under several
// MaxError, MaxEdgeLength and straight-border settings, give the same
// vertices from both, packed and plain; one loop wider than the scan's
// extent limit takes the vertex-by-vertex scan.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "tests/simplify_cases.h"

namespace regcon {
namespace {
namespace straight_runs {

using namespace simplify_cases;

// A loop anticlockwise (x right, z up), one vertex a unit step:
//
//        roof (heights by column, walked right to left; a change of
//        height is a wall of unit steps, or a diagonal slope)
//   z h  +--+     +-----+
//        |  +-----+     |
//        |              |
//   z 0  +--------------+   floor, walked left to right
//        x0            x0 + width * stretch
//
// Each column is `stretch` unit steps wide. Neighbour values change
// between runs of `runLength` vertices.
struct Skyline {
  int x0 = 0, stretch = 1;
  std::vector<int> heights;  // by column, at least 1
  std::vector<bool> slopes;  // by column: reach the column's height by
                             // diagonal steps instead of a wall
  int runLength = 7;
  int neighbourSeed = 0;
};

Loop skylineLoop(const Skyline& s) {
  Loop loop;
  std::mt19937 pick(static_cast<unsigned>(s.neighbourSeed));
  int neighbour = kNeighbours[pick() % kNeighbours.size()];
  auto add = [&](int x, int z) {
    if (loop.size() % static_cast<size_t>(s.runLength) == 0) {
      neighbour = kNeighbours[pick() % kNeighbours.size()];
    }
    loop.push_back({x, static_cast<int>(loop.size() % 5), z, neighbour});
  };
  const int columns = static_cast<int>(s.heights.size());
  const int right = s.x0 + columns * s.stretch;
  for (int x = s.x0; x < right; ++x) add(x, 0);  // floor
  int x = right, z = 0;
  for (int c = columns - 1; c >= 0; --c) {
    const int h = s.heights[c];
    if (s.slopes[c] && h != z && std::abs(h - z) <= s.stretch) {
      while (z != h) {  // diagonal steps, then the rest of the roof
        add(x, z);
        z += h > z ? 1 : -1;
        --x;
      }
    } else {
      while (z != h) {  // a wall
        add(x, z);
        z += h > z ? 1 : -1;
      }
    }
    const int left = s.x0 + c * s.stretch;
    while (x > left) {  // the roof
      add(x, z);
      --x;
    }
  }
  while (z > 0) {  // the left wall down to the floor's first vertex
    add(x, z);
    --z;
  }
  return loop;
}

Skyline randomSkyline(std::mt19937& random, int x0, int stretch) {
  Skyline s;
  s.x0 = x0;
  s.stretch = stretch;
  const int columns = 1 + static_cast<int>(random() % 8);
  const int roof = 1 + static_cast<int>(random() % 12);
  for (int c = 0; c < columns; ++c) {
    // Equal heights side by side often: long roofs parallel to the floor.
    s.heights.push_back(
        random() % 3 == 0 ? roof : 1 + static_cast<int>(random() % 16));
    s.slopes.push_back(random() % 3 == 0);
  }
  s.runLength = 3 + static_cast<int>(random() % 40);
  s.neighbourSeed = static_cast<int>(random());
  return s;
}

// 2.95: the flat roof's tie below is decided and the next split is not
// made (AFlatRoofTiesAsTheReferenceSettlesIt).
constexpr std::array<double, 6> kErrors = {0.0, 0.5, 1.3, 2.0, 2.95, 3.7};

// Compares both implementations on `raw` under every setting; returns how
// many loops were compared.
int compareOnLoop(const Loop& raw) {
  const Areas areas;
  const opt::contours::BorderRules rules = areas.rules();
  const int64_t area2 = ref::signedArea2(raw);
  int compared = 0;
  for (double maxError : kErrors) {
    for (int64_t maxEdgeLength : {0, 5, 12}) {
      for (bool straight : {false, true}) {
        const Case c{maxError, maxEdgeLength, straight};
        const Settings settings = c.settings();
        const ref::SimplifyParams params = c.params(areas.map);
        int fallbacks = 0;
        const Loop want = ref::simplifyLoop(raw, params, fallbacks);
        for (const opt::contours::RawLoop& loop :
             {packedLoop(raw), opt::contours::RawLoop::plain(raw)}) {
          const opt::contours::SimplifiedLoop got =
              opt::contours::simplifyLoop(loop, area2, settings, rules);
          EXPECT_EQ(got.vertices, want) << describe(raw, c);
          EXPECT_EQ(got.rawFallback, fallbacks > 0);
          ++compared;
        }
      }
    }
  }
  return compared;
}

// The hand-drawn case first. The floor (neighbour 0, a wall) and the rest
// (neighbour 3, another area) meet at two portals, (0,0) and (12,0):
//
//   z 3  R . . . . . . . . . . . S     roof: 11 vertices between R and S
//        .                       .
//   z 0  A . . . . . . . . . . . B     floor: A = (0,0) .. (11,0); B = (12,0)
//
// The stretch B -> A runs up the right wall, along the roof and down the
// left wall. Every roof vertex, R = (0,3) and S = (12,3) included, is 3
// from the chord B A (9 squared): they tie, and R, the lexicographically
// smallest, is kept. Then B -> R's farthest vertex, S, is 36 / sqrt(153)
// from its chord (1,296 / 153 = 8.47 squared), below 2.95² = 8.70, so at
// MaxError 2.95 the contour is A, B, R; keeping S for the tie would give
// A, B, S.
TEST(StraightRunLoops, AFlatRoofTiesAsTheReferenceSettlesIt) {
  Skyline s;
  s.heights = {3};
  s.slopes = {false};
  s.stretch = 12;
  Loop raw = skylineLoop(s);
  ASSERT_EQ(raw.size(), 30u);  // 12 + 3 + 12 + 3 unit steps
  for (size_t i = 0; i < raw.size(); ++i) raw[i].neighbor = i < 12 ? 0 : 3;
  const Areas areas;
  const Loop got =
      opt::contours::simplifyLoop(packedLoop(raw), ref::signedArea2(raw),
                                  Case{2.95, 0, true}.settings(), areas.rules())
          .vertices;
  const ContourVertex a = raw[0], b = raw[12], r = raw[27];
  ASSERT_EQ(r.x, 0);
  ASSERT_EQ(r.z, 3);
  EXPECT_EQ(got, (Loop{a, b, r}));
  EXPECT_EQ(compareOnLoop(raw), 6 * 3 * 2 * 2);
}

TEST(StraightRunLoops, SimplifyAsTheReferenceDoes) {
  std::mt19937 random(20261207);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int stretch = 1 + static_cast<int>(random() % 9);
    const Loop raw = skylineLoop(randomSkyline(random, trial % 7, stretch));
    ASSERT_GE(raw.size(), 4u);
    compared += compareOnLoop(raw);
    if (HasFailure()) return;
  }
  EXPECT_EQ(compared, 300 * 6 * 3 * 2 * 2);
}

// Past the extent limit (4,096) the scan reads every vertex: a loop 4,100
// wide, its roof of long runs at a few heights, still gives the
// reference's vertices.
TEST(StraightRunLoops, AWideLoopGivesTheReferenceVertices) {
  Skyline s;
  s.heights = {5, 9, 9, 2, 7};
  s.slopes = {false, true, false, false, true};
  s.stretch = 820;
  s.runLength = 900;
  const Loop raw = skylineLoop(s);
  EXPECT_EQ(compareOnLoop(raw), 6 * 3 * 2 * 2);
}

}  // namespace straight_runs
}  // namespace
}  // namespace regcon
