// What every property shares: running a check against every implementation
// behind the seam, and turning an invariant checker's message into a
// RapidCheck failure.
#pragma once

#include <rapidcheck.h>

#include <map>
#include <string>
#include <vector>

#include "core/types.h"
#include "registry/implementations.h"

namespace regcon::props {

// Runs `check` once per implementation. One that answers NotImplemented is
// skipped, not failed: the run's tag summary names it, so a skipped
// implementation never passes silently.
template <typename Check>
void forEachImplementation(Check&& check) {
  for (const Implementation* impl : allImplementations()) {
    try {
      RC_LOG() << "implementation: " << impl->name() << "\n";
      check(*impl);
    } catch (const NotImplemented&) {
      RC_TAG(impl->name() + " skipped (NotImplemented)");
    }
  }
}

// An invariant checker answers "" when its rule holds.
inline void expectHolds(const Implementation& impl, const std::string& rule,
                        const std::string& failure) {
  if (!failure.empty()) RC_FAIL(impl.name() + ": " + rule + ": " + failure);
}

// "" when two implementations' results of one heightfield are the same
// (distances, regions, contours, raw loops), else the comparer's report
// (interchange/compare.h): every differing section, its count and first
// difference.
std::string differences(const Heightfield& hf, const Implementation& expected,
                        const StageResult& expectedResult,
                        const Implementation& actual,
                        const StageResult& actualResult);

// Tags the case with the two-floor twists its field holds (gen/twists.h).
void classifyTwists(const Heightfield& hf);

// Number of spans of each region id (index = id).
std::vector<int> regionSizes(const std::vector<int>& regions);

// What a border property compared and what it left out, summed over a run
// and printed to standard error when the program ends:
//   Contours.X: 1500 cases, 41,220 borders; compared 40,112; left out
//   1,108 (2.7%): raw portals differ 903, zero-area loop 120, ...
// (a border left out for two reasons counts once in the total).
class BorderTally {
 public:
  explicit BorderTally(std::string property) : property_(std::move(property)) {}
  ~BorderTally();
  void addCase() { ++cases_; }
  // leftOut by the per-pair rule; perRegion by the same reasons applied
  // per region (checks::BorderReport::perRegion).
  void add(int borders, int leftOut, int perRegion,
           const std::map<std::string, int>& byReason);

 private:
  std::string property_;
  long cases_ = 0;
  long borders_ = 0;
  long leftOut_ = 0;
  long perRegion_ = 0;
  std::map<std::string, long> byReason_;
};

}  // namespace regcon::props
