// Interchange documents (interchange.md §1-§4, §6): one test per rule a
// reader enforces, each checking that InputError names the key or span and
// the rule; round trips through the canonical writers; the shared vectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <string>

#include "core/io.h"
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

template <typename Read>
std::string rejectionOf(Read read, const std::string& text) {
  std::istringstream in(text);
  try {
    read(in, "t.json");
  } catch (const InputError& error) {
    return error.what();
  }
  ADD_FAILURE() << "accepted: " << text.substr(0, 300);
  return "";
}

// Asserts that `read` rejects `text` with a message holding every part.
template <typename Read>
void expectRejected(Read read, const std::string& text,
                    std::initializer_list<std::string> parts) {
  const std::string message = rejectionOf(read, text);
  for (const std::string& part : parts) {
    EXPECT_NE(message.find(part), std::string::npos)
        << "message: " << message << "\nmissing: " << part;
  }
}

void expectChfRejected(const std::string& text,
                       std::initializer_list<std::string> parts) {
  expectRejected(readHeightfield, text, parts);
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

// ---------------------------------------------------------------------------
// Heightfield: JSON-level rules

TEST(ReadHeightfield, RejectsEmptyInput) {
  expectChfRejected("", {"t.json: not valid JSON: ", "unexpected end"});
}

TEST(ReadHeightfield, RejectsTruncatedJson) {
  const std::string text = chf(kBody);
  expectChfRejected(text.substr(0, text.size() - 1),
                    {"t.json: not valid JSON: ", "unexpected end of input"});
  expectChfRejected(text.substr(0, text.size() / 2),
                    {"t.json: not valid JSON: ", "line 1, column"});
}

TEST(ReadHeightfield, RejectsNonJson) {
  expectChfRejected("width = 3", {"t.json: not valid JSON: ", "line 1"});
}

TEST(ReadHeightfield, RejectsTrailingContent) {
  expectChfRejected(chf(kBody) + " {}",
                    {"t.json: not valid JSON: ", "expected end of input"});
}

TEST(ReadHeightfield, RejectsTopLevelArray) {
  expectChfRejected(
      "[1, 2]", {"t.json: top level: must be a JSON object", "found an array"});
}

TEST(ReadHeightfield, RejectsTopLevelScalar) {
  expectChfRejected("42",
                    {"t.json: top level: must be a JSON object", "found 42"});
}

TEST(ReadHeightfield, RejectsNaNLiteral) {
  expectChfRejected(
      chfWith("[10,1,", "[NaN,1,"),
      {"t.json: not valid JSON: ", "NaN and Infinity are not JSON numbers"});
}

TEST(ReadHeightfield, RejectsInfinityLiteral) {
  expectChfRejected(
      chfWith("[10,1,", "[-Infinity,1,"),
      {"t.json: not valid JSON: ", "NaN and Infinity are not JSON numbers"});
}

TEST(ReadHeightfield, RejectsNumberBeyondDouble) {
  expectChfRejected(chfWith("[10,1,", "[1e400,1,"),
                    {"t.json: not valid JSON: ", "number overflow", "1e400"});
}

TEST(ReadHeightfield, RejectsIntegerBeyondInt64) {
  expectChfRejected(
      chfWith("[10,1,", "[99999999999999999999,1,"),
      {"t.json: spans[2] y: ", "is out of range", "(0 <= y <= 65535)"});
}

TEST(ReadHeightfield, RejectsUnsignedBeyondInt64) {
  expectChfRejected(chfWith("\"width\":2", "\"width\":18446744073709551615"),
                    {"t.json: width: 18446744073709551615 is out of range"});
}

TEST(ReadHeightfield, RejectsNegativeIntegerBeyondInt64) {
  expectChfRejected(chfWith("[10,1,", "[10,1,-99999999999999999999,"),
                    {"t.json: spans[2] link 0: ", "is out of range"});
}

TEST(ReadHeightfield, RejectsWholeFloatWhereIntegerRequired) {
  expectChfRejected(chfWith("[1,2,0,1]", "[1,2.0,0,1]"),
                    {"t.json: counts[1]: must be an integer, found 2.0",
                     "not an integer, even when whole"});
}

TEST(ReadHeightfield, RejectsNegativeZeroFloatWhereIntegerRequired) {
  expectChfRejected(chfWith("[10,1,", "[-0.0,1,"),
                    {"t.json: spans[2] y: must be an integer, found -0.0"});
}

TEST(ReadHeightfield, RejectsDuplicateKey) {
  expectChfRejected(chf(R"("width":2,)" + kBody),
                    {"t.json: width: duplicate key"});
}

TEST(ReadHeightfield, RejectsDuplicateStreamedKey) {
  expectChfRejected(chf(kBody + R"(,"counts":[1,2,0,1])"),
                    {"t.json: counts: duplicate key"});
}

TEST(ReadHeightfield, RejectsDuplicateKeyInsideUnknownKey) {
  expectChfRejected(chf(R"("extra":{"a":[{"b":1,"b":2}]},)" + kBody),
                    {"t.json: extra.a[0].b: duplicate key"});
}

TEST(ReadHeightfield, RejectsDeepNesting) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  expectChfRejected(chf(R"("extra":)" + deep + "," + kBody),
                    {"t.json: extra[0][0]", "nesting deeper than 64 levels"});
}

