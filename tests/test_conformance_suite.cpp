// The conformance suite (conformance/): every case's committed hashes
// are the reference's and the optimized implementation's; every must-reject
// document is rejected; the generator behind the generated cases is
// deterministic and its tags are computed, not guessed.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/implementation.h"
#include "gen/suite_build.h"
#include "gen/suite_cases.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;

// Tells the drawing helpers which test is running, so REGCON_EXPORT_FIELDS
// names each exported field after its test (tests/test_support.h).
class ExportedFieldNames : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo& info) override {
    std::string name = std::string(info.test_suite_name()) + "." + info.name();
    std::replace(name.begin(), name.end(), '/', '_');
    testing::setTestName(name);
  }
};
const fs::path kSuiteDir = fs::path(REGCON_SOURCE_DIR) / "conformance";

// The texts of the suite's exported test fields (cases/test-*.chf.json).
std::set<std::string> suiteTestFieldTexts() {
  std::set<std::string> texts;
  for (const auto& entry : fs::directory_iterator(kSuiteDir / "cases")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("test-", 0) == 0)
      texts.insert(testing::readText(entry.path()));
  }
  return texts;
}

// conformance/README.md: the suite holds every field (up to
// kSuiteMaxSide a side) that a hand-worked test draws, as
// REGCON_EXPORT_FIELDS writes it. A test that draws one the suite lacks
// fails, so that the suite is regenerated with it.
void expectDrawnFieldInTheSuite(const Heightfield& hf) {
  static const std::set<std::string> texts = suiteTestFieldTexts();
  if (hf.width > gen::kSuiteMaxSide || hf.depth > gen::kSuiteMaxSide) return;
  std::ostringstream text;
  writeHeightfield(text, hf);
  text << "\n";
  EXPECT_TRUE(texts.count(text.str()))
      << "this test draws a field that is no case of conformance/: "
         "regenerate the suite (conformance/README.md, \"Regenerating\")";
}

const bool kNamesRegistered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new ExportedFieldNames);
  testing::checkEachDrawnField(expectDrawnFieldInTheSuite);
  return true;
}();

nlohmann::json manifest() {
  std::ifstream in(kSuiteDir / "manifest.json");
  return nlohmann::json::parse(in);
}

TEST(ConformanceSuite, EveryCaseHashesAsCommittedOnEveryImplementation) {
  const auto cases = manifest().at("cases");
  ASSERT_GE(cases.size(), 8u);
  for (const auto& c : cases) {
    const std::string id = c.at("id");
    const Heightfield hf = readHeightfieldFile(
        (kSuiteDir / c.at("chf").get<std::string>()).string());
    const Settings settings = readSettingsFile(
        (kSuiteDir / c.at("settings").get<std::string>()).string());
    EXPECT_EQ(c.at("partition"), gen::manifestPartition(hf, settings)) << id;
    for (const Implementation* impl : allImplementations()) {
      const StageResult result = runStage(*impl, hf, settings);
      const auto& hashes = c.at("hashes");
      EXPECT_EQ(hashes.at("distances"),
                hashDistances(*result.regions.distances))
          << id << " distances, " << impl->name();
      EXPECT_EQ(hashes.at("regions"), hashRegions(result.regions))
          << id << " regions, " << impl->name();
      EXPECT_EQ(hashes.at("contours"), hashContours(result.contours))
          << id << " contours, " << impl->name();
    }
  }
}

// The worked vectors' hashes in the suite are those of their own result
// documents (../shared/vectors), an authority independent of the code.
TEST(ConformanceSuite, VectorCasesCarryTheVectorsOwnHashes) {
  if (testing::sharedDir().empty()) GTEST_SKIP() << "../shared absent";
  int seen = 0;
  const auto cases = manifest().at("cases");
  for (const auto& c : cases) {
    const std::string id = c.at("id");
    if (id.rfind("vector/", 0) != 0) continue;
    const std::string path =
        testing::sharedDir() + "/vectors/" + id.substr(7) + ".result.json";
    std::ifstream in(path);
    const StageResult expected = readResult(in, path);
    EXPECT_EQ(c.at("hashes").at("regions"), hashRegions(expected.regions))
        << id;
    EXPECT_EQ(c.at("hashes").at("contours"), hashContours(expected.contours))
        << id;
    ++seen;
  }
  EXPECT_EQ(seen, static_cast<int>(testing::vectorNames().size()));
}

