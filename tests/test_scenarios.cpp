// Scenario heightfields: valid per interchange.md §1, reproducible from the
// seed, and holding the features each scenario exists for.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/builder.h"
#include "gen/scenarios.h"
#include "interchange/hash.h"
#include "registry/implementations.h"

namespace regcon {
namespace {

const int kSizes[] = {4, 16, 48};
const uint64_t kSeeds[] = {1, 2};

Heightfield make(const std::string& name, int size, uint64_t seed) {
  return generateScenario(name, ScenarioOptions{size, seed});
}

// First broken interchange.md §1 rule, or "" when the heightfield is valid.
std::string firstProblem(const Heightfield& hf) {
  if (static_cast<int>(hf.counts.size()) != hf.width * hf.depth) {
    return "counts size";
  }
  int total = 0;
  for (int c : hf.counts) {
    if (c < 0 || c > 63) return "count out of range";
    total += c;
  }
  if (total != hf.spanCount()) return "span total";
  for (int s = 0; s < hf.spanCount(); ++s) {
    const Span& span = hf.spans[s];
    const std::string at = "span " + std::to_string(s) + ": ";
    if (span.y < 0 || span.y > 65535) return at + "y out of range";
    if (span.area < 0 || span.area > 255) return at + "area out of range";
    if (s > hf.cellStart[hf.spanCell[s]] && hf.spans[s - 1].y >= span.y) {
      return at + "y not strictly increasing";
    }
    for (int d = 0; d < 4; ++d) {
      if (span.link[d] == kNoLink) continue;
      const int nx = hf.cellX(s) + kDirX[d], nz = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(nx, nz)) return at + "link leaves the grid";
      if (span.link[d] < 0 || span.link[d] >= hf.counts[nx + nz * hf.width]) {
        return at + "link names a missing span";
      }
    }
  }
  return "";
}

bool identical(const Heightfield& a, const Heightfield& b) {
  if (a.width != b.width || a.depth != b.depth || a.counts != b.counts ||
      a.spanCount() != b.spanCount()) {
    return false;
  }
  for (int s = 0; s < a.spanCount(); ++s) {
    const Span &p = a.spans[s], &q = b.spans[s];
    if (p.y != q.y || p.area != q.area || p.link != q.link) return false;
  }
  return true;
}

int oneWayLinks(const Heightfield& hf) {
  int oneWay = 0;
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int t = hf.linkTarget(s, d);
      if (t >= 0 && hf.linkTarget(t, (d + 2) % 4) != s) ++oneWay;
    }
  }
  return oneWay;
}

// Most walkable spans found in one column.
int maxWalkablePerColumn(const Heightfield& hf) {
  int best = 0;
  for (size_t c = 0; c < hf.counts.size(); ++c) {
    int walkable = 0;
    for (int i = 0; i < hf.counts[c]; ++i) {
      if (hf.spans[hf.cellStart[c] + i].area != 0) ++walkable;
    }
    best = std::max(best, walkable);
  }
  return best;
}

// The shapes drawn without chance: the seed changes nothing.
const std::set<std::string> kUnseeded{"flat",     "pillars",    "pillars4",
                                      "pillars8", "serpentine", "checkerboard",
                                      "stack63"};

TEST(Scenarios, NamesAreTheTwelveDocumentedOnes) {
  const std::vector<std::string> expected{
      "flat",     "terrain",    "rooms",        "multifloor",
      "spiral",   "mosaic",     "pillars",      "pillars4",
      "pillars8", "serpentine", "checkerboard", "stack63"};
  EXPECT_EQ(scenarioNames(), expected);
}

TEST(Scenarios, EveryScenarioIsValid) {
  for (const auto& name : scenarioNames()) {
    for (int size : kSizes) {
      for (uint64_t seed : kSeeds) {
        SCOPED_TRACE(name + " size " + std::to_string(size) + " seed " +
                     std::to_string(seed));
        const Heightfield hf = make(name, size, seed);
        EXPECT_EQ(hf.width, size);
        EXPECT_EQ(hf.depth, size);
        EXPECT_GT(hf.spanCount(), 0);
        EXPECT_EQ(firstProblem(hf), "");
      }
    }
  }
}

TEST(Scenarios, SameSeedGivesIdenticalHeightfield) {
  for (const auto& name : scenarioNames()) {
    for (int size : kSizes) {
      SCOPED_TRACE(name + " size " + std::to_string(size));
      EXPECT_TRUE(identical(make(name, size, 7), make(name, size, 7)));
    }
  }
}

