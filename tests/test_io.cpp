// Interchange documents (interchange.md §1-§4, §6): one table of every rule
// a reader enforces (IoRule: the message names the key or span and the
// rule), the documents each reader accepts, round trips through the
// canonical writers, files and validate, and the shared vectors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/builder.h"
#include "interchange/io.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

// A 2 x 2 grid: cell (0, 0) one span, (1, 0) two spans, (0, 1) none,
// (1, 1) one span. Span 0 links +x to span 1, span 1 links back and +z to
// span 3, span 3 links -z to span 1; span 2 (area 1) stands alone above.
const std::string kBody =
    R"("width":2,"depth":2,"counts":[1,2,0,1],)"
    R"("spans":[[0,63,-1,-1,0,-1],[0,63,0,0,-1,-1],[10,1,-1,-1,-1,-1],)"
    R"([0,63,-1,-1,-1,0]])";

std::string chf(const std::string& body) {
  return R"({"format":"build3d.chf","version":1,)" + body + "}";
}

// kBody with its first `from` replaced by `to`.
std::string chfWith(const std::string& from, const std::string& to) {
  std::string body = kBody;
  const std::size_t at = body.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) body.replace(at, from.size(), to);
  return chf(body);
}

std::string settingsWith(const std::string& body) {
  return R"({"format":"build3d.settings","version":1)" +
         (body.empty() ? "" : "," + body) + "}";
}

std::string regionsWith(const std::string& body) {
  return R"({"format":"build3d.regions","version":1,)" + body + "}";
}

const std::string kTriangle = R"([[0,0,0,-1],[2,0,0,-1],[0,0,2,-1]])";

std::string contoursWith(const std::string& contour) {
  return R"({"format":"build3d.contours","version":1,"rawFallbacks":0,)"
         R"("droppedHoles":0,"contours":[)" +
         contour + "]}";
}

std::string contourWith(const std::string& extra) {
  return contoursWith(R"({"region":1,"area":63,"vertices":)" + kTriangle +
                      extra + "}");
}

Heightfield parseChf(const std::string& text) {
  std::istringstream in(text);
  return readHeightfield(in, "t.json");
}

void expectSameHeightfield(const Heightfield& a, const Heightfield& b) {
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.counts, b.counts);
  EXPECT_EQ(a.cellStart, b.cellStart);
  EXPECT_EQ(a.spanCell, b.spanCell);
  ASSERT_EQ(a.spans.size(), b.spans.size());
  for (std::size_t i = 0; i < a.spans.size(); ++i) {
    EXPECT_EQ(a.spans[i].y, b.spans[i].y) << i;
    EXPECT_EQ(a.spans[i].area, b.spans[i].area) << i;
    EXPECT_EQ(a.spans[i].link, b.spans[i].link) << i;
  }
  EXPECT_EQ(a.regions, b.regions);
  EXPECT_EQ(a.layers, b.layers);
}

void expectSameRegions(const RegionResult& a, const RegionResult& b) {
  EXPECT_EQ(a.regionCount, b.regionCount);
  EXPECT_EQ(a.regions, b.regions);
  EXPECT_EQ(a.distances, b.distances);
}

void expectSameContours(const ContourSet& a, const ContourSet& b) {
  EXPECT_EQ(a.rawFallbacks, b.rawFallbacks);
  EXPECT_EQ(a.droppedHoles, b.droppedHoles);
  ASSERT_EQ(a.contours.size(), b.contours.size());
  for (std::size_t i = 0; i < a.contours.size(); ++i) {
    EXPECT_EQ(a.contours[i].region, b.contours[i].region);
    EXPECT_EQ(a.contours[i].area, b.contours[i].area);
    EXPECT_EQ(a.contours[i].vertices, b.contours[i].vertices);
    EXPECT_EQ(a.contours[i].rawOutline, b.contours[i].rawOutline);
    EXPECT_EQ(a.contours[i].rawHoles, b.contours[i].rawHoles);
  }
}

template <typename T, typename Write>
std::string written(const T& value, Write write) {
  std::ostringstream out;
  write(out, value);
  return out.str();
}

std::string resultWith(const std::string& regions,
                       const std::string& contours) {
  return R"({"format":"build3d.result","version":1,"regions":)" + regions +
         R"(,"contours":)" + contours + "}";
}

const std::string kRegionsDoc =
    regionsWith(R"("regionCount":1,"regions":[1,1,1])");

// `text` with its first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from,
                     const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// A file named after the running test, so that tests may run in parallel.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text)
      : path_(::testing::TempDir() + "regcon_io_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() +
              "_" + name) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// ---------------------------------------------------------------------------
// Every rule a reader enforces, one row each: the reader, a document that
// breaks the rule (a valid document with one mutation), and the fragments
// the message must hold: the document, the key or span index, the rule.

enum class Reader { Chf, Settings, Regions, Contours, Result, Validate };
enum class Match { Parts, Whole };

struct RuleCase {
  const char* name;
  Reader reader;
  std::string text;
  std::vector<std::string> parts;
  Match match = Match::Parts;
};

// Validate reads a file; its path is shown as "t.json" like the others.
std::string validationErrorOf(const std::string& text) {
  const TempFile file("t.json", text);
  try {
    validateFile(file.path());
  } catch (const InputError& error) {
    std::string message = error.what();
    if (message.starts_with(file.path())) {
      message.replace(0, file.path().size(), "t.json");
    }
    return message;
  }
  ADD_FAILURE() << "accepted: " << text.substr(0, 300);
  return "";
}

std::string rejectionOf(Reader reader, const std::string& text) {
  if (reader == Reader::Validate) return validationErrorOf(text);
  std::istringstream in(text);
  try {
    switch (reader) {
      case Reader::Chf:
        readHeightfield(in, "t.json");
        break;
      case Reader::Settings:
        readSettings(in, "t.json");
        break;
      case Reader::Regions:
        readRegions(in, "t.json");
        break;
      case Reader::Contours:
        readContours(in, "t.json");
        break;
      case Reader::Result:
      case Reader::Validate:
        readResult(in, "t.json");
        break;
    }
  } catch (const InputError& error) {
    return error.what();
  }
  ADD_FAILURE() << "accepted: " << text.substr(0, 300);
  return "";
}

