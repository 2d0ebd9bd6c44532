// One loop simplified by both implementations under one setting, for the
// tests that compare opt::contours::simplifyLoop with ref::simplifyLoop
// loop by loop (test_unit_square_loops.cpp, test_straight_run_loops.cpp):
// the neighbour values and their areas, the setting in each
// implementation's form, and the raw loop packed as the tracer packs it.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "optimized/contours_steps.h"
#include "reference/contours_steps.h"

namespace regcon::simplify_cases {

// The loop's own region, and the neighbour values a raw vertex may carry:
// the tile border, no region, a region of the loop's own area (a straight
// border), one of another area, and the border band (own area, but never
// straight).
constexpr int kOwnRegion = 1;
constexpr std::array<int, 5> kNeighbours = {-1, 0, 2, 3, 4};
constexpr int kBand = 4;
constexpr int kOwnArea = 63, kOtherArea = 7;

struct Case {
  double maxError;
  int64_t maxEdgeLength;
  bool straight;

  Settings settings() const {
    Settings s;
    s.maxError = maxError;
    s.maxEdgeLength = maxEdgeLength;
    s.straightRegionBorders = straight;
    s.borderRegion = kBand;
    return s;
  }
  ref::SimplifyParams params(const std::map<int, int>& areas) const {
    ref::SimplifyParams p;
    p.maxError = maxError;
    p.maxEdgeLength = maxEdgeLength;
    p.straightBorders = straight;
    p.borderRegion = kBand;
    p.region = kOwnRegion;
    p.regionArea = &areas;
    return p;
  }
};

// Each region's area, as each implementation reads it.
struct Areas {
  std::vector<int> byRegion = {0, kOwnArea, kOwnArea, kOtherArea, kOwnArea};
  std::map<int, int> map = {
      {1, kOwnArea}, {2, kOwnArea}, {3, kOtherArea}, {4, kOwnArea}};
  opt::contours::BorderRules rules() const {
    return {&byRegion, kBand, kOwnArea};
  }
};

inline opt::contours::RawLoop packedLoop(const Loop& loop) {
  opt::contours::RawLoopPacker packer;
  packer.clear();
  for (const ContourVertex& v : loop) EXPECT_TRUE(packer.add(v));
  return packer.finish();
}

inline std::string describe(const Loop& raw, const Case& c) {
  std::string text = "MaxError " + std::to_string(c.maxError) +
                     " MaxEdgeLength " + std::to_string(c.maxEdgeLength) +
                     (c.straight ? " straight" : "") + ":";
  for (const ContourVertex& v : raw) {
    text += " (" + std::to_string(v.x) + "," + std::to_string(v.z) + " n" +
            std::to_string(v.neighbor) + ")";
  }
  return text;
}

}  // namespace regcon::simplify_cases
