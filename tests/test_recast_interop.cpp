// recast/interop.h: regcon's heightfield and contours in Recast's types.
// Contours are checked two ways: loops drawn by hand with every flag worked
// out by hand, and the stage's own contours against rcBuildContours run by
// Recast on the same partition (fields where both keep the same vertices).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "recast/interop.h"
#include "tests/every_implementation.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using Vertex = std::array<int, 4>;  // x, y, z, flags as Recast stores them
using testing::floorsFromAscii;
using testing::gridFromAscii;

constexpr int kBand = RC_BORDER_REG;

std::vector<Vertex> verticesOf(const int* verts, int count) {
  std::vector<Vertex> out;
  for (int i = 0; i < count; ++i) {
    out.push_back(
        {verts[4 * i], verts[4 * i + 1], verts[4 * i + 2], verts[4 * i + 3]});
  }
  return out;
}
std::vector<Vertex> simplified(const rcContour& c) {
  return verticesOf(c.verts, c.nverts);
}
std::vector<Vertex> raw(const rcContour& c) {
  return verticesOf(c.rverts, c.nrverts);
}

// The same loop, whatever vertex it starts from.
bool sameCycle(const std::vector<Vertex>& a, const std::vector<Vertex>& b) {
  if (a.size() != b.size()) return false;
  for (size_t shift = 0; shift < a.size(); ++shift) {
    bool equal = true;
    for (size_t i = 0; i < a.size() && equal; ++i) {
      equal = a[(i + shift) % a.size()] == b[i];
    }
    if (equal) return true;
  }
  return a.empty();
}

std::string text(const std::vector<Vertex>& loop) {
  std::string out;
  for (const Vertex& v : loop) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%x", v[3]);
    // Appended piece by piece: gcc 12 at -O3 warns (-Wrestrict, a false
    // positive) on the chain of operator+.
    for (const std::string& piece :
         {std::string("("), std::to_string(v[0]), std::string(","),
          std::to_string(v[1]), std::string(","), std::to_string(v[2]),
          std::string(",0x"), std::string(hex), std::string(") ")}) {
      out += piece;
    }
  }
  return out;
}

// Twice the area as RecastContour.cpp's calcAreaOfPolygon2D sums it:
// positive for Recast's outlines, negative for its holes.
int recastWinding(const std::vector<Vertex>& loop) {
  int area = 0;
  for (size_t i = 0, j = loop.size() - 1; i < loop.size(); j = i++) {
    area += loop[i][0] * loop[j][2] - loop[j][0] * loop[i][2];
  }
  return area;
}

Contour contour(int region, int area, Loop vertices) {
  Contour c;
  c.region = region;
  c.area = area;
  c.vertices = std::move(vertices);
  return c;
}

// ------------------------------------------------- loops drawn by hand

// Region 1 is the left half of a 4 x 2 grid, region 2 the right half:
//
//   z=2 +---+---+---+---+      region 1's loop, counter-clockwise as the
//       | 1   1 | 2   2 |      spec traces it: (0,2) (0,0) (2,0) (2,2),
//   z=0 +---+---+---+---+      neighbours -1 -1 2 -1 (the edge to the
//       x=0     x=2     x=4    next vertex; -1 is the grid's edge).
//
// Recast's order is the reverse, each vertex naming the region across the
// edge to its next: (2,2) -> (2,0) borders region 2, the others nothing.
ContourSet halves(int rightArea) {
  ContourSet set;
  set.contours.push_back(contour(
      1, 63, {{0, 0, 2, -1}, {0, 0, 0, -1}, {2, 0, 0, 2}, {2, 0, 2, -1}}));
  set.contours.push_back(
      contour(2, rightArea,
              {{2, 0, 2, 1}, {2, 0, 0, -1}, {4, 0, 0, -1}, {4, 0, 2, -1}}));
  return set;
}

TEST(RecastInterop, LoopIsReversedAndEachVertexNamesTheEdgeToItsNext) {
  const auto chf = toRecast(gridFromAscii({"aaaa", "aaaa"}));
  const RecastContourPtr cset = toRecast(halves(63), *chf, Settings{});
  ASSERT_EQ(cset->nconts, 2);
  const std::vector<Vertex> left = simplified(cset->conts[0]);
  EXPECT_EQ(left, (std::vector<Vertex>{
                      {2, 0, 2, 2}, {2, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 2, 0}}))
      << text(left);
  EXPECT_GT(recastWinding(left), 0) << "Recast takes it for a hole";
  EXPECT_EQ(cset->conts[0].reg, 1);
  EXPECT_EQ(cset->conts[0].area, 63);
  EXPECT_EQ(cset->conts[0].nrverts, 0);
  // Region 2: (4,2) -> (4,0) -> (2,0) -> (2,2), the edge from (2,0)
  // bordering region 1.
  EXPECT_EQ(simplified(cset->conts[1]),
            (std::vector<Vertex>{
                {4, 0, 2, 0}, {4, 0, 0, 0}, {2, 0, 0, 1}, {2, 0, 2, 0}}));
}