TEST(Scenarios, DifferentSeedsDifferForSeededScenarios) {
  for (const auto& name : scenarioNames()) {
    if (kUnseeded.contains(name)) continue;
    for (int size : {16, 48}) {
      SCOPED_TRACE(name + " size " + std::to_string(size));
      EXPECT_FALSE(identical(make(name, size, 1), make(name, size, 2)));
    }
  }
}

TEST(Scenarios, MultifloorHasOneWayLinksAndStackedWalkableFloors) {
  for (int size : kSizes) {
    for (uint64_t seed : kSeeds) {
      SCOPED_TRACE("size " + std::to_string(size));
      const Heightfield hf = make("multifloor", size, seed);
      EXPECT_GE(oneWayLinks(hf), 1);
      EXPECT_GE(maxWalkablePerColumn(hf), 2);
    }
  }
}

TEST(Scenarios, SpiralOverlapsItself) {
  for (int size : kSizes) {
    for (uint64_t seed : kSeeds) {
      SCOPED_TRACE("size " + std::to_string(size));
      EXPECT_GE(maxWalkablePerColumn(make("spiral", size, seed)), 2);
    }
  }
}

TEST(Scenarios, MosaicHasManyAreas) {
  for (int size : kSizes) {
    for (uint64_t seed : kSeeds) {
      SCOPED_TRACE("size " + std::to_string(size));
      std::set<int> areas;
      for (const Span& s : make("mosaic", size, seed).spans) {
        if (s.area != 0) areas.insert(s.area);
      }
      EXPECT_GE(areas.size(), 5u);
    }
  }
}

TEST(Scenarios, UnseededShapesIgnoreTheSeed) {
  for (const auto& name : kUnseeded) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(identical(make(name, 16, 1), make(name, 16, 2)));
  }
}

// Whether cell (x, z) holds a span.
bool hasSpan(const Heightfield& hf, int x, int z) {
  return hf.counts[x + z * hf.width] > 0;
}

// Pillars at spacing 4 on a 12 x 12 floor: cells (3|7, 3|7) are empty; the
// cell (11, 11) would be a pillar but lies on the last row and column.
TEST(Scenarios, PillarsLeaveOutOneCellPerPillarAwayFromTheBorder) {
  const Heightfield hf = make("pillars4", 12, 1);
  for (int z = 0; z < 12; ++z) {
    for (int x = 0; x < 12; ++x) {
      const bool pillar = (x == 3 || x == 7) && (z == 3 || z == 7);
      EXPECT_EQ(hasSpan(hf, x, z), !pillar) << "cell " << x << ", " << z;
    }
  }
  EXPECT_EQ(oneWayLinks(hf), 0);
}

// Serpentine at 6 (z = 5 on top): one turn per odd row below the last.
//   ......
//   xxxxxx
//   x.....
//   xxxxxx
//   .....x
//   xxxxxx
TEST(Scenarios, SerpentineTurnsAtAlternateEnds) {
  const std::vector<std::string> drawing{"xxxxxx", ".....x", "xxxxxx",
                                         "x.....", "xxxxxx", "......"};
  const Heightfield hf = make("serpentine", 6, 1);
  for (int z = 0; z < 6; ++z) {
    for (int x = 0; x < 6; ++x) {
      EXPECT_EQ(hasSpan(hf, x, z), drawing[z][x] == 'x')
          << "cell " << x << ", " << z;
    }
  }
}

TEST(Scenarios, CheckerboardAlternatesTwoAreas) {
  const Heightfield hf = make("checkerboard", 5, 1);
  ASSERT_EQ(hf.spanCount(), 25);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const bool even = (hf.cellX(s) + hf.cellZ(s)) % 2 == 0;
    EXPECT_EQ(hf.spans[s].area, even ? 63 : 5) << "span " << s;
  }
  EXPECT_EQ(oneWayLinks(hf), 0);
}

// Floors 8 apart (twice the climb): each links only to its own floor.
TEST(Scenarios, Stack63HasSixtyThreeFloorsLinkedOnlyWithinAFloor) {
  const Heightfield hf = make("stack63", 4, 1);
  for (int count : hf.counts) EXPECT_EQ(count, 63);
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int t = hf.linkTarget(s, d);
      if (t >= 0) {
        EXPECT_EQ(hf.spans[t].y, hf.spans[s].y) << "span " << s;
      }
    }
  }
  EXPECT_EQ(hf.spans[hf.counts[0] - 1].y, 62 * 8);
}

