// The suite run in process (kit/answer_source.h) against fake
// implementations: ones that alter one number, one that throws, one that
// rejects everything, one that returns what the reader refuses. The
// planted change fails exactly the cases that the same change fails when
// made by a shell port behind /bin/sh. What a report says (blame, expected
// failures, filters, pictures) is tested here, without a process.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
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

using namespace testing::cli_names;

const std::string kSuiteDir = testing::kShippedSuite.string();

kit::SuiteRun runInProcess(kit::StageFunction stage,
                           const std::vector<std::string>& filter) {
  kit::SuiteOptions options;
  options.command = "in process";
  options.suiteDir = kSuiteDir;
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
    options.suiteDir = kSuiteDir;
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
          shellQuote(kSuiteDir) + " --filter holes --jobs 2 --json " +
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

// --- a small suite, a fake per test ----------------------------------------

class SmallSuite : public testing::TestDirectory {
 protected:
  SmallSuite() : TestDirectory("regcon_test_small_suite") {}

  kit::SuiteRun run(kit::StageFunction stage,
                    const std::function<void(kit::SuiteOptions&)>& more = {}) {
    kit::SuiteOptions options;
    options.command = "in process";
    options.suiteDir = testing::writeSmallSuite(path("suite")).string();
    options.answers = kit::inProcessAnswers(std::move(stage));
    if (more) more(options);
    return kit::runSuite(options, nullptr);
  }

  static const kit::CaseOutcome& outcome(const kit::SuiteRun& run,
                                         const std::string& id) {
    for (const kit::CaseOutcome& o : run.outcomes) {
      if (o.suiteCase.id == id) return o;
    }
    throw std::logic_error("no case " + id);
  }
};

// The first span's region id 0 made 1, any other made 0: a different id,
// still valid (0 <= id <= regionCount, interchange §3).
StageResult firstRegionIdAltered(const Heightfield& hf, const Settings& s) {
  StageResult result = optimizedStage(hf, s);
  int& first = result.regions.regions.front();
  first = first == 0 ? 1 : 0;
  return result;
}

TEST_F(SmallSuite, OneAlteredRegionIdIsAMismatchBlamedOnThePartitionsStep) {
  const kit::SuiteRun r = run(firstRegionIdAltered);
  EXPECT_FALSE(r.conforms());
  for (const auto& [id, spec] :
       {std::pair{kWatershedCase, "§2"}, std::pair{kMonotoneCase, "§3"}}) {
    const kit::Verdict& v = outcome(r, id).verdict;
    EXPECT_EQ(v.status, kit::Status::Mismatch) << id;
    EXPECT_EQ(v.firstStage, "regions");
    EXPECT_EQ(v.specSection, spec) << v.message;
    ASSERT_FALSE(v.differences.empty());
    EXPECT_EQ(v.differences.front().section, "regions");
    EXPECT_EQ(v.differences.front().count, 1u);
    EXPECT_NE(v.message.find("(span 0 (cell (0, 0), 0 from the bottom))"),
              std::string::npos)
        << v.message;
  }
  EXPECT_TRUE(outcome(r, kRejectCase).passed());
  const std::string table = kit::summaryTable(r);
  EXPECT_NE(table.find("  §2 watershed                      1        0  "
                       "watershed 1\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("  §3 monotone                       1        0  "
                       "monotone 1\n"),
            std::string::npos)
      << table;
}

TEST_F(SmallSuite, ACounterDifferenceHidesNoVertexDifference) {
  const kit::SuiteRun r = run([](const Heightfield& hf, const Settings& s) {
    StageResult result = optimizedStage(hf, s);
    result.contours.droppedHoles = 4;
    result.contours.contours.front().vertices.front().x += 1;
    return result;
  });
  const kit::Verdict& v = outcome(r, kWatershedCase).verdict;
  EXPECT_EQ(v.status, kit::Status::Mismatch);
  EXPECT_EQ(v.specSection, "§6");
  std::vector<std::string> sections;
  for (const SectionDifference& d : v.differences)
    sections.push_back(d.section);
  EXPECT_EQ(sections,
            (std::vector<std::string>{"droppedHoles", "contour vertices"}));
}

TEST_F(SmallSuite, WhatTheReaderRefusesIsInvalidOutputSayingWhy) {
  const kit::SuiteRun r = run([](const Heightfield& hf, const Settings& s) {
    StageResult result = optimizedStage(hf, s);
    result.regions.regionCount = 0;  // below the ids of the regions array
    return result;
  });
  const kit::Verdict& v = outcome(r, kWatershedCase).verdict;
  EXPECT_EQ(v.status, kit::Status::InvalidOutput);
  EXPECT_NE(v.message.find("is above regionCount 0"), std::string::npos)
      << v.message;
}

TEST_F(SmallSuite, OmittedDistancesFailOnlyTheWatershedCase) {
  const kit::SuiteRun r = run([](const Heightfield& hf, const Settings& s) {
    StageResult result = optimizedStage(hf, s);
    result.regions.distances.reset();
    return result;
  });
  const kit::Verdict& watershed = outcome(r, kWatershedCase).verdict;
  EXPECT_EQ(watershed.status, kit::Status::MissingSection);
  EXPECT_EQ(watershed.specSection, "§1");
  // Interchange §3: the monotone partition does not compute distances.
  EXPECT_TRUE(outcome(r, kMonotoneCase).passed());
}

TEST_F(SmallSuite, ExpectedFailuresAndAnUnexpectedPass) {
  testing::writeText(path("xfail.txt"),
                     std::string("# known gaps\n") + kWatershedCase +
                         " ties go the wrong way\n" + kMonotoneCase +
                         " sweep not written yet\n");
  const auto listed = [this](kit::SuiteOptions& o) {
    o.expectedFailuresPath = path("xfail.txt").string();
  };
  const kit::SuiteRun failing = run(firstRegionIdAltered, listed);
  EXPECT_TRUE(failing.conforms());
  EXPECT_EQ(outcome(failing, kWatershedCase).expectedFailure,
            "ties go the wrong way");
  const json report = json::parse(kit::jsonReport(failing));
  EXPECT_EQ(report["cases"][0]["outcome"], "expected-failure");

  const kit::SuiteRun fixed = run(optimizedStage, listed);
  EXPECT_FALSE(fixed.conforms());
  EXPECT_TRUE(outcome(fixed, kMonotoneCase).fails());
  EXPECT_NE(kit::summaryTable(fixed).find("unexpected-pass"),
            std::string::npos);
}

TEST_F(SmallSuite, FilterSelectsByTagOrId) {
  const kit::SuiteRun r = run(optimizedStage, [](kit::SuiteOptions& o) {
    o.filter = {"monotone", kRejectCase};
  });
  std::vector<std::string> ids;
  for (const kit::CaseOutcome& o : r.outcomes) ids.push_back(o.suiteCase.id);
  EXPECT_EQ(ids, (std::vector<std::string>{kMonotoneCase, kRejectCase}));
}

// A failing case with a valid result comes with its picture, the differing
// span circled on both sides; a passing case has none.
TEST_F(SmallSuite, PicturesOfFailingCasesCircleTheDifference) {
  const fs::path pictures = path("pictures");
  const kit::SuiteRun r = run(firstRegionIdAltered, [&](kit::SuiteOptions& o) {
    o.picturesDir = pictures.string();
  });
  const kit::CaseOutcome& failing = outcome(r, kWatershedCase);
  ASSERT_FALSE(failing.picture.empty());
  const std::string svg = testing::readText(failing.picture);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("class=\"diff\" data-span=\"0\""), std::string::npos)
      << "span 0's region differs: circled";
  EXPECT_NE(kit::summaryTable(r).find("picture: " + failing.picture),
            std::string::npos);
  EXPECT_TRUE(outcome(r, kRejectCase).picture.empty());
  const kit::SuiteRun passing = run(optimizedStage, [&](kit::SuiteOptions& o) {
    o.picturesDir = path("none").string();
  });
  EXPECT_TRUE(passing.conforms());
  EXPECT_FALSE(fs::exists(path("none") / "vector~2Fhole-7x7.svg"));
}

}  // namespace
}  // namespace regcon
