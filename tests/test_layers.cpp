// Hand-worked cases for the layer partitions: spec §4 (sweep and merge, its
// single-floor shortcut, island removal only) and readings R4 (layer-first)
// and R7 (the restart rule). Top views are drawn with z = 0 at the BOTTOM
// (z grows upwards, as in the spec's "x right, z up"); FieldBuilder::floor
// takes its rows z = 0 first, like gridFromAscii.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/scenarios.h"
#include "reference/reference.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::gridFromAscii;

// ------------------------------------------------------------- helpers

// Builds a multi-floor heightfield from spans given per cell as (y, area),
// linked the way a heightfield builder links them: each span links, in each
// direction, to the lowest span of the neighbouring cell whose floor is
// within `climb` of its own (or nowhere). Links may come out one-way.
class FieldBuilder {
 public:
  FieldBuilder(int width, int depth, int climb)
      : width_(width), depth_(depth), climb_(climb), cells_(width * depth) {}

  // One floor at height y; rows[z][x], z = 0 first. '.' or ' ' is no span,
  // '#' area 0, a digit its area.
  FieldBuilder& floor(int y, const std::vector<std::string>& rows) {
    for (int z = 0; z < static_cast<int>(rows.size()); ++z) {
      for (int x = 0; x < static_cast<int>(rows[z].size()); ++x) {
        const char c = rows[z][x];
        if (c == '.' || c == ' ') continue;
        span(x, z, y, c == '#' ? 0 : c - '0');
      }
    }
    return *this;
  }

  FieldBuilder& span(int x, int z, int y, int area) {
    cells_.at(x + z * width_).push_back({y, area});
    return *this;
  }

  Heightfield build() const {
    Heightfield hf;
    hf.width = width_;
    hf.depth = depth_;
    std::vector<std::vector<std::pair<int, int>>> cells = cells_;
    for (auto& cell : cells) std::sort(cell.begin(), cell.end());
    for (const auto& cell : cells) {
      hf.counts.push_back(static_cast<int>(cell.size()));
    }
    for (int z = 0; z < depth_; ++z) {
      for (int x = 0; x < width_; ++x) {
        for (const auto& [y, area] : cells[x + z * width_]) {
          Span s;
          s.y = y;
          s.area = area;
          for (int d = 0; d < 4; ++d) {
            const int nx = x + kDirX[d], nz = z + kDirZ[d];
            if (!hf.insideGrid(nx, nz)) continue;
            const auto& other = cells[nx + nz * width_];
            for (int j = 0; j < static_cast<int>(other.size()); ++j) {
              if (std::abs(other[j].first - y) <= climb_) {
                s.link[d] = j;
                break;
              }
            }
          }
          hf.spans.push_back(s);
        }
      }
    }
    hf.index();
    return hf;
  }

 private:
  int width_;
  int depth_;
  int climb_;
  std::vector<std::vector<std::pair<int, int>>> cells_;  // (y, area)
};

// The span of cell (x, z) whose floor is y; fails the test when absent.
int spanOf(const Heightfield& hf, int x, int z, int y) {
  const int cell = x + z * hf.width;
  for (int i = 0; i < hf.counts[cell]; ++i) {
    if (hf.spans[hf.cellStart[cell] + i].y == y) return hf.cellStart[cell] + i;
  }
  ADD_FAILURE() << "no span at (" << x << ", " << z << ") y " << y;
  return 0;
}

// The expected per-span result, from a rule on (x, z, y).
std::vector<int> expectedBy(const Heightfield& hf,
                            const std::function<int(int, int, int)>& rule) {
  std::vector<int> out;
  for (int s = 0; s < hf.spanCount(); ++s) {
    out.push_back(rule(hf.cellX(s), hf.cellZ(s), hf.spans[s].y));
  }
  return out;
}

