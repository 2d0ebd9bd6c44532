#include "cli/fuzz.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/kit_command.h"
#include "cli/output_places.h"
#include "cli/process.h"
#include "cli/suite_cases.h"
#include "core/compare.h"
#include "core/implementation.h"
#include "core/io.h"

namespace regcon::cli {
namespace {

namespace fs = std::filesystem;

// The command under a deadline (cli/process.h: the process group is killed
// when it passes), standard input from /dev/null.
Outcome runVerdict(const ProcessResult& run) {
  if (run.timedOut) return "timeout";
  if (run.outputTooLarge) return "output too large";
  if (run.exit.signal > 0) {
    return "crashed (signal " + std::to_string(run.exit.signal) + ")";
  }
  if (run.exit.exitCode == 127) return "not found (exit 127)";
  if (run.exit.exitCode != 0) {
    return "rejected (exit " + std::to_string(run.exit.exitCode) + ")";
  }
  return kAgree;
}

void writeDocuments(const Heightfield& hf, const Settings& settings,
                    const fs::path& chf, const fs::path& settingsPath) {
  std::ofstream chfOut(chf, std::ios::binary | std::ios::trunc);
  writeHeightfield(chfOut, hf);
  chfOut << "\n";
  std::ofstream settingsOut(settingsPath, std::ios::binary | std::ios::trunc);
  writeSettings(settingsOut, settings);
  settingsOut << "\n";
  if (!chfOut || !settingsOut) {
    throw InputError("cannot write " + chf.string() + " or " +
                     settingsPath.string());
  }
}

// "differs: " and the first differing section of the one comparer
// (core/compare.h), in document order: distances, regions, contours. Only
// what the hashes cover counts (no raw loops); a watershed result must
// carry its distances (interchange §3).
Outcome firstDifference(const Heightfield& hf, const Settings& settings,
                        const StageResult& expected,
                        const StageResult& actual) {
  CompareOptions options;
  options.rawLoops = false;
  options.distancesRequired =
      !hf.regions && settings.partition == Partition::Watershed;
  const Comparison comparison = compareResults(hf, expected, actual, options);
  return comparison.same() ? kAgree
                           : "differs: " + comparison.sections.front().section;
}

std::string conformLine(const std::string& command, const fs::path& chf,
                        const fs::path& settings) {
  return "regcon conform " + shellQuote(command) + " " +
         shellQuote(chf.string()) + " " + shellQuote(settings.string());
}

// A scratch folder for the documents the command is run on, removed at the
// end of the command.
class WorkDir {
 public:
  WorkDir()
      : path_(fs::temp_directory_path() /
              ("regcon-kit-" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~WorkDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string spanSummary(const Heightfield& hf) {
  return std::to_string(hf.width) + " x " + std::to_string(hf.depth) +
         " cells, " + std::to_string(hf.spanCount()) + " spans";
}

// Shrinks a case whose verdict is not "agree" and writes the reproducer.
KitReport shrinkAndWrite(const std::string& command, const Heightfield& hf,
                         const Settings& settings, const Outcome& verdict,
                         const std::string& implName, double timeoutSeconds,
                         int maxRuns, const fs::path& outputDir,
                         const fs::path& work) {
  const Reproducer r =
      writeReproducer(command, hf, settings, verdict, implName, timeoutSeconds,
                      maxRuns, outputDir.string(), work.string());
  KitReport report;
  report.conforms = false;
  report.text = "disagreement: " + verdict + "\n" + "shrunk from " +
                r.originalSize + " to " + r.shrunkSize + " (" +
                std::to_string(r.runs) + " runs, " + std::to_string(r.kept) +
                " reductions kept)\n" + "wrote " + r.chf + " and " +
                r.settings + "\nreplay: " + r.replay + "\n";
  return report;
}

}  // namespace

Reproducer writeReproducer(const std::string& command, const Heightfield& hf,
                           const Settings& settings, const Outcome& verdict,
                           const std::string& implName, double timeoutSeconds,
                           int maxRuns, const std::string& outputDir,
                           const std::string& workDir) {
  const Judge judge = [&](const Heightfield& h, const Settings& s) {
    return judgeCommand(command, h, s, implName, timeoutSeconds, workDir);
  };
  const ShrinkResult shrunk = shrinkCase(hf, settings, verdict, judge, maxRuns);
  fs::create_directories(outputDir);
  const fs::path chf = fs::path(outputDir) / "shrunk.chf.json";
  const fs::path settingsPath = fs::path(outputDir) / "shrunk.settings.json";
  writeDocuments(shrunk.hf, shrunk.settings, chf, settingsPath);
  Reproducer r;
  r.verdict = verdict;
  r.originalSize = spanSummary(hf);
  r.shrunkSize = spanSummary(shrunk.hf);
  r.originalSpans = hf.spanCount();
  r.shrunkSpans = shrunk.hf.spanCount();
  r.runs = shrunk.judged;
  r.kept = shrunk.accepted;
  r.chf = chf.string();
  r.settings = settingsPath.string();
  r.replay = conformLine(command, chf, settingsPath);
  return r;
}

Outcome judgeCommand(const std::string& command, const Heightfield& hf,
                     const Settings& settings, const std::string& implName,
                     double timeoutSeconds, const std::string& workDir) {
  const fs::path chf = fs::path(workDir) / "case.chf.json";
  const fs::path settingsPath = fs::path(workDir) / "case.settings.json";
  writeDocuments(hf, settings, chf, settingsPath);
  ProcessLimits limits;
  limits.timeout =
      std::chrono::milliseconds(static_cast<int64_t>(timeoutSeconds * 1000));
  const ProcessResult run =
      runShellCommand(command + " " + shellQuote(chf.string()) + " " +
                          shellQuote(settingsPath.string()),
                      limits);
  const Outcome failed = runVerdict(run);
  if (failed != kAgree) return failed;
  std::istringstream in(run.output);
  StageResult actual;
  try {
    actual = readResult(in, "command output");
  } catch (const InputError&) {
    return "invalid output";
  }
  const StageResult expected =
      runStage(resolveImplementation(implName), hf, settings);
  return firstDifference(hf, settings, expected, actual);
}

KitReport shrinkCommand(const ShrinkOptions& options) {
  checkOutputPlaces("shrink", {{"--out", options.outputDir, true}});
  const Heightfield hf = readHeightfieldFile(options.chfPath);
  const Settings settings = readSettingsFile(options.settingsPath);
  const WorkDir work;
  const Outcome verdict =
      judgeCommand(options.command, hf, settings, options.implName,
                   options.timeoutSeconds, work.path().string());
  if (verdict == kAgree) {
    return {true, "the command agrees with the " + options.implName +
                      " implementation on this case: nothing to shrink\n"};
  }
  return shrinkAndWrite(options.command, hf, settings, verdict,
                        options.implName, options.timeoutSeconds,
                        options.maxRuns, options.outputDir, work.path());
}

KitReport fuzzCommand(const FuzzOptions& options) {
  checkOutputPlaces("fuzz", {{"--out", options.outputDir, true}});
  const WorkDir work;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  const int64_t limit = options.cases > 0
                            ? options.cases
                            : (options.seconds > 0 ? INT64_MAX : 1000);
  int64_t index = 0;
  for (; index < limit; ++index) {
    if (options.seconds > 0 && elapsed() >= options.seconds) break;
    const GeneratedCase c = generatedCase(options.seed, index);
    const Outcome verdict =
        judgeCommand(options.command, c.hf, c.settings, options.implName,
                     options.timeoutSeconds, work.path().string());
    if (verdict == kAgree) continue;
    const fs::path out(options.outputDir);
    fs::create_directories(out);
    writeDocuments(c.hf, c.settings, out / "original.chf.json",
                   out / "original.settings.json");
    KitReport report = shrinkAndWrite(
        options.command, c.hf, c.settings, verdict, options.implName,
        options.timeoutSeconds, options.maxRuns, out, work.path());
    report.text = "case " + std::to_string(index) + " of seed " +
                  std::to_string(options.seed) + " (" + c.origin + ")\n" +
                  report.text;
    return report;
  }
  return {true, std::to_string(index) + " cases of seed " +
                    std::to_string(options.seed) +
                    ": the command agrees with the " + options.implName +
                    " implementation on every one\n"};
}

namespace {

void addCommonOptions(CLI::App& command, std::string& implName,
                      double& timeoutSeconds, int& maxRuns) {
  addComparedImplementation(command, implName);
  command
      .add_option("--timeout", timeoutSeconds,
                  "seconds each run of the command may take")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command
      .add_option("--max-runs", maxRuns,
                  "most runs of the command while shrinking")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

}  // namespace

void addShrinkCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ShrinkOptions>();
  CLI::App* command = addKitCommand(
      app, exitCode, options, "shrink",
      "Reduce a case on which COMMAND disagrees with the reference to a small "
      "one that disagrees in the same way; write DIR/shrunk.chf.json and "
      "DIR/shrunk.settings.json and print the conform line that replays it "
      "(exit 5; 0 when the command agrees)",
      shrinkCommand);
  command->add_option("CHF", options->chfPath, "heightfield (build3d.chf)")
      ->required()
      ->type_name("FILE");
  command
      ->add_option("SETTINGS", options->settingsPath,
                   "settings (build3d.settings)")
      ->required()
      ->type_name("FILE");
  command->add_option("-o,--out", options->outputDir, "output folder")
      ->required()
      ->type_name("DIR");
  addCommonOptions(*command, options->implName, options->timeoutSeconds,
                   options->maxRuns);
}

void addFuzzCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* command = addKitCommand(
      app, exitCode, options, "fuzz",
      "Run COMMAND on generated fields and settings (the generators of the "
      "properties) beside the reference; stop at the first disagreement, "
      "shrink it and write the reproducer to --out (exit 5; 0 when every "
      "case agrees). The same seed gives the same cases",
      fuzzCommand);
  auto* cases = command
                    ->add_option("--cases", options->cases,
                                 "number of cases (default 1000)")
                    ->check(CLI::PositiveNumber);
  command->add_option("--seconds", options->seconds, "run for this long")
      ->check(CLI::PositiveNumber)
      ->excludes(cases);
  command->add_option("--seed", options->seed, "the generator's seed")
      ->capture_default_str();
  command->add_option("--out", options->outputDir, "where the reproducer goes")
      ->capture_default_str()
      ->type_name("DIR");
  addCommonOptions(*command, options->implName, options->timeoutSeconds,
                   options->maxRuns);
}

}  // namespace regcon::cli
