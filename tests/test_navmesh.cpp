// recast/navmesh.h and `regcon navmesh`: Detour navmeshes from the spec's
// contours beside Recast's own. Small meshes written here are checked
// against geometry worked out by hand; the shared meshes (skipped, saying
// so, when ../shared/meshes is absent) against the bar: a valid
// tile, reachability agreeing on at least 99% of 1,000 pairs, the median
// path-length ratio within 2% of 1.
#include <DetourNavMesh.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "recast/navmesh.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::kRegcon;
using testing::readText;
using testing::runRegcon;
using testing::writeText;

// Square floors of `side` world units at y = 0, the first from x = 0, each
// next one `gap` further along x; triangles wound so that Recast finds
// them walkable (normal up).
std::string floorsObj(int count, double side, double gap) {
  std::string obj;
  for (int i = 0; i < count; ++i) {
    const double x0 = i * (side + gap), x1 = x0 + side;
    for (const auto& [x, z] : {std::pair{x0, 0.0}, std::pair{x1, 0.0},
                               std::pair{x1, side}, std::pair{x0, side}}) {
      obj += "v " + std::to_string(x) + " 0 " + std::to_string(z) + "\n";
    }
    const int b = 4 * i;
    obj += "f " + std::to_string(b + 1) + " " + std::to_string(b + 4) + " " +
           std::to_string(b + 3) + " " + std::to_string(b + 2) + "\n";
  }
  return obj;
}

