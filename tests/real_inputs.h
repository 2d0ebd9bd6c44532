// The real inputs the invariants run on: the three meshes of
// ../shared/meshes (imported once per test binary) and every scenario at
// size 40, seed 7. Shared by test_real_inputs.cpp (every implementation)
// and test_reference_steps.cpp (the reference's own steps).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::testing {

struct RealInputName {
  std::string name;
  std::string mesh;  // a file in ../shared/meshes, or "" for a scenario
  int size = 0;
};

inline void PrintTo(const RealInputName& input, std::ostream* out) {
  *out << input.name;
}

std::vector<RealInputName> realInputs();

// The heightfield of `input`, or nullopt when its mesh is absent (the test
// then skips). Meshes are imported once and kept.
std::optional<Heightfield> loadRealInput(const RealInputName& input);

// The four partitions every real input is built with.
constexpr Partition kPartitions[] = {Partition::Watershed, Partition::Monotone,
                                     Partition::Layers, Partition::LayerFirst};

}  // namespace regcon::testing
