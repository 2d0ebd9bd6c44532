#include "core/builder.h"

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "core/limits.h"

namespace regcon {
namespace {

// Top of the free space above span i of a cell: the next floor up.
int ceilingOf(const Heightfield& hf, int cell, int i) {
  return i + 1 < hf.counts[cell] ? hf.spans[hf.cellStart[cell] + i + 1].y
                                 : INT_MAX;
}

std::vector<Floor> normalized(std::vector<Floor> column) {
  std::stable_sort(column.begin(), column.end(),
                   [](const Floor& a, const Floor& b) { return a.y < b.y; });
  column.erase(
      std::unique(column.begin(), column.end(),
                  [](const Floor& a, const Floor& b) { return a.y == b.y; }),
      column.end());
  for (Floor& f : column) f.y = std::clamp<int>(f.y, 0, limits::kMaxY);
  if (column.size() > size_t{limits::kMaxSpansPerCell}) {
    column.resize(limits::kMaxSpansPerCell);
  }
  return column;
}

}  // namespace

int ruleLink(const Heightfield& hf, int s, int dir, const LinkRule& rule) {
  const int nx = hf.cellX(s) + kDirX[dir], nz = hf.cellZ(s) + kDirZ[dir];
  if (!hf.insideGrid(nx, nz)) return kNoLink;
  const int cell = hf.spanCell[s];
  const int other = nx + nz * hf.width;
  const int y = hf.spans[s].y;
  const int top = ceilingOf(hf, cell, s - hf.cellStart[cell]);
  for (int j = 0; j < hf.counts[other]; ++j) {
    const int ny = hf.spans[hf.cellStart[other] + j].y;
    if (std::abs(ny - y) > rule.climb) continue;
    if (rule.needsFreeSpace && (ny >= top || y >= ceilingOf(hf, other, j))) {
      continue;
    }
    return j;
  }
  return kNoLink;
}

void linkByRule(Heightfield& hf, const LinkRule& rule) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) hf.spans[s].link[d] = ruleLink(hf, s, d, rule);
  }
}

HeightfieldBuilder::HeightfieldBuilder(int width, int depth)
    : width_(width),
      depth_(depth),
      cells_(static_cast<size_t>(width) * static_cast<size_t>(depth)) {}

HeightfieldBuilder& HeightfieldBuilder::add(int x, int z, int y, int area) {
  column(x, z).push_back({y, area});
  return *this;
}

HeightfieldBuilder& HeightfieldBuilder::clear(int x, int z) {
  column(x, z).clear();
  return *this;
}

Heightfield HeightfieldBuilder::build(const LinkRule& rule) const {
  Heightfield hf;
  hf.width = width_;
  hf.depth = depth_;
  hf.counts.reserve(cells_.size());
  for (const std::vector<Floor>& cell : cells_) {
    const std::vector<Floor> column = normalized(cell);
    hf.counts.push_back(static_cast<uint8_t>(column.size()));
    for (const Floor& f : column) {
      Span span;
      span.y = f.y;
      span.area = f.area;
      hf.spans.push_back(span);
    }
  }
  hf.index();
  linkByRule(hf, rule);
  return hf;
}

}  // namespace regcon