TEST(ReadHeightfield, RejectsDeepNestingAtTopLevel) {
  expectChfRejected(std::string(100000, '['),
                    {"t.json: top level: must be a JSON object"});
}

TEST(ReadHeightfield, AcceptsNestingOf64Levels) {
  // The top-level object is level 1, so "extra" may hold 63 more.
  const std::string nested = std::string(63, '[') + std::string(63, ']');
  EXPECT_EQ(parseChf(chf(R"("extra":)" + nested + "," + kBody)).spanCount(), 4);
}

// ---------------------------------------------------------------------------
// Heightfield: header and grid

TEST(ReadHeightfield, RejectsMissingFormat) {
  expectChfRejected(R"({"version":1,)" + kBody + "}",
                    {"t.json: format: missing", "\"build3d.chf\""});
}

TEST(ReadHeightfield, RejectsWrongFormat) {
  std::string text = chf(kBody);
  text.replace(text.find("build3d.chf"), 11, "build3d.settings");
  EXPECT_EQ(rejectionOf(readHeightfield, text),
            "t.json: format: expected \"build3d.chf\", found the string "
            "\"build3d.settings\"");
}

TEST(ReadHeightfield, RejectsNonStringFormat) {
  expectChfRejected(R"({"format":7,"version":1,)" + kBody + "}",
                    {"t.json: format: expected \"build3d.chf\", found 7"});
}

TEST(ReadHeightfield, RejectsMissingVersion) {
  expectChfRejected(R"({"format":"build3d.chf",)" + kBody + "}",
                    {"t.json: version: missing (must be 1)"});
}

TEST(ReadHeightfield, RejectsVersionOtherThanOne) {
  expectChfRejected(R"({"format":"build3d.chf","version":2,)" + kBody + "}",
                    {"t.json: version: must be 1, found 2"});
  expectChfRejected(R"({"format":"build3d.chf","version":1.0,)" + kBody + "}",
                    {"t.json: version: must be 1, found 1.0"});
}

TEST(ReadHeightfield, RejectsMissingWidth) {
  expectChfRejected(chfWith("\"width\":2,", ""),
                    {"t.json: width: missing (required)"});
}

TEST(ReadHeightfield, RejectsZeroWidth) {
  EXPECT_EQ(rejectionOf(readHeightfield, chfWith("\"width\":2", "\"width\":0")),
            "t.json: width: 0 is out of range (1 <= width <= 32767)");
}

