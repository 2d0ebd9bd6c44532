// Internal to interchange/io_*.cpp: the JSON rule helpers every interchange
// reader shares (where a rule is broken, how a value is described, integer
// ranges, the format/version header) and the parse entry point. io.h stays the
// one public header.
#pragma once

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::io {

using json = nlohmann::json;

constexpr std::size_t kMaxDepth = 64;  // nesting levels of any document

constexpr const char* kChfFormat = "build3d.chf";
constexpr const char* kSettingsFormat = "build3d.settings";
constexpr const char* kRegionsFormat = "build3d.regions";
constexpr const char* kContoursFormat = "build3d.contours";
constexpr const char* kResultFormat = "build3d.result";

// Where a rule is broken: the document, plus a key prefix for the
// sub-documents of a result ("regions.").
struct Where {
  std::string document;
  std::string prefix;

  [[noreturn]] void fail(const std::string& key,
                         const std::string& rule) const {
    throw InputError(document + ": " + prefix + key + ": " + rule);
  }
  Where sub(const std::string& key) const {
    return {document, prefix + key + "."};
  }
};

std::string indexed(const std::string& key, std::size_t index);

// A short description of a value for "found ..." in messages.
std::string describe(const json& value);

// "(lo <= name <= hi)".
std::string rangeRule(int64_t lo, int64_t hi, const char* name);

// The broken rule when `value` is not an integer in [lo, hi], or nothing.
// Returned instead of thrown so that the caller builds the key (a string)
// only on failure: this runs once per number of a document.
std::optional<std::string> integerProblem(const json& value, int64_t lo,
                                          int64_t hi, const char* name);

// The integer `value`, or an InputError naming `key` and the range.
int64_t requireInteger(const json& value, const Where& where,
                       const std::string& key, int64_t lo, int64_t hi,
                       const char* name);
int requireInt(const json& value, const Where& where, const std::string& key,
               int64_t lo, int64_t hi, const char* name);

const json* find(const json& object, const char* key);
const json& required(const json& object, const Where& where, const char* key);

// "format" is `format` and "version" is 1, in the small object of header
// values a reader kept.
void requireFormat(const json& top, const Where& where, const char* format);
void requireVersion(const json& top, const Where& where);
void requireHeader(const json& top, const Where& where, const char* format);

// nlohmann's parse error as an InputError naming the document.
[[noreturn]] void throwNotJson(const std::string& document,
                               const std::string& lastToken,
                               const nlohmann::detail::exception& error);

// What both SAX handlers (the heightfield's DomBuilder, the walk's Walker)
// keep of the containers open around the next value: per level whether it
// is an array, the keys it has had, the key being read and how many values
// it has had. It checks the rules every document shares (no key twice in
// an object, nesting capped at kMaxDepth) and names the next value's place.
class OpenContainers {
 public:
  explicit OpenContainers(std::string document)
      : document_(std::move(document)) {}

  std::size_t depth() const { return levels_.size(); }
  bool innermostIsArray() const { return levels_.back().array; }
  const std::string& innermostKey() const { return levels_.back().key; }

  // A value (or a container) arrives in the innermost container: its index.
  std::size_t countValue() { return levels_.back().count++; }
  // A key of the innermost object, before its value; no key twice.
  void key(const std::string& key);
  // Before a container opens: fails when it would nest too deep.
  void checkNesting() const;
  void push(bool array) { levels_.push_back(Level{array, {}, {}, 0}); }
  void pop() { levels_.pop_back(); }

  // Path of the value about to be read: the key just seen in an object, the
  // next index in an array.
  std::string nextPath() const;
  [[noreturn]] void fail(const std::string& key, const std::string& rule) const;
  [[noreturn]] void notJson(const std::string& lastToken,
                            const nlohmann::detail::exception& error) const;

 private:
  struct Level {
    bool array;
    std::set<std::string> keys;  // of an object, for duplicates
    std::string key;             // of the value being read
    std::size_t count = 0;       // values read so far
  };

  std::string document_;
  std::vector<Level> levels_;
};

// Runs a SAX handler over `in`. Handlers throw on every error.
template <typename Handler>
void parseWith(std::istream& in, Handler& handler) {
  // A false return cannot happen; the check keeps that assumption visible.
  if (!json::sax_parse(in, &handler, json::input_format_t::json, true)) {
    throw InputError("JSON parser stopped without a reason");
  }
}

// Hands the pages of freed memory back to the system (glibc keeps freed
// small blocks in its heap, where a large new vector cannot reuse them).
void releaseFreedMemory();

// Moves a deque into an exactly sized vector, freeing the deque's blocks as
// it goes and handing their pages back every few megabytes: peak memory
// stays near the data plus a few megabytes, where a growing vector needs up
// to three times the data.
template <typename T>
std::vector<T> drain(std::deque<T>& items) {
  constexpr std::size_t kReleaseEvery = (std::size_t{8} << 20) / sizeof(T);
  std::vector<T> out;
  out.reserve(items.size());
  std::size_t moved = 0;
  while (!items.empty()) {
    out.push_back(std::move(items.front()));
    items.pop_front();
    if (++moved % kReleaseEvery == 0) releaseFreedMemory();
  }
  if (moved >= kReleaseEvery) releaseFreedMemory();  // not for small loops
  return out;
}

}  // namespace regcon::io

namespace regcon {
struct SettingRow;
namespace io {

// The settings table's rules on JSON values (interchange/settings_table.cpp):
// sets `row` of `settings` from `value`, or returns the broken rule.
std::optional<std::string> setFromJson(const SettingRow& row, const json& value,
                                       Settings& settings);
// `row` of `settings` as its document value.
json settingJson(const SettingRow& row, const Settings& settings);

}  // namespace io
}  // namespace regcon
