// The defaulted comparisons of core/types.h, which the round trips, the
// exhaustive check and the shrinker rely on, compare every member: two
// values that differ in one member only are unequal, whichever member it
// is, and a value equals its copy.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "core/types.h"

namespace regcon {
namespace {

template <typename T>
using Changes = std::vector<std::function<void(T&)>>;

template <typename T>
void expectEveryMemberCompared(const T& base, const Changes<T>& changes) {
  EXPECT_TRUE(base == T(base));
  for (size_t i = 0; i < changes.size(); ++i) {
    T changed = base;
    changes[i](changed);
    EXPECT_FALSE(changed == base) << "member " << i << " is not compared";
  }
}

TEST(Types, SpansCompareFloorAreaAndLinks) {
  expectEveryMemberCompared<Span>(
      {}, {[](Span& s) { s.y = 1; }, [](Span& s) { s.area = 1; },
           [](Span& s) { s.link[3] = 0; }});
}

TEST(Types, HeightfieldsCompareEveryMember) {
  Heightfield base;
  base.width = 1;
  base.depth = 1;
  base.counts = {1};
  base.spans = {Span{}};
  base.index();
  expectEveryMemberCompared<Heightfield>(
      base,
      {[](Heightfield& h) { h.width = 2; }, [](Heightfield& h) { h.depth = 2; },
       [](Heightfield& h) { h.counts = {0}; },
       [](Heightfield& h) { h.cellStart = {1}; },
       [](Heightfield& h) { h.spans[0].area = 1; },
       [](Heightfield& h) { h.spanCell = {1}; },
       [](Heightfield& h) { h.regions = std::vector<int>{1}; },
       [](Heightfield& h) { h.layers = std::vector<int>{1}; }});
}

TEST(Types, SettingsCompareEveryMember) {
  expectEveryMemberCompared<Settings>(
      {}, {[](Settings& s) { s.partition = Partition::Monotone; },
           [](Settings& s) { s.minRegionArea = 0; },
           [](Settings& s) { s.mergeRegionArea = 0; },
           [](Settings& s) { s.maxError = 0; },
           [](Settings& s) { s.maxEdgeLength = 0; },
           [](Settings& s) { s.straightRegionBorders = false; },
           [](Settings& s) { s.borderRegion = 1; },
           [](Settings& s) { s.rawContours = true; }});
}

TEST(Types, ResultsCompareEveryMember) {
  expectEveryMemberCompared<RegionResult>(
      {}, {[](RegionResult& r) { r.regionCount = 1; },
           [](RegionResult& r) { r.regions = {1}; },
           [](RegionResult& r) { r.distances = std::vector<int>{}; }});
  expectEveryMemberCompared<ContourVertex>(
      {}, {[](ContourVertex& v) { v.x = 1; }, [](ContourVertex& v) { v.y = 1; },
           [](ContourVertex& v) { v.z = 1; },
           [](ContourVertex& v) { v.neighbor = 1; }});
  expectEveryMemberCompared<Contour>(
      {}, {[](Contour& c) { c.region = 1; }, [](Contour& c) { c.area = 1; },
           [](Contour& c) { c.vertices = {ContourVertex{}}; },
           [](Contour& c) { c.rawOutline = Loop{}; },
           [](Contour& c) { c.rawHoles = std::vector<Loop>{}; }});
  expectEveryMemberCompared<ContourSet>(
      {}, {[](ContourSet& s) { s.rawFallbacks = 1; },
           [](ContourSet& s) { s.droppedHoles = 1; },
           [](ContourSet& s) { s.contours = {Contour{}}; }});
  expectEveryMemberCompared<StageResult>(
      {}, {[](StageResult& r) { r.regions.regionCount = 1; },
           [](StageResult& r) { r.contours.rawFallbacks = 1; }});
}

}  // namespace
}  // namespace regcon
