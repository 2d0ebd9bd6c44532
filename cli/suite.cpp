#include "cli/suite.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
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
#include <sstream>
#include <thread>

#include "cli/file_names.h"
#include "cli/output.h"
#include "cli/output_places.h"
#include "cli/render.h"
#include "cli/scratch.h"
#include "cli/version.h"
#include "core/implementation.h"
#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

using namespace std::chrono_literals;

constexpr int kDoesNotConform = 5;
// A batch process that closed its output gets this long to report its exit.
constexpr auto kExitGrace = 2s;

ProcessLimits limitsOf(const SuiteOptions& options) {
  return checkedLimits("suite", options.timeoutSeconds, options.maxOutputMb);
}

// The reference's run of a suite case, read from the case's own files.
ReferenceRun referenceRun(const SuiteCase& c) {
  auto hf = std::make_shared<Heightfield>(readHeightfieldFile(c.chfPath));
  const Settings settings = readSettingsFile(c.settingsPath);
  const Implementation* reference = findImplementation("reference");
  auto result =
      std::make_shared<StageResult>(runStage(*reference, *hf, settings));
  return {hf, result};
}

Verdict classify(const SuiteCase& c, const CommandAnswer& answer) {
  if (c.mustReject) return classifyMustReject(answer, c.rule);
  CaseExpectation expected;
  expected.hashes = c.hashes;
  expected.partition = c.partition;
  expected.reference = [&c] { return referenceRun(c); };
  return classifyCase(answer, expected);
}

CommandAnswer askProcess(const SuiteOptions& options, const SuiteCase& c) {
  const ProcessLimits limits = limitsOf(options);
  const std::string commandLine = options.command + " " +
                                  shellQuote(c.chfPath) + " " +
                                  shellQuote(c.settingsPath);
  return answerFromProcess(runShellCommand(commandLine, limits),
                           limits.maxOutputBytes);
}

// The longest `{"error": …}` message kept in the reports, in bytes.
constexpr size_t kErrorMessageCap = 4096;

// `text` cut to at most `cap` bytes at a character boundary, with a note of
// the whole length when cut.
std::string cappedMessage(const std::string& text, size_t cap) {
  if (text.size() <= cap) return text;
  size_t end = cap;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return text.substr(0, end) + " ... (" + std::to_string(text.size()) +
         " bytes in all)";
}

// Whether an answer line is `{"error": …}` without "format" (interchange
// §7), found by the SAX parser: no document tree is built, so a huge
// result line costs no memory here (its reader streams it later).
class ErrorLineProbe : public nlohmann::json::json_sax_t {
 public:
  bool isErrorLine() const { return sawError_ && !sawFormat_; }
  const std::string& message() const { return message_; }

  bool null() override { return value("null"); }
  bool boolean(bool) override { return value("a boolean"); }
  bool number_integer(number_integer_t) override { return value("a number"); }
  bool number_unsigned(number_unsigned_t) override { return value("a number"); }
  bool number_float(number_float_t, const string_t&) override {
    return value("a number");
  }
  bool string(string_t& text) override {
    if (depth_ == 1 && inError_)
      message_ = cappedMessage(text, kErrorMessageCap);
    inError_ = false;
    return true;
  }
  bool binary(binary_t&) override { return value("binary"); }
  bool start_object(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    if (depth_ != 1) return true;
    sawFormat_ = sawFormat_ || name == "format";
    inError_ = name == "error";
    sawError_ = sawError_ || inError_;
    return !sawFormat_;  // a result: nothing more to learn here
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception&) override {
    sawError_ = false;  // not JSON: the result reader says why
    return false;
  }

 private:
  bool value(const char* kind) {
    if (depth_ == 1 && inError_) message_ = std::string("(") + kind + ")";
    inError_ = false;
    return true;
  }
  bool open() {
    if (depth_ == 1 && inError_) message_ = "(a structure)";
    inError_ = false;
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }

  int depth_ = 0;
  bool inError_ = false;
  bool sawError_ = false;
  bool sawFormat_ = false;
  std::string message_;
};

// One `COMMAND --batch` process (interchange §7), started on the first
// request and again after one that timed out, died or fell out of step.
class BatchSession {
 public:
  explicit BatchSession(const SuiteOptions& options)
      : commandLine_(options.command + " --batch"),
        limits_(limitsOf(options)) {}

