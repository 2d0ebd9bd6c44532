// The invariants the spec states (§1, §4, §5, §6), checked on every real
// mesh of ../shared/meshes and on every scenario, for every partition.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/compare.h"
#include "core/io.h"
#include "core/scenarios.h"
#include "import/mesh_import.h"
#include "reference/contours_steps.h"
#include "reference/reference.h"
#include "registry/implementations.h"
#include "tests/invariants.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using namespace regcon::testing;

struct Input {
  std::string name;
  std::string mesh;  // a file in ../shared/meshes, or "" for a scenario
  int size = 0;
};

void PrintTo(const Input& input, std::ostream* out) {
  *out << input.name;
}

std::vector<Input> inputs() {
  std::vector<Input> list = {{"dungeon", "dungeon.obj"},
                             {"nav_test", "nav_test.obj"},
                             {"undulating", "undulating.obj"}};
  for (const std::string& name : scenarioNames()) {
    list.push_back({name, "", 40});
  }
  return list;
}

Heightfield loadInput(const Input& input) {
  if (input.mesh.empty()) return generateScenario(input.name, {input.size, 7});
  return importMesh(sharedDir() + "/meshes/" + input.mesh, MeshImportOptions{});
}

bool inputAbsent(const Input& input) {
  return !input.mesh.empty() &&
         (sharedDir().empty() ||
          !std::filesystem::exists(sharedDir() + "/meshes/" + input.mesh));
}

// Reference-internal steps on every input (the reference's own functions).
class RealInput : public ::testing::TestWithParam<Input> {
 protected:
  void SetUp() override {
    if (inputAbsent(GetParam())) {
      GTEST_SKIP() << "mesh " << GetParam().mesh
                   << " is absent (../shared/meshes); skipped";
    }
    hf_ = loadInput(GetParam());
  }
  Heightfield hf_;
};

// Stage results: every check on every implementation, named on failure.
class RealInputStage : public ::testing::TestWithParam<
                           std::tuple<Input, const Implementation*>> {
 protected:
  void SetUp() override {
    const Input& input = std::get<0>(GetParam());
    if (inputAbsent(input)) {
      GTEST_SKIP() << "mesh " << input.mesh
                   << " is absent (../shared/meshes); skipped";
    }
    hf_ = loadInput(input);
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

constexpr Partition kPartitions[] = {Partition::Watershed, Partition::Monotone,
                                     Partition::Layers, Partition::LayerFirst};

TEST_P(RealInputStage, DistanceFieldIsExact) {
  EXPECT_EQ(checkDistanceField(hf_, impl().distances(hf_)), "");
}

TEST_P(RealInputStage, EveryPartitionIsConnectedSingleAreaAndNumbered) {
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings;
    settings.partition = p;
    const RegionResult result = impl().regions(hf_, settings);
    EXPECT_EQ(checkPartition(hf_, result), "");
    EXPECT_GT(result.regionCount, 0);
  }
}

// With no island removal and no merging, §5 only renumbers: the stage's
// monotone regions are the unfiltered sweep's, one run per row.
TEST_P(RealInputStage, UnfilteredMonotoneRegionsHaveOneRunPerRow) {
  Settings settings;
  settings.partition = Partition::Monotone;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  EXPECT_EQ(checkMonotoneRuns(hf_, impl().regions(hf_, settings).regions), "");
}

// Layers never merge in §5; MinRegionArea 0 keeps every island.
TEST_P(RealInputStage, LayerRegionsNeverShareAColumnAndAdjacentOnesOverlap) {
  Settings settings;
  settings.partition = Partition::Layers;
  settings.minRegionArea = 0;
  EXPECT_EQ(checkLayerRegions(hf_, impl().regions(hf_, settings).regions), "");
}

TEST_P(RealInput, ReferenceStepsAgreeWithTheStage) {
  Settings monotone;
  monotone.partition = Partition::Monotone;
  monotone.minRegionArea = 0;
  monotone.mergeRegionArea = 0;
  std::vector<int> sweep = ref::buildMonotoneUnfiltered(hf_);
  ref::renumberRegions(sweep);
  EXPECT_EQ(sweep, ref::buildRegions(hf_, monotone).regions);
}

TEST_P(RealInput, TracedLoopsCoverEachRegionExactly) {
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings;
    settings.partition = p;
    const auto regions = ref::buildRegions(hf_, settings).regions;
    std::vector<RegionLoop> loops;
    for (const auto& loop : ref::traceLoops(hf_, regions)) {
      loops.push_back({loop.region, loop.vertices});
    }
    EXPECT_EQ(checkTracedLoops(hf_, regions, loops), "");
  }
}

TEST_P(RealInputStage, ContoursKeepPortalsStayWithinErrorAndAgreeOnBorders) {
  const Implementation& impl = this->impl();
  for (Partition p : kPartitions) {
    SCOPED_TRACE(partitionName(p));
    Settings settings = withRawLoops(p);
    const auto regions = impl.regions(hf_, settings).regions;
    const ContourSet byDefault = impl.contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, byDefault), "");
    EXPECT_EQ(checkPortalsSurvive(byDefault), "");

    settings.straightRegionBorders = false;
    const ContourSet refined = impl.contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, refined), "");
    EXPECT_EQ(checkRawWithinError(refined, settings.maxError), "");

    settings.maxError = 0;
    const ContourSet exact = impl.contours(hf_, regions, settings);
    EXPECT_EQ(checkContourShape(hf_, regions, exact), "");
    if (everyLinkIsMutual(hf_) && exact.rawFallbacks == 0) {
      EXPECT_EQ(checkSharedBordersAgree(exact), "");
    }
  }
}

bool singleFloor(const Heightfield& hf) {
  std::vector<int> walkable(hf.counts.size(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (hf.spans[s].area != 0 && ++walkable[hf.spanCell[s]] > 1) return false;
  }
  return true;
}

// §4 shortcut: on every single-floor input (the scenarios flat, terrain,
// rooms and mosaic; all three meshes have columns with two walkable spans)
// it equals the general code followed by island removal and numbering.
TEST(RealInputs, LayerShortcutEqualsTheGeneralCodeOnEverySingleFloorOne) {
  int checked = 0;
  for (const Input& input : inputs()) {
    if (!input.mesh.empty()) continue;  // meshes: multi-floor, see above
    const Heightfield hf = generateScenario(input.name, {input.size, 7});
    if (!singleFloor(hf)) continue;
    ++checked;
    for (int64_t minArea : {0, 8, 64, 100000}) {
      Settings settings;
      settings.partition = Partition::Layers;
      settings.minRegionArea = minArea;
      std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
      ref::removeIslands(hf, general, minArea);
      ref::renumberRegions(general);
      EXPECT_EQ(ref::buildRegions(hf, settings).regions, general)
          << input.name << " minRegionArea " << minArea;
    }
  }
  EXPECT_EQ(checked, 4);
}

// The optimized implementation gives the reference's bytes: every
// document, raw loops included, for every partition.
TEST_P(RealInput, OptimizedGivesTheReferenceBytes) {
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

INSTANTIATE_TEST_SUITE_P(MeshesAndScenarios, RealInput,
                         ::testing::ValuesIn(inputs()),
                         [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(
    MeshesAndScenarios, RealInputStage,
    ::testing::Combine(::testing::ValuesIn(inputs()),
                       ::testing::ValuesIn(allImplementations())),
    [](const auto& info) {
      return std::get<0>(info.param).name + "_" +
             std::get<1>(info.param)->name();
    });

}  // namespace
}  // namespace regcon