std::string writeObj(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

NavmeshComparison compare(const std::string& path, Partition partition,
                          int pairs = 200) {
  NavmeshOptions options;
  options.settings.partition = partition;
  options.pairs = pairs;
  return compareNavmeshes(path, *findImplementation("optimized"), options);
}

float horizontalDistance(const Point3& a, const Point3& b) {
  return std::hypot(a[0] - b[0], a[2] - b[2]);
}

// Two 6 x 6 floors 4 apart: a path exists exactly between points of one
// floor, and on a flat convex floor it is the straight segment.
TEST(Navmesh, TwoFloorsReachExactlyWithinEachFloor) {
  const std::string path = writeObj("two_floors.obj", floorsObj(2, 6, 4));
  for (Partition partition : {Partition::Watershed, Partition::Monotone,
                              Partition::Layers, Partition::LayerFirst}) {
    SCOPED_TRACE(partitionName(partition));
    const NavmeshComparison c = compare(path, partition);
    EXPECT_TRUE(c.regcon.tileProblems.empty());
    EXPECT_TRUE(c.recast.tileProblems.empty());
    EXPECT_EQ(c.regcon.regions, 2);
    ASSERT_EQ(c.pairs.size(), 200u);
    int within = 0;
    for (const PathPair& p : c.pairs) {
      const bool sameFloor = (p.start[0] < 8) == (p.end[0] < 8);
      within += sameFloor;
      EXPECT_EQ(p.regconReachable, sameFloor);
      EXPECT_EQ(p.recastReachable, sameFloor);
      if (!sameFloor) continue;
      EXPECT_NEAR(p.regconLength, horizontalDistance(p.start, p.end), 0.01);
      EXPECT_NEAR(p.recastLength, horizontalDistance(p.start, p.end), 0.01);
    }
    EXPECT_GT(within, 50) << "the pairs should fall on both floors";
    EXPECT_LT(within, 150);
  }
}

// The floor of 6 x 6 world units is 20 x 20 cells of 0.3; Recast marks the
// outermost ring a ledge (18 x 18 left) and erosion by the 0.6 radius (2
// cells) takes two more rings: 14 x 14 cells, 4.2 x 4.2 = 17.64 square
// units. Its walls are 14 cells, longer than MaxEdgeLength 12, so each is
// split at its middle: 8 vertices, more than the 6 a polygon may have.
TEST(Navmesh, SquareFloorIsOneOctagonInHexagons) {
  const NavmeshComparison c = compare(
      writeObj("square.obj", floorsObj(1, 6, 0)), Partition::Watershed, 10);
  for (const NavmeshSide* side : {&c.regcon, &c.recast}) {
    EXPECT_EQ(side->regions, 1);
    EXPECT_EQ(side->contours, 1);
    EXPECT_EQ(side->vertices, 8);
    EXPECT_NEAR(side->walkableArea, 17.64, 1e-3);
    EXPECT_GE(side->polygons, 2);
    ASSERT_EQ(side->outlines.size(), static_cast<size_t>(side->polygons));
  }
  EXPECT_EQ(c.regcon.polygons, c.recast.polygons);
}

TEST(Navmesh, SummaryCountsAgreementAndSortsRatios) {
  std::vector<PathPair> pairs(4);
  pairs[0].regconReachable = pairs[0].recastReachable = true;
  pairs[0].regconLength = 3, pairs[0].recastLength = 2;  // 1.5
  pairs[1].regconReachable = pairs[1].recastReachable = true;
  pairs[1].regconLength = 1, pairs[1].recastLength = 2;  // 0.5
  pairs[2].recastReachable = true;                       // disagree
  const PathSummary s = summarize(pairs);                // pairs[3]: neither
  EXPECT_EQ(s.pairs, 4);
  EXPECT_EQ(s.agree, 3);
  EXPECT_EQ(s.regconReachable, 2);
  EXPECT_EQ(s.recastReachable, 3);
  EXPECT_EQ(s.ratios, (std::vector<double>{0.5, 1.5}));
  EXPECT_EQ(s.ratioQuantile(0.5), 0.5);  // nearest rank: the 1st of 2
  EXPECT_EQ(s.ratioQuantile(1.0), 1.5);
}

// ------------------------------------------------------------ the tool

class NavmeshCli : public testing::TestDirectory {
 protected:
  NavmeshCli() : TestDirectory("regcon_navmesh") {}
};

TEST_F(NavmeshCli, WritesALoadableDetourTileAndAPicture) {
  writeText(path("floors.obj"), floorsObj(2, 6, 4));
  const std::string args = path("floors.obj").string() + " -o " +
                           path("tile.bin").string() + " --picture " +
                           path("navmesh.svg").string() + " --pairs 50";
  ASSERT_EQ(runRegcon("navmesh " + args, path("out.txt"), path("err.txt")), 0)
      << readText(path("err.txt"));
  const std::string report = readText(path("out.txt"));
  EXPECT_NE(report.find("reachability agrees on 50 of 50 pairs (100.0%)"),
            std::string::npos)
      << report;
  std::string tile = readText(path("tile.bin"));
  ASSERT_GT(tile.size(), sizeof(dtMeshHeader));
  dtMeshHeader header;
  std::memcpy(&header, tile.data(), sizeof header);
  EXPECT_EQ(header.magic, DT_NAVMESH_MAGIC);
  EXPECT_EQ(header.version, DT_NAVMESH_VERSION);
  EXPECT_EQ(header.polyCount, 6);  // three per floor, as the test above
  // Detour takes the bytes back.
  dtNavMesh* nav = dtAllocNavMesh();
  auto* data = static_cast<unsigned char*>(dtAlloc(tile.size(), DT_ALLOC_PERM));
  std::memcpy(data, tile.data(), tile.size());
  EXPECT_TRUE(dtStatusSucceed(
      nav->init(data, static_cast<int>(tile.size()), DT_TILE_FREE_DATA)));
  dtFreeNavMesh(nav);
  const std::string svg = readText(path("navmesh.svg"));
  size_t polygons = 0;
  for (size_t at = svg.find("<polygon"); at != std::string::npos;
       at = svg.find("<polygon", at + 1)) {
    ++polygons;
  }
  EXPECT_EQ(polygons, 12u) << "two floors of 3 on each of the two panels";
}

TEST_F(NavmeshCli, MissingMeshIsExitTwoNamingTheFile) {
  EXPECT_EQ(runRegcon("navmesh " + path("none.obj").string(), path("out.txt"),
                      path("err.txt")),
            2);
  EXPECT_NE(readText(path("err.txt")).find("none.obj"), std::string::npos);
  EXPECT_EQ(readText(path("out.txt")), "");
}

TEST_F(NavmeshCli, TileDataToStandardOutputIsRefused) {
  writeText(path("floor.obj"), floorsObj(1, 6, 0));
  EXPECT_EQ(runRegcon("navmesh " + path("floor.obj").string() + " -o -",
                      path("out.txt"), path("err.txt")),
            2);
  EXPECT_NE(readText(path("err.txt")).find("tile data is binary"),
            std::string::npos);
}

TEST_F(NavmeshCli, UnknownPartitionIsAUsageError) {
  writeText(path("floor.obj"), floorsObj(1, 6, 0));
  EXPECT_EQ(runRegcon("navmesh " + path("floor.obj").string() +
                          " --partition sideways",
                      path("out.txt"), path("err.txt")),
            1);
  EXPECT_NE(readText(path("err.txt")).find("not a partition: sideways"),
            std::string::npos)
      << readText(path("err.txt"));
}

// -------------------------------------------------- the shared meshes

struct MeshCase {
  const char* mesh;
  Partition partition;
};

void PrintTo(const MeshCase& c, std::ostream* out) {
  *out << c.mesh << " " << partitionName(c.partition);
}

class SharedMeshNavmesh : public ::testing::TestWithParam<MeshCase> {};

TEST_P(SharedMeshNavmesh, AgreesWithRecastsOwnNavmesh) {
  const std::string dir = testing::sharedDir();
  const std::string path = dir + "/meshes/" + GetParam().mesh;
  if (dir.empty() || !std::filesystem::exists(path)) {
    GTEST_SKIP() << "shared meshes are absent (" << path << ")";
  }
  const NavmeshComparison c = compare(path, GetParam().partition, 1000);
  const PathSummary s = summarize(c.pairs);
  std::cout << GetParam().mesh << " " << partitionName(GetParam().partition)
            << ": polygons " << c.regcon.polygons << " / " << c.recast.polygons
            << ", agree " << s.agree << " of " << s.pairs << ", median ratio "
            << s.ratioQuantile(0.5) << " over " << s.ratios.size() << "\n";
  EXPECT_TRUE(c.regcon.tileProblems.empty());
  EXPECT_TRUE(c.recast.tileProblems.empty());
  EXPECT_GT(c.regcon.polygons, 0);
  EXPECT_EQ(s.pairs, 1000);
  EXPECT_GE(s.agree, 990);
  EXPECT_GT(s.ratios.size(), 100u) << "too few pairs to judge the lengths";
  EXPECT_NEAR(s.ratioQuantile(0.5), 1.0, 0.02);
}

std::vector<MeshCase> meshCases() {
  std::vector<MeshCase> cases;
  for (const char* mesh : {"dungeon.obj", "nav_test.obj", "undulating.obj"}) {
    for (Partition p : {Partition::Watershed, Partition::Monotone,
                        Partition::Layers, Partition::LayerFirst}) {
      cases.push_back({mesh, p});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(, SharedMeshNavmesh, ::testing::ValuesIn(meshCases()),
                         [](const ::testing::TestParamInfo<MeshCase>& info) {
                           std::string name =
                               std::string(info.param.mesh)
                                   .substr(
                                       0,
                                       std::string(info.param.mesh).find('.')) +
                               "_" + partitionName(info.param.partition);
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace regcon