// clang-format off
const std::vector<RuleCase> kRuleCases = {
    {"ReadHeightfield_RejectsEmptyInput", Reader::Chf,
     "",
     {"t.json: not valid JSON: ", "unexpected end"}},
    {"ReadHeightfield_RejectsTruncatedJson1", Reader::Chf,
     chf(kBody).substr(0, chf(kBody).size() - 1),
     {"t.json: not valid JSON: ", "unexpected end of input"}},
    {"ReadHeightfield_RejectsTruncatedJson2", Reader::Chf,
     chf(kBody).substr(0, chf(kBody).size() / 2),
     {"t.json: not valid JSON: ", "line 1, column"}},
    {"ReadHeightfield_RejectsNonJson", Reader::Chf,
     "width = 3",
     {"t.json: not valid JSON: ", "line 1"}},
    {"ReadHeightfield_RejectsTrailingContent", Reader::Chf,
     chf(kBody) + " {}",
     {"t.json: not valid JSON: ", "expected end of input"}},
    {"ReadHeightfield_RejectsTopLevelArray", Reader::Chf,
     "[1, 2]",
     {"t.json: top level: must be a JSON object", "found an array"}},
    {"ReadHeightfield_RejectsTopLevelScalar", Reader::Chf,
     "42",
     {"t.json: top level: must be a JSON object", "found 42"}},
    {"ReadHeightfield_RejectsNaNLiteral", Reader::Chf,
     chfWith("[10,1,", "[NaN,1,"),
     {"t.json: not valid JSON: ", "NaN and Infinity are not JSON numbers"}},
    {"ReadHeightfield_RejectsInfinityLiteral", Reader::Chf,
     chfWith("[10,1,", "[-Infinity,1,"),
     {"t.json: not valid JSON: ", "NaN and Infinity are not JSON numbers"}},
    {"ReadHeightfield_RejectsNumberBeyondDouble", Reader::Chf,
     chfWith("[10,1,", "[1e400,1,"),
     {"t.json: not valid JSON: ", "number overflow", "1e400"}},
    {"ReadHeightfield_RejectsIntegerBeyondInt64", Reader::Chf,
     chfWith("[10,1,", "[99999999999999999999,1,"),
     {"t.json: spans[2] y: ", "is out of range", "(0 <= y <= 65535)"}},
    {"ReadHeightfield_RejectsUnsignedBeyondInt64", Reader::Chf,
     chfWith("\"width\":2", "\"width\":18446744073709551615"),
     {"t.json: width: 18446744073709551615 is out of range"}},
    {"ReadHeightfield_RejectsNegativeIntegerBeyondInt64", Reader::Chf,
     chfWith("[10,1,", "[10,1,-99999999999999999999,"),
     {"t.json: spans[2] link 0: ", "is out of range"}},
    {"ReadHeightfield_RejectsWholeFloatWhereIntegerRequired", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,2.0,0,1]"),
     {"t.json: counts[1]: must be an integer, found 2.0",
                     "not an integer, even when whole"}},
    {"ReadHeightfield_RejectsNegativeZeroFloatWhereIntegerRequired", Reader::Chf,
     chfWith("[10,1,", "[-0.0,1,"),
     {"t.json: spans[2] y: must be an integer, found -0.0"}},
    {"ReadHeightfield_RejectsDuplicateKey", Reader::Chf,
     chf(R"("width":2,)" + kBody),
     {"t.json: width: duplicate key"}},
    {"ReadHeightfield_RejectsDuplicateStreamedKey", Reader::Chf,
     chf(kBody + R"(,"counts":[1,2,0,1])"),
     {"t.json: counts: duplicate key"}},
    {"ReadHeightfield_RejectsDuplicateKeyInsideUnknownKey", Reader::Chf,
     chf(R"("extra":{"a":[{"b":1,"b":2}]},)" + kBody),
     {"t.json: extra.a[0].b: duplicate key"}},
    {"ReadHeightfield_RejectsDeepNesting", Reader::Chf,
     chf(R"("extra":)" + std::string(100000, '[') + std::string(100000, ']') +
         "," + kBody),
     {"t.json: extra[0][0]", "nesting deeper than 64 levels"}},
    {"ReadHeightfield_RejectsDeepNestingAtTopLevel", Reader::Chf,
     std::string(100000, '['),
     {"t.json: top level: must be a JSON object"}},
    {"ReadHeightfield_RejectsMissingFormat", Reader::Chf,
     R"({"version":1,)" + kBody + "}",
     {"t.json: format: missing", "\"build3d.chf\""}},
    {"ReadHeightfield_RejectsWrongFormat", Reader::Chf,
     replaced(chf(kBody), "build3d.chf", "build3d.settings"),
     {"t.json: format: expected \"build3d.chf\", found the string "
      "\"build3d.settings\""},
     Match::Whole},
    {"ReadHeightfield_RejectsNonStringFormat", Reader::Chf,
     R"({"format":7,"version":1,)" + kBody + "}",
     {"t.json: format: expected \"build3d.chf\", found 7"}},
    {"ReadHeightfield_RejectsMissingVersion", Reader::Chf,
     R"({"format":"build3d.chf",)" + kBody + "}",
     {"t.json: version: missing (must be 1)"}},
    {"ReadHeightfield_RejectsVersionOtherThanOne1", Reader::Chf,
     R"({"format":"build3d.chf","version":2,)" + kBody + "}",
     {"t.json: version: must be 1, found 2"}},
    {"ReadHeightfield_RejectsVersionOtherThanOne2", Reader::Chf,
     R"({"format":"build3d.chf","version":1.0,)" + kBody + "}",
     {"t.json: version: must be 1, found 1.0"}},
    {"ReadHeightfield_RejectsMissingWidth", Reader::Chf,
     chfWith("\"width\":2,", ""),
     {"t.json: width: missing (required)"}},
    {"ReadHeightfield_RejectsZeroWidth", Reader::Chf,
     chfWith("\"width\":2", "\"width\":0"),
     {"t.json: width: 0 is out of range (1 <= width <= 32767)"},
     Match::Whole},
    {"ReadHeightfield_RejectsWidthAbove32767", Reader::Chf,
     chfWith("\"width\":2", "\"width\":32768"),
     {"t.json: width: 32768 is out of range", "(1 <= width <= 32767)"}},
    {"ReadHeightfield_RejectsNonIntegerDepth1", Reader::Chf,
     chfWith("\"depth\":2", "\"depth\":2.5"),
     {"t.json: depth: must be an integer, found 2.5"}},
    {"ReadHeightfield_RejectsNonIntegerDepth2", Reader::Chf,
     chfWith("\"depth\":2", "\"depth\":\"2\""),
     {"t.json: depth: must be an integer, found the string"}},
    {"ReadHeightfield_RejectsMissingCounts", Reader::Chf,
     chfWith("\"counts\":[1,2,0,1],", ""),
     {"t.json: counts: missing (required)"}},
    {"ReadHeightfield_RejectsCountsThatAreNotAnArray", Reader::Chf,
     chfWith("[1,2,0,1]", "4"),
     {"t.json: counts: must be an array, found 4"}},
    {"ReadHeightfield_RejectsCountsLengthOtherThanWidthTimesDepth", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,2,0,1,0]"),
     {"t.json: counts: has 5 entries", "expected width x depth = 4"}},
    {"ReadHeightfield_RejectsCountAbove63", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,2,64,1]"),
     {"t.json: counts[2]: 64 is out of range", "(0 <= count <= 63)"}},
    {"ReadHeightfield_RejectsNegativeCount", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,2,-1,1]"),
     {"t.json: counts[2]: -1 is out of range"}},
    {"ReadHeightfield_RejectsNonIntegerCount", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,[2],0,1]"),
     {"t.json: counts[1]: must be an integer, found an array"}},
    {"ReadHeightfield_RejectsMissingSpans", Reader::Chf,
     chf(R"("width":1,"depth":1,"counts":[0])"),
     {"t.json: spans: missing (required)"}},
    {"ReadHeightfield_RejectsSpansLengthOtherThanSumOfCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,2,1,1]"),
     {"t.json: spans: has 4 entries, but counts sum to 5"}},
    {"ReadHeightfield_RejectsSpanThatIsNotAnArray", Reader::Chf,
     chfWith("[10,1,-1,-1,-1,-1]", "10"),
     {"t.json: spans[2]: must be an array of exactly 6 "
                     "integers",
                     "found 10"}},
    {"ReadHeightfield_RejectsSpanWithFiveEntries", Reader::Chf,
     chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,-1,-1]"),
     {"t.json: spans[2]: must be an array of exactly 6", "found 5 entries"}},
    {"ReadHeightfield_RejectsSpanWithSevenEntries", Reader::Chf,
     chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,-1,-1,-1,0]"),
     {"t.json: spans[2]: must be an array of exactly 6",
                     "found more entries"}},
    {"ReadHeightfield_RejectsSpanWithNonIntegerEntry", Reader::Chf,
     chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,null,-1,-1]"),
     {"t.json: spans[2] link 1: must be an integer, found "
                     "null"}},
    {"ReadHeightfield_RejectsYAbove65535", Reader::Chf,
     chfWith("[10,1,", "[65536,1,"),
     {"t.json: spans[2] y: 65536 is out of range", "(0 <= y <= 65535)"}},
    {"ReadHeightfield_RejectsNegativeY", Reader::Chf,
     chfWith("[0,63,-1,-1,0,-1]", "[-1,63,-1,-1,0,-1]"),
     {"t.json: spans[0] y: -1 is out of range"}},
    {"ReadHeightfield_RejectsYNotStrictlyIncreasingWithinCell", Reader::Chf,
     chfWith("[10,1,", "[0,1,"),
     {"t.json: spans[2] y: 0 is not above 0",
                     "spans[1] below it in cell (1, 0)",
                     "y must increase strictly within a cell"}},
    {"ReadHeightfield_RejectsAreaAbove255", Reader::Chf,
     chfWith("[10,1,", "[10,256,"),
     {"t.json: spans[2] area: 256 is out of range", "(0 <= area <= 255)"}},
    {"ReadHeightfield_RejectsLinkBelowMinusOne", Reader::Chf,
     chfWith("[10,1,-1,", "[10,1,-2,"),
     {"t.json: spans[2] link 0: -2 is out of range", "-1 <= link"}},
    {"ReadHeightfield_RejectsLinkOutsideGrid", Reader::Chf,
     chfWith("[0,63,-1,-1,0,-1]", "[0,63,0,-1,0,-1]"),
     {"t.json: spans[0] link 0: leads from cell (0, 0) to "
                     "cell (-1, 0), outside the grid",
                     "a link must stay inside the grid"}},
    {"ReadHeightfield_RejectsLinkToMissingSpan", Reader::Chf,
     chfWith("[0,63,-1,-1,-1,0]", "[0,63,-1,-1,-1,2]"),
     {"t.json: spans[3] link 3: names span 2 of cell (1, 0), which "
      "holds 2 spans (a link must name an existing span in the "
      "neighbouring cell)"},
     Match::Whole},
    {"ReadHeightfield_RejectsLinkIntoEmptyCell", Reader::Chf,
     chfWith("[0,63,-1,-1,0,-1]", "[0,63,-1,0,0,-1]"),
     {"t.json: spans[0] link 1: names span 0 of cell (0, 1), "
                     "which holds 0 spans"}},
    {"ReadHeightfield_RejectsRegionsLengthOtherThanSpanCount", Reader::Chf,
     chf(kBody + R"(,"regions":[1,1,2])"),
     {"t.json: regions: has 3 entries, expected 4"}},
    {"ReadHeightfield_RejectsRegionIdAbove65535", Reader::Chf,
     chf(kBody + R"(,"regions":[1,1,65536,1])"),
     {"t.json: regions[2]: 65536 is out of range",
                     "(0 <= region id <= 65535)"}},
    {"ReadHeightfield_RejectsRegionsThatAreNotAnArray", Reader::Chf,
     chf(kBody + R"(,"regions":{"a":1})"),
     {"t.json: regions: must be an array, found an object"}},
    {"ReadHeightfield_RejectsLayersLengthOtherThanSpanCount", Reader::Chf,
     chf(kBody + R"(,"layers":[0,0,0,0,0])"),
     {"t.json: layers: has 5 entries, expected 4"}},
    {"ReadHeightfield_RejectsNegativeLayerId", Reader::Chf,
     chf(kBody + R"(,"layers":[0,-1,0,0])"),
     {"t.json: layers[1]: -1 is out of range", "(0 <= layer id <= 65535)"}},
    {"ReadHeightfield_RejectsRegionWithTwoAreaIds", Reader::Chf,
     chf(kBody + R"(,"regions":[5,3,5,3])"),
     {"t.json: regions[2]: region 5",
       "spans[0] of area 63 and spans[2] of area 1", "readings R12"}},
    {"ReadSettings_RejectsWrongFormat1", Reader::Chf, settingsWith(""),
     {"t.json: format: expected \"build3d.chf\", found the string "
      "\"build3d.settings\""},
     Match::Whole},
    {"ReadSettings_RejectsWrongFormat2", Reader::Settings,
     chf(kBody),
     {"t.json: format: expected \"build3d.settings\""}},
    {"ReadSettings_RejectsVersionOtherThanOne", Reader::Settings,
     R"({"format":"build3d.settings","version":0})",
     {"t.json: version: must be 1, found 0"}},
    {"ReadSettings_RejectsUnknownPartition", Reader::Settings,
     settingsWith(R"("partition":"Watershed")"),
     {"t.json: partition: must be one of \"watershed\", "
                          "\"monotone\", \"layers\", \"layer-first\"",
                          "found the string \"Watershed\""}},
    {"ReadSettings_RejectsNonStringPartition", Reader::Settings,
     settingsWith(R"("partition":0)"),
     {"t.json: partition: must be one of", "found 0"}},
    {"ReadSettings_RejectsNegativeMinRegionArea", Reader::Settings,
     settingsWith(R"("minRegionArea":-1)"),
     {"t.json: minRegionArea: -1 is out of range",
                          "(0 <= minRegionArea <= 2147483647)"}},
    {"ReadSettings_RejectsFloatMergeRegionArea", Reader::Settings,
     settingsWith(R"("mergeRegionArea":400.0)"),
     {"t.json: mergeRegionArea: must be an integer, "
                          "found 400.0"}},
    {"ReadSettings_RejectsMaxEdgeLengthAbove2147483647", Reader::Settings,
     settingsWith(R"("maxEdgeLength":2147483648)"),
     {"t.json: maxEdgeLength: 2147483648 is out of range",
                          "(0 <= maxEdgeLength <= 2147483647)"}},
    {"ReadSettings_RejectsNonIntegerBorderRegion", Reader::Settings,
     settingsWith(R"("borderRegion":true)"),
     {"t.json: borderRegion: must be an integer, found "
                          "true"}},
    {"ReadSettings_RejectsNegativeMaxError", Reader::Settings,
     settingsWith(R"("maxError":-0.5)"),
     {"t.json: maxError: must be a finite number >= 0", "found -0.5"}},
    {"ReadSettings_RejectsNonNumberMaxError", Reader::Settings,
     settingsWith(R"("maxError":"1.3")"),
     {"t.json: maxError: must be a finite number >= 0"}},
    {"ReadSettings_RejectsInfiniteMaxError", Reader::Settings,
     settingsWith(R"("maxError":1e999)"),
     {"t.json: not valid JSON: ", "number overflow"}},
    {"ReadSettings_RejectsNonBooleanStraightRegionBorders", Reader::Settings,
     settingsWith(R"("straightRegionBorders":1)"),
     {"t.json: straightRegionBorders: must be true or "
                          "false, found 1"}},
    {"ReadSettings_RejectsNonBooleanRawContours", Reader::Settings,
     settingsWith(R"("rawContours":"true")"),
     {"t.json: rawContours: must be true or false"}},
    {"ReadSettings_RejectsDuplicateKey", Reader::Settings,
     settingsWith(R"("maxError":1,"maxError":2)"),
     {"t.json: maxError: duplicate key"}},
    {"ReadRegions_RejectsMissingRegionCount", Reader::Regions,
     regionsWith(R"("regions":[0])"),
     {"t.json: regionCount: missing (required)"}},
    {"ReadRegions_RejectsNegativeRegionCount", Reader::Regions,
     regionsWith(R"("regionCount":-1,"regions":[0])"),
     {"t.json: regionCount: -1 is out of range"}},
    {"ReadRegions_RejectsMissingRegions", Reader::Regions,
     regionsWith(R"("regionCount":0)"),
     {"t.json: regions: missing (required)"}},
    {"ReadRegions_RejectsRegionsThatAreNotAnArray", Reader::Regions,
     regionsWith(R"("regionCount":0,"regions":"0")"),
     {"t.json: regions: must be an array"}},
    {"ReadRegions_RejectsRegionIdOutOfRange", Reader::Regions,
     regionsWith(R"("regionCount":2147483647,"regions":[0,2147483648])"),
     {"t.json: regions[1]: 2147483648 is out of range",
      "(0 <= region id <= 2147483647)"}},
    {"ReadRegions_RejectsRegionIdAboveRegionCount", Reader::Regions,
     regionsWith(R"("regionCount":65536,"regions":[0,65536,65537])"),
     {"t.json: regions[2]: 65537 is above regionCount 65536",
      "(0 <= region id <= regionCount)"}},
    {"ReadRegions_RejectsRegionCountAbove2147483647", Reader::Regions,
     regionsWith(R"("regionCount":2147483648,"regions":[0])"),
     {"t.json: regionCount: 2147483648 is out of range",
      "(0 <= regionCount <= 2147483647)"}},
    {"ReadRegions_RejectsNegativeDistance", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[0,1],"distances":[0,-2])"),
     {"t.json: distances[1]: -2 is out of range"}},
    {"ReadRegions_RejectsNonIntegerDistance", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[0,1],"distances":[0,1.5])"),
     {"t.json: distances[1]: must be an integer, found 1.5"}},
    {"ReadRegions_RejectsDistancesOfOtherLength", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[0,1],"distances":[0])"),
     {"t.json: distances: has 1 entries, but regions has 2"}},
    {"ReadContours_RejectsNegativeRawFallbacks", Reader::Contours,
     replaced(contourWith(""), "\"rawFallbacks\":0", "\"rawFallbacks\":-1"),
     {"t.json: rawFallbacks: -1 is out of range"}},
    {"ReadContours_RejectsNonIntegerDroppedHoles", Reader::Contours,
     replaced(contourWith(""), "\"droppedHoles\":0", "\"droppedHoles\":0.5"),
     {"t.json: droppedHoles: must be an integer, found 0.5"}},
    {"ReadContours_RejectsMissingRawFallbacks", Reader::Contours,
     R"({"format":"build3d.contours","version":1,"droppedHoles":0,)"
      R"("contours":[]})",
     {"t.json: rawFallbacks: missing (required)"}},
    {"ReadContours_RejectsContoursThatAreNotAnArray", Reader::Contours,
     R"({"format":"build3d.contours","version":1,"rawFallbacks":0,)"
      R"("droppedHoles":0,"contours":{}})",
     {"t.json: contours: must be an array, found an object"}},
    {"ReadContours_RejectsContourThatIsNotAnObject", Reader::Contours,
     contoursWith("[1]"),
     {"t.json: contours[0]: must be an object"}},
    {"ReadContours_RejectsRegionZero", Reader::Contours,
     contoursWith(R"({"region":0,"area":63,"vertices":)" + kTriangle + "}"),
     {"t.json: contours[0].region: 0 is out of range", "1 <= region"}},
    {"ReadContours_RejectsAreaAbove255", Reader::Contours,
     contoursWith(R"({"region":1,"area":300,"vertices":)" + kTriangle + "}"),
     {"t.json: contours[0].area: 300 is out of range", "(0 <= area <= 255)"}},
    {"ReadContours_RejectsMissingVertices", Reader::Contours,
     contoursWith(R"({"region":1,"area":63})"),
     {"t.json: contours[0].vertices: missing"}},
    {"ReadContours_RejectsFewerThanThreeVertices", Reader::Contours,
     contoursWith(
          R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0,0]]})"),
     {"t.json: contours[0].vertices: has 2 vertices, needs at least 3"}},
    {"ReadContours_RejectsVertexWithThreeIntegers", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0],)"
                   R"([1,0,1,0]]})"),
     {"t.json: contours[0].vertices[1]: must be an array of exactly 4 "
       "integers [x, y, z, neighbor], found 3 entries"}},
    {"ReadContours_RejectsVertexWithFloat", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0,0],)"
                   R"([1,0.5,1,0]]})"),
     {"t.json: contours[0].vertices[2] y: must be an integer, found 0.5"}},
    {"ReadContours_RejectsMalformedRawOutline", Reader::Contours,
     contourWith(R"(,"rawOutline":[[0,0,0,0],5])"),
     {"t.json: contours[0].rawOutline[1]: must be an "
                          "array of exactly 4 integers"}},
    {"ReadContours_RejectsMalformedRawHoles1", Reader::Contours,
     contourWith(R"(,"rawHoles":[[[0,0,0,0]],[[1]]])"),
     {"t.json: contours[0].rawHoles[1][0]: must be an "
                          "array of exactly 4 integers"}},
    {"ReadContours_RejectsMalformedRawHoles2", Reader::Contours,
     contourWith(R"(,"rawHoles":{})"),
     {"t.json: contours[0].rawHoles: must be an array"}},
    {"ReadContours_RejectsUnknownContourKey", Reader::Contours,
     contourWith(R"(,"rawOutlin":[])"),
     {"t.json: contours[0].rawOutlin: unknown key"}},
    {"ReadResult_NamesRuleInsideRegionsSubDocument", Reader::Result,
     resultWith(regionsWith(R"("regionCount":-3,"regions":[])"),
                            contourWith("")),
     {"t.json: regions.regionCount: -3 is out of range"}},
    {"ReadResult_NamesRuleInsideContoursSubDocument", Reader::Result,
     resultWith(kRegionsDoc, contoursWith(R"({"region":1,"area":-1,)"
                                           R"("vertices":)" +
                                           kTriangle + "}")),
     {"t.json: contours.contours[0].area: -1 is out of range"}},
    {"ReadResult_RejectsSubDocumentWithWrongFormat", Reader::Result,
     resultWith(contourWith(""), contourWith("")),
     {"t.json: regions.format: expected \"build3d.regions\""}},
    {"ReadResult_RejectsSubDocumentThatIsNotAnObject", Reader::Result,
     resultWith("[]", contourWith("")),
     {"t.json: regions: must be an object (a build3d.regions "
                  "document), found an array"}},
    {"ReadResult_RejectsMissingContours", Reader::Result,
     R"({"format":"build3d.result","version":1,"regions":)" +
                     kRegionsDoc + "}",
     {"t.json: contours: missing (required)"}},
    {"ValidateFile_AppliesRulesOfTheNamedFormat", Reader::Validate,
     chfWith("[1,2,0,1]", "[1,2,0,64]"),
     {"t.json: counts[3]: 64 is out of range"}},
    {"ValidateFile_RejectsUnknownFormat", Reader::Validate,
     R"({"format":"build3d.mesh","version":1})",
     {"t.json: format: unknown format \"build3d.mesh\""}},
    {"ValidateFile_RejectsMissingFormat", Reader::Validate, R"({"version":1})",
     {"t.json: format: missing (expected one of"}},
    {"ValidateFile_RejectsNonStringFormat", Reader::Validate,
     R"({"format":["x"]})", {"t.json: format: must be a string"}},
    {"ValidateFile_ReportsInvalidJson1", Reader::Validate, R"({"version":)",
     {"t.json: not valid JSON: "}},
    {"ValidateFile_ReportsInvalidJson2", Reader::Validate, "[]",
     {"t.json: top level: must be a JSON"}},

    // Rules the streaming readers check as a value arrives.
    {"ReadRegions_RejectsDuplicateKeyInsideUnknownKey", Reader::Regions,
     regionsWith(R"("x":[{"b":1,"b":2}],"regionCount":0,"regions":[])"),
     {"t.json: x[0].b: duplicate key"}},
    {"ReadRegions_RejectsDeepNesting", Reader::Regions,
     regionsWith(R"("x":)" + std::string(100, '[') + std::string(100, ']') +
                 R"(,"regionCount":0,"regions":[])"),
     {"t.json: x[0][0]", "nesting deeper than 64 levels"}},
    {"ReadRegions_RejectsNestedRegionId", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[0,[1]])"),
     {"t.json: regions[1]: must be an integer, found an array"}},
    {"ReadRegions_RejectsRegionsObject", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":{"a":1})"),
     {"t.json: regions: must be an array, found an object"}},
    {"ReadRegions_RejectsNulByte", Reader::Regions,
     std::string("{\"format\":\0", 11),
     {"t.json: not valid JSON: ", "column 11", "a NUL byte"}},
    {"ReadSettings_RejectsObjectWhereNumberRequired", Reader::Settings,
     settingsWith(R"("minRegionArea":{"a":1})"),
     {"t.json: minRegionArea: must be an integer, found an object"}},
    {"ReadSettings_RejectsTopLevelArray", Reader::Settings, "[]",
     {"t.json: top level: must be a JSON object, found an array"}},
    {"ReadContours_RejectsVertexWithFiveIntegers", Reader::Contours,
     contourWith(R"(,"rawOutline":[[0,0,0,0,0]])"),
     {"t.json: contours[0].rawOutline[0]: must be an array of exactly 4 "
      "integers [x, y, z, neighbor], found more entries"}},
    {"ReadContours_RejectsVertexThatIsAnObject", Reader::Contours,
     contourWith(R"(,"rawOutline":[{}])"),
     {"t.json: contours[0].rawOutline[0]: must be an array of exactly 4 "
      "integers [x, y, z, neighbor], found an object"}},
    {"ReadContours_RejectsContourThatIsAnArray", Reader::Contours,
     contoursWith("[[]]"),
     {"t.json: contours[0]: must be an object, found an array"}},
    {"ReadContours_RejectsVerticesThatAreNotAnArray", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":3})"),
     {"t.json: contours[0].vertices: must be an array, found 3"}},
    {"ReadContours_RejectsRegionAbove2147483647", Reader::Contours,
     contoursWith(R"({"region":2147483648,"area":63,"vertices":)" +
                  kTriangle + "}"),
     {"t.json: contours[0].region: 2147483648 is out of range",
      "(1 <= region <= 2147483647)"}},
    {"ReadContours_RejectsMissingArea", Reader::Contours,
     contoursWith(R"({"region":1,"vertices":)" + kTriangle + "}"),
     {"t.json: contours[0].area: missing (required)"}},
    {"ReadResult_RejectsSubDocumentThatIsAString", Reader::Result,
     resultWith(kRegionsDoc, "\"c\""),
     {"t.json: contours: must be an object (a build3d.contours document), "
      "found the string \"c\""}},
    {"ReadResult_RejectsRegionIdAboveRegionCountInside", Reader::Result,
     resultWith(regionsWith(R"("regionCount":1,"regions":[2])"),
                contourWith("")),
     {"t.json: regions.regions[0]: 2 is above regionCount 1"}},
    {"ReadResult_RejectsWrongFormat", Reader::Result, kRegionsDoc,
     {"t.json: format: expected \"build3d.result\", found the string "
      "\"build3d.regions\""},
     Match::Whole},
    {"ValidateFile_RejectsNulBytes", Reader::Validate, std::string(100, '\0'),
     {"t.json: not valid JSON: ", "line 1, column 1", "a NUL byte"}},
    {"ValidateFile_AppliesRulesAfterALateFormat", Reader::Validate,
     R"({"regionCount":1,"regions":[0,5],"version":1,)"
     R"("format":"build3d.regions"})",
     {"t.json: regions[1]: 5 is above regionCount 1"}},
    // JSON kinds each reader meets nowhere else: true, false and null
    // where an integer or a number belongs, an array inside a vertex or for
    // a region, a number past int64 (coverage/exclusions.md).
    {"ReadHeightfield_RejectsBooleanWidth", Reader::Chf,
     chfWith("\"width\":2", "\"width\":true"),
     {"t.json: width: must be an integer, found true"}, Match::Whole},
    {"ReadHeightfield_RejectsBooleanCount", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,false,0,1]"),
     {"t.json: counts[1]: must be an integer, found false"}, Match::Whole},
    {"ReadHeightfield_RejectsBooleanArea", Reader::Chf,
     chfWith("[[0,63,", "[[0,true,"),
     {"t.json: spans[0] area: must be an integer, found true"}, Match::Whole},
    {"ReadHeightfield_RejectsArrayInsideCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "[1,[2],0,1]"),
     {"t.json: counts[1]: must be an integer, found an array"}, Match::Whole},
    {"ReadHeightfield_RejectsNullRegionId", Reader::Chf,
     chf(kBody + R"(,"regions":[1,null,1,1])"),
     {"t.json: regions[1]: must be an integer, found null"}, Match::Whole},
    // The NaN hint (interchange/io_rules.cpp nonNumberHint) only for a word that
    // could start NaN or Infinity: not a broken null, not letters glued to
    // a number, not any other word; a capital N is NaN's.
    {"ReadHeightfield_NoNaNHintForABrokenNull", Reader::Chf,
     chfWith("[10,1,", "[n,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 122: syntax "
      "error while parsing value - invalid literal; last read: '-1],[n,'"},
     Match::Whole},
    {"ReadHeightfield_NoNaNHintForLettersAfterADigit", Reader::Chf,
     chfWith("[10,1,", "[0I,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 122: syntax "
      "error while parsing array - invalid literal; last read: '0I'; "
      "expected ']'"},
     Match::Whole},
    {"ReadHeightfield_NoNaNHintForAnotherWord", Reader::Chf,
     chfWith("[10,1,", "[x,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 121: syntax "
      "error while parsing value - invalid literal; last read: '-1],[x'"},
     Match::Whole},
    {"ReadHeightfield_NaNHintForACapitalN", Reader::Chf,
     chfWith("[10,1,", "[N,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 121: syntax "
      "error while parsing value - invalid literal; last read: '-1],[N' "
      "(NaN and Infinity are not JSON numbers)"},
     Match::Whole},
    {"ReadResult_RejectsMissingRegions", Reader::Result,
     R"({"format":"build3d.result","version":1,"contours":)" +
         contourWith("") + "}",
     {"t.json: regions: missing (required)"}, Match::Whole},
    // An object or an array where an integer or a loop belongs.
    {"ReadSettings_RejectsObjectAsVersion", Reader::Settings,
     R"({"format":"build3d.settings","version":{}})",
     {"t.json: version: must be 1, found an object"}, Match::Whole},
    {"ReadSettings_RejectsNumberAsPartition", Reader::Settings,
     settingsWith(R"("partition":5)"),
     {"t.json: partition: must be one of \"watershed\", \"monotone\", "
      "\"layers\", \"layer-first\", found 5"}, Match::Whole},
    {"ReadRegions_RejectsObjectAsRegionCount", Reader::Regions,
     regionsWith(R"("regionCount":{},"regions":[0])"),
     {"t.json: regionCount: must be an integer, found an object"},
     Match::Whole},
    {"ReadContours_RejectsArrayAsRawFallbacks", Reader::Contours,
     replaced(contourWith(""), "\"rawFallbacks\":0", "\"rawFallbacks\":[]"),
     {"t.json: rawFallbacks: must be an integer, found an array"},
     Match::Whole},
    {"ReadContours_RejectsObjectAsVertices", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":{}})"),
     {"t.json: contours[0].vertices: must be an array, found an object"},
     Match::Whole},
    {"ReadContours_RejectsObjectAsRawOutline", Reader::Contours,
     contourWith(R"(,"rawOutline":{})"),
     {"t.json: contours[0].rawOutline: must be an array, found an object"},
     Match::Whole},
    {"ReadContours_RejectsObjectAsRawHole", Reader::Contours,
     contourWith(R"(,"rawHoles":[{}])"),
     {"t.json: contours[0].rawHoles[0]: must be an array, found an object"},
     Match::Whole},
    {"ReadContours_RejectsObjectInsideAVertex", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":)"
                  R"([[0,{},0,-1],[2,0,0,-1],[0,0,2,-1]]})"),
     {"t.json: contours[0].vertices[0] y: must be an integer, found an "
      "object"}, Match::Whole},
    {"ReadContours_RejectsObjectAsRawHoleVertex", Reader::Contours,
     contourWith(R"(,"rawHoles":[[{}]])"),
     {"t.json: contours[0].rawHoles[0][0]: must be an array of exactly 4 "
      "integers [x, y, z, neighbor], found an object"}, Match::Whole},
    {"ReadContours_RejectsObjectAsArea", Reader::Contours,
     contoursWith(R"({"region":1,"area":{},"vertices":)" + kTriangle + "}"),
     {"t.json: contours[0].area: must be an integer, found an object"},
     Match::Whole},
    // A long value is shown by its first characters only.
    {"ReadSettings_ShowsALongStringByItsStart", Reader::Settings,
     settingsWith("\"partition\":\"" + std::string(200, 'a') + "\""),
     {"t.json: partition: must be one of \"watershed\", \"monotone\", "
      "\"layers\", \"layer-first\", found the string \"" +
      std::string(39, 'a') + "...\""}, Match::Whole},
    // validate looks for "format" among the top-level keys only, past
    // arrays and objects, and names what it found instead of a string.
    {"ValidateFile_RejectsNumberAsFormat", Reader::Validate,
     R"({"format":5})",
     {"t.json: format: must be a string naming the document type, found 5"},
     Match::Whole},
    {"ValidateFile_RejectsNullAsFormat", Reader::Validate,
     R"({"format":null})",
     {"t.json: format: must be a string naming the document type, found "
      "null"}, Match::Whole},
    {"ValidateFile_SkipsArraysBeforeTheFormat", Reader::Validate,
     R"({"a":[1,{"b":2}],"format":"build3d.settings","version":2})",
     {"t.json: version: must be 1, found 2"}, Match::Whole},
    {"ValidateFile_IgnoresAFormatKeyInsideAnObject", Reader::Validate,
     R"({"a":{"format":"x"},"format":"build3d.settings","version":2})",
     {"t.json: version: must be 1, found 2"}, Match::Whole},
    {"ReadSettings_RejectsNullMaxError", Reader::Settings,
     settingsWith(R"("maxError":null)"),
     {"t.json: maxError: must be a finite number >= 0, found null"},
     Match::Whole},
    {"ReadSettings_RejectsUnsignedBeyondInt64", Reader::Settings,
     settingsWith(R"("minRegionArea":18446744073709551615)"),
     {"t.json: minRegionArea: 18446744073709551615 is out of range "
      "(0 <= minRegionArea <= 2147483647)"}, Match::Whole},
    {"ReadRegions_RejectsArrayAsRegionId", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[[1]])"),
     {"t.json: regions[0]: must be an integer, found an array"},
     Match::Whole},
    {"ReadContours_RejectsArrayInsideAVertex", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":)"
                  R"([[0,[1],0,-1],[2,0,0,-1],[0,0,2,-1]]})"),
     {"t.json: contours[0].vertices[0] y: must be an integer, found an "
      "array"}, Match::Whole},
    {"ReadContours_RejectsRawHoleThatIsANumber", Reader::Contours,
     contourWith(R"(,"rawHoles":[5])"),
     {"t.json: contours[0].rawHoles[0]: must be an array, found 5"},
     Match::Whole},
    {"ReadContours_RejectsArrayAsRegion", Reader::Contours,
     contoursWith(R"({"region":[],"area":63,"vertices":)" + kTriangle + "}"),
     {"t.json: contours[0].region: must be an integer, found an array"},
     Match::Whole},
    {"ValidateFile_ReadsNullTrueAndFloatsBeforeTheFormat", Reader::Validate,
     R"({"a":null,"b":true,"c":1.5,"format":"build3d.settings",)"
     R"("version":2})",
     {"t.json: version: must be 1, found 2"}, Match::Whole},
    // A streamed key ("counts", "regions") given a value of each JSON kind
    // but an array, and each kind inside the streamed array: the reader
    // takes each kind by its own path (interchange/io_heightfield.cpp scalar).
    {"ReadHeightfield_RejectsNullCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "null"),
     {"t.json: counts: must be an array, found null"}, Match::Whole},
    {"ReadHeightfield_RejectsBooleanCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "true"),
     {"t.json: counts: must be an array, found true"}, Match::Whole},
    {"ReadHeightfield_RejectsStringCounts", Reader::Chf,
     chfWith("[1,2,0,1]", R"("1201")"),
     {"t.json: counts: must be an array, found the string \"1201\""},
     Match::Whole},
    {"ReadHeightfield_RejectsFloatCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "1.5"),
     {"t.json: counts: must be an array, found 1.5"}, Match::Whole},
    {"ReadHeightfield_RejectsNegativeCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "-4"),
     {"t.json: counts: must be an array, found -4"}, Match::Whole},
    {"ReadHeightfield_RejectsObjectCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "{}"),
     {"t.json: counts: must be an array, found an object"}, Match::Whole},
    {"ReadHeightfield_RejectsHugeCounts", Reader::Chf,
     chfWith("[1,2,0,1]", "18446744073709551615"),
     {"t.json: counts: must be an array, found 18446744073709551615"},
     Match::Whole},
    {"ReadHeightfield_RejectsBooleanRegionId", Reader::Chf,
     chf(kBody + R"(,"regions":[1,true,1,1])"),
     {"t.json: regions[1]: must be an integer, found true"}, Match::Whole},
    {"ReadHeightfield_RejectsStringRegionId", Reader::Chf,
     chf(kBody + R"(,"regions":[1,"1",1,1])"),
     {"t.json: regions[1]: must be an integer, found the string \"1\""},
     Match::Whole},
    {"ReadHeightfield_RejectsFloatLayerId", Reader::Chf,
     chf(kBody + R"(,"layers":[0,0,0.5,0])"),
     {"t.json: layers[2]: must be an integer, found 0.5 (a number written "
      "with a fraction or exponent is not an integer, even when whole)"},
     Match::Whole},
    {"ReadHeightfield_RejectsObjectRegionId", Reader::Chf,
     chf(kBody + R"(,"regions":[1,1,{},1])"),
     {"t.json: regions[2]: must be an integer, found an object"},
     Match::Whole},
    {"ReadHeightfield_RejectsHugeRegionId", Reader::Chf,
     chf(kBody + R"(,"regions":[18446744073709551615,1,1,1])"),
     {"t.json: regions[0]: 18446744073709551615 is out of range "
      "(0 <= region id <= 65535)"}, Match::Whole},
    // A negative integer outside the streamed arrays (nlohmann hands
    // non-negative ones over as unsigned).
    {"ReadHeightfield_RejectsNegativeWidth", Reader::Chf,
     chfWith("\"width\":2", "\"width\":-2"),
     {"t.json: width: -2 is out of range (1 <= width <= 32767)"},
     Match::Whole},
    {"ReadHeightfield_RejectsArrayInsideASpan", Reader::Chf,
     chfWith("[[0,63,", "[[0,[63],"),
     {"t.json: spans[0] area: must be an integer, found an array"},
     Match::Whole},
    // The other readers: a negative number at the top level, an object
    // inside an integer array, a vertex entry beyond 32 bits.
    {"ReadSettings_RejectsNegativeTopLevelNumber", Reader::Settings, "-5",
     {"t.json: top level: must be a JSON object, found -5"}, Match::Whole},
    {"ReadRegions_RejectsObjectAsRegionId", Reader::Regions,
     regionsWith(R"("regionCount":1,"regions":[1,{"a":1},1])"),
     {"t.json: regions[1]: must be an integer, found an object"},
     Match::Whole},
    {"ReadContours_RejectsVertexYAbove32Bits", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":)"
                  R"([[0,3000000000,0,-1],[2,0,0,-1],[0,0,2,-1]]})"),
     {"t.json: contours[0].vertices[0] y: 3000000000 is out of range "
      "(-2147483648 <= y <= 2147483647)"}, Match::Whole},
    {"ReadContours_RejectsVertexXBelow32Bits", Reader::Contours,
     contoursWith(R"({"region":1,"area":63,"vertices":)"
                  R"([[0,0,0,-1],[-3000000000,0,0,-1],[0,0,2,-1]]})"),
     {"t.json: contours[0].vertices[1] x: -3000000000 is out of range "
      "(-2147483648 <= x <= 2147483647)"}, Match::Whole},
    // The NaN hint: a word ending in "n" that is not a lone "n" (a broken
    // false), a lower-case nan, letters after a decimal point.
    {"ReadHeightfield_NoNaNHintForABrokenFalse", Reader::Chf,
     chfWith("[10,1,", "[fn,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 122: syntax "
      "error while parsing value - invalid literal; last read: '-1],[fn'"},
     Match::Whole},
    {"ReadHeightfield_NaNHintForALowerCaseNan", Reader::Chf,
     chfWith("[10,1,", "[nan,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 122: syntax "
      "error while parsing value - invalid literal; last read: '-1],[na' "
      "(NaN and Infinity are not JSON numbers)"}, Match::Whole},
    {"ReadHeightfield_NoNaNHintForLettersAfterAPoint", Reader::Chf,
     chfWith("[10,1,", "[1.I,1,"),
     {"t.json: not valid JSON: parse error at line 1, column 123: syntax "
      "error while parsing value - invalid number; expected digit after "
      "'.'; last read: '1.I'"}, Match::Whole},
    {"ReadHeightfield_NoNaNHintForALoneNAtTheEnd", Reader::Chf,
     chfWith("[10,1,", "[n,1,").substr(0, 121),
     {"t.json: not valid JSON: parse error at line 1, column 122: syntax "
      "error while parsing value - invalid literal; last read: '-1],[n'"},
     Match::Whole},
};
// clang-format on

