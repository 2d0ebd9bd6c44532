// `regcon shrink` and `regcon fuzz`: a foreign command (interchange §6)
// judged against the reference case by case, the first disagreement shrunk
// to a small reproducer.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "kit/process.h"
#include "kit/shrink.h"
#include "kit/verdict.h"

namespace regcon::kit {

// A command under test, the implementation it is compared with, and the
// limits of each run (kit/process.h: checkedLimits).
struct CommandRun {
  std::string command;
  std::string implName = "reference";
  ProcessLimits limits;
};

// One run judged: the verdict of the one classifier (kit/verdict.h), as
// `conform` and `suite` give it, and its key for the shrinker.
struct Judgement {
  Outcome outcome;  // verdictKey(): "agree", "differs: regions", ...
  Verdict verdict;
};

// Runs `COMMAND CHF SETTINGS` on the two documents (written to `workDir`)
// and classifies its answer against the implementation's result.
Judgement judgeRun(const CommandRun& run, const Heightfield& hf,
                   const Settings& settings, const std::string& workDir);
Outcome judgeCommand(const CommandRun& run, const Heightfield& hf,
                     const Settings& settings, const std::string& workDir);

// A disagreement shrunk and written as OUTDIR/shrunk.chf.json and
// OUTDIR/shrunk.settings.json, with the conform line that replays it.
struct Reproducer {
  Outcome verdict;
  std::string originalSize;  // "W x D cells, N spans"
  std::string shrunkSize;
  int originalSpans = 0;
  int shrunkSpans = 0;
  int runs = 0;     // runs of the command while shrinking
  int kept = 0;     // reductions kept
  std::string chf;  // the files written
  std::string settings;
  std::string replay;  // `regcon conform COMMAND CHF SETTINGS`
};

// Shrinks (hf, settings), on which `command` disagrees with `implName` as
// `verdict` says, in at most `maxRuns` runs; the command's documents go to
// `workDir`, the reproducer to `outputDir`.
Reproducer writeReproducer(const CommandRun& run, const Heightfield& hf,
                           const Settings& settings, const Outcome& verdict,
                           int maxRuns, const std::string& outputDir,
                           const std::string& workDir,
                           const ShrinkHooks& hooks = {});

struct ShrinkOptions {
  std::string command;
  std::string chfPath;
  std::string settingsPath;
  std::string outputDir;
  std::string implName = "reference";
  double timeoutSeconds = 30;
  size_t maxOutputMb = 256;
  int maxRuns = 5000;
  double maxSeconds = 600;  // the shrink's budget in time
};

// A generated case of `regcon fuzz`: how to draw it again, and its
// documents.
struct DrawnCase {
  std::string origin;  // e.g. "scenario rooms size 17 seed 5"
  Heightfield hf;
  Settings settings;
};
// Case `index` of the cases drawn with `seed`; the same pair must give the
// same case on every run (gen/suite_cases.h draws the generators' pool).
using CaseDrawer = std::function<DrawnCase(uint64_t seed, uint64_t index)>;

struct FuzzOptions {
  CaseDrawer draw;
  std::string command;
  int64_t cases = 0;  // 0: until --seconds (or 1000 when neither is set)
  double seconds = 0;
  uint64_t seed = 1;
  std::string outputDir = "regcon-fuzz";
  std::string implName = "reference";
  double timeoutSeconds = 30;
  size_t maxOutputMb = 256;
  int maxRuns = 5000;
  double maxSeconds = 600;  // the shrink's budget in time
};

// The text each command prints; `conforms` false when a disagreement was
// shrunk (exit 5).
struct KitReport {
  bool conforms = true;
  std::string text;
};

KitReport shrinkCommand(const ShrinkOptions& options);
KitReport fuzzCommand(const FuzzOptions& options);

}  // namespace regcon::kit
