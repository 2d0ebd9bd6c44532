// One benchmark row: an implementation running one stage on one input,
// repeated, with thread CPU time (every implementation runs on one thread,
// so waiting for a core on the shared machine does not count), wall time
// and the peak heap use beyond what was live before the call.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace regcon::bench {

struct Measurement {
  int runs = 0;
  double cpuMedianMs = 0;
  double cpuMinMs = 0;
  double cpuMaxMs = 0;
  double wallMedianMs = 0;
  int64_t peakBytes = 0;  // largest over the runs
  std::string note;       // why the row is missing or differs, or ""
  bool ok() const { return runs > 0; }
};

struct Repeat {
  int runs = 5;
  // A run longer than this (CPU seconds) is not repeated: its one time is
  // the row (runs = 1), so the reference stays in seconds.
  double budgetSeconds = 1e30;
};

// Runs `prepare` (untimed) then `step` (timed, with its peak heap) up to
// repeat.runs times. Exceptions from either propagate.
Measurement measure(const Repeat& repeat, const std::function<void()>& prepare,
                    const std::function<void()>& step);

double medianOf(std::vector<double> values);

}  // namespace regcon::bench
