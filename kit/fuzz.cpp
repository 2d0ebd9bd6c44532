#include "kit/fuzz.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/implementation.h"
#include "interchange/compare.h"
#include "interchange/io.h"
#include "kit/file_names.h"
#include "kit/output.h"
#include "kit/output_places.h"
#include "kit/process.h"
#include "kit/scratch.h"
#include "registry/implementations.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;

// A document's text, checked: a stream that failed (memory) is an error,
// never a cut document.
template <typename Document, typename Write>
std::string documentText(const Document& document, Write write,
                         const char* kind) {
  std::ostringstream out;
  write(out, document);
  out << "\n";
  if (!out) throw InputError(std::string("cannot build the ") + kind);
  return std::move(out).str();
}

std::string heightfieldText(const Heightfield& hf) {
  return documentText(hf, writeHeightfield, "heightfield document");
}

std::string settingsText(const Settings& settings) {
  return documentText(settings, writeSettings, "settings document");
}

// The documents a command is run on, each written whole and checked: a
// truncated work file would make the command disagree about a field it
// was never given.
void writeDocuments(const Heightfield& hf, const Settings& settings,
                    const fs::path& chf, const fs::path& settingsPath) {
  writeWholeFile(chf, heightfieldText(hf));
  writeWholeFile(settingsPath, settingsText(settings));
}

// The reproducer's documents, put in place whole or not at all.
void publishDocuments(const Heightfield& hf, const Settings& settings,
                      const fs::path& chf, const fs::path& settingsPath) {
  OutputTarget chfTarget(chf.string());
  OutputTarget settingsTarget(settingsPath.string());
  chfTarget.commit(heightfieldText(hf));
  settingsTarget.commit(settingsText(settings));
}

std::string conformLine(const std::string& command, const std::string& chf,
                        const std::string& settings) {
  return "regcon conform " + shellQuote(command) + " " + shellQuote(chf) + " " +
         shellQuote(settings);
}

std::string spanSummary(const Heightfield& hf) {
  return std::to_string(hf.width) + " x " + std::to_string(hf.depth) +
         " cells, " + std::to_string(hf.spanCount()) + " spans";
}

// Shrinks a case whose verdict is not "agree" and writes the reproducer.
// The budget in time, and a line on standard error at most once a second
// while reductions are kept: a shrink can take many runs of the command.
ShrinkHooks progressHooks(double maxSeconds) {
  ShrinkHooks hooks;
  const auto now = std::chrono::steady_clock::now();
  constexpr double kMaxSeconds = 1e9;  // no deadline overflows
  hooks.deadline = now + std::chrono::milliseconds(static_cast<int64_t>(
                             std::min(maxSeconds, kMaxSeconds) * 1000));
  auto lastPrinted =
      std::make_shared<std::chrono::steady_clock::time_point>(now);
  hooks.progress = [lastPrinted](int width, int depth, int spans, int judged) {
    const auto at = std::chrono::steady_clock::now();
    if (at - *lastPrinted < std::chrono::seconds(1)) return;
    *lastPrinted = at;
    std::cerr << "shrinking: " << width << " x " << depth << " cells, " << spans
              << " spans after " << judged << " runs\n";
  };
  return hooks;
}

KitReport shrinkAndWrite(const CommandRun& run, const Heightfield& hf,
                         const Settings& settings, const Judgement& judged,
                         int maxRuns, double maxSeconds,
                         const fs::path& outputDir, const fs::path& work) {
  const Reproducer r = writeReproducer(
      run, hf, settings, judged.outcome, maxRuns, outputDir.string(),
      work.string(), progressHooks(maxSeconds));
  KitReport report;
  report.conforms = false;
  report.text = "disagreement: " + judged.outcome + "\n";
  if (!judged.verdict.message.empty()) {
    report.text += "why: " + judged.verdict.message + "\n";
  }
  report.text += "shrunk from " + r.originalSize + " to " + r.shrunkSize +
                 " (" + std::to_string(r.runs) + " runs, " +
                 std::to_string(r.kept) + " reductions kept)\n" + "wrote " +
                 r.chf + " and " + r.settings + "\nreplay: " + r.replay + "\n";
  return report;
}

CommandRun commandRunOf(const std::string& who, const std::string& command,
                        const std::string& implName, double timeoutSeconds,
                        size_t maxOutputMb) {
  implementationNamed(implName);  // an unknown name fails before any run
  return {command, implName, checkedLimits(who, timeoutSeconds, maxOutputMb)};
}

}  // namespace

