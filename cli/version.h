// The tool's version; `regcon --version` prints it with the version of the
// conformance suite it finds, and every suite report carries both.
#pragma once

#include "core/version.h"

namespace regcon::cli {

// project(regcon VERSION ...) in CMakeLists.txt, through core/version.h.
inline constexpr const char* kToolVersion = regcon::kVersion;

}  // namespace regcon::cli
