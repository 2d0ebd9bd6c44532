// The optimized implementation's Scratch (optimized/scratch.h): memory a
// caller keeps from one call to the next. That no result depends on what
// it held is checked in thread_counts.cpp (every case in turn through one
// kept scratch, against the reference); here, that it is reused at all,
// and how much it keeps.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <vector>

#include "gen/scenarios.h"
#include "optimized/optimized.h"
#include "optimized/scratch.h"

namespace regcon::opt {
namespace {

TEST(Scratch, ABlockGivenBackIsTakenAgainByTheNextRequestItFits) {
  Scratch scratch;
  ScratchBlock first = ScratchAccess::takeBlock(scratch, 1000);
  const std::byte* address = first.bytes.get();
  ScratchAccess::giveBlock(scratch, std::move(first));
  EXPECT_EQ(scratch.heldBytes(), 1000);
  ScratchBlock again = ScratchAccess::takeBlock(scratch, 800);
  EXPECT_EQ(again.bytes.get(), address);
  EXPECT_EQ(scratch.heldBytes(), 0);
  // Too small for the next request: a new block, the kept one stays.
  ScratchAccess::giveBlock(scratch, std::move(again));
  ScratchBlock larger = ScratchAccess::takeBlock(scratch, 2000);
  EXPECT_NE(larger.bytes.get(), address);
  EXPECT_EQ(larger.size, 2000u);
  EXPECT_EQ(scratch.heldBytes(), 1000);
}

TEST(Scratch, TheSmallestBlockThatFitsIsTaken) {
  Scratch scratch;
  ScratchBlock big = ScratchAccess::takeBlock(scratch, 4000);
  ScratchBlock small = ScratchAccess::takeBlock(scratch, 1500);
  const std::byte* smallAddress = small.bytes.get();
  ScratchAccess::giveBlock(scratch, std::move(big));
  ScratchAccess::giveBlock(scratch, std::move(small));
  EXPECT_EQ(ScratchAccess::takeBlock(scratch, 1200).bytes.get(), smallAddress);
}

TEST(Scratch, PastSixKeptBlocksTheSmallestGo) {
  Scratch scratch;
  std::vector<ScratchBlock> blocks;
  for (size_t size = 100; size <= 700; size += 100) {
    blocks.push_back(ScratchAccess::takeBlock(scratch, size));
  }
  for (ScratchBlock& block : blocks) {
    ScratchAccess::giveBlock(scratch, std::move(block));
  }
  EXPECT_EQ(scratch.heldBytes(), 200 + 300 + 400 + 500 + 600 + 700);
}

TEST(Scratch, AnArrayGoesBackWhenItGoes) {
  Scratch scratch;
  {
    ScratchArray<std::array<int, 4>> links(scratch, 10);
    links[9] = {1, 2, 3, 4};
    EXPECT_EQ(scratch.heldBytes(), 0);
  }
  EXPECT_EQ(scratch.heldBytes(), 160);
}

TEST(Scratch, ARecycledResultsArraysAreKept) {
  Scratch scratch;
  RegionResult done;
  done.regions.assign(100, 1);
  done.distances = std::vector<int>(50, 2);
  scratch.recycle(std::move(done));
  EXPECT_EQ(scratch.heldBytes(), 150 * static_cast<int64_t>(sizeof(int)));
  const std::vector<int> taken = ScratchAccess::takeInts(scratch, 60);
  EXPECT_TRUE(taken.empty());
  EXPECT_GE(taken.capacity(), 100u);  // the larger one: the smaller is short
  scratch.release();
  EXPECT_EQ(scratch.heldBytes(), 0);
}

// The second whole stage on the same field takes every array from what
// the first kept: nothing more is kept after it.
TEST(Scratch, ASecondCallOnTheSameFieldNeedsNoNewArray) {
  const Heightfield hf = generateScenario("terrain", {64, 1});
  Scratch scratch;
  for (int call = 0; call < 2; ++call) {
    RegionResult regions = buildRegions(hf, Settings{}, Threads{}, scratch);
    buildContours(hf, regions.regions, Settings{}, Threads{}, scratch);
    scratch.recycle(std::move(regions));
  }
  const int64_t kept = scratch.heldBytes();
  // Links (16), marks (4, and one slot for "no neighbour"), distances and
  // regions (4 each) bytes a span; the contours' boundary bits (1) take the
  // marks' block, given back by then.
  EXPECT_EQ(kept, 28 * static_cast<int64_t>(hf.spanCount()) + 4);
  RegionResult regions = buildRegions(hf, Settings{}, Threads{}, scratch);
  buildContours(hf, regions.regions, Settings{}, Threads{}, scratch);
  scratch.recycle(std::move(regions));
  EXPECT_EQ(scratch.heldBytes(), kept);
}

// A call made without a scratch makes one that frees what it is given
// back, so its peak is what its arrays need at once, as with fresh ones.
TEST(Scratch, TheScratchOfACallMadeWithoutOneKeepsNothing) {
  Scratch own = ScratchAccess::forOneCall();
  ScratchAccess::giveBlock(own, ScratchAccess::takeBlock(own, 1000));
  own.recycle(std::vector<int>(10, 0));
  EXPECT_EQ(own.heldBytes(), 0);
}

TEST(Scratch, AMovedFromScratchStillServes) {
  Scratch first;
  first.recycle(std::vector<int>(10, 0));
  Scratch second = std::move(first);
  EXPECT_EQ(second.heldBytes(), 40);
  EXPECT_EQ(first.heldBytes(), 0);  // NOLINT(bugprone-use-after-move)
  first.recycle(std::vector<int>(5, 0));
  EXPECT_EQ(first.heldBytes(), 20);
}

}  // namespace
}  // namespace regcon::opt
