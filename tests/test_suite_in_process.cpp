// The suite run in process (kit/answer_source.h) against fake
// implementations: one that alters one number, one that throws, one that
// rejects everything. The planted change fails exactly the cases that the
// same change fails when made by a shell port behind /bin/sh.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "kit/answer_source.h"
#include "kit/process.h"
#include "kit/suite.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;
using kit::shellQuote;
using nlohmann::json;

using testing::kRegcon;
const std::string kShippedSuite = testing::kShippedSuite.string();

kit::SuiteRun runInProcess(kit::StageFunction stage,
                           const std::vector<std::string>& filter) {
  kit::SuiteOptions options;
  options.command = "in process";
  options.suiteDir = kShippedSuite;
  options.filter = filter;
  options.jobs = 2;
  options.answers = kit::inProcessAnswers(std::move(stage));
  return kit::runSuite(options, nullptr);
}

std::set<std::string> failingIds(const kit::SuiteRun& run) {
  std::set<std::string> ids;
  for (const kit::CaseOutcome& o : run.outcomes) {
    if (o.fails()) ids.insert(o.suiteCase.id);
  }
  return ids;
}

StageResult optimizedStage(const Heightfield& hf, const Settings& settings) {
  return runStage(*findImplementation("optimized"), hf, settings);
}

class SuiteInProcess : public testing::TestDirectory {
 protected:
  SuiteInProcess() : TestDirectory("regcon_test_suite_in_process") {}
};

TEST_F(SuiteInProcess, BothImplementationsPassEveryCase) {
  for (const char* name : {"reference", "optimized"}) {
    kit::SuiteOptions options;
    options.command = name;
    options.suiteDir = kShippedSuite;
    options.jobs = 2;
    options.answers = kit::inProcessAnswers(*findImplementation(name));
    const kit::SuiteRun run = kit::runSuite(options, nullptr);
    EXPECT_GT(run.outcomes.size(), 400u);
    EXPECT_EQ(failingIds(run), std::set<std::string>{}) << name;
  }
}

// Readings R12 keeps a given partition's ids as they stand. Two ports that
// read it otherwise, each as a fake implementation run on the whole suite
// in process: both must fail it.

// The given ids renumbered 1..k in order of first span before the contours
// are traced (ids, regionCount and the contours' region and neighbour
// values all follow the new numbers).
StageResult renumberingGivenIds(const Heightfield& hf,
                                const Settings& settings) {
  if (!hf.regions) return optimizedStage(hf, settings);
  Heightfield renumbered = hf;
  std::map<int, int> next;
  for (int& id : *renumbered.regions) {
    if (id == 0) continue;
    id = next.emplace(id, static_cast<int>(next.size()) + 1).first->second;
  }
  return optimizedStage(renumbered, settings);
}

// regionCount reported as the number of distinct ids, not the largest.
StageResult countingGivenIds(const Heightfield& hf, const Settings& settings) {
  StageResult result = optimizedStage(hf, settings);
  if (hf.regions) {
    std::set<int> ids(hf.regions->begin(), hf.regions->end());
    ids.erase(0);
    result.regions.regionCount = static_cast<int>(ids.size());
  }
  return result;
}

TEST_F(SuiteInProcess, APortRenumberingAGivenPartitionFailsTheSuite) {
  const std::set<std::string> failing =
      failingIds(runInProcess(renumberingGivenIds, {}));
  for (const char* id : {"given/gaps", "given/out-of-order", "given/top-ids",
                         "given/area-zero"}) {
    EXPECT_TRUE(failing.count(id)) << id;
  }
  // Ids already 1..k by first span are the same after renumbering.
  EXPECT_FALSE(failing.count("given/disconnected"));
}

TEST_F(SuiteInProcess, APortCountingTheGivenIdsFailsTheSuite) {
  const std::set<std::string> failing =
      failingIds(runInProcess(countingGivenIds, {}));
  EXPECT_TRUE(failing.count("given/gaps"));
  EXPECT_TRUE(failing.count("given/top-ids"));
  // Without gaps the count is the largest id.
  EXPECT_FALSE(failing.count("given/out-of-order"));
}

// regionCount 3 reported as 4: the same one-line change, in process and as
// a shell port's sed, on the cases tagged "holes".
TEST_F(SuiteInProcess, APlantedChangeFailsExactlyTheCasesTheShellRunFails) {
  const kit::SuiteRun inProcess = runInProcess(
      [](const Heightfield& hf, const Settings& settings) {
        StageResult result = optimizedStage(hf, settings);
        if (result.regions.regionCount == 3) result.regions.regionCount = 4;
        return result;
      },
      {"holes"});
  const fs::path port = path("port.sh");
  testing::writeText(port, "#!/bin/sh\nout=$(" + shellQuote(kRegcon) +
                               " run --impl optimized \"$1\" \"$2\") || "
                               "exit $?\nprintf '%s\\n' \"$out\" | sed "
                               "'s/\"regionCount\":3,/\"regionCount\":4,/'\n");
  fs::permissions(port, fs::perms::owner_all, fs::perm_options::add);
  const int exitCode = testing::runRegcon(
      "suite " + shellQuote(port.string()) + " --suite " +
          shellQuote(kShippedSuite) + " --filter holes --jobs 2 --json " +
          shellQuote(path("r.json").string()),
      path("out.txt"), path("err.txt"));
  EXPECT_EQ(exitCode, 5) << testing::readText(path("err.txt"));
  std::set<std::string> shellFailing;
  const json report = json::parse(testing::readText(path("r.json")));
  for (const json& c : report["cases"]) {
    if (c["counted"] != "ok") shellFailing.insert(c["id"]);
  }
  EXPECT_FALSE(shellFailing.empty());
  EXPECT_EQ(failingIds(inProcess), shellFailing);
}

