// The one comparer (interchange/compare.h) on small hand-made results: each
// section is found, its differing entries counted, and no section hides
// another.
#include <gtest/gtest.h>

#include "interchange/compare.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using testing::floorsFromAscii;

// Two floors: cell (0, 0) holds spans 0 (y 0) and 1 (y 5), cell (1, 0)
// holds span 2 (y 0).
//
//   floor y 0:  0 0        floor y 5:  5 .
Heightfield twoColumns() {
  return floorsFromAscii({{"00"}, {"5."}});
}

Loop square(int x) {
  return {{x, 0, 0, 1}, {x, 0, 1, 0}, {x + 1, 0, 1, 0}, {x + 1, 0, 0, 2}};
}

// Regions 1 and 2 with their distances, two contours with raw loops.
StageResult handMade() {
  StageResult r;
  r.regions.regionCount = 2;
  r.regions.regions = {1, 2, 1};
  r.regions.distances = std::vector<int>{0, 2, 4};
  for (int region : {1, 2}) {
    Contour c;
    c.region = region;
    c.area = 63;
    c.vertices = square(region);
    c.rawOutline = square(region);
    c.rawHoles = std::vector<Loop>{square(region + 5)};
    r.contours.contours.push_back(c);
  }
  return r;
}

CompareOptions labels() {
  CompareOptions o;
  o.expectedLabel = "reference";
  o.actualLabel = "optimized";
  return o;
}

std::vector<std::string> sectionNames(const Comparison& c) {
  std::vector<std::string> names;
  for (const SectionDifference& d : c.sections) names.push_back(d.section);
  return names;
}

TEST(Compare, EqualResultsHaveNoDifferenceAndAnEmptyReport) {
  const Comparison c =
      compareResults(twoColumns(), handMade(), handMade(), labels());
  EXPECT_TRUE(c.same());
  EXPECT_EQ(c.report(), "");
}

TEST(Compare, ASpanIsNamedByIndexCellAndPlaceInItsColumn) {
  const Heightfield hf = twoColumns();
  EXPECT_EQ(spanName(hf, 1), "span 1 (cell (0, 0), 1 from the bottom)");
  EXPECT_EQ(spanName(hf, 2), "span 2 (cell (1, 0), 0 from the bottom)");
  EXPECT_EQ(spanName(hf, 7), "span 7");  // outside the heightfield
}

TEST(Compare, DistancesCountEveryDifferingSpanAndNameTheFirst) {
  StageResult actual = handMade();
  (*actual.regions.distances)[1] = 3;
  (*actual.regions.distances)[2] = 9;
  const Comparison c =
      compareResults(twoColumns(), handMade(), actual, labels());
  ASSERT_EQ(sectionNames(c), std::vector<std::string>{"distances"});
  EXPECT_EQ(c.sections[0].count, 2u);
  EXPECT_EQ(c.sections[0].specSection, "§1");
  EXPECT_EQ(c.sections[0].first,
            "distances[1], span 1 (cell (0, 0), 1 from the bottom): "
            "reference 2, optimized 3");
  EXPECT_EQ(c.report(),
            "distances (§1): 2 differing entries; first difference: "
            "distances[1], span 1 (cell (0, 0), 1 from the bottom): "
            "reference 2, optimized 3\n");
}

TEST(Compare, MissingDistancesAreADifferenceUnlessOptional) {
  StageResult actual = handMade();
  actual.regions.distances.reset();
  const Comparison c =
      compareResults(twoColumns(), handMade(), actual, labels());
  ASSERT_EQ(sectionNames(c), std::vector<std::string>{"distances"});
  EXPECT_EQ(c.sections[0].count, 3u);
  EXPECT_EQ(c.sections[0].first,
            "distances: missing in optimized (reference has 3 entries)");
  // Missing on the expected side is named the other way round.
  EXPECT_EQ(compareResults(twoColumns(), actual, handMade(), labels())
                .sections.at(0)
                .first,
            "distances: missing in reference (optimized has 3 entries)");

  CompareOptions optional = labels();
  optional.distancesRequired = false;
  EXPECT_TRUE(
      compareResults(twoColumns(), handMade(), actual, optional).same());
  // Present on both sides, they are still compared.
  StageResult wrong = handMade();
  (*wrong.regions.distances)[0] = 1;
  EXPECT_NE(compareResults(twoColumns(), handMade(), wrong, optional)
                .find("distances"),
            nullptr);
}

