// `regcon shrink` and `regcon fuzz` against small fake ports, and the
// shrinker itself against in-process judges: every candidate it tries is a
// valid heightfield, and it gets a disagreement down to a small case.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gen/scenarios.h"
#include "gen/suite_cases.h"
#include "interchange/io.h"
#include "kit/shrink.h"
#include "tests/cli_support.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;

// Writes and re-reads the heightfield: throws when it breaks a rule of
// interchange §1.
void requireValid(const Heightfield& hf) {
  std::stringstream text;
  writeHeightfield(text, hf);
  readHeightfield(text, "shrink candidate");
}

int multiFloorColumns(const Heightfield& hf) {
  int n = 0;
  for (uint8_t count : hf.counts) n += count >= 2 ? 1 : 0;
  return n;
}

TEST(Shrink, GetsASpanCountDisagreementDownToItsThreshold) {
  const Heightfield hf = generateScenario("rooms", {24, 3});
  ASSERT_GT(hf.spanCount(), 100);
  const kit::Judge judge = [](const Heightfield& h, const Settings&) {
    requireValid(h);
    return h.spanCount() > 20 ? "differs: contours" : kit::kAgree;
  };
  Settings settings;
  settings.partition = Partition::Monotone;
  settings.maxError = 0;
  const auto shrunk = kit::shrinkCase(hf, settings, "differs: contours", judge);
  EXPECT_EQ(shrunk.hf.spanCount(), 21);
  EXPECT_EQ(shrunk.verdict, "differs: contours");
  // Settings the disagreement does not need went back to the defaults.
  EXPECT_EQ(shrunk.settings.partition, Partition::Watershed);
  EXPECT_EQ(shrunk.settings.maxError, Settings{}.maxError);
}

// A merging bug shows only on a field that holds two regions of
// MergeRegionArea spans: moving the settings to the defaults (400) would
// stop the shrink at 800 spans; lowering the area settings lets it reach
// the smallest field, and every kept reduction is reported.
TEST(Shrink, LowersTheAreaSettingsSoTheFieldCanShrinkFurther) {
  const Heightfield hf = generateScenario("flat", {32, 1});
  ASSERT_GE(hf.spanCount(), 1000);
  const kit::Judge judge = [](const Heightfield& h, const Settings& s) {
    requireValid(h);
    const bool twoRegionsFit = h.spanCount() >= 2 * s.mergeRegionArea;
    return twoRegionsFit && h.spanCount() >= 2 ? "differs: regions"
                                               : kit::kAgree;
  };
  Settings settings;  // MinRegionArea 64, MergeRegionArea 400
  int reported = 0;
  kit::ShrinkHooks hooks;
  hooks.progress = [&reported](int, int, int, int) { ++reported; };
  const auto shrunk =
      kit::shrinkCase(hf, settings, "differs: regions", judge, 5000, hooks);
  EXPECT_EQ(shrunk.hf.spanCount(), 2);
  EXPECT_EQ(shrunk.settings.mergeRegionArea, 0);
  EXPECT_EQ(reported, shrunk.accepted);
}

TEST(Shrink, StopsAtItsDeadline) {
  const Heightfield hf = generateScenario("flat", {16, 1});
  int judged = 0;
  const kit::Judge judge = [&judged](const Heightfield&, const Settings&) {
    ++judged;
    return std::string("differs: regions");
  };
  kit::ShrinkHooks hooks;
  hooks.deadline = std::chrono::steady_clock::now();  // already passed
  const auto shrunk =
      kit::shrinkCase(hf, Settings{}, "differs: regions", judge, 5000, hooks);
  EXPECT_EQ(judged, 0);
  EXPECT_EQ(shrunk.hf.spanCount(), hf.spanCount());
}

// A disagreement that needs two floors in one column keeps exactly one such
// column and nothing else: one cell, two spans.
TEST(Shrink, KeepsWhatTheDisagreementNeedsAndDropsTheRest) {
  const Heightfield hf = generateScenario("multifloor", {16, 2});
  ASSERT_GT(multiFloorColumns(hf), 0);
  const kit::Judge judge = [](const Heightfield& h, const Settings&) {
    requireValid(h);
    return multiFloorColumns(h) > 0 ? "differs: regions" : kit::kAgree;
  };
  const auto shrunk =
      kit::shrinkCase(hf, Settings{}, "differs: regions", judge);
  EXPECT_EQ(shrunk.hf.width * shrunk.hf.depth, 1);
  EXPECT_EQ(shrunk.hf.spanCount(), 2);
}

// Links and areas are simplified too: a disagreement that needs one link
// keeps one link, and several areas flatten into one.
TEST(Shrink, CutsLinksAndFlattensAreas) {
  const Heightfield hf = testing::gridFromAscii({"1122", "1122", "3344"});
  const auto linkCount = [](const Heightfield& h) {
    int n = 0;
    for (const Span& s : h.spans) {
      for (int link : s.link) n += link != kNoLink ? 1 : 0;
    }
    return n;
  };
  const kit::Judge judge = [&](const Heightfield& h, const Settings&) {
    requireValid(h);
    return linkCount(h) >= 1 ? "differs: distances" : kit::kAgree;
  };
  const auto shrunk =
      kit::shrinkCase(hf, Settings{}, "differs: distances", judge);
  EXPECT_EQ(linkCount(shrunk.hf), 1);
  EXPECT_EQ(shrunk.hf.spanCount(), 2);
  EXPECT_EQ(shrunk.hf.spans[0].area, shrunk.hf.spans[1].area);
}

