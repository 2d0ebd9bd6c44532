// Recast (Debian librecast-dev) as the performance peer: the same compact
// heightfield handed to rcBuildDistanceField, the chosen rcBuild*Regions and
// rcBuildContours, with the spec's default settings.
#pragma once

#include <memory>

#include "core/types.h"

namespace regcon::bench {

// `hf` converted to Recast's compact heightfield (outside the timed part).
class RecastField {
 public:
  explicit RecastField(const Heightfield& hf);
  ~RecastField();
  RecastField(const RecastField&) = delete;
  RecastField& operator=(const RecastField&) = delete;
  // Recast's distance field (watershed only), regions and contours, once;
  // returns the number of contours so the work cannot be optimised away.
  int runStage(const Settings& settings);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regcon::bench
