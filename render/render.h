// Pictures of a stage result: a top-down SVG, one square per cell, with the
// regions as fills, the distance field as a ramp and the contours as closed
// polylines. Plain SVG (no scripts, no external resources) whose bytes
// depend only on the input, so a picture can be committed and compared.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::render {

struct RenderLayers {
  bool regions = true;
  bool distances = false;
  bool contours = true;
};

// One side of a picture: a result of the stage on the picture's heightfield.
struct RenderSide {
  std::string label;  // "reference", "command", or the implementation name
  StageResult result;
  std::vector<int> distances;  // §1 field of the heightfield (may be empty)
};

struct RenderRequest {
  std::string title;                 // input and settings, one line
  std::vector<std::string> caption;  // lines under the picture
  RenderLayers layers;
  std::optional<int> floor;       // only this level (k-th span of each column)
  std::vector<RenderSide> sides;  // one, or two side by side for a diff
};

// Fill colour of a region id (>= 1) as "#rrggbb": a stable colour per id,
// successive ids about 137 degrees of hue apart.
std::string regionColour(int region);

// The SVG document. With two sides, every span and vertex where the sides
// differ is circled on both.
std::string renderSvg(const Heightfield& hf, const RenderRequest& request);

// Levels drawn as panels: the k-th span from the bottom of every column
// forms level k, so the floors of a cell never hide each other.
int levelCount(const Heightfield& hf);

// The settings in one line, as the pictures' titles show them.
std::string settingsSummary(const Settings& settings);

// The picture of a foreign result beside the expected one: both sides'
// regions and contours (and distances, when the foreign result has them),
// every difference circled, the comparer's report under the picture. Used
// by `render --diff`, `conform --picture` and `suite --pictures`.
std::string renderDiffPicture(const Heightfield& hf, const Settings& settings,
                              const std::string& title,
                              const std::string& expectedLabel,
                              const StageResult& expected,
                              const StageResult& actual);

}  // namespace regcon::render
