// The kit's commands as one classifier and one way of asking: `suite`,
// `shrink`, `fuzz` and `suite --shrink` report a hostile port alike, and
// `shrink` and `fuzz` ask through one batch process with --batch, or an
// implementation linked in process through the library, with the same
// result as a process per run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/implementation.h"
#include "gen/scenarios.h"
#include "interchange/io.h"
#include "kit/answer_source.h"
#include "kit/fuzz.h"
#include "kit/process.h"
#include "kit/scratch.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;

const std::string& kChf = testing::kHoleChf;
const std::string& kSettings = testing::kHoleSettings;
constexpr const char* kCase = "vector/hole-7x7";

class KitCommands : public testing::TestDirectory {
 protected:
  KitCommands() : TestDirectory("regcon_test_kit_commands") {}

  // A fake port: a shell script; $1 is the heightfield, $2 the settings
  // (or $1 is --batch).
  std::string port(const std::string& name, const std::string& body) {
    return testing::writePort(path(""), name, body);
  }

  testing::CliRun regcon(const std::string& args) {
    return testing::runCaptured(args, path(""));
  }

  // The status and message `suite` gives the one case, from its JSON report.
  std::pair<std::string, std::string> suiteVerdict(const std::string& command,
                                                   const std::string& extra) {
    const testing::CliRun r = regcon(
        "suite " + shellQuote(command) + " --suite " +
        shellQuote(kShippedSuite.string()) + " --filter " + kCase + " --json " +
        shellQuote(path("suite.json").string()) + " " + extra);
    EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
    const auto c =
        nlohmann::json::parse(readText(path("suite.json")))["cases"][0];
    return {c["status"], c["message"]};
  }
};

// The lines "disagreement: KEY" and "why: MESSAGE" of shrink and fuzz.
std::string lineAfter(const std::string& text, const std::string& label) {
  const size_t at = text.find(label);
  if (at == std::string::npos) return "(no " + label + " line)";
  const size_t start = at + label.size();
  return text.substr(start, text.find('\n', start) - start);
}

TEST_F(KitCommands, EveryCommandReportsAHostilePortAsSuiteDoes) {
  writeText(path("plain.txt"), "not a program\n");
  const std::string hostile[] = {
      port("segv", "kill -SEGV $$"),
      port("segv-child", "sh -c 'kill -SEGV $$'"),
      path("plain.txt").string(),
      path("missing").string(),
      port("floods", "head -c 3000000 /dev/zero"),
  };
  const std::string limits = "--max-output-mb 1 --timeout 20";
  for (const std::string& command : hostile) {
    SCOPED_TRACE(command);
    const auto [status, message] = suiteVerdict(command, limits);
    ASSERT_NE(status, "pass");
    const testing::CliRun shrink =
        regcon("shrink " + shellQuote(command) + " " + shellQuote(kChf) + " " +
               shellQuote(kSettings) + " -o " + shellQuote(path("s")) +
               " --max-runs 3 " + limits);
    EXPECT_EQ(shrink.exitCode, 5) << shrink.out << shrink.err;
    EXPECT_EQ(lineAfter(shrink.out, "disagreement: ").rfind(status, 0), 0u)
        << shrink.out;
    EXPECT_EQ(lineAfter(shrink.out, "why: "), message) << shrink.out;
    const testing::CliRun fuzz =
        regcon("fuzz " + shellQuote(command) + " --cases 1 --out " +
               shellQuote(path("f")) + " --max-runs 3 " + limits);
    EXPECT_EQ(fuzz.exitCode, 5) << fuzz.out << fuzz.err;
    EXPECT_EQ(lineAfter(fuzz.out, "disagreement: "),
              lineAfter(shrink.out, "disagreement: "))
        << fuzz.out;
    // suite --shrink judges the case as suite does and leaves a run that
    // went wrong unshrunk.
    const auto withShrink = suiteVerdict(
        command, limits + " --shrink " + shellQuote(path("ss").string()));
    EXPECT_EQ(withShrink.first, status);
    EXPECT_EQ(withShrink.second, message);
  }
}

