#include "props/prop_support.h"

#include <algorithm>

namespace regcon::props {

std::vector<int> regionSizes(const std::vector<int>& regions) {
  const int top =
      regions.empty() ? 0 : *std::max_element(regions.begin(), regions.end());
  std::vector<int> sizes(std::max(top, 0) + 1, 0);
  for (int r : regions) {
    if (r > 0) ++sizes[r];
  }
  return sizes;
}

}  // namespace regcon::props
