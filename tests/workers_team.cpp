// The optimized implementation's thread team (optimized/workers.h): every
// item of every task is run exactly once, whether the helpers are spinning
// for the next task (tasks back to back, as growth rounds are) or asleep
// (tasks far apart); a part that throws reaches the caller and leaves the
// team usable; a team is torn down whatever its helpers are doing; a call
// on a small field gets a team of one. In the
// threads program, so ThreadSanitizer checks the hand-over too.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "optimized/workers.h"

namespace regcon::opt {
namespace {

// Spans of a call large enough to use every thread it is given.
constexpr int kLargeCall = Threads::kMinSpans;

// Runs `tasks` tasks over n items, each part adding one to the items of its
// range, and returns how often each item was run.
std::vector<int> runTasks(Workers& team, int n, int tasks,
                          std::chrono::microseconds pause) {
  std::vector<int> runs(n, 0);
  for (int t = 0; t < tasks; ++t) {
    team.forRanges(n, 1, [&](int begin, int end, int) {
      for (int i = begin; i < end; ++i) ++runs[i];
    });
    if (pause.count() > 0) std::this_thread::sleep_for(pause);
  }
  return runs;
}

TEST(WorkersTeam, BackToBackTasksRunEveryItemOnce) {
  for (int threads : {2, 3, 8}) {
    Workers team(Threads{threads, false}, kLargeCall);
    const std::vector<int> runs =
        runTasks(team, 64, 3000, std::chrono::microseconds(0));
    EXPECT_EQ(runs, std::vector<int>(64, 3000)) << threads << " threads";
  }
}

// Past the helpers' spinning time: each task wakes them from sleep.
TEST(WorkersTeam, TasksFarApartRunEveryItemOnce) {
  Workers team(Threads{3, false}, kLargeCall);
  const std::vector<int> runs =
      runTasks(team, 9, 20, std::chrono::microseconds(2000));
  EXPECT_EQ(runs, std::vector<int>(9, 20));
}

TEST(WorkersTeam, APartThatThrowsReachesTheCallerAndTheTeamGoesOn) {
  Workers team(Threads{3, false}, kLargeCall);
  EXPECT_THROW(team.forRanges(30, 1,
                              [](int begin, int, int part) {
                                if (part == 2) {
                                  throw std::runtime_error(
                                      "part 2 from " + std::to_string(begin));
                                }
                              }),
               std::runtime_error);
  const std::vector<int> runs =
      runTasks(team, 30, 5, std::chrono::microseconds(0));
  EXPECT_EQ(runs, std::vector<int>(30, 5));
}

// Torn down right after a task (helpers spinning) and long after one
// (helpers asleep); a hang here is the failure ctest's timeout reports.
TEST(WorkersTeam, ATeamIsTornDownWhetherItsHelpersSpinOrSleep) {
  for (int pauseUs : {0, 2000}) {
    int parts = 0;
    {
      Workers team(Threads{4, false}, kLargeCall);
      team.run([&](int part) {
        if (part == 0) parts = 1;
      });
      std::this_thread::sleep_for(std::chrono::microseconds(pauseUs));
    }
    EXPECT_EQ(parts, 1);
  }
}

TEST(WorkersTeam, ACallOnFewerSpansThanTheLimitGetsOneThread) {
  EXPECT_EQ(Workers(Threads{4, false}, kLargeCall - 1).count(), 1);
  EXPECT_EQ(Workers(Threads{4, false}, kLargeCall).count(), 4);
  // The tests' knob cuts small work anyway, to reach every parallel path.
  EXPECT_EQ(Workers(Threads{4, true}, 9).count(), 4);
  int parts = 0;
  Workers(Threads{4, false}, 100).forRanges(100, 1, [&](int, int, int) {
    ++parts;  // on the caller alone: no other thread writes it
  });
  EXPECT_EQ(parts, 1);
}

}  // namespace
}  // namespace regcon::opt
