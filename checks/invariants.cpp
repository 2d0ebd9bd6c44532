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

std::string checkPortalsOf(const Loop& raw, const Loop& kept, int region) {
  const auto survivors = positions(kept);
  for (size_t i = 0; i < raw.size(); ++i) {
    const auto& prev = raw[(i + raw.size() - 1) % raw.size()];
    if (raw[i].neighbor == prev.neighbor) continue;
    if (!survivors.count({raw[i].x, raw[i].z})) {
      return message("region ", region, ": portal vertex (", raw[i].x, ", ",
                     raw[i].z, ") did not survive simplification");
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

std::string checkPortalsSurvive(const ContourSet& contours) {
  for (const Contour& contour : contours.contours) {
    if (!contour.rawOutline) return "raw loops were not requested";
    std::string failure =
        checkPortalsOf(*contour.rawOutline, contour.vertices, contour.region);
    if (!failure.empty()) return failure;
    if (contours.droppedHoles > 0) continue;
    for (const Loop& hole : *contour.rawHoles) {
      failure = checkPortalsOf(hole, contour.vertices, contour.region);
      if (!failure.empty()) return failure;
    }
  }
  return "";
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

std::string checkSharedBordersAgree(const ContourSet& contours) {
  // (own region, other region) -> positions on that border.
  std::map<std::pair<int, int>, std::set<std::pair<int, int>>> sides;
  for (const Contour& contour : contours.contours) {
    const Loop& loop = contour.vertices;
    for (size_t i = 0; i < loop.size(); ++i) {
      const auto& v = loop[i];
      const auto& next = loop[(i + 1) % loop.size()];
      if (v.neighbor <= 0 || v.neighbor == contour.region) continue;
      auto& side = sides[{contour.region, v.neighbor}];
      side.emplace(v.x, v.z);
      side.emplace(next.x, next.z);
    }
  }
  for (const auto& [key, side] : sides) {
    const auto other = sides.find({key.second, key.first});
    if (other == sides.end() || other->second != side) {
      return message("regions ", key.first, " and ", key.second,
                     " disagree on their shared border");
    }
  }
  return "";
}

std::set<int> regionsWithSlits(const Heightfield& hf,
                               const std::vector<int>& regions) {
  std::set<int> slit;
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (regions[s] < 1) continue;
    for (int d = 0; d < 4; ++d) {
      const int x = hf.cellX(s) + kDirX[d], z = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(x, z)) continue;
      const int n = mutualNeighbour(hf, s, d);
      if (n >= 0 && regions[n] == regions[s]) continue;  // not a boundary
      const int cell = x + z * hf.width;
      for (int i = 0; i < hf.counts[cell]; ++i) {
        if (regions[hf.cellStart[cell] + i] == regions[s]) {
          slit.insert(regions[s]);
        }
      }
    }
  }
  return slit;
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