TEST(ReadHeightfield, RejectsWidthAbove32767) {
  expectChfRejected(
      chfWith("\"width\":2", "\"width\":32768"),
      {"t.json: width: 32768 is out of range", "(1 <= width <= 32767)"});
}

TEST(ReadHeightfield, RejectsNonIntegerDepth) {
  expectChfRejected(chfWith("\"depth\":2", "\"depth\":2.5"),
                    {"t.json: depth: must be an integer, found 2.5"});
  expectChfRejected(chfWith("\"depth\":2", "\"depth\":\"2\""),
                    {"t.json: depth: must be an integer, found the string"});
}

// ---------------------------------------------------------------------------
// Heightfield: counts and spans

TEST(ReadHeightfield, RejectsMissingCounts) {
  expectChfRejected(chfWith("\"counts\":[1,2,0,1],", ""),
                    {"t.json: counts: missing (required)"});
}

TEST(ReadHeightfield, RejectsCountsThatAreNotAnArray) {
  expectChfRejected(chfWith("[1,2,0,1]", "4"),
                    {"t.json: counts: must be an array, found 4"});
}

TEST(ReadHeightfield, RejectsCountsLengthOtherThanWidthTimesDepth) {
  expectChfRejected(
      chfWith("[1,2,0,1]", "[1,2,0,1,0]"),
      {"t.json: counts: has 5 entries", "expected width x depth = 4"});
}

TEST(ReadHeightfield, RejectsCountAbove63) {
  expectChfRejected(
      chfWith("[1,2,0,1]", "[1,2,64,1]"),
      {"t.json: counts[2]: 64 is out of range", "(0 <= count <= 63)"});
}

TEST(ReadHeightfield, RejectsNegativeCount) {
  expectChfRejected(chfWith("[1,2,0,1]", "[1,2,-1,1]"),
                    {"t.json: counts[2]: -1 is out of range"});
}

TEST(ReadHeightfield, RejectsNonIntegerCount) {
  expectChfRejected(chfWith("[1,2,0,1]", "[1,[2],0,1]"),
                    {"t.json: counts[1]: must be an integer, found an array"});
}

TEST(ReadHeightfield, RejectsMissingSpans) {
  expectChfRejected(chf(R"("width":1,"depth":1,"counts":[0])"),
                    {"t.json: spans: missing (required)"});
}

TEST(ReadHeightfield, RejectsSpansLengthOtherThanSumOfCounts) {
  expectChfRejected(chfWith("[1,2,0,1]", "[1,2,1,1]"),
                    {"t.json: spans: has 4 entries, but counts sum to 5"});
}

TEST(ReadHeightfield, RejectsSpanThatIsNotAnArray) {
  expectChfRejected(chfWith("[10,1,-1,-1,-1,-1]", "10"),
                    {"t.json: spans[2]: must be an array of exactly 6 "
                     "integers",
                     "found 10"});
}

TEST(ReadHeightfield, RejectsSpanWithFiveEntries) {
  expectChfRejected(
      chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,-1,-1]"),
      {"t.json: spans[2]: must be an array of exactly 6", "found 5 entries"});
}

TEST(ReadHeightfield, RejectsSpanWithSevenEntries) {
  expectChfRejected(chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,-1,-1,-1,0]"),
                    {"t.json: spans[2]: must be an array of exactly 6",
                     "found more entries"});
}

TEST(ReadHeightfield, RejectsSpanWithNonIntegerEntry) {
  expectChfRejected(chfWith("[10,1,-1,-1,-1,-1]", "[10,1,-1,null,-1,-1]"),
                    {"t.json: spans[2] link 1: must be an integer, found "
                     "null"});
}

TEST(ReadHeightfield, RejectsYAbove65535) {
  expectChfRejected(
      chfWith("[10,1,", "[65536,1,"),
      {"t.json: spans[2] y: 65536 is out of range", "(0 <= y <= 65535)"});
}