  CommandAnswer ask(const SuiteCase& c) {
    // Output nobody asked for (a late second answer to the last request)
    // would be taken as this case's answer: start afresh instead.
    if (child_ && child_->hasUnreadOutput()) {
      outOfStep_.push_back(process_);
      restart();
    }
    if (!child_) {
      child_ =
          std::make_unique<ChildProcess>(commandLine_, limits_.stderrTailBytes);
      ++process_;
    }
    const Clock::time_point start = Clock::now();
    const Clock::time_point deadline = start + limits_.timeout;
    CommandAnswer answer;
    answer.outputCap = limits_.maxOutputBytes;
    std::string line;
    const nlohmann::json request = {{"chf", c.chfPath},
                                    {"settings", c.settingsPath}};
    auto status = ChildProcess::ReadStatus::EndOfOutput;
    if (child_->write(request.dump() + "\n", deadline)) {
      status = child_->readLine(line, deadline, limits_.maxOutputBytes);
    } else if (Clock::now() >= deadline) {
      status = ChildProcess::ReadStatus::Timeout;
    }
    if (status == ChildProcess::ReadStatus::Done) {
      readAnswerLine(std::move(line), answer);
      if (child_->hasUnreadOutput()) {
        answer.answeredTwice = true;
        outOfStep_.push_back(process_);
        restart();
      }
    } else {
      endAfterFailure(status, answer);
    }
    answer.stderrTail = child_ ? child_->takeStderrTail() : lastStderr_;
    answer.seconds =
        std::chrono::duration<double>(Clock::now() - start).count();
    return answer;
  }

  // End of the requests: the process should exit at the end of its input,
  // having written nothing more.
  void finish() {
    if (!child_) return;
    child_->closeInput();
    const Clock::time_point deadline = Clock::now() + limits_.timeout;
    std::string extra;
    const auto status =
        child_->readLine(extra, deadline, limits_.maxOutputBytes);
    if (status != ChildProcess::ReadStatus::EndOfOutput || !extra.empty()) {
      outOfStep_.push_back(process_);
    }
    if (!child_->wait(deadline)) child_->kill();
    child_.reset();
  }

  // The process that answered the last request (1, 2, … in start order).
  int process() const { return process_; }
  // The processes found to have written more lines than they were asked
  // for, since the last call.
  std::vector<int> takeOutOfStep() { return std::exchange(outOfStep_, {}); }

 private:
  static void readAnswerLine(std::string line, CommandAnswer& answer) {
    answer.exit.exitCode = 0;
    ErrorLineProbe probe;
    nlohmann::json::sax_parse(line, &probe);
    if (probe.isErrorLine()) {
      answer.batchError = true;
      answer.batchErrorMessage = probe.message();
      return;
    }
    answer.output =
        std::move(line);  // the classifier says why it is not a result
  }

  // Ends the process (its whole group) and keeps its stderr for the case.
  void restart() {
    child_->kill();
    lastStderr_ = child_->takeStderrTail();
    child_.reset();
  }

  void endAfterFailure(ChildProcess::ReadStatus status, CommandAnswer& answer) {
    answer.timedOut = status == ChildProcess::ReadStatus::Timeout;
    answer.outputTooLarge = status == ChildProcess::ReadStatus::TooLarge;
    if (status == ChildProcess::ReadStatus::EndOfOutput) {
      answer.endedMidBatch = true;
      const auto exit = child_->wait(Clock::now() + kExitGrace);
      answer.exit = exit ? *exit : child_->kill();
    } else {
      answer.exit = child_->kill();
    }
    // The remaining cases go to a new process.
    lastStderr_ = child_->takeStderrTail();
    child_.reset();
  }

  std::string commandLine_;
  ProcessLimits limits_;
  std::unique_ptr<ChildProcess> child_;
  std::string lastStderr_;
  int process_ = 0;
  std::vector<int> outOfStep_;
};

