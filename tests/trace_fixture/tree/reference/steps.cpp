// buildDistanceField(hf) in a comment is no definition.
#include <vector>

namespace regcon::ref {

std::vector<int> buildDistanceField(int spans) {
  return std::vector<int>(spans, 0);
}

int growLevel(int level);  // a declaration is no definition

int growLevel(int level) { return level + 1; }

}  // namespace regcon::ref