TEST(Scenarios, FlatLinksEveryNeighbour) {
  const Heightfield hf = make("flat", 4, 1);
  ASSERT_EQ(hf.spanCount(), 16);
  EXPECT_EQ(oneWayLinks(hf), 0);
  // Corner (0, 0) has neighbours only in +z and +x.
  EXPECT_EQ(hf.spans[0].link, (std::array<int, 4>{kNoLink, 0, 0, kNoLink}));
}

// The builder keeps at most 63 floors per cell (interchange §1), the
// lowest: floors given in any order, a duplicate counted once.
TEST(Builder, KeepsTheLowestSixtyThreeFloorsOfATallerColumn) {
  HeightfieldBuilder builder(1, 1);
  for (int i = 64; i >= 0; --i) builder.add(0, 0, 3 * i, 1);  // 65 floors
  builder.add(0, 0, 0, 1);                                    // a duplicate
  const Heightfield hf = builder.build(LinkRule{});
  ASSERT_EQ(hf.counts, (std::vector<uint8_t>{63}));
  EXPECT_EQ(hf.spans.front().y, 0);
  EXPECT_EQ(hf.spans.back().y, 3 * 62);
}

// The free-space rule, worked by hand on a 2 x 2 grid (climb 5):
//
//   z = 1:  D: floor 5            (1, 1): no floor
//   z = 0:  A: floors 0 and 5     B: floors 1 and 4
//
// Each span's free space reaches up to the next floor of its column (none:
// unbounded). With needsFreeSpace a link needs the two free spaces to
// overlap: A's floor 0 (free up to 5) cannot step to D's floor 5, which
// is at its ceiling, so it has no +z link; A's floor 5 is at the ceiling
// of B's floor 1 (free up to 4), so it links +x to B's floor 4 instead; D
// links -z past A's floor 0 to A's floor 5. Without the rule each takes the
// lowest floor within the climb.
TEST(Builder, TheFreeSpaceRuleSkipsFloorsWhoseSpacesDoNotOverlap) {
  HeightfieldBuilder builder(2, 2);
  builder.add(0, 0, 0, 1).add(0, 0, 5, 1);  // A: spans 0, 1
  builder.add(1, 0, 1, 1).add(1, 0, 4, 1);  // B: spans 2, 3
  builder.add(0, 1, 5, 1);                  // D: span 4
  const Heightfield free = builder.build(LinkRule{5, true});
  const Heightfield plain = builder.build(LinkRule{5, false});
  constexpr int kMinusX = 0, kPlusZ = 1, kPlusX = 2, kMinusZ = 3;
  const int a0 = 0, a1 = 1, d0 = 4;
  EXPECT_EQ(free.spans[a0].link[kPlusX], 0);  // B's floor 1
  EXPECT_EQ(free.spans[a0].link[kPlusZ], kNoLink);
  EXPECT_EQ(free.spans[a1].link[kPlusX], 1);   // B's floor 4
  EXPECT_EQ(free.spans[a1].link[kPlusZ], 0);   // D's floor 5
  EXPECT_EQ(free.spans[d0].link[kMinusZ], 1);  // A's floor 5
  EXPECT_EQ(free.spans[2].link[kMinusX], 0);   // B's floor 1 to A's floor 0
  EXPECT_EQ(plain.spans[a0].link[kPlusZ], 0);
  EXPECT_EQ(plain.spans[a1].link[kPlusX], 0);
  EXPECT_EQ(plain.spans[d0].link[kMinusZ], 0);
  for (int s = 0; s < free.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      EXPECT_EQ(ruleLink(free, s, d, LinkRule{5, true}), free.spans[s].link[d])
          << "span " << s << " dir " << d;
    }
  }
}

TEST(Scenarios, UnknownNameThrowsListingTheNames) {
  try {
    make("castle", 16, 1);
    FAIL() << "no exception";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("castle"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("multifloor"), std::string::npos);
  }
}

TEST(Scenarios, SizeOutOfRangeThrowsNamingTheRange) {
  for (int size : {-1, 0, 3, 1025}) {
    SCOPED_TRACE(size);
    try {
      make("flat", size, 1);
      FAIL() << "no exception";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("size"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find("4..1024"), std::string::npos);
    }
  }
}

// ------------------------------------------------- tiled scenarios

