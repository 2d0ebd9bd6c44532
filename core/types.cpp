#include "core/types.h"

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

const char* partitionName(Partition p) {
  switch (p) {
    case Partition::Watershed:
      return "watershed";
    case Partition::Monotone:
      return "monotone";
    case Partition::Layers:
      return "layers";
    case Partition::LayerFirst:
      return "layer-first";
  }
  return "?";
}

std::optional<Partition> parsePartition(const std::string& name) {
  for (Partition p : {Partition::Watershed, Partition::Monotone,
                      Partition::Layers, Partition::LayerFirst}) {
    if (name == partitionName(p)) return p;
  }
  return std::nullopt;
}

}  // namespace regcon