TEST(RecastInterop, FrameComesFromTheHeightfield) {
  RecastFrame frame;
  frame.origin = {10, -2, 20};
  frame.cellSize = 0.5f;
  frame.cellHeight = 0.25f;
  const auto chf = toRecast(gridFromAscii({"aaaa", "aaaa"}), frame);
  Settings settings;
  settings.maxError = 2.5;
  const RecastContourPtr cset = toRecast(halves(63), *chf, settings);
  EXPECT_EQ(cset->width, 4);
  EXPECT_EQ(cset->height, 2);
  EXPECT_EQ(cset->borderSize, 0);
  EXPECT_EQ(cset->cs, 0.5f);
  EXPECT_EQ(cset->ch, 0.25f);
  EXPECT_EQ(cset->maxError, 2.5f);
  EXPECT_EQ(cset->bmin[0], 10.0f);
  EXPECT_EQ(cset->bmin[2], 20.0f);
  EXPECT_EQ(cset->bmax[0], 12.0f);  // 4 cells of 0.5
  EXPECT_EQ(cset->bmax[2], 21.0f);
}

TEST(RecastInterop, EdgeToARegionOfAnotherAreaIsAnAreaBorder) {
  const auto chf = toRecast(gridFromAscii({"aaaa", "aaaa"}));
  const RecastContourPtr cset = toRecast(halves(5), *chf, Settings{});
  EXPECT_EQ(simplified(cset->conts[0])[0],
            (Vertex{2, 0, 2, 2 | RC_AREA_BORDER}));
  EXPECT_EQ(simplified(cset->conts[1])[2],
            (Vertex{2, 0, 0, 1 | RC_AREA_BORDER}));
  // Walls and the grid's edge have no area across them: no flag.
  EXPECT_EQ(simplified(cset->conts[0])[1], (Vertex{2, 0, 0, 0}));
}

// A tile of 6 x 3 cells with a border band of 1 cell (region 1, all of the
// ring), region 2 = A and region 3 = B inside, all area 63:
//
//   z=3 +---+---+---+---+---+---+
//       | 1   1   1   1   1   1 |   inner rectangle x 1..5, z 1..2;
//   z=2 +   +---+---+---+---+   +   (3,1) and (3,2) lie strictly inside
//       | 1 | 2   2 | 3   3 | 1 |   its bottom and top sides, where A
//   z=1 +   +---+---+---+---+   +   and B meet the band: Recast's
//       | 1   1   1   1   1   1 |   tile-border vertices. The corners
//   z=0 +---+---+---+---+---+---+   (1,1), (1,2), (5,1), (5,2) are not.
//
// A's loop (1,2) (1,1) (3,1) (3,2), neighbours band band B band; B's loop
// (3,2) (3,1) (5,1) (5,2), neighbours A band band band. Shifted by the
// band (-1 in x and z) and reversed:
//   A: (2,1) carries B, (2,0) band, (0,0) band, (0,1) band
//   B: (4,1) band, (4,0) band, (2,0) A, (2,1) band
// with RC_BORDER_VERTEX on (2,0) and (2,1) of both.
ContourSet tile(int areaOfB) {
  ContourSet set;
  // The band's own loop: left out of the result, read for its area only.
  set.contours.push_back(contour(
      1, 63, {{0, 0, 3, -1}, {0, 0, 0, -1}, {6, 0, 0, -1}, {6, 0, 3, -1}}));
  set.contours.push_back(
      contour(2, 63, {{1, 0, 2, 1}, {1, 0, 1, 1}, {3, 0, 1, 3}, {3, 0, 2, 1}}));
  set.contours.push_back(contour(
      3, areaOfB, {{3, 0, 2, 2}, {3, 0, 1, 1}, {5, 0, 1, 1}, {5, 0, 2, 1}}));
  return set;
}

