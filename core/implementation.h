// The seam every caller goes through: CLI, tests, fuzzers, properties and
// benchmarks pick an implementation by name (registry/implementations.h,
// the layer above both) and never call one directly. core/ knows no
// implementation.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace regcon {

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  // §1 distance field, one value per span.
  virtual std::vector<int> distances(const Heightfield& hf) const = 0;
  // §2-§5: the partition chosen in settings, with distances filled in.
  virtual RegionResult regions(const Heightfield& hf,
                               const Settings& settings) const = 0;
  // §6 on a given partition (one region id per span).
  virtual ContourSet contours(const Heightfield& hf,
                              const std::vector<int>& regions,
                              const Settings& settings) const = 0;
};

// The whole stage as interchange §6 defines it: regions from the
// heightfield's own `regions` array when present (readings R12), else from
// the chosen partition; then contours.
StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings);

}  // namespace regcon
