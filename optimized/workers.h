// The optional threads of the optimized implementation (spec §8: no result
// may depend on them). A step hands the team a task per part; every step
// that uses it is written so that its result is the same however the work
// is cut (each part writes only its own spans or its own list, and lists
// are joined in part order or used as sets).
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "optimized/optimized.h"

namespace regcon::opt {

class Workers {
 public:
  // count <= 1, or a call on fewer than Threads::kMinSpans spans (unless
  // the test knob splitSmallWork is set): no thread is ever started and
  // every task runs on the caller; otherwise count - 1 helpers start at the
  // first task cut in parts.
  Workers(Threads threads, int spans);
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  int count() const { return count_; }
  bool queueTwice() const { return queueTwice_; }
  // The test knob: steps take their large-field paths on small fields too.
  bool splitsSmallWork() const { return splitSmallWork_; }

  // Calls task(part) for every part 0..count()-1 (part 0 on the calling
  // thread) and returns when all are done; the first exception is rethrown.
  void run(const std::function<void(int part)>& task);

  // Splits [0, n) into contiguous ranges, one per part, and calls
  // task(begin, end, part) for each; below `minPerPart` items a part, fewer
  // parts (one for a small n), since starting a part costs microseconds.
  void forRanges(int n, int minPerPart,
                 const std::function<void(int begin, int end, int part)>& task);

  // The parts forRanges(n, minPerPart) uses.
  int partsFor(int n, int minPerPart) const;

 private:
  void startHelpers();
  void runParts(int parts, const std::function<void(int part)>& task);
  void helperLoop(int part);
  bool awaitRound(unsigned long seen);
  void awaitHelpers();

  int count_;
  bool splitSmallWork_;
  bool queueTwice_;
  std::vector<std::thread> helpers_;
  // A task is handed out by bumping round_ and taken back when
  // unfinished_ is 0; both sides spin on them a little before sleeping on
  // the condition variables, since a growth round lasts tens of
  // microseconds (21,520 rounds in under a second at 16M spans) and a
  // sleeping thread must first be woken by the kernel.
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(int)>* task_ = nullptr;
  int parts_ = 0;                         // parts of the current task
  std::atomic<unsigned long> round_ = 0;  // bumped for each task handed out
  std::atomic<int> unfinished_ = 0;       // helpers still on the task
  bool stopping_ = false;                 // under mutex_
  std::vector<std::exception_ptr> errors_;
};

}  // namespace regcon::opt
