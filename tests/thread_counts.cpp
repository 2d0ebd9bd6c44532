// Spec §8: no byte of a result depends on the thread count. Every stage of
// the optimized implementation (the §1 field, each partition, the contours
// of it, raw loops included) at 1, 2, 3 and 8 threads against the
// reference's bytes, on the worked vectors, the scenarios and the hostile
// shapes, with the work cut into parts however small, so that even a 3 x 3
// field runs every parallel path with parts of one row or one region; and
// at the default cut on fields large enough to be cut by it; and through
// one implementation that keeps its memory from call to call. Its own
// program, so the ThreadSanitizer preset (`tsan`) builds and runs it alone.
// Watershed growth with every candidate queued twice (as two parts side by
// side may queue one) gives the bytes of queueing it once.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gen/scenarios.h"
#include "interchange/io.h"
#include "optimized/optimized.h"
#include "registry/implementations.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

constexpr int kThreadCounts[] = {1, 2, 3, 8};
constexpr Partition kPartitions[] = {Partition::Watershed, Partition::Monotone,
                                     Partition::Layers, Partition::LayerFirst};

struct Case {
  std::string name;
  Heightfield hf;
  Settings settings;
};

std::string bytesOf(const StageResult& result) {
  std::ostringstream out;
  writeResult(out, result);
  return out.str();
}

// The same settings under every partition (a vector's given regions are
// used whatever the partition, readings R12), raw loops requested.
std::vector<Case> underEveryPartition(const std::string& name,
                                      const Heightfield& hf,
                                      Settings settings) {
  std::vector<Case> cases;
  settings.rawContours = true;
  for (Partition partition : kPartitions) {
    settings.partition = partition;
    cases.push_back({name + " " + partitionName(partition), hf, settings});
  }
  return cases;
}

void append(std::vector<Case>& to, std::vector<Case> more) {
  for (Case& c : more) to.push_back(std::move(c));
}

std::vector<Case> workedVectors() {
  std::vector<Case> cases;
  for (const std::string& name : testing::vectorNames()) {
    const std::string base = testing::sharedDir() + "/vectors/" + name;
    append(cases,
           underEveryPartition(name, readHeightfieldFile(base + ".chf.json"),
                               readSettingsFile(base + ".settings.json")));
  }
  return cases;
}

std::vector<Case> scenarios() {
  std::vector<Case> cases;
  for (const char* name :
       {"flat", "terrain", "rooms", "multifloor", "spiral", "mosaic"}) {
    for (int size : {24, 37}) {
      for (uint64_t seed : {1, 2}) {
        append(cases, underEveryPartition(
                          std::string(name) + " " + std::to_string(size) +
                              " seed " + std::to_string(seed),
                          generateScenario(name, {size, seed}), Settings{}));
      }
    }
  }
  return cases;
}

std::vector<Case> hostileShapes() {
  std::vector<Case> cases;
  for (const char* name : {"pillars", "pillars4", "pillars8", "serpentine",
                           "checkerboard", "stack63"}) {
    for (int size : {7, 18}) {
      if (std::string(name) == "stack63" && size > 7) continue;  // 63 a cell
      append(cases, underEveryPartition(
                        std::string(name) + " " + std::to_string(size),
                        generateScenario(name, {size, 1}), Settings{}));
    }
  }
  return cases;
}

// Every case at every thread count against the reference.
void expectReferenceBytes(const std::vector<Case>& cases, bool splitSmallWork) {
  ASSERT_FALSE(cases.empty());
  const Implementation& reference = *findImplementation("reference");
  for (const Case& c : cases) {
    const std::string want = bytesOf(runStage(reference, c.hf, c.settings));
    for (int threads : kThreadCounts) {
      SCOPED_TRACE(c.name + ", " + std::to_string(threads) + " threads");
      const auto optimized = optimizedOnThreads(threads, splitSmallWork);
      EXPECT_TRUE(bytesOf(runStage(*optimized, c.hf, c.settings)) == want);
    }
  }
}

TEST(ThreadCounts, WorkedVectorsGiveTheReferenceBytes) {
  if (testing::sharedDir().empty()) GTEST_SKIP() << "../shared is absent";
  expectReferenceBytes(workedVectors(), true);
}

TEST(ThreadCounts, ScenariosGiveTheReferenceBytes) {
  expectReferenceBytes(scenarios(), true);
}

TEST(ThreadCounts, HostileShapesGiveTheReferenceBytes) {
  expectReferenceBytes(hostileShapes(), true);
}

// 2 x 2 tiles: 384 rows or more and more spans than a call needs to use
// threads at all, so the default cut makes several parts of rows, of
// spans, of growth candidates and of regions.
TEST(ThreadCounts, DefaultCutOnLargerFieldsGivesTheReferenceBytes) {
  std::vector<Case> cases;
  for (const auto& [name, tile] : {std::pair{"terrain", 192}, {"rooms", 224}}) {
    append(cases,
           underEveryPartition(
               std::string(name) + " 2x2 tiles of " + std::to_string(tile),
               tiledScenario(name, {tile, 1}, 2), Settings{}));
  }
  for (const Case& c : cases) {
    ASSERT_GE(c.hf.spanCount(), opt::Threads::kMinSpans) << c.name;
  }
  expectReferenceBytes(cases, false);
}

