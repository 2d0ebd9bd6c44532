// Blame (kit/blame.h): a port's result, made from the reference's by one
// planted change, is blamed on the step or clause that change breaks. The
// fields are drawn by hand; each change is one a port could make.
#include <gtest/gtest.h>

#include <sstream>

#include "interchange/io.h"
#include "kit/blame.h"
#include "kit/verdict.h"
#include "registry/implementations.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using kit::Blame;
using testing::gridFromAscii;

const Implementation& reference() {
  return implementationNamed("reference");
}

// Two regions of one area meeting along a staircase, under a given
// partition: the left one (1) and the right one (2), walls all round.
//   z=3  1 1 2 2 2 2 2 2 2 2
//   z=2  1 1 1 1 2 2 2 2 2 2
//   z=1  1 1 1 1 1 1 2 2 2 2
//   z=0  1 1 1 1 1 1 1 1 2 2
Heightfield staircase() {
  Heightfield hf = gridFromAscii({
      "1111111111",
      "1111111111",
      "1111111111",
      "1111111111",
  });
  const int border[4] = {8, 6, 4, 2};  // first x of region 2, by z
  std::vector<int> regions;
  for (int z = 0; z < 4; ++z) {
    for (int x = 0; x < 10; ++x) regions.push_back(x < border[z] ? 1 : 2);
  }
  hf.regions = regions;
  return hf;
}

// A 24 x 3 room of one region, walled in: its long walls are split at
// MaxEdgeLength (a wall is a missing link inside the grid, neighbour 0).
Heightfield longRoom() {
  const std::string wall(26, '.'), row = "." + std::string(24, 'a') + ".";
  return gridFromAscii({wall, row, row, row, wall});
}

// A 7 x 7 room with a one-cell pillar in the middle (a hole), and the
// same room without it, walled in.
Heightfield roomWithPillar(bool pillar) {
  std::vector<std::string> rows(9, ".aaaaaaa.");
  rows.front() = rows.back() = ".........";
  if (pillar) rows[4][4] = '.';
  return gridFromAscii(rows);
}

// An L of cells whose stepped wall keeps a vertex at MaxError 0.5 but not
// at 1.3, walled in.
Heightfield lField() {
  return gridFromAscii({
      "..........",
      ".aaaaaaaa.",
      ".aaaaaaa..",
      ".aaaaa....",
      ".aaaa.....",
      ".aa.......",
      "..........",
  });
}

ContourSet contoursOf(const Heightfield& hf, const Settings& settings) {
  return runStage(reference(), hf, settings).contours;
}

Blame blame(const Heightfield& hf, const Settings& settings,
            const ContourSet& actual) {
  const StageResult expected = runStage(reference(), hf, settings);
  return kit::blameContours(hf, settings, expected.regions.regions,
                            expected.contours, actual);
}

TEST(Blame, AVertexYOffByOneIsVertexY) {
  const Heightfield hf = staircase();
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  actual.contours[0].vertices[1].y += 1;
  const Blame b = blame(hf, testing::unfiltered(), actual);
  EXPECT_EQ(b.label(), "§6 vertex Y");
  EXPECT_EQ(b.where,
            "region 1, contour 0, vertex 1 at (" +
                std::to_string(actual.contours[0].vertices[1].x) + ", " +
                std::to_string(actual.contours[0].vertices[1].z) + ")");
}

TEST(Blame, ALostPortalIsPortals) {
  const Heightfield hf = staircase();
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  Loop& loop = actual.contours[0].vertices;
  // Region 1's border with region 2 starts at a portal: the vertex whose
  // neighbour value is 2 after a wall (0).
  const auto portal = std::find_if(loop.begin(), loop.end(),
                                   [](auto& v) { return v.neighbor == 2; });
  ASSERT_NE(portal, loop.end());
  const std::string at =
      "(" + std::to_string(portal->x) + ", " + std::to_string(portal->z) + ")";
  loop.erase(portal);
  const Blame b = blame(hf, testing::unfiltered(), actual);
  EXPECT_EQ(b.label(), "§6 portals");
  EXPECT_EQ(b.where, "region 1, contour 0: the portal at " + at + " is lost");
}

// The reference's contours under `changed` settings must differ from its
// contours under `base`, and be blamed on `label` against them.
void expectSettingBlamed(const Heightfield& hf, const Settings& base,
                         void (*change)(Settings&), const std::string& label) {
  Settings changed = base;
  change(changed);
  const ContourSet actual = contoursOf(hf, changed);
  ASSERT_NE(actual.contours[0].vertices,
            contoursOf(hf, base).contours[0].vertices)
      << "the change must move a vertex of the first contour";
  EXPECT_EQ(blame(hf, base, actual).label(), label);
}

