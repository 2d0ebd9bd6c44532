#include "props/prop_support.h"

#include <algorithm>

#include "core/hash.h"
#include "props/twists.h"

namespace regcon::props {
namespace {

// The first index where two arrays differ, as "[i]: a vs b", or "" when equal.
std::string firstDifference(const std::vector<int>& a,
                            const std::vector<int>& b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) {
      return "[" + std::to_string(i) + "]: " + std::to_string(a[i]) + " vs " +
             std::to_string(b[i]);
    }
  }
  if (a.size() != b.size()) {
    return "sizes " + std::to_string(a.size()) + " vs " +
           std::to_string(b.size());
  }
  return "";
}

}  // namespace

std::string differences(const Heightfield&, const StageResult& expected,
                        const StageResult& actual) {
  std::string report;
  const std::vector<int> none;
  const auto& expectedDist = expected.regions.distances.value_or(none);
  const auto& actualDist = actual.regions.distances.value_or(none);
  if (const std::string first = firstDifference(expectedDist, actualDist);
      !first.empty()) {
    report += "distances differ at " + first + "\n";
  }
  if (hashRegions(expected.regions) != hashRegions(actual.regions)) {
    report +=
        "regions differ (regionCount " +
        std::to_string(expected.regions.regionCount) + " vs " +
        std::to_string(actual.regions.regionCount) + ") at " +
        firstDifference(expected.regions.regions, actual.regions.regions) +
        "\n";
  }
  if (hashContours(expected.contours) != hashContours(actual.contours)) {
    report += "contours differ: " + hashContours(expected.contours) + " vs " +
              hashContours(actual.contours) + "\n";
  }
  return report;
}

void classifyTwists(const Heightfield& hf) {
  const Twists twists = findTwists(hf);
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

}  // namespace regcon::props
