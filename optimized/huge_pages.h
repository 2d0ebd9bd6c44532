// Per-span arrays that the distance field and watershed read at random
// spans, backed by transparent huge pages where the kernel offers them.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace regcon::opt {

// Asks for 2 MiB pages on the whole 2 MiB pages inside [data, data + bytes).
// Why: at 16M spans a level's spans are scattered over arrays of 64-256 MB,
// and with 4 KiB pages nearly every neighbour read is a TLB miss; 2 MiB
// pages cover them with a few hundred TLB entries. Advice only: the kernel
// may ignore it, and no value changes either way.
inline void adviseHugePages(void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
  if (last > first) {
    madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  }
#else
  (void)data;
  (void)bytes;
#endif
}

// std::vector<T>(count, value), with the advice given before the first
// write touches (and so maps) its pages.
template <class T>
std::vector<T> hugePageVector(std::size_t count, const T& value) {
  std::vector<T> v;
  v.reserve(count);
  adviseHugePages(v.data(), count * sizeof(T));
  v.assign(count, value);
  return v;
}

}  // namespace regcon::opt
