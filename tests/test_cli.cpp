// The command-line tool as a user meets it: the built `regcon` binary run
// through the shell, with exit codes, stdout and stderr captured to files.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/builder.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "kit/output.h"
#include "kit/process.h"
#include "tests/cli_support.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;

using kit::shellQuote;  // single quotes keep paths with spaces intact
using testing::CliRun;
using testing::readText;
using testing::writeText;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every test gets its own directory, so tests run in parallel under ctest.
class Cli : public testing::TestDirectory {
 protected:
  Cli() : TestDirectory("regcon_test_cli") {}

  // `args` is pasted into the shell command line as written; `stdinFile`,
  // when given, becomes the tool's standard input.
  CliRun run(const std::string& args, const std::string& stdinFile = "") {
    const fs::path out = path("stdout.txt");
    CliRun result = runWithStdout(args, out.string(), stdinFile);
    result.out = readText(out);
    return result;
  }

  // As run(), with standard output going to `stdoutPath` (/dev/full, say).
  CliRun runWithStdout(const std::string& args, const std::string& stdoutPath,
                       const std::string& stdinFile = "") {
    const fs::path err = path("stderr.txt");
    CliRun result;
    result.exitCode = testing::runRegcon(args, stdoutPath, err, stdinFile);
    result.err = readText(err);
    return result;
  }

  // A small generated heightfield, so most tests need nothing from ../shared.
  std::string generatedChf(const std::string& scenario = "rooms",
                           int size = 16) {
    const std::string file = path(scenario + ".chf.json").string();
    const CliRun gen = run("gen " + scenario + " --size " +
                           std::to_string(size) + " -o " + shellQuote(file));
    EXPECT_EQ(gen.exitCode, 0) << gen.err;
    return file;
  }

  std::string settingsFile(const Settings& settings,
                           const std::string& name = "settings.json") {
    std::ostringstream text;
    writeSettings(text, settings);
    writeText(path(name), text.str());
    return path(name).string();
  }
};

#define SKIP_WITHOUT_SHARED(shared)                                   \
  if ((shared).empty()) {                                             \
    GTEST_SKIP() << "../shared (spec and vectors) is not beside the " \
                    "checkout; this test needs its vector documents"; \
  }

std::vector<std::string> stageOptionsAnd(std::vector<std::string> more) {
  std::vector<std::string> options = {"CHF",
                                      "--impl",
                                      "--partition",
                                      "--min-region-area",
                                      "--merge-region-area",
                                      "--max-error",
                                      "--max-edge-length",
                                      "--no-straight-borders",
                                      "--border-region",
                                      "--raw",
                                      "--threads",
                                      "--output"};
  options.insert(options.end(), more.begin(), more.end());
  return options;
}

TEST_F(Cli, HelpOfEveryCommandExitsZeroAndNamesItsOptions) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands =
      {
          {"regions", stageOptionsAnd({"--settings"})},
          {"contours", stageOptionsAnd({"--settings"})},
          {"hashes", stageOptionsAnd({"--settings"})},
          {"run", stageOptionsAnd({"SETTINGS"})},
          {"validate", {"FILE"}},
          {"gen",
           {"NAME", "--size", "--seed", "--output", "flat", "pillars",
            "serpentine", "checkerboard", "stack63", "4..1024"}},
          {"import",
           {"MESH", "--cell-size", "--cell-height", "--agent-height",
            "--agent-radius", "--agent-climb", "--max-slope", "--output"}},
          {"demo", {"--scenario", "--size", "--seed"}},
      };
  const CliRun top = run("--help");
  EXPECT_EQ(top.exitCode, 0);
  for (const auto& [command, mentions] : commands) {
    SCOPED_TRACE("regcon " + command + " --help");
    EXPECT_NE(top.out.find(command), std::string::npos);
    const CliRun help = run(command + " --help");
    EXPECT_EQ(help.exitCode, 0) << help.err;
    for (const std::string& option : mentions) {
      EXPECT_NE(help.out.find(option), std::string::npos) << option;
    }
  }
}

