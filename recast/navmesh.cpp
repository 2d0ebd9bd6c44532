#include "recast/navmesh.h"

#include <DetourCommon.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <Recast.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "recast/context.h"
#include "recast/interop.h"

namespace regcon {
namespace {

constexpr int kVerticesPerPolygon = 6;    // RecastDemo's, Detour's most
constexpr float kDetailSampleCells = 6;   // RecastDemo's detail settings
constexpr float kDetailErrorHeights = 1;  // (in cells and cell heights)
// RecastDemo's search box for a picked point (m_polyPickExt, half sizes).
constexpr float kPickHalfExtents[3] = {2, 4, 2};
constexpr int kMaxQueryNodes = 65535;  // the most dtNavMeshQuery::init takes
constexpr unsigned short kWalkFlag = 1;

struct RecastMeshDeleter {
  void operator()(rcPolyMesh* p) const { rcFreePolyMesh(p); }
  void operator()(rcPolyMeshDetail* p) const { rcFreePolyMeshDetail(p); }
  void operator()(dtNavMesh* p) const { dtFreeNavMesh(p); }
  void operator()(dtNavMeshQuery* p) const { dtFreeNavMeshQuery(p); }
};
template <typename T>
using Owned = std::unique_ptr<T, RecastMeshDeleter>;

// One navmesh and what queries it.
struct BuiltSide {
  NavmeshSide summary;
  Owned<dtNavMesh> mesh;
  Owned<dtNavMeshQuery> query;
  dtQueryFilter filter;
};

// -------------------------------------------------------------- contours

RecastContourPtr regconContours(const Implementation& impl,
                                const Heightfield& hf,
                                rcCompactHeightfield& chf,
                                const Settings& settings, NavmeshSide& side) {
  const StageResult result =
      runStage(impl, hf, settings, StageDistances::WhenComputed);
  side.regions = result.regions.regionCount;
  // rcBuildPolyMeshDetail looks up each polygon's heights by its region id.
  writeRecastRegions(result.regions.regions, chf);
  return toRecast(result.contours, chf, settings);
}

void buildRecastRegions(CollectingContext& ctx, rcCompactHeightfield& chf,
                        const Settings& s) {
  for (int i = 0; i < chf.spanCount; ++i) chf.spans[i].reg = 0;
  chf.maxRegions = 0;
  const int minArea = static_cast<int>(s.minRegionArea);
  const int mergeArea = static_cast<int>(s.mergeRegionArea);
  switch (s.partition) {
    case Partition::Watershed:
      ctx.check(rcBuildDistanceField(&ctx, chf), "rcBuildDistanceField");
      ctx.check(rcBuildRegions(&ctx, chf, 0, minArea, mergeArea),
                "rcBuildRegions");
      return;
    case Partition::Monotone:
      ctx.check(rcBuildRegionsMonotone(&ctx, chf, 0, minArea, mergeArea),
                "rcBuildRegionsMonotone");
      return;
    case Partition::Layers:
    case Partition::LayerFirst:
      ctx.check(rcBuildLayerRegions(&ctx, chf, 0, minArea),
                "rcBuildLayerRegions");
      return;
  }
}

// Recast's maxRegions is its next free id, not a count: count the ids.
int distinctRegions(const rcCompactHeightfield& chf) {
  std::vector<bool> seen(0x10000, false);
  int count = 0;
  for (int i = 0; i < chf.spanCount; ++i) {
    const unsigned short reg = chf.spans[i].reg;
    if (reg != 0 && !seen[reg]) ++count;
    seen[reg] = true;
  }
  return count;
}

RecastContourPtr recastContours(CollectingContext& ctx,
                                rcCompactHeightfield& chf,
                                const Settings& settings, NavmeshSide& side) {
  buildRecastRegions(ctx, chf, settings);
  side.regions = distinctRegions(chf);
  RecastContourPtr cset(rcAllocContourSet());
  if (!cset) throw std::bad_alloc();
  ctx.check(rcBuildContours(&ctx, chf, static_cast<float>(settings.maxError),
                            static_cast<int>(settings.maxEdgeLength), *cset),
            "rcBuildContours");
  return cset;
}

// ----------------------------------------------------- polygons to tile

double polygonArea(const rcPolyMesh& pmesh, const unsigned short* poly) {
  double twice = 0;
  int n = 0;
  while (n < pmesh.nvp && poly[n] != RC_MESH_NULL_IDX) ++n;
  for (int i = 0, j = n - 1; i < n; j = i++) {
    const unsigned short* a = &pmesh.verts[poly[j] * 3];
    const unsigned short* b = &pmesh.verts[poly[i] * 3];
    twice += double(a[0]) * b[2] - double(b[0]) * a[2];
  }
  return std::abs(twice) / 2 * pmesh.cs * pmesh.cs;
}

void describePolygons(const rcPolyMesh& pmesh, NavmeshSide& side) {
  side.polygons = pmesh.npolys;
  side.vertices = pmesh.nverts;
  for (int i = 0; i < pmesh.npolys; ++i) {
    const unsigned short* poly = &pmesh.polys[i * 2 * pmesh.nvp];
    side.walkableArea += polygonArea(pmesh, poly);
    std::vector<std::array<int, 2>> outline;
    for (int j = 0; j < pmesh.nvp && poly[j] != RC_MESH_NULL_IDX; ++j) {
      const unsigned short* v = &pmesh.verts[poly[j] * 3];
      outline.push_back({v[0] + pmesh.borderSize, v[2] + pmesh.borderSize});
    }
    side.outlines.push_back(std::move(outline));
  }
}

// Detour keeps a polygon's area in 6 bits: a larger one would wrap.
void markWalkable(rcPolyMesh& pmesh) {
  for (int i = 0; i < pmesh.npolys; ++i) {
    if (pmesh.areas[i] >= DT_MAX_AREAS) {
      throw InputError("navmesh: polygon " + std::to_string(i) + " has area " +
                       std::to_string(pmesh.areas[i]) +
                       ", past Detour's area ids 0.." +
                       std::to_string(DT_MAX_AREAS - 1));
    }
    pmesh.flags[i] = pmesh.areas[i] == RC_NULL_AREA ? 0 : kWalkFlag;
  }
}

std::string tileData(const rcPolyMesh& pmesh, const rcPolyMeshDetail& dmesh,
                     const MeshImportOptions& agent) {
  dtNavMeshCreateParams params{};
  params.verts = pmesh.verts;
  params.vertCount = pmesh.nverts;
  params.polys = pmesh.polys;
  params.polyAreas = pmesh.areas;
  params.polyFlags = pmesh.flags;
  params.polyCount = pmesh.npolys;
  params.nvp = pmesh.nvp;
  params.detailMeshes = dmesh.meshes;
  params.detailVerts = dmesh.verts;
  params.detailVertsCount = dmesh.nverts;
  params.detailTris = dmesh.tris;
  params.detailTriCount = dmesh.ntris;
  params.walkableHeight = static_cast<float>(agent.agentHeight);
  params.walkableRadius = static_cast<float>(agent.agentRadius);
  params.walkableClimb = static_cast<float>(agent.agentClimb);
  rcVcopy(params.bmin, pmesh.bmin);
  rcVcopy(params.bmax, pmesh.bmax);
  params.cs = pmesh.cs;
  params.ch = pmesh.ch;
  params.buildBvTree = true;
  unsigned char* data = nullptr;
  int size = 0;
  if (!dtCreateNavMeshData(&params, &data, &size)) {
    throw InputError("navmesh: dtCreateNavMeshData refused the polygon mesh (" +
                     std::to_string(pmesh.npolys) + " polygons, " +
                     std::to_string(pmesh.nverts) + " vertices)");
  }
  std::string bytes(reinterpret_cast<const char*>(data), size);
  dtFree(data);
  return bytes;
}

// Every neighbour a polygon names inside the tile names it back.
std::vector<std::string> tileProblems(const dtNavMesh& nav) {
  const dtMeshTile* tile = nav.getTile(0);
  if (!tile || !tile->header) return {"dtNavMesh holds no tile"};
  std::vector<std::string> problems;
  const int count = tile->header->polyCount;
  for (int i = 0; i < count; ++i) {
    const dtPoly& poly = tile->polys[i];
    if (poly.vertCount < 3) {
      problems.push_back("polygon " + std::to_string(i) + " has " +
                         std::to_string(poly.vertCount) + " vertices");
    }
    for (int j = 0; j < poly.vertCount; ++j) {
      const unsigned short nei = poly.neis[j];
      if (nei == 0 || (nei & DT_EXT_LINK)) continue;
      const int other = nei - 1;
      const dtPoly* back = other < count ? &tile->polys[other] : nullptr;
      const bool named =
          back && std::count(back->neis, back->neis + back->vertCount,
                             static_cast<unsigned short>(i + 1));
      if (!named) {
        problems.push_back("polygon " + std::to_string(i) + " names " +
                           std::to_string(other) +
                           " as a neighbour, which does not name it back");
      }
    }
  }
  return problems;
}

void openTile(const std::string& bytes, BuiltSide& side) {
  // Detour keeps the tile's memory: a copy it frees with the navmesh.
  auto* data =
      static_cast<unsigned char*>(dtAlloc(bytes.size(), DT_ALLOC_PERM));
  if (!data) throw std::bad_alloc();
  std::copy(bytes.begin(), bytes.end(), data);
  side.mesh.reset(dtAllocNavMesh());
  side.query.reset(dtAllocNavMeshQuery());
  if (!side.mesh || !side.query) {
    dtFree(data);
    throw std::bad_alloc();
  }
  if (dtStatusFailed(side.mesh->init(data, static_cast<int>(bytes.size()),
                                     DT_TILE_FREE_DATA))) {
    dtFree(data);
    side.summary.tileProblems.push_back("dtNavMesh::init refused the tile");
    return;
  }
  side.summary.tileProblems = tileProblems(*side.mesh);
  if (dtStatusFailed(side.query->init(side.mesh.get(), kMaxQueryNodes))) {
    throw std::runtime_error("navmesh: dtNavMeshQuery::init failed");
  }
  side.filter.setIncludeFlags(kWalkFlag);
}

BuiltSide buildSide(CollectingContext& ctx, rcContourSet& cset,
                    const rcCompactHeightfield& chf,
                    const MeshImportOptions& agent, NavmeshSide summary) {
  summary.contours = cset.nconts;
  Owned<rcPolyMesh> pmesh(rcAllocPolyMesh());
  Owned<rcPolyMeshDetail> dmesh(rcAllocPolyMeshDetail());
  if (!pmesh || !dmesh) throw std::bad_alloc();
  ctx.check(rcBuildPolyMesh(&ctx, cset, kVerticesPerPolygon, *pmesh),
            "rcBuildPolyMesh");
  ctx.check(
      rcBuildPolyMeshDetail(&ctx, *pmesh, chf, kDetailSampleCells * chf.cs,
                            kDetailErrorHeights * chf.ch, *dmesh),
      "rcBuildPolyMeshDetail");
  markWalkable(*pmesh);
  describePolygons(*pmesh, summary);
  summary.detailTriangles = dmesh->ntris;
  BuiltSide side;
  side.summary = std::move(summary);
  side.summary.tileData = tileData(*pmesh, *dmesh, agent);
  openTile(side.summary.tileData, side);
  return side;
}

// ---------------------------------------------------------------- queries

Point3 spanCentre(const Heightfield& hf, const rcCompactHeightfield& chf,
                  int span) {
  return {chf.bmin[0] + (hf.cellX(span) + 0.5f) * chf.cs,
          chf.bmin[1] + hf.spans[span].y * chf.ch,
          chf.bmin[2] + (hf.cellZ(span) + 0.5f) * chf.cs};
}

float straightLength(const BuiltSide& side, const Point3& from,
                     const Point3& to, const std::vector<dtPolyRef>& path) {
  const int size = static_cast<int>(path.size());
  std::vector<float> points(3 * (size + 2));
  int count = 0;
  if (dtStatusFailed(side.query->findStraightPath(
          from.data(), to.data(), path.data(), size, points.data(), nullptr,
          nullptr, &count, size + 2))) {
    throw std::runtime_error("navmesh: findStraightPath failed");
  }
  float length = 0;
  for (int i = 1; i < count; ++i) {
    length += std::sqrt(dtVdistSqr(&points[3 * i], &points[3 * (i - 1)]));
  }
  return length;
}

// Whether `side` has a whole path from a to b (not Detour's partial best
// guess), and its straight length.
std::pair<bool, float> queryPath(const BuiltSide& side, const Point3& a,
                                 const Point3& b) {
  if (!side.query || side.summary.polygons == 0) return {false, 0.0f};
  const dtNavMeshQuery& query = *side.query;
  dtPolyRef from = 0, to = 0;
  Point3 start{}, end{};
  query.findNearestPoly(a.data(), kPickHalfExtents, &side.filter, &from,
                        start.data());
  query.findNearestPoly(b.data(), kPickHalfExtents, &side.filter, &to,
                        end.data());
  if (from == 0 || to == 0) return {false, 0.0f};
  std::vector<dtPolyRef> path(side.summary.polygons);
  int count = 0;
  const dtStatus status =
      query.findPath(from, to, start.data(), end.data(), &side.filter,
                     path.data(), &count, static_cast<int>(path.size()));
  if (dtStatusFailed(status) || (status & DT_PARTIAL_RESULT) || count == 0 ||
      path[count - 1] != to) {
    return {false, 0.0f};
  }
  path.resize(count);
  return {true, straightLength(side, start, end, path)};
}

std::vector<PathPair> queryPairs(const Heightfield& hf,
                                 const rcCompactHeightfield& chf,
                                 const BuiltSide& regcon,
                                 const BuiltSide& recast,
                                 const NavmeshOptions& options) {
  std::vector<int> walkable;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0) walkable.push_back(s);
  }
  std::vector<PathPair> pairs;
  if (walkable.empty()) return pairs;
  // The standard defines mt19937_64's sequence exactly: the same pairs
  // from the same seed on every platform (a distribution object would not).
  std::mt19937_64 random(options.seed);
  const auto pick = [&] {
    return spanCentre(hf, chf, walkable[random() % walkable.size()]);
  };
  for (int i = 0; i < options.pairs; ++i) {
    PathPair pair;
    pair.start = pick();
    pair.end = pick();
    std::tie(pair.regconReachable, pair.regconLength) =
        queryPath(regcon, pair.start, pair.end);
    std::tie(pair.recastReachable, pair.recastLength) =
        queryPath(recast, pair.start, pair.end);
    pairs.push_back(pair);
  }
  return pairs;
}

}  // namespace

