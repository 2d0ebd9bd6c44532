// The exhaustive check (exhaust/): the fields of a bound counted and listed
// by hand on tiny bounds, the shards and the state file, and the check of
// one field failing on an implementation that differs.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "exhaust/exhaust.h"
#include "interchange/io.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;
using exhaust::FieldSpace;
using exhaust::parseBound;

// A field as text, to tell fields apart.
std::string documentOf(const Heightfield& hf) {
  std::ostringstream out;
  writeHeightfield(out, hf);
  return out.str();
}

// One cell, up to 2 spans, floors {0, 1}, areas {0, 1}; no neighbour, so
// no link. By hand: no span (1); one span on floor 0 or 1, area 0 or 1 (4);
// two spans, floors 0 and 1, each area 0 or 1 (4). 9 fields.
TEST(Exhaust, ListsEveryFieldOfOneColumnOnce) {
  const FieldSpace space(parseBound("1x1:2/0,1/0,1"));
  ASSERT_EQ(space.size(), 9u);
  std::set<std::string> seen;
  for (uint64_t i = 0; i < space.size(); ++i) {
    std::stringstream document;
    writeHeightfield(document, space.field(i));
    EXPECT_EQ(readHeightfield(document, "field"), space.field(i));
    seen.insert(documentOf(space.field(i)));
  }
  EXPECT_EQ(seen.size(), 9u);
}

// Two cells side by side, at most one span each, floor 0, area 1. By hand:
// no span (1); a span in either cell alone (2); spans in both, each linking
// to the other or to nothing: mutual, one-way either way, none (4). 7.
TEST(Exhaust, ListsEveryLinkBetweenTwoColumns) {
  const FieldSpace space(parseBound("2x1:1/0/1"));
  ASSERT_EQ(space.size(), 7u);
  std::multiset<std::pair<int, int>> links;  // (+x of west, -x of east)
  for (uint64_t i = 0; i < space.size(); ++i) {
    const Heightfield hf = space.field(i);
    if (hf.spanCount() == 2) {
      links.emplace(hf.spans[0].link[2], hf.spans[1].link[0]);
    }
  }
  EXPECT_EQ(links, (std::multiset<std::pair<int, int>>{
                       {-1, -1}, {-1, 0}, {0, -1}, {0, 0}}));
}

// Two cells, up to two spans each on floors {0, 1}: a span links to either
// span of the other column or none, so a link to another floor is listed.
// By hand, with one area: columns of 0, 1 (floor 0 or 1: 2 ways) or 2
// spans (1 way); a span has 1 + (spans across) choices. Heights (a, b):
// (0,0) 1; (1,0), (0,1) 2 each; (2,0), (0,2) 1 each; (1,1) 2*2*2*2 = 16;
// (2,1), (1,2) 2 * 2^2 * 3 = 24 each; (2,2) 3^2 * 3^2 = 81. 152 fields.
TEST(Exhaust, ListsLinksToEveryFloorOfTheNeighbouringColumn) {
  EXPECT_EQ(FieldSpace(parseBound("2x1:2/0,1/1")).size(), 152u);
}

// The bound make test runs: independently counted (Python, itertools over
// every height vector, the same formula as the tests above) as 346,273
// fields of 2 x 2 with one span a column and 361,749 each of 2 x 1 and
// 1 x 2 with up to 3, floors {0, 1, 2} and areas {0, 1}; the bound above
// it, with areas {0, 1, 2}, as 1,727,767 and 3,696,724 each.
TEST(Exhaust, TheTestBoundHoldsOverAMillionFields) {
  const FieldSpace space(parseBound("test"));
  EXPECT_EQ(space.size(), 346273u + 2 * 361749u);
  EXPECT_EQ(exhaust::boundText(space.bound()), "2x2:1,2x1:3,1x2:3/0,1,2/0,1");
  EXPECT_EQ(FieldSpace(parseBound("next")).size(), 1727767u + 2 * 3696724u);
}

TEST(Exhaust, RefusesMalformedBounds) {
  for (const char* bad : {"", "2x2:1", "2x2/0/1", "0x2:1/0/1", "2x2:1/0,0/1",
                          "2x2:1/0/256", "2x2:64/0/1", "2x2:1/-1/1"}) {
    EXPECT_THROW(parseBound(bad), InputError) << bad;
  }
}

class ExhaustRun : public testing::TestDirectory {
 protected:
  ExhaustRun() : TestDirectory("regcon_test_exhaust") {}
};

