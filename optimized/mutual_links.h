// Readings R1 for the optimized implementation: the mutual neighbour of
// every span in every direction, resolved once into a flat table instead
// of being re-derived from raw links at each use.
#pragma once

#include <array>
#include <vector>

#include "core/types.h"

namespace regcon::opt {

class MutualLinks {
 public:
  explicit MutualLinks(const Heightfield& hf);
  // N(span, dir), or -1.
  int operator()(int span, int dir) const { return table_[span][dir]; }

 private:
  std::vector<std::array<int, 4>> table_;
};

}  // namespace regcon::opt
