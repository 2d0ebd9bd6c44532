#include "registry/implementations.h"

#include <utility>

#include "optimized/optimized.h"
#include "reference/reference.h"

namespace regcon {
namespace {

class Reference : public Implementation {
 public:
  std::string name() const override { return "reference"; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return ref::buildDistanceField(hf);
  }
  RegionResult partition(const Heightfield& hf,
                         const Settings& settings) const override {
    return ref::buildRegions(hf, settings);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return ref::buildContours(hf, regions, settings);
  }
  RegionResult givenRegions(const Heightfield& hf) const override {
    return ref::givenRegions(hf);
  }
};

class Optimized : public Implementation {
 public:
  explicit Optimized(opt::Threads threads) : threads_(threads) {}
  std::string name() const override { return "optimized"; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return opt::buildDistanceField(hf, threads_);
  }
  RegionResult partition(const Heightfield& hf,
                         const Settings& settings) const override {
    return opt::buildRegions(hf, settings, threads_);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return opt::buildContours(hf, regions, settings, threads_);
  }
  RegionResult givenRegions(const Heightfield& hf) const override {
    return opt::givenRegions(hf);
  }

 protected:
  opt::Threads threads_;
};

// One call at a time: the calls share the scratch.
class OptimizedKeepingMemory : public Optimized {
 public:
  using Optimized::Optimized;
  std::vector<int> distances(const Heightfield& hf) const override {
    return opt::buildDistanceField(hf, threads_, scratch_);
  }
  RegionResult partition(const Heightfield& hf,
                         const Settings& settings) const override {
    return opt::buildRegions(hf, settings, threads_, scratch_);
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& settings) const override {
    return opt::buildContours(hf, regions, settings, threads_, scratch_);
  }
  void recycle(RegionResult&& done) const override {
    scratch_.recycle(std::move(done));
  }
  void recycle(std::vector<int>&& done) const override {
    scratch_.recycle(std::move(done));
  }
  int64_t keptBytes() const override { return scratch_.heldBytes(); }

 private:
  mutable opt::Scratch scratch_;
};

}  // namespace

std::vector<const Implementation*> allImplementations() {
  static const Reference reference;
  static const Optimized optimized(opt::Threads{});
  return {&reference, &optimized};
}

std::unique_ptr<Implementation> optimizedOnThreads(int threads,
                                                   bool splitSmallWork) {
  return std::make_unique<Optimized>(opt::Threads{threads, splitSmallWork});
}

std::unique_ptr<Implementation> optimizedKeepingMemory(int threads) {
  return std::make_unique<OptimizedKeepingMemory>(opt::Threads{threads});
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
