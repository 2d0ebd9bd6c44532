// Builds a compact heightfield from a Wavefront OBJ mesh with Recast, the way
// RecastDemo's Sample_SoloMesh does up to erosion, and converts it to the
// regcon data model (fromRecast: links taken as Recast leaves them, one-way
// ones too).
#pragma once

#include <cstdint>
#include <string>

#include "core/types.h"
#include "recast/interop.h"

namespace regcon {

// The import's default budget of grid cells (4096 x 4096): Recast allocates
// a column per cell before it rasterizes anything, and a flat floor makes a
// span per cell, so this bounds the import's time and memory: one walkable
// square at the limit takes 17 s and 1.1 GB resident and writes 285 MB
// (release build, 2026-12-01; 119 M cells would take minutes). Raised by
// MeshImportOptions::maxCells (`--max-cells`), up to the grid interchange §1
// allows (32767 x 32767 cells).
constexpr int64_t kDefaultMaxImportCells = int64_t{1} << 24;

// World units; the Recast configuration is derived as in Sample_SoloMesh.
struct MeshImportOptions {
  double cellSize = 0.3;
  double cellHeight = 0.2;
  double agentHeight = 2.0;
  double agentRadius = 0.6;
  double agentClimb = 0.9;
  double maxSlopeDegrees = 45.0;
  int64_t maxCells = kDefaultMaxImportCells;  // width x depth, checked first
};

// Reads `v` and `f` lines (polygons fan-triangulated, negative indices
// relative to the vertices read so far; other lines ignored). Throws
// InputError for an unreadable file, a malformed line (with its number), an
// empty mesh, a Recast failure, a cell with more than 63 spans, agent sizes
// too large for Recast's integer voxel counts, or a grid (the mesh's bounds
// over the cell size) wider or deeper than 32767 cells or of more than
// `maxCells` cells: the grid is checked before Recast voxelizes anything.
Heightfield importMesh(const std::string& objPath,
                       const MeshImportOptions& options);

// Recast's compact heightfield of the mesh, before conversion (the same
// checks and errors): what the navmesh builds on.
RecastCompactPtr importRecastHeightfield(const std::string& objPath,
                                         const MeshImportOptions& options);

}  // namespace regcon
