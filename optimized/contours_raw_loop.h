// A traced raw loop (§6 Tracing) as the optimized contours keep it between
// tracing and simplification. Internal to optimized/contours*.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/types.h"

namespace regcon::opt::contours {

// A raw loop in 6 bytes a vertex where its corners fit: x, z and y in 16
// bits each, the neighbour values as runs (a loop's neighbour changes only
// at its portals), where a plain vertex takes 16 (a serpentine's one loop
// was 32 bytes a span of the stage's peak). One block holds the runs
// (start, value: 8 bytes each), then the corners; a loop of more than
// kChunk vertices keeps its corners in blocks of kChunk instead, filled as
// the walk goes, so that it is walked once and never held twice (a walk
// that counted the vertices past a list of its own, then walked them again
// into a block made at the loop's size, made serpentine-256's contours 6%
// slower, interleaved). Blocks are read through memcpy, so that their 16-
// and 32-bit values need no alignment and no type of their own. A loop
// with a corner outside 0..65535 (a field past interchange §1's limits,
// which only a library caller can pass) stays a plain Loop.
class RawLoop {
 public:
  static constexpr int kChunkShift = 12;
  static constexpr int kChunk = 1 << kChunkShift;  // vertices

  static bool fits(const ContourVertex& v) {
    return 0 <= v.x && v.x <= 0xFFFF && 0 <= v.z && v.z <= 0xFFFF && 0 <= v.y &&
           v.y <= 0xFFFF;
  }

  static RawLoop plain(Loop loop) {
    RawLoop raw;
    raw.size_ = static_cast<int>(loop.size());
    raw.more_ = std::make_unique<More>();
    raw.more_->plain = true;
    raw.more_->loop = std::move(loop);
    return raw;
  }

  int size() const { return size_; }
  bool isPlain() const { return more_ != nullptr && more_->plain; }
  bool isChunked() const { return more_ != nullptr && !more_->plain; }
  const Loop& plainLoop() const { return more_->loop; }

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

  // A packed loop in one block: its corners, vertex i's at 6 * i.
  const unsigned char* corners() const {
    return block_.get() + kRunBytes * runCount_;
  }
  // A chunked loop: its corner blocks, vertex i's in block i >> kChunkShift.
  using Chunk = std::vector<unsigned char>;
  const Chunk* chunks() const { return more_->chunks.data(); }
  static const unsigned char* cornerIn(const Chunk* chunks, int i) {
    return chunks[i >> kChunkShift].data() +
           kCornerBytes * static_cast<size_t>(i & (kChunk - 1));
  }
  static const unsigned char* cornerIn(const unsigned char* corners, int i) {
    return corners + kCornerBytes * static_cast<size_t>(i);
  }
  // The corner stored at `at`, and the neighbour value `value`.
  static ContourVertex vertexAt(const unsigned char* at, int value) {
    return {load16(at), load16(at + 4), load16(at + 2), value};
  }
  static ContourVertex positionAt(const unsigned char* at) {
    return {load16(at), 0, load16(at + 2), 0};
  }

  // Packed vertex i, for i increasing from one call to the next and `run`
  // starting at 0: the run is found by stepping on from the last one.
  int runOnward(int i, int& run) const {
    while (run + 1 < runCount_ && runStart(run + 1) <= i) ++run;
    return runValue(run);
  }

  Loop toLoop() const;  // after the views, below
  void release() { *this = RawLoop(); }

  static constexpr size_t kCornerBytes = 6;

 private:
  friend class RawLoopPacker;
  static constexpr size_t kRunBytes = 8;

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

  // What only a plain or a chunked loop has, apart: a loop of the list of
  // all traced loops stays 24 bytes (TracedLoop, contours.cpp).
  struct More {
    bool plain = false;
    Loop loop;                  // plain
    std::vector<Chunk> chunks;  // chunked
  };

  int size_ = 0;
  int runCount_ = 0;
  // The runs, then a loop of one block's corners.
  std::unique_ptr<unsigned char[]> block_;
  std::unique_ptr<More> more_;
};

// Packs one traced loop at a time, as the walk gives its vertices: the
// first kChunk corners go to a list kept from loop to loop (most loops are
// shorter: one block made at the loop's size when it closes, not one a
// doubling), the next to corner blocks of the loop's own; the runs to a
// list kept from loop to loop.
class RawLoopPacker {
 public:
  void clear() {
    size_ = 0;
    runs_.clear();
    chunks_.clear();
  }

  // False, adding nothing, for a vertex that does not fit.
  bool add(const ContourVertex& v) {
    if (!RawLoop::fits(v)) return false;
    if (runs_.empty() || runs_.back().value != v.neighbor) {
      runs_.push_back({size_, v.neighbor});
    }
    storeCorner(nextCorner(), v);
    ++size_;
    return true;
  }

  RawLoop finish() {
    RawLoop loop;
    loop.size_ = size_;
    loop.runCount_ = static_cast<int>(runs_.size());
    const size_t runBytes = RawLoop::kRunBytes * runs_.size();
    const bool chunked = size_ > RawLoop::kChunk;
    const size_t cornerBytes =
        chunked ? 0 : RawLoop::kCornerBytes * static_cast<size_t>(size_);
    // Not zeroed, as every byte is written below; plain new, since libc++
    // 14 (the ClusterFuzzLite build's) has no make_unique_for_overwrite.
    loop.block_.reset(new unsigned char[runBytes + cornerBytes]);
    static_assert(sizeof(Run) == RawLoop::kRunBytes);
    std::memcpy(loop.block_.get(), runs_.data(), runBytes);
    if (!chunked) {
      std::memcpy(loop.block_.get() + runBytes, head_.data(), cornerBytes);
      return loop;
    }
    trimLastChunk();
    loop.more_ = std::make_unique<RawLoop::More>();
    loop.more_->chunks = std::move(chunks_);
    chunks_.clear();
    return loop;
  }