NavmeshComparison compareNavmeshes(const std::string& objPath,
                                   const Implementation& impl,
                                   const NavmeshOptions& options) {
  const RecastCompactPtr chf = importRecastHeightfield(objPath, options.mesh);
  NavmeshComparison result;
  result.heightfield = fromRecast(*chf);
  result.origin = {chf->bmin[0], chf->bmin[1], chf->bmin[2]};
  result.cellSize = chf->cs;
  CollectingContext regconContext, recastContext;
  NavmeshSide regconSide, recastSide;
  RecastContourPtr ours = regconContours(impl, result.heightfield, *chf,
                                         options.settings, regconSide);
  // Detail heights are sampled by region: each side with its own ids in chf.
  BuiltSide regcon =
      buildSide(regconContext, *ours, *chf, options.mesh, regconSide);
  RecastContourPtr theirs =
      recastContours(recastContext, *chf, options.settings, recastSide);
  BuiltSide recast =
      buildSide(recastContext, *theirs, *chf, options.mesh, recastSide);
  result.pairs = queryPairs(result.heightfield, *chf, regcon, recast, options);
  result.regcon = std::move(regcon.summary);
  result.recast = std::move(recast.summary);
  return result;
}

double PathSummary::ratioQuantile(double q) const {
  if (ratios.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double rank = std::ceil(q * static_cast<double>(ratios.size()));
  const size_t index = static_cast<size_t>(std::max(rank, 1.0)) - 1;
  return ratios[std::min(index, ratios.size() - 1)];
}

PathSummary summarize(const std::vector<PathPair>& pairs) {
  PathSummary summary;
  summary.pairs = static_cast<int>(pairs.size());
  for (const PathPair& p : pairs) {
    summary.regconReachable += p.regconReachable;
    summary.recastReachable += p.recastReachable;
    summary.agree += p.regconReachable == p.recastReachable;
    if (p.regconReachable && p.recastReachable && p.recastLength > 0) {
      summary.ratios.push_back(double(p.regconLength) / p.recastLength);
    }
  }
  std::sort(summary.ratios.begin(), summary.ratios.end());
  return summary;
}

}  // namespace regcon
