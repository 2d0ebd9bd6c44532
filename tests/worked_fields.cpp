#include "tests/worked_fields.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "checks/invariants.h"
#include "core/builder.h"
#include "gen/scenarios.h"
#include "interchange/compare.h"
#include "tests/test_support.h"

namespace regcon::testing {

void expectCounterClockwise(const ContourSet& set) {
  for (const Contour& c : set.contours) {
    EXPECT_GE(c.vertices.size(), 3u);
    EXPECT_GT(checks::twiceSignedArea(c.vertices), 0) << "region " << c.region;
  }
}

::testing::AssertionResult SameRegions(const Heightfield& hf,
                                       const RegionResult& expected,
                                       const RegionResult& actual) {
  CompareOptions options;
  options.distancesRequired = false;
  const Comparison comparison = compareRegions(hf, expected, actual, options);
  if (comparison.same()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << comparison.report();
}

// ---------------------------------------------------------- contours (§6)

Heightfield walledSquare() {
  return gridFromAscii({
      ".....",
      ".aaa.",
      ".aaa.",
      ".aaa.",
      ".....",
  });
}

Heightfield twoHolesField() {
  return gridFromAscii({
      "aaaaaaa",
      "aaaa.aa",
      "aaaaaaa",
      "aa.aaaa",
      "aaaaaaa",
  });
}

Heightfield twoByTwoBesideAnEmptyColumn() {
  return gridFromAscii({"aa.", "aa."});
}

Heightfield thinHookField() {
  return gridFromAscii({"......", "..a...", "..a...", "..a.a.", "aaa.a.",
                        "a..aa.", "aaaa..", "......"});
}

Loop thinHookRawLoop() {
  return {P(2, 2, 0),  P(2, 1, 0),  P(3, 1, 0),  P(3, 2, 0), P(3, 3, 0),
          P(3, 4, 0),  P(3, 5, 0),  P(2, 5, 0),  P(1, 5, 0), P(1, 6, 0),
          P(2, 6, 0),  P(3, 6, 0),  P(3, 5, 0),  P(4, 5, 0), P(4, 4, 0),
          P(4, 3, 0),  P(5, 3, 0),  P(5, 4, 0),  P(5, 5, 0), P(5, 6, 0),
          P(4, 6, 0),  P(4, 7, 0),  P(3, 7, 0),  P(2, 7, 0), P(1, 7, 0),
          P(0, 7, -1), P(0, 6, -1), P(0, 5, -1), P(0, 4, 0), P(1, 4, 0),
          P(2, 4, 0),  P(2, 3, 0)};
}

// The slits below are one-way links, which the builder's climb rule never
// makes (a flat floor links every way): built flat, then one back link cut.
Heightfield zeroAreaSlitField() {
  Heightfield hf = gridFromAscii({"aa", "aa", "aa"});
  hf.spans[3].link[0] = kNoLink;
  return hf;
}

Heightfield cornerPassedTwiceField() {
  return gridFromAscii({"aaa", "a.a", "aa."});
}

// Spans by index: (1,0) 0, (2,0) 1, (0,1) 2, the centre's lower 3 and
// upper 4, (2,1) 5, (0,2) 6, (1,2) 7, (2,2) 8. The lower centre keeps its
// -x and -z links, the upper one links +z to (1,2) and back, and (2,1)
// does not link -x: the floors are 1 apart, which the builder at climb 0
// never links, so those links are set by hand.
Heightfield centreOnTwoFloorsField() {
  HeightfieldBuilder b(3, 3);
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 3; ++x) {
      if (x != 0 || z != 0) b.add(x, z, 0, 63);
    }
  }
  b.add(1, 1, 1, 63);
  Heightfield hf = b.build(LinkRule{0, false});
  hf.spans[3].link[1] = kNoLink;  // lower centre: no +z, no +x
  hf.spans[3].link[2] = kNoLink;
  hf.spans[5].link[0] = kNoLink;  // (2,1): no -x
  hf.spans[4].link[1] = 0;        // upper centre +z to (1,2) ...
  hf.spans[7].link[3] = 1;        // ... and back
  return asDrawn(std::move(hf));
}

Heightfield slitMouthField() {
  Heightfield hf = gridFromAscii({"aa", "aa"});
  hf.spans[1].link[0] = kNoLink;
  return hf;
}

Heightfield wrapAroundSlitField() {
  Heightfield hf = gridFromAscii({"aa", "aa"});
  hf.spans[2].link[3] = kNoLink;
  return hf;
}

