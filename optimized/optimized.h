// The optimized implementation: the same bytes as the reference, computed
// fast. Written from the spec and readings, not from reference/, so that a
// misreading cannot hide in both. Every departure from the reference's
// method says why in one line where it happens.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/types.h"

namespace regcon::opt {

// How many threads a call may use (default 1). Not a setting: no byte of a
// result depends on it (§8), since only steps whose result is the same
// however their work is cut run in parallel.
struct Threads {
  int count = 1;
  // A call on fewer spans runs on one thread whatever `count` says: its
  // parts would be shorter than handing them over (on the bench's meshes,
  // 24k-106k spans, two threads took the wall time of one and up to twice
  // its CPU time).
  static constexpr int kMinSpans = 1 << 17;
  // Cut work into parts however small it is, and take the large-field
  // layouts (watershed's renumbering by level) on small fields too (tests,
  // to reach every parallel path on small fields); by default a part must
  // be large enough to pay for handing it to a thread.
  bool splitSmallWork = false;
  // Tests: watershed growth queues every span twice, as two parts side by
  // side may, to show that a repeat changes nothing.
  bool queueTwice = false;
};

// Memory kept from one call to the next. A caller that builds field after
// field (an engine's tiles, a benchmark's repetitions) passes the same
// Scratch to each call: the call takes its large arrays from it and gives
// them back on return, so their pages are faulted in and zeroed by the
// kernel once, not at every call (at 16M spans, a fifth to a quarter of
// the whole stage's time). The results stay the caller's; recycle() hands
// a result's arrays back when the caller is done with it. A Scratch serves
// one call at a time. Memory it keeps is held during a call too, beside
// what the call allocates (§5's lists while the link table waits for the
// next call); a call without one frees each array when done with it. No
// byte of a result depends on what a Scratch held before.
class Scratch {
 public:
  Scratch();
  ~Scratch();
  Scratch(Scratch&&) noexcept;
  Scratch& operator=(Scratch&&) noexcept;

  // A result the caller is done with: its arrays are kept for the next call
  // (a call's own scratch frees them), and `done` is left empty.
  void recycle(RegionResult&& done);
  void recycle(std::vector<int>&& done);
  // Bytes kept for the next call.
  int64_t heldBytes() const;
  // Frees everything kept.
  void release();

 private:
  friend struct ScratchAccess;  // optimized/scratch.h
  struct Held;
  Held& held();  // made on first use, so a moved-from Scratch works too
  std::unique_ptr<Held> held_;
  bool keeps_ = true;  // false: a call's own, which frees what it is given
};

// §1 / readings R2.
std::vector<int> buildDistanceField(const Heightfield& hf,
                                    Threads threads = {});
std::vector<int> buildDistanceField(const Heightfield& hf, Threads threads,
                                    Scratch& scratch);

// §2-§5 with the partition in settings; distances filled in by watershed
// only (the one partition that needs them).
RegionResult buildRegions(const Heightfield& hf, const Settings& settings,
                          Threads threads = {});
RegionResult buildRegions(const Heightfield& hf, const Settings& settings,
                          Threads threads, Scratch& scratch);

// §6 on a given partition.
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings, Threads threads = {});
ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings, Threads threads,
                         Scratch& scratch);

// Readings R12: the heightfield's own `regions` array as the partition.
RegionResult givenRegions(const Heightfield& hf);

}  // namespace regcon::opt
