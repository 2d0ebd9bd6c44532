#include "checks/invariants.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <sstream>

namespace regcon::checks {
namespace {

template <typename... Parts>
std::string message(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

std::string checkRegionConnected(const Heightfield& hf,
                                 const std::vector<int>& regions, int seed,
                                 std::vector<char>& seen) {
  std::deque<int> queue{seed};
  seen[seed] = 1;
  while (!queue.empty()) {
    const int s = queue.front();
    queue.pop_front();
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n < 0 || regions[n] != regions[s] || seen[n]) continue;
      seen[n] = 1;
      queue.push_back(n);
    }
  }
  return "";
}

double pointSegmentDistance(const ContourVertex& p, const ContourVertex& a,
                            const ContourVertex& b) {
  const double abx = b.x - a.x, abz = b.z - a.z;
  const double len2 = abx * abx + abz * abz;
  double t = len2 == 0 ? 0 : ((p.x - a.x) * abx + (p.z - a.z) * abz) / len2;
  t = std::clamp(t, 0.0, 1.0);
  const double dx = a.x + t * abx - p.x, dz = a.z + t * abz - p.z;
  return std::sqrt(dx * dx + dz * dz);
}

double distanceToLoop(const ContourVertex& p, const Loop& loop) {
  double best = INFINITY;
  for (size_t i = 0; i < loop.size(); ++i) {
    best = std::min(
        best, pointSegmentDistance(p, loop[i], loop[(i + 1) % loop.size()]));
  }
  return best;
}

std::set<std::pair<int, int>> positions(const Loop& loop) {
  std::set<std::pair<int, int>> out;
  for (const auto& v : loop) out.emplace(v.x, v.z);
  return out;
}

// §6 "every portal vertex survives", with the erratum: its position
// always, its Y and neighbour value too unless the loop passes that corner
// more than once (the duplicate merge of readings R10 keeps the first of
// two vertices at one position).
std::string checkPortalsOf(const Loop& raw, const Loop& kept, int region,
                           PortalReport& report) {
  std::map<std::pair<int, int>, int> visits;
  for (const auto& v : raw) ++visits[{v.x, v.z}];
  const auto survivors = positions(kept);
  for (size_t i = 0; i < raw.size(); ++i) {
    const auto& prev = raw[(i + raw.size() - 1) % raw.size()];
    const ContourVertex& v = raw[i];
    if (v.neighbor == prev.neighbor) continue;
    ++report.portals;
    if (!survivors.count({v.x, v.z})) {
      return message("region ", region, ": portal vertex (", v.x, ", ", v.z,
                     ") did not survive simplification");
    }
    if (visits[{v.x, v.z}] > 1) {
      ++report.positionOnly;
      continue;
    }
    if (std::find(kept.begin(), kept.end(), v) == kept.end()) {
      return message("region ", region, ": portal vertex (", v.x, ", ", v.y,
                     ", ", v.z, ", neighbour ", v.neighbor,
                     ") survived with another Y or neighbour value");
    }
  }
  return "";
}

}  // namespace

int64_t twiceSignedArea(const Loop& loop) {
  int64_t sum = 0;
  for (size_t i = 0; i < loop.size(); ++i) {
    const auto& a = loop[i];
    const auto& b = loop[(i + 1) % loop.size()];
    sum += int64_t{a.x} * b.z - int64_t{b.x} * a.z;
  }
  return sum;
}

std::map<int, int> regionAreas(const Heightfield& hf,
                               const std::vector<int>& regions) {
  std::map<int, int> areas;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] > 0) areas.emplace(regions[s], hf.spans[s].area);
  }
  return areas;
}

int mutualNeighbour(const Heightfield& hf, int span, int dir) {
  const int link = hf.spans[span].link[dir];
  if (link < 0) return -1;
  const int x = hf.cellX(span) + kDirX[dir];
  const int z = hf.cellZ(span) + kDirZ[dir];
  const int target = hf.cellStart[x + z * hf.width] + link;
  const int back = hf.spans[target].link[(dir + 2) % 4];
  if (back < 0) return -1;
  return hf.cellStart[hf.spanCell[span]] + back == span ? target : -1;
}

bool everyLinkIsMutual(const Heightfield& hf) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      if (hf.spans[s].link[d] >= 0 && mutualNeighbour(hf, s, d) < 0) {
        return false;
      }
    }
  }
  return true;
}

bool anyColumnHoldsTwoWalkableSpans(const Heightfield& hf) {
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    int walkable = 0;
    for (int i = 0; i < hf.counts[cell]; ++i) {
      walkable += hf.spans[hf.cellStart[cell] + i].area != 0 ? 1 : 0;
    }
    if (walkable > 1) return true;
  }
  return false;
}

