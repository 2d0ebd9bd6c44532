// The hostile scenario shapes (pillars, serpentine,
// checkerboard, stack63) through the whole stage, on every implementation:
// counts worked out by hand from the drawing of each shape, and the same
// bytes from both implementations for every partition.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "core/builder.h"
#include "core/limits.h"
#include "gen/scenarios.h"
#include "interchange/io.h"
#include "registry/implementations.h"

namespace regcon {
namespace {

class HostileShapes : public ::testing::TestWithParam<const Implementation*> {
 protected:
  const Implementation& impl() const { return *GetParam(); }
};

// The layers partition with no island removal: a single-area floor that
// never overlaps itself is one region, whatever its shape (§4), so the
// counts below follow from the shape alone.
Settings oneRegionPerFloor() {
  Settings settings;
  settings.partition = Partition::Layers;
  settings.minRegionArea = 0;
  settings.rawContours = true;
  return settings;
}

// Pillars at spacing s on an N x N floor (N = 16, s = 2, '#' a pillar):
//   z=15 ................
//   z=14 ................
//   z=13 .#.#.#.#.#.#.#..
//   ...
//   z=1  .#.#.#.#.#.#.#..
//   z=0  ................
// Pillars at x, z = s-1, 2s-1, ... up to N-2: floor((N-1)/s) a side. Each is
// a hole of 4 corners (its raw loop; at MaxError 1.3 the diagonal chord
// keeps too few, and the MaxError 0 retry keeps the 4 corners). The outline
// is the grid's 4 corners (tile border all round, never length-split); each
// joined hole adds its 4 corners plus the two bridge ends again.
TEST_P(HostileShapes, PillarsAreOneRegionWithOneHolePerPillar) {
  for (const auto& [name, spacing] :
       {std::pair{"pillars", 2}, {"pillars4", 4}, {"pillars8", 8}}) {
    for (int size : {9, 16, 17}) {
      SCOPED_TRACE(std::string(name) + " size " + std::to_string(size));
      const Heightfield hf = generateScenario(name, {size, 1});
      const int side = (size - 1) / spacing;
      const int holes = side * side;
      ASSERT_EQ(hf.spanCount(), size * size - holes);
      const StageResult result = runStage(impl(), hf, oneRegionPerFloor());
      EXPECT_EQ(result.regions.regionCount, 1);
      ASSERT_EQ(result.contours.contours.size(), 1u);
      const Contour& contour = result.contours.contours[0];
      EXPECT_EQ(contour.rawHoles->size(), static_cast<size_t>(holes));
      EXPECT_EQ(contour.vertices.size(), static_cast<size_t>(4 + 6 * holes));
      EXPECT_EQ(result.contours.droppedHoles, 0);
      EXPECT_EQ(result.contours.rawFallbacks, 0);
    }
  }
}

// A one-cell-wide path of k cells, drawn for N = 8 (z = 7 on top):
//   ........
//   xxxxxxxx
//   .......x
//   xxxxxxxx
//   x.......
//   xxxxxxxx
//   .......x
//   xxxxxxxx
// k = N * ceil(N/2) corridor cells plus one turn per odd row below the last
// corridor row. A path has k - 1 shared edges, so its one loop has
// 4k - 2(k - 1) = 2k + 2 raw vertices.
TEST_P(HostileShapes, SerpentineIsOneLoopRoundTheWholePath) {
  for (int size : {8, 9, 16}) {
    SCOPED_TRACE("size " + std::to_string(size));
    const Heightfield hf = generateScenario("serpentine", {size, 1});
    const int corridorRows = (size + 1) / 2;
    const int turns = (size - 1) / 2;
    const int cells = size * corridorRows + turns;
    ASSERT_EQ(hf.spanCount(), cells);
    const StageResult result = runStage(impl(), hf, oneRegionPerFloor());
    EXPECT_EQ(result.regions.regionCount, 1);
    ASSERT_EQ(result.contours.contours.size(), 1u);
    const Contour& contour = result.contours.contours[0];
    EXPECT_EQ(contour.rawOutline->size(), static_cast<size_t>(2 * cells + 2));
    EXPECT_TRUE(contour.rawHoles->empty());
  }
}

// No two neighbouring cells share an area, so no region can grow or merge
// past its cell, and none is an island (each has neighbouring regions):
// N * N regions under every partition at the default settings. Each cell's
// 4 corners are portals (4 different neighbours), except at a grid corner,
// where the two tile-border edges are one stretch and their shared corner
// is 1/2 from its chord (squared), under 1.3^2: 3 vertices there.
TEST_P(HostileShapes, CheckerboardIsOneRegionPerCellUnderEveryPartition) {
  for (Partition partition : {Partition::Watershed, Partition::Monotone,
                              Partition::Layers, Partition::LayerFirst}) {
    SCOPED_TRACE(partitionName(partition));
    Settings settings;
    settings.partition = partition;
    const int size = 12;
    const StageResult result =
        runStage(impl(), generateScenario("checkerboard", {size, 1}), settings);
    EXPECT_EQ(result.regions.regionCount, size * size);
    ASSERT_EQ(result.contours.contours.size(), size_t{size * size});
    int triangles = 0, squares = 0;
    for (const Contour& contour : result.contours.contours) {
      triangles += contour.vertices.size() == 3;
      squares += contour.vertices.size() == 4;
    }
    EXPECT_EQ(triangles, 4);
    EXPECT_EQ(squares, size * size - 4);
  }
}

// 63 floors, each out of reach of the next: a column holds one span of
// every floor, so two floors never share a layer, and each floor is one
// layer: 63 regions, each a 4-corner square.
TEST_P(HostileShapes, Stack63IsOneRegionPerFloor) {
  const int size = 6;
  const Heightfield hf = generateScenario("stack63", {size, 1});
  ASSERT_EQ(hf.spanCount(), 63 * size * size);
  const StageResult result = runStage(impl(), hf, oneRegionPerFloor());
  EXPECT_EQ(result.regions.regionCount, 63);
  ASSERT_EQ(result.contours.contours.size(), 63u);
  for (const Contour& contour : result.contours.contours) {
    EXPECT_EQ(contour.vertices.size(), 4u);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryImplementation, HostileShapes,
                         ::testing::ValuesIn(allImplementations()),
                         [](const auto& info) { return info.param->name(); });

// Both implementations give the same bytes (raw loops included) on every
// hostile shape, at sizes that are odd and even and not a multiple of the
// pillar spacing, for every partition.
TEST(HostileShapesAgree, OptimizedGivesTheReferenceBytes) {
  const Implementation& reference = *findImplementation("reference");
  const Implementation& optimized = *findImplementation("optimized");
  for (const std::string name : {"pillars", "pillars4", "pillars8",
                                 "serpentine", "checkerboard", "stack63"}) {
    for (int size : {7, 18}) {
      if (name == "stack63" && size > 7) continue;  // 63 spans a cell
      const Heightfield hf = generateScenario(name, {size, 1});
      for (Partition partition : {Partition::Watershed, Partition::Monotone,
                                  Partition::Layers, Partition::LayerFirst}) {
        SCOPED_TRACE(name + " size " + std::to_string(size) + " " +
                     partitionName(partition));
        Settings settings;
        settings.partition = partition;
        settings.rawContours = true;
        std::ostringstream want, got;
        writeResult(want, runStage(reference, hf, settings));
        writeResult(got, runStage(optimized, hf, settings));
        EXPECT_TRUE(want.str() == got.str());
      }
    }
  }
}

// The optimized tracer keeps a loop of more than 4096 vertices in blocks
// of 4096 corners, the last cut to what it holds (optimized/
// contours_raw_loop.h): serpentine-64 is one loop of 2k + 2 = 4160 raw
// vertices (k = 64 * 32 + 31 cells, SerpentineIsOneLoopRoundTheWholePath),
// its last 64 in a block of their own, in the same bytes as the
// reference's.
TEST(HostileShapesAgree, ALoopPastTheTracersListGivesTheReferenceBytes) {
  const Heightfield hf = generateScenario("serpentine", {64, 1});
  const StageResult want =
      runStage(*findImplementation("reference"), hf, oneRegionPerFloor());
  const StageResult got =
      runStage(*findImplementation("optimized"), hf, oneRegionPerFloor());
  ASSERT_EQ(got.contours.contours.size(), 1u);
  EXPECT_EQ(got.contours.contours[0].rawOutline->size(), 4160u);
  std::ostringstream wantBytes, gotBytes;
  writeResult(wantBytes, want);
  writeResult(gotBytes, got);
  EXPECT_TRUE(wantBytes.str() == gotBytes.str());
}

// A strip of L cells in one row is one loop of 2L + 2 raw vertices (L
// edges along each side, one at each end): L = 2047, 2048, 4095, 4096 and
// 8191 give a loop of exactly one block, one past it, exactly two, one past
// two and exactly four blocks of the optimized tracer's 4096. The floor
// rises and falls by one every 64 cells (linked with a climb of 1), so
// each block's corners differ in y as well: a block read in another's
// place, or a vertex at a block's edge dropped, changes the bytes.
TEST(HostileShapesAgree, LoopsAtTheTracersBlockEdgesGiveTheReferenceBytes) {
  for (int length : {2047, 2048, 4095, 4096, 8191}) {
    HeightfieldBuilder builder(length, 1);
    for (int x = 0; x < length; ++x) {
      const int phase = (x / 64) % 6;  // 0 1 2 3 2 1, then again
      builder.add(x, 0, phase <= 3 ? phase : 6 - phase,
                  static_cast<int>(limits::kWalkableArea));
    }
    const Heightfield hf = builder.build(LinkRule{1});
    const StageResult want =
        runStage(*findImplementation("reference"), hf, oneRegionPerFloor());
    const StageResult got =
        runStage(*findImplementation("optimized"), hf, oneRegionPerFloor());
    ASSERT_EQ(got.contours.contours.size(), 1u) << "length " << length;
    EXPECT_EQ(got.contours.contours[0].rawOutline->size(),
              static_cast<size_t>(2 * length + 2));
    std::ostringstream wantBytes, gotBytes;
    writeResult(wantBytes, want);
    writeResult(gotBytes, got);
    EXPECT_TRUE(wantBytes.str() == gotBytes.str()) << "length " << length;
  }
}

// The optimized tracer packs a raw loop's corners in 16 bits each and keeps
// a loop with a corner past 65535 as plain vertices
// (optimized/contours_raw_loop.h). Interchange §1 stops y at 65535 and the
// grid at 32767 cells a side, but a library caller can pass more: a
// terrain lifted by 70,000 and a strip 65,600 cells long, raw loops kept,
// give the reference's bytes. A loop squeezed into 16 bits anyway would
// give y - 65536, or x - 65536 past the strip's 65,536th cell.
TEST(HostileShapesAgree, CornersPastSixteenBitsGiveTheReferenceBytes) {
  Heightfield lifted = generateScenario("terrain", {16, 1});
  for (Span& span : lifted.spans) span.y += 70000;
  HeightfieldBuilder builder(65600, 1);
  for (int x = 0; x < 65600; ++x) {
    builder.add(x, 0, 0, static_cast<int>(limits::kWalkableArea));
  }
  const Heightfield strip = builder.build(LinkRule{});
  const Heightfield* const fields[] = {&lifted, &strip};
  for (const Heightfield* hf : fields) {
    Settings settings;
    settings.rawContours = true;
    const StageResult result =
        runStage(*findImplementation("optimized"), *hf, settings);
    int highest = 0;  // the largest x or y of a raw corner
    for (const Contour& contour : result.contours.contours) {
      for (const ContourVertex& v : *contour.rawOutline) {
        highest = std::max({highest, v.x, v.y});
      }
    }
    EXPECT_GT(highest, 65535) << "width " << hf->width;
    std::ostringstream want, got;
    writeResult(want,
                runStage(*findImplementation("reference"), *hf, settings));
    writeResult(got, result);
    EXPECT_TRUE(want.str() == got.str()) << "width " << hf->width;
  }
}

// pillars-48 joins 529 holes into one outline, most of them bridged to a
// hole spliced in just before: the optimized merged loop's labels run out
// and are spread again 6 times (contours_merged_loop.h, counted once with
// a counter added), which sizes 7, 18 and 33 reach at most once.
TEST(HostileShapesAgree, DeeplyNestedHoleJoinsGiveTheReferenceBytes) {
  const Heightfield hf = generateScenario("pillars", {48, 1});
  Settings settings;
  settings.rawContours = true;
  std::ostringstream want, got;
  writeResult(want, runStage(*findImplementation("reference"), hf, settings));
  writeResult(got, runStage(*findImplementation("optimized"), hf, settings));
  EXPECT_TRUE(want.str() == got.str());
}

}  // namespace
}  // namespace regcon