// One request to a batch process of its own, read to the process's end:
// its answer is unambiguously this case's, and a second line is seen.
CommandAnswer askAlone(const SuiteOptions& options, const SuiteCase& c) {
  BatchSession alone(options);
  CommandAnswer answer = alone.ask(c);
  alone.finish();
  if (!alone.takeOutOfStep().empty()) answer.answeredTwice = true;
  return answer;
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
         << statusName(outcome.verdict.status) << outcome.suiteCase.id;
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
        "suite: no corpus/conformance found above the regcon binary; give "
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
  const ReferenceRun reference = referenceRun(c);
  std::istringstream in(answer.output);
  const StageResult actual = readResult(in, "command output");
  const std::filesystem::path path =
      std::filesystem::path(options.picturesDir) /
      (caseFileName(c.id) + ".svg");
  requireInsideFolder("suite: --pictures", options.picturesDir, path.string());
  const std::string svg = renderDiffPicture(
      *reference.heightfield, readSettingsFile(c.settingsPath),
      "regcon suite case " + c.id, "reference", *reference.result, actual);
  // OutputTarget arms one signal slot for its temporary file: one at a time.
  static std::mutex writing;
  std::lock_guard lock(writing);
  std::filesystem::create_directories(path.parent_path());
  OutputTarget target(path.string());
  target.commit(svg);
  return path.string();
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
  auto judge = [&](size_t i, const CommandAnswer& answer) {
    const SuiteCase& c = cases[i];
    CaseOutcome& outcome = outcomes[i];
    outcome.suiteCase = c;
    outcome.verdict = classify(c, answer);
    outcome.picture = pictureOf(options, c, outcome.verdict, answer);
    if (auto found = expected.find(c.id); found != expected.end()) {
      outcome.expectedFailure = found->second;
    }
  };
  auto work = [&] {
    try {
      BatchSession session(options);
      // The cases each batch process answered: when one turns out to be
      // out of step, any of its answers may belong to another case, so
      // each of them is asked again of a process of its own.
      std::map<int, std::vector<size_t>> answeredBy;
      const auto askAgainAlone = [&] {
        for (int process : session.takeOutOfStep()) {
          for (size_t i : answeredBy[process]) {
            judge(i, askAlone(options, cases[i]));
          }
          answeredBy.erase(process);
        }
      };
      for (size_t i = next++; i < cases.size(); i = next++) {
        const SuiteCase& c = cases[i];
        const CommandAnswer answer =
            options.batch ? session.ask(c) : askProcess(options, c);
        if (options.batch) answeredBy[session.process()].push_back(i);
        judge(i, answer);
        askAgainAlone();
        progress.caseDone(outcomes[i]);
      }
      session.finish();
      askAgainAlone();
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

// Shrinks one failing case run alone (interchange §6) into
// shrinkDir/<case id>/; the job's folder in `scratch` holds the documents
// the command is run on.
void shrinkOne(const SuiteOptions& options, CaseOutcome& o,
               const ScratchFolder& scratch, int job) {
  const SuiteCase& c = o.suiteCase;
  try {
    const std::filesystem::path work = scratch.subfolder(std::to_string(job));
    const Heightfield hf = readHeightfieldFile(c.chfPath);
    const Settings settings = readSettingsFile(c.settingsPath);
    const CommandRun run{options.command, "reference", limitsOf(options)};
    const Outcome verdict = judgeCommand(run, hf, settings, work.string());
    if (verdict == kAgree) {
      o.shrinkNote = "not shrunk: run alone, the command agrees on this case";
      return;
    }
    const std::string into =
        (std::filesystem::path(options.shrinkDir) / caseFileName(c.id))
            .string();
    requireInsideFolder("suite: --shrink", options.shrinkDir, into);
    o.shrunk = writeReproducer(run, hf, settings, verdict, options.shrinkRuns,
                               into, work.string());
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
  const ScratchFolder scratch("regcon-suite-shrink");
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

std::vector<std::string> splitTags(const std::vector<std::string>& values) {
  std::vector<std::string> tags;
  for (const std::string& value : values) {
    std::stringstream in(value);
    std::string tag;
    while (std::getline(in, tag, ',')) {
      if (!tag.empty()) tags.push_back(tag);
    }
  }
  return tags;
}

}  // namespace

ExpectedFailures readExpectedFailures(const std::string& path,
                                      const Suite& suite) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot be read");
  ExpectedFailures failures;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
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
  if (!options.shrinkDir.empty()) {
    run.shrinkDir = options.shrinkDir;
    shrinkFailures(options, run.outcomes, progress);
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return run;
}

std::string versionText() {
  std::string text = std::string("regcon ") + kToolVersion + "\n";
  const std::string dir = defaultSuiteDir();
  if (dir.empty()) {
    return text + "conformance suite: none found above this binary";
  }
  try {
    const Suite suite = readSuite(dir);
    return text + "conformance suite " + suite.name + " version " +
           std::to_string(suite.version) + " (" + dir + ", " +
           std::to_string(suite.cases.size()) + " cases)";
  } catch (const InputError& e) {
    return text + "conformance suite: " + e.what();
  }
}

CLI::App* addSuiteCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<SuiteOptions>();
  auto filters = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "suite",
      "Run the conformance suite against COMMAND (interchange §6, or §7 with "
      "--batch) and report each case: pass, mismatch, missing-section, "
      "invalid-output, rejected, crashed, not-found, timeout; exit 0 when "
      "every case passes or is an expected failure, 5 otherwise, 2 on a bad "
      "suite or option");
  command->add_option("COMMAND", options->command,
                      "the implementation under test, run by /bin/sh with CHF "
                      "and SETTINGS appended (or --batch)");
  command
      ->add_option("--suite", options->suiteDir,
                   "the suite folder (default: corpus/conformance of the "
                   "checkout the regcon binary was built in)")
      ->type_name("DIR");
  command
      ->add_option("--filter", *filters,
                   "run only the cases carrying one of these tags (or ids)")
      ->type_name("TAG[,TAG...]");
  command->add_option("--jobs", options->jobs, "cases run at once")
      ->capture_default_str();
  command
      ->add_option("--timeout", options->timeoutSeconds,
                   "seconds each case may take")
      ->capture_default_str();
  command->add_flag("--batch", options->batch,
                    "one `COMMAND --batch` process per job, fed one request "
                    "per line (interchange §7)");
  command
      ->add_option("--expected-failures", options->expectedFailuresPath,
                   "lines 'CASE-ID REASON': known gaps of the port")
      ->type_name("FILE");
  command->add_option("--json", options->jsonPath, "write the JSON report")
      ->type_name("FILE");
  command
      ->add_option("--junit", options->junitPath,
                   "write a JUnit XML report (one testcase per case)")
      ->type_name("FILE");
  command
      ->add_option("--pictures", options->picturesDir,
                   "draw each failing case whose output is a valid result "
                   "beside the reference's, differences circled, as "
                   "DIR/<case id>.svg (the id made one file name: bytes "
                   "other than letters, digits, _ - and . become ~XX); "
                   "the reports name the file")
      ->type_name("DIR");
  command
      ->add_option("--shrink", options->shrinkDir,
                   "shrink each failing case whose output differs (mismatch, "
                   "missing section), run alone as in interchange §6, into "
                   "DIR/<case id>/shrunk.{chf,settings}.json (the id encoded "
                   "as for --pictures); the reports "
                   "give the conform line that replays it")
      ->type_name("DIR");
  command
      ->add_option("--shrink-runs", options->shrinkRuns,
                   "most runs of the command while shrinking one case")
      ->capture_default_str();
  command
      ->add_option("--shrink-cases", options->shrinkCases,
                   "most failing cases shrunk (the first in manifest order)")
      ->capture_default_str();
  command
      ->add_option("--max-output-mb", options->maxOutputMb,
                   "cap on one answer's size, in MiB")
      ->capture_default_str();
  command->callback([command, options, filters, &exitCode] {
    if (!command->get_subcommands().empty()) return;  // `suite export` …
    if (options->command.empty()) {
      throw InputError("suite: COMMAND is required (see regcon suite --help)");
    }
    options->filter = splitTags(*filters);
    checkOutputPlaces("suite", {{"--json", options->jsonPath, false},
                                {"--junit", options->junitPath, false},
                                {"--pictures", options->picturesDir, true},
                                {"--shrink", options->shrinkDir, true}});
    // Report files that cannot be written are refused before the run.
    std::optional<OutputTarget> json, junit;
    if (!options->jsonPath.empty()) json.emplace(options->jsonPath);
    if (!options->junitPath.empty()) junit.emplace(options->junitPath);
    const SuiteRun run = runSuite(*options, &std::cerr);
    if (json) json->commit(jsonReport(run));
    if (junit) junit->commit(junitReport(run));
    std::cout << summaryTable(run);
    exitCode = run.conforms() ? 0 : kDoesNotConform;
  });
  return command;
}

}  // namespace regcon::cli