TEST_F(Cli, UnknownCommandExitsOneWithAHelpHint) {
  const CliRun result = run("frobnicate");
  EXPECT_EQ(result.exitCode, 1);
  EXPECT_NE(result.err.find("frobnicate"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("--help"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
}

TEST_F(Cli, MissingCommandExitsOne) {
  EXPECT_EQ(run("").exitCode, 1);
}

TEST_F(Cli, OptionValuesBreakingInterchangeRulesAreUsageErrors) {
  const std::string chf = generatedChf();
  for (const std::string bad :
       {"--min-region-area=-1", "--merge-region-area 1.5",
        "--max-edge-length x", "--border-region=-2", "--max-error nan",
        "--max-error=-0.5", "--max-error inf", "--partition diagonal",
        "--impl fastest"}) {
    SCOPED_TRACE(bad);
    const CliRun result = run("hashes " + shellQuote(chf) + " " + bad);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::string flag = bad.substr(0, bad.find_first_of(" ="));
    EXPECT_NE(result.err.find(flag), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty());
  }
}

// A flag is held to the range of the settings key it overrides
// (interchange/settings_table.h): one past the largest accepted value is a
// usage error naming the flag and the range, exactly as the document rejects
// it.
TEST_F(Cli, FlagsAndSettingsDocumentsShareOneRange) {
  const std::string chf = generatedChf("flat", 8);
  const std::vector<std::pair<std::string, std::string>> settings = {
      {"--min-region-area", "minRegionArea"},
      {"--merge-region-area", "mergeRegionArea"},
      {"--max-edge-length", "maxEdgeLength"},
      {"--border-region", "borderRegion"}};
  for (const auto& [flag, key] : settings) {
    SCOPED_TRACE(flag);
    const std::string range = "(0 <= " + key + " <= 2147483647)";
    const CliRun byFlag =
        run("hashes " + shellQuote(chf) + " " + flag + " 2147483648");
    EXPECT_EQ(byFlag.exitCode, 1) << byFlag.err;
    EXPECT_NE(byFlag.err.find(flag), std::string::npos) << byFlag.err;
    EXPECT_NE(byFlag.err.find("2147483648 is out of range " + range),
              std::string::npos)
        << byFlag.err;
    EXPECT_TRUE(byFlag.out.empty());
    const fs::path document = path("settings.json");
    writeText(document, R"({"format":"build3d.settings","version":1,")" + key +
                            R"(":2147483648})");
    const CliRun byDocument = run("hashes " + shellQuote(chf) + " --settings " +
                                  shellQuote(document));
    EXPECT_EQ(byDocument.exitCode, 2) << byDocument.err;
    EXPECT_NE(
        byDocument.err.find(key + ": 2147483648 is out of range " + range),
        std::string::npos)
        << byDocument.err;
  }
  const CliRun largest =
      run("hashes " + shellQuote(chf) + " --min-region-area 2147483647");
  EXPECT_EQ(largest.exitCode, 0) << largest.err;
}

// NUL is not JSON, so an endless device or stream is rejected at
// its first byte, read as it streams (a reader that buffered its input first
// would never finish).
TEST_F(Cli, ValidateStopsAtTheFirstByteOfAnEndlessStream) {
  for (const auto& [args, stdinFile] :
       std::vector<std::pair<std::string, std::string>>{
           {"validate /dev/zero", ""}, {"validate -", "/dev/zero"}}) {
    SCOPED_TRACE(args);
    const CliRun result = run(args, stdinFile);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find("not valid JSON"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("line 1, column 1"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("a NUL byte"), std::string::npos) << result.err;
  }
}

TEST_F(Cli, ValidateAcceptsAVectorDocument) {
  const std::string shared = regcon::testing::sharedDir();
  SKIP_WITHOUT_SHARED(shared);
  const std::string file = shared + "/vectors/flat-5x5.chf.json";
  const CliRun result = run("validate " + shellQuote(file));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(result.out, file + ": ok (build3d.chf)\n");
}

TEST_F(Cli, ValidateRejectsABrokenDocumentAndNamesTheKey) {
  writeText(path("broken.json"),
            R"({"format": "build3d.settings", "version": 1,
                     "maxError": -1})");
  const CliRun result = run("validate " + shellQuote(path("broken.json")));
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("maxError"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST_F(Cli, ValidateReportsEachFileAndFailsWhenAnyIsInvalid) {
  const std::string good = generatedChf();
  writeText(path("broken.json"), R"({"format": "build3d.chf",)");
  const CliRun result = run("validate " + shellQuote(good) + " " +
                            shellQuote(path("broken.json")));
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_EQ(result.out, good + ": ok (build3d.chf)\n");
  EXPECT_NE(result.err.find("broken.json"), std::string::npos) << result.err;
}

// Fails until the reference algorithms agree with the vectors' reading of
// the spec; that is what it is for.
TEST_F(Cli, HashesMatchTheVectorResults) {
  const std::string shared = regcon::testing::sharedDir();
  SKIP_WITHOUT_SHARED(shared);
  const std::vector<std::string> names = testing::vectorNames();
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const std::string base = shared + "/vectors/" + name;
    std::ifstream resultFile(base + ".result.json");
    const StageResult expected = readResult(resultFile, base + ".result.json");
    ASSERT_TRUE(expected.regions.distances.has_value());
    const CliRun result =
        run("hashes " + shellQuote(base + ".chf.json") + " --settings " +
            shellQuote(base + ".settings.json"));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(splitLines(result.out),
              (std::vector<std::string>{
                  "distances " + hashDistances(*expected.regions.distances),
                  "regions " + hashRegions(expected.regions),
                  "contours " + hashContours(expected.contours)}));
  }
}

TEST_F(Cli, HashesPrintThreeLabelledLines) {
  const CliRun result = run("hashes " + shellQuote(generatedChf()));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<std::string> lines = splitLines(result.out);
  ASSERT_EQ(lines.size(), 3u) << result.out;
  const std::vector<std::string> labels = {"distances ", "regions ",
                                           "contours "};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(lines[i].rfind(labels[i], 0), 0u) << lines[i];
    EXPECT_EQ(lines[i].size(), labels[i].size() + 64) << lines[i];
  }
}

TEST_F(Cli, HashesReadStandardInputForDash) {
  const std::string chf = generatedChf();
  const CliRun fromFile = run("hashes " + shellQuote(chf));
  const CliRun fromStdin = run("hashes -", chf);
  ASSERT_EQ(fromStdin.exitCode, 0) << fromStdin.err;
  EXPECT_EQ(fromStdin.out, fromFile.out);
}

TEST_F(Cli, OptimizedImplementationGivesTheReferenceHashes) {
  const std::string chf = generatedChf("multifloor", 24);
  for (const std::string partition :
       {"watershed", "monotone", "layers", "layer-first"}) {
    const std::string args =
        "hashes " + shellQuote(chf) + " --partition " + partition;
    const CliRun reference = run(args + " --impl reference");
    const CliRun optimized = run(args + " --impl optimized");
    ASSERT_EQ(optimized.exitCode, 0) << optimized.err;
    EXPECT_EQ(splitLines(optimized.out).size(), 3u);
    EXPECT_EQ(optimized.out, reference.out) << partition;
  }
}

// --threads reaches the optimized implementation (tests/thread_counts.cpp
// checks the bytes at every count); the reference has no threads.
TEST_F(Cli, ThreadsFlagRunsTheOptimizedImplementationOnly) {
  const std::string args = "hashes " + shellQuote(generatedChf("rooms", 40));
  const CliRun reference = run(args + " --impl reference");
  const CliRun threaded = run(args + " --impl optimized --threads 3");
  ASSERT_EQ(threaded.exitCode, 0) << threaded.err;
  EXPECT_EQ(threaded.out, reference.out);
  const CliRun refused = run(args + " --impl reference --threads 2");
  EXPECT_EQ(refused.exitCode, 1);
  EXPECT_NE(refused.err.find("--threads"), std::string::npos) << refused.err;
  EXPECT_EQ(run(args + " --impl optimized --threads 0").exitCode, 1);
}

TEST_F(Cli, GeneratedScenarioValidates) {
  const CliRun gen = run("gen flat --size 8 -o " + shellQuote(path("x.json")));
  ASSERT_EQ(gen.exitCode, 0) << gen.err;
  EXPECT_TRUE(gen.out.empty());
  const CliRun result = run("validate " + shellQuote(path("x.json")));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("ok (build3d.chf)"), std::string::npos);
}

