// Mesh import through Recast: the shared meshes give plausible, valid
// heightfields, and bad OBJ input is an InputError that says where.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "core/limits.h"
#include "recast/mesh_import.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

// Link target inside the grid and naming an existing span (§1).
bool allLinksValid(const Heightfield& hf) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int link = hf.spans[s].link[d];
      if (link == kNoLink) continue;
      const int nx = hf.cellX(s) + kDirX[d], nz = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(nx, nz)) return false;
      if (link < 0 || link >= hf.counts[nx + nz * hf.width]) return false;
    }
  }
  return true;
}

int linkCount(const Heightfield& hf) {
  int links = 0;
  for (const Span& s : hf.spans) {
    for (int link : s.link) links += link != kNoLink;
  }
  return links;
}

std::string writeTempObj(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// Imports a shared mesh with default options and checks it; `expectedSpans`
// pins the span count Recast produced when the test was written (+-2%). The
// count comes from Recast, not from us: a change means Recast or the import
// configuration changed, not that regcon broke.
void checkSharedMesh(const std::string& file, int expectedSpans) {
  const std::string dir = testing::sharedDir();
  const std::string path = dir + "/meshes/" + file;
  if (dir.empty() || !std::filesystem::exists(path)) {
    GTEST_SKIP() << "shared meshes are absent (" << path << ")";
  }
  const Heightfield hf = importMesh(path, MeshImportOptions{});
  std::cout << file << ": " << hf.width << " x " << hf.depth << " cells, "
            << hf.spanCount() << " spans, " << linkCount(hf) << " links\n";
  EXPECT_GE(hf.spanCount(), expectedSpans * 98 / 100);
  EXPECT_LE(hf.spanCount(), expectedSpans * 102 / 100);
  EXPECT_TRUE(allLinksValid(hf));
  EXPECT_GT(linkCount(hf), 0);
  for (const Span& s : hf.spans) {
    ASSERT_TRUE(s.area == 0 || s.area == 63) << "area " << s.area;
  }
}

TEST(MeshImport, Dungeon) {
  checkSharedMesh("dungeon.obj", 23558);
}
TEST(MeshImport, NavTest) {
  checkSharedMesh("nav_test.obj", 56751);
}
TEST(MeshImport, Undulating) {
  checkSharedMesh("undulating.obj", 105745);
}

// A 10 x 10 square written with negative indices gives the same heightfield
// as with positive ones.
TEST(MeshImport, NegativeIndicesMatchPositiveOnes) {
  const std::string vertices = "v 0 0 0\nv 10 0 0\nv 10 0 10\nv 0 0 10\n";
  const auto positive =
      importMesh(writeTempObj("quad_pos.obj", vertices + "f 1 4 3 2\n"), {});
  const auto negative = importMesh(
      writeTempObj("quad_neg.obj", vertices + "f -4 -1 -2 -3\n"), {});
  ASSERT_GT(positive.spanCount(), 0);
  EXPECT_EQ(positive.counts, negative.counts);
  EXPECT_TRUE(allLinksValid(positive));
  EXPECT_GT(linkCount(positive), 0);
}

void expectInputError(const std::string& path, const std::string& needle) {
  try {
    importMesh(path, {});
    FAIL() << "no exception for " << path;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << e.what();
  }
}

TEST(MeshImport, MalformedVertexNamesTheLine) {
  const auto path = writeTempObj(
      "bad_vertex.obj", "# comment\nv 0 0 0\nv 1 zero 0\nv 1 0 1\nf 1 2 3\n");
  expectInputError(path, "line 3");
}

TEST(MeshImport, MalformedFaceNamesTheLine) {
  const auto path =
      writeTempObj("bad_face.obj", "v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2\n");
  expectInputError(path, "line 4");
}

TEST(MeshImport, FaceIndexPastTheVerticesNamesTheLine) {
  const auto path =
      writeTempObj("bad_index.obj", "v 0 0 0\nv 1 0 0\nv 1 0 1\n\nf 1 2 9\n");
  expectInputError(path, "line 5");
}

TEST(MeshImport, EmptyMeshThrows) {
  expectInputError(writeTempObj("empty.obj", "v 0 0 0\n"), "empty");
}

TEST(MeshImport, MissingFileNamesThePath) {
  const std::string path = ::testing::TempDir() + "/no_such_mesh.obj";
  expectInputError(path, path);
}

// The grid the options imply is checked before Recast
// allocates it. The square below is 54 bytes; at the default cell size 0.3
// it spans 3276 / 0.3 = 10920 cells a side, 119,246,400 cells (Recast would
// allocate and rasterize all of them for a minute and more).
constexpr const char* kHugeSquare =
    "v 0 0 0\nv 3276 0 0\nv 3276 0 3276\nv 0 0 3276\nf 1 4 3 2\n";

std::string importError(const std::string& path,
                        const MeshImportOptions& options) {
  try {
    importMesh(path, options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(MeshImport, AGridOverTheCellBudgetIsRefusedBeforeVoxelizing) {
  const std::string path = writeTempObj("huge_square.obj", kHugeSquare);
  const std::string message = importError(path, {});
  for (const char* part :
       {"huge_square.obj", "bounds x 0..3276, z 0..3276", "cell size 0.3",
        "grid of 10920 x 10920 = 119246400 cells",
        "more than the limit of 16777216 cells"}) {
    EXPECT_NE(message.find(part), std::string::npos) << part << "\n" << message;
  }
}

TEST(MeshImport, AGridWiderThanInterchangeAllowsIsRefused) {
  const std::string path = writeTempObj(
      "wide_strip.obj", "v 0 0 0\nv 1e6 0 0\nv 1e6 0 1\nv 0 0 1\nf 1 2 3 4\n");
  MeshImportOptions options;
  options.maxCells = limits::kMaxGridSide * limits::kMaxGridSide;
  const std::string message = importError(path, options);
  EXPECT_NE(message.find("more than 32767 per side"), std::string::npos)
      << message;
}

// A 3 x 3 square at cell size 0.3 is (3 / 0.3 + 0.5) truncated = 10 cells a
// side, 100 cells: a budget of 100 takes it, 99 does not.
TEST(MeshImport, TheCellBudgetIsWidthTimesDepthAsRecastRoundsThem) {
  const std::string path = writeTempObj(
      "small_square.obj", "v 0 0 0\nv 3 0 0\nv 3 0 3\nv 0 0 3\nf 1 2 3 4\n");
  MeshImportOptions options;
  options.maxCells = 100;
  const Heightfield hf = importMesh(path, options);
  EXPECT_EQ(hf.width * hf.depth, 100);
  options.maxCells = 99;
  EXPECT_NE(importError(path, options)
                .find("grid of 10 x 10 = 100 cells, more than the limit of 99"),
            std::string::npos);
}

TEST(MeshImport, AgentSizesPastRecastsIntegersAreRefused) {
  const std::string path = writeTempObj(
      "agent_square.obj", "v 0 0 0\nv 3 0 0\nv 3 0 3\nv 0 0 3\nf 1 2 3 4\n");
  MeshImportOptions options;
  options.agentHeight = 1e30;
  EXPECT_NE(importError(path, options).find("agentHeight 1e+30"),
            std::string::npos);
  options = {};
  options.agentRadius = 1e12;
  EXPECT_NE(importError(path, options).find("agentRadius"), std::string::npos);
}

}  // namespace
}  // namespace regcon
