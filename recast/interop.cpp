#include "recast/interop.h"

#include <RecastAlloc.h>

#include <algorithm>
#include <map>
#include <new>
#include <string>

#include "core/limits.h"

namespace regcon {

void RecastDeleter::operator()(rcCompactHeightfield* chf) const {
  rcFreeCompactHeightfield(chf);
}
void RecastDeleter::operator()(rcContourSet* cset) const {
  rcFreeContourSet(cset);
}

namespace {

using limits::kMaxGridSide;
using limits::kMaxSpansPerCell;

// Our direction numbering must be Recast's, or every link would be rotated.
static_assert(kDirX[0] == -1 && kDirX[1] == 0 && kDirX[2] == 1 &&
              kDirX[3] == 0 && kDirZ[0] == 0 && kDirZ[1] == 1 &&
              kDirZ[2] == 0 && kDirZ[3] == -1);

template <typename T>
T* allocArray(size_t count, rcAllocHint hint = RC_ALLOC_PERM) {
  void* memory = rcAlloc(sizeof(T) * (count ? count : 1), hint);
  if (!memory) throw std::bad_alloc();
  return static_cast<T*>(memory);
}

std::string cellText(int x, int z) {
  return "(" + std::to_string(x) + ", " + std::to_string(z) + ")";
}

Span spanFromRecast(const rcCompactHeightfield& chf, int i) {
  const rcCompactSpan& cs = chf.spans[i];
  Span span;
  span.y = cs.y;
  span.area = chf.areas[i];
  for (int d = 0; d < 4; ++d) {
    const int con = rcGetCon(cs, d);
    span.link[d] = con == RC_NOT_CONNECTED ? kNoLink : con;
  }
  return span;
}

}  // namespace

Heightfield fromRecast(const rcCompactHeightfield& chf) {
  if (chf.width < 1 || chf.height < 1 || chf.width > kMaxGridSide ||
      chf.height > kMaxGridSide) {
    throw InputError(
        "Recast compact heightfield: grid " + std::to_string(chf.width) +
        " x " + std::to_string(chf.height) + " is outside 1.." +
        std::to_string(kMaxGridSide) + " cells per side (interchange §1)");
  }
  Heightfield hf;
  hf.width = chf.width;
  hf.depth = chf.height;
  const int cells = chf.width * chf.height;
  hf.counts.reserve(cells);
  hf.spans.reserve(chf.spanCount);
  for (int c = 0; c < cells; ++c) {
    const rcCompactCell& cell = chf.cells[c];
    const int count = static_cast<int>(cell.count);
    if (count > kMaxSpansPerCell) {
      throw InputError("Recast compact heightfield: cell " +
                       cellText(c % chf.width, c / chf.width) + " holds " +
                       std::to_string(count) + " spans, more than " +
                       std::to_string(kMaxSpansPerCell) + " (interchange §1)");
    }
    hf.counts.push_back(static_cast<uint8_t>(count));
    const int first = static_cast<int>(cell.index);
    for (int i = first; i < first + count; ++i) {
      hf.spans.push_back(spanFromRecast(chf, i));
    }
  }
  hf.index();
  return hf;
}

RecastCompactPtr toRecast(const Heightfield& hf, const RecastFrame& frame) {
  RecastCompactPtr chf(rcAllocCompactHeightfield());
  if (!chf) throw std::bad_alloc();
  chf->width = hf.width;
  chf->height = hf.depth;
  chf->spanCount = hf.spanCount();
  chf->walkableHeight = frame.walkableHeight;
  chf->walkableClimb = frame.walkableClimb;
  chf->borderSize = frame.borderSize;
  chf->cs = frame.cellSize;
  chf->ch = frame.cellHeight;
  const float extent[3] = {hf.width * frame.cellSize,
                           limits::kMaxY * frame.cellHeight,
                           hf.depth * frame.cellSize};
  for (int i = 0; i < 3; ++i) {
    chf->bmin[i] = frame.origin[i];
    chf->bmax[i] = frame.origin[i] + extent[i];
  }
  chf->cells = allocArray<rcCompactCell>(hf.counts.size());
  chf->spans = allocArray<rcCompactSpan>(hf.spans.size());
  chf->areas = allocArray<unsigned char>(hf.spans.size());
  for (size_t c = 0; c < hf.counts.size(); ++c) {
    chf->cells[c].index = static_cast<unsigned>(hf.cellStart[c]);
    chf->cells[c].count = static_cast<unsigned>(hf.counts[c]);
  }
  for (int s = 0; s < hf.spanCount(); ++s) {
    rcCompactSpan& span = chf->spans[s];
    span = rcCompactSpan{};
    span.y = static_cast<unsigned short>(hf.spans[s].y);
    span.h = 255;  // free space is not part of regcon's heightfield
    for (int d = 0; d < 4; ++d) {
      const int link = hf.spans[s].link[d];
      rcSetCon(span, d, link < 0 ? RC_NOT_CONNECTED : link);
    }
    chf->areas[s] = static_cast<unsigned char>(hf.spans[s].area);
  }
  return chf;
}

void writeRecastRegions(const std::vector<int>& regions,
                        rcCompactHeightfield& chf) {
  if (regions.size() != static_cast<size_t>(chf.spanCount)) {
    throw InputError("writeRecastRegions: " + std::to_string(regions.size()) +
                     " region ids for " + std::to_string(chf.spanCount) +
                     " spans");
  }
  int largest = 0;
  for (size_t s = 0; s < regions.size(); ++s) {
    if (regions[s] < 0 || regions[s] > recast_limits::kMaxRegionId) {
      throw InputError("writeRecastRegions: span " + std::to_string(s) +
                       " has region " + std::to_string(regions[s]) +
                       ", outside Recast's 15-bit ids 0.." +
                       std::to_string(recast_limits::kMaxRegionId));
    }
    largest = std::max(largest, regions[s]);
  }
  for (size_t s = 0; s < regions.size(); ++s) {
    chf.spans[s].reg = static_cast<unsigned short>(regions[s]);
  }
  chf.maxRegions = static_cast<unsigned short>(largest);
}

// ------------------------------------------------------------ contours

namespace {

// What toRecast(ContourSet) needs beside a vertex: the grid, the band and
// every region's area.
class ContourConverter {
 public:
  ContourConverter(const ContourSet& contours, const rcCompactHeightfield& chf,
                   const Settings& settings);
  RecastContourPtr convert() const;

