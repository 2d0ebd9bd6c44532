#include "core/implementation.h"

#include <algorithm>

#include "reference/reference.h"

namespace regcon {
namespace {

class ReferenceImplementation : public Implementation {
 public:
  std::string name() const override { return "reference"; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return ref::buildDistanceField(hf);
  }
  RegionResult regions(const Heightfield& hf,
                       const Settings& settings) const override {
    return ref::buildRegions(hf, settings);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return ref::buildContours(hf, regions, settings);
  }
};

// No issue has asked for the optimized implementation yet: it answers
// honestly instead of borrowing the reference.
class OptimizedImplementation : public Implementation {
 public:
  std::string name() const override { return "optimized"; }
  std::vector<int> distances(const Heightfield&) const override {
    throw NotImplemented("the optimized implementation is not implemented yet");
  }
  RegionResult regions(const Heightfield&, const Settings&) const override {
    throw NotImplemented("the optimized implementation is not implemented yet");
  }
  ContourSet contours(const Heightfield&, const std::vector<int>&,
                      const Settings&) const override {
    throw NotImplemented("the optimized implementation is not implemented yet");
  }
};

}  // namespace

std::vector<const Implementation*> allImplementations() {
  static const ReferenceImplementation reference;
  static const OptimizedImplementation optimized;
  return {&reference, &optimized};
}

const Implementation* findImplementation(const std::string& name) {
  for (const Implementation* impl : allImplementations()) {
    if (impl->name() == name) return impl;
  }
  return nullptr;
}

StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings) {
  StageResult result;
  if (hf.regions) {
    // Readings R12: a given partition; its largest id is the region count.
    result.regions.regions = *hf.regions;
    result.regions.distances = impl.distances(hf);
    const auto& ids = *hf.regions;
    result.regions.regionCount =
        ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
  } else {
    result.regions = impl.regions(hf, settings);
  }
  result.contours = impl.contours(hf, result.regions.regions, settings);
  return result;
}

}  // namespace regcon
