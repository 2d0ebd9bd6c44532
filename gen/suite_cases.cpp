#include "gen/suite_cases.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "checks/invariants.h"
#include "core/implementation.h"
#include "gen/generators.h"
#include "gen/scenarios.h"
#include "registry/implementations.h"

namespace regcon::gen {
namespace {

// splitmix64 of (seed, index, salt): independent draws per case and purpose.
uint64_t mix(uint64_t seed, uint64_t index, uint64_t salt) {
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + index * 0xD1B54A32D192ED03ull +
               salt * 0x8CB92BA72F3D8DD7ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int between(uint64_t draw, int lo, int hi) {
  return lo + static_cast<int>(draw % static_cast<uint64_t>(hi - lo + 1));
}

// RapidCheck generators sampled outside a property: a seed and a size (the
// generators' grid side grows with it; 80 keeps it within 38 cells).
template <typename T>
T sample(const rc::Gen<T>& gen, uint64_t seed, int size) {
  return gen(rc::Random(seed), size).value();
}

struct FieldKind {
  const char* name;
  rc::Gen<Heightfield> (*generator)();  // nullptr: the scenario `name`
};

constexpr std::array<FieldKind, 12> kFieldKinds{{
    {"flat", nullptr},
    {"terrain", nullptr},
    {"rooms", nullptr},
    {"multifloor", nullptr},
    {"spiral", nullptr},
    {"mosaic", nullptr},
    {"randomField", gen::randomField},
    {"terrainField", gen::terrainField},
    {"multiFloorField", gen::multiFloorField},
    {"singleFloorField", gen::singleFloorField},
    {"mutualField", gen::mutualField},
    {"rectangleField", gen::rectangleField},
}};

constexpr std::array<Partition, 4> kPartitions{
    Partition::Watershed, Partition::Monotone, Partition::Layers,
    Partition::LayerFirst};

Heightfield drawField(const FieldKind& kind, uint64_t seed, uint64_t index,
                      std::string& origin) {
  const uint64_t fieldSeed = mix(seed, index, 1);
  if (kind.generator == nullptr) {
    const int size = between(mix(seed, index, 2), 4, 40);
    const uint64_t scenarioSeed = fieldSeed % 1000;
    origin = "scenario " + std::string(kind.name) + " size " +
             std::to_string(size) + " seed " + std::to_string(scenarioSeed);
    return generateScenario(kind.name, {size, scenarioSeed});
  }
  const int size = between(mix(seed, index, 2), 5, 80);
  origin = "generator " + std::string(kind.name) + " size " +
           std::to_string(size) + " seed " + std::to_string(fieldSeed);
  return sample(kind.generator(), fieldSeed, size);
}

// Cached layer ids (readings R4 `layers`): bands of the grid by floor, the
// way a tile builder's earlier pass could have assigned them.
std::vector<int> drawnLayers(const Heightfield& hf, uint64_t draw) {
  const int band = between(draw, 1, 8);
  const int ids = between(draw >> 8, 1, 4);
  std::vector<int> layers(hf.spanCount());
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int floor = s - hf.cellStart[hf.spanCell[s]];
    layers[s] = (floor + hf.cellX(s) / band) % ids;
  }
  return layers;
}

}  // namespace

GeneratedCase generatedCase(uint64_t seed, uint64_t index) {
  GeneratedCase c;
  const FieldKind& kind = kFieldKinds[index % kFieldKinds.size()];
  c.hf = drawField(kind, seed, index, c.origin);
  const Partition partition = kPartitions[mix(seed, index, 3) % 4];
  c.settings = sample(gen::settingsWith(partition), mix(seed, index, 4), 50);
  const uint64_t extras = mix(seed, index, 5);
  if (extras % 8 == 0) {
    c.hf.regions = sample(gen::givenPartition(c.hf), mix(seed, index, 6), 50);
    c.origin += ", given partition";
  } else if (partition == Partition::LayerFirst && extras % 2 == 1) {
    c.hf.layers = drawnLayers(c.hf, mix(seed, index, 7));
    c.origin += ", cached layers";
  }
  return c;
}

std::vector<uint64_t> stratifiedIndices(uint64_t seed, uint64_t poolSize) {
  constexpr int kSmallCells = 24 * 24;
  std::map<std::string, uint64_t> firstSmall, first;
  for (uint64_t index = 0; index < poolSize; ++index) {
    const GeneratedCase c = generatedCase(seed, index);
    const std::string kind = kFieldKinds[index % kFieldKinds.size()].name;
    const std::string extra = c.hf.regions ? "given"
                              : c.hf.layers
                                  ? "layers"
                                  : partitionName(c.settings.partition);
    const std::string key = kind + " " + extra;
    first.emplace(key, index);
    if (c.hf.width * c.hf.depth <= kSmallCells) firstSmall.emplace(key, index);
  }
  std::set<uint64_t> chosen;
  for (const auto& [key, index] : first) {
    const auto small = firstSmall.find(key);
    chosen.insert(small != firstSmall.end() ? small->second : index);
  }
  return {chosen.begin(), chosen.end()};
}

namespace {

bool isWalkable(const Heightfield& hf, int s) {
  return hf.spans[s].area != 0;
}

bool hasOneWayLink(const Heightfield& hf) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      if (hf.spans[s].link[d] >= 0 && checks::mutualNeighbour(hf, s, d) < 0) {
        return true;
      }
    }
  }
  return false;
}

