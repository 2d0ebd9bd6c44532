// Hand-worked cases for the layer partitions: spec §4 (sweep and merge, its
// single-floor shortcut, island removal only) and readings R4 (layer-first)
// and R7 (the restart rule), on every implementation. Top views are drawn
// with z = 0 at the BOTTOM (z grows upwards, as in the spec's "x right, z
// up"). The two-floor building is testing::twoFloorsAndRamp
// (tests/worked_fields.cpp):
//
//   z=4   R0 R2 R4 R6 R8 R10      ramp, floor y = 2x
//   z=3   P0 .  .  .  .  P5
//   z=2   GU GU GU GU GU GU
//   z=1   GU GU H  GU GU GU       H: only the other floor
//   z=0   GU GU GU GU GU GU
//         x=0            x=5
//
// The reference's own steps on these fields (the general layer code,
// assignLayers, ...) are checked in test_reference_steps.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "checks/invariants.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"
#include "tests/worked_fields.h"

namespace regcon {
namespace {

using testing::expectedBy;
using testing::gridFromAscii;
using testing::isGround;
using testing::isP0;
using testing::isP5;
using testing::isRamp;
using testing::isUpper;
using testing::LayerProperties;
using testing::spanOf;
using testing::twoFloorsAndRamp;

class Layers : public testing::EveryImplementation {
 protected:
  RegionResult build(const Heightfield& hf, Partition partition,
                     int64_t minRegionArea) const {
    Settings settings;
    settings.partition = partition;
    settings.minRegionArea = minRegionArea;
    return impl().regions(hf, settings);
  }

