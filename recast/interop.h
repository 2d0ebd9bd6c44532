// regcon's data model and Recast's, both ways: Recast's compact heightfield
// as a regcon Heightfield (fromRecast) and back (toRecast), a partition of
// regcon written into Recast's region ids (writeRecastRegions), and regcon's
// contours as an rcContourSet that rcBuildPolyMesh takes (toRecast).
// Whatever Recast cannot represent (region ids past its 15 bits, more
// vertices than rcBuildPolyMesh takes, coordinates its unsigned shorts
// cannot hold) is an InputError naming the limit, never a wrapped value.
#pragma once

#include <Recast.h>

#include <array>
#include <memory>
#include <vector>

#include "core/types.h"

namespace regcon {

// Frees with Recast's own functions (its allocator may be a custom one).
struct RecastDeleter {
  void operator()(rcCompactHeightfield* chf) const;
  void operator()(rcContourSet* cset) const;
};
using RecastCompactPtr = std::unique_ptr<rcCompactHeightfield, RecastDeleter>;
using RecastContourPtr = std::unique_ptr<rcContourSet, RecastDeleter>;

// Recast's limits, as its headers set them.
namespace recast_limits {
// A span's region id is 16 bits, the top one (RC_BORDER_REG) marking the
// tile's border band: 15 bits are left for ids.
constexpr int kMaxRegionId = RC_BORDER_REG - 1;
// rcBuildPolyMesh refuses a contour set of 0xfffe vertices or more.
constexpr int kMaxPolyMeshVertices = 0xfffe - 1;
// rcPolyMesh keeps vertex coordinates as unsigned shorts.
constexpr int kMaxCoordinate = 0xffff;
}  // namespace recast_limits

// Recast's compact heightfield as regcon's (links as Recast left them,
// one-way ones too; the border band, if any, stays part of the grid).
// Throws InputError when the grid is wider or deeper than 32767 cells or a
// cell holds more than 63 spans (interchange §1).
Heightfield fromRecast(const rcCompactHeightfield& chf);

// Where a regcon heightfield sits in Recast's world. The defaults are the
// import's (MeshImportOptions) with a 2 m agent and 0.9 m climb.
struct RecastFrame {
  std::array<float, 3> origin{0, 0, 0};  // bmin
  float cellSize = 0.3f;
  float cellHeight = 0.2f;
  int walkableHeight = 10;  // in cells of cellHeight
  int walkableClimb = 4;
  int borderSize = 0;  // cells of the grid's edge that are the border band
};

// `hf` as Recast's compact heightfield: cells, spans with their links
// (regcon's link index is Recast's connection index), areas; no distance
// field, no region ids. bmax is the grid's extent and the tallest column
// the format allows.
RecastCompactPtr toRecast(const Heightfield& hf, const RecastFrame& frame = {});

// Writes one region id per span into chf.spans[].reg and sets maxRegions.
// Throws InputError when the sizes differ or an id is outside
// 0..recast_limits::kMaxRegionId.
void writeRecastRegions(const std::vector<int>& regions,
                        rcCompactHeightfield& chf);

// The contours of a stage run with `settings` on `chf` (the same grid), as
// rcBuildContours would leave them for rcBuildPolyMesh:
// - bounds, cs, ch, width, height and borderSize from chf, the grid less
//   its border band, and vertices moved by -borderSize in x and z;
// - Recast's winding (clockwise seen from above, x right and z up: regcon's
//   loops reversed), each vertex's low 16 bits the region across the edge
//   to the next vertex (0 for a wall or the grid's edge, the band as
//   RC_BORDER_REG | settings.borderRegion);
// - RC_AREA_BORDER on a vertex whose edge borders a region of another area
//   (Recast also flags a wall whose far side is a linked unwalkable span,
//   which a ContourSet does not record);
// - RC_BORDER_VERTEX on a vertex strictly inside a side of the band's inner
//   rectangle whose two edges each border the band or a region of the
//   contour's area, at least one the band: the tile-border vertices
//   rcBuildPolyMesh removes (Recast's getCornerHeight, with the band the
//   whole ring of borderSize cells as its tile build paints it);
// - the band's own contours left out (Recast traces no border region);
// - with settings.rawContours, each contour's raw outline in rverts (same
//   flags, Recast's raw convention: a vertex carries the edge from the
//   previous one) and each raw hole as a contour of its own with no
//   simplified vertices, as Recast leaves a hole after merging it.
// Throws InputError naming the limit: a region or neighbour id past 15
// bits, a coordinate outside 0..65535 after the border shift, more than
// recast_limits::kMaxPolyMeshVertices vertices in all, raw contours asked
// for but absent, or a grid that is not chf's.
RecastContourPtr toRecast(const ContourSet& contours,
                          const rcCompactHeightfield& chf,
                          const Settings& settings);

}  // namespace regcon
