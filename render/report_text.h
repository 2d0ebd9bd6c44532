// Text placed in a report: a command under test, an expected-failures file
// or a manifest may hold any bytes, but the readers of the reports may not
// take them. JSON parsers need valid UTF-8, XML parsers valid UTF-8 of XML
// 1.0 characters only, and a terminal must not be driven by escape
// sequences. Each function shows what its reader cannot take as `\xHH`,
// one per byte, so nothing is silently dropped and the text stays readable.
#pragma once

#include <string>

namespace regcon::render {

// Valid UTF-8 (RFC 3629): every byte that does not start a well-formed
// sequence (overlong forms such as C0 80, surrogates D800-DFFF, code points
// past U+10FFFF, stray or missing continuation bytes) is shown escaped.
std::string utf8Escaped(const std::string& text);

// As utf8Escaped, and also every character outside XML 1.0's Char
// production: controls other than tab, newline and carriage return, U+FFFE
// and U+FFFF.
std::string xmlCharsEscaped(const std::string& text);

// As utf8Escaped, and also every control character (C0 but newline and tab,
// DEL, C1 U+0080-U+009F), so no escape sequence reaches a terminal raw.
std::string terminalEscaped(const std::string& text);

// Text for XML (the JUnit report, the SVG pictures): as xmlCharsEscaped,
// and the markup characters & < > " ' escaped as entities.
std::string xmlEscaped(const std::string& text);

}  // namespace regcon::render

#include <sstream>

namespace regcon::render {

// The text of a document built in `out`, or a std::runtime_error naming
// `document` when the stream failed: a string stream that cannot grow (out
// of memory) sets its badbit and silently drops the rest, and a document cut
// short must never be written as if it were whole.
std::string completeDocument(const std::ostringstream& out,
                             const std::string& document);

}  // namespace regcon::render
