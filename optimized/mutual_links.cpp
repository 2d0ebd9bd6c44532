#include "optimized/mutual_links.h"

namespace regcon::opt {

MutualLinks::MutualLinks(const Heightfield& hf) : table_(hf.spanCount()) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int t = hf.linkTarget(s, d);
      table_[s][d] = (t >= 0 && hf.linkTarget(t, (d + 2) % 4) == s) ? t : -1;
    }
  }
}

}  // namespace regcon::opt
