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

#include "cli/exit_codes.h"
#include "cli/file_names.h"
#include "cli/output.h"
#include "cli/output_places.h"
#include "cli/render.h"
#include "cli/report_text.h"
#include "cli/scratch.h"
#include "cli/version.h"
#include "core/implementation.h"
#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

using namespace std::chrono_literals;

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
         << terminalEscaped(outcome.suiteCase.id);
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

AnswerSourceFactory answerSourceOf(const SuiteOptions& options) {
  if (options.answers) return options.answers;
  return options.batch ? batchAnswers(options.command, limitsOf(options))
                       : processAnswers(options.command, limitsOf(options));
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
    outcome.verdict = classifySuiteCase(c, answer);
    outcome.picture = pictureOf(options, c, outcome.verdict, answer);
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
      // Answers that replace earlier ones (cli/answer_source.h).
      const auto judgeAgain = [&] {
        for (const auto& [id, answer] : source->takeAnswersAgain()) {
          judge(indexOf.at(id), answer);
        }
      };
      for (size_t i = next++; i < cases.size(); i = next++) {
        judge(i, source->ask(cases[i]));
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

// Builds and writes one report; a failure is told on stderr and noted in
// `lost` instead of ending the run.
template <typename Build>
void commitReport(std::optional<OutputTarget>& target, const std::string& name,
                  Build build, std::vector<std::string>& lost) {
  if (!target) return;
  try {
    target->commit(build());
  } catch (const std::exception& e) {
    std::cerr << "regcon: suite: " << name << ": " << e.what() << "\n";
    lost.push_back(name);
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) {
    text += (text.empty() ? "" : ", ") + name;
  }
  return text;
}

// An expected-failures list is a few lines per known gap of a port.
constexpr size_t kMaxExpectedFailuresBytes = size_t{4} << 20;
constexpr size_t kMaxExpectedFailuresLine = 4096;

}  // namespace

Verdict classifySuiteCase(const SuiteCase& c, const CommandAnswer& answer) {
  if (c.mustReject) return classifyMustReject(answer, c.rule);
  CaseExpectation expected;
  expected.hashes = c.hashes;
  expected.partition = c.partition;
  expected.reference = [&c] { return referenceRun(c); };
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
      "invalid-output, rejected, crashed, internal-error, not-found, "
      "timeout; exit 0 when "
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
                   "lines 'CASE-ID REASON': known gaps of the port (a "
                   "regular file of at most 4 MiB, lines of at most 4096 "
                   "bytes)")
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
    // Each report stands alone: one that fails costs neither the other nor
    // the summary, and the run then says which one was lost.
    std::vector<std::string> lost;
    commitReport(
        json, "--json " + options->jsonPath, [&run] { return jsonReport(run); },
        lost);
    commitReport(
        junit, "--junit " + options->junitPath,
        [&run] { return junitReport(run); }, lost);
    std::cout << summaryTable(run);
    if (!lost.empty()) throw InputError("suite: not written: " + joined(lost));
    exitCode = run.conforms() ? 0 : kDoesNotConform;
  });
  return command;
}

}  // namespace regcon::cli