TEST_F(SuiteInProcess, AnImplementationThatThrowsIsAnInternalError) {
  const kit::SuiteRun run = runInProcess(
      [](const Heightfield&, const Settings&) -> StageResult {
        throw std::logic_error("planted");
      },
      {"vector/hole-7x7"});
  ASSERT_EQ(run.outcomes.size(), 1u);
  EXPECT_EQ(run.outcomes[0].verdict.status, kit::Status::InternalError);
  EXPECT_NE(run.outcomes[0].verdict.message.find("threw: planted"),
            std::string::npos);
}

TEST_F(SuiteInProcess, AnImplementationThatRejectsFailsCasesAndPassesRejects) {
  const kit::SuiteRun run = runInProcess(
      [](const Heightfield&, const Settings&) -> StageResult {
        throw InputError("no");
      },
      {});
  for (const kit::CaseOutcome& o : run.outcomes) {
    EXPECT_EQ(o.passed(), o.suiteCase.mustReject) << o.suiteCase.id;
  }
}

TEST_F(SuiteInProcess, GarbageInTheResultIsPointedAtByTheComparer) {
  const kit::SuiteRun run = runInProcess(
      [](const Heightfield& hf, const Settings& settings) {
        StageResult result = optimizedStage(hf, settings);
        result.contours.droppedHoles += 7;
        return result;
      },
      {"vector/hole-7x7"});
  ASSERT_EQ(run.outcomes.size(), 1u);
  const kit::Verdict& v = run.outcomes[0].verdict;
  EXPECT_EQ(v.status, kit::Status::Mismatch);
  ASSERT_FALSE(v.differences.empty());
  EXPECT_EQ(v.differences.front().section, "droppedHoles");
  EXPECT_NE(kit::verdictLines(v).find("droppedHoles (§6): 1 differing entry"),
            std::string::npos)
      << kit::verdictLines(v);
}

// A port that numbers the regions otherwise (ids 1 and 2 swapped, in the
// regions and in the contours) is told so in one line, attributed to §5.3,
// not as a difference of every span of the two regions.
TEST_F(SuiteInProcess, ARenumberedPartitionIsReportedAsNumberedDifferently) {
  const auto swap = [](int id) { return id == 1 ? 2 : id == 2 ? 1 : id; };
  const kit::SuiteRun run = runInProcess(
      [&swap](const Heightfield& hf, const Settings& settings) {
        StageResult result = optimizedStage(hf, settings);
        for (int& id : result.regions.regions) id = swap(id);
        for (Contour& c : result.contours.contours) c.region = swap(c.region);
        return result;
      },
      {"vector/monotone-u-5x3"});
  ASSERT_EQ(run.outcomes.size(), 1u);
  const kit::Verdict& v = run.outcomes[0].verdict;
  EXPECT_EQ(v.status, kit::Status::Mismatch);
  EXPECT_EQ(v.specSection, "§5.3");
  EXPECT_NE(v.message.find("numbered differently"), std::string::npos)
      << v.message;
}

// A partition that differs in more than numbering is not called renumbered.
TEST_F(SuiteInProcess, AMergedPartitionIsNotCalledRenumbered) {
  const kit::SuiteRun run = runInProcess(
      [](const Heightfield& hf, const Settings& settings) {
        StageResult result = optimizedStage(hf, settings);
        for (int& id : result.regions.regions) id = id == 2 ? 1 : id;
        return result;
      },
      {"vector/monotone-u-5x3"});
  ASSERT_EQ(run.outcomes.size(), 1u);
  EXPECT_EQ(run.outcomes[0].verdict.message.find("numbered differently"),
            std::string::npos);
}

// The tag table puts the telling tag first: the one whose cases fail the
// most often, not the one every case carries.
TEST(SuiteSummary, TagsAreSortedByTheShareOfTheirCasesThatFail) {
  kit::SuiteRun run;
  for (int i = 0; i < 10; ++i) {
    kit::CaseOutcome o;
    o.suiteCase.id = "case/" + std::to_string(i);
    o.suiteCase.tags = {"every-case"};
    if (i < 2) o.suiteCase.tags.push_back("one-way-links");
    o.verdict.status = i < 3 ? kit::Status::Mismatch : kit::Status::Pass;
    run.outcomes.push_back(o);
  }
  const std::string table = kit::summaryTable(run);
  const size_t telling = table.find("  one-way-links ");
  const size_t common = table.find("  every-case ");
  ASSERT_NE(telling, std::string::npos) << table;
  ASSERT_NE(common, std::string::npos) << table;
  EXPECT_LT(telling, common) << table;
  // failing, expected, cases, share
  EXPECT_NE(
      table.find(
          "  one-way-links                     2        0       2   100%\n"),
      std::string::npos)
      << table;
  EXPECT_NE(
      table.find(
          "  every-case                        3        0      10    30%\n"),
      std::string::npos)
      << table;
}

}  // namespace
}  // namespace regcon
