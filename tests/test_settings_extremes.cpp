// Every setting at the ends of its range (interchange §2: integers
// 0..2^31-1, MaxError any finite double >= 0) on every implementation, with
// the results worked out by hand. Run under the dev build's UBSan, these
// also show that no arithmetic on a setting overflows (MaxEdgeLength
// 3037000500 once squared past int64 and acted like 1).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>

#include "core/limits.h"
#include "interchange/io.h"
#include "registry/implementations.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::gridFromAscii;

constexpr int64_t kTop = limits::kMaxSetting;  // 2^31 - 1
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr double kLargestError = std::numeric_limits<double>::max();

class SettingExtremes : public ::testing::TestWithParam<const Implementation*> {
 public:
  const Implementation& impl() const { return *GetParam(); }
  StageResult run(const Heightfield& hf, const Settings& settings) const {
    return runStage(impl(), hf, settings);
  }
};

// Monotone regions, nothing removed or merged: each drawing below is as
// many regions as it has separate pieces.
Settings plain() {
  Settings settings;
  settings.partition = Partition::Monotone;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  return settings;
}

// A 24 x 2 floor under a row of unwalkable spans (z = 2, drawn on top):
//   z=2  ########################
//   z=1  aaaaaaaaaaaaaaaaaaaaaaaa
//   z=0  aaaaaaaaaaaaaaaaaaaaaaaa
// The region's loop has two portals, (24,2) and (0,2), where the tile
// border (-1) meets the wall (0). The wall stretch (24,2) -> (0,2) is
// straight, so only length splitting adds to it: at the halfway raw index
// while its chord is longer than MaxEdgeLength. The border stretch keeps
// (0,0) and (24,0) (squared distances 4 and 2304/580 > 1.69), never split
// by length. So: 4 vertices, plus 1 (x = 12) for a limit in [12, 23], 3
// (x = 6, 12, 18) for [6, 11], and all 23 inner wall vertices for 1.
Heightfield wallField() {
  const std::string floor(24, 'a');
  return gridFromAscii({floor, floor, std::string(24, '#')});
}

size_t verticesWithEdgeLimit(const SettingExtremes& test, int64_t limit) {
  Settings settings = plain();
  settings.maxEdgeLength = limit;
  const StageResult result = test.run(wallField(), settings);
  EXPECT_EQ(result.regions.regionCount, 1);
  EXPECT_EQ(result.contours.contours.size(), 1u);
  EXPECT_EQ(result.contours.rawFallbacks, 0);
  return result.contours.contours.empty()
             ? 0
             : result.contours.contours[0].vertices.size();
}

TEST_P(SettingExtremes, MaxEdgeLengthAtEveryScale) {
  EXPECT_EQ(verticesWithEdgeLimit(*this, 0), 4u);   // no splitting
  EXPECT_EQ(verticesWithEdgeLimit(*this, 1), 27u);  // every wall vertex
  EXPECT_EQ(verticesWithEdgeLimit(*this, 6), 7u);
  EXPECT_EQ(verticesWithEdgeLimit(*this, 12), 5u);
  EXPECT_EQ(verticesWithEdgeLimit(*this, 23), 5u);
  EXPECT_EQ(verticesWithEdgeLimit(*this, 24), 4u);  // 24^2 is not > 24^2
  EXPECT_EQ(verticesWithEdgeLimit(*this, kTop), 4u);
}

// Out of the settings' range, reachable only through the library: 3037000500
// squared overflows int64 (it once acted like a limit of 1, 27 vertices).
TEST_P(SettingExtremes, MaxEdgeLengthPastTheRangeActsLikeNoLimit) {
  EXPECT_EQ(verticesWithEdgeLimit(*this, 3037000500), 4u);
  EXPECT_EQ(verticesWithEdgeLimit(*this, kInt64Max), 4u);
}

// MaxError 0 keeps every vertex off the chords: the same 4. The largest
// finite error (its square is +inf, not undefined) refines nothing, leaves
// the two portals, fails (fewer than 3) and is retried at MaxError 0: the
// same 4 again, and a retry that succeeds is no raw fallback (readings R9).
TEST_P(SettingExtremes, MaxErrorZeroAndLargestFinite) {
  for (double maxError : {0.0, 1e300, kLargestError}) {
    SCOPED_TRACE(maxError);
    Settings settings = plain();
    settings.maxEdgeLength = 0;
    settings.maxError = maxError;
    const StageResult result = run(wallField(), settings);
    ASSERT_EQ(result.contours.contours.size(), 1u);
    EXPECT_EQ(result.contours.contours[0].vertices.size(), 4u);
    EXPECT_EQ(result.contours.rawFallbacks, 0);
  }
}

