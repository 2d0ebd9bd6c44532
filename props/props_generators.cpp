// The generators reach the hard cases: a measured share of multi-floor
// fields holds each two-floor twist of gen/twists.h (at least 20% each). A
// plain test, not a property: it measures a share over many fields, so it
// samples the generator itself at every size.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>

#include "gen/generators.h"
#include "gen/twists.h"

namespace regcon::props {
namespace {

TEST(Generators, MultiFloorFieldsReachTwists) {
  constexpr int kFields = 500;
  int diagonal = 0, vertexY = 0, sweep = 0;
  rc::Random random(uint64_t{20261201});
  for (int i = 0; i < kFields; ++i) {
    const Heightfield hf =
        gen::multiFloorField()(random.split(), i % 100).value();
    const gen::Twists twists = gen::findTwists(hf);
    diagonal += twists.diagonalRoutesDiffer;
    vertexY += twists.vertexYNeedsBothRoutes;
    sweep += twists.sweepTouchedFromTwoFloors;
  }
  RecordProperty("diagonal_routes_differ_percent", 100 * diagonal / kFields);
  std::cout << "of " << kFields
            << " multi-floor fields: diagonal routes differ " << diagonal
            << ", vertex Y needs both routes " << vertexY
            << ", sweep touched from two floors " << sweep << "\n";
  EXPECT_GE(5 * diagonal, kFields);
  EXPECT_GE(5 * vertexY, kFields);
  EXPECT_GE(5 * sweep, kFields);
}

}  // namespace
}  // namespace regcon::props