class KitBatch : public KitCommands {
 protected:
  // A port that reports 7 dropped holes on fields of at least `spans`
  // spans, in both modes; every process it starts appends a line to
  // starts.txt.
  std::string holesPort(int spans) {
    const std::string sed = "sed -u 's/\"droppedHoles\":0/\"droppedHoles\":7/'";
    const std::string count =
        "n=$(grep -o '\\],\\[' \"$c\" | wc -l); "
        "if [ \"$n\" -ge " +
        std::to_string(spans) + " ]; then printf '%s\\n' \"$out\" | " + sed +
        "; else printf '%s\\n' \"$out\"; fi";
    return port("holes",
                "echo start >> " + shellQuote(path("starts.txt").string()) +
                    "\n"
                    "if [ \"$1\" = --batch ]; then\n"
                    "  while IFS= read -r line; do\n"
                    "    c=$(printf '%s' \"$line\" | sed "
                    "'s/.*\"chf\":\"\\([^\"]*\\)\".*/\\1/')\n"
                    "    s=$(printf '%s' \"$line\" | sed "
                    "'s/.*\"settings\":\"\\([^\"]*\\)\".*/\\1/')\n"
                    "    out=$(" +
                    shellQuote(kRegcon) + " run \"$c\" \"$s\")\n    " + count +
                    "\n  done\n  exit 0\nfi\n"
                    "c=\"$1\"; out=$(" +
                    shellQuote(kRegcon) + " run \"$1\" \"$2\") || exit $?\n" +
                    count);
  }

  int starts() {
    std::istringstream lines(readText(path("starts.txt")));
    int count = 0;
    for (std::string line; std::getline(lines, line);) ++count;
    fs::remove(path("starts.txt"));
    return count;
  }

  void writeRooms() {
    std::ofstream(path("big.chf.json")) << [] {
      std::ostringstream text;
      writeHeightfield(text, generateScenario("rooms", {12, 4}));
      return text.str();
    }();
    writeText(
        path("big.settings.json"),
        R"({"format":"build3d.settings","version":1,"partition":"layers"})");
  }
};

TEST_F(KitBatch, ShrinkThroughOneBatchProcessFindsWhatPerProcessFinds) {
  writeRooms();
  const std::string command = holesPort(10);
  const std::string files = shellQuote(path("big.chf.json").string()) + " " +
                            shellQuote(path("big.settings.json").string());
  const testing::CliRun perProcess =
      regcon("shrink " + shellQuote(command) + " " + files + " -o " +
             shellQuote(path("a").string()));
  EXPECT_EQ(perProcess.exitCode, 5) << perProcess.out << perProcess.err;
  const int processStarts = starts();
  const testing::CliRun batch =
      regcon("shrink " + shellQuote(command) + " " + files + " -o " +
             shellQuote(path("b").string()) + " --batch");
  EXPECT_EQ(batch.exitCode, 5) << batch.out << batch.err;
  EXPECT_EQ(starts(), 1) << "one batch process for the whole shrink";
  EXPECT_GT(processStarts, 10);
  EXPECT_EQ(readText(path("a/shrunk.chf.json")),
            readText(path("b/shrunk.chf.json")));
  EXPECT_EQ(lineAfter(batch.out, "disagreement: "), "differs: droppedHoles");
  // The replay line runs per process, the protocol's reference mode.
  EXPECT_NE(batch.out.find("replay: regcon conform"), std::string::npos);
}

TEST_F(KitBatch, FuzzThroughOneBatchProcessFindsWhatPerProcessFinds) {
  const std::string command = holesPort(12);
  const std::string common = " --cases 40 --seed 9 --max-runs 400 --out ";
  const testing::CliRun perProcess = regcon(
      "fuzz " + shellQuote(command) + common + shellQuote(path("a").string()));
  EXPECT_EQ(perProcess.exitCode, 5) << perProcess.out << perProcess.err;
  starts();
  const testing::CliRun batch =
      regcon("fuzz " + shellQuote(command) + common +
             shellQuote(path("b").string()) + " --batch");
  EXPECT_EQ(batch.exitCode, 5) << batch.out << batch.err;
  EXPECT_EQ(starts(), 1);
  EXPECT_EQ(readText(path("a/shrunk.chf.json")),
            readText(path("b/shrunk.chf.json")));
  EXPECT_EQ(readText(path("a/original.chf.json")),
            readText(path("b/original.chf.json")));
}

