// The optimized hole joining's merged loop keeps each node's place along
// the loop as a label (optimized/contours_merged_loop.h). Checked here
// against a plain vector of the same nodes in loop order, through runs of
// splices deep enough that the labels run out and are spread again many
// times.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "optimized/contours_merged_loop.h"

namespace regcon::opt::contours {
namespace {

Loop runOf(int length, int tag) {
  Loop run;
  for (int k = 0; k < length; ++k) run.push_back({tag, k, 0, 0});
  return run;
}

// Walks the list from node 0: the same nodes, in the same order, as the
// model, and labels that rise strictly all the way round.
void expectOrder(const MergedLoop& loop, const std::vector<int>& model) {
  ASSERT_EQ(loop.nodeCount(), static_cast<int>(model.size()));
  int node = 0;
  for (size_t i = 0; i < model.size(); ++i) {
    ASSERT_EQ(node, model[i]) << "place " << i;
    if (i > 0) {
      ASSERT_LT(loop.label(model[i - 1]), loop.label(node)) << "place " << i;
    }
    node = loop.next(node);
  }
  EXPECT_EQ(node, 0);
}

// Splices a run after model[at] in both; roomyAfter and chain as
// MergedLoop::linkRunAfter.
void splice(MergedLoop& loop, std::vector<int>& model, size_t at, int length,
            int roomyAfter = -1, bool chain = false) {
  const int first = loop.insertRunAfter(
      model[at], runOf(length, static_cast<int>(at)), roomyAfter, chain);
  std::vector<int> added(length);
  for (int k = 0; k < length; ++k) added[k] = first + k;
  model.insert(model.begin() + static_cast<std::ptrdiff_t>(at) + 1,
               added.begin(), added.end());
}

std::vector<int> outlineModel(const MergedLoop& loop) {
  std::vector<int> model(loop.nodeCount());
  for (int i = 0; i < loop.nodeCount(); ++i) model[i] = i;
  return model;
}

// `rounds` runs of seven nodes into a loop of four, each right after the
// node `after` of the run before it (0: its first), so every gap is cut
// again: seven nodes share an eighth of it each time, or with a roomy gap
// after node `roomyAfter` of each run (MergedLoop::linkRunAfter), the next
// run takes that half or a fourteenth of the rest (with `chain`, all but
// 1/256 of it or a seventh of the rest). The order is checked every
// `checkEvery` runs and after the last.
void nestRuns(int rounds, int checkEvery, int after = 0, int roomyAfter = -1,
              bool chain = false) {
  Scratch scratch;
  MergedLoop loop(runOf(4, -1), 0, scratch);
  std::vector<int> model = outlineModel(loop);
  size_t at = 1;
  for (int round = 0; round < rounds; ++round) {
    splice(loop, model, at, 7, roomyAfter, chain);
    at += 1 + after;  // the run's node `after`
    if (round % checkEvery == 0 || round + 1 == rounds) {
      expectOrder(loop, model);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// 62 bits of labels last about 21 such runs before they are spread again.
TEST(MergedLoop, RunsNestedAfterTheLastRunKeepTheOrder) {
  nestRuns(400, 1);
}

// Hole joining gives half of a spliced run's gap to the gap after one of
// its nodes. Runs nested into that half halve it each time (about 62 runs
// before the labels are spread again); runs nested after another node
// take a fourteenth of the rest (about 15).
TEST(MergedLoop, RunsNestedIntoTheRoomyGapKeepTheOrder) {
  nestRuns(400, 1, /*after=*/4, /*roomyAfter=*/4);
}
TEST(MergedLoop, RunsNestedBesideTheRoomyGapKeepTheOrder) {
  nestRuns(400, 1, /*after=*/0, /*roomyAfter=*/4);
  if (HasFatalFailure()) return;
  nestRuns(400, 1, /*after=*/6, /*roomyAfter=*/5);
}

// A chain of runs, each after the roomy node of the one before, as pillars'
// holes are joined: each takes a 2^-8 share of the roomy gap, so 8,860 of
// them go before a share rounds to 0 and the gap is halved (8 more runs)
// and then spread; nested beside the roomy gap, each takes a seventh of
// 1/256 of it (about 5 runs).
TEST(MergedLoop, RunsChainedIntoTheRoomyGapKeepTheOrder) {
  nestRuns(20000, 500, /*after=*/4, /*roomyAfter=*/4, /*chain=*/true);
}
TEST(MergedLoop, RunsNestedBesideAChainsRoomyGapKeepTheOrder) {
  nestRuns(400, 1, /*after=*/0, /*roomyAfter=*/4, /*chain=*/true);
  if (HasFatalFailure()) return;
  nestRuns(400, 1, /*after=*/6, /*roomyAfter=*/5, /*chain=*/true);
}

// The roomy gap's share, drawn on the labels of a run of 7 after node 1 of
// an outline of 4 (gap G = 2^60 between nodes 1 and 2):
//
//   node 1  r0  r1  r2  r3  r4 ........ r5  r6  node 2
//          |s  |s  |s  |s  |s  | roomy  |s  |s  |
//
// Without a chain, s = G / 14 and the roomy gap after r4 takes the other
// half; with one, s = (G / 256) / 7 and the roomy gap all but 7 s.
TEST(MergedLoop, AChainedRunLeavesAllButASliverToTheRoomyGap) {
  for (const bool chain : {false, true}) {
    Scratch scratch;
    MergedLoop loop(runOf(4, -1), 0, scratch);
    const uint64_t gap = loop.label(2) - loop.label(1);
    ASSERT_EQ(gap, uint64_t{1} << 60);
    const int first = loop.insertRunAfter(1, runOf(7, 1), 4, chain);
    const uint64_t s = chain ? (gap / 256) / 7 : gap / 14;
    for (int k = 0; k < 7; ++k) {
      const uint64_t before =
          k == 0 ? loop.label(1) : loop.label(first + k - 1);
      const uint64_t expected = k == 5 ? gap - 7 * s : s;
      EXPECT_EQ(loop.label(first + k) - before, expected)
          << "chain " << chain << ", run node " << k;
    }
    EXPECT_EQ(loop.label(2) - loop.label(first + 6), s) << "chain " << chain;
  }
}

// Made with room for its 4 outline nodes only, the loop grows far past
// them: the labels' density bound then holds for no range short of all
// 2^62 labels (past about 3,900 nodes), and the whole range is spread.
TEST(MergedLoop, NodesPastTheRoomMadeKeepTheOrder) {
  nestRuns(1500, 100);
}

// The last node of the loop has no label after it: runs after it take the
// gap up to the end of the labels, and run out there too.
TEST(MergedLoop, RunsAppendedAtTheEndKeepTheOrder) {
  Scratch scratch;
  MergedLoop loop(runOf(3, -1), 0, scratch);
  std::vector<int> model = outlineModel(loop);
  for (int round = 0; round < 300; ++round) {
    splice(loop, model, model.size() - 1, 1 + round % 5);
    expectOrder(loop, model);
    if (HasFatalFailure()) return;
  }
}

// Runs of 1 to 9 nodes after random nodes, most of them near the last
// run, as the joins of many holes in one outline are; with `roomy`, each
// run gives half its gap to the gap after a random one of its nodes but
// the last, and with `chain` that gap takes all but 1/256 of the run's
// gap at random.
void randomSplices(bool roomy, bool chain = false) {
  std::mt19937 random(20261203);
  Scratch scratch;
  MergedLoop loop(runOf(5, -1), 0, scratch);
  std::vector<int> model = outlineModel(loop);
  size_t last = 0;
  for (int round = 0; round < 3000; ++round) {
    const bool near = random() % 4 != 0;
    const size_t span = std::min<size_t>(model.size(), 12);
    const size_t at = near ? std::min(model.size() - 1, last + random() % span)
                           : random() % model.size();
    const int length = 1 + static_cast<int>(random() % 9);
    const int roomyAfter =
        roomy && length > 1 ? static_cast<int>(random() % (length - 1)) : -1;
    splice(loop, model, at, length, roomyAfter, chain && random() % 2 == 0);
    last = at + 1;
    if (round % 50 == 0 || round == 2999) {
      expectOrder(loop, model);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(MergedLoop, RandomSplicesKeepTheOrder) {
  randomSplices(false);
}

TEST(MergedLoop, RandomSplicesWithRoomyGapsKeepTheOrder) {
  randomSplices(true);
}

TEST(MergedLoop, RandomSplicesWithChainedRoomyGapsKeepTheOrder) {
  randomSplices(true, true);
}

// toLoop reads the vertices round from node 0, the runs in place.
TEST(MergedLoop, ToLoopListsTheVerticesInLoopOrder) {
  Scratch scratch;
  MergedLoop loop(runOf(3, 0), 0, scratch);  // (0,0) (0,1) (0,2)
  loop.insertRunAfter(1, runOf(2, 7));
  loop.setNeighbor(0, 5);
  const Loop got = loop.toLoop();
  const Loop want = {
      {0, 0, 0, 5}, {0, 1, 0, 0}, {7, 0, 0, 0}, {7, 1, 0, 0}, {0, 2, 0, 0}};
  EXPECT_EQ(got, want);
}

// Holes laid out by the constructor: hole 0 (two vertices) after the
// outline's node 1 and hole 2 (one vertex) after hole 0's first node;
// hole 1 stays out (a failed hole), so its room is left out of the list.
//   outline (0,0) (0,1) (0,2) | hole 0: (1,0) (1,1) + 2 | hole 1: (2,0) + 2
//   | hole 2: (3,0) + 2
// Loop order: (0,0) (0,1) [(1,0) (3,0) s s (1,1) s s] (0,2), where the
// spare nodes s are set to (9,k) here.
TEST(MergedLoop, ToLoopLeavesOutTheRoomOfHolesNotSpliced) {
  Scratch scratch;
  MergedLoop loop(runOf(3, 0),
                  std::vector<Loop>{runOf(2, 1), runOf(1, 2), runOf(1, 3)},
                  scratch);
  ASSERT_EQ(loop.holeCount(), 3);
  ASSERT_EQ(loop.holeFirst(0), 3);
  ASSERT_EQ(loop.holeFirst(1), 7);
  ASSERT_EQ(loop.holeFirst(2), 10);
  ASSERT_EQ(loop.holeAgain(2), 12);
  loop.setVertex(5, {9, 0, 0, 0});
  loop.setVertex(6, {9, 1, 0, 0});
  loop.linkRunAfter(1, 3, 4);
  loop.setVertex(11, {9, 2, 0, 0});
  loop.setVertex(12, {9, 3, 0, 0});
  loop.linkRunAfter(3, 10, 3);
  const Loop want = {{0, 0, 0, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {3, 0, 0, 0},
                     {9, 2, 0, 0}, {9, 3, 0, 0}, {1, 1, 0, 0}, {9, 0, 0, 0},
                     {9, 1, 0, 0}, {0, 2, 0, 0}};
  EXPECT_EQ(loop.toLoop(), want);
}

}  // namespace
}  // namespace regcon::opt::contours