// The drawing's contours converted on its 6 x 3 grid with a band of 1.
RecastContourPtr convertedTile(int areaOfB) {
  RecastFrame frame;
  frame.borderSize = 1;
  const auto chf =
      toRecast(gridFromAscii({"aaaaaa", "aaaaaa", "aaaaaa"}), frame);
  Settings settings;
  settings.borderRegion = 1;
  return toRecast(tile(areaOfB), *chf, settings);
}

TEST(RecastInterop, TileBorderVerticesAreFlaggedAndTheBandLeftOut) {
  const RecastContourPtr cset = convertedTile(63);
  ASSERT_EQ(cset->nconts, 2);
  EXPECT_EQ(cset->conts[0].reg, 2);
  const int band = kBand | 1;
  const std::vector<Vertex> a = simplified(cset->conts[0]);
  EXPECT_EQ(a, (std::vector<Vertex>{{2, 0, 1, 3 | RC_BORDER_VERTEX},
                                    {2, 0, 0, band | RC_BORDER_VERTEX},
                                    {0, 0, 0, band},
                                    {0, 0, 1, band}}))
      << text(a);
  const std::vector<Vertex> b = simplified(cset->conts[1]);
  EXPECT_EQ(b, (std::vector<Vertex>{{4, 0, 1, band},
                                    {4, 0, 0, band},
                                    {2, 0, 0, 2 | RC_BORDER_VERTEX},
                                    {2, 0, 1, band | RC_BORDER_VERTEX}}))
      << text(b);
  EXPECT_EQ(cset->width, 4);
  EXPECT_EQ(cset->height, 1);
  EXPECT_EQ(cset->borderSize, 1);
  EXPECT_FLOAT_EQ(cset->bmin[0], 0.3f);
  EXPECT_FLOAT_EQ(cset->bmax[0], 1.5f);  // 6 cells of 0.3 less 0.3
}

// Recast keeps a vertex where the band meets two regions of different
// areas: it is an area border, not a tile-border vertex. B (area 5) sees
// the band (area 63) across another area too.
TEST(RecastInterop, BandMeetingTwoAreasIsNoTileBorderVertex) {
  const RecastContourPtr cset = convertedTile(5);
  const int band = kBand | 1;
  EXPECT_EQ(simplified(cset->conts[0])[0],
            (Vertex{2, 0, 1, 3 | RC_AREA_BORDER}));
  EXPECT_EQ(simplified(cset->conts[0])[1], (Vertex{2, 0, 0, band}));
  EXPECT_EQ(simplified(cset->conts[1])[2],
            (Vertex{2, 0, 0, 2 | RC_AREA_BORDER}));
  EXPECT_EQ(simplified(cset->conts[1])[3],
            (Vertex{2, 0, 1, band | RC_AREA_BORDER}));
}

// A 3 x 3 square (corners 0..3) around a one-cell hole (1..2): the raw
// outline goes to rverts, the raw hole becomes a contour of its own with no
// simplified vertices, as Recast leaves a hole it merged.
TEST(RecastInterop, RawOutlineAndRawHolesWhenRequested) {
  Contour c =
      contour(1, 63, {{0, 0, 3, 0}, {0, 0, 0, 0}, {3, 0, 0, 0}, {3, 0, 3, 0}});
  c.rawOutline =
      Loop{{0, 0, 3, -1}, {0, 0, 0, -1}, {3, 0, 0, -1}, {3, 0, 3, -1}};
  c.rawHoles = std::vector<Loop>{
      {{1, 0, 1, 0}, {1, 0, 2, 0}, {2, 0, 2, 0}, {2, 0, 1, 0}}};
  ContourSet set;
  set.contours.push_back(c);
  Settings settings;
  settings.rawContours = true;
  const auto chf = toRecast(gridFromAscii({"aaa", "a.a", "aaa"}));
  const RecastContourPtr cset = toRecast(set, *chf, settings);
  ASSERT_EQ(cset->nconts, 2);
  const std::vector<Vertex> outline = raw(cset->conts[0]);
  EXPECT_EQ(outline,
            (std::vector<Vertex>{
                {3, 0, 3, 0}, {3, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 3, 0}}));
  EXPECT_GT(recastWinding(outline), 0);
  EXPECT_EQ(cset->conts[1].nverts, 0);
  EXPECT_EQ(cset->conts[1].verts, nullptr);
  EXPECT_EQ(cset->conts[1].reg, 1);
  const std::vector<Vertex> hole = raw(cset->conts[1]);
  EXPECT_EQ(hole, (std::vector<Vertex>{
                      {2, 0, 1, 0}, {2, 0, 2, 0}, {1, 0, 2, 0}, {1, 0, 1, 0}}));
  EXPECT_LT(recastWinding(hole), 0) << "Recast takes it for an outline";
}