Reproducer writeReproducer(const CommandRun& run, const Heightfield& hf,
                           const Settings& settings, const Outcome& verdict,
                           int maxRuns, const std::string& outputDir,
                           const std::string& workDir,
                           const ShrinkHooks& hooks) {
  const Judge judge = [&](const Heightfield& h, const Settings& s) {
    return judgeCommand(run, h, s, workDir);
  };
  const ShrinkResult shrunk =
      shrinkCase(hf, settings, verdict, judge, maxRuns, hooks);
  fs::create_directories(outputDir);
  const fs::path chf = fs::path(outputDir) / "shrunk.chf.json";
  const fs::path settingsPath = fs::path(outputDir) / "shrunk.settings.json";
  // A symlink planted in the folder is never followed out of it.
  for (const fs::path& file : {chf, settingsPath}) {
    requireInsideFolder("the reproducer", outputDir, file.string());
  }
  publishDocuments(shrunk.hf, shrunk.settings, chf, settingsPath);
  Reproducer r;
  r.verdict = verdict;
  r.originalSize = spanSummary(hf);
  r.shrunkSize = spanSummary(shrunk.hf);
  r.originalSpans = hf.spanCount();
  r.shrunkSpans = shrunk.hf.spanCount();
  r.runs = shrunk.judged;
  r.kept = shrunk.accepted;
  r.chf = fs::absolute(chf).string();
  r.settings = fs::absolute(settingsPath).string();
  r.replay = conformLine(run.command, r.chf, r.settings);
  return r;
}

Judgement judgeRun(const CommandRun& run, const Heightfield& hf,
                   const Settings& settings, const std::string& workDir) {
  const fs::path chf = fs::path(workDir) / "case.chf.json";
  const fs::path settingsPath = fs::path(workDir) / "case.settings.json";
  writeDocuments(hf, settings, chf, settingsPath);
  const CommandAnswer answer = answerFromProcess(
      runShellCommand(run.command + " " + shellQuote(chf.string()) + " " +
                          shellQuote(settingsPath.string()),
                      run.limits),
      run.limits.maxOutputBytes);
  const CaseExpectation expected =
      expectationOf(std::make_shared<const Heightfield>(hf), settings,
                    implementationNamed(run.implName));
  Judgement judged;
  judged.verdict = classifyCase(answer, expected);
  judged.outcome = verdictKey(judged.verdict, answer);
  return judged;
}

Outcome judgeCommand(const CommandRun& run, const Heightfield& hf,
                     const Settings& settings, const std::string& workDir) {
  return judgeRun(run, hf, settings, workDir).outcome;
}

KitReport shrinkCommand(const ShrinkOptions& options) {
  const CommandRun run =
      commandRunOf("shrink", options.command, options.implName,
                   options.timeoutSeconds, options.maxOutputMb);
  checkOutputPlaces("shrink", {{"--out", options.outputDir, true}});
  const Heightfield hf = readHeightfieldFile(options.chfPath);
  const Settings settings = readSettingsFile(options.settingsPath);
  const ScratchFolder work("regcon-kit");
  const Judgement judged = judgeRun(run, hf, settings, work.path().string());
  if (judged.outcome == kAgree) {
    return {true, "the command agrees with the " + options.implName +
                      " implementation on this case: nothing to shrink\n"};
  }
  return shrinkAndWrite(run, hf, settings, judged, options.maxRuns,
                        options.maxSeconds, options.outputDir, work.path());
}

KitReport fuzzCommand(const FuzzOptions& options) {
  const CommandRun run =
      commandRunOf("fuzz", options.command, options.implName,
                   options.timeoutSeconds, options.maxOutputMb);
  checkOutputPlaces("fuzz", {{"--out", options.outputDir, true}});
  const ScratchFolder work("regcon-kit");
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
    const DrawnCase c = options.draw(options.seed, index);
    const Judgement judged =
        judgeRun(run, c.hf, c.settings, work.path().string());
    if (judged.outcome == kAgree) continue;
    const fs::path out(options.outputDir);
    fs::create_directories(out);
    for (const char* name : {"original.chf.json", "original.settings.json"}) {
      requireInsideFolder("fuzz: --out", out.string(), (out / name).string());
    }
    publishDocuments(c.hf, c.settings, out / "original.chf.json",
                     out / "original.settings.json");
    KitReport report =
        shrinkAndWrite(run, c.hf, c.settings, judged, options.maxRuns,
                       options.maxSeconds, out, work.path());
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

}  // namespace regcon::kit
