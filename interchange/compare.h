// The one comparer of two results of the same heightfield: an expected one
// (usually the reference's) and an actual one. It reports every section that
// differs, each with the number of differing entries and its first
// difference, so that a counter that differs never hides a span or a vertex
// that differs too. The CLI's `conform`, the tests, the properties and the
// fuzzers all compare through it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace regcon {

struct SectionDifference {
  std::string section;      // "distances", "regions", "contour vertices", ...
  std::string specSection;  // where the spec computes it: "§1", "§2–§5", "§6"
  size_t count = 0;         // differing entries (a missing array: all of them)
  std::string first;        // the first difference, with both values
};

struct CompareOptions {
  std::string expectedLabel = "expected";
  std::string actualLabel = "actual";
  // Interchange §3 lets a partition omit `distances`: when false, a side
  // without them is no difference (both present are still compared).
  bool distancesRequired = true;
  // Interchange §5 hashes no raw loops: when false, rawOutline and rawHoles
  // are not compared, so "same" means "same three hashes".
  bool rawLoops = true;
};

struct Comparison {
  std::vector<SectionDifference> sections;  // in document order

  bool same() const { return sections.empty(); }
  // The difference of `section`, or nullptr when it agrees.
  const SectionDifference* find(std::string_view section) const;
  // One line per differing section, "" when the results are the same:
  //   regions (§2–§5): 2 differing entries; first difference: regions[3], ...
  std::string report() const;
};

// Names a span as "span 7 (cell (3, 1), 0 from the bottom)"; a span outside
// the heightfield by its index alone.
std::string spanName(const Heightfield& hf, size_t span);

// The contours of one region on each side, in discovery order: indices into
// each document's contours. §6 orders contours by region, then discovery,
// so contours are compared region by region: one contour more or less
// shifts no other region's.
struct RegionContours {
  int region = 0;
  std::vector<size_t> expected;
  std::vector<size_t> actual;
};
// Every region either side has a contour of, in increasing id order.
std::vector<RegionContours> alignContours(const ContourSet& expected,
                                          const ContourSet& actual);

Comparison compareResults(const Heightfield& hf, const StageResult& expected,
                          const StageResult& actual,
                          const CompareOptions& options);
Comparison compareRegions(const Heightfield& hf, const RegionResult& expected,
                          const RegionResult& actual,
                          const CompareOptions& options);
Comparison compareContours(const ContourSet& expected, const ContourSet& actual,
                           const CompareOptions& options);

}  // namespace regcon