TEST(ReadHeightfield, RejectsNegativeY) {
  expectChfRejected(chfWith("[0,63,-1,-1,0,-1]", "[-1,63,-1,-1,0,-1]"),
                    {"t.json: spans[0] y: -1 is out of range"});
}

TEST(ReadHeightfield, RejectsYNotStrictlyIncreasingWithinCell) {
  expectChfRejected(chfWith("[10,1,", "[0,1,"),
                    {"t.json: spans[2] y: 0 is not above 0",
                     "spans[1] below it in cell (1, 0)",
                     "y must increase strictly within a cell"});
}

TEST(ReadHeightfield, RejectsAreaAbove255) {
  expectChfRejected(
      chfWith("[10,1,", "[10,256,"),
      {"t.json: spans[2] area: 256 is out of range", "(0 <= area <= 255)"});
}

TEST(ReadHeightfield, RejectsLinkBelowMinusOne) {
  expectChfRejected(
      chfWith("[10,1,-1,", "[10,1,-2,"),
      {"t.json: spans[2] link 0: -2 is out of range", "-1 <= link"});
}

TEST(ReadHeightfield, RejectsLinkOutsideGrid) {
  expectChfRejected(chfWith("[0,63,-1,-1,0,-1]", "[0,63,0,-1,0,-1]"),
                    {"t.json: spans[0] link 0: leads from cell (0, 0) to "
                     "cell (-1, 0), outside the grid",
                     "a link must stay inside the grid"});
}

TEST(ReadHeightfield, RejectsLinkToMissingSpan) {
  EXPECT_EQ(rejectionOf(readHeightfield,
                        chfWith("[0,63,-1,-1,-1,0]", "[0,63,-1,-1,-1,2]")),
            "t.json: spans[3] link 3: names span 2 of cell (1, 0), which "
            "holds 2 spans (a link must name an existing span in the "
            "neighbouring cell)");
}

TEST(ReadHeightfield, RejectsLinkIntoEmptyCell) {
  expectChfRejected(chfWith("[0,63,-1,-1,0,-1]", "[0,63,-1,0,0,-1]"),
                    {"t.json: spans[0] link 1: names span 0 of cell (0, 1), "
                     "which holds 0 spans"});
}

// ---------------------------------------------------------------------------
// Heightfield: regions and layers

TEST(ReadHeightfield, RejectsRegionsLengthOtherThanSpanCount) {
  expectChfRejected(chf(kBody + R"(,"regions":[1,1,2])"),
                    {"t.json: regions: has 3 entries, expected 4"});
}

TEST(ReadHeightfield, RejectsRegionIdAbove65535) {
  expectChfRejected(chf(kBody + R"(,"regions":[1,1,65536,1])"),
                    {"t.json: regions[2]: 65536 is out of range",
                     "(0 <= region id <= 65535)"});
}

TEST(ReadHeightfield, RejectsRegionsThatAreNotAnArray) {
  expectChfRejected(chf(kBody + R"(,"regions":{"a":1})"),
                    {"t.json: regions: must be an array, found an object"});
}

TEST(ReadHeightfield, RejectsLayersLengthOtherThanSpanCount) {
  expectChfRejected(chf(kBody + R"(,"layers":[0,0,0,0,0])"),
                    {"t.json: layers: has 5 entries, expected 4"});
}

TEST(ReadHeightfield, RejectsNegativeLayerId) {
  expectChfRejected(
      chf(kBody + R"(,"layers":[0,-1,0,0])"),
      {"t.json: layers[1]: -1 is out of range", "(0 <= layer id <= 65535)"});
}

TEST(ReadHeightfield, RejectsRegionWithTwoAreaIds) {
  // Readings R12: spans 0 (area 63) and 2 (area 1) both in region 5.
  expectChfRejected(
      chf(kBody + R"(,"regions":[5,3,5,3])"),
      {"t.json: regions[2]: region 5",
       "spans[0] of area 63 and spans[2] of area 1", "readings R12"});
}

