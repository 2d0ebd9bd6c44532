// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include "reference/reference.h"

namespace regcon::ref {

// Readings R1: a link counts only when the target links back.
int neighbour(const Heightfield& hf, int span, int dir) {
  const int target = hf.linkTarget(span, dir);
  if (target < 0) return -1;
  return hf.linkTarget(target, (dir + 2) % 4) == span ? target : -1;
}

}  // namespace regcon::ref
