// Canonical hashes (interchange §5): lowercase hex SHA-256 of a sequence of
// signed 32-bit little-endian integers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon {

std::string sha256Int32(const std::vector<int32_t>& values);

std::string hashDistances(const std::vector<int>& distances);
std::string hashRegions(const RegionResult& regions);
std::string hashContours(const ContourSet& contours);

}  // namespace regcon
