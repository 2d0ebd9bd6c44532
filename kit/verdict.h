// What a command under test did with one case, and what that means: the
// classification `regcon conform` and `regcon suite` share. Nothing hides
// anything: a mismatch lists every differing section (interchange/compare.h), a
// rejection keeps the command's stderr, a crash names its signal.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/implementation.h"
#include "core/types.h"
#include "interchange/compare.h"
#include "kit/process.h"
#include "kit/suite_manifest.h"

namespace regcon::kit {

enum class Status {
  Pass,
  Mismatch,        // a valid result whose hashes differ
  MissingSection,  // a watershed result without `distances`
  InvalidOutput,   // not a valid build3d.result (or past the output cap)
  Rejected,        // non-zero exit, or {"error": …} in batch mode
  Crashed,         // ended by a signal
  InternalError,   // the port says it failed: exit 70, {"crash": …}, or an
                   // exception of an in-process implementation
  NotFound,        // exit 127 (or 126: found but not executable)
  Timeout,
  Accepted,  // a must-reject case answered with a result
  NotRun,    // regcon could not start the command (no pipe or process left)
};

std::string_view statusName(Status status);
bool isPass(Status status);

// How the command answered one case, whether it ran as a process of its
// own (interchange §6) or answered one line in batch mode (§7).
struct CommandAnswer {
  std::string output;       // the result document (exit 0 / an answer line)
  bool batchError = false;  // batch mode: the line was {"error": …}
  std::string batchErrorMessage;
  bool batchCrash = false;  // batch mode: the line was {"crash": …}
  ProcessExit exit;         // exitCode 0 for an answered batch line
  // Batch mode: the process ended before answering this case (interchange
  // §7: a crash of the case in flight, whatever its exit status).
  bool endedMidBatch = false;
  // Batch mode: more than one line came for this one request (§7 asks for
  // exactly one); the process was ended, as its next answer would be out
  // of step.
  bool answeredTwice = false;
  // In process: the implementation threw something other than an
  // InputError (its message), the in-process form of exit 70.
  std::string internalError;
  // regcon could not start the command: why (a resource limit of its own,
  // such as open files); the case was never asked.
  std::string notStarted;
  bool timedOut = false;
  bool outputTooLarge = false;
  size_t outputCap = 0;
  std::string stderrTail;
  double seconds = 0;
};

CommandAnswer answerFromProcess(ProcessResult result, size_t outputCap);

// The exit status by which a port says it failed on its own (EX_SOFTWARE
// of sysexits.h): regcon's addition to interchange §6, `{"crash": …}` in
// batch mode (§7).
constexpr int kPortInternalError = 70;

// The reference's run of a case: the heightfield names spans in messages.
struct ReferenceRun {
  std::shared_ptr<const Heightfield> heightfield;
  std::shared_ptr<const StageResult> result;
  std::shared_ptr<const Settings> settings;
};

// What the case expects: the hashes, and the reference's run, made only
// when a difference needs pointing at.
struct CaseExpectation {
  CaseHashes hashes;
  std::string partition;  // watershed, monotone, layers, layer-first, given
  std::function<ReferenceRun()> reference;
  std::string referenceLabel = "reference";
};

// The §5 hashes of a result; distances only when it carries them.
struct ResultHashes {
  std::optional<std::string> distances;
  std::string regions;
  std::string contours;
};
ResultHashes hashesOf(const StageResult& result);

// The first section (distances, regions, contours) whose hash differs from
// the expected one, or "" when they agree; distances only when `actual`
// carries them.
std::string firstDifferingHash(const ResultHashes& actual,
                               const CaseHashes& expected);

struct Verdict {
  Status status = Status::Pass;
  std::string message;  // one line: why (empty for a pass)
  std::vector<SectionDifference> differences;
  // Pipeline stage that differs first ("distances", "regions", "contours"),
  // the spec section it is blamed on ("§1", "§2", "§5.2", "readings R12",
  // "§6"; kit/blame.h) and the step or clause there ("watershed",
  // "merging", "refinement", …).
  std::string firstStage;
  std::string specSection;
  std::string clause;
  std::string stderrTail;
  double seconds = 0;
  // The command's hashes, when its output was a valid result.
  std::optional<ResultHashes> actualHashes;
};

// The manifest's "partition" of a heightfield and settings: "given" when
// the heightfield carries its own regions (readings R12).
std::string casePartition(const Heightfield& hf, const Settings& settings);
// The spec sections that compute a partition's regions.
std::string regionsSpecSection(std::string_view partition);
// Interchange §3: only the watershed partition computes distances, so only
// its results must carry them.
bool distancesRequired(std::string_view partition);

// The expectation of a case run by `impl` now (conform, shrink, fuzz),
// rather than read from a suite's manifest.
CaseExpectation expectationOf(std::shared_ptr<const Heightfield> hf,
                              const Settings& settings,
                              const Implementation& impl);

Verdict classifyCase(const CommandAnswer& answer,
                     const CaseExpectation& expected);

// What the shrinker compares to decide that two answers disagree "in the
// same way": "agree", "differs: SECTION" (the first section of the one
// comparer, interchange/compare.h), or the status with its exit code or signal:
// "rejected (exit 3)", "crashed (signal 11)", "not-found (exit 127)",
// "invalid-output", "invalid-output (past the output cap)", "timeout",
// "internal-error", "accepted".
std::string verdictKey(const Verdict& verdict, const CommandAnswer& answer);
Verdict classifyMustReject(const CommandAnswer& answer,
                           const std::string& rule);

// "status: NAME: message", then one line per differing section with its
// spec section, count and first difference, then the command's stderr.
std::string verdictLines(const Verdict& verdict);

}  // namespace regcon::kit
