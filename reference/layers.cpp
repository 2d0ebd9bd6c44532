#include "reference/reference.h"

namespace regcon::ref {

std::vector<int> buildLayerRegionsUnfiltered(const Heightfield&) {
  throw NotImplemented("the layer partition (§4) is not implemented yet");
}

std::vector<int> assignLayers(const Heightfield&, const std::vector<int>&) {
  throw NotImplemented("the layer-first partition (§4) is not implemented yet");
}

std::vector<int> labelLayerComponents(const Heightfield&,
                                      const std::vector<int>&) {
  throw NotImplemented("the layer-first partition (§4) is not implemented yet");
}

}  // namespace regcon::ref