std::string checkPartition(const Heightfield& hf, const RegionResult& result) {
  const auto& regions = result.regions;
  if (static_cast<int>(regions.size()) != hf.spanCount()) {
    return "regions has the wrong length";
  }
  int nextNew = 1;
  std::map<int, int> area;
  std::vector<char> seen(hf.spanCount(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int r = regions[s];
    if (hf.spans[s].area == 0 && r != 0) {
      return message("span ", s, " has area 0 but region ", r);
    }
    if (r == 0) continue;
    if (r > nextNew) return message("region ", r, " numbered out of order");
    if (r == nextNew) {
      ++nextNew;
      area[r] = hf.spans[s].area;
      checkRegionConnected(hf, regions, s, seen);
    }
    if (area[r] != hf.spans[s].area) {
      return message("region ", r, " holds two areas (span ", s, ")");
    }
    if (!seen[s])
      return message("region ", r, " is not connected (span ", s, ")");
  }
  if (result.regionCount != nextNew - 1) {
    return message("regionCount ", result.regionCount, " but ids reach ",
                   nextNew - 1);
  }
  return "";
}

std::string checkLayerRegions(const Heightfield& hf,
                              const std::vector<int>& regions) {
  std::set<std::pair<int, int>> overlap;
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    std::set<int> inColumn;
    for (int i = 0; i < hf.counts[cell]; ++i) {
      const int r = regions[hf.cellStart[cell] + i];
      if (r == 0) continue;
      if (!inColumn.insert(r).second) {
        return message("column ", cell, " holds two spans of region ", r);
      }
    }
    for (int a : inColumn) {
      for (int b : inColumn) overlap.emplace(a, b);
    }
  }
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n < 0 || regions[s] == 0 || regions[n] == 0) continue;
      if (regions[n] == regions[s]) continue;
      if (hf.spans[n].area != hf.spans[s].area) continue;
      if (!overlap.count({regions[s], regions[n]})) {
        return message("adjacent same-area regions ", regions[s], " and ",
                       regions[n], " do not overlap");
      }
    }
  }
  return "";
}

namespace {

// The component of `seed` over mutual links joining walkable spans of one
// area and one layer; `outside` tells whether one of its spans links to a
// walkable span not in it.
std::vector<int> layerComponent(const Heightfield& hf, int seed,
                                std::vector<char>& seen, bool& outside) {
  const std::vector<int>& layers = *hf.layers;
  std::vector<int> component{seed};
  seen[seed] = 1;
  for (size_t next = 0; next < component.size(); ++next) {
    const int s = component[next];
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n < 0 || hf.spans[n].area == 0) continue;
      if (hf.spans[n].area != hf.spans[s].area || layers[n] != layers[s]) {
        outside = true;
        continue;
      }
      if (!seen[n]) {
        seen[n] = 1;
        component.push_back(n);
      }
    }
  }
  return component;
}

}  // namespace

std::string checkCachedLayerRegions(const Heightfield& hf,
                                    const RegionResult& result,
                                    int64_t minRegionArea) {
  if (!hf.layers) return "the heightfield has no cached layers";
  const std::string partition = checkPartition(hf, result);
  if (!partition.empty()) return partition;
  const auto& regions = result.regions;
  std::vector<char> seen(hf.spanCount(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area == 0 || seen[s]) continue;
    bool outside = false;
    const std::vector<int> component = layerComponent(hf, s, seen, outside);
    const bool island =
        static_cast<int64_t>(component.size()) < minRegionArea && !outside;
    for (int t : component) {
      if (island && regions[t] != 0) {
        return message("span ", t, " is in an island of ", component.size(),
                       " spans but has region ", regions[t]);
      }
      if (!island && (regions[t] == 0 || regions[t] != regions[s])) {
        return message("spans ", s, " and ", t,
                       " are linked on one layer and area but have regions ",
                       regions[s], " and ", regions[t]);
      }
    }
    if (!island && !component.empty()) {
      // A region is one whole component: no span elsewhere carries its id.
      const auto count = std::count(regions.begin(), regions.end(), regions[s]);
      if (count != static_cast<std::ptrdiff_t>(component.size())) {
        return message("region ", regions[s], " joins spans of two layers, ",
                       "areas or components");
      }
    }
  }
  return "";
}

std::string checkDistanceField(const Heightfield& hf,
                               const std::vector<int>& distances) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    bool source = hf.spans[s].area == 0;
    int best = INT32_MAX;
    for (int d = 0; d < 4; ++d) {
      const int e = (d + 1) % 4;
      const int a = mutualNeighbour(hf, s, d);
      if (a < 0 || hf.spans[a].area == 0) source = true;
      if (a < 0) continue;
      best = std::min(best, distances[a] + 2);
      const int diagonal = mutualNeighbour(hf, a, e);
      if (diagonal >= 0) best = std::min(best, distances[diagonal] + 3);
      const int b = mutualNeighbour(hf, s, e);
      const int other = b >= 0 ? mutualNeighbour(hf, b, d) : -1;
      if (other >= 0) best = std::min(best, distances[other] + 3);
    }
    const int want = source ? 0 : best;
    if (distances[s] != want) {
      return message("span ", s, ": distance ", distances[s], ", expected ",
                     want);
    }
  }
  return "";
}

