// `regcon shrink` and `regcon fuzz`: a foreign command (interchange §6)
// judged against the reference case by case, the first disagreement shrunk
// to a small reproducer.
#pragma once

#include <cstdint>
#include <string>

#include "cli/shrink.h"

namespace CLI {
class App;
}

namespace regcon::cli {

// Runs `COMMAND CHF SETTINGS` on the two documents (written to `workDir`)
// and compares its result with the implementation `implName`'s. The verdict
// names the first differing section in pipeline order (distances, regions,
// contours), or how the command failed.
Outcome judgeCommand(const std::string& command, const Heightfield& hf,
                     const Settings& settings, const std::string& implName,
                     double timeoutSeconds, const std::string& workDir);

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
Reproducer writeReproducer(const std::string& command, const Heightfield& hf,
                           const Settings& settings, const Outcome& verdict,
                           const std::string& implName, double timeoutSeconds,
                           int maxRuns, const std::string& outputDir,
                           const std::string& workDir);

struct ShrinkOptions {
  std::string command;
  std::string chfPath;
  std::string settingsPath;
  std::string outputDir;
  std::string implName = "reference";
  double timeoutSeconds = 30;
  int maxRuns = 5000;
};

struct FuzzOptions {
  std::string command;
  int64_t cases = 0;  // 0: until --seconds (or 1000 when neither is set)
  double seconds = 0;
  uint64_t seed = 1;
  std::string outputDir = "regcon-fuzz";
  std::string implName = "reference";
  double timeoutSeconds = 30;
  int maxRuns = 5000;
};

// The text each command prints; `conforms` false when a disagreement was
// shrunk (exit 5).
struct KitReport {
  bool conforms = true;
  std::string text;
};

KitReport shrinkCommand(const ShrinkOptions& options);
KitReport fuzzCommand(const FuzzOptions& options);

void addShrinkCommand(CLI::App& app, int& exitCode);
void addFuzzCommand(CLI::App& app, int& exitCode);

}  // namespace regcon::cli
