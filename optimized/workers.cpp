// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstdint>

#include "optimized/workers.h"

namespace regcon::opt {

Workers::Workers(Threads threads)
    : count_(std::max(1, threads.count)),
      splitSmallWork_(threads.splitSmallWork) {
  errors_.resize(count_);
}

// Started at the first task of several parts: a call on a small field,
// whose work is never cut, starts no thread.
void Workers::startHelpers() {
  for (int part = 1; part < count_; ++part) {
    helpers_.emplace_back([this, part] { helperLoop(part); });
  }
}

Workers::~Workers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& helper : helpers_) helper.join();
}

void Workers::helperLoop(int part) {
  unsigned long seen = 0;
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    start_.wait(lock, [&] { return stopping_ || round_ != seen; });
    if (stopping_) return;
    seen = round_;
    const std::function<void(int)>* task = task_;
    const bool mine = part < parts_;
    lock.unlock();
    if (mine) {
      try {
        (*task)(part);
      } catch (...) {
        errors_[part] = std::current_exception();
      }
    }
    lock.lock();
    if (--unfinished_ == 0) done_.notify_one();
  }
}

void Workers::runParts(int parts, const std::function<void(int)>& task) {
  if (parts <= 1) {
    task(0);
    return;
  }
  if (helpers_.empty()) startHelpers();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    parts_ = parts;
    unfinished_ = static_cast<int>(helpers_.size());
    ++round_;
  }
  start_.notify_all();
  try {
    task(0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return unfinished_ == 0; });
  for (std::exception_ptr& error : errors_) {
    if (!error) continue;
    std::exception_ptr first = error;
    std::fill(errors_.begin(), errors_.end(), nullptr);
    std::rethrow_exception(first);
  }
}

void Workers::run(const std::function<void(int)>& task) {
  runParts(count_, task);
}

int Workers::partsFor(int n, int minPerPart) const {
  const int perPart = splitSmallWork_ ? 1 : std::max(1, minPerPart);
  const int most = std::max(1, n / perPart);
  return std::min(count_, most);
}

void Workers::forRanges(int n, int minPerPart,
                        const std::function<void(int, int, int)>& task) {
  const int parts = partsFor(n, minPerPart);
  runParts(parts, [&](int part) {
    const int64_t begin = int64_t{n} * part / parts;
    const int64_t end = int64_t{n} * (part + 1) / parts;
    task(static_cast<int>(begin), static_cast<int>(end), part);
  });
}

}  // namespace regcon::opt