 private:
  void checkLimits() const;
  void checkRegion(int region, const char* what) const;
  void checkVertex(const ContourVertex& v) const;
  bool isBand(int region) const {
    return borderRegion_ > 0 && region == borderRegion_;
  }
  int recastRegion(int neighbor) const;
  int flags(int region, int carried, int in, int out,
            const ContourVertex& v) const;
  bool onBandSide(const ContourVertex& v) const;
  void fillLoop(const Loop& loop, int region, bool raw, int*& out,
                int& count) const;
  void fillContour(const Contour& c, bool raw, rcContour& out) const;

  const ContourSet& contours_;
  const rcCompactHeightfield& chf_;
  int64_t borderRegion_;
  bool raw_;
  float maxError_;
  std::map<int, int> areaOf_;
};

ContourConverter::ContourConverter(const ContourSet& contours,
                                   const rcCompactHeightfield& chf,
                                   const Settings& settings)
    : contours_(contours),
      chf_(chf),
      borderRegion_(settings.borderRegion),
      raw_(settings.rawContours),
      maxError_(static_cast<float>(settings.maxError)) {
  for (const Contour& c : contours.contours) areaOf_[c.region] = c.area;
}

[[noreturn]] void limitError(const std::string& what) {
  throw InputError("toRecast: " + what);
}

void ContourConverter::checkRegion(int region, const char* what) const {
  if (region > recast_limits::kMaxRegionId) {
    limitError(std::string(what) + " " + std::to_string(region) +
               " is past Recast's 15-bit region ids (at most " +
               std::to_string(recast_limits::kMaxRegionId) + ")");
  }
}

void ContourConverter::checkVertex(const ContourVertex& v) const {
  checkRegion(v.neighbor, "neighbour region");
  const int border = chf_.borderSize;
  const int x = v.x - border, z = v.z - border;
  const int width = chf_.width - 2 * border, depth = chf_.height - 2 * border;
  if (x < 0 || z < 0 || x > width || z > depth) {
    limitError("vertex (" + std::to_string(v.x) + ", " + std::to_string(v.z) +
               ") lies in the border band or off the grid: Recast's vertices "
               "are corners of the grid less its band of " +
               std::to_string(border) + " cells (x 0.." +
               std::to_string(width) + ", z 0.." + std::to_string(depth) +
               " after the shift), kept unsigned");
  }
  if (v.y < 0 || v.y > recast_limits::kMaxCoordinate) {
    limitError("vertex y " + std::to_string(v.y) + " is outside 0.." +
               std::to_string(recast_limits::kMaxCoordinate));
  }
}

void ContourConverter::checkLimits() const {
  if (borderRegion_ > recast_limits::kMaxRegionId) {
    limitError("borderRegion " + std::to_string(borderRegion_) +
               " is past Recast's 15-bit region ids (at most " +
               std::to_string(recast_limits::kMaxRegionId) + ")");
  }
  int64_t vertices = 0;
  for (const Contour& c : contours_.contours) {
    if (isBand(c.region)) continue;
    checkRegion(c.region, "region");
    if (raw_ && (!c.rawOutline || !c.rawHoles)) {
      limitError("raw contours requested (rawContours) but region " +
                 std::to_string(c.region) + "'s contour has none");
    }
    for (const ContourVertex& v : c.vertices) checkVertex(v);
    if (raw_) {
      for (const ContourVertex& v : *c.rawOutline) checkVertex(v);
      for (const Loop& hole : *c.rawHoles) {
        for (const ContourVertex& v : hole) checkVertex(v);
      }
    }
    vertices += static_cast<int64_t>(c.vertices.size());
  }
  if (vertices > recast_limits::kMaxPolyMeshVertices) {
    limitError(std::to_string(vertices) + " contour vertices, more than " +
               std::to_string(recast_limits::kMaxPolyMeshVertices) +
               ", the most rcBuildPolyMesh takes");
  }
}

int ContourConverter::recastRegion(int neighbor) const {
  if (neighbor <= 0) return 0;  // a wall, or the grid's edge (-1)
  if (isBand(neighbor)) return RC_BORDER_REG | neighbor;
  return neighbor;
}

// Strictly inside a side of the rectangle the band encloses.
bool ContourConverter::onBandSide(const ContourVertex& v) const {
  const int b = chf_.borderSize;
  if (b <= 0) return false;
  const int right = chf_.width - b, top = chf_.height - b;
  const bool insideX = v.x > b && v.x < right;
  const bool insideZ = v.z > b && v.z < top;
  return ((v.x == b || v.x == right) && insideZ) ||
         ((v.z == b || v.z == top) && insideX);
}

// `carried` is the neighbour of the edge the vertex describes; `in` and
// `out` those of the edges that meet at it.
int ContourConverter::flags(int region, int carried, int in, int out,
                            const ContourVertex& v) const {
  int result = recastRegion(carried);
  const auto area = areaOf_.find(carried);
  if (carried > 0 && area != areaOf_.end() &&
      area->second != areaOf_.at(region)) {
    result |= RC_AREA_BORDER;
  }
  const auto bandOrSameArea = [&](int n) {
    if (isBand(n)) return true;
    const auto a = areaOf_.find(n);
    return n > 0 && a != areaOf_.end() && a->second == areaOf_.at(region);
  };
  if (onBandSide(v) && (isBand(in) || isBand(out)) && bandOrSameArea(in) &&
      bandOrSameArea(out)) {
    result |= RC_BORDER_VERTEX;
  }
  return result;
}

// regcon's loop (counter-clockwise, vertex k describing the edge k -> k+1)
// reversed into Recast's: simplified vertices describe the edge to the next
// vertex in Recast's order (regcon's k-1 -> k), raw ones the edge from the
// previous one (regcon's k -> k+1, the same edge as regcon's own).
void ContourConverter::fillLoop(const Loop& loop, int region, bool raw,
                                int*& out, int& count) const {
  const int n = static_cast<int>(loop.size());
  count = n;
  out = allocArray<int>(4 * static_cast<size_t>(n));
  const int border = chf_.borderSize;
  for (int j = 0; j < n; ++j) {
    const int k = n - 1 - j;
    const ContourVertex& v = loop[k];
    const int in = loop[(k + n - 1) % n].neighbor;
    const int carried = raw ? v.neighbor : in;
    int* dst = out + 4 * j;
    dst[0] = v.x - border;
    dst[1] = v.y;
    dst[2] = v.z - border;
    dst[3] = flags(region, carried, in, v.neighbor, v);
  }
}

void ContourConverter::fillContour(const Contour& c, bool raw,
                                   rcContour& out) const {
  out = rcContour{};
  out.reg = static_cast<unsigned short>(c.region);
  out.area = static_cast<unsigned char>(c.area);
  fillLoop(c.vertices, c.region, false, out.verts, out.nverts);
  if (raw) fillLoop(*c.rawOutline, c.region, true, out.rverts, out.nrverts);
}

RecastContourPtr ContourConverter::convert() const {
  checkLimits();
  std::vector<const Contour*> kept;
  size_t total = 0;
  for (const Contour& c : contours_.contours) {
    if (isBand(c.region)) continue;
    kept.push_back(&c);
    total += 1 + (raw_ ? c.rawHoles->size() : 0);
  }
  RecastContourPtr cset(rcAllocContourSet());
  if (!cset) throw std::bad_alloc();
  const int b = chf_.borderSize;
  for (int i = 0; i < 3; ++i) {
    cset->bmin[i] = chf_.bmin[i];
    cset->bmax[i] = chf_.bmax[i];
  }
  cset->bmin[0] += b * chf_.cs;
  cset->bmin[2] += b * chf_.cs;
  cset->bmax[0] -= b * chf_.cs;
  cset->bmax[2] -= b * chf_.cs;
  cset->cs = chf_.cs;
  cset->ch = chf_.ch;
  cset->width = chf_.width - 2 * b;
  cset->height = chf_.height - 2 * b;
  cset->borderSize = b;
  cset->maxError = maxError_;
  cset->conts = allocArray<rcContour>(total);
  // nconts grows with each filled entry, so a throw frees what was filled.
  for (const Contour* c : kept) {
    fillContour(*c, raw_, cset->conts[cset->nconts++]);
    if (!raw_) continue;
    for (const Loop& hole : *c->rawHoles) {
      rcContour& entry = cset->conts[cset->nconts];
      entry = rcContour{};
      entry.reg = static_cast<unsigned short>(c->region);
      entry.area = static_cast<unsigned char>(c->area);
      ++cset->nconts;
      fillLoop(hole, c->region, true, entry.rverts, entry.nrverts);
    }
  }
  return cset;
}

}  // namespace

RecastContourPtr toRecast(const ContourSet& contours,
                          const rcCompactHeightfield& chf,
                          const Settings& settings) {
  return ContourConverter(contours, chf, settings).convert();
}

}  // namespace regcon
