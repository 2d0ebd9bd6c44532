// What `regcon navmesh` prints and draws of a comparison of two navmeshes
// (recast/navmesh.h): a table of both, the pairs' agreement and path-length
// ratios, every pair whose verdicts differ; and an SVG picture of both.
#pragma once

#include <cstdint>
#include <string>

#include "recast/navmesh.h"

namespace regcon {

// The run's inputs, named in the report's first line.
struct NavmeshReportInfo {
  std::string meshPath;
  std::string partition;
  std::string implementation;
  uint64_t seed = 1;
};

// The table of both navmeshes and the pairs on which they disagree.
std::string navmeshReport(const NavmeshComparison& comparison,
                          const NavmeshReportInfo& info);

// Both navmeshes' polygons side by side, seen from above over the
// heightfield's walkable cells, the pairs whose verdicts differ drawn on
// both (plain SVG whose bytes depend only on the input).
std::string navmeshSvg(const NavmeshComparison& comparison,
                       const std::string& title);

}  // namespace regcon