  // The Layers build with `minRegionArea` has `regionCount` regions, each
  // span's id as `rule` gives it from (x, z, y), and §4's two properties.
  void expectLayers(const Heightfield& hf, int64_t minRegionArea,
                    int regionCount,
                    const std::function<int(int, int, int)>& rule) const {
    SCOPED_TRACE(::testing::Message()
                 << "Layers, MinRegionArea " << minRegionArea);
    const RegionResult r = build(hf, Partition::Layers, minRegionArea);
    EXPECT_EQ(r.regionCount, regionCount);
    EXPECT_EQ(r.regions, expectedBy(hf, rule));
    EXPECT_TRUE(LayerProperties(hf, r.regions));
  }
};
ON_EVERY_IMPLEMENTATION(Layers);

class LayerFirst : public Layers {};
ON_EVERY_IMPLEMENTATION(LayerFirst);

// ------------------------------------------------------- 1. two floors

// The monotone partition of twoFloorsAndRamp(holeY), as worked out below
// for each floor with the hole: the whole floor and its bridge are one
// region (1 for the ground, 2 for the upper floor), the ramp is 6; the
// floor with the hole has row 0 (the other id of 1 and 2), 3 and 4 either
// side of the hole in row 1, and 5 for row 2 and its bridge.
std::function<int(int, int, int)> monotoneAroundTheHole(int holeY) {
  return [holeY](int x, int z, int y) {
    const bool groundIsWhole = holeY != 0;
    if (groundIsWhole ? isGround(x, z, y) || isP0(x, z, y)
                      : isUpper(x, z, y) || isP5(x, z, y)) {
      return groundIsWhole ? 1 : 2;
    }
    if (isRamp(x, z, y)) return 6;
    if (z == 0) return groundIsWhole ? 2 : 1;
    if (z == 1) return x < 2 ? 3 : 4;
    return 5;
  };
}

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
TEST_P(Layers, OverlappingFloorsStayApart) {
  const Heightfield hf = twoFloorsAndRamp(10);
  EXPECT_EQ(testing::unfilteredPartition(impl(), hf, Partition::Monotone),
            expectedBy(hf, monotoneAroundTheHole(10)));
  const auto floorsApart = [](int x, int z, int y) {
    if (isGround(x, z, y) || isP0(x, z, y) || isRamp(x, z, y)) return 1;
    return 2;
  };
  for (int64_t minArea : {0, 64}) expectLayers(hf, minArea, 2, floorsApart);
}

// ------------------------------------------------- 2. the restart rule

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
TEST_P(Layers, RestartRuleDecidesWhereTheRampGoes) {
  const Heightfield hf = twoFloorsAndRamp(0);
  EXPECT_EQ(testing::unfilteredPartition(impl(), hf, Partition::Monotone),
            expectedBy(hf, monotoneAroundTheHole(0)));
  const auto rampWithUpper = [](int x, int z, int y) {
    if (isGround(x, z, y) || isP0(x, z, y)) return 1;
    return 2;  // upper, P5, ramp
  };
  expectLayers(hf, 0, 2, rampWithUpper);
}

// ---------------------------------------------- 3. one-way links between

// The restart-rule building (ground hole), with the upper side's back link
// cut: P5 no longer links +z to R(5,4), while R(5,4) still links -z to P5.
// That one-way link is no neighbour: in the monotone pass the ramp touches
// only 5 (through P0) and continues it; region 2 (upper + P5) is adjacent
// to nothing. Merge: 1 takes 3; 4 and 5 (with the ramp) merge into 1.
// Result: ground + P0 + ramp = 1 (17 + 1 + 6 = 24 spans), upper + P5 = 2
// (19 spans). With MinRegionArea 20 the upper floor is an island (19 < 20,
// no neighbouring region: its only link out is one-way) and is removed.
// With the link mutual, the ramp went to the upper floor instead (above).
TEST_P(Layers, OneWayLinkBetweenFloorsIsNoAdjacency) {
  Heightfield hf = twoFloorsAndRamp(0);
  const int p5 = spanOf(hf, 5, 3, 10);
  const int rampTop = spanOf(hf, 5, 4, 10);
  hf.spans[p5].link[1] = kNoLink;
  ASSERT_EQ(hf.linkTarget(rampTop, 3), p5);  // the one-way link is there
  EXPECT_EQ(checks::mutualNeighbour(hf, rampTop, 3), -1);

  const auto rampWithGround = [](int x, int z, int y) {
    if (isUpper(x, z, y) || isP5(x, z, y)) return 2;
    return 1;  // ground, P0, ramp
  };
  expectLayers(hf, 0, 2, rampWithGround);
  expectLayers(hf, 20, 1, [](int x, int z, int y) {
    return isUpper(x, z, y) || isP5(x, z, y) ? 0 : 1;
  });
}

// --------------------------------------------------------- 4. islands

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
TEST_P(Layers, IslandsWithoutNeighboursGoSmallRegionsWithNeighboursStay) {
  const Heightfield hf = gridFromAscii({"1111.1#3", "1111....", "1122...."});
  const RegionResult r3 = build(hf, Partition::Layers, 3);
  EXPECT_EQ(r3.regionCount, 2);
  EXPECT_EQ(r3.regions,
            (std::vector<int>{1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2}));
  const RegionResult r1 = build(hf, Partition::Layers, 1);
  EXPECT_EQ(r1.regionCount, 4);
  EXPECT_EQ(r1.regions,
            (std::vector<int>{1, 1, 1, 1, 2, 0, 3, 1, 1, 1, 1, 1, 1, 4, 4}));
  EXPECT_TRUE(LayerProperties(hf, build(hf, Partition::Layers, 3).regions));
}

// Two floors (the restart-rule building): ground + P0 has 18 spans, upper +
// P5 + ramp 25, and they are adjacent (P0 - R(0,4)), same area. With
// MinRegionArea 20 (or even 1000) both have a neighbour and stay; the
// default MergeRegionArea 400 would merge the smaller into the larger under
// watershed or monotone, but the layer partition does not merge: 2 regions.
TEST_P(Layers, SmallLayerRegionWithANeighbourIsNeitherRemovedNorMerged) {
  const Heightfield hf = twoFloorsAndRamp(0);
  for (int64_t minArea : {20, 1000}) {
    expectLayers(hf, minArea, 2, [](int x, int z, int y) {
      return isGround(x, z, y) || isP0(x, z, y) ? 1 : 2;
    });
  }
}

// A spiral ramp that climbs round a 3 x 3 square and comes back over its
// own foot: the only column with two spans is the FIRST cell of the grid
// (cell 0), so an overlap scan that starts at cell 1 misses it. Floors
// (digits are y, z = 0 at the bottom; cell (0,0) also holds y 8):
//   z=2   6 5 4
//   z=1   7 . 3
//   z=0   0 1 2      (0,0): y 0 and y 8
// Spans by cell, bottom up: 0 (0,0,y0), 1 (0,0,y8), 2 (1,0), 3 (2,0),
// 4 (0,1), 5 (2,1), 6 (0,2), 7 (1,2), 8 (2,2); each links to the next step
// of the ramp (climb 1), y 0 and y 8 in cell 0 link to nothing in common.
// Monotone (§3): row 0 sweeps {0, 2, 3} -> 1 and {1} -> 2; row 1: {4}
// touches 2, {5} touches 1, both continue; row 2: {6, 7, 8} touches 2 and
// 1 -> new 3. Overlaps: 1-2 (cell 0 only). Adjacent: 1-3 (5-8), 2-3 (4-6).
// Merge (R7): a=1 takes 3; a=2's only partner, 1, overlaps it. Result:
// the lower turn 1 = {0, 2, 3, 5, 6, 7, 8}, the top {4, 1} = 2. Missing
// the overlap merges 2 into 1: one region holding two spans of cell 0.
TEST_P(Layers, OverlapInTheFirstCellOfTheGridKeepsTheSpiralApart) {
  const Heightfield hf =
      testing::floorsFromAscii({{"012", "7.3", "654"}, {"8..", "...", "..."}});
  ASSERT_EQ(hf.counts[0], 2);
  const std::vector<int> expected{1, 2, 1, 1, 2, 1, 1, 1, 1};
  for (Partition partition : {Partition::Layers, Partition::LayerFirst}) {
    const RegionResult r = build(hf, partition, 0);
    EXPECT_EQ(r.regionCount, 2) << partitionName(partition);
    EXPECT_EQ(r.regions, expected) << partitionName(partition);
    EXPECT_TRUE(LayerProperties(hf, r.regions));
  }
}

// ---------------------------------------------- 5. properties, scenarios

// §4: "no column holds two spans of one layer, and any two adjacent
// same-area layers overlap", on the unfiltered layer regions and on Layers
// builds of the generated multi-floor scenarios.
TEST_P(Layers, PropertiesHoldOnMultiFloorScenarios) {
  int multiFloor = 0;
  for (const testing::NamedField& field : testing::multiFloorScenarios()) {
    SCOPED_TRACE(field.name);
    multiFloor += testing::anyColumnHoldsTwoWalkableSpans(field.hf);
    EXPECT_TRUE(LayerProperties(field.hf,
                                build(field.hf, Partition::Layers, 8).regions));
  }
  EXPECT_GE(multiFloor, 8);  // most of them really have several floors
}

// ------------------------------------------------------- 6. layer-first

// Readings "Observations": computed layer-first (no cached layers) equals
// the plain layer partition, islands and numbering included.
TEST_P(LayerFirst, ComputedLayersEqualThePlainLayerPartition) {
  std::vector<testing::NamedField> fields{{"upper hole", twoFloorsAndRamp(10)},
                                          {"ground hole", twoFloorsAndRamp(0)}};
  for (testing::NamedField& field : testing::multiFloorScenarios()) {
    fields.push_back(std::move(field));
  }
  for (auto& [what, hf] : fields) {
    hf.layers.reset();
    for (int64_t minArea : {0, 8, 64}) {
      SCOPED_TRACE(what + " MinRegionArea " + std::to_string(minArea));
      const RegionResult layers = build(hf, Partition::Layers, minArea);
      const RegionResult first = build(hf, Partition::LayerFirst, minArea);
      EXPECT_TRUE(testing::SameRegions(hf, layers, first));
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
TEST_P(LayerFirst, CachedLayersAfterAnAreaChangeDifferFromAFreshBuild) {
  const Heightfield hf = twoFloorsAndRamp(0);
  // The layers worked out above, as a cache.
  const std::vector<int> layers = expectedBy(hf, [](int x, int z, int y) {
    return isGround(x, z, y) || isP0(x, z, y) ? 0 : 1;
  });

  // A cached rebuild of the unchanged field equals a plain build.
  Heightfield cached = hf;
  cached.layers = layers;
  EXPECT_TRUE(testing::SameRegions(hf, build(hf, Partition::Layers, 3),
                                   build(cached, Partition::LayerFirst, 3)));

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
  EXPECT_TRUE(testing::SameRegions(changed, fresh,
                                   build(changed, Partition::LayerFirst, 3)));

  // Cached layer-first keeps one layer per column, but the stub (4) and the
  // ground (1) are adjacent, same area, and do not overlap.
  EXPECT_TRUE(LayerProperties(changed, first.regions, false));
  EXPECT_FALSE(LayerProperties(changed, first.regions));
  EXPECT_TRUE(
      LayerProperties(changed, build(changed, Partition::Layers, 3).regions));
}

// Readings R4 on a single floor: a cached `layers` array is read even when
// no column holds two walkable spans, where the plain layer partition takes
// §4's shortcut (the components of "linked and same area"). One area, every
// link mutual (z = 0 is the first string):
//
//   z=1   1 1 1 1        layers   0 0 1 1
//   z=0   1 1 1 1                 0 0 1 1
//
// Layers: one component, region 1 everywhere. Layer-first with the cache:
// the components of "linked, same layer, same area" are the left half
// (layer 0; first span 0 -> region 1) and the right half (layer 1; first
// span 2 -> region 2). Spans in index order: row z=0, x=0..3, then z=1.
TEST_P(LayerFirst, CachedLayersSplitASingleFloor) {
  Heightfield hf = gridFromAscii({"1111", "1111"});
  hf.layers = std::vector<int>{0, 0, 1, 1, 0, 0, 1, 1};
  ASSERT_FALSE(checks::anyColumnHoldsTwoWalkableSpans(hf));
  const RegionResult plain = build(hf, Partition::Layers, 0);
  EXPECT_EQ(plain.regionCount, 1);
  EXPECT_EQ(plain.regions, (std::vector<int>{1, 1, 1, 1, 1, 1, 1, 1}));
  const RegionResult first = build(hf, Partition::LayerFirst, 0);
  EXPECT_EQ(first.regionCount, 2);
  EXPECT_EQ(first.regions, (std::vector<int>{1, 1, 2, 2, 1, 1, 2, 2}));
}

// The islands of §5.1 under a cache, on one row with a gap (spans 0, 1, 2
// at x = 0, 1, 3; one area):
//
//   z=0   1 1 . 1        layers   0 1 . 0
//
// Components of one layer and area: {0} (layer 0), {1} (layer 1), {2}
// (layer 0, alone past the gap). MinRegionArea 2: {0} and {1} have one span
// each, but each links to a walkable span outside it (the other one, on the
// other layer), so neither is an island; {2} links to nothing: removed.
// Regions 1, 2, 0. The plain layer partition joins 0 and 1 (2 spans, kept)
// and removes 2 as well: 1, 1, 0.
TEST_P(LayerFirst, CachedLayersOnASingleFloorKeepTheirIslandRule) {
  Heightfield hf = gridFromAscii({"11.1"});
  hf.layers = std::vector<int>{0, 1, 0};
  const RegionResult plain = build(hf, Partition::Layers, 2);
  EXPECT_EQ(plain.regions, (std::vector<int>{1, 1, 0}));
  const RegionResult first = build(hf, Partition::LayerFirst, 2);
  EXPECT_EQ(first.regionCount, 2);
  EXPECT_EQ(first.regions, (std::vector<int>{1, 2, 0}));
}

}  // namespace
}  // namespace regcon
