// Recast (Debian librecast-dev) as the performance peer: the same compact
// heightfield handed to Recast's functions for each stage, with the spec's
// default settings. What each call does, and so what each benchmark row
// times, is in README.md, section Performance.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/types.h"

namespace regcon::bench {

// `hf` converted to Recast's compact heightfield (outside the timed part).
// Each method is one timed step; clear() and giveRegions() prepare one and
// are not timed.
class RecastField {
 public:
  explicit RecastField(const Heightfield& hf);
  ~RecastField();
  RecastField(const RecastField&) = delete;
  RecastField& operator=(const RecastField&) = delete;

  // Frees the distance field and the region ids of an earlier step, so that
  // every timed step starts from the converted heightfield alone.
  void clear();
  // rcBuildDistanceField (Recast's two-pass distance and its box blur).
  void distanceField();
  // The partition of settings.partition: watershed is rcBuildDistanceField
  // then rcBuildRegions; monotone rcBuildRegionsMonotone; layers and
  // layer-first both rcBuildLayerRegions (Recast has no layer-first).
  void regions(const Settings& settings);
  // Writes a partition of ours (one id per span) as Recast's region ids;
  // false when an id does not fit Recast's 15 bits.
  bool giveRegions(const std::vector<int>& regions, int regionCount);
  // rcBuildContours on the region ids in place; returns the contour count
  // so that the work cannot be optimised away.
  int contours(const Settings& settings);
  // distanceField, regions (watershed) and contours, as one build does.
  int wholeStage(const Settings& settings);

  // The size of the last contour set built, for the rows' notes: Recast
  // drops a loop that simplifies to fewer than three vertices (a one-cell
  // region or hole), which the spec keeps.
  struct OutputSize {
    int64_t contours = 0;
    int64_t vertices = 0;
  };
  OutputSize lastOutput() const { return lastOutput_; }

 private:
  OutputSize lastOutput_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace regcon::bench
