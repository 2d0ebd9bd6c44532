// Where in the spec a differing result first goes wrong: the section of a
// region difference (the partition's own step, §5's islands, merging or
// numbering, or readings R12 for a given partition), and within §6 the
// clause. Found by comparing with the reference's run of the case and,
// where the document alone cannot tell, with the reference's runs under
// nearby settings (raw loops on, straight borders off, no length split):
// the first difference a porter reads is the step to look at.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace regcon::kit {

struct Blame {
  // "§1", "§2", "§3", "§4", "§5.1", "§5.2", "§5.3", "readings R12", "§6".
  std::string section;
  // Within §6: "outline tracing", "vertex Y", "portals", "refinement",
  // "length split", "straight borders", "holes assignment", "bridge",
  // "fallback", "counters", "order"; "" elsewhere.
  std::string clause;
  std::string where;  // the first place that differs, in words

  // "§6 refinement", "§5.2" …: the row of the summary table.
  std::string label() const;
};

// The partition's own step: §2 watershed, §3 monotone, §4 layers (layers
// and layer-first), readings R12 for a given partition.
Blame partitionBlame(std::string_view partition, std::string where);

// The regions of `actual` against the reference's (`expected`), both of
// heightfield `hf`, for a case of `partition` (watershed, monotone,
// layers, layer-first, given) with the case's MergeRegionArea. Call only
// when they differ.
Blame blameRegions(const Heightfield& hf, const RegionResult& expected,
                   const RegionResult& actual, std::string_view partition,
                   int64_t mergeRegionArea);

// The contours of `actual` against the reference's (`expected`) of
// (hf, settings) on the partition `regions`. Call only when they differ.
Blame blameContours(const Heightfield& hf, const Settings& settings,
                    const std::vector<int>& regions, const ContourSet& expected,
                    const ContourSet& actual);

}  // namespace regcon::kit
