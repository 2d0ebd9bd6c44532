// `regcon suite COMMAND`: runs the conformance suite (conformance)
// against a command that speaks interchange §6 (or §7 with --batch), in
// parallel, each case under a timeout, and reports every case's status,
// attributed to the spec, as a summary table, JSON and JUnit XML.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kit/answer_source.h"
#include "kit/fuzz.h"
#include "kit/suite_manifest.h"
#include "kit/verdict.h"

namespace regcon::kit {

struct SuiteOptions {
  // Where the answers come from (kit/answer_source.h); when empty, COMMAND
  // run per process, or in batch mode with `batch`. `command` still names
  // what is tested in the reports.
  AnswerSourceFactory answers;
  std::string command;
  std::string suiteDir;  // "" → defaultSuiteDir()
  std::vector<std::string> filter;
  int jobs = 1;
  double timeoutSeconds = 30;
  bool batch = false;
  std::string expectedFailuresPath;
  std::string jsonPath;
  std::string junitPath;
  size_t maxOutputMb = 256;
  std::string picturesDir;  // "" = none; else DIR/<case id>.svg per failure
  // "" = none; else each failing case whose output differs (mismatch,
  // missing section) is shrunk into DIR/<case id>/, at most `shrinkCases`
  // cases, each in at most `shrinkRuns` runs of the command.
  std::string shrinkDir;
  int shrinkRuns = 1000;
  int shrinkCases = 10;
  // The first `probeCases` failing cases that the output cannot place (a
  // crash, a rejected valid input, an invalid output, an internal error)
  // or blamed on §5.1/§5.2 are asked again on variants (kit/probe.h), each
  // in at most `probeRuns` runs; 0 cases: none.
  int probeCases = 5;
  int probeRuns = 30;
  // What computes the reference's result where the suite needs more than
  // its hashes (the differences and their blame, probes, pictures,
  // shrinking): the optimized implementation by default, whose bytes are
  // the reference's and which is near-linear on every shape of `regcon
  // gen`, so that no case of a suite from elsewhere makes those steps take
  // hours (the reference's hole joining is quadratic: a 1024 x 1024 field
  // of pillars takes it hours); "reference" asks the reference itself.
  std::string implName = "optimized";
};

// Case id → reason, from a file of lines "CASE-ID REASON…" ('#' comments).
using ExpectedFailures = std::map<std::string, std::string>;
ExpectedFailures readExpectedFailures(const std::string& path,
                                      const Suite& suite);

struct CaseOutcome {
  SuiteCase suiteCase;
  Verdict verdict;
  std::optional<std::string> expectedFailure;  // the reason, when listed
  std::string picture;      // the diff picture of a failing valid result, or ""
  std::string pictureNote;  // with --pictures: why it was not drawn, or ""
  std::optional<Reproducer> shrunk;  // with --shrink: the shrunk case
  std::string shrinkNote;  // with --shrink: why a failing case was not shrunk
  // The variants asked by the probe and their answers ("agrees with
  // MergeRegionArea 0 …"), or why the case was not probed.
  std::vector<std::string> probeAnswers;
  std::string probeNote;

  bool passed() const { return isPass(verdict.status); }
  // Counts against the port: a failure not listed, or a listed case that
  // passes (the list is stale and would hide a later regression).
  bool fails() const { return passed() == expectedFailure.has_value(); }
};

struct SuiteRun {
  std::string command;
  std::string suiteDir;
  std::string suiteName;
  int suiteVersion = 0;
  bool batch = false;
  int jobs = 1;
  double timeoutSeconds = 0;
  double seconds = 0;
  std::string shrinkDir;
  std::vector<CaseOutcome> outcomes;  // manifest order

  bool conforms() const;
};

// One case's answer judged against the manifest's hashes, differences
// pointed at through the reference's result of the case, computed by
// `implName` (SuiteOptions::implName; the one classifier).
Verdict classifySuiteCase(const SuiteCase& c, const CommandAnswer& answer,
                          const std::string& implName = "optimized");

// Runs the selected cases; progress lines go to `progress` (may be null).
// The command is handed copies of each case's documents in a private
// folder under $TMPDIR (kit/scratch.h), never the suite's own files; a
// command that cannot be started, or whose copies cannot be made, gives
// its case the status not-run. Throws InputError for a bad suite.
SuiteRun runSuite(const SuiteOptions& options, std::ostream* progress);

// The summary table: counts by status, failures by spec section and by
// tag, then one line per failing case.
std::string summaryTable(const SuiteRun& run);
std::string jsonReport(const SuiteRun& run);
std::string junitReport(const SuiteRun& run);

}  // namespace regcon::kit