// ------------------------------------------------------------ limits

void expectLimitError(const ContourSet& set, const Settings& settings,
                      const std::string& words, int borderSize = 0) {
  RecastFrame frame;
  frame.borderSize = borderSize;
  const auto chf = toRecast(gridFromAscii({"aaaa", "aaaa", "aaaa"}), frame);
  try {
    toRecast(set, *chf, settings);
    ADD_FAILURE() << "no error; expected one naming: " << words;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(RecastInterop, RegionIdPast15BitsIsAnError) {
  ContourSet set = halves(63);
  set.contours[1].region = 32768;
  set.contours[0].vertices[2].neighbor = 32768;
  expectLimitError(set, Settings{},
                   "region 32768 is past Recast's 15-bit region ids (at most "
                   "32767)");
  set.contours[1].region = 32767;  // the largest that fits
  set.contours[0].vertices[2].neighbor = 32767;
  const auto chf = toRecast(gridFromAscii({"aaaa", "aaaa"}));
  EXPECT_EQ(toRecast(set, *chf, Settings{})->conts[1].reg, 32767);
}

TEST(RecastInterop, NeighbourIdPast15BitsIsAnError) {
  ContourSet set = halves(63);
  set.contours[0].vertices[2].neighbor = 40000;
  expectLimitError(set, Settings{}, "neighbour region 40000 is past");
}

TEST(RecastInterop, MoreVerticesThanRcBuildPolyMeshTakesIsAnError) {
  Loop loop;
  for (int i = 0; i < 65534; ++i) loop.push_back({i % 4, 0, i % 3, 0});
  ContourSet set;
  set.contours.push_back(contour(1, 63, loop));
  expectLimitError(set, Settings{},
                   "65534 contour vertices, more than 65533, the most "
                   "rcBuildPolyMesh takes");
}

TEST(RecastInterop, VertexInTheBandIsAnError) {
  expectLimitError(halves(63), Settings{}, "lies in the border band", 1);
}

TEST(RecastInterop, RawContoursAskedForButAbsentIsAnError) {
  Settings settings;
  settings.rawContours = true;
  expectLimitError(halves(63), settings,
                   "raw contours requested (rawContours) but region 1");
}

// ---------------------------------- against Recast's own rcBuildContours

// Recast's rcBuildContours on `hf` with `regions` written into its ids.
RecastContourPtr recastOwnContours(const Heightfield& hf,
                                   const std::vector<int>& regions) {
  const RecastCompactPtr chf = toRecast(hf);
  writeRecastRegions(regions, *chf);
  RecastContourPtr cset(rcAllocContourSet());
  rcContext ctx(false);
  EXPECT_TRUE(rcBuildContours(&ctx, *chf, 1.3f, 12, *cset));
  return cset;
}

EVERY_IMPLEMENTATION_SUITE(RecastContours);

// Rectangles of regions: Recast and the spec keep the same corners, so the
// converted contours must be Recast's own, vertex for vertex and flag for
// flag (raw loops too).
void expectRecastsOwn(const Implementation& impl, const Heightfield& hf,
                      const std::vector<int>& regions) {
  Settings settings;
  settings.rawContours = true;
  const ContourSet ours = impl.contours(hf, regions, settings);
  const auto chf = toRecast(hf);
  const RecastContourPtr converted = toRecast(ours, *chf, settings);
  const RecastContourPtr own = recastOwnContours(hf, regions);
  ASSERT_EQ(converted->nconts, own->nconts);
  for (int i = 0; i < own->nconts; ++i) {
    SCOPED_TRACE("contour " + std::to_string(i));
    EXPECT_EQ(converted->conts[i].reg, own->conts[i].reg);
    EXPECT_EQ(converted->conts[i].area, own->conts[i].area);
    const auto mine = simplified(converted->conts[i]);
    const auto theirs = simplified(own->conts[i]);
    EXPECT_TRUE(sameCycle(mine, theirs))
        << "converted " << text(mine) << "\nRecast's  " << text(theirs);
    EXPECT_TRUE(sameCycle(raw(converted->conts[i]), raw(own->conts[i])))
        << "converted " << text(raw(converted->conts[i])) << "\nRecast's  "
        << text(raw(own->conts[i]));
  }
}

// Regions two cells thick: a strip one cell thick keeps its far corners in
// the spec (its simplified loop would have no area, §6.3) but not in
// Recast, which then holds a contour of three collinear vertices.
const std::vector<int> kQuarters{1, 1, 2, 2, 1, 1, 2, 2,
                                 3, 3, 3, 3, 3, 3, 3, 3};

TEST_P(RecastContours, TwoRegionsOfOneAreaAreRecastsOwn) {
  // 1 1 2 2 / 1 1 2 2 / 3 3 3 3 / 3 3 3 3 (z = 0 first).
  expectRecastsOwn(impl(), gridFromAscii({"aaaa", "aaaa", "aaaa", "aaaa"}),
                   kQuarters);
}

TEST_P(RecastContours, RegionsOfTwoAreasAreRecastsOwn) {
  expectRecastsOwn(impl(), gridFromAscii({"1122", "1122", "3333", "3333"}),
                   kQuarters);
}

TEST_P(RecastContours, NotchedRegionWithoutPortalsIsRecastsOwn) {
  // Missing cells all round, so every wall is 0 (the spec's -1 of the
  // grid's edge is a neighbour change Recast does not see), and two
  // notches: kept by refinement alone.
  expectRecastsOwn(
      impl(), gridFromAscii({"......", ".aaa..", ".aaaa.", "..aaa.", "......"}),
      std::vector<int>(10, 1));
}

// ------------------------------------------------------ heightfields

TEST(RecastInterop, HeightfieldSurvivesTheRoundTrip) {
  // Two floors, ramps and a deck: links of several floors.
  const Heightfield hf =
      floorsFromAscii({{"0123", "0.34", "0004"}, {"7777", "7..7", "...."}});
  const RecastCompactPtr chf = toRecast(hf);
  EXPECT_EQ(chf->spanCount, hf.spanCount());
  const Heightfield back = fromRecast(*chf);
  EXPECT_EQ(back.width, hf.width);
  EXPECT_EQ(back.depth, hf.depth);
  EXPECT_EQ(back.counts, hf.counts);
  ASSERT_EQ(back.spanCount(), hf.spanCount());
  for (int s = 0; s < hf.spanCount(); ++s) {
    EXPECT_EQ(back.spans[s].y, hf.spans[s].y) << "span " << s;
    EXPECT_EQ(back.spans[s].area, hf.spans[s].area) << "span " << s;
    EXPECT_EQ(back.spans[s].link, hf.spans[s].link) << "span " << s;
  }
}

TEST(RecastInterop, HeightfieldInRecastsLayout) {
  // Cell (0,0) holds y 0 and y 7; cell (1,0) holds y 1.
  const Heightfield hf = floorsFromAscii({{"01"}, {"7."}});
  const RecastCompactPtr chf = toRecast(hf);
  EXPECT_EQ(chf->cells[0].index, 0u);
  EXPECT_EQ(chf->cells[0].count, 2u);
  EXPECT_EQ(chf->cells[1].index, 2u);
  EXPECT_EQ(chf->spans[1].y, 7);
  // y 0 climbs to y 1 (+x, connection index 0); y 7 reaches nothing.
  EXPECT_EQ(rcGetCon(chf->spans[0], 2), 0);
  EXPECT_EQ(rcGetCon(chf->spans[1], 2), RC_NOT_CONNECTED);
  EXPECT_EQ(rcGetCon(chf->spans[2], 0), 0);
  EXPECT_EQ(chf->areas[2], 63);
}

TEST(RecastInterop, CellOfMoreThan63SpansIsAnError) {
  const RecastCompactPtr chf = toRecast(gridFromAscii({"aa"}));
  chf->cells[1].count = 64;  // as a foreign Recast heightfield might hold
  try {
    fromRecast(*chf);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cell (1, 0) holds 64 spans, more "
                                         "than 63"),
              std::string::npos)
        << e.what();
  }
}

TEST(RecastInterop, WriteRegionsChecksRecastsIdBits) {
  const RecastCompactPtr chf = toRecast(gridFromAscii({"aa"}));
  writeRecastRegions({3, 32767}, *chf);
  EXPECT_EQ(chf->spans[0].reg, 3);
  EXPECT_EQ(chf->spans[1].reg, 32767);
  EXPECT_EQ(chf->maxRegions, 32767);
  EXPECT_THROW(writeRecastRegions({1, 32768}, *chf), InputError);
  EXPECT_THROW(writeRecastRegions({1}, *chf), InputError);
  EXPECT_EQ(chf->spans[1].reg, 32767) << "a refused partition wrote ids";
}

}  // namespace
}  // namespace regcon
