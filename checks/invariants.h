// Checks of what the spec states about every result, written apart from
// the implementations (own neighbour relation, own geometry) so that one
// bug cannot hide in both. Each returns "" when the rule holds, else a
// message naming the span, region or vertex that breaks it.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::checks {

int mutualNeighbour(const Heightfield& hf, int span, int dir);
bool everyLinkIsMutual(const Heightfield& hf);
// Some column holds two walkable spans (else §4's shortcut applies).
bool anyColumnHoldsTwoWalkableSpans(const Heightfield& hf);

// §5 and the region definition: area-0 spans have region 0; ids are 1..k
// numbered by first span; each region has one area and is connected.
std::string checkPartition(const Heightfield& hf, const RegionResult& result);

// §4: no column holds two spans of one region; adjacent same-area regions
// overlap (for unfiltered layer regions).
std::string checkLayerRegions(const Heightfield& hf,
                              const std::vector<int>& regions);

// Readings R4 with a cached `layers` array: the regions are the components
// of "mutually linked, same layer, same area" over walkable spans, those
// smaller than minRegionArea with no link to a walkable span outside them
// removed (§5.1), the rest numbered by first span (§5.3).
std::string checkCachedLayerRegions(const Heightfield& hf,
                                    const RegionResult& result,
                                    int64_t minRegionArea);

// §1 / readings R2: no orthogonal (2) or diagonal (3) step improves a
// distance, sources are 0, and every positive distance is reached exactly.
std::string checkDistanceField(const Heightfield& hf,
                               const std::vector<int>& distances);

// Twice the signed area of a loop in the (x, z) plane (the shoelace sum),
// > 0 counter-clockwise; the checkers' own, not an implementation's.
int64_t twiceSignedArea(const Loop& loop);

// Each region's area id: that of its first span (the partition checks say
// every span of a region has it).
std::map<int, int> regionAreas(const Heightfield& hf,
                               const std::vector<int>& regions);

// §6 output: counter-clockwise, at least 3 vertices, ordered by region,
// every region (with a boundary) has a contour, area id of the region.
std::string checkContourShape(const Heightfield& hf,
                              const std::vector<int>& regions,
                              const ContourSet& contours);

// §6 "every portal vertex survives", as the readings erratum states it:
// with raw loops requested, every portal vertex of each raw outline (and of
// raw holes when no hole was dropped) is a vertex of the contour, Y and
// neighbour value included, except at a corner its raw loop passes more
// than once, where only the position is promised.
struct PortalReport {
  std::string failure;   // "" when every portal survives
  int portals = 0;       // portal vertices checked
  int positionOnly = 0;  // of those, at a corner the loop passes twice
  int holesLeftOut = 0;  // raw holes not checked: a hole was dropped
};
PortalReport portalsSurvive(const ContourSet& contours);
std::string checkPortalsSurvive(const ContourSet& contours);

// §6: with straight borders off, every raw vertex lies within maxError of
// the simplified (joined) contour. Contours whose vertices are the raw
// outline itself are skipped.
std::string checkRawWithinError(const ContourSet& contours, double maxError);

}  // namespace regcon::checks

namespace regcon::checks {

struct RegionLoop {
  int region = 0;
  Loop vertices;
};

// §6 Tracing: per region the signed areas of its loops sum to twice its
// span count, and their lengths to its number of boundary edges. `loops`
// must be every loop the tracing gives (ref::traceLoops), the ones of
// signed area 0 (readings R8) and the holes no outline contains included:
// an output's raw outlines and holes leave both out, so their sums may fall
// short (docs/readings.md A25).
std::string checkTracedLoops(const Heightfield& hf,
                             const std::vector<int>& regions,
                             const std::vector<RegionLoop>& loops);

}  // namespace regcon::checks

namespace regcon::checks {

// §3: before filtering, each monotone region has at most one run per row:
// within a row its spans form one chain linked in -x.
std::string checkMonotoneRuns(const Heightfield& hf,
                              const std::vector<int>& regions);

}  // namespace regcon::checks