// One test for the whole table (one process, not one per row); a failure
// names its row.
TEST(IoRules, EveryRowIsRejectedNamingKeyAndRule) {
  for (const RuleCase& rule : kRuleCases) {
    SCOPED_TRACE(rule.name);
    const std::string message = rejectionOf(rule.reader, rule.text);
    if (rule.match == Match::Whole) {
      EXPECT_EQ(message, rule.parts.front());
      continue;
    }
    for (const std::string& part : rule.parts) {
      EXPECT_NE(message.find(part), std::string::npos)
          << "message: " << message << "\nmissing: " << part;
    }
  }
  EXPECT_EQ(kRuleCases.size(), 180u) << "rows were added or lost";
}

// validate dispatches on the document's own "format" to the same readers,
// so every row whose document names the reader's format is rejected by
// validate with the same message.
TEST(IoRules, ValidateAgreesWithEachReader) {
  int checked = 0;
  for (const RuleCase& rule : kRuleCases) {
    if (rule.reader == Reader::Validate) continue;
    const std::string expected = rejectionOf(rule.reader, rule.text);
    if (expected.find("format:") != std::string::npos) continue;
    EXPECT_EQ(validationErrorOf(rule.text), expected) << rule.name;
    ++checked;
  }
  EXPECT_GT(checked, 90);
}

