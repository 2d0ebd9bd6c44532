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
  OutputTarget chfTarget(chf.string(), NonRegular::Refuse);
  OutputTarget settingsTarget(settingsPath.string(), NonRegular::Refuse);
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

// The documents of a case, in the judge's folder.
struct CaseFiles {
  fs::path chf;
  fs::path settings;
};

CaseFiles caseFiles(const std::string& workDir, const std::string& id) {
  return {fs::path(workDir) / (id + ".chf.json"),
          fs::path(workDir) / (id + ".settings.json")};
}

Judgement judged(const CommandAnswer& answer, const Heightfield& hf,
                 const Settings& settings, const std::string& implName) {
  const CaseExpectation expected =
      expectationOf(std::make_shared<const Heightfield>(hf), settings,
                    implementationNamed(implName));
  Judgement j;
  j.verdict = classifyCase(answer, expected);
  j.outcome = verdictKey(j.verdict, answer);
  return j;
}

KitReport shrinkAndWrite(CaseJudge& judge, const CommandUnderTest& tested,
                         const Heightfield& hf, const Settings& settings,
                         const Judgement& first, int maxRuns, double maxSeconds,
                         const fs::path& outputDir) {
  const Reproducer r =
      writeReproducer(judge, tested, hf, settings, first.outcome, maxRuns,
                      outputDir.string(), progressHooks(maxSeconds));
  KitReport report;
  report.conforms = false;
  report.text = "disagreement: " + first.outcome + "\n";
  if (!first.verdict.message.empty()) {
    report.text += "why: " + first.verdict.message + "\n";
  }
  report.text += "shrunk from " + r.originalSize + " to " + r.shrunkSize +
                 " (" + std::to_string(r.runs) + " runs, " +
                 std::to_string(r.kept) + " reductions kept)\n" + "wrote " +
                 r.chf + " and " + r.settings + "\nreplay: " + r.replay + "\n";
  return report;
}

CommandUnderTest testedOf(const std::string& who,
                          const ShrinkingOptions& options) {
  implementationNamed(options.implName);  // unknown: fails before any run
  if (options.command.empty() && !options.answers)
    throw InputError(who + ": COMMAND is empty");
  return {options.command, options.implName,
          checkedLimits(who, options.timeoutSeconds, options.maxOutputMb),
          options.batch, options.answers};
}

}  // namespace

AnswerSourceFactory CommandUnderTest::source() const {
  if (answers) return answers;
  return batch ? batchAnswers(command, limits)
               : processAnswers(command, limits);
}

CaseJudge::CaseJudge(const CommandUnderTest& tested, std::string workDir)
    : tested_(tested),
      workDir_(std::move(workDir)),
      source_(tested.source()()) {}

CaseJudge::~CaseJudge() {
  if (finished_) return;
  try {
    source_->finish();
  } catch (...) {
    // Ending the source is clean-up here: its answers are no longer used.
  }
}

Judgement CaseJudge::judge(const Heightfield& hf, const Settings& settings) {
  const std::string id = "case-" + std::to_string(++cases_);
  const CaseFiles files = caseFiles(workDir_, id);
  writeDocuments(hf, settings, files.chf, files.settings);
  SuiteCase c;
  c.id = id;
  c.chfPath = files.chf.string();
  c.settingsPath = files.settings.string();
  CommandAnswer answer = source_->ask(c);
  checkAnswersAgain(id, answer);
  const Judgement j = judged(answer, hf, settings, tested_.implName);
  judged_[id] = j.outcome;
  // Only a batch source asks a case again later; others' files can go.
  if (!tested_.batch || tested_.answers) {
    fs::remove(files.chf);
    fs::remove(files.settings);
  }
  return j;
}

Judge CaseJudge::asJudge() {
  return [this](const Heightfield& hf, const Settings& settings) {
    return judge(hf, settings).outcome;
  };
}

void CaseJudge::finish() {
  finished_ = true;
  source_->finish();
  CommandAnswer none;
  checkAnswersAgain("", none);
}

// A batch process out of step (interchange §7): the current case takes the
// answer of a process of its own; an earlier case must keep its outcome, or
// the shrink built on it is void.
void CaseJudge::checkAnswersAgain(const std::string& current,
                                  CommandAnswer& answer) {
  for (auto& [id, again] : source_->takeAnswersAgain()) {
    if (id == current) {
      answer = std::move(again);
      continue;
    }
    const CaseFiles files = caseFiles(workDir_, id);
    const Judgement j =
        judged(again, readHeightfieldFile(files.chf.string()),
               readSettingsFile(files.settings.string()), tested_.implName);
    if (j.outcome != judged_[id]) {
      throw InputError(
          "the batch process answered out of step (more than one line for "
          "one request), and an earlier case asked again alone gives '" +
          j.outcome + "' instead of '" + judged_[id] +
          "'; run without --batch");
    }
  }
}

