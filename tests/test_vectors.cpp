// The worked vectors of ../shared/vectors: expected output computed by an
// independent implementation of the spec. Every field must match.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "interchange/compare.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "registry/implementations.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

StageResult readExpected(const std::string& path) {
  std::ifstream in(path);
  return readResult(in, path);
}

std::string hashes(const StageResult& r) {
  return hashDistances(r.regions.distances.value_or(std::vector<int>{})) + " " +
         hashRegions(r.regions) + " " + hashContours(r.contours);
}

TEST(WorkedVectors, EveryImplementationReproducesEveryVector) {
  const auto names = testing::vectorNames();
  if (names.empty()) GTEST_SKIP() << "../shared/vectors is absent";
  for (const Implementation* impl : allImplementations()) {
    const Implementation& ref = *impl;
    for (const std::string& name : names) {
      SCOPED_TRACE(impl->name() + " " + name);
      const std::string base = testing::sharedDir() + "/vectors/" + name;
      const Heightfield hf = readHeightfieldFile(base + ".chf.json");
      const Settings settings = readSettingsFile(base + ".settings.json");
      const StageResult want = readExpected(base + ".result.json");
      const StageResult got = runStage(ref, hf, settings);
      // Every field, raw loops and a missing `distances` included.
      const Comparison comparison = compareResults(
          hf, want, got,
          {.expectedLabel = "vector", .actualLabel = impl->name()});
      EXPECT_TRUE(comparison.same()) << comparison.report();
      EXPECT_EQ(hashes(got), hashes(want)) << comparison.report();
    }
  }
}

// The README of ../shared/vectors lists the first 12 hex of each hash.
TEST(WorkedVectors, HashesMatchThePublishedPrefixes) {
  if (testing::sharedDir().empty()) GTEST_SKIP() << "../shared is absent";
  const std::vector<std::array<std::string, 4>> table = {
      {"flat-5x5", "fff73d3233e3", "b1ed975f143b", "b40cfd27adef"},
      {"hole-7x7", "1101eb1607eb", "8124d4548f98", "e18e359bb323"},
      {"two-holes-9x5", "32e7321aa3b3", "4f4fcc1ef59f", "2e0eb173a43a"},
      {"two-areas-4x2", "3488fa866170", "9d8c55b36e9e", "7426798c90b3"},
      {"l-shape-4x4", "e0ed77714d53", "2f2a0b920303", "ee306a56057e"},
      {"monotone-u-5x3", "5482fe0476fc", "cd4c0a160878", "85e194974ab3"},
      {"two-floors-one-way-3x3", "62aabbe67714", "9c9d1549c4d7",
       "ffd86d81b9e2"},
      {"two-holes-given-regions-9x5", "32e7321aa3b3", "a3c6a37affc4",
       "27ba1b7ac9f5"},
  };
  for (const Implementation* impl : allImplementations()) {
    const Implementation& ref = *impl;
    for (const auto& [name, distances, regions, contours] : table) {
      SCOPED_TRACE(impl->name() + " " + name);
      const std::string base = testing::sharedDir() + "/vectors/" + name;
      const Heightfield hf = readHeightfieldFile(base + ".chf.json");
      const StageResult got =
          runStage(ref, hf, readSettingsFile(base + ".settings.json"));
      EXPECT_EQ(hashDistances(ref.distances(hf)).substr(0, 12), distances);
      EXPECT_EQ(hashRegions(got.regions).substr(0, 12), regions);
      EXPECT_EQ(hashContours(got.contours).substr(0, 12), contours);
    }
  }
}

}  // namespace
}  // namespace regcon
