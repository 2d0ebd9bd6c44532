// A traced raw loop (§6 Tracing) as the optimized contours keep it between
// tracing and simplification. Internal to optimized/contours*.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/types.h"

namespace regcon::opt::contours {

// A raw loop in 6 bytes a vertex where its corners fit: x, z and y in 16
// bits each, the neighbour values as runs (a loop's neighbour changes only
// at its portals), where a plain vertex takes 16 (a serpentine's one loop
// was 32 bytes a span of the stage's peak). One block holds the runs
// (start, value: 8 bytes each), then the corners; it is read through
// memcpy, so that its 16- and 32-bit values need no alignment and no
// type of their own. A loop with a corner outside 0..65535 (a field past
// interchange §1's limits, which only a library caller can pass) stays a
// plain Loop.
class RawLoop {
 public:
  static bool fits(const ContourVertex& v) {
    return 0 <= v.x && v.x <= 0xFFFF && 0 <= v.z && v.z <= 0xFFFF && 0 <= v.y &&
           v.y <= 0xFFFF;
  }

  static RawLoop plain(Loop loop) {
    RawLoop raw;
    raw.size_ = static_cast<int>(loop.size());
    raw.plain_ = std::make_unique<Loop>(std::move(loop));
    return raw;
  }

  int size() const { return size_; }
  bool isPlain() const { return plain_ != nullptr; }
  const Loop& plainLoop() const { return *plain_; }

  // Packed vertex i's corner.
  int x(int i) const { return load16(cornerAt(i)); }
  int z(int i) const { return load16(cornerAt(i) + 2); }
  int y(int i) const { return load16(cornerAt(i) + 4); }
  int runCount() const { return runCount_; }
  int runStart(int k) const { return load32(block_.get() + kRunBytes * k); }
  int runValue(int k) const { return load32(block_.get() + kRunBytes * k + 4); }
  // The run holding packed vertex i: the last that starts at i or before.
  int runOf(int i) const {
    int low = 0, high = runCount_;  // runStart(low) <= i < runStart(high)
    while (high - low > 1) {
      const int mid = (low + high) / 2;
      (runStart(mid) <= i ? low : high) = mid;
    }
    return low;
  }
  // Packed vertex i, for i increasing from one call to the next and `run`
  // starting at 0: the run is found by stepping on from the last one.
  ContourVertex vertexOnward(int i, int& run) const {
    while (run + 1 < runCount_ && runStart(run + 1) <= i) ++run;
    return {x(i), y(i), z(i), runValue(run)};
  }

  Loop toLoop() const {
    if (plain_) return *plain_;
    Loop loop;
    loop.reserve(size_);
    for (int i = 0, run = 0; i < size_; ++i) {
      loop.push_back(vertexOnward(i, run));
    }
    return loop;
  }

  void release() { *this = RawLoop(); }

 private:
  friend class RawLoopPacker;
  static constexpr size_t kRunBytes = 8;
  static constexpr size_t kCornerBytes = 6;

  static int load16(const unsigned char* at) {
    uint16_t value;
    std::memcpy(&value, at, sizeof value);
    return value;
  }
  static int load32(const unsigned char* at) {
    int value;
    std::memcpy(&value, at, sizeof value);
    return value;
  }
  const unsigned char* cornerAt(int i) const {
    return block_.get() + kRunBytes * runCount_ +
           kCornerBytes * static_cast<size_t>(i);
  }

  int size_ = 0;
  int runCount_ = 0;
  std::unique_ptr<unsigned char[]> block_;
  std::unique_ptr<Loop> plain_;
};

// Packs one traced loop at a time, in two phases: its first vertices go to
// lists kept from loop to loop, while the rest are only counted with their
// runs; then the packed loop is made at its size and the rest written into
// it.
class RawLoopPacker {
 public:
  void clear() {
    headSize_ = 0;
    headRuns_.clear();
    tailVertices_ = tailRuns_ = 0;
  }
  int headSize() const { return headSize_; }
  int tailSize() const { return tailVertices_; }

  // First phase. False, adding nothing, for a vertex that does not fit.
  bool addHead(const ContourVertex& v) {
    if (!RawLoop::fits(v)) return false;
    const size_t end = RawLoop::kCornerBytes * (headSize_ + 1);
    if (headCorners_.size() < end) headCorners_.resize(2 * end);
    storeCorner(headCorners_.data() + end - RawLoop::kCornerBytes, v);
    if (headRuns_.empty() || headRuns_.back().value != v.neighbor) {
      headRuns_.push_back({headSize_, v.neighbor});
    }
    ++headSize_;
    return true;
  }
  void countTail(int neighbour) {
    const int last =
        tailVertices_ > 0 ? lastNeighbour_ : headRuns_.back().value;
    if (neighbour != last) ++tailRuns_;
    lastNeighbour_ = neighbour;
    ++tailVertices_;
  }