TEST(ReadHeightfield, AcceptsRegionZeroAcrossAreas) {
  const Heightfield hf = parseChf(chf(kBody + R"(,"regions":[0,1,0,1])"));
  EXPECT_EQ(hf.regions, (std::vector<int>{0, 1, 0, 1}));
}

// ---------------------------------------------------------------------------
// Heightfield files

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
  expectRejected(
      [](std::istream&, const std::string&) {
        return readHeightfieldFile(::testing::TempDir());
      },
      "", {"is a directory"});
}

// ---------------------------------------------------------------------------
// Settings (§2)

Settings parseSettings(const std::string& text) {
  std::istringstream in(text);
  return readSettings(in, "s.json");
}

void expectSettingsRejected(const std::string& body,
                            std::initializer_list<std::string> parts) {
  expectRejected(readSettings, settingsWith(body), parts);
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

TEST(ReadSettings, RejectsWrongFormat) {
  EXPECT_EQ(rejectionOf(readHeightfield, settingsWith("")),
            "t.json: format: expected \"build3d.chf\", found the string "
            "\"build3d.settings\"");
  expectRejected(readSettings, chf(kBody),
                 {"t.json: format: expected \"build3d.settings\""});
}

TEST(ReadSettings, RejectsVersionOtherThanOne) {
  expectRejected(readSettings, R"({"format":"build3d.settings","version":0})",
                 {"t.json: version: must be 1, found 0"});
}

TEST(ReadSettings, RejectsUnknownPartition) {
  expectSettingsRejected(R"("partition":"Watershed")",
                         {"t.json: partition: must be one of \"watershed\", "
                          "\"monotone\", \"layers\", \"layer-first\"",
                          "found the string \"Watershed\""});
}

TEST(ReadSettings, RejectsNonStringPartition) {
  expectSettingsRejected(R"("partition":0)",
                         {"t.json: partition: must be one of", "found 0"});
}

TEST(ReadSettings, RejectsNegativeMinRegionArea) {
  expectSettingsRejected(R"("minRegionArea":-1)",
                         {"t.json: minRegionArea: -1 is out of range",
                          "(0 <= minRegionArea <= 2147483647)"});
}

TEST(ReadSettings, RejectsFloatMergeRegionArea) {
  expectSettingsRejected(R"("mergeRegionArea":400.0)",
                         {"t.json: mergeRegionArea: must be an integer, "
                          "found 400.0"});
}

TEST(ReadSettings, RejectsMaxEdgeLengthAbove2147483647) {
  expectSettingsRejected(R"("maxEdgeLength":2147483648)",
                         {"t.json: maxEdgeLength: 2147483648 is out of range",
                          "(0 <= maxEdgeLength <= 2147483647)"});
}

TEST(ReadSettings, RejectsNonIntegerBorderRegion) {
  expectSettingsRejected(R"("borderRegion":true)",
                         {"t.json: borderRegion: must be an integer, found "
                          "true"});
}

TEST(ReadSettings, RejectsNegativeMaxError) {
  expectRejected(
      readSettings, settingsWith(R"("maxError":-0.5)"),
      {"t.json: maxError: must be a finite number >= 0", "found -0.5"});
}

TEST(ReadSettings, RejectsNonNumberMaxError) {
  expectSettingsRejected(R"("maxError":"1.3")",
                         {"t.json: maxError: must be a finite number >= 0"});
}

TEST(ReadSettings, RejectsInfiniteMaxError) {
  expectSettingsRejected(R"("maxError":1e999)",
                         {"t.json: not valid JSON: ", "number overflow"});
}

TEST(ReadSettings, AcceptsNegativeZeroMaxErrorAsZero) {
  const Settings s = parseSettings(settingsWith(R"("maxError":-0.0)"));
  EXPECT_EQ(s.maxError, 0.0);
  EXPECT_FALSE(std::signbit(s.maxError));
}

TEST(ReadSettings, AcceptsIntegerMaxError) {
  EXPECT_EQ(parseSettings(settingsWith(R"("maxError":2)")).maxError, 2.0);
}

TEST(ReadSettings, RejectsNonBooleanStraightRegionBorders) {
  expectSettingsRejected(R"("straightRegionBorders":1)",
                         {"t.json: straightRegionBorders: must be true or "
                          "false, found 1"});
}

TEST(ReadSettings, RejectsNonBooleanRawContours) {
  expectSettingsRejected(R"("rawContours":"true")",
                         {"t.json: rawContours: must be true or false"});
}

TEST(ReadSettings, RejectsDuplicateKey) {
  expectSettingsRejected(R"("maxError":1,"maxError":2)",
                         {"t.json: maxError: duplicate key"});
}

TEST(ReadSettingsFile, ReadsFile) {
  const TempFile file("s.settings.json", settingsWith(R"("maxError":0.25)"));
  EXPECT_EQ(readSettingsFile(file.path()).maxError, 0.25);
}

// ---------------------------------------------------------------------------
// Regions (§3)

void expectRegionsRejected(const std::string& body,
                           std::initializer_list<std::string> parts) {
  expectRejected(readRegions, regionsWith(body), parts);
}

TEST(ReadRegions, AcceptsDocumentWithoutDistances) {
  std::istringstream in(regionsWith(R"("regionCount":2,"regions":[0,1,2])"));
  const RegionResult r = readRegions(in, "r.json");
  EXPECT_EQ(r.regionCount, 2);
  EXPECT_EQ(r.regions, (std::vector<int>{0, 1, 2}));
  EXPECT_FALSE(r.distances.has_value());
}

TEST(ReadRegions, RejectsMissingRegionCount) {
  expectRegionsRejected(R"("regions":[0])",
                        {"t.json: regionCount: missing (required)"});
}

TEST(ReadRegions, RejectsNegativeRegionCount) {
  expectRegionsRejected(R"("regionCount":-1,"regions":[0])",
                        {"t.json: regionCount: -1 is out of range"});
}

TEST(ReadRegions, RejectsMissingRegions) {
  expectRegionsRejected(R"("regionCount":0)",
                        {"t.json: regions: missing (required)"});
}

TEST(ReadRegions, RejectsRegionsThatAreNotAnArray) {
  expectRegionsRejected(R"("regionCount":0,"regions":"0")",
                        {"t.json: regions: must be an array"});
}

TEST(ReadRegions, RejectsRegionIdOutOfRange) {
  expectRegionsRejected(R"("regionCount":1,"regions":[0,70000])",
                        {"t.json: regions[1]: 70000 is out of range",
                         "(0 <= region id <= 65535)"});
}

TEST(ReadRegions, RejectsNegativeDistance) {
  expectRegionsRejected(R"("regionCount":1,"regions":[0,1],"distances":[0,-2])",
                        {"t.json: distances[1]: -2 is out of range"});
}

TEST(ReadRegions, RejectsNonIntegerDistance) {
  expectRegionsRejected(
      R"("regionCount":1,"regions":[0,1],"distances":[0,1.5])",
      {"t.json: distances[1]: must be an integer, found 1.5"});
}

TEST(ReadRegions, RejectsDistancesOfOtherLength) {
  expectRegionsRejected(
      R"("regionCount":1,"regions":[0,1],"distances":[0])",
      {"t.json: distances: has 1 entries, but regions has 2"});
}

// ---------------------------------------------------------------------------
// Contours (§4)

void expectContoursRejected(const std::string& text,
                            std::initializer_list<std::string> parts) {
  expectRejected(readContours, text, parts);
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

TEST(ReadContours, RejectsNegativeRawFallbacks) {
  std::string text = contourWith("");
  text.replace(text.find("\"rawFallbacks\":0"), 16, "\"rawFallbacks\":-1");
  expectContoursRejected(text, {"t.json: rawFallbacks: -1 is out of range"});
}

TEST(ReadContours, RejectsNonIntegerDroppedHoles) {
  std::string text = contourWith("");
  text.replace(text.find("\"droppedHoles\":0"), 16, "\"droppedHoles\":0.5");
  expectContoursRejected(
      text, {"t.json: droppedHoles: must be an integer, found 0.5"});
}

TEST(ReadContours, RejectsMissingRawFallbacks) {
  expectContoursRejected(
      R"({"format":"build3d.contours","version":1,"droppedHoles":0,)"
      R"("contours":[]})",
      {"t.json: rawFallbacks: missing (required)"});
}

TEST(ReadContours, RejectsContoursThatAreNotAnArray) {
  expectContoursRejected(
      R"({"format":"build3d.contours","version":1,"rawFallbacks":0,)"
      R"("droppedHoles":0,"contours":{}})",
      {"t.json: contours: must be an array, found an object"});
}

TEST(ReadContours, RejectsContourThatIsNotAnObject) {
  expectContoursRejected(contoursWith("[1]"),
                         {"t.json: contours[0]: must be an object"});
}

TEST(ReadContours, RejectsRegionZero) {
  expectContoursRejected(
      contoursWith(R"({"region":0,"area":63,"vertices":)" + kTriangle + "}"),
      {"t.json: contours[0].region: 0 is out of range", "1 <= region"});
}

TEST(ReadContours, RejectsAreaAbove255) {
  expectContoursRejected(
      contoursWith(R"({"region":1,"area":300,"vertices":)" + kTriangle + "}"),
      {"t.json: contours[0].area: 300 is out of range", "(0 <= area <= 255)"});
}

TEST(ReadContours, RejectsMissingVertices) {
  expectContoursRejected(contoursWith(R"({"region":1,"area":63})"),
                         {"t.json: contours[0].vertices: missing"});
}

TEST(ReadContours, RejectsFewerThanThreeVertices) {
  expectContoursRejected(
      contoursWith(
          R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0,0]]})"),
      {"t.json: contours[0].vertices: has 2 vertices, needs at least 3"});
}

