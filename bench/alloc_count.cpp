#include "bench/alloc_count.h"

#include <RecastAlloc.h>
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace regcon::bench {
namespace {

// The optimized implementation may allocate on several threads.
std::atomic<int64_t> live{0};
std::atomic<int64_t> peak{0};
int64_t base = 0;

void* countedMalloc(std::size_t size) {
  void* p = std::malloc(size ? size : 1);
  if (p) {
    const int64_t now =
        live.fetch_add(static_cast<int64_t>(malloc_usable_size(p))) +
        static_cast<int64_t>(malloc_usable_size(p));
    int64_t seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
  }
  return p;
}

void countedFree(void* p) {
  if (!p) return;
  live.fetch_sub(static_cast<int64_t>(malloc_usable_size(p)));
  std::free(p);
}

void* recastAlloc(size_t size, rcAllocHint) {
  return countedMalloc(size);
}
void recastFree(void* p) {
  countedFree(p);
}

void* newOrThrow(std::size_t size) {
  void* p = countedMalloc(size);
  if (!p) throw std::bad_alloc();
  return p;
}

}  // namespace

void countRecastAllocations() {
  rcAllocSetCustom(recastAlloc, recastFree);
}

void resetPeak() {
  const int64_t now = live.load();
  base = now;
  peak.store(now);
}

int64_t peakBytesSinceReset() {
  return peak.load() - base;
}

}  // namespace regcon::bench

// The replaceable global allocation functions ([new.delete]); the aligned
// forms are left to the library (nothing here allocates over-aligned types).
void* operator new(std::size_t size) {
  return regcon::bench::newOrThrow(size);
}
void* operator new[](std::size_t size) {
  return regcon::bench::newOrThrow(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return regcon::bench::countedMalloc(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return regcon::bench::countedMalloc(size);
}
void operator delete(void* p) noexcept {
  regcon::bench::countedFree(p);
}
void operator delete[](void* p) noexcept {
  regcon::bench::countedFree(p);
}
void operator delete(void* p, std::size_t) noexcept {
  regcon::bench::countedFree(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  regcon::bench::countedFree(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  regcon::bench::countedFree(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  regcon::bench::countedFree(p);
}
