#include "kit/verdict.h"

#include <string.h>

#include <istream>
#include <map>
#include <optional>
#include <sstream>
#include <streambuf>

#include "core/name_table.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "kit/blame.h"

namespace regcon::kit {
namespace {

// Reads a string in place: an answer may be as large as --max-output-mb,
// and a std::istringstream would copy it.
class StringViewBuffer : public std::streambuf {
 public:
  explicit StringViewBuffer(const std::string& text) {
    char* begin = const_cast<char*>(text.data());  // only ever read
    setg(begin, begin, begin + text.size());
  }
};

// Real-time signals end at 64 on Linux; /bin/sh reports a command a signal
// ended as exit status 128 + the signal's number.
constexpr int kShellSignalBase = 128;
constexpr int kLargestSignal = 64;

std::string signalName(int signal) {
  const char* abbreviation = ::sigabbrev_np(signal);
  const std::string number = "signal " + std::to_string(signal);
  return abbreviation ? number + " (SIG" + abbreviation + ")" : number;
}

Verdict verdictOf(Status status, std::string message,
                  const CommandAnswer& answer) {
  Verdict verdict;
  verdict.status = status;
  verdict.message = std::move(message);
  verdict.stderrTail = answer.stderrTail;
  verdict.seconds = answer.seconds;
  return verdict;
}

std::string megabytes(size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

// The failures that need no result document: how the command ended.
std::optional<Verdict> endingFailure(const CommandAnswer& a) {
  if (!a.notStarted.empty()) {
    return verdictOf(Status::NotRun,
                     "regcon could not start the command: " + a.notStarted, a);
  }
  if (a.timedOut) {
    return verdictOf(Status::Timeout,
                     "no answer in time; the command was killed", a);
  }
  if (a.outputTooLarge) {
    return verdictOf(Status::InvalidOutput,
                     "more than " + megabytes(a.outputCap) +
                         " on standard output (raise the cap with "
                         "--max-output-mb); the command was killed",
                     a);
  }
  if (a.exit.signal > 0) {
    return verdictOf(Status::Crashed, "killed by " + signalName(a.exit.signal),
                     a);
  }
  const int code = a.exit.exitCode;
  if (code > kShellSignalBase && code <= kShellSignalBase + kLargestSignal) {
    return verdictOf(Status::Crashed,
                     "killed by " + signalName(code - kShellSignalBase) +
                         " (exit status " + std::to_string(code) +
                         " from /bin/sh)",
                     a);
  }
  if (code == 127) {
    return verdictOf(Status::NotFound,
                     "exit status 127: /bin/sh did not find the command", a);
  }
  if (code == 126) {
    return verdictOf(Status::NotFound,
                     "exit status 126: the command is not executable", a);
  }
  if (!a.internalError.empty()) {
    return verdictOf(Status::InternalError,
                     "the implementation threw: " + a.internalError, a);
  }
  if (a.batchCrash) {
    return verdictOf(Status::InternalError,
                     "answered {\"crash\": \"" + a.batchErrorMessage +
                         "\"}: the port failed on its own",
                     a);
  }
  if (code == kPortInternalError && !a.endedMidBatch) {
    return verdictOf(Status::InternalError,
                     "exit status 70: the port reports an internal error of "
                     "its own, not a rejection of the input",
                     a);
  }
  if (a.answeredTwice) {
    return verdictOf(Status::InvalidOutput,
                     "wrote more than one line for one request (interchange "
                     "§7 asks for exactly one); the batch process was ended "
                     "and a new one started for the next case",
                     a);
  }
  if (a.endedMidBatch) {
    return verdictOf(Status::Crashed,
                     "the batch process ended (exit status " +
                         std::to_string(code) + ") before answering",
                     a);
  }
  return std::nullopt;
}

// A rejection of the input: a non-zero exit or a batch {"error": …} line.
std::optional<std::string> rejection(const CommandAnswer& a) {
  if (a.exit.exitCode != 0) {
    return "exit status " + std::to_string(a.exit.exitCode);
  }
  if (a.batchError)
    return "answered {\"error\": \"" + a.batchErrorMessage + "\"}";
  return std::nullopt;
}

// The stage a comparer section belongs to, in pipeline order.
std::string stageOf(const std::string& section) {
  if (section == "hashes") return "hashes";  // a stale suite, see below
  if (section.rfind("distances", 0) == 0) return "distances";
  if (section.rfind("region", 0) == 0) return "regions";
  return "contours";
}

std::string specSectionOf(const std::string& stage,
                          std::string_view partition) {
  if (stage == "hashes") return "";
  if (stage == "distances") return "§1";
  if (stage == "regions") return regionsSpecSection(partition);
  return "§6";
}

// True when `actual` is `expected` with the region ids renamed one to one
// (0, "no region", staying 0): the same partition, numbered otherwise.
bool sameUpToRenaming(const std::vector<int>& expected,
                      const std::vector<int>& actual) {
  if (expected.size() != actual.size()) return false;
  std::map<int, int> toActual, toExpected;
  for (size_t s = 0; s < expected.size(); ++s) {
    const auto [a, newA] = toActual.emplace(expected[s], actual[s]);
    const auto [e, newE] = toExpected.emplace(actual[s], expected[s]);
    if (a->second != actual[s] || e->second != expected[s]) return false;
    if ((expected[s] == 0) != (actual[s] == 0)) return false;
  }
  return true;
}

// A partition renumbered consistently is one finding, §5.3's numbering
// (ids in order of first span), not a difference of every later span.
// A given partition (readings R12) keeps its ids as they are.
constexpr const char* kRenumbered = "the same regions, numbered differently";

void attributeRenumbering(std::vector<SectionDifference>& sections,
                          const StageResult& expected,
                          const StageResult& actual,
                          std::string_view partition) {
  if (expected.regions.regions == actual.regions.regions ||
      !sameUpToRenaming(expected.regions.regions, actual.regions.regions)) {
    return;
  }
  const bool given = partition == "given";
  for (SectionDifference& d : sections) {
    if (d.section != "regions") continue;
    d.specSection = given ? "readings R12" : "§5.3";
    d.first = std::string(kRenumbered) +
              (given ? " (readings R12: a given partition keeps its ids); "
                     : " (§5.3: ids in order of first span); ") +
              d.first;
  }
}

// Every differing section against the reference's whole result, each
// attributed to the spec section of the case's partition.
std::vector<SectionDifference> differencesFrom(const StageResult& actual,
                                               const CaseExpectation& e) {
  CompareOptions options;
  options.expectedLabel = e.referenceLabel;
  options.actualLabel = "command";
  options.distancesRequired = false;  // a missing section has its own status
  options.rawLoops = false;           // interchange §5 hashes no raw loops
  const ReferenceRun reference = e.reference();
  std::vector<SectionDifference> sections =
      compareResults(*reference.heightfield, *reference.result, actual, options)
          .sections;
  for (SectionDifference& d : sections) {
    d.specSection = specSectionOf(stageOf(d.section), e.partition);
  }
  attributeRenumbering(sections, *reference.result, actual, e.partition);
  if (sections.empty()) {
    // The command agrees with the reference, not with the suite's hashes.
    sections.push_back({"hashes", "", 1,
                        "the result equals the " + e.referenceLabel +
                            "'s, whose hashes are not the suite's: the suite "
                            "is stale"});
  }
  return sections;
}

// The step or clause the first differing stage is blamed on.
Blame blameOf(const std::string& stage, const SectionDifference& first,
              const StageResult& actual, const CaseExpectation& e) {
  if (stage == "distances") return {"§1", "distance field", first.first};
  const ReferenceRun reference = e.reference();
  const Heightfield& hf = *reference.heightfield;
  if (stage == "regions") {
    return blameRegions(hf, reference.result->regions, actual.regions,
                        e.partition, reference.settings->mergeRegionArea);
  }
  return blameContours(hf, *reference.settings,
                       reference.result->regions.regions,
                       reference.result->contours, actual.contours);
}

}  // namespace

std::string firstDifferingHash(const ResultHashes& actual,
                               const CaseHashes& expected) {
  if (actual.distances && *actual.distances != expected.distances) {
    return "distances";
  }
  if (actual.regions != expected.regions) return "regions";
  if (actual.contours != expected.contours) return "contours";
  return "";
}

ResultHashes hashesOf(const StageResult& result) {
  ResultHashes h;
  if (result.regions.distances) {
    h.distances = hashDistances(*result.regions.distances);
  }
  h.regions = hashRegions(result.regions);
  h.contours = hashContours(result.contours);
  return h;
}

std::string_view statusName(Status status) {
  static constexpr NameTable<Status, 11> kNames{{{
      {Status::Pass, "pass"},
      {Status::Mismatch, "mismatch"},
      {Status::MissingSection, "missing-section"},
      {Status::InvalidOutput, "invalid-output"},
      {Status::Rejected, "rejected"},
      {Status::Crashed, "crashed"},
      {Status::InternalError, "internal-error"},
      {Status::NotFound, "not-found"},
      {Status::Timeout, "timeout"},
      {Status::Accepted, "accepted"},
      {Status::NotRun, "not-run"},
  }}};
  return kNames.name(status, "unknown");
}

bool isPass(Status status) {
  return status == Status::Pass;
}

CommandAnswer answerFromProcess(ProcessResult result, size_t outputCap) {
  CommandAnswer answer;
  answer.output = std::move(result.output);
  answer.exit = result.exit;
  answer.timedOut = result.timedOut;
  answer.outputTooLarge = result.outputTooLarge;
  answer.outputCap = outputCap;
  answer.stderrTail = std::move(result.stderrTail);
  answer.seconds = result.seconds;
  return answer;
}

std::string casePartition(const Heightfield& hf, const Settings& settings) {
  return hf.regions ? "given" : partitionName(settings.partition);
}

std::string regionsSpecSection(std::string_view partition) {
  if (partition == "watershed") return "§2 + §5";
  if (partition == "monotone") return "§3 + §5";
  if (partition == "layers" || partition == "layer-first") return "§4 + §5";
  return "readings R12";  // a given partition is copied, not computed
}

bool distancesRequired(std::string_view partition) {
  return partition == "watershed";
}

CaseExpectation expectationOf(std::shared_ptr<const Heightfield> hf,
                              const Settings& settings,
                              const Implementation& impl) {
  const auto result =
      std::make_shared<const StageResult>(runStage(impl, *hf, settings));
  CaseExpectation expected;
  expected.hashes = {hashDistances(result->regions.distances.value()),
                     hashRegions(result->regions),
                     hashContours(result->contours)};
  expected.partition = casePartition(*hf, settings);
  expected.referenceLabel = impl.name();
  const auto kept = std::make_shared<const Settings>(settings);
  expected.reference = [hf, result, kept] {
    return ReferenceRun{hf, result, kept};
  };
  return expected;
}

std::string verdictKey(const Verdict& verdict, const CommandAnswer& answer) {
  const std::string status(statusName(verdict.status));
  const int code = answer.exit.exitCode;
  switch (verdict.status) {
    case Status::Pass:
      return "agree";
    case Status::Mismatch:
      return "differs: " + (verdict.differences.empty()
                                ? std::string("hashes")
                                : verdict.differences.front().section);
    case Status::MissingSection:
      return "differs: distances";
    case Status::Crashed:
      return status + " (signal " +
             std::to_string(answer.exit.signal > 0 ? answer.exit.signal
                                                   : code - kShellSignalBase) +
             ")";
    case Status::NotFound:
    case Status::Rejected:
      if (answer.batchError) return status + " (an error line)";
      return status + " (exit " + std::to_string(code) + ")";
    case Status::InvalidOutput:
      return answer.outputTooLarge ? status + " (past the output cap)" : status;
    case Status::Timeout:
    case Status::InternalError:
    case Status::Accepted:
    case Status::NotRun:
      return status;
  }
  return status;
}

Verdict classifyCase(const CommandAnswer& answer,
                     const CaseExpectation& expected) {
  if (auto failure = endingFailure(answer)) return *failure;
  if (auto why = rejection(answer)) {
    return verdictOf(Status::Rejected,
                     "rejected the input (" + *why + "); the " +
                         expected.referenceLabel + " accepts it",
                     answer);
  }
  StageResult actual;
  try {
    StringViewBuffer buffer(answer.output);
    std::istream in(&buffer);
    actual = readResult(in, "command output");
  } catch (const InputError& e) {
    return verdictOf(Status::InvalidOutput, e.what(), answer);
  }
  const ResultHashes hashes = hashesOf(actual);
  const bool agree = firstDifferingHash(hashes, expected.hashes).empty();
  const bool missing =
      distancesRequired(expected.partition) && !actual.regions.distances;
  Verdict verdict = verdictOf(Status::Pass, "", answer);
  verdict.actualHashes = hashes;
  if (!missing && agree) return verdict;
  verdict.status = Status::Mismatch;
  // A result that agrees apart from a missing section lists nothing else.
  if (!agree) verdict.differences = differencesFrom(actual, expected);
  if (missing) {
    verdict.status = Status::MissingSection;
    verdict.firstStage = "distances";
    verdict.specSection = "§1";
    verdict.message =
        "no `distances`: a watershed result must carry the §1 field "
        "(interchange §3)";
    return verdict;
  }
  const SectionDifference& first = verdict.differences.front();
  verdict.firstStage = stageOf(first.section);
  verdict.specSection = first.specSection;
  verdict.message = "first differs in " + verdict.firstStage;
  if (verdict.firstStage == "hashes") return verdict;
  const Blame blame = blameOf(verdict.firstStage, first, actual, expected);
  verdict.specSection = blame.section;
  verdict.clause = blame.clause;
  verdict.message += ": " + blame.label();
  if (first.first.rfind(kRenumbered, 0) == 0) {
    verdict.message += std::string(", ") + kRenumbered;
  }
  verdict.message += " (" + blame.where + ")";
  return verdict;
}

Verdict classifyMustReject(const CommandAnswer& answer,
                           const std::string& rule) {
  if (auto failure = endingFailure(answer)) return *failure;
  if (auto why = rejection(answer)) {
    return verdictOf(Status::Pass, "rejected as it must (" + *why + ")",
                     answer);
  }
  return verdictOf(Status::Accepted,
                   "accepted a document it must reject: " + rule, answer);
}

}  // namespace regcon::kit

namespace regcon::kit {

std::string verdictLines(const Verdict& verdict) {
  std::string text = "status: " + std::string(statusName(verdict.status));
  if (!verdict.message.empty()) text += ": " + verdict.message;
  text += "\n";
  for (const SectionDifference& d : verdict.differences) {
    text += d.section +
            (d.specSection.empty() ? "" : " (" + d.specSection + ")") + ": " +
            std::to_string(d.count) +
            (d.count == 1 ? " differing entry" : " differing entries") +
            "; first difference: " + d.first + "\n";
  }
  if (!isPass(verdict.status) && !verdict.stderrTail.empty()) {
    text += "stderr of the command (its end):\n";
    std::istringstream lines(verdict.stderrTail);
    for (std::string line; std::getline(lines, line);) {
      text += "  " + line + "\n";
    }
  }
  return text;
}

}  // namespace regcon::kit
