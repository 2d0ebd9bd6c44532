// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include "optimized/mutual_links.h"

namespace regcon::opt {

namespace {
// Rows per part below which a thread is not worth starting.
constexpr int kMinRowsPerPart = 16;
}  // namespace

// Walks the cells in order, so each span's cell and its neighbour cells'
// first spans are at hand without the divisions Heightfield::linkTarget
// needs. The link back from t names s exactly when it is s's place in its
// own column, so no second target is computed; t's area is on the same
// cache line. Each row writes only its own
// spans' entries, so rows are split among the workers.
MutualLinks::MutualLinks(const Heightfield& hf, Workers& workers,
                         Scratch& scratch)
    : table_(scratch, static_cast<size_t>(hf.spanCount())) {
  workers.forRanges(hf.depth, kMinRowsPerPart, [&](int z0, int z1, int) {
    for (int z = z0; z < z1; ++z) fillRow(hf, z);
  });
}

void MutualLinks::fillRow(const Heightfield& hf, int z) {
  const int width = hf.width;
  const int cellOffset[4] = {-1, width, 1, -width};
  for (int x = 0; x < width; ++x) {
    const int cell = x + z * width;
    const int first = hf.cellStart[cell];
    const int end = first + hf.counts[cell];
    for (int s = first; s < end; ++s) {
      const Span& span = hf.spans[s];
      for (int d = 0; d < 4; ++d) {
        const int link = span.link[d];
        int mutual = -1;
        if (link >= 0) {
          const int t = hf.cellStart[cell + cellOffset[d]] + link;
          const Span& target = hf.spans[t];
          if (target.link[(d + 2) & 3] == s - first && target.area != 0) {
            mutual = t;
          }
        }
        table_[s][d] = mutual;
      }
    }
  }
}

}  // namespace regcon::opt
