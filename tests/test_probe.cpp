// kit/probe.h: the variants a probe asks and the step their answers point
// at, on stand-in commands whose fault is known (a predicate on the
// variant in place of the command under test), and through the suite with
// an in-process implementation that throws on one step.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "kit/answer_source.h"
#include "kit/probe.h"
#include "kit/suite.h"
#include "registry/implementations.h"
#include "tests/cli_support.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

using kit::FailsOn;
using kit::probeBlame;
using kit::probeFailure;
using Answers = std::vector<std::string>;

constexpr const char* kGivenAgrees =
    "agrees with the reference's regions given (the contours alone)";

// One room of area 1, 5 x 5, around an area-0 pillar (span 18, the
// centre), beside a 3 x 5 room of area 2 with no span between them:
//
//   11111.222
//   11111.222
//   11#11.222
//   11111.222
//   11111.222
Heightfield twoRooms() {
  return testing::gridFromAscii(
      {"11111.222", "11111.222", "11#11.222", "11111.222", "11111.222"});
}
constexpr int kPillar = 18;  // 8 spans a row (5 left, 3 right); x = 2, z = 2

// twoRooms given as a partition: region 1 on the ring around the pillar
// (which stays 0, so region 1 has a hole), region 2 on the right room.
Heightfield twoRoomsGiven() {
  Heightfield hf = twoRooms();
  hf.regions.emplace();
  for (int s = 0; s < hf.spanCount(); ++s) {
    hf.regions->push_back(hf.spans[s].area == 1   ? 1
                          : hf.spans[s].area == 2 ? 2
                                                  : 0);
  }
  return hf;
}

Settings monotone(int64_t minArea, int64_t mergeArea) {
  Settings s;
  s.partition = Partition::Monotone;
  s.minRegionArea = minArea;
  s.mergeRegionArea = mergeArea;
  return s;
}

TEST(Probe, AFaultOnlyWhereRegionsMergeIsBlamedOnMerging) {
  const FailsOn failsWhenMerging = [](const Heightfield& hf,
                                      const Settings& s) {
    return !hf.regions && s.mergeRegionArea > 0;
  };
  const auto probe =
      probeFailure(twoRooms(), monotone(0, 400), failsWhenMerging);
  EXPECT_EQ(probe.blame.label(), "§5.2 merging");
  EXPECT_EQ(probe.answers,
            (Answers{kGivenAgrees,
                     "agrees with MergeRegionArea 0 (no §5.2 merging)"}));
}

TEST(Probe, AFaultOnlyWhereIslandsGoIsBlamedOnIslands) {
  const FailsOn failsWhenRemovingIslands = [](const Heightfield& hf,
                                              const Settings& s) {
    return !hf.regions && s.minRegionArea > 0;
  };
  const auto probe =
      probeFailure(twoRooms(), monotone(3, 400), failsWhenRemovingIslands);
  EXPECT_EQ(probe.blame.label(), "§5.1 islands");
  EXPECT_EQ(probe.runs, 3);
}

TEST(Probe, AFaultOfOnePartitionIsThatPartitionsOwnStep) {
  const auto failsComputing = [](Partition broken) {
    return FailsOn([broken](const Heightfield& hf, const Settings& s) {
      return !hf.regions && s.partition == broken;
    });
  };
  const auto probe = probeFailure(twoRooms(), monotone(3, 400),
                                  failsComputing(Partition::Monotone));
  EXPECT_EQ(probe.blame.label(), "§3 monotone");
  // Given regions, no merging, no islands: still failing; as watershed it
  // agrees.
  EXPECT_EQ(probe.answers.back(),
            "agrees as watershed with MinRegionArea and MergeRegionArea 0");
  Settings watershed = monotone(3, 400);
  watershed.partition = Partition::Watershed;
  EXPECT_EQ(
      probeFailure(twoRooms(), watershed, failsComputing(Partition::Watershed))
          .blame.label(),
      "§2 watershed");
}

TEST(Probe, AFaultOfEveryPartitionIsTheNumberingTheyShare) {
  const FailsOn failsWhenPartitioning =
      [](const Heightfield& hf, const Settings&) { return !hf.regions; };
  const auto probe =
      probeFailure(twoRooms(), monotone(3, 400), failsWhenPartitioning);
  EXPECT_EQ(probe.blame.label(), "§5.3 numbering");
  EXPECT_EQ(probe.runs, 5);  // given, no merging, no islands, 2 partitions
}

