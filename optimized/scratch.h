// The steps' side of a Scratch (optimized.h): uninitialised arrays and
// int vectors taken from it and given back.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "optimized/optimized.h"

namespace regcon::opt {

struct ScratchBlock {
  std::unique_ptr<std::byte[]> bytes;
  size_t size = 0;
};

struct ScratchAccess {
  // The scratch of a call made without one: an array given back is freed
  // at once, as a fresh array would be, since no later call will take it.
  static Scratch forOneCall();
  // The smallest kept block of at least `size` bytes, else a new one;
  // uninitialised either way.
  static ScratchBlock takeBlock(Scratch& scratch, size_t size);
  static void giveBlock(Scratch& scratch, ScratchBlock block);
  // An empty vector: the smallest kept one with room for `count` ints,
  // else a new one with that room.
  static std::vector<int> takeInts(Scratch& scratch, size_t count);
};

// `count` uninitialised T from a Scratch, given back when it goes (or at
// reset()). For plain data only: nothing is constructed or destroyed.
template <class T>
class ScratchArray {
  static_assert(std::is_trivially_copyable_v<T> &&
                std::is_trivially_destructible_v<T>);

 public:
  ScratchArray() = default;
  ScratchArray(Scratch& scratch, size_t count)
      : scratch_(&scratch),
        block_(ScratchAccess::takeBlock(scratch, count * sizeof(T))) {}
  ~ScratchArray() { reset(); }
  ScratchArray(ScratchArray&& other) noexcept
      : scratch_(std::exchange(other.scratch_, nullptr)),
        block_(std::move(other.block_)) {}
  ScratchArray& operator=(ScratchArray&& other) noexcept {
    if (this != &other) {
      reset();
      scratch_ = std::exchange(other.scratch_, nullptr);
      block_ = std::move(other.block_);
    }
    return *this;
  }
  ScratchArray(const ScratchArray&) = delete;
  ScratchArray& operator=(const ScratchArray&) = delete;

  T* data() const { return reinterpret_cast<T*>(block_.bytes.get()); }
  T& operator[](size_t i) const { return data()[i]; }

  void reset() {
    if (scratch_ != nullptr && block_.bytes) {
      ScratchAccess::giveBlock(*scratch_, std::move(block_));
    }
    scratch_ = nullptr;
    block_ = {};
  }

 private:
  Scratch* scratch_ = nullptr;
  ScratchBlock block_;
};

}  // namespace regcon::opt
