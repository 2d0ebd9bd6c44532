// The picture of a foreign result beside the expected one (render.h).
#include <sstream>
#include <string>
#include <vector>

#include "interchange/compare.h"
#include "render/render.h"

namespace regcon::render {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

std::string settingsSummary(const Settings& s) {
  std::ostringstream out;
  out << partitionName(s.partition) << ", minRegionArea " << s.minRegionArea
      << ", mergeRegionArea " << s.mergeRegionArea << ", maxError "
      << s.maxError << ", maxEdgeLength " << s.maxEdgeLength
      << (s.straightRegionBorders ? "" : ", straight borders off")
      << ", borderRegion " << s.borderRegion;
  return out.str();
}

std::string renderDiffPicture(const Heightfield& hf, const Settings& settings,
                              const std::string& title,
                              const std::string& expectedLabel,
                              const StageResult& expected,
                              const StageResult& actual) {
  CompareOptions compare;
  compare.expectedLabel = expectedLabel;
  compare.actualLabel = "command";
  compare.distancesRequired = false;
  compare.rawLoops = false;  // raw loops are drawn, not hashed
  const Comparison comparison = compareResults(hf, expected, actual, compare);
  RenderRequest request;
  request.title = title + ": " + settingsSummary(settings);
  request.layers.distances = actual.regions.distances.has_value();
  request.caption = comparison.same()
                        ? std::vector<std::string>{"the two results agree"}
                        : lines(comparison.report());
  const std::vector<int> none;
  request.sides = {
      RenderSide{expectedLabel, expected,
                 expected.regions.distances.value_or(none)},
      RenderSide{"command", actual, actual.regions.distances.value_or(none)}};
  return renderSvg(hf, request);
}

}  // namespace regcon::render
