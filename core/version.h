// The tool's version; `regcon --version` prints it with the version of the
// conformance suite it finds, and every suite report carries both.
#pragma once

namespace regcon {

inline constexpr const char* kToolVersion = "0.1.0";

}  // namespace regcon
