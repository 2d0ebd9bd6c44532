#include "optimized/mutual_links.h"

namespace regcon::opt {

// Walks the grid cell by cell so each span's cell is known without the
// divisions Heightfield::linkTarget needs.
MutualLinks::MutualLinks(const Heightfield& hf) : table_(hf.spanCount()) {
  auto target = [&](int x, int z, int dir, int link) {
    const int cell = (x + kDirX[dir]) + (z + kDirZ[dir]) * hf.width;
    return hf.cellStart[cell] + link;
  };
  for (int z = 0; z < hf.depth; ++z) {
    for (int x = 0; x < hf.width; ++x) {
      const int cell = x + z * hf.width;
      const int end = hf.cellStart[cell] + hf.counts[cell];
      for (int s = hf.cellStart[cell]; s < end; ++s) {
        for (int d = 0; d < 4; ++d) {
          const int link = hf.spans[s].link[d];
          table_[s][d] = -1;
          if (link < 0) continue;
          const int t = target(x, z, d, link);
          const int back = hf.spans[t].link[(d + 2) % 4];
          const int nx = x + kDirX[d], nz = z + kDirZ[d];
          if (back >= 0 && target(nx, nz, (d + 2) % 4, back) == s) {
            table_[s][d] = t;
          }
        }
      }
    }
  }
}

}  // namespace regcon::opt
