// Bounded reads from fuzzer bytes, in the manner of simdjson's FuzzData:
// when the bytes run out every read answers its minimum, so any input
// decodes to something valid.
#pragma once

#include <cstddef>
#include <cstdint>

namespace regcon::fuzz {

class FuzzData {
 public:
  FuzzData(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  // A value in [lo, hi], taken modulo the range.
  int intIn(int lo, int hi) {
    if (size_ == 0 || hi <= lo) return lo;
    uint32_t raw = 0;
    for (int i = 0; i < 2 && size_ > 0; ++i) {
      raw = (raw << 8) | *data_++;
      --size_;
    }
    return lo + static_cast<int>(raw % static_cast<uint32_t>(hi - lo + 1));
  }
  bool chance(int percent) { return intIn(0, 99) < percent; }

 private:
  const uint8_t* data_;
  size_t size_;
};

}  // namespace regcon::fuzz
