#include "kit/suite.h"

#include <unistd.h>

#include <atomic>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "core/implementation.h"
#include "core/version.h"
#include "interchange/io.h"
#include "kit/file_names.h"
#include "kit/output.h"
#include "kit/output_places.h"
#include "kit/probe.h"
#include "kit/scratch.h"
#include "registry/implementations.h"
#include "render/render.h"
#include "render/report_text.h"

namespace regcon::kit {
namespace {

using namespace std::chrono_literals;

ProcessLimits limitsOf(const SuiteOptions& options) {
  return checkedLimits("suite", options.timeoutSeconds, options.maxOutputMb);
}

// The reference's result of a suite case, read from the case's own files
// and computed by `implName` (SuiteOptions::implName).
ReferenceRun referenceRun(const SuiteCase& c, const std::string& implName) {
  auto hf = std::make_shared<Heightfield>(readHeightfieldFile(c.chfPath));
  auto settings = std::make_shared<Settings>(readSettingsFile(c.settingsPath));
  const Implementation& reference = implementationNamed(implName);
  auto result =
      std::make_shared<StageResult>(runStage(reference, *hf, *settings));
  return {hf, result, settings};
}

// One line per finished case; on a terminal, one line rewritten in place.
class Progress {
 public:
  Progress(std::ostream* out, size_t total)
      : out_(out), total_(total), terminal_(out && ::isatty(STDERR_FILENO)) {}

  void caseDone(const CaseOutcome& outcome) {
    if (!out_) return;
    std::lock_guard lock(mutex_);
    ++done_;
    if (outcome.fails()) ++failing_;
    std::ostringstream line;
    line << "[" << std::setw(static_cast<int>(std::to_string(total_).size()))
         << done_ << "/" << total_ << "] " << std::left << std::setw(16)
         << statusName(outcome.verdict.status)
         << render::terminalEscaped(outcome.suiteCase.id);
    if (terminal_) {
      *out_ << "\r\033[K" << line.str() << "  (" << failing_ << " failing)"
            << std::flush;
      if (done_ == total_) *out_ << "\n";
    } else {
      *out_ << line.str() << std::fixed << std::setprecision(2) << "  "
            << outcome.verdict.seconds << " s\n";
    }
  }

