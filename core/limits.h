// The interchange format's limits (interchange.md §1-§3), in one place: the
// readers check them, the builder and the generators stay inside them, the
// CLI's flags take the settings' ranges from here.
#pragma once

#include <cstdint>
#include <limits>

namespace regcon::limits {

constexpr int64_t kMaxGridSide = 32767;   // §1 width, depth
constexpr int64_t kMaxSpansPerCell = 63;  // §1 counts
constexpr int64_t kMaxY = 65535;          // §1 y
constexpr int64_t kMaxArea = 255;         // §1 area
constexpr int64_t kWalkableArea = 63;     // the usual walkable area id
constexpr int64_t kMaxGivenId = 65535;    // §1 regions and layers in a chf
constexpr int64_t kMaxRegionId =          // §3 ids and regionCount of a
    std::numeric_limits<int32_t>::max();  // regions or result document
constexpr int64_t kMaxSetting =           // §2 integer settings: every
    std::numeric_limits<int32_t>::max();  // count of spans fits int32
// Every other integer of a document (links, distances, vertex coordinates
// and neighbours, counters) is a signed 32-bit value, as §5 hashes it.
constexpr int64_t kMinInt = std::numeric_limits<int32_t>::min();
constexpr int64_t kMaxInt = std::numeric_limits<int32_t>::max();

}  // namespace regcon::limits
