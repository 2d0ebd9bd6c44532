// Shrinking a disagreeing case (`regcon shrink`, `regcon fuzz`): smaller
// heightfields and simpler settings are tried one reduction at a time and
// kept while the command still disagrees with the reference in the same way.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/types.h"

namespace regcon::kit {

// How a command's answer to one case compares with the reference's: "agree",
// or a short name of the disagreement ("differs: regions", "rejected",
// "crashed", "timeout", "invalid output", ...). Two cases disagree "in the
// same way" when their verdicts are equal.
using Outcome = std::string;
inline const Outcome kAgree = "agree";
using Judge =
    std::function<Outcome(const Heightfield& hf, const Settings& settings)>;

struct ShrinkResult {
  Heightfield hf;
  Settings settings;
  Outcome verdict;
  int judged = 0;    // calls of the judge
  int accepted = 0;  // reductions kept
};

// What a caller may add to a shrink: a deadline (the budget in time beside
// the count of runs) and a report of each reduction kept.
struct ShrinkHooks {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::function<void(int width, int depth, int spans, int judged)> progress;
};

// Reduces (hf, settings), whose verdict is `verdict`, by dropping rows and
// columns, spans and floors, cutting links, flattening areas, dropping the
// given regions or layers, lowering MinRegionArea and MergeRegionArea
// toward 0 and moving the other settings to the defaults (settings moves
// before and between the field moves); every candidate is a valid
// heightfield (interchange §1). Stops when no reduction keeps the verdict,
// after `maxJudged` calls of the judge, or at the deadline.
ShrinkResult shrinkCase(const Heightfield& hf, const Settings& settings,
                        const Outcome& verdict, const Judge& judge,
                        int maxJudged = 5000, const ShrinkHooks& hooks = {});

}  // namespace regcon::kit
