// Text placed in an XML document (the JUnit report, the SVG pictures):
// invalid UTF-8 replaced, markup characters escaped.
#pragma once

#include <string>

namespace regcon::cli {

std::string xmlEscaped(const std::string& text);

}  // namespace regcon::cli