TEST(ReadContours, RejectsVertexWithThreeIntegers) {
  expectContoursRejected(
      contoursWith(R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0],)"
                   R"([1,0,1,0]]})"),
      {"t.json: contours[0].vertices[1]: must be an array of exactly 4 "
       "integers [x, y, z, neighbor], found 3 entries"});
}

TEST(ReadContours, RejectsVertexWithFloat) {
  expectContoursRejected(
      contoursWith(R"({"region":1,"area":63,"vertices":[[0,0,0,0],[1,0,0,0],)"
                   R"([1,0.5,1,0]]})"),
      {"t.json: contours[0].vertices[2] y: must be an integer, found 0.5"});
}

TEST(ReadContours, RejectsMalformedRawOutline) {
  expectContoursRejected(contourWith(R"(,"rawOutline":[[0,0,0,0],5])"),
                         {"t.json: contours[0].rawOutline[1]: must be an "
                          "array of exactly 4 integers"});
}

TEST(ReadContours, RejectsMalformedRawHoles) {
  expectContoursRejected(contourWith(R"(,"rawHoles":[[[0,0,0,0]],[[1]]])"),
                         {"t.json: contours[0].rawHoles[1][0]: must be an "
                          "array of exactly 4 integers"});
  expectContoursRejected(contourWith(R"(,"rawHoles":{})"),
                         {"t.json: contours[0].rawHoles: must be an array"});
}