// ---------------------------------------------------------------------------
// Heightfield: accepted documents

TEST(ReadHeightfield, AcceptsValidDocumentAndIndexesIt) {
  const Heightfield hf = parseChf(chf(kBody));
  EXPECT_EQ(hf.width, 2);
  EXPECT_EQ(hf.depth, 2);
  EXPECT_EQ(hf.spanCount(), 4);
  EXPECT_EQ(hf.cellStart, (std::vector<int>{0, 1, 3, 3}));
  EXPECT_EQ(hf.spanCell, (std::vector<int>{0, 1, 1, 3}));
  EXPECT_EQ(hf.spans[2].y, 10);
  EXPECT_EQ(hf.spans[2].area, 1);
  EXPECT_EQ(hf.linkTarget(3, 3), 1);
  EXPECT_FALSE(hf.regions.has_value());
  EXPECT_FALSE(hf.layers.has_value());
}

TEST(ReadHeightfield, AcceptsKeysInAnyOrder) {
  const Heightfield hf =
      parseChf(R"({"spans":[[5,2,-1,-1,-1,-1]],"counts":[1],"depth":1,)"
               R"("version":1,"width":1,"format":"build3d.chf"})");
  EXPECT_EQ(hf.spanCount(), 1);
  EXPECT_EQ(hf.spans[0].y, 5);
}

