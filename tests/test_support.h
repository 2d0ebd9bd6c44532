// Helpers shared by the tests: building small heightfields from ASCII
// drawings, and where ../shared lives.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::testing {

// One floor (y = 0) drawn row by row, first string is z = 0 (the drawing is
// upside down relative to the z axis pointing up). '.' or ' ' is no span,
// '#' is a span of area 0, a digit d is area d (1-9), any other letter is
// area 63. Links are mutual between orthogonally adjacent spans.
Heightfield gridFromAscii(const std::vector<std::string>& rows);

// Path of ../shared beside the checkout, or "" when absent.
std::string sharedDir();

// Names of the worked vectors (NAME of NAME.chf.json in ../shared/vectors),
// sorted; empty when ../shared is absent.
std::vector<std::string> vectorNames();

}  // namespace regcon::testing