TEST(ConformanceSuite, EveryMustRejectDocumentIsRejected) {
  const auto rejects = manifest().at("mustReject");
  ASSERT_GE(rejects.size(), 20u);
  for (const auto& r : rejects) {
    const std::string chf =
        (kSuiteDir / r.at("chf").get<std::string>()).string();
    const std::string settings =
        (kSuiteDir / r.at("settings").get<std::string>()).string();
    EXPECT_THROW(
        {
          readHeightfieldFile(chf);
          readSettingsFile(settings);
        },
        InputError)
        << r.at("id") << " (" << r.at("rule") << ")";
  }
}

// Each reject document breaks one rule of a valid pair: the valid pair
// itself must be accepted, or the documents prove nothing.
TEST(ConformanceSuite, RejectDocumentsStartFromAValidPair) {
  EXPECT_NO_THROW({
    readHeightfieldFile((kSuiteDir / "reject/valid.chf.json").string());
    readSettingsFile((kSuiteDir / "reject/default.settings.json").string());
  });
}

TEST(ConformanceSuite, StaysSmall) {
  EXPECT_TRUE(kNamesRegistered);
  uintmax_t bytes = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kSuiteDir)) {
    if (entry.is_regular_file()) bytes += entry.file_size();
  }
  EXPECT_LT(bytes, 4u << 20);
}

TEST(GeneratedCases, SameSeedAndIndexGiveTheSameDocuments) {
  for (uint64_t index = 0; index < 24; ++index) {
    const auto a = gen::generatedCase(7, index);
    const auto b = gen::generatedCase(7, index);
    std::ostringstream ta, tb;
    writeHeightfield(ta, a.hf);
    writeHeightfield(tb, b.hf);
    EXPECT_EQ(ta.str(), tb.str()) << index;
    EXPECT_EQ(a.origin, b.origin) << index;
    EXPECT_LE(a.hf.width, 40) << a.origin;
    EXPECT_LE(a.hf.depth, 40) << a.origin;
  }
}

bool hasTag(const std::vector<std::string>& tags, const std::string& tag) {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

// Two floors, the upper a deck 5 above the lower, drawn so that the cell
// at x = 2 holds both:
//   floor y=0:  1 1 1 .      floor y=5:  . . 5 5
// The deck's spans are out of reach of the ground (a cliff), the column at
// x = 2 holds two walkable spans (multi-floor), all links mutual.
TEST(GeneratedCases, FeatureTagsComeFromTheFieldAndTheResult) {
  const Heightfield hf = testing::floorsFromAscii({{"000."}, {"..55"}});
  Settings settings;
  settings.minRegionArea = 0;
  settings.maxError = 0;
  const StageResult result =
      runStage(*findImplementation("reference"), hf, settings);
  const auto tags = gen::featureTags(hf, settings, result);
  EXPECT_TRUE(hasTag(tags, "multi-floor"));
  EXPECT_TRUE(hasTag(tags, "cliffs"));
  EXPECT_TRUE(hasTag(tags, "max-error-0"));
  EXPECT_TRUE(hasTag(tags, "min-region-area-0"));
  EXPECT_FALSE(hasTag(tags, "one-way-links"));
  EXPECT_FALSE(hasTag(tags, "several-areas"));
  EXPECT_FALSE(hasTag(tags, "holes"));
}

// A ring of area 1 around one empty cell has a hole:
//   111
//   1.1
//   111
TEST(GeneratedCases, HolesAreSeenInTheRawLoops) {
  const Heightfield hf = testing::gridFromAscii({"111", "1.1", "111"});
  Settings settings;
  settings.minRegionArea = 0;
  const StageResult result =
      runStage(*findImplementation("reference"), hf, settings);
  EXPECT_TRUE(hasTag(gen::featureTags(hf, settings, result), "holes"));
}

}  // namespace
}  // namespace regcon