TEST(ReadHeightfield, IgnoresUnknownTopLevelKeys) {
  const Heightfield hf = parseChf(
      chf(R"("comment":{"a":[1,2,{"b":null}]},"counts2":[1.5],)" + kBody));
  EXPECT_EQ(hf.spanCount(), 4);
}

TEST(ReadHeightfield, AcceptsRegionsAndLayers) {
  const Heightfield hf =
      parseChf(chf(kBody + R"(,"regions":[1,1,2,1],"layers":[0,0,65535,0])"));
  EXPECT_EQ(hf.regions, (std::vector<int>{1, 1, 2, 1}));
  EXPECT_EQ(hf.layers, (std::vector<int>{0, 0, 65535, 0}));
}

TEST(ReadHeightfield, AcceptsNegativeZeroIntegerAsZero) {
  const Heightfield hf = parseChf(chfWith("[10,1,", "[10,-0,"));
  EXPECT_EQ(hf.spans[2].area, 0);
}

TEST(ReadHeightfield, AcceptsEmptyCells) {
  const Heightfield hf =
      parseChf(chf(R"("width":3,"depth":1,"counts":[0,0,0],"spans":[])"));
  EXPECT_EQ(hf.spanCount(), 0);
  EXPECT_EQ(hf.cellStart, (std::vector<int>{0, 0, 0}));
}

