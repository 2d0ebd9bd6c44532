#include "core/types.h"

#include "core/name_table.h"

namespace regcon {

int Heightfield::linkTarget(int span, int dir) const {
  const int link = spans[span].link[dir];
  if (link == kNoLink) return -1;
  const int nx = cellX(span) + kDirX[dir];
  const int nz = cellZ(span) + kDirZ[dir];
  return cellStart[nx + nz * width] + link;
}

void Heightfield::index() {
  cellStart.assign(counts.size(), 0);
  spanCell.clear();
  int next = 0;
  for (size_t c = 0; c < counts.size(); ++c) {
    cellStart[c] = next;
    for (int i = 0; i < counts[c]; ++i) spanCell.push_back(static_cast<int>(c));
    next += counts[c];
  }
}

namespace {

constexpr NameTable<Partition, 4> kPartitionNames{{{
    {Partition::Watershed, "watershed"},
    {Partition::Monotone, "monotone"},
    {Partition::Layers, "layers"},
    {Partition::LayerFirst, "layer-first"},
}}};

}  // namespace

const char* partitionName(Partition p) {
  return kPartitionNames.name(p, "?");
}

std::optional<Partition> parsePartition(const std::string& name) {
  return kPartitionNames.find(name);
}

int64_t ContourSet::vertexCount() const {
  int64_t count = 0;
  for (const Contour& c : contours) {
    count += static_cast<int64_t>(c.vertices.size());
  }
  return count;
}

}  // namespace regcon
