// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "optimized/workers.h"

namespace regcon::opt {

Workers::Workers(Threads threads, int spans)
    : count_(spans < Threads::kMinSpans && !threads.splitSmallWork
                 ? 1
                 : std::max(1, threads.count)),
      splitSmallWork_(threads.splitSmallWork),
      queueTwice_(threads.queueTwice) {
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

namespace {

// How long a side waits for the other by spinning before it sleeps.
constexpr auto kSpinFor = std::chrono::microseconds(100);

void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins until done() or kSpinFor has passed; whether done() held.
template <class Done>
bool spinUntil(const Done& done) {
  const auto until = std::chrono::steady_clock::now() + kSpinFor;
  for (int i = 1;; ++i) {
    if (done()) return true;
    cpuRelax();
    if (i % 64 == 0 && std::chrono::steady_clock::now() > until) return false;
  }
}

}  // namespace

// False when the team is stopping.
bool Workers::awaitRound(unsigned long seen) {
  const auto handedOut = [&] {
    return round_.load(std::memory_order_acquire) != seen;
  };
  if (spinUntil(handedOut)) return true;
  std::unique_lock<std::mutex> lock(mutex_);
  start_.wait(lock, [&] { return stopping_ || handedOut(); });
  return handedOut();
}

void Workers::helperLoop(int part) {
  unsigned long seen = 0;
  while (awaitRound(seen)) {
    ++seen;  // the next task is handed out only once this one is back
    if (part < parts_) {
      try {
        (*task_)(part);
      } catch (...) {
        errors_[part] = std::current_exception();
      }
    }
    if (unfinished_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      const std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_one();
    }
  }
}

void Workers::awaitHelpers() {
  const auto back = [&] {
    return unfinished_.load(std::memory_order_acquire) == 0;
  };
  if (spinUntil(back)) return;
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, back);
}

void Workers::runParts(int parts, const std::function<void(int)>& task) {
  if (parts <= 1) {
    task(0);
    return;
  }
  if (helpers_.empty()) startHelpers();
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    parts_ = parts;
    unfinished_.store(static_cast<int>(helpers_.size()),
                      std::memory_order_relaxed);
    round_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  try {
    task(0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  awaitHelpers();
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