TEST_F(Cli, GenWithoutOutputWritesStandardOutput) {
  const CliRun gen = run("gen flat --size 8");
  ASSERT_EQ(gen.exitCode, 0) << gen.err;
  std::istringstream in(gen.out);
  EXPECT_EQ(readHeightfield(in, "gen stdout").width, 8);
}

TEST_F(Cli, FailingRunLeavesNoOutputFile) {
  writeText(path("broken.json"), R"({"format": "build3d.chf",)");
  const std::string settings = settingsFile(Settings{});
  const fs::path target = path("result.json");
  const CliRun badInput =
      run("run " + shellQuote(path("broken.json")) + " " +
          shellQuote(settings) + " -o " + shellQuote(target));
  EXPECT_EQ(badInput.exitCode, 2);
  writeText(path("bad-settings.json"),
            R"({"format": "build3d.settings", "version": 1, )"
            R"("maxError": -1})");
  const CliRun badSettings =
      run("run " + shellQuote(generatedChf()) + " " +
          shellQuote(path("bad-settings.json")) + " -o " + shellQuote(target));
  EXPECT_EQ(badSettings.exitCode, 2);
  EXPECT_FALSE(fs::exists(target));
  // Nor a leftover temporary file beside it.
  for (const auto& entry : fs::directory_iterator(path(""))) {
    EXPECT_EQ(entry.path().filename().string().find("result.json"),
              std::string::npos)
        << entry.path();
  }
}