 private:
  std::ostream* out_;
  size_t total_;
  bool terminal_;
  std::mutex mutex_;
  size_t done_ = 0;
  size_t failing_ = 0;
};

void checkOptions(const SuiteOptions& options) {
  if (options.command.empty()) throw InputError("suite: COMMAND is empty");
  if (options.jobs < 1 || options.jobs > 256) {
    throw InputError("suite: --jobs must be between 1 and 256");
  }
  limitsOf(options);  // --timeout and --max-output-mb
  if (options.probeCases < 0 || options.probeRuns < 1) {
    throw InputError("suite: --probe-cases must be >= 0 and --probe-runs >= 1");
  }
  if (options.shrinkRuns < 1 || options.shrinkCases < 1) {
    throw InputError(
        "suite: --shrink-runs and --shrink-cases must be at "
        "least 1");
  }
}

Suite loadSuite(const SuiteOptions& options) {
  std::string dir = options.suiteDir;
  if (dir.empty()) dir = defaultSuiteDir();
  if (dir.empty()) {
    throw InputError(
        "suite: no conformance found above the regcon binary; give "
        "--suite DIR");
  }
  return readSuite(dir);
}

// A failing case whose output was a valid result is drawn beside the
// reference's (render --diff) as DIR/<case id>.svg; the reports link it.
std::string pictureOf(const SuiteOptions& options, const SuiteCase& c,
                      const Verdict& verdict, const CommandAnswer& answer) {
  if (options.picturesDir.empty() || isPass(verdict.status) ||
      !verdict.actualHashes) {
    return "";
  }
  const ReferenceRun reference = referenceRun(c, options.implName);
  std::istringstream in(answer.output);
  const StageResult actual = readResult(in, "command output");
  const std::filesystem::path path =
      std::filesystem::path(options.picturesDir) /
      (caseFileName(c.id) + ".svg");
  requireInsideFolder("suite: --pictures", options.picturesDir, path.string());
  const std::string svg = render::renderDiffPicture(
      *reference.heightfield, readSettingsFile(c.settingsPath),
      "regcon suite case " + c.id, "reference", *reference.result, actual);
  // OutputTarget arms one signal slot for its temporary file: one at a time.
  static std::mutex writing;
  std::lock_guard lock(writing);
  std::filesystem::create_directories(path.parent_path());
  OutputTarget target(path.string(), NonRegular::Refuse);
  target.commit(svg);
  return path.string();
}

// One picture that cannot be written (a full disk, a folder or a FIFO at
// its path) costs that picture alone: the case's verdict and every report
// stand, and the report says why the picture is missing.
void drawPicture(const SuiteOptions& options, const SuiteCase& c,
                 const CommandAnswer& answer, CaseOutcome& outcome) {
  outcome.pictureNote.clear();
  try {
    outcome.picture = pictureOf(options, c, outcome.verdict, answer);
  } catch (const std::exception& e) {
    outcome.picture.clear();
    outcome.pictureNote = std::string("no picture: ") + e.what();
  }
}

AnswerSourceFactory answerSourceOf(const SuiteOptions& options) {
  if (options.answers) return options.answers;
  return options.batch ? batchAnswers(options.command, limitsOf(options))
                       : processAnswers(options.command, limitsOf(options));
}

// Case `index` with its documents' paths in the private folder `handed`.
SuiteCase handedPaths(const SuiteCase& c, const std::filesystem::path& handed,
                      size_t index) {
  SuiteCase copy = c;
  const std::string stem = (handed / std::to_string(index)).string();
  copy.chfPath = stem + ".chf.json";
  copy.settingsPath = stem + ".settings.json";
  return copy;
}

// Case `index` as the command is handed it: copies of its documents in
// `handed`, never the suite's own files, so a port that writes into the
// files it is given (its output in place, a truncation) changes neither
// what regcon reads of the case afterwards nor the suite.
SuiteCase handedCopy(const SuiteCase& c, const std::filesystem::path& handed,
                     size_t index) {
  const SuiteCase copy = handedPaths(c, handed, index);
  writeWholeFile(copy.chfPath, readRegularFile(c.chfPath, c.chfPath));
  writeWholeFile(copy.settingsPath,
                 readRegularFile(c.settingsPath, c.settingsPath));
  return copy;
}

void replaceEvery(std::string& text, const std::string& from,
                  const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// What the command printed names the copies it was handed; the reports name
// the suite's files instead: the ones a porter replays, and the same in
// every run, where the copies' folder has a random name.
CommandAnswer namingSuiteFiles(CommandAnswer answer, const SuiteCase& asked,
                               const SuiteCase& c) {
  for (std::string* text : {&answer.stderrTail, &answer.batchErrorMessage}) {
    replaceEvery(*text, asked.chfPath, c.chfPath);
    replaceEvery(*text, asked.settingsPath, c.settingsPath);
  }
  return answer;
}

// The command's answer to case `index`; a command regcon could not start
// (no pipe or process left, no room for the copies) costs that case alone,
// reported as not-run.
CommandAnswer askOrNote(AnswerSource& source, const SuiteCase& c,
                        const std::filesystem::path& handed, size_t index) {
  CommandAnswer notAsked;
  SuiteCase asked;
  try {
    asked = handedCopy(c, handed, index);
  } catch (const InputError& e) {
    notAsked.notStarted =
        std::string("no copy of the case's documents: ") + e.what();
    return notAsked;
  }
  try {
    return source.ask(asked);
  } catch (const CommandNotStarted& e) {
    notAsked.notStarted = e.what();
    return notAsked;
  }
}

// Runs the cases on `jobs` threads; each thread owns its processes. The
// first exception (a case file the reference cannot read: a bad suite)
// stops the others and is rethrown.
std::vector<CaseOutcome> runCases(const SuiteOptions& options,
                                  const std::vector<SuiteCase>& cases,
                                  const ExpectedFailures& expected,
                                  Progress& progress) {
  std::vector<CaseOutcome> outcomes(cases.size());
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failureMutex;
  // Kept to the end of the run: a batch process found out of step has its
  // cases asked again, from the same copies.
  const ScratchFolder handed("regcon-suite-cases");
  auto judge = [&](size_t i, const CommandAnswer& given) {
    const SuiteCase& c = cases[i];
    const CommandAnswer answer =
        namingSuiteFiles(given, handedPaths(c, handed.path(), i), c);
    CaseOutcome& outcome = outcomes[i];
    outcome.suiteCase = c;
    outcome.verdict = classifySuiteCase(c, answer, options.implName);
    drawPicture(options, c, answer, outcome);
    if (auto found = expected.find(c.id); found != expected.end()) {
      outcome.expectedFailure = found->second;
    }
  };
  std::map<std::string, size_t> indexOf;
  for (size_t i = 0; i < cases.size(); ++i) indexOf.emplace(cases[i].id, i);
  const AnswerSourceFactory answers = answerSourceOf(options);
  auto work = [&] {
    try {
      const std::unique_ptr<AnswerSource> source = answers();
      // Answers that replace earlier ones (kit/answer_source.h).
      const auto judgeAgain = [&] {
        for (const auto& [id, answer] : source->takeAnswersAgain()) {
          judge(indexOf.at(id), answer);
        }
      };
      for (size_t i = next++; i < cases.size(); i = next++) {
        judge(i, askOrNote(*source, cases[i], handed.path(), i));
        judgeAgain();
        progress.caseDone(outcomes[i]);
      }
      source->finish();
      judgeAgain();
    } catch (...) {
      std::lock_guard lock(failureMutex);
      if (!failure) failure = std::current_exception();
      next = cases.size();
    }
  };
  {
    std::vector<std::jthread> workers;
    const size_t count = std::min<size_t>(options.jobs, cases.size());
    for (size_t j = 0; j < count; ++j) workers.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
  return outcomes;
}

// The scratch folder of a step run after the cases (shrinking, probing),
// or none: one that cannot be made now ($TMPDIR gone or full) costs that
// step, noted on each chosen case, not the run's verdicts and reports.
std::optional<ScratchFolder> stepScratch(
    const std::string& prefix, const std::vector<CaseOutcome*>& chosen,
    std::string CaseOutcome::*note, const std::string& notDone) {
  try {
    return std::optional<ScratchFolder>(std::in_place, prefix);
  } catch (const InputError& e) {
    for (CaseOutcome* o : chosen) o->*note = notDone + e.what();
    return std::nullopt;
  }
}

// Failures of the port's output (a valid result that differs, or one
// without its distances) are worth shrinking; a run that went wrong
// (timeout, crash, rejection) is not a disagreement about a field.
bool shrinkable(const CaseOutcome& o) {
  return o.fails() && !o.passed() && !o.suiteCase.mustReject &&
         (o.verdict.status == Status::Mismatch ||
          o.verdict.status == Status::MissingSection);
}

// Runs work(i, job) for i in [0, count) on `jobs` threads.
template <typename Work>
void onJobs(size_t count, int jobs, const Work& work) {
  std::atomic<size_t> next{0};
  std::vector<std::jthread> workers;
  for (int j = 0; j < std::min<int>(jobs, static_cast<int>(count)); ++j) {
    workers.emplace_back([&, j] {
      for (size_t i = next++; i < count; i = next++) work(i, j);
    });
  }
}

// Shrinks one failing case into shrinkDir/<case id>/, asked as the suite
// asked it (per process, one batch process, or in process); the job's
// folder in `scratch` holds the documents the command is run on. The case
// is judged again first: run alone it may agree (a flaky port).
void shrinkOne(const SuiteOptions& options, CaseOutcome& o,
               const ScratchFolder& scratch, int job) {
  const SuiteCase& c = o.suiteCase;
  try {
    const std::filesystem::path work = scratch.subfolder(std::to_string(job));
    const Heightfield hf = readHeightfieldFile(c.chfPath);
    const Settings settings = readSettingsFile(c.settingsPath);
    const CommandUnderTest tested{options.command, options.implName,
                                  limitsOf(options), options.batch,
                                  options.answers};
    CaseJudge judge(tested, work.string());
    const Outcome verdict = judge.judge(hf, settings).outcome;
    if (verdict == kAgree) {
      o.shrinkNote = "not shrunk: asked again, the command agrees on this case";
      return;
    }
    const std::string into =
        (std::filesystem::path(options.shrinkDir) / caseFileName(c.id))
            .string();
    requireInsideFolder("suite: --shrink", options.shrinkDir, into);
    o.shrunk = writeReproducer(judge, tested, hf, settings, verdict,
                               options.shrinkRuns, into);
  } catch (const std::exception& e) {
    o.shrinkNote = std::string("not shrunk: ") + e.what();
  }
}

void shrinkFailures(const SuiteOptions& options,
                    std::vector<CaseOutcome>& outcomes,
                    std::ostream* progress) {
  std::vector<CaseOutcome*> chosen;
  for (CaseOutcome& o : outcomes) {
    if (!shrinkable(o)) continue;
    if (chosen.size() < static_cast<size_t>(options.shrinkCases)) {
      chosen.push_back(&o);
    } else {
      o.shrinkNote = "not shrunk: past --shrink-cases " +
                     std::to_string(options.shrinkCases);
    }
  }
  if (chosen.empty()) return;
  const std::optional<ScratchFolder> made = stepScratch(
      "regcon-suite-shrink", chosen, &CaseOutcome::shrinkNote, "not shrunk: ");
  if (!made) return;
  const ScratchFolder& scratch = *made;
  std::mutex printing;
  onJobs(chosen.size(), options.jobs, [&](size_t i, int job) {
    CaseOutcome& o = *chosen[i];
    shrinkOne(options, o, scratch, job);
    if (!progress) return;
    std::lock_guard lock(printing);
    *progress << "shrunk " << o.suiteCase.id << ": "
              << (o.shrunk
                      ? o.shrunk->originalSize + " -> " + o.shrunk->shrunkSize +
                            " (" + std::to_string(o.shrunk->runs) + " runs)"
                      : o.shrinkNote)
              << "\n";
  });
}

// A failure whose output cannot place it, or whose place may be a
// symptom (kit/probe.h).
bool probeable(const CaseOutcome& o) {
  if (!o.fails() || o.passed() || o.suiteCase.mustReject) return false;
  switch (o.verdict.status) {
    case Status::Crashed:
    case Status::Rejected:
    case Status::InvalidOutput:
    case Status::InternalError:
      return true;
    case Status::Mismatch:
      return probeMayRefine({o.verdict.specSection, o.verdict.clause, ""});
    default:
      return false;
  }
}

// A difference whose place the probe moved reads "first differs in
// STAGE: STEP, found by probing; first seen as ..."; any other failure
// keeps the classifier's message (shrink and fuzz give the same) and the
// report's probe line names the step.
void applyProbe(CaseOutcome& o, const ProbeResult& probe) {
  o.probeAnswers = probe.answers;
  Verdict& v = o.verdict;
  if (probe.blame.section.empty()) {
    o.probeNote = "probed: no variant tried points at a step";
    return;
  }
  const std::string before = Blame{v.specSection, v.clause, ""}.label();
  const std::string found = probe.blame.label();
  v.specSection = probe.blame.section;
  v.clause = probe.blame.clause;
  o.probeNote = "probed: " + found + " (" + probe.blame.where + ")";
  const std::string prefix = "first differs in " + v.firstStage + ": ";
  if (v.status == Status::Mismatch && found != before &&
      v.message.rfind(prefix, 0) == 0) {
    v.message = prefix + found + ", found by probing; first seen as " +
                v.message.substr(prefix.size());
  }
}

// Asks one failing case again on variants, as the suite asked it.
void probeOne(const SuiteOptions& options, CaseOutcome& o,
              const ScratchFolder& scratch, int job) {
  const SuiteCase& c = o.suiteCase;
  try {
    const Heightfield hf = readHeightfieldFile(c.chfPath);
    const Settings settings = readSettingsFile(c.settingsPath);
    const CommandUnderTest tested{options.command, options.implName,
                                  limitsOf(options), options.batch,
                                  options.answers};
    CaseJudge judge(tested, scratch.subfolder(std::to_string(job)).string());
    // A variant that times out would cost --timeout a run: the probe stops.
    const FailsOn fails = [&judge](const Heightfield& h, const Settings& s) {
      const Judgement j = judge.judge(h, s);
      if (j.verdict.status == Status::Timeout) {
        throw std::runtime_error("a variant of the case timed out");
      }
      return j.outcome != kAgree;
    };
    if (!fails(hf, settings)) {
      o.probeNote = "not probed: asked again, the command agrees on this case";
      return;
    }
    const ProbeResult probe =
        o.verdict.status == Status::Mismatch
            ? probeBlame(hf, settings,
                         {o.verdict.specSection, o.verdict.clause, ""}, fails,
                         options.probeRuns, options.implName)
            : probeFailure(hf, settings, fails, options.probeRuns,
                           options.implName);
    judge.finish();
    applyProbe(o, probe);
  } catch (const std::exception& e) {
    o.probeNote = std::string("not probed: ") + e.what();
  }
}

void probeFailures(const SuiteOptions& options,
                   std::vector<CaseOutcome>& outcomes) {
  std::vector<CaseOutcome*> chosen;
  for (CaseOutcome& o : outcomes) {
    if (chosen.size() == static_cast<size_t>(options.probeCases)) break;
    if (probeable(o)) chosen.push_back(&o);
  }
  if (chosen.empty()) return;
  const std::optional<ScratchFolder> made = stepScratch(
      "regcon-suite-probe", chosen, &CaseOutcome::probeNote, "not probed: ");
  if (!made) return;
  const ScratchFolder& scratch = *made;
  onJobs(chosen.size(), options.jobs, [&](size_t i, int job) {
    probeOne(options, *chosen[i], scratch, job);
  });
}

// An expected-failures list is a few lines per known gap of a port.
constexpr size_t kMaxExpectedFailuresBytes = size_t{4} << 20;
constexpr size_t kMaxExpectedFailuresLine = 4096;

}  // namespace

Verdict classifySuiteCase(const SuiteCase& c, const CommandAnswer& answer,
                          const std::string& implName) {
  if (c.mustReject) return classifyMustReject(answer, c.rule);
  CaseExpectation expected;
  expected.hashes = c.hashes;
  expected.partition = c.partition;
  // Computed once, when the differences or their blame first ask for it.
  auto run = std::make_shared<std::optional<ReferenceRun>>();
  expected.reference = [&c, implName, run] {
    if (!*run) *run = referenceRun(c, implName);
    return **run;
  };
  return classifyCase(answer, expected);
}

ExpectedFailures readExpectedFailures(const std::string& path,
                                      const Suite& suite) {
  std::istringstream in(readSmallFile(path, kMaxExpectedFailuresBytes));
  ExpectedFailures failures;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (line.size() > kMaxExpectedFailuresLine) {
      throw InputError(where + "longer than " +
                       std::to_string(kMaxExpectedFailuresLine) + " bytes");
    }
    std::istringstream words(line);
    std::string id;
    if (!(words >> id) || id[0] == '#') continue;
    std::string reason;
    std::getline(words >> std::ws, reason);
    if (reason.empty()) throw InputError(where + id + ": a reason is required");
    const bool known =
        std::any_of(suite.cases.begin(), suite.cases.end(),
                    [&](const SuiteCase& c) { return c.id == id; });
    if (!known) {
      throw InputError(where + id + ": no such case in suite " + suite.dir);
    }
    if (!failures.emplace(id, reason).second) {
      throw InputError(where + id + ": listed twice");
    }
  }
  return failures;
}

bool SuiteRun::conforms() const {
  return std::none_of(outcomes.begin(), outcomes.end(),
                      [](const CaseOutcome& o) { return o.fails(); });
}

SuiteRun runSuite(const SuiteOptions& options, std::ostream* progress) {
  checkOptions(options);
  const Suite suite = loadSuite(options);
  const ExpectedFailures expected =
      options.expectedFailuresPath.empty()
          ? ExpectedFailures{}
          : readExpectedFailures(options.expectedFailuresPath, suite);
  const std::vector<SuiteCase> cases = selectCases(suite, options.filter);
  if (cases.empty()) throw InputError("suite: --filter selects no case");
  if (!options.shrinkDir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.shrinkDir, error);
    if (error || !std::filesystem::is_directory(options.shrinkDir)) {
      throw InputError("suite: --shrink " + options.shrinkDir +
                       ": cannot create the folder");
    }
  }
  SuiteRun run;
  run.command = options.command;
  run.suiteDir = suite.dir;
  run.suiteName = suite.name;
  run.suiteVersion = suite.version;
  run.batch = options.batch;
  run.jobs = options.jobs;
  run.timeoutSeconds = options.timeoutSeconds;
  const Clock::time_point start = Clock::now();
  Progress bar(progress, cases.size());
  run.outcomes = runCases(options, cases, expected, bar);
  probeFailures(options, run.outcomes);
  if (!options.shrinkDir.empty()) {
    run.shrinkDir = options.shrinkDir;
    shrinkFailures(options, run.outcomes, progress);
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return run;
}

}  // namespace regcon::kit
