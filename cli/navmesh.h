// `regcon navmesh`: a Detour navmesh from the spec's contours beside
// Recast's own from the same heightfield (recast/navmesh.h), compared by
// path queries; the report, the picture and the command.
#pragma once

#include <string>

#include "recast/navmesh.h"

namespace CLI {
class App;
}

namespace regcon::cli {

struct NavmeshCommandOptions {
  std::string meshPath;
  std::string implName = "optimized";
  std::string partition = "watershed";
  std::string outputPath;   // regcon's Detour tile data; "" = none
  std::string picturePath;  // "" = no picture
  NavmeshOptions navmesh;
};

// The table of both navmeshes and the pairs on which they disagree.
std::string navmeshReport(const NavmeshComparison& comparison,
                          const NavmeshCommandOptions& options);

// Both navmeshes' polygons side by side, seen from above over the
// heightfield's walkable cells, the pairs whose verdicts differ drawn on
// both (plain SVG whose bytes depend only on the input).
std::string navmeshSvg(const NavmeshComparison& comparison,
                       const std::string& title);

void addNavmeshCommand(CLI::App& app, int& exitCode);

}  // namespace regcon::cli