// The fault: a region with the pillar's span outside it, i.e. a hole.
TEST(Probe, AFaultOnAHoleIsBlamedOnItsBridge) {
  const FailsOn failsOnTheHole = [](const Heightfield& hf, const Settings&) {
    if (!hf.regions) return false;
    const std::vector<int>& ids = *hf.regions;
    return ids[kPillar] == 0 && ids[kPillar - 1] == 1;
  };
  const auto probe = probeFailure(twoRoomsGiven(), Settings{}, failsOnTheHole);
  EXPECT_EQ(probe.blame.label(), "§6 bridge");
  EXPECT_EQ(probe.answers,
            (Answers{"fails with region 1 alone",
                     "agrees with region 1 alone and its holes filled"}));
}

TEST(Probe, AFaultInTheLengthSplitIsBlamedThere) {
  const FailsOn failsWhenSplitting = [](const Heightfield& hf,
                                        const Settings& s) {
    return hf.regions && s.maxEdgeLength > 0;
  };
  const auto probe =
      probeFailure(twoRoomsGiven(), Settings{}, failsWhenSplitting);
  EXPECT_EQ(probe.blame.label(), "§6 length split");
  // Region 1 fails alone, its holes filled too; no length split agrees.
  EXPECT_EQ(probe.runs, 3);
}

// Region 1 alone borders no other region, so straight region borders can
// only change whether a crossing first simplification is tried again.
TEST(Probe, AFaultGoneWithStraightBordersOffAndNoNeighbourIsTheCrossingTest) {
  const FailsOn failsOnStraightBorders = [](const Heightfield& hf,
                                            const Settings& s) {
    return hf.regions && s.straightRegionBorders;
  };
  EXPECT_EQ(probeFailure(twoRoomsGiven(), Settings{}, failsOnStraightBorders)
                .blame.label(),
            "§6 fallback");
}

TEST(Probe, RegionsThatFailOnlyTogetherPointAtTheCounters) {
  const FailsOn failsWithTwoRegions = [](const Heightfield& hf,
                                         const Settings&) {
    if (!hf.regions) return false;
    std::set<int> ids(hf.regions->begin(), hf.regions->end());
    ids.erase(0);
    return ids.size() >= 2;
  };
  const auto probe =
      probeFailure(twoRoomsGiven(), Settings{}, failsWithTwoRegions);
  EXPECT_EQ(probe.blame.label(), "§6 counters");
  EXPECT_EQ(probe.answers, (Answers{"agrees with region 1 alone",
                                    "agrees with region 2 alone"}));
}

TEST(Probe, AFaultNoVariantAvoidsIsBlamedOnTheTracing) {
  const FailsOn alwaysFails = [](const Heightfield&, const Settings&) {
    return true;
  };
  const auto probe = probeFailure(twoRoomsGiven(), Settings{}, alwaysFails);
  EXPECT_EQ(probe.blame.label(), "§6 outline tracing");
  EXPECT_EQ(probe.answers,
            (Answers{"fails with region 1 alone",
                     "fails with region 1 alone and its holes filled",
                     "fails with region 1 alone with MaxEdgeLength 0 (no "
                     "length split)",
                     "fails with region 1 alone with straight region borders "
                     "off",
                     "fails with region 1 alone with MaxError 0"}));
}

TEST(Probe, StopsAtItsRunCapWithoutABlame) {
  const FailsOn alwaysFails = [](const Heightfield&, const Settings&) {
    return true;
  };
  const auto probe = probeFailure(twoRooms(), monotone(0, 0), alwaysFails, 2);
  EXPECT_EQ(probe.blame.section, "");
  EXPECT_EQ(probe.runs, 2);
}

TEST(ProbeBlame, AMergeBlameThatStaysWithoutMergingMovesToThePartition) {
  const FailsOn failsComputingMonotone = [](const Heightfield& hf,
                                            const Settings& s) {
    return !hf.regions && s.partition == Partition::Monotone;
  };
  const kit::Blame blamed{"§5.2", "merging", "region 3 takes region 4"};
  const auto probe =
      probeBlame(twoRooms(), monotone(0, 400), blamed, failsComputingMonotone);
  EXPECT_EQ(probe.blame.label(), "§3 monotone");
}

// A raw loop kept on one side is the symptom: with two regions bordering
// each other, the variant that agrees names the simplification's part.
TEST(ProbeBlame, AFallbackThatGoesWithStraightBordersOffIsStraightBorders) {
  const FailsOn failsOnStraightBorders = [](const Heightfield&,
                                            const Settings& s) {
    return s.straightRegionBorders;
  };
  const kit::Blame blamed{"§6", "fallback", "region 1, contour 0"};
  const auto probe =
      probeBlame(twoRoomsGiven(), Settings{}, blamed, failsOnStraightBorders);
  EXPECT_EQ(probe.blame.label(), "§6 straight borders");
  EXPECT_EQ(probe.answers,
            (Answers{"fails with MaxEdgeLength 0 (no length split)",
                     "agrees with straight region borders off"}));
}