// §4's two properties of a layer partition (any ids, 0 = none):
// no column holds two spans of one region, and any two regions joined by a
// mutual link that have the same area share a column.
// With adjacency = false only the first is checked.
::testing::AssertionResult LayerProperties(const Heightfield& hf,
                                           const std::vector<int>& regions,
                                           bool adjacency = true) {
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
      const int n = ref::neighbour(hf, s, d);
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

bool anyColumnHoldsTwoWalkableSpans(const Heightfield& hf) {
  for (int cell = 0; cell < static_cast<int>(hf.counts.size()); ++cell) {
    int walkable = 0;
    for (int i = 0; i < hf.counts[cell]; ++i) {
      walkable += hf.spans[hf.cellStart[cell] + i].area != 0;
    }
    if (walkable > 1) return true;
  }
  return false;
}

RegionResult build(const Heightfield& hf, Partition partition,
                   int64_t minRegionArea) {
  Settings settings;
  settings.partition = partition;
  settings.minRegionArea = minRegionArea;
  return ref::buildRegions(hf, settings);
}

// Checks both properties on a Layers build of hf (filtered, so islands are
// gone; removing a region without neighbours keeps both properties) and on
// the unfiltered layer regions.
void expectPropertiesOfLayerBuilds(const Heightfield& hf,
                                   int64_t minRegionArea) {
  EXPECT_TRUE(LayerProperties(hf, ref::buildLayerRegionsUnfiltered(hf, 0)));
  EXPECT_TRUE(
      LayerProperties(hf, build(hf, Partition::Layers, minRegionArea).regions));
}

// "General code + island removal + numbering": what a Layers build must
// equal whichever path it takes.
std::vector<int> generalLayerBuild(const Heightfield& hf,
                                   int64_t minRegionArea) {
  std::vector<int> regions = ref::buildLayerRegionsGeneral(hf);
  ref::removeIslands(hf, regions, minRegionArea);
  ref::renumberRegions(regions);
  return regions;
}

// ------------------------------------------- the two-floor test building
//
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
Heightfield twoFloorsAndRamp(int holeY) {
  FieldBuilder b(6, 5, 2);
  for (int y : {0, 10}) {
    b.floor(y, {"111111", y == holeY ? "11.111" : "111111", "111111"});
  }
  b.span(0, 3, 0, 1).span(5, 3, 10, 1);
  for (int x = 0; x < 6; ++x) b.span(x, 4, 2 * x, 1);
  return b.build();
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

// ------------------------------------------------- 1. shortcut vs general

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
  // main[cell] = index of the main span in its cell, -1 for a hole.
  std::vector<int> main(w * d, -1);
  std::vector<std::vector<Span>> cells(w * d);
  for (int c = 0; c < w * d; ++c) {
    if (below(100) < holePct) continue;
    Span s;
    s.area = below(100) < zeroPct ? 0 : 1 + below(areaKinds);
    if (below(100) < extraPct) {
      Span extra;  // an area-0 span below (y -20) or above (y 20)
      const bool under = below(2) == 0;
      extra.y = under ? -20 : 20;
      cells[c].push_back(under ? extra : s);
      cells[c].push_back(under ? s : extra);
      main[c] = under ? 1 : 0;
    } else {
      cells[c].push_back(s);
      main[c] = 0;
    }
  }
  for (int z = 0; z < d; ++z) {
    for (int x = 0; x < w; ++x) {
      const int c = x + z * w;
      for (int i = 0; i < static_cast<int>(cells[c].size()); ++i) {
        for (int dir = 0; dir < 4; ++dir) {
          const int nx = x + kDirX[dir], nz = z + kDirZ[dir];
          if (nx < 0 || nz < 0 || nx >= w || nz >= d) continue;
          const int nc = nx + nz * w;
          if (main[nc] < 0) continue;
          // Main spans link to the main span; extra spans now and then.
          if (i == main[c] || below(4) == 0) cells[c][i].link[dir] = main[nc];
        }
      }
    }
  }
  // Cut links between main spans: both ways, or the back link only.
  for (int z = 0; z < d; ++z) {
    for (int x = 0; x < w; ++x) {
      const int c = x + z * w;
      if (main[c] < 0) continue;
      for (int dir : {1, 2}) {
        const int nx = x + kDirX[dir], nz = z + kDirZ[dir];
        if (nx >= w || nz >= d || main[nx + nz * w] < 0) continue;
        auto& here = cells[c][main[c]].link[dir];
        auto& back = cells[nx + nz * w][main[nx + nz * w]].link[dir ^ 2];
        const int r = below(100);
        if (r < cutPct) {
          here = kNoLink;
          back = kNoLink;
        } else if (r < cutPct + oneWayPct) {
          (below(2) == 0 ? here : back) = kNoLink;
        }
      }
    }
  }
  Heightfield hf;
  hf.width = w;
  hf.depth = d;
  for (const auto& cell : cells) {
    hf.counts.push_back(static_cast<int>(cell.size()));
    hf.spans.insert(hf.spans.end(), cell.begin(), cell.end());
  }
  hf.index();
  return hf;
}

// §4 "A test compares both on random fields": on single-floor fields the
// Layers build (shortcut when no component is smaller than the minimum
// area, general code otherwise) equals general code + island removal +
// numbering, for MinRegionArea from 0 to more than the whole field. Both
// paths must be taken many times.
TEST(Layers, ShortcutEqualsGeneralCodeOnRandomSingleFloors) {
  constexpr uint32_t kSeed = 20240611;
  std::mt19937 rng(kSeed);
  int shortcutCases = 0, fallbackCases = 0;
  for (int i = 0; i < 1200; ++i) {
    const Heightfield hf = randomSingleFloor(rng);
    ASSERT_FALSE(anyColumnHoldsTwoWalkableSpans(hf));
    // 0, a small value, or anything up to more than the whole field.
    const uint32_t pick = rng() % 3;
    const int64_t minArea = pick == 0   ? 0
                            : pick == 1 ? rng() % 4
                                        : rng() % (hf.width * hf.depth + 3);
    const std::string where =
        "seed " + std::to_string(kSeed) + " case " + std::to_string(i) + " (" +
        std::to_string(hf.width) + "x" + std::to_string(hf.depth) +
        ", MinRegionArea " + std::to_string(minArea) + ")";
    const RegionResult got = build(hf, Partition::Layers, minArea);
    std::vector<int> want = ref::buildLayerRegionsGeneral(hf);
    ASSERT_TRUE(LayerProperties(hf, want)) << where;
    ref::removeIslands(hf, want, minArea);
    const int wantCount = ref::renumberRegions(want);
    ASSERT_EQ(got.regions, want) << where;
    ASSERT_EQ(got.regionCount, wantCount) << where;
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
TEST(Layers, ShortcutEqualsGeneralCodeOnSingleFloorScenarios) {
  int checked = 0;
  for (const std::string name : {"flat", "terrain", "rooms", "mosaic"}) {
    for (int size : {16, 32}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        const Heightfield hf = generateScenario(name, {size, seed});
        if (anyColumnHoldsTwoWalkableSpans(hf)) continue;
        ++checked;
        for (int64_t minArea : {0, 8, 64, 100000}) {
          SCOPED_TRACE(name + " size " + std::to_string(size) + " seed " +
                       std::to_string(seed) + " MinRegionArea " +
                       std::to_string(minArea));
          const RegionResult got = build(hf, Partition::Layers, minArea);
          EXPECT_EQ(got.regions, generalLayerBuild(hf, minArea));
          EXPECT_TRUE(LayerProperties(hf, got.regions));
        }
      }
    }
  }
  EXPECT_GE(checked, 12);
}

// ------------------------------------------------------- 2. two floors

// Upper floor with the hole (U(2,1) missing), ground floor whole.
// Monotone (§3), row by row (sweeps in order of first span; in a cell the
// ground span comes first):
//   z=0: sweeps G-row, U-row: new 1, 2.
//   z=1: G-row touches {1}: continues 1. U is split by the hole into
//        U(0..1) and U(3..5); both touch 2, so both are new: 3, 4.
//   z=2: G-row continues 1; the U-row touches {3, 4}: new 5.
//   z=3: P0 touches {1} (G(0,2)), P5 touches {5} (U(5,2)): continue.
//   z=4: the ramp touches {1 via P0, 5 via P5}: new 6.
// Overlaps: 1 with 2, 3, 4, 5; 6 with none. Adjacent: 1-6, 2-3, 2-4, 3-5,
// 4-5, 5-6. Merge pass 1 (R7): a=1 takes 6 (the ramp overlaps nothing);
// a=2 takes 3; a=4 merges into 2; a=5: partner 1 overlaps it, so 2 takes
// it. Pass 2 merges nothing (1 and 2 overlap). So the four upper pieces,
// which do not overlap each other, merge; ground and upper, which overlap,
// stay apart although they are both adjacent to the ramp; the ramp goes
// with the ground (1 comes first). Final ids by first span: G(0,0) is
// span 0 -> 1, U(0,0) span 1 -> 2. Both have neighbours (1-2 through P5).
TEST(Layers, OverlappingFloorsStayApart) {
  const Heightfield hf = twoFloorsAndRamp(10);
  EXPECT_EQ(ref::buildMonotoneUnfiltered(hf),
            expectedBy(hf, [](int x, int z, int y) {
              if (isGround(x, z, y) || isP0(x, z, y)) return 1;
              if (isRamp(x, z, y)) return 6;
              if (z == 0) return 2;
              if (z == 1) return x < 2 ? 3 : 4;
              return 5;  // upper row 2 and P5
            }));
  const auto floorsApart = [](int x, int z, int y) {
    if (isGround(x, z, y) || isP0(x, z, y) || isRamp(x, z, y)) return 1;
    return 2;
  };
  const std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
  EXPECT_EQ(general, expectedBy(hf, floorsApart));
  EXPECT_TRUE(LayerProperties(hf, general));
  for (int64_t minArea : {0, 64}) {
    const RegionResult r = build(hf, Partition::Layers, minArea);
    EXPECT_EQ(r.regionCount, 2);
    EXPECT_EQ(r.regions, expectedBy(hf, floorsApart));
  }
  expectPropertiesOfLayerBuilds(hf, 64);
}

// ------------------------------------------------- 3. the restart rule

// Ground floor with the hole (G(2,1) missing), upper floor whole.
// Monotone:
//   z=0: G-row 1, U-row 2.
//   z=1: G(0..1) and G(3..5) both touch 1: new 3 and 4 (sweep order
//        G(0,1), U-row, G(3,1)); the U-row continues 2.
//   z=2: G-row touches {3, 4}: new 5; U-row continues 2.
//   z=3: P0 continues 5, P5 continues 2.
//   z=4: the ramp touches {5, 2}: new 6.
// Overlaps: 2 with 1, 3, 4, 5; 6 with none. Adjacent: 1-3, 1-4, 3-5, 4-5,
// 5-6, 2-6.
// Readings R7 (after a merge the pass goes on with the NEXT a):
//   a=1: partners 3, 4 -> takes 3, stops.  a=2: partner 6 -> takes the
//   ramp.  a=4 -> into 1.  a=5: partners 1, 2(ramp); 1 first -> into 1.
//   Pass 2: 1 and 2 overlap; nothing. Ramp + P5 + upper = 2, ground = 1.
// Another order gives another result: scanning on through a's partners
// after a merge (or restarting the pass at the smallest a) lets 1 take 3,
// then 4, then 5 (via 3's and 4's adjacency), then 6 (via 5) before a=2 is
// visited: the ramp would join the GROUND, and upper + P5 would stay alone.
TEST(Layers, RestartRuleDecidesWhereTheRampGoes) {
  const Heightfield hf = twoFloorsAndRamp(0);
  EXPECT_EQ(ref::buildMonotoneUnfiltered(hf),
            expectedBy(hf, [](int x, int z, int y) {
              if (isUpper(x, z, y) || isP5(x, z, y)) return 2;
              if (isRamp(x, z, y)) return 6;
              if (z == 0) return 1;
              if (z == 1) return x < 2 ? 3 : 4;
              return 5;  // ground row 2 and P0
            }));
  const auto rampWithUpper = [](int x, int z, int y) {
    if (isGround(x, z, y) || isP0(x, z, y)) return 1;
    return 2;  // upper, P5, ramp
  };
  const std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
  EXPECT_EQ(general, expectedBy(hf, rampWithUpper));
  const RegionResult r = build(hf, Partition::Layers, 0);
  EXPECT_EQ(r.regionCount, 2);
  EXPECT_EQ(r.regions, expectedBy(hf, rampWithUpper));
  expectPropertiesOfLayerBuilds(hf, 0);
}

// ---------------------------------------------- 4. one-way links between

// The restart-rule building (ground hole), with the upper side's back link
// cut: P5 no longer links +z to R(5,4), while R(5,4) still links -z to P5.
// That one-way link is no neighbour: in the monotone pass the ramp touches
// only 5 (through P0) and continues it; region 2 (upper + P5) is adjacent
// to nothing. Merge: 1 takes 3; 4 and 5 (with the ramp) merge into 1.
// Result: ground + P0 + ramp = 1 (17 + 1 + 6 = 24 spans), upper + P5 = 2
// (19 spans). With MinRegionArea 20 the upper floor is an island (19 < 20,
// no neighbouring region: its only link out is one-way) and is removed.
// With the link mutual, the ramp went to the upper floor instead (above).
TEST(Layers, OneWayLinkBetweenFloorsIsNoAdjacency) {
  Heightfield hf = twoFloorsAndRamp(0);
  const int p5 = spanOf(hf, 5, 3, 10);
  const int rampTop = spanOf(hf, 5, 4, 10);
  hf.spans[p5].link[1] = kNoLink;
  ASSERT_EQ(hf.linkTarget(rampTop, 3), p5);  // the one-way link is there
  EXPECT_EQ(ref::neighbour(hf, rampTop, 3), -1);

  const auto rampWithGround = [](int x, int z, int y) {
    if (isUpper(x, z, y) || isP5(x, z, y)) return 2;
    return 1;  // ground, P0, ramp
  };
  EXPECT_EQ(ref::buildLayerRegionsGeneral(hf), expectedBy(hf, rampWithGround));
  const RegionResult all = build(hf, Partition::Layers, 0);
  EXPECT_EQ(all.regionCount, 2);
  EXPECT_EQ(all.regions, expectedBy(hf, rampWithGround));

  const RegionResult filtered = build(hf, Partition::Layers, 20);
  EXPECT_EQ(filtered.regionCount, 1);
  EXPECT_EQ(filtered.regions, expectedBy(hf, [](int x, int z, int y) {
              return isUpper(x, z, y) || isP5(x, z, y) ? 0 : 1;
            }));
  expectPropertiesOfLayerBuilds(hf, 20);
}

// --------------------------------------------------------- 5. islands

// Single floor, top view (z up), digits are areas, '#' area 0:
//   z=2   1 1 2 2 . . . .
//   z=1   1 1 1 1 . . . .
//   z=0   1 1 1 1 . 1 # 3
// Components: A = the ten area-1 spans on the left; B = the two area-2
// spans (2,2), (3,2), next to A; C = (5,0) area 1, whose only link goes to
// the area-0 span; D = (7,0) area 3, likewise. Area-0 spans have no region,
// so C and D have no neighbouring region. MinRegionArea 3: C and D are
// islands (1 < 3) and are removed; B (2 < 3) has a neighbour (A) and stays,
// and nothing merges it (no merging for layers; it has no same-area
// neighbour anyway). Span order: row 0 is spans 0..3 (A), 4 (C), 5 (#),
// 6 (D); row 1 is 7..10; row 2 is 11..14. Numbering: A 1, B 2. With
// MinRegionArea 1 nothing is removed: A 1, C 2, D 3, B 4.
TEST(Layers, IslandsWithoutNeighboursGoSmallRegionsWithNeighboursStay) {
  const Heightfield hf = gridFromAscii({"1111.1#3", "1111....", "1122...."});
  const RegionResult r3 = build(hf, Partition::Layers, 3);
  EXPECT_EQ(r3.regionCount, 2);
  EXPECT_EQ(r3.regions,
            (std::vector<int>{1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2}));
  const RegionResult r1 = build(hf, Partition::Layers, 1);
  EXPECT_EQ(r1.regionCount, 4);
  EXPECT_EQ(r1.regions,
            (std::vector<int>{1, 1, 1, 1, 2, 0, 3, 1, 1, 1, 1, 1, 1, 4, 4}));
  expectPropertiesOfLayerBuilds(hf, 3);
}

// Two floors (the restart-rule building): ground + P0 has 18 spans, upper +
// P5 + ramp 25, and they are adjacent (P0 - R(0,4)), same area. With
// MinRegionArea 20 (or even 1000) both have a neighbour and stay; the
// default MergeRegionArea 400 would merge the smaller into the larger under
// watershed or monotone, but the layer partition does not merge: 2 regions.
TEST(Layers, SmallLayerRegionWithANeighbourIsNeitherRemovedNorMerged) {
  const Heightfield hf = twoFloorsAndRamp(0);
  for (int64_t minArea : {20, 1000}) {
    const RegionResult r = build(hf, Partition::Layers, minArea);
    EXPECT_EQ(r.regionCount, 2);
    EXPECT_EQ(r.regions, expectedBy(hf, [](int x, int z, int y) {
                return isGround(x, z, y) || isP0(x, z, y) ? 1 : 2;
              }));
    EXPECT_TRUE(LayerProperties(hf, r.regions));
  }
}

// ---------------------------------------------- 6. properties, scenarios

// §4: "no column holds two spans of one layer, and any two adjacent
// same-area layers overlap", on the unfiltered layer regions and on Layers
// builds of the generated multi-floor scenarios.
TEST(Layers, PropertiesHoldOnMultiFloorScenarios) {
  int multiFloor = 0;
  for (const std::string name : {"multifloor", "spiral"}) {
    for (int size : {24, 32}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(name + " size " + std::to_string(size) + " seed " +
                     std::to_string(seed));
        const Heightfield hf = generateScenario(name, {size, seed});
        multiFloor += anyColumnHoldsTwoWalkableSpans(hf);
        expectPropertiesOfLayerBuilds(hf, 8);
      }
    }
  }
  EXPECT_GE(multiFloor, 8);  // most of them really have several floors
}

// ------------------------------------------------------- 7. layer-first

// Readings "Observations": computed layer-first (no cached layers) equals
// the plain layer partition, islands and numbering included.
TEST(LayerFirst, ComputedLayersEqualThePlainLayerPartition) {
  std::vector<std::pair<std::string, Heightfield>> fields{
      {"upper hole", twoFloorsAndRamp(10)},
      {"ground hole", twoFloorsAndRamp(0)}};
  for (const std::string name : {"multifloor", "spiral"}) {
    for (int size : {24, 32}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        fields.push_back({name + " size " + std::to_string(size) + " seed " +
                              std::to_string(seed),
                          generateScenario(name, {size, seed})});
      }
    }
  }
  for (auto& [what, hf] : fields) {
    hf.layers.reset();
    for (int64_t minArea : {0, 8, 64}) {
      SCOPED_TRACE(what + " MinRegionArea " + std::to_string(minArea));
      const RegionResult layers = build(hf, Partition::Layers, minArea);
      const RegionResult first = build(hf, Partition::LayerFirst, minArea);
      EXPECT_EQ(first.regions, layers.regions);
      EXPECT_EQ(first.regionCount, layers.regionCount);
      EXPECT_TRUE(LayerProperties(hf, first.regions));
    }
  }
}

