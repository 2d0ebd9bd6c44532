// A Detour navmesh built from the spec's contours, beside Recast's own built
// from the same compact heightfield, and the two compared by path queries
// (`regcon navmesh`). The regcon side: the stage on the imported heightfield,
// toRecast, rcBuildPolyMesh, rcBuildPolyMeshDetail, dtCreateNavMeshData,
// dtNavMesh::init. Recast's side: its own partition of the same kind
// (watershed: rcBuildDistanceField + rcBuildRegions; monotone:
// rcBuildRegionsMonotone; layers and layer-first: rcBuildLayerRegions, as
// Recast has no layer-first partition), then rcBuildContours and the same
// steps. Both use the spec's settings (§7) and RecastDemo's polygon and
// detail settings (6 vertices a polygon; detail samples every 6 cells, 1
// cell height of error).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "core/types.h"
#include "recast/mesh_import.h"

namespace regcon {

struct NavmeshOptions {
  MeshImportOptions mesh;
  Settings settings;  // the partition and the rest of the stage's settings
  int pairs = 1000;   // random point pairs queried on both navmeshes
  uint64_t seed = 1;
};

using Point3 = std::array<float, 3>;

// One navmesh: Recast's polygon mesh made into a Detour tile.
struct NavmeshSide {
  int regions = 0;   // regions of the partition it was built from
  int contours = 0;  // contours handed to rcBuildPolyMesh
  int polygons = 0;
  int vertices = 0;
  int detailTriangles = 0;
  double walkableArea = 0;  // polygons' area seen from above, world units²
  // Why the Detour tile is not sound (empty when it is): dtNavMesh::init
  // accepted it and every polygon's neighbours name it back.
  std::vector<std::string> tileProblems;
  std::string tileData;  // dtCreateNavMeshData's bytes
  // Each polygon's vertices, x and z in cells of the heightfield's grid.
  std::vector<std::vector<std::array<int, 2>>> outlines;
};

// A query between two points on the heightfield (cell centres of walkable
// spans): on each navmesh, the nearest polygon to each point and a path
// between them.
struct PathPair {
  Point3 start{}, end{};
  bool regconReachable = false, recastReachable = false;
  float regconLength = 0, recastLength = 0;  // straight paths, world units
};

struct NavmeshComparison {
  Heightfield heightfield;  // the imported mesh, as regcon reads it
  Point3 origin{};          // world position of the grid's corner (bmin)
  float cellSize = 0;       // world units per cell along x and z
  NavmeshSide regcon, recast;
  std::vector<PathPair> pairs;
};

// Throws InputError for a mesh that does not import, a Recast or Detour
// step that fails (with its messages), or what Recast or Detour cannot
// represent (region ids past 15 bits, polygon areas of 64 or more).
NavmeshComparison compareNavmeshes(const std::string& objPath,
                                   const Implementation& impl,
                                   const NavmeshOptions& options);

// Summaries of the pairs.
struct PathSummary {
  int pairs = 0;
  int regconReachable = 0, recastReachable = 0;
  int agree = 0;  // same reachability verdict
  // regcon's straight-path length over Recast's, over the pairs both reach
  // with a Recast path longer than zero, sorted.
  std::vector<double> ratios;
  double ratioQuantile(double q) const;  // nearest rank; NaN when empty
};
PathSummary summarize(const std::vector<PathPair>& pairs);

}  // namespace regcon
