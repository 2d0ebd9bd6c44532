#include "registry/implementations.h"

#include "optimized/optimized.h"
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

class OptimizedImplementation : public Implementation {
 public:
  std::string name() const override { return "optimized"; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return opt::buildDistanceField(hf);
  }
  RegionResult regions(const Heightfield& hf,
                       const Settings& settings) const override {
    return opt::buildRegions(hf, settings);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return opt::buildContours(hf, regions, settings);
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

}  // namespace regcon
