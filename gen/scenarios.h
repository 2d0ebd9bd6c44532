// Deterministic scenario heightfields, built the way a heightfield builder
// builds them: each span links, in each direction, to the lowest span of the
// neighbouring cell within the climb height; some scenarios add one-way or
// missing links on purpose. Same name, size and seed give the same bytes on
// every platform (own PRNG, integer arithmetic only).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon {

struct ScenarioOptions {
  int size = 32;  // cells along each side (at least 4)
  uint64_t seed = 1;
};

// flat terrain rooms multifloor spiral mosaic, and the unseeded hostile
// shapes pillars pillars4 pillars8 serpentine checkerboard stack63
std::vector<std::string> scenarioNames();
// Throws InputError for an unknown name or a size out of range.
Heightfield generateScenario(const std::string& name,
                             const ScenarioOptions& options);

// `tiles` x `tiles` fields of scenario `name` laid side by side, each of
// `options.size` cells a side; tile (i, j) is drawn with seed
// options.seed + i + j * tiles, so one tile equals generateScenario. No link
// crosses a seam: each tile's links stay inside its own grid, as a tiled
// build's do. Makes the large inputs of the benchmark (4 x 4 tiles of 1024
// cells: 16.8M spans of terrain) without raising the size limit of one field.
// Throws InputError for tiles outside 1..16 or what generateScenario rejects.
Heightfield tiledScenario(const std::string& name,
                          const ScenarioOptions& options, int tiles);

}  // namespace regcon