TEST(ReadContours, RejectsUnknownContourKey) {
  expectContoursRejected(contourWith(R"(,"rawOutlin":[])"),
                         {"t.json: contours[0].rawOutlin: unknown key"});
}

// ---------------------------------------------------------------------------
// Result (§6)

std::string resultWith(const std::string& regions,
                       const std::string& contours) {
  return R"({"format":"build3d.result","version":1,"regions":)" + regions +
         R"(,"contours":)" + contours + "}";
}

const std::string kRegionsDoc =
    regionsWith(R"("regionCount":1,"regions":[1,1,1])");

TEST(ReadResult, AcceptsResult) {
  std::istringstream in(resultWith(kRegionsDoc, contourWith("")));
  const StageResult r = readResult(in, "r.json");
  EXPECT_EQ(r.regions.regionCount, 1);
  EXPECT_EQ(r.contours.contours.size(), 1u);
}

TEST(ReadResult, NamesRuleInsideRegionsSubDocument) {
  expectRejected(readResult,
                 resultWith(regionsWith(R"("regionCount":-3,"regions":[])"),
                            contourWith("")),
                 {"t.json: regions.regionCount: -3 is out of range"});
}

TEST(ReadResult, NamesRuleInsideContoursSubDocument) {
  expectRejected(
      readResult,
      resultWith(kRegionsDoc, contoursWith(R"({"region":1,"area":-1,)"
                                           R"("vertices":)" +
                                           kTriangle + "}")),
      {"t.json: contours.contours[0].area: -1 is out of range"});
}

