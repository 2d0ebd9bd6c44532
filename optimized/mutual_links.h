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

// Gives `id` to `seed` and to every span reachable from it over mutual
// links through unlabelled spans that `joins` accepts. A stack, not the
// spec's queue: only the component matters, not the order it is found in.
template <class Joins>
void floodComponent(const MutualLinks& links, int seed, int id,
                    std::vector<int>& label, std::vector<int>& stack,
                    Joins joins) {
  label[seed] = id;
  stack.assign(1, seed);
  while (!stack.empty()) {
    const int s = stack.back();
    stack.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int n = links(s, d);
      if (n < 0 || label[n] != 0 || !joins(n)) continue;
      label[n] = id;
      stack.push_back(n);
    }
  }
}

}  // namespace regcon::opt
