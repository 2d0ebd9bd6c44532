// Generated conformance cases: the pool the mutation runner measures
// (mutation/mutate.py, tools/pool.cpp) and the suite's generated cases are
// drawn from it. Fields come from the scenarios (gen/scenarios.h) and from
// the property generators (gen/generators.h, sampled with a seed), settings
// from the properties' settings generator: one generator library for the
// properties, the suite, `regcon fuzz` and the mutation pool.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::gen {

struct GeneratedCase {
  std::string origin;  // how to draw it again, e.g. "scenario rooms 17 seed 5"
  Heightfield hf;
  Settings settings;
};

// Case `index` of the pool drawn with `seed`; the same (seed, index) gives
// the same bytes on every run. Grids stay within 40 x 40.
GeneratedCase generatedCase(uint64_t seed, uint64_t index);

// One small pool case (grid at most 24 x 24 where the first `poolSize`
// cases have one) per field kind and partition, per field kind with a
// given partition, and per field kind with cached layers: the suite's
// breadth, beside the cases the mutation runner chose for their power.
std::vector<uint64_t> stratifiedIndices(uint64_t seed, uint64_t poolSize);

// Tags computed from the field, the settings and the reference's result:
// partition, features (multi-floor, one-way-links, cliffs, several-areas,
// holes, dropped-holes, raw-fallbacks, border-region, max-error-0, ...).
std::vector<std::string> featureTags(const Heightfield& hf,
                                     const Settings& settings,
                                     const StageResult& reference);

// The spec sections (§1-§6) and readings (R1-R13, A1-A17) a case with these
// settings and features exercises, as far as the features tell.
std::vector<std::string> specTags(const Heightfield& hf,
                                  const Settings& settings,
                                  const std::vector<std::string>& features);

}  // namespace regcon::gen
