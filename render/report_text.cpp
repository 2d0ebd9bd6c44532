#include "render/report_text.h"

#include <cstdint>
#include <stdexcept>

namespace regcon::render {
namespace {

// The code point of the well-formed sequence at text[i] and its length in
// bytes, or a length of 0 when text[i] starts none. The ranges are those of
// RFC 3629's table (section 4), which excludes overlongs and surrogates.
struct Decoded {
  uint32_t codePoint = 0;
  size_t length = 0;
};

bool inRange(const std::string& text, size_t i, unsigned low, unsigned high) {
  if (i >= text.size()) return false;
  const auto byte = static_cast<unsigned char>(text[i]);
  return byte >= low && byte <= high;
}

// The allowed range of the second byte after lead byte `lead` (RFC 3629).
void secondByteRange(unsigned lead, unsigned& low, unsigned& high) {
  low = 0x80, high = 0xBF;
  if (lead == 0xE0) low = 0xA0;   // no overlong 3-byte forms
  if (lead == 0xED) high = 0x9F;  // no surrogates
  if (lead == 0xF0) low = 0x90;   // no overlong 4-byte forms
  if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
}

Decoded decode(const std::string& text, size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return {lead, 1};
  size_t length = 0;
  uint32_t codePoint = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, codePoint = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, codePoint = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, codePoint = lead & 0x07u;
  } else {
    return {};  // C0, C1, F5-FF, or a continuation byte
  }
  unsigned low = 0, high = 0;
  secondByteRange(lead, low, high);
  for (size_t k = 1; k < length; ++k) {
    if (!inRange(text, i + k, low, high)) return {};
    codePoint =
        codePoint << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    low = 0x80, high = 0xBF;
  }
  return {codePoint, length};
}

void appendEscapedBytes(std::string& out, const std::string& text, size_t i,
                        size_t length) {
  static const char* const kHex = "0123456789ABCDEF";
  for (size_t k = i; k < i + length; ++k) {
    const auto byte = static_cast<unsigned char>(text[k]);
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
  }
}

// Valid UTF-8 kept when `keep` says so; everything else shown escaped.
template <typename Keep>
std::string escapedUnless(const std::string& text, Keep keep) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const Decoded d = decode(text, i);
    if (d.length == 0) {
      appendEscapedBytes(out, text, i, 1);
      ++i;
      continue;
    }
    if (keep(d.codePoint)) {
      out.append(text, i, d.length);
    } else {
      appendEscapedBytes(out, text, i, d.length);
    }
    i += d.length;
  }
  return out;
}

// XML 1.0, production [2] Char (surrogates never decode).
bool isXmlChar(uint32_t c) {
  if (c < 0x20) return c == '\t' || c == '\n' || c == '\r';
  return c != 0xFFFE && c != 0xFFFF;
}

bool isPrintableOnTerminal(uint32_t c) {
  if (c < 0x20) return c == '\t' || c == '\n';
  return c != 0x7F && !(c >= 0x80 && c <= 0x9F);
}

}  // namespace

std::string utf8Escaped(const std::string& text) {
  return escapedUnless(text, [](uint32_t) { return true; });
}

std::string xmlCharsEscaped(const std::string& text) {
  return escapedUnless(text, isXmlChar);
}

std::string terminalEscaped(const std::string& text) {
  return escapedUnless(text, isPrintableOnTerminal);
}

// Text for XML (the JUnit report, the SVG pictures): XML 1.0 characters of
// valid UTF-8 (anything else shown as \xHH), markup escaped.
std::string xmlEscaped(const std::string& text) {
  std::string out;
  for (char c : xmlCharsEscaped(text)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace regcon::render

namespace regcon::render {

std::string completeDocument(const std::ostringstream& out,
                             const std::string& document) {
  if (!out) {
    throw std::runtime_error(document +
                             ": the document could not be built in memory "
                             "(out of memory?); nothing was written");
  }
  return out.str();
}

}  // namespace regcon::render