// The ring at y 0 and the deck at y 10 are 10 apart: at climb 1 each span
// links only to its own level's spans.
Heightfield deckOverRingField() {
  HeightfieldBuilder b(5, 5);
  const std::vector<std::pair<int, std::vector<std::string>>> levels{
      {0, {"aaaaa", "a...a", "a...a", "a...a", "aaaaa"}},
      {10, {"aa...", "aa...", ".....", ".....", "....."}},
  };
  for (const auto& [y, rows] : levels) {
    for (int z = 0; z < b.depth(); ++z) {
      for (int x = 0; x < b.width(); ++x) {
        if (rows[z][x] == 'a') b.add(x, z, y, 63);
      }
    }
  }
  return b.build(LinkRule{1, false});
}

// ---------------------------------------------- the spiral ramp (test_stage)

// First drawing: the floor at y 0 round the pit (x 2..4, z 1..7) and the
// pillar (no span, x 6..8, z 3..5); second: the ramp (y 1..3, x 2..4, z 4)
// up to the deck at y 4 (x 5..9, z 2..6).
std::vector<std::vector<std::string>> spiralRampRows() {
  return {
      {"00000000000", "00...000000", "00...000000", "00...0...00",
       "00...0...00", "00...0...00", "00...000000", "00...000000",
       "00000000000"},
      {"...........", "...........", ".....44444.", ".....44444.",
       "..12344444.", ".....44444.", ".....44444.", "...........",
       "..........."},
  };
}

Heightfield spiralRampOverAPillar() {
  return floorsFromAscii(spiralRampRows());
}

void appendSpiralPitLoopTail(Loop& loop, int fromX) {
  for (int x = fromX; x <= 10; ++x) loop.push_back({x, 4, 2, 0});  // deck S
  for (int z = 3; z <= 7; ++z) loop.push_back({10, 4, z, 0});      // deck E
  for (int x = 9; x >= 5; --x) loop.push_back({x, 4, 7, 0});       // deck N
  loop.insert(loop.end(), {{5, 4, 6, 0},
                           {5, 4, 5, 0},
                           {4, 3, 5, 0},
                           {3, 2, 5, 0},
                           {2, 1, 5, 0},
                           {2, 0, 6, 0},
                           {2, 0, 7, 0}});
  for (int x = 2; x <= 5; ++x) loop.push_back({x, 0, 8, 0});  // pit north
  for (int z = 7; z >= 1; --z) loop.push_back({5, 0, z, 0});  // pit east
  loop.push_back({4, 0, 1, 0});
}

Loop spiralPitLoop() {
  Loop loop = {{3, 0, 1, 0}, {2, 0, 1, 0}, {2, 0, 2, 0},
               {2, 0, 3, 0}, {2, 1, 4, 0}, {3, 2, 4, 0},
               {4, 3, 4, 0}, {5, 4, 4, 0}, {5, 4, 3, 0}};
  appendSpiralPitLoopTail(loop, 5);
  return loop;
}

Loop spiralPillar() {
  return {{6, 0, 3, 0}, {6, 0, 6, 0}, {9, 0, 6, 0}, {9, 0, 3, 0}};
}

Loop spiralPitCorners() {
  return {{2, 0, 1, 0},  {2, 1, 4, 0},  {5, 4, 4, 0}, {5, 4, 2, 0},
          {10, 4, 2, 0}, {10, 4, 7, 0}, {5, 4, 7, 0}, {5, 4, 5, 0},
          {2, 1, 5, 0},  {2, 0, 8, 0},  {5, 0, 8, 0}, {5, 0, 1, 0}};
}

// The spiral redrawn: the pillar is the L of row z 3 (x 6..8) and (8, 2);
// the deck reaches x 4 in rows z 2 and 3.
Heightfield spiralWithAnLPillar() {
  std::vector<std::vector<std::string>> rows = spiralRampRows();
  rows[0][2] = "00...000.00";
  rows[0][4] = "00...000000";
  rows[0][5] = "00...000000";
  rows[1][2] = "....444444.";
  rows[1][3] = "....444444.";
  return floorsFromAscii(rows);
}

// ---------------------------------------------- layers (§4, test_layers)

namespace {

// One floor at height y: rows[z][x], z = 0 first; '.' or ' ' is no span,
// '#' area 0, a digit its area.
void addFloor(HeightfieldBuilder& b, int y,
              const std::vector<std::string>& rows) {
  for (int z = 0; z < static_cast<int>(rows.size()); ++z) {
    for (int x = 0; x < static_cast<int>(rows[z].size()); ++x) {
      const char c = rows[z][x];
      if (c == '.' || c == ' ') continue;
      b.add(x, z, y, c == '#' ? 0 : c - '0');
    }
  }
}

}  // namespace