Reproducer writeReproducer(CaseJudge& judge, const CommandUnderTest& tested,
                           const Heightfield& hf, const Settings& settings,
                           const Outcome& verdict, int maxRuns,
                           const std::string& outputDir,
                           const ShrinkHooks& hooks) {
  const ShrinkResult shrunk =
      shrinkCase(hf, settings, verdict, judge.asJudge(), maxRuns, hooks);
  judge.finish();
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
  r.replay = conformLine(tested.command, r.chf, r.settings);
  return r;
}

KitReport shrinkCommand(const ShrinkOptions& options) {
  const CommandUnderTest tested = testedOf("shrink", options);
  checkOutputPlaces("shrink", {{"--out", options.outputDir, true}});
  const Heightfield hf = readHeightfieldFile(options.chfPath);
  const Settings settings = readSettingsFile(options.settingsPath);
  const ScratchFolder work("regcon-kit");
  CaseJudge judge(tested, work.path().string());
  const Judgement first = judge.judge(hf, settings);
  if (first.outcome != kAgree) {
    return shrinkAndWrite(judge, tested, hf, settings, first, options.maxRuns,
                          options.maxSeconds, options.outputDir);
  }
  const std::string agrees = "the command agrees with the " + options.implName +
                             " implementation on this case";
  if (!tested.batch || tested.answers)
    return {true, agrees + ": nothing to shrink\n"};
  // A failure that shows in one process per case but not in a fresh batch
  // process (state left by earlier requests, undefined behaviour) is still
  // the port's: shrink it the way it shows.
  CommandUnderTest alone = tested;
  alone.batch = false;
  CaseJudge aloneJudge(alone, work.subfolder("alone").string());
  const Judgement aloneFirst = aloneJudge.judge(hf, settings);
  if (aloneFirst.outcome == kAgree) {
    return {true, agrees +
                      " in --batch and as a process of its own: "
                      "nothing to shrink\n"};
  }
  KitReport report =
      shrinkAndWrite(aloneJudge, alone, hf, settings, aloneFirst,
                     options.maxRuns, options.maxSeconds, options.outputDir);
  report.text = agrees +
                " in --batch but not as a process of its own: "
                "shrunk one process per run\n" +
                report.text;
  return report;
}

KitReport fuzzCommand(const FuzzOptions& options) {
  const CommandUnderTest tested = testedOf("fuzz", options);
  checkOutputPlaces("fuzz", {{"--out", options.outputDir, true}});
  const ScratchFolder work("regcon-kit");
  // A batch judge keeps each case's documents while its process may be
  // asked again: a fresh judge (and process) every kCasesPerJudge cases
  // bounds the scratch folder of a long run.
  constexpr int64_t kCasesPerJudge = 1000;
  std::unique_ptr<CaseJudge> judge;
  fs::path judgeFolder;
  const auto nextJudge = [&](int64_t index) {
    judge.reset();
    if (!judgeFolder.empty()) fs::remove_all(judgeFolder);
    judgeFolder = work.subfolder("judge-" + std::to_string(index));
    judge = std::make_unique<CaseJudge>(tested, judgeFolder.string());
  };
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
    if (index % kCasesPerJudge == 0) nextJudge(index);
    const DrawnCase c = options.draw(options.seed, index);
    const Judgement first = judge->judge(c.hf, c.settings);
    if (first.outcome == kAgree) continue;
    const fs::path out(options.outputDir);
    fs::create_directories(out);
    for (const char* name : {"original.chf.json", "original.settings.json"}) {
      requireInsideFolder("fuzz: --out", out.string(), (out / name).string());
    }
    publishDocuments(c.hf, c.settings, out / "original.chf.json",
                     out / "original.settings.json");
    KitReport report = shrinkAndWrite(*judge, tested, c.hf, c.settings, first,
                                      options.maxRuns, options.maxSeconds, out);
    report.text = "case " + std::to_string(index) + " of seed " +
                  std::to_string(options.seed) + " (" + c.origin + ")\n" +
                  report.text;
    return report;
  }
  if (judge) judge->finish();
  return {true, std::to_string(index) + " cases of seed " +
                    std::to_string(options.seed) +
                    ": the command agrees with the " + options.implName +
                    " implementation on every one\n"};
}

}  // namespace regcon::kit