TEST(ReadHeightfield, AcceptsLargeDocument) {
  // 500 x 400 cells, one span each, linked to every neighbour: 200k spans.
  const int width = 500, depth = 400;
  std::string text = R"({"format":"build3d.chf","version":1,"width":500,)"
                     R"("depth":400,"counts":[)";
  for (int c = 0; c < width * depth; ++c) text += c > 0 ? ",1" : "1";
  text += R"(],"spans":[)";
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) {
      text += (x + z > 0 ? ",[" : "[") + std::to_string(x % 7) + ",63";
      for (int d = 0; d < 4; ++d) {
        const bool inside = x + kDirX[d] >= 0 && x + kDirX[d] < width &&
                            z + kDirZ[d] >= 0 && z + kDirZ[d] < depth;
        text += inside ? ",0" : ",-1";
      }
      text += "]";
    }
  }
  text += "]}";
  const Heightfield hf = parseChf(text);
  EXPECT_EQ(hf.spanCount(), width * depth);
  EXPECT_EQ(hf.spans.back().y, (width - 1) % 7);
  EXPECT_EQ(hf.cellX(width * depth - 1), width - 1);
}

TEST(ReadHeightfield, AcceptsNestingOf64Levels) {
  // The top-level object is level 1, so "extra" may hold 63 more.
  const std::string nested = std::string(63, '[') + std::string(63, ']');
  EXPECT_EQ(parseChf(chf(R"("extra":)" + nested + "," + kBody)).spanCount(), 4);
}

TEST(ReadHeightfield, AcceptsRegionZeroAcrossAreas) {
  const Heightfield hf = parseChf(chf(kBody + R"(,"regions":[0,1,0,1])"));
  EXPECT_EQ(hf.regions, (std::vector<int>{0, 1, 0, 1}));
}

// ---------------------------------------------------------------------------
// Heightfield files

TEST(ReadHeightfieldFile, ReadsFileAndNamesItInMessages) {
  const TempFile good("good.chf.json", chf(kBody));
  EXPECT_EQ(readHeightfieldFile(good.path()).spanCount(), 4);
  const TempFile bad("bad.chf.json", chfWith("\"width\":2", "\"width\":0"));
  try {
    readHeightfieldFile(bad.path());
    ADD_FAILURE() << "accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()).rfind(bad.path() + ": width: ", 0), 0u)
        << error.what();
  }
}

TEST(ReadHeightfieldFile, ReadsStandardInputForDash) {
  std::istringstream fake(chf(kBody));
  std::streambuf* const saved = std::cin.rdbuf(fake.rdbuf());
  const Heightfield hf = readHeightfieldFile("-");
  std::cin.rdbuf(saved);
  EXPECT_EQ(hf.spanCount(), 4);
}

TEST(ReadHeightfieldFile, RejectsMissingFile) {
  EXPECT_THROW(readHeightfieldFile("/nonexistent/regcon/a.chf.json"),
               InputError);
}

TEST(ReadHeightfieldFile, RejectsDirectory) {
  try {
    readHeightfieldFile(::testing::TempDir());
    ADD_FAILURE() << "accepted a directory";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("is a directory"),
              std::string::npos)
        << error.what();
  }
}

// ---------------------------------------------------------------------------
// Settings (§2)

Settings parseSettings(const std::string& text) {
  std::istringstream in(text);
  return readSettings(in, "s.json");
}

// Unknown top-level keys are ignored whatever their value (interchange
// §2, A13): an array, an object, null, a string.
TEST(ReadSettings, IgnoresUnknownTopLevelKeysOfEveryKind) {
  const Settings settings = parseSettings(
      settingsWith(R"("list":[1,[2]],"map":{"a":{}},"none":null,"name":"x",)"
                   R"("minRegionArea":7)"));
  EXPECT_EQ(settings.minRegionArea, 7);
  EXPECT_EQ(settings.mergeRegionArea, Settings{}.mergeRegionArea);
}

TEST(ReadSettings, MissingKeysTakeDefaults) {
  const Settings settings = parseSettings(settingsWith(""));
  const Settings defaults;
  EXPECT_EQ(settings.partition, defaults.partition);
  EXPECT_EQ(settings.minRegionArea, defaults.minRegionArea);
  EXPECT_EQ(settings.mergeRegionArea, defaults.mergeRegionArea);
  EXPECT_EQ(settings.maxError, defaults.maxError);
  EXPECT_EQ(settings.maxEdgeLength, defaults.maxEdgeLength);
  EXPECT_EQ(settings.straightRegionBorders, defaults.straightRegionBorders);
  EXPECT_EQ(settings.borderRegion, defaults.borderRegion);
  EXPECT_EQ(settings.rawContours, defaults.rawContours);
}

// The partition names of interchange §2 both ways; a value outside the
// enum (which no reader makes) gets the placeholder, not a crash.
TEST(PartitionNames, RoundTripAndAnUnknownValueIsNamedByThePlaceholder) {
  for (const auto& [partition, name] :
       std::vector<std::pair<Partition, std::string>>{
           {Partition::Watershed, "watershed"},
           {Partition::Monotone, "monotone"},
           {Partition::Layers, "layers"},
           {Partition::LayerFirst, "layer-first"}}) {
    EXPECT_EQ(partitionName(partition), name);
    EXPECT_EQ(parsePartition(name), partition) << name;
  }
  EXPECT_EQ(parsePartition("Watershed"), std::nullopt);
  EXPECT_STREQ(partitionName(static_cast<Partition>(7)), "?");
}

TEST(ReadSettings, ReadsEveryKey) {
  const Settings s = parseSettings(settingsWith(
      R"("partition":"layer-first","minRegionArea":2147483647,)"
      R"("mergeRegionArea":0,"maxError":0,"maxEdgeLength":3,)"
      R"("straightRegionBorders":false,"borderRegion":2,"rawContours":true,)"
      R"("unknown":[1])"));
  EXPECT_EQ(s.partition, Partition::LayerFirst);
  EXPECT_EQ(s.minRegionArea, 2147483647);
  EXPECT_EQ(s.mergeRegionArea, 0);
  EXPECT_EQ(s.maxError, 0.0);
  EXPECT_EQ(s.maxEdgeLength, 3);
  EXPECT_FALSE(s.straightRegionBorders);
  EXPECT_EQ(s.borderRegion, 2);
  EXPECT_TRUE(s.rawContours);
}

TEST(ReadSettings, AcceptsNegativeZeroMaxErrorAsZero) {
  const Settings s = parseSettings(settingsWith(R"("maxError":-0.0)"));
  EXPECT_EQ(s.maxError, 0.0);
  EXPECT_FALSE(std::signbit(s.maxError));
}

TEST(ReadSettings, AcceptsIntegerMaxError) {
  EXPECT_EQ(parseSettings(settingsWith(R"("maxError":2)")).maxError, 2.0);
}

// "-" is standard input for settings too, named "<stdin>" in messages.
TEST(ReadSettingsFile, ReadsStandardInputForDash) {
  for (const auto& [text, expected] :
       std::vector<std::pair<std::string, std::string>>{
           {settingsWith(R"("maxError":2.5)"), ""},
           {settingsWith(R"("maxError":"2")"),
            "<stdin>: maxError: must be a finite number >= 0, found the "
            "string \"2\""}}) {
    std::istringstream fake(text);
    std::streambuf* const saved = std::cin.rdbuf(fake.rdbuf());
    try {
      EXPECT_EQ(readSettingsFile("-").maxError, 2.5);
      EXPECT_EQ(expected, "");
    } catch (const InputError& error) {
      EXPECT_EQ(error.what(), expected);
    }
    std::cin.rdbuf(saved);
  }
}

