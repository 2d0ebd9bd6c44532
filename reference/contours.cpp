// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>

#include "reference/contours_steps.h"
#include "reference/reference.h"

namespace regcon::ref {
namespace {

struct TracedLoop {
  RawLoop raw;
  Loop simplified;
};

std::map<int, int> areaOfRegions(const Heightfield& hf,
                                 const std::vector<int>& regions) {
  std::map<int, int> areas;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] > 0) areas.emplace(regions[s], hf.spans[s].area);
  }
  return areas;
}

SimplifyParams paramsFor(const Settings& settings,
                         const std::map<int, int>& areas, int region) {
  SimplifyParams params;
  params.maxError = settings.maxError;
  params.maxEdgeLength = settings.maxEdgeLength;
  params.straightBorders = settings.straightRegionBorders;
  params.borderRegion = settings.borderRegion;
  params.region = region;
  params.regionArea = &areas;
  return params;
}

// Readings R11: the smallest outline of the region containing the hole's
// leftmost vertex, ties to the earlier one; -1 when there is none.
int owningOutline(const std::vector<TracedLoop>& outlines, const Loop& hole) {
  const ContourVertex& p = hole[leftmostIndex(hole)];
  int best = -1;
  for (int i = 0; i < static_cast<int>(outlines.size()); ++i) {
    if (!containsPoint(outlines[i].simplified, p.x, p.z)) continue;
    if (best < 0 || signedArea2(outlines[i].simplified) <
                        signedArea2(outlines[best].simplified)) {
      best = i;
    }
  }
  return best;
}

// §6 Holes for one outline: join, the post-join crossing fallback, and the
// non-positive-area rule (readings R11).
Contour joinOutline(const TracedLoop& outline,
                    const std::vector<const TracedLoop*>& holes, int area,
                    ContourSet& set) {
  Contour contour;
  contour.region = outline.raw.region;
  contour.area = area;
  contour.vertices = outline.simplified;
  if (holes.empty()) return contour;
  std::vector<Loop> simplifiedHoles, rawHoles;
  for (const TracedLoop* hole : holes) {
    simplifiedHoles.push_back(hole->simplified);
    rawHoles.push_back(hole->raw.vertices);
  }
  int dropped = 0;
  Loop base = outline.simplified;
  Loop joined = joinHoles(base, simplifiedHoles, contour.region, dropped);
  if (hasProperCrossing(joined)) {
    ++set.rawFallbacks;
    dropped = 0;
    base = outline.raw.vertices;
    joined = joinHoles(base, rawHoles, contour.region, dropped);
  }
  if (signedArea2(joined) <= 0) {
    set.droppedHoles += static_cast<int>(holes.size());
    contour.vertices = base;
  } else {
    set.droppedHoles += dropped;
    contour.vertices = joined;
  }
  return contour;
}

void attachRawLoops(Contour& contour, const TracedLoop& outline,
                    const std::vector<const TracedLoop*>& holes) {
  contour.rawOutline = outline.raw.vertices;
  contour.rawHoles.emplace();
  for (const TracedLoop* hole : holes) {
    contour.rawHoles->push_back(hole->raw.vertices);
  }
}

// All contours of one region, in discovery order of their outlines.
void buildRegionContours(const std::vector<TracedLoop>& loops, int area,
                         bool raw, ContourSet& set) {
  std::vector<TracedLoop> outlines;
  std::vector<const TracedLoop*> holes;
  for (const TracedLoop& loop : loops) {
    if (loop.raw.area2 > 0) outlines.push_back(loop);
    if (loop.raw.area2 < 0) holes.push_back(&loop);
  }
  std::vector<std::vector<const TracedLoop*>> holesOf(outlines.size());
  for (const TracedLoop* hole : holes) {
    const int owner = owningOutline(outlines, hole->simplified);
    if (owner < 0) {
      ++set.droppedHoles;
    } else {
      holesOf[owner].push_back(hole);
    }
  }
  for (size_t i = 0; i < outlines.size(); ++i) {
    Contour contour = joinOutline(outlines[i], holesOf[i], area, set);
    if (raw) attachRawLoops(contour, outlines[i], holesOf[i]);
    set.contours.push_back(std::move(contour));
  }
}

}  // namespace

// §6: trace, simplify every loop, assign and join holes, output by region
// id then discovery order.
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings) {
  const std::map<int, int> areas = areaOfRegions(hf, regions);
  std::map<int, std::vector<TracedLoop>> loopsByRegion;
  ContourSet set;
  for (RawLoop& raw : traceLoops(hf, regions)) {
    if (raw.area2 == 0) continue;  // readings R8
    TracedLoop loop;
    loop.simplified = simplifyLoop(
        raw.vertices, paramsFor(settings, areas, raw.region), set.rawFallbacks);
    loop.raw = std::move(raw);
    loopsByRegion[loop.raw.region].push_back(std::move(loop));
  }
  for (const auto& [region, loops] : loopsByRegion) {
    buildRegionContours(loops, areas.at(region), settings.rawContours, set);
  }
  return set;
}

}  // namespace regcon::ref