 private:
  static constexpr size_t kChunkBytes = RawLoop::kCornerBytes * RawLoop::kChunk;

  // Where vertex size_'s corner goes. At the first vertex past the list,
  // the list (full) becomes the loop's first block, and the next loop
  // starts a list anew.
  unsigned char* nextCorner() {
    if (size_ < RawLoop::kChunk) {
      const size_t end = RawLoop::kCornerBytes * (size_ + 1);
      if (head_.size() < end) {
        // Room made exactly (a resize past the room may double it): the
        // full list is a block of the loop.
        head_.reserve(std::min(2 * end, kChunkBytes));
        head_.resize(head_.capacity());
      }
      return head_.data() + end - RawLoop::kCornerBytes;
    }
    const int within = size_ & (RawLoop::kChunk - 1);
    if (within == 0) {
      if (chunks_.empty()) {
        chunks_.push_back(std::move(head_));
        head_.clear();
      }
      chunks_.emplace_back(kChunkBytes);
    }
    return chunks_.back().data() +
           RawLoop::kCornerBytes * static_cast<size_t>(within);
  }

  // The last block at the size it holds: a loop takes no more than its
  // corners (a serpentine's one loop is the stage's peak).
  void trimLastChunk() {
    const int held =
        size_ - RawLoop::kChunk * (static_cast<int>(chunks_.size()) - 1);
    chunks_.back().resize(RawLoop::kCornerBytes * static_cast<size_t>(held));
    chunks_.back().shrink_to_fit();
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

  std::vector<unsigned char> head_;  // the first kChunk corners, packed
  int size_ = 0;
  struct Run {
    int start, value;
  };
  std::vector<Run> runs_;
  std::vector<RawLoop::Chunk> chunks_;
};

// The simplification's three ways to read a raw loop. at(i) gives the
// position (x, z; the rest is not set for a packed loop), vertexOnward the
// whole vertex (RawLoop::runOnward), neighbour(i) its neighbour value.
struct PlainView {
  const Loop& loop;
  int size() const { return static_cast<int>(loop.size()); }
  const ContourVertex& at(int i) const { return loop[i]; }
  const ContourVertex& vertexOnward(int i, int&) const { return loop[i]; }
  Loop toLoop() const { return loop; }
  int neighbour(int i) const { return loop[i].neighbor; }
  // visit(i, at(i)) for i from `from` up to `to`.
  template <class Visit>
  void forEachIn(int from, int to, Visit&& visit) const {
    for (int i = from; i < to; ++i) visit(i, loop[i]);
  }
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

// A packed loop's corners in one block (Corners: const unsigned char*) or
// in chunks (const RawLoop::Chunk*): a view of each, so
// that a loop of one block, nearly every loop, is read without a chunk's
// look-up.
template <class Corners>
struct PackedViewOf {
  const RawLoop& loop;
  Corners corners;
  int size() const { return loop.size(); }
  ContourVertex at(int i) const {
    return RawLoop::positionAt(RawLoop::cornerIn(corners, i));
  }
  ContourVertex vertexOnward(int i, int& run) const {
    return RawLoop::vertexAt(RawLoop::cornerIn(corners, i),
                             loop.runOnward(i, run));
  }
  Loop toLoop() const {
    Loop out;
    out.reserve(size());
    for (int i = 0, run = 0; i < size(); ++i) {
      out.push_back(vertexOnward(i, run));
    }
    return out;
  }
  int neighbour(int i) const { return loop.runValue(loop.runOf(i)); }
  // visit(i, at(i)) for i from `from` up to `to`, block by block: the
  // scans of a long loop read its corners in order, not through a chunk's
  // look-up a vertex (serpentine-256's simplification a fifth slower).
  template <class Visit>
  void forEachIn(int from, int to, Visit&& visit) const {
    while (from < to) {
      const int end = std::min(to, blockEnd(from));
      const unsigned char* at = RawLoop::cornerIn(corners, from);
      for (int i = from; i < end; ++i, at += RawLoop::kCornerBytes) {
        visit(i, RawLoop::positionAt(at));
      }
      from = end;
    }
  }
  // Runs are maximal, so every run start but the first is a portal; the
  // first is one where the last run's value differs from it.
  template <class Visit>
  void forEachPortal(Visit&& visit) const {
    const int runs = loop.runCount();
    if (runs > 1 && loop.runValue(0) != loop.runValue(runs - 1)) visit(0);
    for (int k = 1; k < runs; ++k) visit(loop.runStart(k));
  }
  // The end of vertex i's block.
  int blockEnd(int i) const {
    if constexpr (std::is_same_v<Corners, const unsigned char*>) {
      return size();
    } else {
      return (i | (RawLoop::kChunk - 1)) + 1;
    }
  }
};
using PackedView = PackedViewOf<const unsigned char*>;
using ChunkedView = PackedViewOf<const RawLoop::Chunk*>;

// f(view) with the view that reads `raw`.
template <class F>
decltype(auto) withView(const RawLoop& raw, F&& f) {
  if (raw.isPlain()) return f(PlainView{raw.plainLoop()});
  if (raw.isChunked()) return f(ChunkedView{raw, raw.chunks()});
  return f(PackedView{raw, raw.corners()});
}

inline Loop RawLoop::toLoop() const {
  return withView(*this, [](const auto& view) { return view.toLoop(); });
}

}  // namespace regcon::opt::contours
