#include "registry/implementations.h"

#include "optimized/optimized.h"
#include "reference/reference.h"

namespace regcon {
namespace {

// The entry points of one implementation's namespace; `given` may be
// null (readings R12 as core/implementation.cpp reads it).
struct EntryPoints {
  const char* name;
  std::vector<int> (*distances)(const Heightfield&);
  RegionResult (*regions)(const Heightfield&, const Settings&);
  ContourSet (*contours)(const Heightfield&, const std::vector<int>&,
                         const Settings&);
  RegionResult (*given)(const Heightfield&) = nullptr;
};

class Adapter : public Implementation {
 public:
  explicit Adapter(const EntryPoints& entry) : entry_(entry) {}
  std::string name() const override { return entry_.name; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return entry_.distances(hf);
  }
  RegionResult partition(const Heightfield& hf,
                         const Settings& settings) const override {
    return entry_.regions(hf, settings);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return entry_.contours(hf, regions, settings);
  }
  RegionResult givenRegions(const Heightfield& hf) const override {
    return entry_.given ? entry_.given(hf) : Implementation::givenRegions(hf);
  }

 private:
  EntryPoints entry_;
};

}  // namespace

std::vector<const Implementation*> allImplementations() {
  static const Adapter reference({"reference", ref::buildDistanceField,
                                  ref::buildRegions, ref::buildContours,
                                  ref::givenRegions});
  static const Adapter optimized({"optimized", opt::buildDistanceField,
                                  opt::buildRegions, opt::buildContours});
  return {&reference, &optimized};
}

const Implementation* findImplementation(const std::string& name) {
  for (const Implementation* impl : allImplementations()) {
    if (impl->name() == name) return impl;
  }
  return nullptr;
}

const Implementation& implementationNamed(const std::string& name) {
  if (const Implementation* impl = findImplementation(name)) return *impl;
  std::string known;
  for (const Implementation* impl : allImplementations()) {
    known += (known.empty() ? "" : ", ") + impl->name();
  }
  throw InputError("unknown implementation '" + name + "' (known: " + known +
                   ")");
}

}  // namespace regcon