// Two 4 x 4 islands of 16 spans, with no neighbouring region:
//   aaaa.aaaa   (4 rows)
// An island goes when it has fewer than MinRegionArea spans (§5.1).
TEST_P(SettingExtremes, MinRegionAreaAtBothEnds) {
  const Heightfield hf =
      gridFromAscii({"aaaa.aaaa", "aaaa.aaaa", "aaaa.aaaa", "aaaa.aaaa"});
  // (MinRegionArea, regions left)
  const std::vector<std::pair<int64_t, int>> cases = {
      {0, 2}, {16, 2}, {17, 0}, {kTop, 0}, {kInt64Max, 0}};
  for (Partition partition : {Partition::Monotone, Partition::Layers}) {
    for (const auto& [minArea, regions] : cases) {
      SCOPED_TRACE(std::string(partitionName(partition)) + " minRegionArea " +
                   std::to_string(minArea));
      Settings settings = plain();
      settings.partition = partition;
      settings.minRegionArea = minArea;
      EXPECT_EQ(run(hf, settings).regions.regionCount, regions);
    }
  }
}

// A U (z = 0 at the bottom):
//   z=4  a...a
//   z=3  a...a
//   z=2  a...a
//   z=1  aaaaa
//   z=0  aaaaa
// Monotone: the base is region 1 (10 spans); the two arms start regions 2
// and 3 (3 spans each), as both touch region 1 (§3). Below MergeRegionArea
// 4 both arms merge into the base; at the top of the range region 1 merges
// into 2 (one link to each arm, smallest id), then 2 (13) into 3: one region
// either way. At 0 or 3 nothing is small enough.
TEST_P(SettingExtremes, MergeRegionAreaAtBothEnds) {
  const Heightfield hf =
      gridFromAscii({"aaaaa", "aaaaa", "a...a", "a...a", "a...a"});
  // (MergeRegionArea, regions left)
  const std::vector<std::pair<int64_t, int>> cases = {
      {0, 3}, {3, 3}, {4, 1}, {kTop, 1}, {kInt64Max, 1}};
  for (const auto& [mergeArea, regions] : cases) {
    SCOPED_TRACE("mergeRegionArea " + std::to_string(mergeArea));
    Settings settings = plain();
    settings.mergeRegionArea = mergeArea;
    EXPECT_EQ(run(hf, settings).regions.regionCount, regions);
  }
}

// Two regions of one area meeting along a staircase (region 1 'a' left):
//   z=5  aaaaabbb
//   z=4  aaaaabbb
//   z=3  aaaaabbb
//   z=2  aabbbbbb
//   z=1  aabbbbbb
//   z=0  aabbbbbb
// At the defaults their shared border is the straight chord (2,0)-(5,6).
// BorderRegion 2 makes it a border to refine (§6 step 2): the step corner
// (2,3) is 81/45 = 1.8 > 1.69 from the chord, so it is kept. A BorderRegion
// no region has (0, or the top of the range) leaves the chord.
TEST_P(SettingExtremes, BorderRegionAtBothEnds) {
  const Heightfield hf = gridFromAscii(
      {"aabbbbbb", "aabbbbbb", "aabbbbbb", "aaaaabbb", "aaaaabbb", "aaaaabbb"});
  std::vector<int> regions;
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int stepX = hf.cellZ(s) < 3 ? 2 : 5;
    regions.push_back(hf.cellX(s) < stepX ? 1 : 2);
  }
  auto contoursWith = [&](int64_t borderRegion) {
    Settings settings;
    settings.borderRegion = borderRegion;
    std::ostringstream out;
    writeContours(out, impl().contours(hf, regions, settings));
    return out.str();
  };
  const std::string none = contoursWith(0);
  EXPECT_EQ(contoursWith(kTop), none);
  EXPECT_EQ(contoursWith(kInt64Max), none);
  EXPECT_NE(contoursWith(2), none);
}

INSTANTIATE_TEST_SUITE_P(EveryImplementation, SettingExtremes,
                         ::testing::ValuesIn(allImplementations()),
                         [](const auto& info) { return info.param->name(); });

}  // namespace
}  // namespace regcon
