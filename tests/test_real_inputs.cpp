// The invariants the spec states (§1, §4, §5, §6), checked on every real
// mesh of ../shared/meshes and on every scenario, for every partition and
// every implementation (named by input and implementation:
// RealInput.DistanceFieldIsExact/dungeon_optimized). The reference's own
// steps on the same inputs are in test_reference_steps.cpp.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <tuple>

#include "checks/borders.h"
#include "checks/invariants.h"
#include "exhaust/field_check.h"
#include "interchange/compare.h"
#include "interchange/io.h"
#include "tests/every_implementation.h"
#include "tests/real_inputs.h"

namespace regcon {
namespace {

using namespace regcon::testing;
using namespace regcon::checks;

using InputAndImplementation = std::tuple<RealInputName, const Implementation*>;

class RealInput : public ::testing::TestWithParam<InputAndImplementation> {
 protected:
  void SetUp() override {
    const RealInputName& input = std::get<0>(GetParam());
    std::optional<Heightfield> hf = loadRealInput(input);
    if (!hf) {
      GTEST_SKIP() << "mesh " << input.mesh
                   << " is absent (../shared/meshes); skipped";
    }
    hf_ = std::move(*hf);
  }
  const Implementation& impl() const { return *std::get<1>(GetParam()); }
  Heightfield hf_;
};

// The spec's defaults with partition p, raw loops requested.
Settings withRawLoops(Partition p) {
  Settings settings;
  settings.partition = p;
  settings.rawContours = true;
  return settings;
}

TEST_P(RealInput, DistanceFieldIsExact) {
  EXPECT_EQ(checkDistanceField(hf_, impl().distances(hf_)), "");
}

TEST_P(RealInput, EveryPartitionIsConnectedSingleAreaAndNumbered) {
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings;
    settings.partition = p;
    const RegionResult result = impl().regions(hf_, settings);
    EXPECT_EQ(checkPartition(hf_, result), "");
    EXPECT_GT(result.regionCount, 0);
  }
}

// Before filtering: MinRegionArea and MergeRegionArea 0 leave the regions
// as the partition made them, only renumbered, which the checks ignore.
TEST_P(RealInput, UnfilteredMonotoneRegionsHaveOneRunPerRow) {
  EXPECT_EQ(checkMonotoneRuns(
                hf_, unfilteredPartition(impl(), hf_, Partition::Monotone)),
            "");
}

TEST_P(RealInput, LayerRegionsNeverShareAColumnAndAdjacentOnesOverlap) {
  EXPECT_EQ(checkLayerRegions(
                hf_, unfilteredPartition(impl(), hf_, Partition::Layers)),
            "");
}

TEST_P(RealInput, ContoursKeepPortalsStayWithinErrorAndAgreeOnBorders) {
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings = withRawLoops(p);
    const auto regions = impl().regions(hf_, settings).regions;
    const ContourSet byDefault = impl().contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, byDefault), "");
    EXPECT_EQ(checkPortalsSurvive(byDefault), "");
    EXPECT_EQ(checkSharedBorders(
                  hf_, regions, settings, byDefault,
                  exhaust::referenceFirstAttempt(hf_, regions, settings))
                  .failure,
              "");

    settings.straightRegionBorders = false;
    const ContourSet refined = impl().contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, refined), "");
    EXPECT_EQ(checkRawWithinError(refined, settings.maxError), "");

    settings.maxError = 0;
    const ContourSet exact = impl().contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, exact), "");
    EXPECT_EQ(checkSharedBorders(
                  hf_, regions, settings, exact,
                  exhaust::referenceFirstAttempt(hf_, regions, settings))
                  .failure,
              "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    MeshesAndScenarios, RealInput,
    ::testing::Combine(::testing::ValuesIn(realInputs()),
                       ::testing::ValuesIn(allImplementations())),
    [](const ::testing::TestParamInfo<InputAndImplementation>& info) {
      return std::get<0>(info.param).name + "_" +
             std::get<1>(info.param)->name();
    });

class RealInputBytes : public ::testing::TestWithParam<RealInputName> {
 protected:
  void SetUp() override {
    std::optional<Heightfield> hf = loadRealInput(GetParam());
    if (!hf) {
      GTEST_SKIP() << "mesh " << GetParam().mesh
                   << " is absent (../shared/meshes); skipped";
    }
    hf_ = std::move(*hf);
  }
  Heightfield hf_;
};

// The optimized implementation gives the reference's bytes: every
// document, raw loops included, for every partition.
TEST_P(RealInputBytes, OptimizedGivesTheReferenceBytes) {
  const Implementation& reference = *findImplementation("reference");
  const Implementation& optimized = *findImplementation("optimized");
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    const Settings settings = withRawLoops(p);
    const StageResult expected = runStage(reference, hf_, settings);
    const StageResult actual = runStage(optimized, hf_, settings);
    std::ostringstream want, got;
    writeResult(want, expected);
    writeResult(got, actual);
    EXPECT_TRUE(want.str() == got.str())
        << compareResults(
               hf_, expected, actual,
               {.expectedLabel = "reference", .actualLabel = "optimized"})
               .report();
  }
}

INSTANTIATE_TEST_SUITE_P(MeshesAndScenarios, RealInputBytes,
                         ::testing::ValuesIn(realInputs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace regcon
