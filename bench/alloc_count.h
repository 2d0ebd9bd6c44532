// Peak heap use of one timed call: the bench binary replaces the global
// operator new and delete (ours, and the standard library's containers) and
// hands Recast counting functions through rcAllocSetCustom, so both sides
// are counted the same way: bytes as malloc_usable_size reports them (the
// request rounded up to the allocator's granule, at most 16 bytes more).
#pragma once

#include <cstdint>

namespace regcon::bench {

// Installs the counting allocator into Recast (once, before any rcAlloc).
void countRecastAllocations();

// Starts a measurement: the peak is counted from the bytes live now.
void resetPeak();
// Largest number of bytes live at once since resetPeak, beyond those live
// at resetPeak.
int64_t peakBytesSinceReset();

}  // namespace regcon::bench