TEST(ReadSettingsFile, ReadsFile) {
  const TempFile file("s.settings.json", settingsWith(R"("maxError":0.25)"));
  EXPECT_EQ(readSettingsFile(file.path()).maxError, 0.25);
}

// ---------------------------------------------------------------------------
// Regions (§3)

// Unknown top-level keys of a regions document are skipped whatever they
// hold (interchange §3 reads only its own keys).
TEST(ReadRegions, IgnoresUnknownKeysHoldingArraysAndObjects) {
  std::istringstream in(regionsWith(
      R"("regionCount":1,"regions":[1],"extra":[1,{"a":2}],"more":{"b":[3]})"));
  const RegionResult r = readRegions(in, "r.json");
  EXPECT_EQ(r.regionCount, 1);
  EXPECT_EQ(r.regions, (std::vector<int>{1}));
}

TEST(ReadRegions, AcceptsDocumentWithoutDistances) {
  std::istringstream in(regionsWith(R"("regionCount":2,"regions":[0,1,2])"));
  const RegionResult r = readRegions(in, "r.json");
  EXPECT_EQ(r.regionCount, 2);
  EXPECT_EQ(r.regions, (std::vector<int>{0, 1, 2}));
  EXPECT_FALSE(r.distances.has_value());
}

// ---------------------------------------------------------------------------
// Contours (§4)

// The keys of a contour come in any order: a raw outline before the
// outline is still a raw outline, and the outline is still required.
TEST(ReadContours, AcceptsTheRawOutlineBeforeTheOutline) {
  const std::string square = R"([[0,0,0,-1],[0,0,1,-1],[1,0,1,-1],[1,0,0,-1]])";
  std::istringstream in(contoursWith(R"({"region":1,"area":63,"rawOutline":)" +
                                     square + R"(,"vertices":)" + kTriangle +
                                     "}"));
  const ContourSet set = readContours(in, "t.json");
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices,
            (Loop{{0, 0, 0, -1}, {2, 0, 0, -1}, {0, 0, 2, -1}}));
  ASSERT_TRUE(set.contours[0].rawOutline.has_value());
  EXPECT_EQ(set.contours[0].rawOutline->size(), 4u);
  EXPECT_EQ(rejectionOf(Reader::Contours,
                        contoursWith(R"({"region":1,"area":63,"rawOutline":)" +
                                     square + "}")),
            "t.json: contours[0].vertices: missing (required)");
}

TEST(ReadContours, AcceptsContourWithRawLoops) {
  std::istringstream in(contourWith(R"(,"rawOutline":)" + kTriangle +
                                    R"(,"rawHoles":[[],)" + kTriangle + "]"));
  const ContourSet set = readContours(in, "c.json");
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].vertices.size(), 3u);
  EXPECT_EQ(set.contours[0].vertices[1], (ContourVertex{2, 0, 0, -1}));
  ASSERT_TRUE(set.contours[0].rawHoles.has_value());
  EXPECT_EQ(set.contours[0].rawHoles->size(), 2u);
}

// ---------------------------------------------------------------------------
// Result (§6)

TEST(ReadResult, AcceptsResult) {
  std::istringstream in(resultWith(kRegionsDoc, contourWith("")));
  const StageResult r = readResult(in, "r.json");
  EXPECT_EQ(r.regions.regionCount, 1);
  EXPECT_EQ(r.contours.contours.size(), 1u);
}

// ---------------------------------------------------------------------------
// Writers and round trips

Heightfield sampleHeightfield() {
  Heightfield hf = testing::gridFromAscii({"a1#", "aa.", "9.b"});
  hf.regions = std::vector<int>(hf.spans.size(), 0);
  hf.layers = std::vector<int>(hf.spans.size(), 65535);
  (*hf.regions)[0] = 7;
  return hf;
}

ContourSet sampleContours() {
  ContourSet set;
  set.rawFallbacks = 2;
  set.droppedHoles = 1;
  Contour plain;
  plain.region = 3;
  plain.area = 63;
  plain.vertices = {{0, 1, 0, -1}, {4, 1, 0, 5}, {4, 1, 4, 0}};
  Contour raw = plain;
  raw.region = 4;
  raw.rawOutline = Loop{{0, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 1, 1}};
  raw.rawHoles = std::vector<Loop>{Loop{}, plain.vertices};
  set.contours = {plain, raw};
  return set;
}

TEST(WriteHeightfield, WritesCanonicalCompactJson) {
  Heightfield hf = parseChf(chf(kBody));
  EXPECT_EQ(written(hf, writeHeightfield), chf(kBody) + "\n");
  hf.regions = std::vector<int>{1, 1, 2, 1};
  EXPECT_EQ(written(hf, writeHeightfield),
            chf(kBody + R"(,"regions":[1,1,2,1])") + "\n");
}

TEST(WriteHeightfield, RoundTripsExactly) {
  const Heightfield hf = sampleHeightfield();
  const std::string text = written(hf, writeHeightfield);
  const Heightfield back = parseChf(text);
  expectSameHeightfield(hf, back);
  EXPECT_EQ(written(back, writeHeightfield), text);
}

TEST(WriteSettings, WritesEveryKeyInOrder) {
  EXPECT_EQ(written(Settings{}, writeSettings),
            R"({"format":"build3d.settings","version":1,)"
            R"("partition":"watershed","minRegionArea":64,)"
            R"("mergeRegionArea":400,"maxError":1.3,"maxEdgeLength":12,)"
            R"("straightRegionBorders":true,"borderRegion":0,)"
            R"("rawContours":false})"
            "\n");
}

TEST(WriteSettings, RoundTripsExactly) {
  Settings s;
  s.partition = Partition::LayerFirst;
  s.minRegionArea = 2147483647;
  s.mergeRegionArea = 0;
  s.maxError = 0.1 + 0.2;  // needs all 17 digits
  s.maxEdgeLength = 0;
  s.straightRegionBorders = false;
  s.borderRegion = 3;
  s.rawContours = true;
  const std::string text = written(s, writeSettings);
  const Settings back = parseSettings(text);
  EXPECT_EQ(back.partition, s.partition);
  EXPECT_EQ(back.minRegionArea, s.minRegionArea);
  EXPECT_EQ(back.mergeRegionArea, s.mergeRegionArea);
  EXPECT_EQ(back.maxError, s.maxError);
  EXPECT_EQ(back.maxEdgeLength, s.maxEdgeLength);
  EXPECT_EQ(back.straightRegionBorders, s.straightRegionBorders);
  EXPECT_EQ(back.borderRegion, s.borderRegion);
  EXPECT_EQ(back.rawContours, s.rawContours);
  EXPECT_EQ(written(back, writeSettings), text);
}

TEST(WriteRegions, RoundTripsWithAndWithoutDistances) {
  RegionResult r;
  r.regionCount = 70000;  // above 16 bits (interchange §3)
  r.regions = {0, 1, 2, 70000};
  EXPECT_EQ(
      written(r, writeRegions),
      regionsWith(R"("regionCount":70000,"regions":[0,1,2,70000])") + "\n");
  for (bool withDistances : {false, true}) {
    if (withDistances) r.distances = std::vector<int>{0, 3, 2147483647, 1};
    const std::string text = written(r, writeRegions);
    std::istringstream in(text);
    expectSameRegions(r, readRegions(in, "r.json"));
  }
}

// Interchange §3: a 512 x 512 checkerboard of two areas has one region per
// cell, 512 * 512 = 262,144 ids. A regions document and the regions of a
// result carry ids that far above 16 bits (and contours name them). (That a
// heightfield's own regions keep 16 bits is the row
// ReadHeightfield_RejectsRegionIdAbove65535 of IoRules.)
TEST(WriteRegions, RoundTripsTheIdsOfA512CheckerboardAbove16Bits) {
  constexpr int kSide = 512;
  HeightfieldBuilder builder(kSide, kSide);
  for (int z = 0; z < kSide; ++z) {
    for (int x = 0; x < kSide; ++x) builder.add(x, z, 0, 1 + (x + z) % 2);
  }
  const Heightfield hf = builder.build(LinkRule{1, false});
  ASSERT_EQ(hf.spanCount(), kSide * kSide);
  StageResult result;
  RegionResult& regions = result.regions;
  regions.regionCount = kSide * kSide;  // one region per cell
  regions.regions.resize(hf.spans.size());
  std::iota(regions.regions.begin(), regions.regions.end(), 1);
  std::istringstream in(written(regions, writeRegions));
  const RegionResult back = readRegions(in, "r.json");
  expectSameRegions(regions, back);
  EXPECT_EQ(back.regionCount, 262144);
  EXPECT_EQ(back.regions.back(), 262144);

  Contour last;  // the square of the last cell, (511, 511)
  last.region = 262144;
  last.area = hf.spans.back().area;
  last.vertices = {
      {511, 0, 511, 0}, {511, 0, 512, -1}, {512, 0, 512, -1}, {512, 0, 511, 0}};
  result.contours.contours = {last};
  std::istringstream resultIn(written(result, writeResult));
  const StageResult resultBack = readResult(resultIn, "r.json");
  expectSameRegions(result.regions, resultBack.regions);
  expectSameContours(result.contours, resultBack.contours);
}

TEST(WriteContours, RoundTripsWithAndWithoutRawLoops) {
  const ContourSet set = sampleContours();
  const std::string text = written(set, writeContours);
  EXPECT_EQ(text.find("rawOutline"), text.rfind("rawOutline"))
      << "only the second contour has raw loops: " << text;
  std::istringstream in(text);
  const ContourSet back = readContours(in, "c.json");
  expectSameContours(set, back);
  EXPECT_FALSE(back.contours[0].rawOutline.has_value());
  EXPECT_FALSE(back.contours[0].rawHoles.has_value());
  EXPECT_EQ(written(back, writeContours), text);
}