  // Second phase: the packed loop at its size, the head written in.
  void allocate() {
    loop_ = RawLoop();
    loop_.size_ = headSize() + tailVertices_;
    loop_.runCount_ = static_cast<int>(headRuns_.size()) + tailRuns_;
    const size_t runBytes = RawLoop::kRunBytes * loop_.runCount_;
    // Not zeroed, as every byte is written below; plain new, since libc++
    // 14 (the ClusterFuzzLite build's) has no make_unique_for_overwrite.
    loop_.block_.reset(
        new unsigned char[runBytes + RawLoop::kCornerBytes *
                                         static_cast<size_t>(loop_.size_)]);
    unsigned char* block = loop_.block_.get();
    // The head's runs and corners are copied as they are.
    static_assert(sizeof(Run) == RawLoop::kRunBytes);
    std::memcpy(block, headRuns_.data(), RawLoop::kRunBytes * headRuns_.size());
    runsWritten_ = static_cast<int>(headRuns_.size());
    lastNeighbour_ = headRuns_.back().value;
    std::memcpy(block + runBytes, headCorners_.data(),
                RawLoop::kCornerBytes * headSize_);
    at_ = headSize_;
  }
  // False for a vertex that does not fit.
  bool addTail(const ContourVertex& v) {
    if (!RawLoop::fits(v)) return false;
    write(v);
    return true;
  }
  RawLoop finish() {
    if (at_ != loop_.size_ || runsWritten_ != loop_.runCount_) {
      throw std::logic_error(
          "optimized contour packing: a loop's second walk differs from its "
          "first");
    }
    return std::move(loop_);
  }

 private:
  void write(const ContourVertex& v) {
    unsigned char* block = loop_.block_.get();
    if (v.neighbor != lastNeighbour_) {
      if (runsWritten_ == loop_.runCount_) {
        throw std::logic_error(
            "optimized contour packing: more runs than counted");
      }
      unsigned char* run = block + RawLoop::kRunBytes * runsWritten_++;
      std::memcpy(run, &at_, 4);
      std::memcpy(run + 4, &v.neighbor, 4);
      lastNeighbour_ = v.neighbor;
    }
    writeCorner(v);
  }

  void writeCorner(const ContourVertex& v) {
    unsigned char* block = loop_.block_.get();
    storeCorner(block + RawLoop::kRunBytes * loop_.runCount_ +
                    RawLoop::kCornerBytes * static_cast<size_t>(at_++),
                v);
  }

  // Each value stored on its own: a three-value array built and copied
  // out was read back in a wider load than its stores, which stalled.
  static void storeCorner(unsigned char* at, const ContourVertex& v) {
    store16(at, v.x);
    store16(at + 2, v.z);
    store16(at + 4, v.y);
  }

  static void store16(unsigned char* at, int value) {
    const auto bits = static_cast<uint16_t>(value);
    std::memcpy(at, &bits, sizeof bits);
  }

  std::vector<unsigned char> headCorners_;  // the head's corners, packed
  int headSize_ = 0;
  struct Run {
    int start, value;
  };
  std::vector<Run> headRuns_;
  int tailVertices_ = 0, tailRuns_ = 0;
  int lastNeighbour_ = 0;
  RawLoop loop_;
  int at_ = 0, runsWritten_ = 0;
};

// The simplification's two ways to read a raw loop. at(i) gives the
// position (x, z; the rest is not set for a packed loop), vertexOnward the
// whole vertex (RawLoop::vertexOnward), neighbour(i) its neighbour value.
struct PlainView {
  const Loop& loop;
  int size() const { return static_cast<int>(loop.size()); }
  const ContourVertex& at(int i) const { return loop[i]; }
  const ContourVertex& vertexOnward(int i, int&) const { return loop[i]; }
  Loop toLoop() const { return loop; }
  int neighbour(int i) const { return loop[i].neighbor; }
  // visit(i) for each vertex whose neighbour differs from the one before
  // it, cyclically (a portal, §6 step 1).
  // The previous vertex is carried along, not taken modulo n (a division a
  // vertex, a quarter of a short loop's simplification).
  template <class Visit>
  void forEachPortal(Visit&& visit) const {
    const int n = size();
    for (int i = 0, prev = n - 1; i < n; prev = i++) {
      if (loop[i].neighbor != loop[prev].neighbor) visit(i);
    }
  }
};

struct PackedView {
  const RawLoop& loop;
  int size() const { return loop.size(); }
  ContourVertex at(int i) const { return {loop.x(i), 0, loop.z(i), 0}; }
  ContourVertex vertexOnward(int i, int& run) const {
    return loop.vertexOnward(i, run);
  }
  Loop toLoop() const { return loop.toLoop(); }
  int neighbour(int i) const { return loop.runValue(loop.runOf(i)); }
  // Runs are maximal, so every run start but the first is a portal; the
  // first is one where the last run's value differs from it.
  template <class Visit>
  void forEachPortal(Visit&& visit) const {
    const int runs = loop.runCount();
    if (runs > 1 && loop.runValue(0) != loop.runValue(runs - 1)) visit(0);
    for (int k = 1; k < runs; ++k) visit(loop.runStart(k));
  }
};

// f(view) with the view that reads `raw`.
template <class F>
decltype(auto) withView(const RawLoop& raw, F&& f) {
  return raw.isPlain() ? f(PlainView{raw.plainLoop()}) : f(PackedView{raw});
}

}  // namespace regcon::opt::contours