// Ground floor G (y 0) and upper floor U (y 10) over the same 6 x 3 cells
// (x 0..5, z 0..2); both area 1, climb 2. A ramp R in row z 4 climbs
// y = 2x (x 0..5); it meets the floors only through two bridge cells of row
// z 3: P0 = (0,3) at y 0 (linked to G(0,2) and R(0,4)) and P5 = (5,3) at
// y 10 (linked to U(5,2) and R(5,4)). Cells (1..4, 3) are empty, so the
// ramp has no other link. Floors never link to each other (|dy| = 10 > 2).
// One floor misses its span at (2,1) (the hole H), chosen by `holeY`.
//
//   z=4   R0 R2 R4 R6 R8 R10      ramp, floor y = 2x
//   z=3   P0 .  .  .  .  P5
//   z=2   GU GU GU GU GU GU
//   z=1   GU GU H  GU GU GU       H: only the other floor
//   z=0   GU GU GU GU GU GU
//         x=0            x=5
// The builder links by its rule at climb 2.
Heightfield twoFloorsAndRamp(int holeY) {
  HeightfieldBuilder b(6, 5);
  for (int y : {0, 10}) {
    addFloor(b, y, {"111111", y == holeY ? "11.111" : "111111", "111111"});
  }
  b.add(0, 3, 0, 1).add(5, 3, 10, 1);
  for (int x = 0; x < 6; ++x) b.add(x, 4, 2 * x, 1);
  return b.build(LinkRule{2, false});
}

bool isGround(int, int z, int y) {
  return z <= 2 && y == 0;
}
bool isUpper(int, int z, int y) {
  return z <= 2 && y == 10;
}
bool isP0(int x, int z, int) {
  return z == 3 && x == 0;
}
bool isP5(int x, int z, int) {
  return z == 3 && x == 5;
}
bool isRamp(int, int z, int) {
  return z == 4;
}

int spanOf(const Heightfield& hf, int x, int z, int y) {
  const int cell = x + z * hf.width;
  for (int i = 0; i < hf.counts[cell]; ++i) {
    if (hf.spans[hf.cellStart[cell] + i].y == y) return hf.cellStart[cell] + i;
  }
  ADD_FAILURE() << "no span at (" << x << ", " << z << ") y " << y;
  return 0;
}

std::vector<int> expectedBy(const Heightfield& hf,
                            const std::function<int(int, int, int)>& rule) {
  std::vector<int> out;
  for (int s = 0; s < hf.spanCount(); ++s) {
    out.push_back(rule(hf.cellX(s), hf.cellZ(s), hf.spans[s].y));
  }
  return out;
}

::testing::AssertionResult LayerProperties(const Heightfield& hf,
                                           const std::vector<int>& regions,
                                           bool adjacency) {
  std::set<std::pair<int, int>> overlapping;
  for (int cell = 0; cell < static_cast<int>(hf.counts.size()); ++cell) {
    for (int i = 0; i < hf.counts[cell]; ++i) {
      for (int j = i + 1; j < hf.counts[cell]; ++j) {
        const int a = regions[hf.cellStart[cell] + i];
        const int b = regions[hf.cellStart[cell] + j];
        if (a == 0 || b == 0) continue;
        if (a == b) {
          return ::testing::AssertionFailure()
                 << "cell " << cell << " holds two spans of region " << a;
        }
        overlapping.insert({std::min(a, b), std::max(a, b)});
      }
    }
  }
  for (int s = 0; adjacency && s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int n = checks::mutualNeighbour(hf, s, d);
      if (n < 0) continue;
      const int a = regions[s], b = regions[n];
      if (a == 0 || b == 0 || a == b) continue;
      if (hf.spans[s].area != hf.spans[n].area) continue;
      if (!overlapping.count({std::min(a, b), std::max(a, b)})) {
        return ::testing::AssertionFailure()
               << "regions " << a << " and " << b << " (area "
               << hf.spans[s].area << ") are adjacent at span " << s
               << " and do not overlap";
      }
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<NamedField> multiFloorScenarios() {
  std::vector<NamedField> fields;
  for (const std::string name : {"multifloor", "spiral"}) {
    for (int size : {24, 32}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        fields.push_back({name + " size " + std::to_string(size) + " seed " +
                              std::to_string(seed),
                          generateScenario(name, {size, seed})});
      }
    }
  }
  return fields;
}

}  // namespace regcon::testing