// Readings R4 with a cached `layers` array, on the restart-rule building
// (ground hole). Layers of the geometry-only field: the unfiltered layer
// regions are 1 = ground + P0 and 2 = upper + P5 + ramp (see
// RestartRuleDecidesWhereTheRampGoes; the general code keeps the smallest
// id of each merged group). assignLayers in increasing region id: 1 takes
// layer 0; 2 overlaps 1, so it takes 1. So ground + P0 -> 0; upper, P5 and
// the whole ramp -> 1.
//
// The changed copy (top views, z up; ground | upper | ramp row):
//   ramp  z=4   1 1 # 1 1 1      R(2,4) (y 4) becomes area 0: an obstacle
//   z=2   ground 1 1 1 1 1 1  |  upper 1 1 1 1 1 1
//   z=1          1 1 . 1 1 1  |        1 1 1 1 1 1
//   z=0          1 1 1 1 1 1  |        2 2 1 1 1 1   U(0,0), U(1,0) -> area 2
// P0 and P5 unchanged.
//
// Layer-first with the cached layers (components of linked + same layer +
// same area; ids by first span), MinRegionArea 3:
//   G(0,0) (span 0): ground + P0, layer 0, area 1 -> 1 (18 spans; P0 does
//     not join R(0,4): other layer).
//   U(0,0) (span 1): U(0,0), U(1,0), layer 1, area 2 -> 2.
//   U(2,0): the rest of the upper floor + P5 + R(3..5,4), layer 1 -> 3.
//   R(0,4): R(0,4), R(1,4), layer 1, area 1, cut off by the obstacle -> 4.
// Islands: 4 has 2 < 3 spans but a neighbouring region (P0, region 1), 2
// has 3 as neighbour; 1 has no neighbour but 18 spans. All stay: 4 regions.
//
// A fresh Layers build of the changed field: monotone gives 1 = G row 0,
// 2 = U(0..1,0) (area 2), 3 = U(2..5,0) + upper rows 1-2 + P5 + R(3..5,4)
// (the ramp's right sweep touches only 3), 4 = G(0..1,1), 5 = G(3..5,1),
// 6 = G row 2 + P0 + R(0..1,4) (the ramp's left sweep touches only 6).
// Merging: 1 takes 4, then 5 and 6 join 1; 2 and 3 differ in area; 3 is
// adjacent to nothing else of area 1. Result: 1 = ground + P0 + R(0..1,4),
// 2 = U(0..1,0), 3 = rest of upper + P5 + R(3..5,4): 3 regions.
//
// Why they differ: the cached layers put the WHOLE ramp on the upper floor's
// layer (when the ramp was whole, R7 merged it into the upper floor). The
// layer-first rebuild never re-runs sweep and merge, so the stub R(0..1,4)
// cut off by the obstacle stays on layer 1 and cannot join the ground
// (layer 0) it is linked to; the fresh build re-decides and gives it to the
// ground. The stub and the ground are then adjacent, same area and do not
// overlap: the §4 property of plain layers does not hold for cached ones.
TEST(LayerFirst, CachedLayersAfterAnAreaChangeDifferFromAFreshBuild) {
  const Heightfield hf = twoFloorsAndRamp(0);
  const std::vector<int> layers =
      ref::assignLayers(hf, ref::buildLayerRegionsUnfiltered(hf, 0));
  EXPECT_EQ(layers, expectedBy(hf, [](int x, int z, int y) {
              return isGround(x, z, y) || isP0(x, z, y) ? 0 : 1;
            }));

  // A cached rebuild of the unchanged field equals a plain build.
  Heightfield cached = hf;
  cached.layers = layers;
  EXPECT_EQ(build(cached, Partition::LayerFirst, 3).regions,
            build(hf, Partition::Layers, 3).regions);

  Heightfield changed = hf;
  changed.spans[spanOf(changed, 2, 4, 4)].area = 0;
  changed.spans[spanOf(changed, 0, 0, 10)].area = 2;
  changed.spans[spanOf(changed, 1, 0, 10)].area = 2;
  const auto isVolume = [](int x, int z, int y) {
    return y == 10 && z == 0 && x <= 1;
  };
  const auto isObstacle = [](int x, int z, int) { return z == 4 && x == 2; };

  Heightfield changedCached = changed;
  changedCached.layers = layers;
  const RegionResult first = build(changedCached, Partition::LayerFirst, 3);
  const std::vector<int> wantFirst =
      expectedBy(changed, [&](int x, int z, int y) {
        if (isObstacle(x, z, y)) return 0;
        if (isGround(x, z, y) || isP0(x, z, y)) return 1;
        if (isVolume(x, z, y)) return 2;
        if (isRamp(x, z, y) && x <= 1) return 4;
        return 3;  // rest of upper, P5, R(3..5,4)
      });
  EXPECT_EQ(first.regionCount, 4);
  EXPECT_EQ(first.regions, wantFirst);
  // R4 spelled out: labelling, island removal, numbering.
  std::vector<int> labelled = ref::labelLayerComponents(changed, layers);
  ref::removeIslands(changed, labelled, 3);
  ref::renumberRegions(labelled);
  EXPECT_EQ(labelled, wantFirst);

  const RegionResult fresh = build(changed, Partition::Layers, 3);
  EXPECT_EQ(fresh.regionCount, 3);
  EXPECT_EQ(fresh.regions, expectedBy(changed, [&](int x, int z, int y) {
              if (isObstacle(x, z, y)) return 0;
              if (isGround(x, z, y) || isP0(x, z, y)) return 1;
              if (isRamp(x, z, y) && x <= 1) return 1;
              if (isVolume(x, z, y)) return 2;
              return 3;
            }));
  EXPECT_NE(first.regions, fresh.regions);
  // Without the cache, layer-first recomputes the layers: the fresh result.
  EXPECT_EQ(build(changed, Partition::LayerFirst, 3).regions, fresh.regions);

  // Cached layer-first keeps one layer per column, but the stub (4) and the
  // ground (1) are adjacent, same area, and do not overlap.
  EXPECT_TRUE(LayerProperties(changed, first.regions, false));
  EXPECT_FALSE(LayerProperties(changed, first.regions));
  expectPropertiesOfLayerBuilds(changed, 3);
}

}  // namespace
}  // namespace regcon