TEST_F(Cli, FailingRunKeepsAnExistingOutputFileIntact) {
  writeText(path("result.json"), "previous");
  writeText(path("broken.json"), R"({"format": "build3d.chf",)");
  const CliRun result = run("regions " + shellQuote(path("broken.json")) +
                            " -o " + shellQuote(path("result.json")));
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_EQ(readText(path("result.json")), "previous");
}

TEST_F(Cli, OutputFileHoldsWhatStandardOutputWouldShow) {
  const std::string chf = generatedChf();
  const CliRun toStdout = run("contours " + shellQuote(chf));
  const CliRun toFile =
      run("contours " + shellQuote(chf) + " -o " + shellQuote(path("c.json")));
  ASSERT_EQ(toFile.exitCode, 0) << toFile.err;
  EXPECT_TRUE(toFile.out.empty());
  EXPECT_EQ(readText(path("c.json")), toStdout.out);
}

TEST_F(Cli, RunOutputReadsBackAsAResult) {
  const std::string chf = generatedChf();
  Settings settings;
  settings.rawContours = true;
  const CliRun result =
      run("run " + shellQuote(chf) + " " + shellQuote(settingsFile(settings)));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  std::istringstream in(result.out);
  const StageResult stage = readResult(in, "run stdout");
  const Heightfield hf = readHeightfieldFile(chf);
  EXPECT_EQ(stage.regions.regions.size(), hf.spans.size());
  // The hashes command sees the same stage.
  const CliRun hashes = run("hashes " + shellQuote(chf) + " --raw");
  ASSERT_EQ(hashes.exitCode, 0) << hashes.err;
  const std::vector<std::string> lines = splitLines(hashes.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], "regions " + hashRegions(stage.regions));
  EXPECT_EQ(lines[2], "contours " + hashContours(stage.contours));
}

// `regcon run` itself (not only the library behind it)
// reproduces every worked vector: regions, distances, contours, raw loops
// and counters, compared as canonical documents, for both implementations.
TEST_F(Cli, RunReproducesEveryWorkedVector) {
  const auto names = regcon::testing::vectorNames();
  if (names.empty()) GTEST_SKIP() << "../shared/vectors is absent";
  for (const std::string impl : {"reference", "optimized"}) {
    for (const std::string& name : names) {
      SCOPED_TRACE(impl + " " + name);
      const std::string base =
          regcon::testing::sharedDir() + "/vectors/" + name;
      const CliRun result =
          run("run " + shellQuote(base + ".chf.json") + " " +
              shellQuote(base + ".settings.json") + " --impl " + impl);
      ASSERT_EQ(result.exitCode, 0) << result.err;
      std::istringstream got(result.out);
      std::ifstream want(base + ".result.json");
      std::ostringstream gotText, wantText;
      writeResult(gotText, readResult(got, "run stdout"));
      writeResult(wantText, readResult(want, base + ".result.json"));
      EXPECT_EQ(gotText.str(), wantText.str());
    }
  }
}

TEST_F(Cli, RegionsPrintsARegionsDocument) {
  const std::string chf = generatedChf();
  const CliRun result =
      run("regions " + shellQuote(chf) + " --partition monotone");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  std::istringstream in(result.out);
  EXPECT_EQ(readRegions(in, "regions stdout").regions.size(),
            readHeightfieldFile(chf).spans.size());
}

TEST_F(Cli, FlagOverridesTheSettingsFile) {
  const std::string chf = generatedChf();
  // maxError 0 keeps every staircase vertex: the file alone changes the
  // contours, or the override below would prove nothing.
  Settings exact;
  exact.maxError = 0;
  const std::string settings = settingsFile(exact);
  const CliRun defaults = run("hashes " + shellQuote(chf));
  const CliRun fromFile =
      run("hashes " + shellQuote(chf) + " --settings " + shellQuote(settings));
  const CliRun overridden = run("hashes " + shellQuote(chf) + " --settings " +
                                shellQuote(settings) + " --max-error 1.3");
  ASSERT_EQ(fromFile.exitCode, 0) << fromFile.err;
  ASSERT_EQ(overridden.exitCode, 0) << overridden.err;
  EXPECT_NE(fromFile.out, defaults.out);
  EXPECT_EQ(overridden.out, defaults.out);
}

TEST_F(Cli, ImportedMeshValidates) {
  const std::string shared = regcon::testing::sharedDir();
  SKIP_WITHOUT_SHARED(shared);
  const CliRun imported =
      run("import " + shellQuote(shared + "/meshes/dungeon.obj") + " -o " +
          shellQuote(path("dungeon.chf.json")));
  ASSERT_EQ(imported.exitCode, 0) << imported.err;
  const CliRun result = run("validate " + shellQuote(path("dungeon.chf.json")));
  EXPECT_EQ(result.exitCode, 0) << result.err;
}