std::string checkContourShape(const Heightfield& hf,
                              const std::vector<int>& regions,
                              const ContourSet& contours) {
  const auto areas = regionAreas(hf, regions);
  std::set<int> covered;
  int lastRegion = 0;
  for (size_t c = 0; c < contours.contours.size(); ++c) {
    const Contour& contour = contours.contours[c];
    if (contour.region < lastRegion)
      return message("contour ", c, " out of order");
    lastRegion = contour.region;
    covered.insert(contour.region);
    if (contour.vertices.size() < 3) {
      return message("contour ", c, " has fewer than 3 vertices");
    }
    if (twiceSignedArea(contour.vertices) <= 0) {
      return message("contour ", c, " is not counter-clockwise");
    }
    if (!areas.count(contour.region) ||
        areas.at(contour.region) != contour.area) {
      return message("contour ", c, " has the wrong area id");
    }
  }
  for (const auto& [region, area] : areas) {
    if (!covered.count(region)) return message("region ", region, " vanished");
  }
  if (contours.rawFallbacks < 0 || contours.droppedHoles < 0) {
    return "negative counter";
  }
  return "";
}

PortalReport portalsSurvive(const ContourSet& contours) {
  PortalReport report;
  for (const Contour& contour : contours.contours) {
    if (!contour.rawOutline) {
      report.failure = "raw loops were not requested";
      return report;
    }
    report.failure = checkPortalsOf(*contour.rawOutline, contour.vertices,
                                    contour.region, report);
    if (!report.failure.empty()) return report;
    if (contours.droppedHoles > 0) {
      report.holesLeftOut += static_cast<int>(contour.rawHoles->size());
      continue;
    }
    for (const Loop& hole : *contour.rawHoles) {
      report.failure =
          checkPortalsOf(hole, contour.vertices, contour.region, report);
      if (!report.failure.empty()) return report;
    }
  }
  return report;
}

std::string checkPortalsSurvive(const ContourSet& contours) {
  return portalsSurvive(contours).failure;
}

std::string checkRawWithinError(const ContourSet& contours, double maxError) {
  for (const Contour& contour : contours.contours) {
    std::vector<const Loop*> raws{&*contour.rawOutline};
    if (contours.droppedHoles == 0) {
      for (const Loop& hole : *contour.rawHoles) raws.push_back(&hole);
    }
    for (const Loop* raw : raws) {
      for (const auto& v : *raw) {
        const double d = distanceToLoop(v, contour.vertices);
        if (d > maxError + 1e-9) {
          return message("region ", contour.region, ": raw vertex (", v.x, ", ",
                         v.z, ") is ", d, " from the contour");
        }
      }
    }
  }
  return "";
}

}  // namespace regcon::checks

namespace regcon::checks {

std::string checkTracedLoops(const Heightfield& hf,
                             const std::vector<int>& regions,
                             const std::vector<RegionLoop>& loops) {
  std::map<int, int64_t> spans, boundaryEdges, areaSum, lengthSum;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] < 1) continue;
    ++spans[regions[s]];
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n < 0 || regions[n] != regions[s]) ++boundaryEdges[regions[s]];
    }
  }
  for (const RegionLoop& loop : loops) {
    areaSum[loop.region] += twiceSignedArea(loop.vertices);
    lengthSum[loop.region] += static_cast<int64_t>(loop.vertices.size());
  }
  for (const auto& [region, count] : spans) {
    if (areaSum[region] != 2 * count) {
      return message("region ", region, ": loop areas sum to ", areaSum[region],
                     ", expected ", 2 * count);
    }
    if (lengthSum[region] != boundaryEdges[region]) {
      return message("region ", region, ": loop lengths sum to ",
                     lengthSum[region], ", expected ", boundaryEdges[region]);
    }
  }
  return "";
}

}  // namespace regcon::checks

namespace regcon::checks {

std::string checkMonotoneRuns(const Heightfield& hf,
                              const std::vector<int>& regions) {
  std::set<std::pair<int, int>> started;  // (region, row) with a run
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] == 0) continue;
    const int left = mutualNeighbour(hf, s, 0);
    if (left >= 0 && regions[left] == regions[s]) continue;
    if (!started.emplace(regions[s], hf.cellZ(s)).second) {
      return message("region ", regions[s], " has two runs in row ",
                     hf.cellZ(s), " (span ", s, ")");
    }
  }
  return "";
}

}  // namespace regcon::checks
