#include "props/prop_support.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "gen/twists.h"
#include "interchange/compare.h"

namespace regcon::props {

std::string differences(const Heightfield& hf, const Implementation& expected,
                        const StageResult& expectedResult,
                        const Implementation& actual,
                        const StageResult& actualResult) {
  return compareResults(
             hf, expectedResult, actualResult,
             {.expectedLabel = expected.name(), .actualLabel = actual.name()})
      .report();
}

void classifyTwists(const Heightfield& hf) {
  const gen::Twists twists = gen::findTwists(hf);
  RC_CLASSIFY(twists.diagonalRoutesDiffer, "diagonal routes differ");
  RC_CLASSIFY(twists.vertexYNeedsBothRoutes, "vertex Y needs both routes");
  RC_CLASSIFY(twists.sweepTouchedFromTwoFloors,
              "sweep touched from two floors");
}

std::vector<int> regionSizes(const std::vector<int>& regions) {
  const int top =
      regions.empty() ? 0 : *std::max_element(regions.begin(), regions.end());
  std::vector<int> sizes(std::max(top, 0) + 1, 0);
  for (int r : regions) {
    if (r > 0) ++sizes[r];
  }
  return sizes;
}

void BorderTally::add(int borders, int leftOut, int perRegion,
                      const std::map<std::string, int>& byReason) {
  borders_ += borders;
  leftOut_ += leftOut;
  perRegion_ += perRegion;
  for (const auto& [reason, count] : byReason) byReason_[reason] += count;
}

namespace {
double percent(long part, long whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / whole : 0.0;
}
}  // namespace

BorderTally::~BorderTally() {
  if (cases_ == 0) return;
  std::string reasons;
  for (const auto& [reason, count] : byReason_) {
    reasons +=
        (reasons.empty() ? "" : ", ") + reason + " " + std::to_string(count);
  }
  std::fprintf(stderr,
               "%s: %ld cases, %ld borders; compared %ld; left out %ld "
               "(%.1f%%): %s; per region %ld (%.1f%%)\n",
               property_.c_str(), cases_, borders_, borders_ - leftOut_,
               leftOut_, percent(leftOut_, borders_),
               reasons.empty() ? "none" : reasons.c_str(), perRegion_,
               percent(perRegion_, borders_));
}

}  // namespace regcon::props
