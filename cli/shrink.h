// Shrinking a disagreeing case (`regcon shrink`, `regcon fuzz`): smaller
// heightfields and simpler settings are tried one reduction at a time and
// kept while the command still disagrees with the reference in the same way.
#pragma once

#include <functional>
#include <string>

#include "core/types.h"

namespace regcon::cli {

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

// Reduces (hf, settings), whose verdict is `verdict`, by dropping rows and
// columns, spans and floors, cutting links, flattening areas, dropping the
// given regions or layers and moving settings toward the defaults; every
// candidate is a valid heightfield (interchange §1). Stops when no
// reduction keeps the verdict, or after `maxJudged` calls of the judge.
ShrinkResult shrinkCase(const Heightfield& hf, const Settings& settings,
                        const Outcome& verdict, const Judge& judge,
                        int maxJudged = 5000);

}  // namespace regcon::cli