// Two parts growing side by side may both queue a span for the next
// round; the round must skip the repeat. Queueing every span twice (a test
// knob) on one thread and cut into parts however small gives the bytes of
// queueing it once, on the scenarios, the hostile shapes and a larger field.
// The knob also renumbers the small fields by level, which the default
// leaves in span order: the two layouts agree too.
TEST(ThreadCounts, RepeatedGrowthCandidatesChangeNothing) {
  std::vector<Case> cases = scenarios();
  append(cases, hostileShapes());
  append(cases,
         underEveryPartition("rooms 2x2 tiles of 96",
                             tiledScenario("rooms", {96, 1}, 2), Settings{}));
  int compared = 0;
  for (const Case& c : cases) {
    if (c.settings.partition != Partition::Watershed) continue;
    const RegionResult want = opt::buildRegions(c.hf, c.settings);
    for (int threads : kThreadCounts) {
      SCOPED_TRACE(c.name + ", " + std::to_string(threads) + " threads");
      const RegionResult got = opt::buildRegions(
          c.hf, c.settings, opt::Threads{threads, true, true});
      EXPECT_EQ(got.regionCount, want.regionCount);
      EXPECT_TRUE(got.regions == want.regions);
      EXPECT_TRUE(got.distances == want.distances);
      ++compared;
    }
  }
  EXPECT_GT(compared, 60);
}

// An implementation keeping its memory from call to call (opt::Scratch)
// takes every case in turn, a large field first and again last, each
// result handed back before the next call: still the reference's bytes at
// every thread count, so no step reads what an earlier call left in the
// kept arrays.
TEST(ThreadCounts, KeptMemoryFromCallToCallGivesTheReferenceBytes) {
  const std::vector<Case> large =
      underEveryPartition("terrain 2x2 tiles of 192",
                          tiledScenario("terrain", {192, 1}, 2), Settings{});
  std::vector<Case> cases = large;
  append(cases, hostileShapes());
  append(cases, scenarios());
  append(cases, large);
  const Implementation& reference = *findImplementation("reference");
  std::vector<std::string> want;
  for (const Case& c : cases) {
    want.push_back(bytesOf(runStage(reference, c.hf, c.settings)));
  }
  for (int threads : kThreadCounts) {
    const auto kept = optimizedKeepingMemory(threads);
    for (size_t i = 0; i < cases.size(); ++i) {
      SCOPED_TRACE(cases[i].name + ", " + std::to_string(threads) +
                   " threads, call " + std::to_string(i));
      StageResult got = runStage(*kept, cases[i].hf, cases[i].settings);
      EXPECT_TRUE(bytesOf(got) == want[i]);
      kept->recycle(std::move(got.regions));
    }
    EXPECT_GT(kept->keptBytes(), 0);
  }
}

// A hole joining of 4,096 nodes or more takes its arrays from a kept
// scratch on one thread: pillars-64 and pillars4-128 in turn, so that each
// call gets arrays the other field wrote, with raw loops kept and not.
// Each is one region round 31 x 31 one-cell pillars: its contour is the
// field's 4 corners and, for each pillar, its 4 corners and both ends of
// its bridge again, 4 + 961 * 6 = 5,770 vertices.
TEST(ThreadCounts, KeptMemoryAcrossLargeHoleJoinsGivesTheReferenceBytes) {
  std::vector<Case> cases;
  for (bool raw : {false, true}) {
    Settings settings;
    settings.rawContours = raw;
    for (const auto& [name, size] :
         {std::pair{"pillars", 64}, {"pillars4", 128}}) {
      cases.push_back(
          {std::string(name) + " " + std::to_string(size) + (raw ? " raw" : ""),
           generateScenario(name, {size, 1}), settings});
    }
  }
  const Implementation& reference = *findImplementation("reference");
  std::vector<std::string> want;
  for (const Case& c : cases) {
    want.push_back(bytesOf(runStage(reference, c.hf, c.settings)));
  }
  const auto kept = optimizedKeepingMemory(1);
  for (size_t call = 0; call < 2 * cases.size(); ++call) {
    const size_t i = call % cases.size();
    SCOPED_TRACE(cases[i].name + ", call " + std::to_string(call));
    StageResult got = runStage(*kept, cases[i].hf, cases[i].settings);
    ASSERT_EQ(got.contours.contours.size(), 1u);
    EXPECT_EQ(got.contours.contours[0].vertices.size(), 5770u);
    EXPECT_TRUE(bytesOf(got) == want[i]);
    kept->recycle(std::move(got.regions));
  }
}

}  // namespace
}  // namespace regcon