// 60 bytes asking for 119 M cells are refused at once,
// before Recast allocates the grid; --max-cells moves the limit both ways.
TEST_F(Cli, ImportRefusesAGridOverTheCellLimit) {
  writeText(path("huge.obj"),
            "v 0 0 0\nv 3276 0 0\nv 3276 0 3276\nv 0 0 3276\nf 1 4 3 2\n");
  const CliRun huge = run("import " + shellQuote(path("huge.obj")));
  EXPECT_EQ(huge.exitCode, 2);
  EXPECT_TRUE(huge.out.empty());
  EXPECT_NE(huge.err.find("cell size 0.3 make a grid of 10920 x 10920 = "
                          "119246400 cells, more than the limit of 16777216 "
                          "cells (--max-cells)"),
            std::string::npos)
      << huge.err;
  writeText(path("small.obj"),
            "v 0 0 0\nv 3 0 0\nv 3 0 3\nv 0 0 3\nf 1 2 3 4\n");
  const CliRun tight =
      run("import " + shellQuote(path("small.obj")) + " --max-cells 99");
  EXPECT_EQ(tight.exitCode, 2);
  EXPECT_NE(tight.err.find("more than the limit of 99 cells"),
            std::string::npos)
      << tight.err;
  EXPECT_EQ(run("import " + shellQuote(path("small.obj")) + " --max-cells 100")
                .exitCode,
            0);
}

TEST_F(Cli, BadInputPrintsNothingOnStandardOutput) {
  const CliRun result = run("hashes " + shellQuote(path("missing.json")));
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_TRUE(result.out.empty());
  EXPECT_EQ(result.err.rfind("regcon: ", 0), 0u) << result.err;
  EXPECT_NE(result.err.find("missing.json"), std::string::npos);
}

TEST_F(Cli, DemoRunsEveryPartition) {
  const CliRun result = run("demo --size 16");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<std::string> lines = splitLines(result.out);
  ASSERT_GE(lines.size(), 6u) << result.out;
  EXPECT_NE(lines[0].find("rooms"), std::string::npos) << lines[0];
  for (const char* partition :
       {"watershed", "monotone", "layers", "layer-first"}) {
    EXPECT_NE(result.out.find(std::string("\n") + partition + " "),
              std::string::npos)
        << partition;
  }
}

}  // namespace
}  // namespace regcon

namespace regcon {
namespace {

class CliConform : public Cli {
 protected:
  // A shell script standing in for a foreign implementation: the reference
  // itself, its output passed through `sedScript`.
  std::string foreignCommand(const std::string& sedScript) {
    const fs::path script = path("foreign.sh");
    writeText(script, "#!/bin/sh\n" + shellQuote(REGCON_CLI) +
                          " run \"$1\" \"$2\" | sed " + shellQuote(sedScript) +
                          "\n");
    fs::permissions(script, fs::perms::owner_all, fs::perm_options::add);
    return shellQuote(script.string());
  }
};

TEST_F(CliConform, TheReferenceConformsToItself) {
  const std::string chf = generatedChf();
  const CliRun r = run("conform " + foreignCommand("s/x/x/") + " " +
                       shellQuote(chf) + " " + shellQuote(settingsFile({})));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("regions    agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nconforms\n"), std::string::npos) << r.out;
}

// Interchange §3: a 264 x 264 checkerboard of two areas has one region
// per cell, 69,696 in all, past 16 bits (65,535). `regcon run` writes them
// and conform reads them back: the reference conforms to itself.
TEST_F(CliConform, TheReferenceConformsToItselfPast65535Regions) {
  constexpr int kSide = 264;
  HeightfieldBuilder builder(kSide, kSide);
  for (int z = 0; z < kSide; ++z) {
    for (int x = 0; x < kSide; ++x) builder.add(x, z, 0, 1 + (x + z) % 2);
  }
  const fs::path chf = path("checkerboard.chf.json");
  {
    std::ofstream out(chf, std::ios::binary);
    writeHeightfield(out, builder.build(LinkRule{1, false}));
  }
  const std::string settings = settingsFile({});
  const CliRun regions =
      run("regions " + shellQuote(chf) + " --settings " + shellQuote(settings));
  ASSERT_EQ(regions.exitCode, 0) << regions.err;
  EXPECT_NE(regions.out.find("\"regionCount\":69696,"), std::string::npos)
      << regions.out.substr(0, 200);
  const std::string command = shellQuote(REGCON_CLI) + " run";
  // A generous timeout: the sanitizer build of `regcon run` takes seconds
  // here, minutes on a loaded machine.
  const CliRun r =
      run("conform " + shellQuote(command) + " " + shellQuote(chf) + " " +
          shellQuote(settings) + " --timeout 1200");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("\nconforms\n"), std::string::npos) << r.out;
}

