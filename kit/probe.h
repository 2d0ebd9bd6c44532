// Where a failure that the command's output cannot place goes wrong: the
// command is asked again on variants of the case, and a variant it answers
// rightly rules a step in or out. Used for runs that left no result to
// compare (a crash, a rejected valid input, an invalid output, the port's
// internal error) and for differences whose first place may be a symptom
// (a §5 merge or island, a §6 raw fallback). A step is named only when a
// variant without it agrees while the case fails; the questions asked and
// their answers are kept for the report.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/types.h"
#include "kit/blame.h"

namespace regcon::kit {

// Asks the command under test one variant: true when it does not agree
// with the reference on it (any failure: a difference, a crash, ...).
using FailsOn = std::function<bool(const Heightfield&, const Settings&)>;

struct ProbeResult {
  // The section and clause the answers point at; section "" when they
  // point at none (every variant failed, or the runs ran out).
  Blame blame;
  std::vector<std::string> answers;  // "agrees with MergeRegionArea 0", ...
  int runs = 0;
};

// Probes a case on which the command fails, in at most `maxRuns` runs.
// `implName` computes the reference's partition and raw loops the variants
// are made from (the optimized implementation gives the same bytes).
ProbeResult probeFailure(const Heightfield& hf, const Settings& settings,
                         const FailsOn& fails, int maxRuns = 40,
                         const std::string& implName = "reference");

// Probes a difference the classifier already blamed on `blamed` (kit/blame.h):
// a §5.1 or §5.2 blame is kept only when the command agrees once that step
// is left out, a §6 fallback only when no settings variant that leaves the
// simplification's parts out agrees and, for a case of one region in
// several pieces, some piece fails alone. Returns the blame to report.
ProbeResult probeBlame(const Heightfield& hf, const Settings& settings,
                       const Blame& blamed, const FailsOn& fails,
                       int maxRuns = 40,
                       const std::string& implName = "reference");

// Whether probeBlame may change `blamed`.
bool probeMayRefine(const Blame& blamed);

}  // namespace regcon::kit
