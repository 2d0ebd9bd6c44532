// The JSON rule helpers the interchange readers share (interchange/io_rules.h).
#include "interchange/io_rules.h"

#include <cctype>
#include <cmath>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace regcon::io {
namespace {

// nlohmann rejects NaN and Infinity as "invalid literal"; say why. The
// last token may hold what came before, so only its trailing letters count.
std::string nonNumberHint(const std::string& lastToken) {
  std::size_t start = lastToken.size();
  while (start > 0 &&
         std::isalpha(static_cast<unsigned char>(lastToken[start - 1])) != 0) {
    --start;
  }
  std::string word;
  for (char c : lastToken.substr(start)) {
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  // A lone lowercase "n" is more likely a broken "null", and letters glued
  // to digits ("0I") a broken number.
  const bool nullTypo = lastToken.ends_with("n") && word == "n";
  const bool afterDigit =
      start > 0 &&
      (std::isdigit(static_cast<unsigned char>(lastToken[start - 1])) != 0 ||
       lastToken[start - 1] == '.');
  if (word.empty() || nullTypo || afterDigit ||
      !(std::string("nan").starts_with(word) ||
        std::string("infinity").starts_with(word))) {
    return "";
  }
  return " (NaN and Infinity are not JSON numbers)";
}

}  // namespace

void releaseFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

std::string indexed(const std::string& key, std::size_t index) {
  return key + "[" + std::to_string(index) + "]";
}

// A short description of a value for "found ..." in messages.
std::string describe(const json& value) {
  constexpr std::size_t kShown = 40;
  switch (value.type()) {
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::string: {
      std::string text = value.dump();
      if (text.size() > kShown) text = text.substr(0, kShown) + "...\"";
      return "the string " + text;
    }
    default:
      return value.dump();
  }
}

// Built with += : GCC 12 at -O3 warns falsely (-Wrestrict) on "(" + string.
std::string rangeRule(int64_t lo, int64_t hi, const char* name) {
  std::string rule = "(";
  rule += std::to_string(lo);
  rule += " <= ";
  rule += name;
  rule += " <= ";
  rule += std::to_string(hi);
  rule += ")";
  return rule;
}

// The broken rule when `value` is not an integer in [lo, hi], or nothing.
// Returned instead of thrown so that the caller builds the key (a string)
// only on failure: this runs once per number of a heightfield.
std::optional<std::string> integerProblem(const json& value, int64_t lo,
                                          int64_t hi, const char* name) {
  if (value.is_number_unsigned()) {
    const uint64_t number = value.get<uint64_t>();
    const bool aboveLo = lo <= 0 || number >= static_cast<uint64_t>(lo);
    if (aboveLo && number <= static_cast<uint64_t>(hi)) return {};
    return value.dump() + " is out of range " + rangeRule(lo, hi, name);
  }
  if (value.is_number_integer()) {
    const int64_t number = value.get<int64_t>();
    if (number >= lo && number <= hi) return {};
    return value.dump() + " is out of range " + rangeRule(lo, hi, name);
  }
  if (value.is_number_float()) {
    // nlohmann hands integer literals beyond 64 bits over as doubles.
    if (std::abs(value.get<double>()) >= 0x1p63) {
      return value.dump() + " is out of range " + rangeRule(lo, hi, name);
    }
    return "must be an integer, found " + value.dump() +
           " (a number written with a fraction or exponent is not an "
           "integer, even when whole)";
  }
  return "must be an integer, found " + describe(value);
}

int64_t requireInteger(const json& value, const Where& where,
                       const std::string& key, int64_t lo, int64_t hi,
                       const char* name) {
  if (auto problem = integerProblem(value, lo, hi, name)) {
    where.fail(key, *problem);
  }
  return value.is_number_unsigned()
             ? static_cast<int64_t>(value.get<uint64_t>())
             : value.get<int64_t>();
}

int requireInt(const json& value, const Where& where, const std::string& key,
               int64_t lo, int64_t hi, const char* name) {
  return static_cast<int>(requireInteger(value, where, key, lo, hi, name));
}

const json* find(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const json& required(const json& object, const Where& where, const char* key) {
  const json* value = find(object, key);
  if (value == nullptr) where.fail(key, "missing (required)");
  return *value;
}

void requireFormat(const json& top, const Where& where, const char* format) {
  const json* found = find(top, "format");
  const std::string expected = json(format).dump();
  if (found == nullptr) {
    where.fail("format", "missing (expected " + expected + ")");
  }
  if (*found != format) {
    where.fail("format",
               "expected " + expected + ", found " + describe(*found));
  }
}

void requireVersion(const json& top, const Where& where) {
  const json* found = find(top, "version");
  if (found == nullptr) where.fail("version", "missing (must be 1)");
  if (!found->is_number_integer() || *found != 1) {
    where.fail("version", "must be 1, found " + describe(*found));
  }
}

void requireHeader(const json& top, const Where& where, const char* format) {
  requireFormat(top, where, format);
  requireVersion(top, where);
}

[[noreturn]] void throwNotJson(const std::string& document,
                               const std::string& lastToken,
                               const nlohmann::detail::exception& error) {
  std::string message = error.what();
  // Drop nlohmann's "[json.exception.parse_error.101] " tag.
  if (message.starts_with("[json.exception.")) {
    message = message.substr(message.find(']') + 2);
  }
  // nlohmann takes a NUL byte for the end of the input; say what it was.
  const bool nul = lastToken.ends_with("<U+0000>");
  throw InputError(document + ": not valid JSON: " + message +
                   (nul ? " (a NUL byte: not JSON text)" : "") +
                   nonNumberHint(lastToken));
}

void OpenContainers::key(const std::string& key) {
  Level& level = levels_.back();
  level.key = key;
  if (!level.keys.insert(key).second) {
    fail(nextPath(), "duplicate key (each key may appear only once)");
  }
}

void OpenContainers::checkNesting() const {
  if (levels_.size() < kMaxDepth) return;
  std::string rule = "nesting deeper than ";
  rule += std::to_string(kMaxDepth);
  rule += " levels (too deep for an interchange document)";
  fail(nextPath(), rule);
}

std::string OpenContainers::nextPath() const {
  std::string path;
  for (std::size_t i = 0; i < levels_.size(); ++i) {
    const Level& level = levels_[i];
    if (!level.array) {
      if (!path.empty()) path += '.';
      path += level.key;
    } else {
      const bool innermost = i + 1 == levels_.size();
      path += indexed("", innermost ? level.count : level.count - 1);
    }
  }
  return path;
}

void OpenContainers::fail(const std::string& key,
                          const std::string& rule) const {
  Where{document_, ""}.fail(key, rule);
}

void OpenContainers::notJson(const std::string& lastToken,
                             const nlohmann::detail::exception& error) const {
  throwNotJson(document_, lastToken, error);
}

}  // namespace regcon::io