TEST(Compare, RegionsAndRegionCountAreSeparateSections) {
  StageResult actual = handMade();
  actual.regions.regions = {1, 3, 3};
  actual.regions.regionCount = 3;
  const Comparison c = compareRegions(twoColumns(), handMade().regions,
                                      actual.regions, labels());
  ASSERT_EQ(sectionNames(c),
            (std::vector<std::string>{"regions", "regionCount"}));
  EXPECT_EQ(c.sections[0].count, 2u);
  EXPECT_EQ(c.sections[0].specSection, "§2–§5");
  EXPECT_EQ(c.sections[0].first,
            "regions[1], span 1 (cell (0, 0), 1 from the bottom): "
            "reference 2, optimized 3");
  EXPECT_EQ(c.sections[1].count, 1u);
  EXPECT_EQ(c.sections[1].first, "regionCount: reference 2, optimized 3");
}

TEST(Compare, ALengthDifferenceCountsTheEntriesOneSideLacks) {
  RegionResult actual = handMade().regions;
  actual.regions = {1};
  const Comparison c =
      compareRegions(twoColumns(), handMade().regions, actual, labels());
  ASSERT_NE(c.find("regions"), nullptr);
  EXPECT_EQ(c.find("regions")->count, 2u);
  EXPECT_EQ(c.find("regions")->first,
            "regions: reference has 3 entries, optimized 1");
}

TEST(Compare, CountersDoNotHideAVertexDifference) {
  ContourSet actual = handMade().contours;
  actual.rawFallbacks = 1;
  actual.droppedHoles = 2;
  actual.contours[1].vertices[2].y = 7;
  actual.contours[1].vertices[3].neighbor = 0;
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c),
            (std::vector<std::string>{"rawFallbacks", "droppedHoles",
                                      "contour vertices"}));
  EXPECT_EQ(c.sections[0].first, "rawFallbacks: reference 0, optimized 1");
  EXPECT_EQ(c.sections[1].first, "droppedHoles: reference 0, optimized 2");
  EXPECT_EQ(c.sections[2].count, 2u);
  EXPECT_EQ(c.sections[2].specSection, "§6");
  EXPECT_EQ(c.sections[2].first,
            "contours[1].vertices[2] (region 2): reference [3, 0, 1, 0], "
            "optimized [3, 7, 1, 0]");
}

// Contours are paired region by region (§6 Output: by region id, then
// discovery order): one contour more in region 1 is one difference, and
// region 2's contour, one place later in the document, still matches.
TEST(Compare, OneContourMoreShiftsNoOtherRegionsContour) {
  ContourSet actual = handMade().contours;
  Contour extra = actual.contours[0];
  extra.vertices = square(4);
  actual.contours.insert(actual.contours.begin() + 1, extra);
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour count"}));
  EXPECT_EQ(c.sections[0].count, 1u);
  EXPECT_EQ(c.sections[0].first,
            "region 1: reference has 1 contours, optimized 2");
}

// A contour whose region changes is missing from one region and extra in
// another; the contours both sides have for a region are still compared,
// and a place in the document that moved is named on both sides.
TEST(Compare, AContourCountDifferenceStillComparesTheContoursBothHave) {
  ContourSet actual = handMade().contours;
  actual.contours[0].region = 4;
  actual.contours[1].area = 5;
  std::swap(actual.contours[0], actual.contours[1]);
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c),
            (std::vector<std::string>{"contour count", "contour area"}));
  EXPECT_EQ(c.sections[0].count, 2u);
  EXPECT_EQ(c.sections[0].first,
            "region 1: reference has 1 contours, optimized 0");
  EXPECT_EQ(c.sections[1].first,
            "contours[1] (optimized's contours[0]).area (region 2): "
            "reference 63, optimized 5");
}