TEST(Shrink, StopsAfterItsBudgetOfRuns) {
  const Heightfield hf = generateScenario("terrain", {20, 1});
  int calls = 0;
  const kit::Judge judge = [&calls](const Heightfield&, const Settings&) {
    ++calls;
    return std::string("crashed (signal 11)");
  };
  const auto shrunk =
      kit::shrinkCase(hf, Settings{}, "crashed (signal 11)", judge, 7);
  EXPECT_EQ(calls, 7);
  EXPECT_EQ(shrunk.judged, 7);
}

// The command-line side, with fake ports written as shell scripts.
class KitCli : public testing::TestDirectory {
 protected:
  KitCli() : TestDirectory("regcon_test_kit") {}

  // A port that answers like regcon, except that it reports 7 dropped holes
  // once the heightfield has more than `spans` spans.
  std::string fakePort(int spans) {
    const fs::path script = path("port.sh");
    std::ofstream(script) << "#!/bin/sh\n"
                          << "n=$(grep -o '\\],\\[' \"$1\" | wc -l)\n"
                          << "out=$('" << REGCON_CLI
                          << "' run \"$1\" \"$2\") || exit $?\n"
                          << "if [ \"$n\" -ge " << spans << " ]; then\n"
                          << "  printf '%s\\n' \"$out\" | "
                          << "sed 's/\"droppedHoles\":0/\"droppedHoles\":7/'\n"
                          << "else printf '%s\\n' \"$out\"; fi\n";
    fs::permissions(script, fs::perms::owner_all);
    return script.string();
  }

  // Standard output and error together.
  std::pair<int, std::string> run(const std::string& args) {
    const fs::path out = path("stdout.txt");
    const int exitCode = testing::runRegcon(args, out, {});
    return {exitCode, testing::readText(out)};
  }

  std::string read(const std::string& name) {
    return testing::readText(path(name));
  }
};

TEST_F(KitCli, ShrinkWritesASmallReproducerAndTheConformLine) {
  std::ofstream(path("big.chf.json")) << [] {
    std::ostringstream text;
    writeHeightfield(text, generateScenario("rooms", {12, 4}));
    return text.str();
  }();
  std::ofstream(path("big.settings.json"))
      << R"({"format":"build3d.settings","version":1,"partition":"layers"})";
  const std::string port = fakePort(10);
  const auto [code, out] =
      run("shrink '" + port + "' '" + path("big.chf.json").string() + "' '" +
          path("big.settings.json").string() + "' -o '" + path("out").string() +
          "'");
  EXPECT_EQ(code, 5) << out;
  EXPECT_NE(out.find("disagreement: differs: droppedHoles"), std::string::npos)
      << out;
  EXPECT_NE(out.find("replay: regcon conform"), std::string::npos) << out;
  const Heightfield shrunk =
      readHeightfieldFile(path("out/shrunk.chf.json").string());
  EXPECT_EQ(shrunk.spanCount(), 11);
  // The conform line replays it: the port still disagrees on it.
  const auto [replay, replayOut] =
      run("conform '" + port + "' '" + path("out/shrunk.chf.json").string() +
          "' '" + path("out/shrunk.settings.json").string() + "'");
  EXPECT_EQ(replay, 5) << replayOut;
}

TEST_F(KitCli, FuzzFindsTheFakePortsBugAndIsDeterministic) {
  const std::string port = fakePort(12);
  const auto first = run("fuzz '" + port + "' --cases 40 --seed 9 --out '" +
                         path("a").string() + "' --max-runs 400");
  EXPECT_EQ(first.first, 5) << first.second;
  const auto second = run("fuzz '" + port + "' --cases 40 --seed 9 --out '" +
                          path("b").string() + "' --max-runs 400");
  EXPECT_EQ(read("a/shrunk.chf.json"), read("b/shrunk.chf.json"));
  EXPECT_EQ(read("a/original.chf.json"), read("b/original.chf.json"));
  EXPECT_LE(readHeightfieldFile(path("a/shrunk.chf.json").string()).spanCount(),
            13);
}

TEST_F(KitCli, FuzzPassesACommandThatConforms) {
  const auto [code, out] =
      run("fuzz \"'" + std::string(REGCON_CLI) +
          "' run\" --cases 6 --seed 2 --out '" + path("none").string() + "'");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("6 cases of seed 2"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(path("none")));
}

TEST_F(KitCli, FuzzNamesACrashingCommand) {
  const auto [code, out] = run("fuzz 'kill -SEGV $$' --cases 2 --out '" +
                               path("crash").string() + "' --max-runs 30");
  EXPECT_EQ(code, 5) << out;
  EXPECT_NE(out.find("crashed (signal 11)"), std::string::npos) << out;
}

}  // namespace
}  // namespace regcon