TEST(WriteResult, WritesBothSubDocumentsAndRoundTrips) {
  StageResult result;
  result.regions.regionCount = 1;
  result.regions.regions = {1, 1, 0};
  result.regions.distances = std::vector<int>{0, 1, 0};
  result.contours = sampleContours();
  const std::string text = written(result, writeResult);
  EXPECT_EQ(text.rfind(R"({"format":"build3d.result","version":1,)"
                       R"("regions":{"format":"build3d.regions",)",
                       0),
            0u);
  EXPECT_NE(text.find(R"(,"contours":{"format":"build3d.contours",)"),
            std::string::npos);
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
  std::istringstream in(text);
  const StageResult back = readResult(in, "r.json");
  expectSameRegions(result.regions, back.regions);
  expectSameContours(result.contours, back.contours);
}

// ---------------------------------------------------------------------------
// readCappedResult: a foreign command's output, read under a byte cap

// An endless document: a result header, then "0," forever in an unknown
// key. Counts the bytes it hands out.
class EndlessResult : public std::streambuf {
 public:
  std::size_t handedOut = 0;

 protected:
  int_type underflow() override {
    if (!started_) {
      text_ = R"({"format":"build3d.result","version":1,"x":[)";
      started_ = true;
    } else {
      text_.assign(4096, '0');
      for (std::size_t i = 1; i < text_.size(); i += 2) text_[i] = ',';
    }
    handedOut += text_.size();
    setg(text_.data(), text_.data(), text_.data() + text_.size());
    return traits_type::to_int_type(text_[0]);
  }

 private:
  bool started_ = false;
  std::string text_;
};

TEST(ReadCappedResult, ReadsADocumentWithinTheCap) {
  const std::string text = resultWith(kRegionsDoc, contourWith(""));
  std::istringstream in(text);
  const StageResult result =
      readCappedResult(in, "out", ByteCap{text.size(), "raise it"});
  EXPECT_EQ(result.regions.regions, (std::vector<int>{1, 1, 1}));
}

// A document that ends before the cap: the source runs dry first.
TEST(ReadCappedResult, ReadsADocumentShorterThanTheCap) {
  const std::string text = resultWith(kRegionsDoc, contourWith(""));
  std::istringstream in(text);
  const StageResult result =
      readCappedResult(in, "out", ByteCap{text.size() + 100, "raise it"});
  EXPECT_EQ(result.regions.regions, (std::vector<int>{1, 1, 1}));
  ASSERT_EQ(result.contours.contours.size(), 1u);
  EXPECT_EQ(result.contours.contours[0].vertices.size(), 3u);
}

TEST(ReadCappedResult, StopsAnEndlessStreamAtTheCap) {
  EndlessResult endless;
  std::istream in(&endless);
  try {
    readCappedResult(in, "out", ByteCap{1 << 20, "raise it with --flag"});
    ADD_FAILURE() << "an endless document was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              "out: larger than 1048576 bytes, the limit (raise it with "
              "--flag)");
  }
  EXPECT_LE(endless.handedOut, (1u << 20) + 2 * 4096);
}

TEST(ReadCappedResult, KeepsTheReadersMessageForABadDocumentUnderTheCap) {
  std::istringstream in(resultWith("[]", contourWith("")));
  try {
    readCappedResult(in, "out", ByteCap{1 << 20, "raise it"});
    ADD_FAILURE() << "accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("out: regions: must be an object"),
              std::string::npos)
        << error.what();
  }
}

// ---------------------------------------------------------------------------
// validateFile

TEST(ValidateFile, ReturnsFormatOfEachDocumentType) {
  const TempFile a("v.chf.json", chf(kBody));
  const TempFile b("v.settings.json", settingsWith(""));
  const TempFile c("v.regions.json", kRegionsDoc);
  const TempFile d("v.contours.json", contourWith(""));
  const TempFile e("v.result.json", resultWith(kRegionsDoc, contourWith("")));
  EXPECT_EQ(validateFile(a.path()), "build3d.chf");
  EXPECT_EQ(validateFile(b.path()), "build3d.settings");
  EXPECT_EQ(validateFile(c.path()), "build3d.regions");
  EXPECT_EQ(validateFile(d.path()), "build3d.contours");
  EXPECT_EQ(validateFile(e.path()), "build3d.result");
}

TEST(ValidateFile, FindsFormatAfterOtherKeys) {
  const TempFile file("late.chf.json",
                      "{" + kBody + R"(,"version":1,"format":"build3d.chf"})");
  EXPECT_EQ(validateFile(file.path()), "build3d.chf");
}

TEST(ValidateFile, ReadsStandardInputForDash) {
  std::istringstream fake(settingsWith(R"("maxError":1)"));
  std::streambuf* const saved = std::cin.rdbuf(fake.rdbuf());
  const std::string format = validateFile("-");
  std::cin.rdbuf(saved);
  EXPECT_EQ(format, "build3d.settings");
}

// What validate reads from standard input, or from a pipe, it reads once:
// the replay buffer hands the bytes the format sniffer took to the reader
// again. `text` is read as standard input; the error, if any, is returned.
std::string validateStandardInput(const std::string& text,
                                  std::string* format = nullptr) {
  std::istringstream fake(text);
  std::streambuf* const saved = std::cin.rdbuf(fake.rdbuf());
  std::string message;
  try {
    const std::string found = validateFile("-");
    if (format != nullptr) *format = found;
  } catch (const InputError& error) {
    message = error.what();
  }
  std::cin.rdbuf(saved);
  return message;
}

// The problems of the header are named as on a file, with the document
// named "<stdin>".
TEST(ValidateFile, NamesHeaderProblemsOnStandardInput) {
  EXPECT_EQ(validateStandardInput(R"({"version":1})"),
            "<stdin>: format: missing (expected one of build3d.chf, "
            "build3d.settings, build3d.regions, build3d.contours, "
            "build3d.result)");
  EXPECT_EQ(validateStandardInput(R"({"format":5})"),
            "<stdin>: format: must be a string naming the document type, "
            "found 5");
  EXPECT_EQ(validateStandardInput(R"({"format":[1]})"),
            "<stdin>: format: must be a string naming the document type, "
            "found an array");
  EXPECT_EQ(validateStandardInput("[1]"),
            "<stdin>: top level: must be a JSON object, found an array");
  EXPECT_EQ(validateStandardInput("{\"a\":"),
            "<stdin>: not valid JSON: parse error at line 1, column 6: syntax "
            "error while parsing value - unexpected end of input; expected "
            "'[', '{', or a literal");
}

// A document longer than the sniffer's first chunk (64 KiB): the reader
// gets the recorded chunk back, then the rest straight from the stream, so
// a rule broken past the first chunk is still found, and a good document
// is read whole.
TEST(ValidateFile, ReadsStandardInputPastTheSniffedChunk) {
  const std::string filler = "\"note\":\"" + std::string(200000, 'x') + "\"";
  std::string format;
  EXPECT_EQ(
      validateStandardInput(settingsWith(filler + R"(,"maxError":2)"), &format),
      "");
  EXPECT_EQ(format, "build3d.settings");
  EXPECT_EQ(validateStandardInput(settingsWith(filler + R"(,"maxError":-1)")),
            "<stdin>: maxError: must be a finite number >= 0, found -1");
}

// A path that is not a regular file (here a pipe) is read once, through
// the replay buffer, and named by its path.
TEST(ValidateFile, ReadsAPipeOnce) {
  for (const auto& [text, expected] :
       std::vector<std::pair<std::string, std::string>>{
           {settingsWith(R"("maxError":2)"), ""},
           {settingsWith(R"("maxError":true)"),
            ": maxError: must be a finite number >= 0, found true"}}) {
    int ends[2];
    ASSERT_EQ(pipe(ends), 0);
    ASSERT_EQ(write(ends[1], text.data(), text.size()),
              static_cast<ssize_t>(text.size()));  // fits the pipe's buffer
    close(ends[1]);
    const std::string path = "/dev/fd/" + std::to_string(ends[0]);
    try {
      EXPECT_EQ(validateFile(path), "build3d.settings");
      EXPECT_EQ(expected, "");
    } catch (const InputError& error) {
      EXPECT_EQ(error.what(), path + expected);
    }
    close(ends[0]);
  }
}

TEST(ValidateFile, RejectsMissingFile) {
  EXPECT_THROW(validateFile("/nonexistent/regcon/v.json"), InputError);
}

// ---------------------------------------------------------------------------
// Shared vectors

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void checkVectorRoundTrip(const std::filesystem::path& path) {
  SCOPED_TRACE(path.string());
  const std::string name = path.filename().string();
  std::istringstream in(readAll(path));
  if (name.ends_with(".chf.json")) {
    const Heightfield hf = readHeightfield(in, name);
    expectSameHeightfield(hf, parseChf(written(hf, writeHeightfield)));
  } else if (name.ends_with(".settings.json")) {
    const Settings s = readSettings(in, name);
    EXPECT_EQ(written(parseSettings(written(s, writeSettings)), writeSettings),
              written(s, writeSettings));
  } else {
    const StageResult r = readResult(in, name);
    std::istringstream again(written(r, writeResult));
    const StageResult back = readResult(again, name);
    expectSameRegions(r.regions, back.regions);
    expectSameContours(r.contours, back.contours);
  }
}

TEST(IoVectors, ReadsEverySharedVector) {
  const std::string shared = testing::sharedDir();
  if (shared.empty()) GTEST_SKIP() << "../shared is absent";
  int read = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(shared + "/vectors")) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with(".chf.json") && !name.ends_with(".settings.json") &&
        !name.ends_with(".result.json")) {
      continue;
    }
    EXPECT_NO_THROW(validateFile(entry.path().string())) << name;
    EXPECT_NO_THROW(checkVectorRoundTrip(entry.path())) << name;
    ++read;
  }
  EXPECT_GT(read, 0) << "no vectors in " << shared << "/vectors";
}

}  // namespace
}  // namespace regcon
