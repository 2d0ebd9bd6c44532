// Text placed in an XML document (the JUnit report, the SVG pictures):
// invalid UTF-8 and characters XML 1.0 forbids shown as \xHH (see
// cli/report_text.h), markup characters escaped.
#pragma once

#include <string>

namespace regcon::cli {

std::string xmlEscaped(const std::string& text);

}  // namespace regcon::cli