TEST(ProbeBlame, AFallbackNoVariantAvoidsStaysAFallback) {
  const FailsOn alwaysFails = [](const Heightfield&, const Settings&) {
    return true;
  };
  const kit::Blame blamed{"§6", "fallback", "region 1, contour 0"};
  const auto probe =
      probeBlame(twoRoomsGiven(), Settings{}, blamed, alwaysFails);
  EXPECT_EQ(probe.blame.where, "region 1, contour 0");
  EXPECT_EQ(probe.runs, 3);
}

// One region on two floors that do not link (the field of
// Contours.HoleWithNoBridgeIsLeftOutOfTheCrossingCheck): a ring at y 2
// round (1,1) (spans 0-2, 4, 6-9) and two cells at y 0 (spans 3, 5). The
// stand-in fails only while both pieces are region 1, as a port does whose
// crossing check reads the ring's hole, assigned to the lower floor's
// outline. Each piece alone agrees: what one does to the other is blamed.
Heightfield ringOverTwoCells() {
  Heightfield hf =
      testing::floorsFromAscii({{"222", "2.2", "222"}, {"...", "00.", "..."}});
  hf.regions = std::vector<int>(10, 1);
  return hf;
}

bool bothPiecesInRegionOne(const Heightfield& hf, const Settings&) {
  return hf.regions && (*hf.regions)[0] == 1 && (*hf.regions)[3] == 1;
}

const Answers kEachPieceAgrees{"agrees with piece 1 of 2 of region 1 alone",
                               "agrees with piece 2 of 2 of region 1 alone"};

TEST(ProbeBlame, AFallbackOnlyWhileTwoPiecesShareARegionIsHolesAssignment) {
  const kit::Blame blamed{"§6", "fallback", "region 1, contour 1"};
  const auto probe =
      probeBlame(ringOverTwoCells(), Settings{}, blamed, bothPiecesInRegionOne);
  EXPECT_EQ(probe.blame.label(), "§6 holes assignment");
  EXPECT_EQ(probe.answers, kEachPieceAgrees);
}

// The same stand-in as a crash (no result to compare): the region fails
// alone, filling its hole changes no span (the cell under the ring's hole
// holds the lower floor, region 1 already), and each piece agrees alone.
TEST(Probe, AFaultOnlyWhileTwoPiecesShareARegionIsHolesAssignment) {
  const auto probe =
      probeFailure(ringOverTwoCells(), Settings{}, bothPiecesInRegionOne);
  EXPECT_EQ(probe.blame.label(), "§6 holes assignment");
  EXPECT_EQ(probe.answers, kEachPieceAgrees);
}

TEST(ProbeBlame, AMergeBlameThatGoesWithoutMergingStays) {
  const FailsOn failsWhenMerging = [](const Heightfield& hf,
                                      const Settings& s) {
    return !hf.regions && s.mergeRegionArea > 0;
  };
  const kit::Blame blamed{"§5.2", "merging", "region 3 takes region 4"};
  const auto probe =
      probeBlame(twoRooms(), monotone(0, 400), blamed, failsWhenMerging);
  EXPECT_EQ(probe.blame.label(), "§5.2 merging");
  EXPECT_EQ(probe.blame.where, "region 3 takes region 4");
}

// The suite, in process, on an implementation that throws whenever it
// computes a monotone partition (its §3 is broken): each such case is an
// internal error with nothing to compare, and the probe places it in §3.
TEST(ProbeSuite, AnImplementationThatThrowsInItsMonotonePartitionIsBlamedOnIt) {
  const kit::StageFunction brokenMonotone = [](const Heightfield& hf,
                                               const Settings& s) {
    if (!hf.regions && s.partition == Partition::Monotone) {
      throw std::runtime_error("index out of range in the sweep");
    }
    return runStage(*findImplementation("optimized"), hf, s);
  };
  kit::SuiteOptions options;
  options.command = "in process";
  options.suiteDir = testing::kShippedSuite.string();
  options.filter = {"monotone"};
  options.jobs = 2;
  options.answers = kit::inProcessAnswers(brokenMonotone);
  const kit::SuiteRun run = kit::runSuite(options, nullptr);
  int probed = 0;
  for (const kit::CaseOutcome& o : run.outcomes) {
    if (!o.fails() || o.probeNote.empty()) continue;
    ++probed;
    EXPECT_EQ(o.verdict.status, kit::Status::InternalError) << o.suiteCase.id;
    EXPECT_EQ(o.verdict.specSection + " " + o.verdict.clause, "§3 monotone")
        << o.suiteCase.id << ": " << o.probeNote;
  }
  EXPECT_EQ(probed, options.probeCases);
}

}  // namespace
}  // namespace regcon