TEST(Blame, ARefinedRegionBorderIsStraightBorders) {
  Settings fine = testing::unfiltered();
  fine.maxError = 0.5;
  expectSettingBlamed(
      staircase(), fine, [](Settings& s) { s.straightRegionBorders = false; },
      "§6 straight borders");
}

TEST(Blame, AnUnsplitWallIsLengthSplit) {
  expectSettingBlamed(
      longRoom(), testing::unfiltered(),
      [](Settings& s) { s.maxEdgeLength = 0; }, "§6 length split");
}

TEST(Blame, AWallKeptAtAnotherErrorIsRefinement) {
  expectSettingBlamed(
      lField(), testing::unfiltered(), [](Settings& s) { s.maxError = 0.5; },
      "§6 refinement");
}

TEST(Blame, TheRawLoopKeptOnOneSideIsFallback) {
  const Heightfield hf = lField();
  Settings raw = testing::unfiltered();
  raw.rawContours = true;
  ContourSet actual = contoursOf(hf, raw);
  actual.contours[0].vertices = *actual.contours[0].rawOutline;
  EXPECT_EQ(blame(hf, testing::unfiltered(), actual).label(), "§6 fallback");
}

// Contours.HoleWithNoBridgeIsLeftOutOfTheCrossingCheck's field: the ring's
// hole finds no bridge to the lower floor's triangle (0,2) (0,1) (2,1) and
// is dropped. A port whose crossing check reads the dropped hole joins the
// raw loops instead: bridge (0,2) -> (1,1), the raw hole, back to (0,2),
// the raw lower floor. Its contour passes every raw position of the
// outline, which the reference's triangle does not.
TEST(Blame, TheRawLoopsJoinedOnOneSideIsFallback) {
  Heightfield hf =
      testing::floorsFromAscii({{"222", "2.2", "222"}, {"...", "00.", "..."}});
  hf.regions = std::vector<int>(10, 1);
  ContourSet actual = contoursOf(hf, Settings{});
  ASSERT_EQ(actual.contours.size(), 2u);
  actual.contours[1].vertices = {{0, 0, 2, 1},  {1, 2, 1, 0}, {1, 2, 2, 0},
                                 {2, 2, 2, 0},  {2, 2, 1, 0}, {1, 2, 1, 1},
                                 {0, 0, 2, -1}, {0, 0, 1, 0}, {1, 0, 1, 0},
                                 {2, 0, 1, 0},  {2, 0, 2, 0}, {1, 0, 2, 0}};
  actual.rawFallbacks = 1;
  actual.droppedHoles = 0;
  const Blame b = blame(hf, Settings{}, actual);
  EXPECT_EQ(b.label(), "§6 fallback");
  EXPECT_NE(b.where.find("the command keeps the raw loop"), std::string::npos)
      << b.where;
}

TEST(Blame, AHoleLeftUnjoinedIsHolesAssignment) {
  const Heightfield hf = roomWithPillar(true);
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  actual.contours[0].vertices =
      contoursOf(roomWithPillar(false), testing::unfiltered())
          .contours[0]
          .vertices;
  EXPECT_EQ(blame(hf, testing::unfiltered(), actual).label(),
            "§6 holes assignment");
}

TEST(Blame, AHoleOutputAsAContourOfItsOwnIsHolesAssignment) {
  const Heightfield hf = roomWithPillar(true);
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  Contour hole = actual.contours[0];
  hole.vertices = {{5, 0, 4, 0}, {4, 0, 4, 0}, {4, 0, 5, 0}, {5, 0, 5, 0}};
  actual.contours.push_back(hole);
  const Blame b = blame(hf, testing::unfiltered(), actual);
  EXPECT_EQ(b.label(), "§6 holes assignment");
  EXPECT_EQ(b.where,
            "region 1: reference has 1 contours, command 2: a clockwise loop "
            "(a hole) output as a contour");
}

TEST(Blame, TheSameVerticesJoinedElsewhereIsBridge) {
  const Heightfield hf = roomWithPillar(true);
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  Loop& loop = actual.contours[0].vertices;
  std::rotate(loop.begin(), loop.begin() + 1, loop.end());
  EXPECT_EQ(blame(hf, testing::unfiltered(), actual).label(), "§6 bridge");
}

TEST(Blame, AnExtraOutlineIsOutlineTracing) {
  const Heightfield hf = lField();
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  actual.contours.push_back(actual.contours[0]);
  EXPECT_EQ(blame(hf, testing::unfiltered(), actual).label(),
            "§6 outline tracing");
}

TEST(Blame, CountersAloneAreCounters) {
  const Heightfield hf = lField();
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  actual.droppedHoles = 2;
  const Blame b = blame(hf, testing::unfiltered(), actual);
  EXPECT_EQ(b.label(), "§6 counters");
  EXPECT_EQ(b.where, "droppedHoles: reference 0, command 2");
}