// §6 orders the contours by region: a contour placed after one of a larger
// region is named, beside the contours compared region by region.
TEST(Compare, ContoursOutOfRegionOrderAreNamed) {
  ContourSet actual = handMade().contours;
  std::swap(actual.contours[0], actual.contours[1]);
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour order"}));
  EXPECT_EQ(c.sections[0].first,
            "optimized's contours[1] (region 1) comes after a contour of "
            "region 2 (§6: ordered by region id)");
}

TEST(Compare, AVertexCountDifferenceStillComparesTheVerticesBothHave) {
  ContourSet actual = handMade().contours;
  actual.contours[0].vertices.pop_back();
  actual.contours[1].vertices.push_back({9, 9, 9, 9});
  actual.contours[1].vertices[0].x = 8;
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour vertex count",
                                                       "contour vertices"}));
  EXPECT_EQ(c.sections[0].count, 2u);
  EXPECT_EQ(c.sections[0].first,
            "contours[0] (region 1): reference has 4 vertices, optimized 3");
  EXPECT_EQ(c.sections[1].count, 1u);
  EXPECT_EQ(c.sections[1].first,
            "contours[1].vertices[0] (region 2): reference [2, 0, 0, 1], "
            "optimized [8, 0, 0, 1]");
}

TEST(Compare, RawLoopsAreComparedUnlessOnlyHashedSectionsCount) {
  ContourSet actual = handMade().contours;
  (*actual.contours[0].rawOutline)[1].z = 4;
  actual.contours[1].rawHoles->push_back(square(0));
  actual.contours[0].rawHoles.reset();
  const Comparison c = compareContours(handMade().contours, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour rawOutline",
                                                       "contour rawHoles"}));
  EXPECT_EQ(c.sections[0].first,
            "contours[0].rawOutline[1]: reference [1, 0, 1, 0], "
            "optimized [1, 0, 4, 0]");
  EXPECT_EQ(c.sections[1].count, 2u);
  EXPECT_EQ(c.sections[1].first, "contours[0].rawHoles: only reference has it");

  CompareOptions hashedOnly = labels();
  hashedOnly.rawLoops = false;
  EXPECT_TRUE(compareContours(handMade().contours, actual, hashedOnly).same());
}