TEST(ReadResult, RejectsSubDocumentWithWrongFormat) {
  expectRejected(readResult, resultWith(contourWith(""), contourWith("")),
                 {"t.json: regions.format: expected \"build3d.regions\""});
}

TEST(ReadResult, RejectsSubDocumentThatIsNotAnObject) {
  expectRejected(readResult, resultWith("[]", contourWith("")),
                 {"t.json: regions: must be an object (a build3d.regions "
                  "document), found an array"});
}

TEST(ReadResult, RejectsMissingContours) {
  expectRejected(readResult,
                 R"({"format":"build3d.result","version":1,"regions":)" +
                     kRegionsDoc + "}",
                 {"t.json: contours: missing (required)"});
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
  r.regionCount = 2;
  r.regions = {0, 1, 2, 65535};
  EXPECT_EQ(written(r, writeRegions),
            regionsWith(R"("regionCount":2,"regions":[0,1,2,65535])") + "\n");
  for (bool withDistances : {false, true}) {
    if (withDistances) r.distances = std::vector<int>{0, 3, 2147483647, 1};
    const std::string text = written(r, writeRegions);
    std::istringstream in(text);
    expectSameRegions(r, readRegions(in, "r.json"));
  }
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

std::string validationErrorOf(const std::string& text) {
  const TempFile file("v.json", text);
  try {
    validateFile(file.path());
  } catch (const InputError& error) {
    return error.what();
  }
  ADD_FAILURE() << "accepted: " << text;
  return "";
}

TEST(ValidateFile, AppliesRulesOfTheNamedFormat) {
  const std::string message =
      validationErrorOf(chfWith("[1,2,0,1]", "[1,2,0,64]"));
  EXPECT_NE(message.find("v.json: counts[3]: 64 is out of range"),
            std::string::npos)
      << message;
}

TEST(ValidateFile, RejectsUnknownFormat) {
  const std::string message =
      validationErrorOf(R"({"format":"build3d.mesh","version":1})");
  EXPECT_NE(message.find("v.json: format: unknown format \"build3d.mesh\""),
            std::string::npos)
      << message;
}

TEST(ValidateFile, RejectsMissingFormat) {
  const std::string message = validationErrorOf(R"({"version":1})");
  EXPECT_NE(message.find("v.json: format: missing (expected one of"),
            std::string::npos)
      << message;
}

TEST(ValidateFile, RejectsNonStringFormat) {
  const std::string message = validationErrorOf(R"({"format":["x"]})");
  EXPECT_NE(message.find("v.json: format: must be a string"), std::string::npos)
      << message;
}

TEST(ValidateFile, ReportsInvalidJson) {
  const std::string message = validationErrorOf(R"({"version":)");
  EXPECT_NE(message.find("v.json: not valid JSON: "), std::string::npos)
      << message;
  EXPECT_NE(validationErrorOf("[]").find("v.json: top level: must be a JSON"),
            std::string::npos);
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
