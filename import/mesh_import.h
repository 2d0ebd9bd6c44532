// Builds a compact heightfield from a Wavefront OBJ mesh with Recast, the way
// RecastDemo's Sample_SoloMesh does up to erosion, and converts it to the
// regcon data model (links taken as Recast leaves them, one-way ones too).
#pragma once

#include <string>

#include "core/types.h"

namespace regcon {

// World units; the Recast configuration is derived as in Sample_SoloMesh.
struct MeshImportOptions {
  double cellSize = 0.3;
  double cellHeight = 0.2;
  double agentHeight = 2.0;
  double agentRadius = 0.6;
  double agentClimb = 0.9;
  double maxSlopeDegrees = 45.0;
};

// Reads `v` and `f` lines (polygons fan-triangulated, negative indices
// relative to the vertices read so far; other lines ignored). Throws
// InputError for an unreadable file, a malformed line (with its number), an
// empty mesh, a Recast failure, a cell with more than 63 spans, or a grid
// wider or deeper than 32767 cells.
Heightfield importMesh(const std::string& objPath,
                       const MeshImportOptions& options);

}  // namespace regcon