TEST_F(KitBatch, ABatchProcessOutOfStepVoidsTheShrink) {
  // Every answer twice: seen as out of step, the first case asked again
  // alone agrees, so the shrink that took it for a disagreement cannot
  // stand.
  const std::string command =
      port("twice",
           "if [ \"$1\" = --batch ]; then\n"
           "  while IFS= read -r line; do echo '{\"error\":\"x\"}'; echo "
           "'{\"error\":\"y\"}'; done; exit 0\nfi\nexec " +
               shellQuote(kRegcon) + " run \"$1\" \"$2\"");
  const testing::CliRun r =
      regcon("shrink " + shellQuote(command) + " " + shellQuote(kChf) + " " +
             shellQuote(kSettings) + " -o " + shellQuote(path("o").string()) +
             " --batch --max-runs 5");
  // Whether the second line is seen with the first (answered twice: an
  // invalid output, and a fresh process for the next run) or only at the
  // next request (out of step: the shrink cannot stand) depends on when the
  // two writes arrive. Both are right; neither keeps a reproducer built on
  // an answer that belonged to another case.
  if (r.exitCode == 2) {
    EXPECT_NE(r.err.find("out of step"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("o/shrunk.chf.json")));
  } else {
    EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
    EXPECT_NE(r.out.find("disagreement: invalid-output"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("more than one line for one request"),
              std::string::npos)
        << r.out;
  }
}

TEST_F(KitBatch, AFailureOnlyAProcessOfItsOwnShowsIsShrunkThatWay) {
  // Right in batch; a process of its own crashes on a heightfield document
  // over 300 bytes (as an out-of-bounds read may crash only in a fresh
  // process).
  writeRooms();
  const std::string command = port(
      "alone", "if [ \"$1\" = --batch ]; then exec " + shellQuote(kRegcon) +
                   " run --batch; fi\n"
                   "if [ \"$(wc -c < \"$1\")\" -gt 300 ]; then kill -SEGV $$; "
                   "fi\n"
                   "exec " +
                   shellQuote(kRegcon) + " run \"$1\" \"$2\"");
  const testing::CliRun r =
      regcon("shrink " + shellQuote(command) + " " +
             shellQuote(path("big.chf.json").string()) + " " +
             shellQuote(path("big.settings.json").string()) + " -o " +
             shellQuote(path("o").string()) + " --batch --max-runs 40");
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  EXPECT_NE(r.out.find("agrees with the reference implementation on this "
                       "case in --batch but not as a process of its own"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(lineAfter(r.out, "disagreement: "), "crashed (signal 11)") << r.out;
  // Still over the port's 300 bytes: shrunk the way it fails.
  EXPECT_GT(fs::file_size(path("o/shrunk.chf.json")), 300u);
  EXPECT_LT(fs::file_size(path("o/shrunk.chf.json")),
            fs::file_size(path("big.chf.json")));
}

// The library without a process: an engine's harness shrinks and fuzzes
// its own implementation in process.
StageResult droppedHolesPast(int spans, const Heightfield& hf,
                             const Settings& settings) {
  StageResult result = runStage(implementationNamed("optimized"), hf, settings);
  if (hf.spanCount() >= spans) result.contours.droppedHoles += 7;
  return result;
}

TEST_F(KitCommands, ShrinkInProcessFindsWhatTheShellPortFinds) {
  const Heightfield hf = generateScenario("rooms", {12, 4});
  std::ofstream(path("big.chf.json")) << [&hf] {
    std::ostringstream text;
    writeHeightfield(text, hf);
    return text.str();
  }();
  writeText(
      path("big.settings.json"),
      R"({"format":"build3d.settings","version":1,"partition":"layers"})");
  kit::ShrinkOptions options;
  options.command = "in process";
  options.answers =
      kit::inProcessAnswers([](const Heightfield& h, const Settings& s) {
        return droppedHolesPast(11, h, s);
      });
  options.chfPath = path("big.chf.json").string();
  options.settingsPath = path("big.settings.json").string();
  options.outputDir = path("out").string();
  const kit::KitReport report = kit::shrinkCommand(options);
  EXPECT_FALSE(report.conforms);
  EXPECT_EQ(lineAfter(report.text, "disagreement: "), "differs: droppedHoles");
  EXPECT_EQ(
      readHeightfieldFile(path("out/shrunk.chf.json").string()).spanCount(), 11)
      << report.text;
}

TEST_F(KitCommands, FuzzInProcessStopsAtTheFirstDisagreement) {
  kit::FuzzOptions options;
  options.command = "in process";
  options.answers =
      kit::inProcessAnswers([](const Heightfield& h, const Settings& s) {
        return droppedHolesPast(30, h, s);
      });
  options.draw = [](uint64_t seed, uint64_t index) {
    Heightfield hf =
        generateScenario("flat", {4 + static_cast<int>(index), seed});
    return kit::DrawnCase{"flat " + std::to_string(index), hf, Settings{}};
  };
  options.cases = 10;
  options.outputDir = path("fuzz").string();
  const kit::KitReport report = kit::fuzzCommand(options);
  EXPECT_FALSE(report.conforms);
  // 4x4 = 16 and 5x5 = 25 spans agree; 6x6 = 36 is the first past 30.
  EXPECT_EQ(report.text.rfind("case 2 of seed 1 (flat 2)", 0), 0u)
      << report.text;
  EXPECT_EQ(
      readHeightfieldFile(path("fuzz/shrunk.chf.json").string()).spanCount(),
      30);
}

}  // namespace
}  // namespace regcon