// A walkable span beside a cell that holds a walkable span, with no mutual
// link to it: a step too high to climb.
bool hasCliff(const Heightfield& hf) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (!isWalkable(hf, s)) continue;
    for (int d = 0; d < 4; ++d) {
      const int x = hf.cellX(s) + kDirX[d], z = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(x, z) || checks::mutualNeighbour(hf, s, d) >= 0) {
        continue;
      }
      const int cell = x + z * hf.width;
      for (int i = 0; i < hf.counts[cell]; ++i) {
        if (isWalkable(hf, hf.cellStart[cell] + i)) return true;
      }
    }
  }
  return false;
}

int walkableAreaCount(const Heightfield& hf) {
  std::set<int> areas;
  for (const Span& span : hf.spans) {
    if (span.area != 0) areas.insert(span.area);
  }
  return static_cast<int>(areas.size());
}

bool removedIslands(const Heightfield& hf, const RegionResult& regions) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (isWalkable(hf, s) && regions.regions[s] == 0) return true;
  }
  return false;
}

// Holes are seen in the raw loops, so the reference traces them once more
// with raw contours on.
bool hasHoles(const Heightfield& hf, const Settings& settings,
              const StageResult& reference) {
  Settings raw = settings;
  raw.rawContours = true;
  const ContourSet contours =
      findImplementation("reference")
          ->contours(hf, reference.regions.regions, raw);
  return std::any_of(
      contours.contours.begin(), contours.contours.end(),
      [](const Contour& c) { return c.rawHoles && !c.rawHoles->empty(); });
}

}  // namespace

std::vector<std::string> featureTags(const Heightfield& hf,
                                     const Settings& settings,
                                     const StageResult& reference) {
  std::vector<std::string> tags;
  const auto tagIf = [&tags](bool condition, const char* tag) {
    if (condition) tags.emplace_back(tag);
  };
  tagIf(checks::anyColumnHoldsTwoWalkableSpans(hf), "multi-floor");
  tagIf(hasOneWayLink(hf), "one-way-links");
  tagIf(hasCliff(hf), "cliffs");
  tagIf(walkableAreaCount(hf) >= 2, "several-areas");
  tagIf(walkableAreaCount(hf) == 0, "no-walkable-span");
  tagIf(hasHoles(hf, settings, reference), "holes");
  tagIf(reference.contours.droppedHoles > 0, "dropped-holes");
  tagIf(reference.contours.rawFallbacks > 0, "raw-fallbacks");
  tagIf(!hf.regions && removedIslands(hf, reference.regions),
        "islands-removed");
  tagIf(settings.borderRegion > 0, "border-region");
  tagIf(settings.maxError == 0.0, "max-error-0");
  tagIf(!settings.straightRegionBorders, "straight-borders-off");
  tagIf(settings.rawContours, "raw-contours");
  tagIf(settings.maxEdgeLength == 0, "max-edge-length-0");
  tagIf(settings.maxEdgeLength > 0 && settings.maxEdgeLength <= 3,
        "short-edges");
  tagIf(settings.minRegionArea == 0, "min-region-area-0");
  tagIf(settings.mergeRegionArea == 0, "merge-region-area-0");
  tagIf(hf.regions.has_value(), "given-partition");
  tagIf(hf.layers.has_value() && !hf.regions &&
            settings.partition == Partition::LayerFirst,
        "cached-layers");
  return tags;
}

std::vector<std::string> specTags(const Heightfield& hf,
                                  const Settings& settings,
                                  const std::vector<std::string>& features) {
  const auto has = [&features](const char* tag) {
    return std::find(features.begin(), features.end(), tag) != features.end();
  };
  std::vector<std::string> tags{"§1", "R1", "R2"};
  if (hf.regions) {
    tags.insert(tags.end(), {"R12", "A14"});
  } else {
    switch (settings.partition) {
      case Partition::Watershed:
        tags.insert(tags.end(), {"§2", "§5", "R13"});
        break;
      case Partition::Monotone:
        tags.insert(tags.end(), {"§3", "§5", "R6", "A1", "R13"});
        break;
      case Partition::Layers:
        tags.insert(tags.end(), {"§3", "§4", "§5", "R7", "A5"});
        break;
      case Partition::LayerFirst:
        tags.insert(tags.end(), {"§3", "§4", "§5", "R4"});
        if (!hf.layers) tags.emplace_back("A6");
        break;
    }
    if (has("islands-removed")) tags.emplace_back("A2");
  }
  tags.insert(tags.end(), {"§6", "R10"});
  if (has("multi-floor")) tags.emplace_back("R3");
  if (has("border-region")) tags.emplace_back("R5");
  if (has("raw-fallbacks")) tags.insert(tags.end(), {"R9", "A17"});
  if (has("holes")) tags.insert(tags.end(), {"R11", "A9"});
  if (has("raw-contours")) tags.emplace_back("A12");
  if (has("max-error-0")) tags.insert(tags.end(), {"A8", "A15"});
  return tags;
}

}  // namespace regcon::gen
