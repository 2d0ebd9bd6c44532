#include "bench/measure.h"

#include <time.h>

#include <algorithm>

#include "bench/alloc_count.h"

namespace regcon::bench {
namespace {

double secondsOf(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) +
         1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

double medianOf(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

Measurement measure(const Repeat& repeat, const std::function<void()>& prepare,
                    const std::function<void()>& step) {
  std::vector<double> cpu, wall;
  Measurement m;
  for (int run = 0; run < repeat.runs; ++run) {
    prepare();
    resetPeak();
    const double cpu0 = secondsOf(CLOCK_THREAD_CPUTIME_ID);
    const double wall0 = secondsOf(CLOCK_MONOTONIC);
    step();
    const double cpuSeconds = secondsOf(CLOCK_THREAD_CPUTIME_ID) - cpu0;
    wall.push_back(1e3 * (secondsOf(CLOCK_MONOTONIC) - wall0));
    cpu.push_back(1e3 * cpuSeconds);
    m.peakBytes = std::max(m.peakBytes, peakBytesSinceReset());
    if (cpuSeconds > repeat.budgetSeconds) break;
  }
  m.runs = static_cast<int>(cpu.size());
  m.cpuMedianMs = medianOf(cpu);
  m.cpuMinMs = *std::min_element(cpu.begin(), cpu.end());
  m.cpuMaxMs = *std::max_element(cpu.begin(), cpu.end());
  m.wallMedianMs = medianOf(wall);
  return m;
}

}  // namespace regcon::bench
