// A fixture for the test layering_includes_catches_a_crossing: the
// reference including the optimized implementation, which
// cmake/check_layers.cmake must reject.
#pragma once

#include "optimized/optimized.h"