TEST_F(CliConform, PointsAtTheFirstDifferingSpan) {
  const std::string chf = generatedChf();
  // Swaps the first span's region id between 0 and 1, both valid ids
  // (0 <= id <= regionCount, interchange §3).
  const CliRun r =
      run("conform " +
          foreignCommand("s/\"regions\":\\[0/\"regions\":[X/; "
                         "s/\"regions\":\\[1/\"regions\":[0/; "
                         "s/\"regions\":\\[X/\"regions\":[1/") +
          " " + shellQuote(chf) + " " + shellQuote(settingsFile({})));
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_NE(r.out.find("regions    DIFFER"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first difference: regions[0], span 0 (cell ("),
            std::string::npos)
      << r.out;
  const bool swapped =
      r.out.find("reference 0, command 1") != std::string::npos ||
      r.out.find("reference 1, command 0") != std::string::npos;
  EXPECT_TRUE(swapped) << r.out;
  EXPECT_NE(r.out.find("does not conform"), std::string::npos) << r.out;
}

TEST_F(CliConform, PointsAtTheFirstDifferingCounter) {
  const std::string chf = generatedChf();
  const CliRun r = run(
      "conform " + foreignCommand("s/\"droppedHoles\":0/\"droppedHoles\":4/") +
      " " + shellQuote(chf) + " " + shellQuote(settingsFile({})));
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_NE(r.out.find("droppedHoles: reference 0, command 4"),
            std::string::npos)
      << r.out;
}

TEST_F(CliConform, ACommandThatRejectsTheInputDoesNotConform) {
  const std::string chf = generatedChf();
  const CliRun r = run("conform false " + shellQuote(chf) + " " +
                       shellQuote(settingsFile({})));
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_NE(r.out.find("rejected the input (exit status 1)"), std::string::npos)
      << r.out;
}

// `-` is read once, into a temporary file that both the
// reference and the command read; the command is given its path, and the
// file is gone after the run.
TEST_F(CliConform, StandardInputIsGivenToBothSides) {
  const std::string chf = generatedChf();
  const std::string settings = settingsFile({});
  const fs::path seen = path("seen.txt");
  const fs::path script = path("recording.sh");
  writeText(script, "#!/bin/sh\necho \"$1 $2\" >" + shellQuote(seen.string()) +
                        "\nexec " + shellQuote(REGCON_CLI) +
                        " run \"$1\" \"$2\"\n");
  fs::permissions(script, fs::perms::owner_all, fs::perm_options::add);
  const CliRun chfOnStdin = run(
      "conform " + shellQuote(script.string()) + " - " + shellQuote(settings),
      chf);
  EXPECT_EQ(chfOnStdin.exitCode, 0) << chfOnStdin.err << chfOnStdin.out;
  EXPECT_NE(chfOnStdin.out.find("\nconforms\n"), std::string::npos)
      << chfOnStdin.out;
  const std::string given = splitLines(readText(seen)).at(0);
  const std::string copy = given.substr(0, given.find(' '));
  EXPECT_NE(copy, "-");
  EXPECT_NE(copy.find("regcon-stdin-"), std::string::npos) << copy;
  EXPECT_FALSE(fs::exists(copy)) << copy << " was left behind";

  const CliRun settingsOnStdin = run(
      "conform " + shellQuote(script.string()) + " " + shellQuote(chf) + " -",
      settings);
  EXPECT_EQ(settingsOnStdin.exitCode, 0)
      << settingsOnStdin.err << settingsOnStdin.out;
}

TEST_F(CliConform, BothDocumentsOnStandardInputIsBadInput) {
  const CliRun r = run("conform false - -", generatedChf());
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("standard input"), std::string::npos) << r.err;
}

TEST_F(CliConform, BadInputIsExitTwoBeforeTheCommandRuns) {
  writeText(path("bad.json"), "{\"format\":\"build3d.chf\"}");
  const CliRun r =
      run("conform false " + shellQuote(path("bad.json").string()) + " " +
          shellQuote(settingsFile({})));
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("version"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace regcon

// Output that never lies or clobbers.
namespace regcon {
namespace {

// A one-square floor, small enough to import in a blink.
constexpr const char* kSquareObj =
    "v 0 0 0\nv 3 0 0\nv 3 0 3\nv 0 0 3\nf 1 2 3 4\n";

class CliOutput : public Cli {
 protected:
  // One command line per command that prints on standard output.
  std::vector<std::string> everyPrintingCommand() {
    const std::string chf = shellQuote(generatedChf());
    const std::string settings = shellQuote(settingsFile({}));
    writeText(path("square.obj"), kSquareObj);
    return {"regions " + chf,
            "contours " + chf,
            "hashes " + chf,
            "run " + chf + " " + settings,
            "validate " + chf,
            "gen flat --size 8",
            "import " + shellQuote(path("square.obj")),
            "demo --size 8",
            "render " + chf,
            "conform " + shellQuote(std::string(REGCON_CLI) + " run") + " " +
                chf + " " + settings,
            "--help",
            "hashes --help"};
  }
  // One command line per command that writes a file, ending with its flag.
  std::vector<std::string> everyCommandWithOutputFile() {
    const std::string chf = shellQuote(generatedChf());
    writeText(path("square.obj"), kSquareObj);
    return {"regions " + chf + " -o",
            "contours " + chf + " -o",
            "hashes " + chf + " -o",
            "run " + chf + " " + shellQuote(settingsFile({})) + " -o",
            "gen flat --size 8 -o",
            "import " + shellQuote(path("square.obj")) + " -o",
            "render " + chf + " -o",
            "demo --size 8 --picture"};
  }
};

bool isCharacterDevice(const char* file) {
  struct stat st {};
  return ::stat(file, &st) == 0 && S_ISCHR(st.st_mode);
}

fs::perms permissionsOf(const fs::path& file) {
  return fs::status(file).permissions();
}

TEST_F(CliOutput, AFullStandardOutputIsExitTwoForEveryCommand) {
  for (const std::string& command : everyPrintingCommand()) {
    SCOPED_TRACE(command);
    const CliRun r = runWithStdout(command, "/dev/full");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("regcon: cannot write standard output: No space"),
              std::string::npos)
        << r.err;
  }
}

TEST_F(CliOutput, AFullDeviceAsOutputFileIsExitTwoAndStaysADevice) {
  ASSERT_TRUE(isCharacterDevice("/dev/full"));
  for (const std::string& command : everyCommandWithOutputFile()) {
    SCOPED_TRACE(command);
    const CliRun r = run(command + " /dev/full");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_NE(r.err.find("cannot write /dev/full: No space"), std::string::npos)
        << r.err;
    EXPECT_TRUE(isCharacterDevice("/dev/full"));
  }
}

TEST_F(CliOutput, DevNullAsOutputFileStaysADevice) {
  ASSERT_TRUE(isCharacterDevice("/dev/null"));
  const CliRun r = run("gen flat --size 8 -o /dev/null");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_TRUE(isCharacterDevice("/dev/null"));
}

// The link sits in a read-only directory: a temporary file beside the link
// could not be made, one beside the target can, so success shows where the
// temporary file lives as well as that the link was followed.
TEST_F(CliOutput, OutputThroughASymlinkWritesItsTarget) {
  fs::create_directories(path("links"));
  fs::create_directories(path("data"));
  writeText(path("data/real.json"), "previous");
  fs::create_symlink("../data/real.json", path("links/out.json"));
  fs::create_symlink(path("data/new.json"), path("links/dangling.json"));
  fs::permissions(path("links"), fs::perms(0555));
  const CliRun expected = run("gen flat --size 8");
  const CliRun existing =
      run("gen flat --size 8 -o " + shellQuote(path("links/out.json")));
  const CliRun dangling =
      run("gen flat --size 8 -o " + shellQuote(path("links/dangling.json")));
  fs::permissions(path("links"), fs::perms(0755));  // so TearDown removes it
  EXPECT_EQ(existing.exitCode, 0) << existing.err;
  EXPECT_EQ(dangling.exitCode, 0) << dangling.err;
  EXPECT_TRUE(fs::is_symlink(path("links/out.json")));
  EXPECT_TRUE(fs::is_symlink(path("links/dangling.json")));
  EXPECT_EQ(readText(path("data/real.json")), expected.out);
  EXPECT_EQ(readText(path("data/new.json")), expected.out);
}

TEST_F(CliOutput, AFifoIsWrittenDirectlyNotReplaced) {
  const fs::path fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const fs::path got = path("got.json");
  // The reader gives up after 20 s should regcon never open the FIFO.
  const std::string command = "timeout 20 cat " + shellQuote(fifo) + " >" +
                              shellQuote(got) + " & " + shellQuote(REGCON_CLI) +
                              " gen flat --size 8 -o " + shellQuote(fifo) +
                              "; status=$?; wait; exit " + "$status";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(fs::status(fifo).type(), fs::file_type::fifo);
  EXPECT_EQ(readText(got), run("gen flat --size 8").out);
}

// Checked on the mode bits, so root (who runs the tests) is refused too.
TEST_F(CliOutput, AReadOnlyFileIsRefusedAndKept) {
  const fs::path target = path("locked.json");
  writeText(target, "previous");
  fs::permissions(target, fs::perms(0444));
  const CliRun r = run("gen flat --size 8 -o " + shellQuote(target));
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("locked.json: file is read-only (mode 0444)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(readText(target), "previous");
  EXPECT_EQ(permissionsOf(target), fs::perms(0444));
}

TEST_F(CliOutput, AReadOnlyDirectoryIsRefused) {
  fs::create_directories(path("locked"));
  fs::permissions(path("locked"), fs::perms(0555));
  const CliRun r =
      run("gen flat --size 8 -o " + shellQuote(path("locked/new.json")));
  fs::permissions(path("locked"), fs::perms(0755));
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("directory is read-only (mode 0555)"), std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(path("locked")));
}

TEST_F(CliOutput, AnOverwrittenFileKeepsItsMode) {
  const fs::path target = path("kept.json");
  writeText(target, "previous");
  fs::permissions(target, fs::perms(0640));
  const CliRun r = run("gen flat --size 8 -o " + shellQuote(target));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(permissionsOf(target), fs::perms(0640));
  EXPECT_EQ(readText(target), run("gen flat --size 8").out);
}

// Starts `regcon gen flat --size 1000 -o DIR/big.json` (seconds of work with
// its temporary file open), waits for the temporary file to appear, sends
// `signalNumber`, and returns how the process ended.
int killDuringWrite(const fs::path& dir, int signalNumber) {
  const std::string target = (dir / "big.json").string();
  std::vector<std::string> args = {REGCON_CLI, "gen", "flat", "--size",
                                   "1000",     "-o",  target};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                   O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null",
                                   O_WRONLY, 0);
  // The signals at their default action and unblocked, whatever this
  // process inherited (a background job ignores SIGINT).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&attributes, &signals);
  sigaddset(&signals, signalNumber);
  posix_spawnattr_setsigdefault(&attributes, &signals);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, REGCON_CLI, &actions, &attributes,
                                    argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  // The temporary file's name ends in a random suffix: look for its prefix.
  const auto temporaryExists = [&dir] {
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().filename().string().rfind(".big.json.tmp-", 0) == 0)
        return true;
    }
    return false;
  };
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!temporaryExists() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  bool seen = temporaryExists();
  if (seen) {
    // Frozen mid-write, then looked at again: on a loaded machine this
    // process may lose its core between the look and the signal while the
    // writer finishes and renames its file.
    ::kill(pid, SIGSTOP);
    seen = temporaryExists();
  }
  ::kill(pid, seen ? signalNumber : SIGKILL);
  ::kill(pid, SIGCONT);  // the signal is delivered as the writer goes on
  int status = 0;
  ::waitpid(pid, &status, 0);
  return seen ? status : -1;
}

TEST_F(CliOutput, ASignalDuringTheWriteRemovesTheTemporaryFile) {
  for (int signalNumber : {SIGTERM, SIGINT}) {
    SCOPED_TRACE(strsignal(signalNumber));
    fs::create_directories(path("out"));
    const int status = killDuringWrite(path("out"), signalNumber);
    ASSERT_NE(status, -1) << "the temporary file never appeared";
    // Killed by the signal itself (re-raised), not finished or crashed.
    ASSERT_TRUE(WIFSIGNALED(status)) << status;
    EXPECT_EQ(WTERMSIG(status), signalNumber);
    for (const auto& entry : fs::directory_iterator(path("out"))) {
      ADD_FAILURE() << "left behind: " << entry.path();
    }
  }
}

// Several temporary files at once (`suite --json F --junit G` holds two):
// a signal removes every one of them, not only the latest.
TEST_F(CliOutput, ASignalRemovesEveryTemporaryFileAlive) {
  fs::create_directories(path("out"));
  const std::string first = path("out/first.json").string();
  const std::string second = path("out/second.json").string();
  EXPECT_EXIT(
      {
        kit::OutputTarget a(first);
        kit::OutputTarget b(second);
        kit::OutputTarget c(path("out/third.json").string());
        c.commit("third\n");  // done: its slot is free again
        std::raise(SIGTERM);
      },
      ::testing::KilledBySignal(SIGTERM), "");
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(path("out"))) {
    left.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(left, std::vector<std::string>{"third.json"});
}

}  // namespace
}  // namespace regcon