// Shards split the fields by index; each field is checked by one shard.
TEST_F(ExhaustRun, ShardsCoverTheBoundOnce) {
  std::multiset<uint64_t> checked;
  for (int shard = 1; shard <= 3; ++shard) {
    exhaust::RunOptions options;
    options.bound = parseBound("1x1:2/0,1/0,1");
    options.shard = shard;
    options.shards = 3;
    options.check = [&checked](uint64_t index, const Heightfield&) {
      checked.insert(index);
      return std::optional<exhaust::Finding>{};
    };
    const exhaust::RunReport report = exhaust::runExhaustive(options, nullptr);
    EXPECT_EQ(report.shardFields, 3u);
    EXPECT_TRUE(report.complete);
  }
  EXPECT_EQ(checked, (std::multiset<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

// A run stopped by --limit goes on from its state file; a finding is
// reported with its documents written.
TEST_F(ExhaustRun, ResumesFromItsStateAndWritesFindings) {
  exhaust::RunOptions options;
  options.bound = parseBound("1x1:2/0,1/0,1");
  options.statePath = path("state").string();
  options.findingsDir = path("findings").string();
  options.limit = 4;
  options.check = [](uint64_t index, const Heightfield& hf) {
    std::optional<exhaust::Finding> finding;
    if (index == 6) finding = exhaust::Finding{index, "planted", "x", hf, {}};
    return finding;
  };
  const exhaust::RunReport first = exhaust::runExhaustive(options, nullptr);
  EXPECT_EQ(first.checked, 4u);
  EXPECT_FALSE(first.complete);
  EXPECT_TRUE(first.findings.empty());
  options.limit = 0;
  const exhaust::RunReport second = exhaust::runExhaustive(options, nullptr);
  EXPECT_EQ(second.resumedAt, 4u);
  EXPECT_EQ(second.checked, 9u);
  EXPECT_TRUE(second.complete);
  ASSERT_EQ(second.findings.size(), 1u);
  EXPECT_EQ(second.findings[0].field, 6u);
  EXPECT_TRUE(fs::exists(path("findings/field-6.chf.json")));
  // A state of another bound is refused, not restarted.
  options.bound = parseBound("1x1:1/0,1/0,1");
  EXPECT_THROW(exhaust::runExhaustive(options, nullptr), InputError);
}

// An implementation that counts one region too many is found by the field
// check, on the first field that has a region.
class OneRegionTooMany : public Implementation {
 public:
  std::string name() const override { return "planted"; }
  std::vector<int> distances(const Heightfield& hf) const override {
    return reference().distances(hf);
  }
  RegionResult partition(const Heightfield& hf,
                         const Settings& s) const override {
    RegionResult r = reference().partition(hf, s);
    if (r.regionCount > 0) ++r.regionCount;
    return r;
  }
  ContourSet contours(const Heightfield& hf, const std::vector<int>& regions,
                      const Settings& s) const override {
    return reference().contours(hf, regions, s);
  }

 private:
  static const Implementation& reference() {
    return *findImplementation("reference");
  }
};

TEST(Exhaust, AnImplementationThatDiffersIsAFinding) {
  const OneRegionTooMany planted;
  const FieldSpace space(parseBound("1x1:1/0/0,1"));
  ASSERT_EQ(space.size(), 3u);  // no span; a span of area 0; of area 1
  const std::vector<const Implementation*> impls{
      findImplementation("reference"), &planted};
  EXPECT_FALSE(exhaust::checkField(0, space.field(0), impls));
  EXPECT_FALSE(exhaust::checkField(1, space.field(1), impls));
  const auto finding = exhaust::checkField(2, space.field(2), impls);
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->run, "watershed, exact");
  EXPECT_NE(finding->failure.find("planted differs from reference"),
            std::string::npos)
      << finding->failure;
}

TEST(Exhaust, BothImplementationsPassATwoColumnBound) {
  const FieldSpace space(parseBound("2x1:2/0,1/0,1"));
  for (uint64_t i = 0; i < space.size(); ++i) {
    const auto finding =
        exhaust::checkField(i, space.field(i), allImplementations());
    ASSERT_FALSE(finding) << "field " << i << " (" << finding->run
                          << "): " << finding->failure;
  }
}

// Every field of the regression corpus (corpus/README.md) through every
// run of the exhaustive check on every implementation; four indices vary
// the given partition and the cached layers drawn for it.
TEST(Exhaust, EveryCorpusFieldPassesEveryCheckOnEveryImplementation) {
  int fields = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(REGCON_SOURCE_DIR) / "corpus")) {
    if (entry.path().extension() != ".json") continue;
    const Heightfield hf = readHeightfieldFile(entry.path().string());
    for (uint64_t index = 0; index < 4; ++index) {
      const auto finding = exhaust::checkField(index, hf, allImplementations());
      EXPECT_FALSE(finding) << entry.path().filename() << " (" << finding->run
                            << "): " << finding->failure;
    }
    ++fields;
  }
  EXPECT_GE(fields, 3);
}

}  // namespace
}  // namespace regcon