TEST(Blame, ContoursOutOfRegionOrderAreOrder) {
  const Heightfield hf = staircase();
  ContourSet actual = contoursOf(hf, testing::unfiltered());
  ASSERT_EQ(actual.contours.size(), 2u);
  std::swap(actual.contours[0], actual.contours[1]);
  EXPECT_EQ(blame(hf, testing::unfiltered(), actual).label(), "§6 order");
}

// --- regions ---------------------------------------------------------------

// Three regions in a row: 1 1 2 2 3 3.
RegionResult threeRegions() {
  RegionResult r;
  r.regionCount = 3;
  r.regions = {1, 1, 2, 2, 3, 3};
  return r;
}

Blame blameOfRegions(const std::vector<int>& actual, int count,
                     const char* partition, int64_t mergeRegionArea = 400) {
  const Heightfield hf = gridFromAscii({"aaaaaa"});
  RegionResult a;
  a.regionCount = count;
  a.regions = actual;
  return kit::blameRegions(hf, threeRegions(), a, partition, mergeRegionArea);
}

// Each change of the reference's three regions, and the step it breaks.
TEST(Blame, ARegionsChangeIsBlamedOnTheStepItBreaks) {
  const struct {
    std::vector<int> regions;
    int count;
    const char* partition;
    const char* label;
  } cases[] = {
      // renamed one to one, or only the count
      {{2, 2, 1, 1, 3, 3}, 3, "watershed", "§5.3 numbering"},
      {{1, 1, 2, 2, 3, 3}, 4, "monotone", "§5.3 numbering"},
      // a whole region left in region 0
      {{1, 1, 0, 0, 2, 2}, 2, "watershed", "§5.1 islands"},
      // two regions merged: §5 after §2 and §3, §4's own merge for layers
      {{1, 1, 1, 1, 2, 2}, 2, "watershed", "§5.2 merging"},
      {{1, 1, 1, 1, 2, 2}, 2, "layers", "§4 layers"},
      // cut otherwise: the partition's own step
      {{1, 2, 2, 2, 3, 3}, 3, "watershed", "§2 watershed"},
      {{1, 2, 2, 2, 3, 3}, 3, "monotone", "§3 monotone"},
      {{1, 2, 2, 2, 3, 3}, 3, "given", "readings R12 given partition"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(blameOfRegions(c.regions, c.count, c.partition).label(), c.label)
        << c.partition << " " << ::testing::PrintToString(c.regions);
  }
  // §5.2 merges only a region of fewer than MergeRegionArea spans: regions
  // of 2 spans merged under MergeRegionArea 2 (or 0) are the partition's.
  EXPECT_EQ(blameOfRegions({1, 1, 1, 1, 2, 2}, 2, "watershed", 3).label(),
            "§5.2 merging");
  EXPECT_EQ(blameOfRegions({1, 1, 1, 1, 2, 2}, 2, "watershed", 2).label(),
            "§2 watershed");
  EXPECT_EQ(blameOfRegions({1, 1, 1, 1, 2, 2}, 2, "monotone", 0).label(),
            "§3 monotone");
  // Unmerged where the reference merged: the same rule on the command's side.
  EXPECT_EQ(blameOfRegions({1, 2, 3, 3, 4, 4}, 4, "monotone", 0).label(),
            "§3 monotone");
  EXPECT_EQ(blameOfRegions({1, 1, 0, 0, 2, 2}, 2, "watershed").where,
            "span 2 (cell (2, 0), 0 from the bottom)");
}

// The verdict's first line names the clause (what a porter reads first).
TEST(Blame, TheVerdictsFirstLineNamesTheClause) {
  const auto hf = std::make_shared<const Heightfield>(staircase());
  const kit::CaseExpectation expected =
      kit::expectationOf(hf, testing::unfiltered(), reference());
  StageResult actual = runStage(reference(), *hf, testing::unfiltered());
  actual.contours.contours[0].vertices[1].y += 1;
  std::ostringstream text;
  writeResult(text, actual);
  kit::CommandAnswer answer;
  answer.exit.exitCode = 0;
  answer.output = text.str();
  const kit::Verdict v = kit::classifyCase(answer, expected);
  EXPECT_EQ(v.status, kit::Status::Mismatch);
  EXPECT_EQ(v.specSection, "§6");
  EXPECT_EQ(v.clause, "vertex Y");
  EXPECT_EQ(v.message.rfind("first differs in contours: §6 vertex Y (region "
                            "1, contour 0, vertex 1 at (",
                            0),
            0u)
      << v.message;
}

}  // namespace
}  // namespace regcon