// A raw outline one vertex short on one side and absent on the other are
// both differences of the rawOutline section; find() names only sections
// that differ.
TEST(Compare, ARawOutlineShorterOrOnOneSideOnlyIsNamed) {
  ContourSet expected = handMade().contours;
  ContourSet actual = handMade().contours;
  actual.contours[0].rawOutline->pop_back();
  expected.contours[1].rawOutline.reset();
  const Comparison c = compareContours(expected, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour rawOutline"}));
  EXPECT_EQ(c.sections[0].count, 2u);
  EXPECT_EQ(c.sections[0].first,
            "contours[0].rawOutline: reference has 4 vertices, optimized 3");
  EXPECT_EQ(c.find("contour rawOutline"), &c.sections[0]);
  EXPECT_EQ(c.find("contour rawHoles"), nullptr);

  actual.contours[0].rawOutline = expected.contours[0].rawOutline;
  EXPECT_EQ(compareContours(expected, actual, labels()).sections[0].first,
            "contours[1].rawOutline: only optimized has it");
}

// Sections both sides lack are equal: distances (even when required), a
// raw outline and raw holes; raw holes on one side only are named.
TEST(Compare, WhatBothSidesLackIsEqualAndHolesOnOneSideAreNamed) {
  StageResult expected = handMade();
  StageResult actual = handMade();
  for (StageResult* r : {&expected, &actual}) {
    r->regions.distances.reset();
    r->contours.contours[0].rawOutline.reset();
    r->contours.contours[0].rawHoles.reset();
  }
  expected.contours.contours[1].rawHoles.reset();
  const Comparison c = compareResults(twoColumns(), expected, actual, labels());
  ASSERT_EQ(sectionNames(c), (std::vector<std::string>{"contour rawHoles"}));
  EXPECT_EQ(c.sections[0].count, 1u);
  EXPECT_EQ(c.sections[0].first, "contours[1].rawHoles: only optimized has it");
}

// A span index past the field (a longer foreign array) is named by its
// index alone.
TEST(Compare, ASpanPastTheFieldIsNamedByItsIndex) {
  EXPECT_EQ(spanName(twoColumns(), 2),
            "span 2 (cell (1, 0), 0 from the bottom)");
  EXPECT_EQ(spanName(twoColumns(), 3), "span 3");
}

// A heightfield not yet indexed (no span-to-cell table) names a span by
// its index alone, as it cannot tell its cell.
TEST(Compare, ASpanOfAnUnindexedFieldIsNamedByItsIndex) {
  Heightfield unindexed = twoColumns();
  unindexed.spanCell.clear();
  EXPECT_EQ(spanName(unindexed, 1), "span 1");
}

// Every section counts each contour (or span) that differs and names the
// first: both contours differ in area, vertex count, raw outline (the
// first's only on the reference side) and in a raw hole's vertex; the
// distances differ at span 1 and in length.
TEST(Compare, EachSectionCountsEveryDifferenceAndNamesTheFirst) {
  StageResult actual = handMade();
  actual.regions.distances = std::vector<int>{0, 3};
  for (Contour& c : actual.contours.contours) {
    c.area -= 1;
    c.vertices.pop_back();
    (*c.rawOutline)[0].y = 1;
    (*c.rawHoles)[0][2].z = 9;
  }
  actual.contours.contours[0].rawOutline.reset();
  const Comparison c =
      compareResults(twoColumns(), handMade(), actual, labels());
  ASSERT_EQ(sectionNames(c),
            (std::vector<std::string>{
                "distances", "contour area", "contour vertex count",
                "contour rawOutline", "contour rawHoles"}));
  for (const SectionDifference& d : c.sections) {
    EXPECT_EQ(d.count, 2u) << d.section;
  }
  EXPECT_EQ(c.sections[0].first,
            "distances[1], span 1 (cell (0, 0), 1 from the bottom): "
            "reference 2, optimized 3");
  EXPECT_EQ(c.sections[1].first,
            "contours[0].area (region 1): reference 63, optimized 62");
  EXPECT_EQ(c.sections[2].first,
            "contours[0] (region 1): reference has 4 vertices, optimized 3");
  EXPECT_EQ(c.sections[3].first,
            "contours[0].rawOutline: only reference has it");
  EXPECT_EQ(c.sections[4].first,
            "contours[0].rawHoles[0][2]: reference [7, 0, 1, 0], "
            "optimized [7, 0, 9, 0]");
}

TEST(Compare, EverySectionOfAStageResultIsReportedInDocumentOrder) {
  StageResult actual = handMade();
  (*actual.regions.distances)[0] = 1;
  actual.regions.regions[0] = 2;
  actual.regions.regionCount = 1;
  actual.contours.rawFallbacks = 3;
  actual.contours.contours[0].vertices[0].x = 0;
  const Comparison c =
      compareResults(twoColumns(), handMade(), actual, labels());
  EXPECT_EQ(sectionNames(c),
            (std::vector<std::string>{"distances", "regions", "regionCount",
                                      "rawFallbacks", "contour vertices"}));
  for (const SectionDifference& d : c.sections) {
    EXPECT_EQ(d.count, 1u) << d.section;
    EXPECT_NE(c.report().find(d.section + " (" + d.specSection +
                              "): 1 "
                              "differing entry; first difference: " +
                              d.first + "\n"),
              std::string::npos)
        << c.report();
  }
}

}  // namespace
}  // namespace regcon
