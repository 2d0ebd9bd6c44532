// `regcon shrink` and `regcon fuzz`: a foreign command (interchange §6,
// or §7 with --batch), or an implementation linked in process, judged
// against the reference case by case, the first disagreement shrunk to a
// small reproducer.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "kit/answer_source.h"
#include "kit/process.h"
#include "kit/shrink.h"
#include "kit/verdict.h"

namespace regcon::kit {

// What is tested and how it is asked: the command (run per process,
// interchange §6, or as one `COMMAND --batch` process, §7) or, in its
// place, any answer source (an implementation linked in process); the
// implementation it is compared with; the limits of each run
// (kit/process.h: checkedLimits).
struct CommandUnderTest {
  std::string command;  // also names the command in replay lines
  std::string implName = "reference";
  ProcessLimits limits;
  bool batch = false;
  AnswerSourceFactory answers;  // when set, asked instead of `command`

  AnswerSourceFactory source() const;
};

// One run judged: the verdict of the one classifier (kit/verdict.h), as
// `conform` and `suite` give it, and its key for the shrinker.
struct Judgement {
  Outcome outcome;  // verdictKey(): "agree", "differs: regions", ...
  Verdict verdict;
};

// Judges case after case through one answer source, so a shrink or a fuzz
// run keeps one batch process for all its runs. Each case's documents are
// written whole into `workDir` under names of their own. A batch process
// found out of step (kit/answer_source.h) has the current case asked again
// of a process of its own; an earlier case whose answer changes that way
// makes the judge throw, since a shrink already built on it.
class CaseJudge {
 public:
  CaseJudge(const CommandUnderTest& tested, std::string workDir);
  ~CaseJudge();
  CaseJudge(const CaseJudge&) = delete;
  CaseJudge& operator=(const CaseJudge&) = delete;

  Judgement judge(const Heightfield& hf, const Settings& settings);
  // The judge as the shrinker calls it.
  Judge asJudge();
  // Ends the source (a batch process is told there is no more input) and
  // applies the answers it gives again; call before trusting the last
  // judgement. Throws as judge() does.
  void finish();

 private:
  CommandUnderTest tested_;
  std::string workDir_;
  std::unique_ptr<AnswerSource> source_;
  std::map<std::string, Outcome> judged_;  // case id → its outcome
  int cases_ = 0;
  bool finished_ = false;

  void checkAnswersAgain(const std::string& current, CommandAnswer& answer);
};

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

// Shrinks (hf, settings), on which the command disagrees with `implName`
// as `verdict` says, in at most `maxRuns` runs; the reproducer goes to
// `outputDir`.
// (`judge` asks the command; `tested` names it in the replay line.)
Reproducer writeReproducer(CaseJudge& judge, const CommandUnderTest& tested,
                           const Heightfield& hf, const Settings& settings,
                           const Outcome& verdict, int maxRuns,
                           const std::string& outputDir,
                           const ShrinkHooks& hooks = {});

// What shrink and fuzz share: COMMAND and how it is asked, the
// implementation it is compared with, the limits of one run and the
// shrink's budget.
struct ShrinkingOptions {
  std::string command;
  bool batch = false;           // one `COMMAND --batch` process (§7)
  AnswerSourceFactory answers;  // when set, asked instead of `command`
  std::string implName = "reference";
  double timeoutSeconds = 30;
  size_t maxOutputMb = 256;
  int maxRuns = 5000;
  double maxSeconds = 600;  // the shrink's budget in time
};

struct ShrinkOptions : ShrinkingOptions {
  std::string chfPath;
  std::string settingsPath;
  std::string outputDir;
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

struct FuzzOptions : ShrinkingOptions {
  CaseDrawer draw;
  int64_t cases = 0;  // 0: until --seconds (or 1000 when neither is set)
  double seconds = 0;
  uint64_t seed = 1;
  std::string outputDir = "regcon-fuzz";
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
