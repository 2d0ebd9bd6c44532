// One checker for every implementation: a test suite of stage results is
// parameterized over allImplementations(), so each hand-worked case runs on
// the reference, the optimized implementation and any later one, and a
// failure names the implementation ("Contours.Square/optimized").
//
//   EVERY_IMPLEMENTATION_SUITE(Contours);
//   TEST_P(Contours, SquareRegionKeepsFourCorners) {
//     const ContourSet set = impl().contours(hf, regions, settings);
//     ...
//   }
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "registry/implementations.h"

namespace regcon {

// Failure messages print the parameter by its name, not its address.
inline void PrintTo(const Implementation* impl, std::ostream* out) {
  *out << impl->name();
}

namespace testing {

class EveryImplementation
    : public ::testing::TestWithParam<const Implementation*> {
 protected:
  const Implementation& impl() const { return *GetParam(); }
};

struct ImplementationName {
  std::string operator()(
      const ::testing::TestParamInfo<const Implementation*>& info) const {
    return info.param->name();
  }
};

// The partition (§2-§4) before filtering, through the stage: with
// MinRegionArea and MergeRegionArea 0, §5 removes and merges nothing and
// only numbers the regions by first span (the hand-worked cases are
// already numbered so).
inline std::vector<int> unfilteredPartition(const Implementation& impl,
                                            const Heightfield& hf,
                                            Partition partition) {
  Settings settings;
  settings.partition = partition;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  return impl.regions(hf, settings).regions;
}

}  // namespace testing
}  // namespace regcon

// Instantiates Suite once per implementation, named by the implementation.
#define ON_EVERY_IMPLEMENTATION(Suite)                              \
  INSTANTIATE_TEST_SUITE_P(                                         \
      , Suite, ::testing::ValuesIn(::regcon::allImplementations()), \
      ::regcon::testing::ImplementationName())

// Declares the suite Suite (a plain EveryImplementation) and instantiates it
// once per implementation; a suite with members of its own derives from
// EveryImplementation itself and uses ON_EVERY_IMPLEMENTATION.
#define EVERY_IMPLEMENTATION_SUITE(Suite)                         \
  class Suite : public ::regcon::testing::EveryImplementation {}; \
  ON_EVERY_IMPLEMENTATION(Suite)