// Tiles of flat 4 x 4, 2 x 2 of them: links inside a tile stay, links
// across a seam (| and -) are cut both ways.
//
//   z=7  o o o o | o o o o
//        ...     |   ...
//   z=4  o o o o | o o o o
//        --------+--------
//   z=3  o o o o | o o o o
//        ...     |   ...
//   z=0  o o o o | o o o o
//       x=0    3   4     7
TEST(TiledScenarios, FlatTilesAreCutAtTheSeams) {
  const Heightfield hf = tiledScenario("flat", {4, 1}, 2);
  ASSERT_EQ(hf.width, 8);
  ASSERT_EQ(hf.depth, 8);
  ASSERT_EQ(hf.spanCount(), 64);
  EXPECT_EQ(firstProblem(hf), "");
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int x = hf.cellX(s), z = hf.cellZ(s);
    for (int d = 0; d < 4; ++d) {
      const int nx = x + kDirX[d], nz = z + kDirZ[d];
      const bool sameTile =
          hf.insideGrid(nx, nz) && nx / 4 == x / 4 && nz / 4 == z / 4;
      EXPECT_EQ(hf.spans[s].link[d] != kNoLink, sameTile)
          << "cell " << x << ", " << z << " direction " << d;
    }
  }
}

// Tile (i, j) of a 3 x 3 tiling is the scenario drawn with seed + i + 3j.
TEST(TiledScenarios, EachTileIsTheScenarioOfItsSeed) {
  for (const std::string name : {"terrain", "multifloor", "rooms"}) {
    const int size = 16, tiles = 3;
    const Heightfield hf = tiledScenario(name, {size, 5}, tiles);
    EXPECT_EQ(firstProblem(hf), "") << name;
    for (int j = 0; j < tiles; ++j) {
      for (int i = 0; i < tiles; ++i) {
        SCOPED_TRACE(name + " tile " + std::to_string(i) + ", " +
                     std::to_string(j));
        const Heightfield tile =
            make(name, size, 5 + static_cast<uint64_t>(i + j * tiles));
        for (int z = 0; z < size; ++z) {
          for (int x = 0; x < size; ++x) {
            const int c = x + z * size;
            const int big = (i * size + x) + (j * size + z) * hf.width;
            ASSERT_EQ(hf.counts[big], tile.counts[c]);
            for (int k = 0; k < tile.counts[c]; ++k) {
              const Span& a = hf.spans[hf.cellStart[big] + k];
              const Span& b = tile.spans[tile.cellStart[c] + k];
              ASSERT_TRUE(a.y == b.y && a.area == b.area && a.link == b.link)
                  << "cell " << x << ", " << z << " span " << k;
            }
          }
        }
      }
    }
  }
}

TEST(TiledScenarios, OneTileIsTheScenario) {
  EXPECT_TRUE(
      identical(tiledScenario("terrain", {48, 3}, 1), make("terrain", 48, 3)));
}

TEST(TiledScenarios, TileCountOutOfRangeIsAnInputError) {
  for (int tiles : {0, -1, 17}) {
    try {
      tiledScenario("flat", {4, 1}, tiles);
      ADD_FAILURE() << "no error for tiles " << tiles;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("tiles"), std::string::npos);
    }
  }
}

// The large inputs of `make bench` are such tilings (16M spans at 4 x 4 of
// 1024, checked once by `make bench-hashes`, README Performance); at this
// size every implementation must give the reference's hashes for every
// partition, as `regcon hashes` computes them.
TEST(TiledScenarios, EveryImplementationGivesTheSameHashes) {
  for (const std::string name : {"terrain", "multifloor"}) {
    const Heightfield hf = tiledScenario(name, {48, 2}, 2);
    for (Partition p : {Partition::Watershed, Partition::Monotone,
                        Partition::Layers, Partition::LayerFirst}) {
      Settings settings;
      settings.partition = p;
      std::vector<std::string> expected;
      for (const Implementation* impl : allImplementations()) {
        const StageResult r = runStage(*impl, hf, settings);
        const std::vector<std::string> hashes{
            hashDistances(impl->distances(hf)), hashRegions(r.regions),
            hashContours(r.contours)};
        EXPECT_GT(r.regions.regionCount, 1);
        if (expected.empty()) {
          expected = hashes;
        } else {
          EXPECT_EQ(hashes, expected)
              << impl->name() << " differs from "
              << allImplementations().front()->name() << " on " << name
              << " tiles, " << partitionName(p);
        }
      }
    }
  }
}

}  // namespace
}  // namespace regcon
