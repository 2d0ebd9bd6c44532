// Reading and writing of the interchange documents (interchange.md §1-§4,
// §6). Every reader goes through nlohmann's SAX interface rather than its DOM
// parser, for three reasons: the heightfield's per-span arrays must stream
// straight into vectors (a DOM costs ~40x the text), duplicate keys must be
// seen (the DOM parser silently keeps the last), and nesting must be capped
// before anything walks the tree recursively.
#include "core/io.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <utility>

namespace regcon {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxDepth = 64;
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kMaxGridSide = 32767;
constexpr int64_t kMaxSpansPerCell = 63;
constexpr int64_t kMaxY = 65535;
constexpr int64_t kMaxArea = 255;
constexpr int64_t kMaxId = 65535;  // region and layer ids
constexpr int kSpanFields = 6;     // [y, area, link0, link1, link2, link3]

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

std::string rangeRule(int64_t lo, int64_t hi, const char* name) {
  return "(" + std::to_string(lo) + " <= " + name +
         " <= " + std::to_string(hi) + ")";
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

const json& requireArray(const json& value, const Where& where,
                         const std::string& key) {
  if (!value.is_array()) {
    where.fail(key, "must be an array, found " + describe(value));
  }
  return value;
}

std::vector<int> requireIntArray(const json& value, const Where& where,
                                 const std::string& key, int64_t lo, int64_t hi,
                                 const char* name) {
  std::vector<int> numbers;
  numbers.reserve(requireArray(value, where, key).size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    numbers.push_back(
        requireInt(value[i], where, indexed(key, i), lo, hi, name));
  }
  return numbers;
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

[[noreturn]] void throwNotJson(const std::string& document,
                               const std::string& lastToken,
                               const nlohmann::detail::exception& error) {
  std::string message = error.what();
  // Drop nlohmann's "[json.exception.parse_error.101] " tag.
  if (message.starts_with("[json.exception.")) {
    message = message.substr(message.find(']') + 2);
  }
  throw InputError(document + ": not valid JSON: " + message +
                   nonNumberHint(lastToken));
}

// Builds a DOM from SAX events with the checks nlohmann's DOM parser lacks:
// duplicate keys are rejected and nesting is capped at kMaxDepth, and the
// top level must be an object.
class DomBuilder {
 public:
  explicit DomBuilder(std::string document) : document_(std::move(document)) {}

  std::size_t depth() const { return frames_.size(); }
  const json& root() const { return root_; }

  bool null() { return add(json()); }
  bool boolean(bool value) { return add(json(value)); }
  bool number_integer(json::number_integer_t value) { return add(json(value)); }
  bool number_unsigned(json::number_unsigned_t value) {
    return add(json(value));
  }
  bool number_float(json::number_float_t value, const json::string_t&) {
    return add(json(value));
  }
  bool string(json::string_t& value) { return add(json(std::move(value))); }
  bool binary(json::binary_t& value) {
    return add(json::binary(std::move(value)));
  }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(json::string_t& key) {
    Frame& frame = frames_.back();
    frame.key = key;
    if (!frame.seen.insert(key).second) {
      fail(nextPath(), "duplicate key (each key may appear only once)");
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string& lastToken,
                   const nlohmann::detail::exception& error) {
    throwNotJson(document_, lastToken, error);
  }

 private:
  struct Frame {
    json* value;
    std::set<std::string> seen;  // keys of an object, for duplicates
    std::string key;             // key of the value being read
    std::size_t count = 0;       // values read so far
  };

  [[noreturn]] void fail(const std::string& key,
                         const std::string& rule) const {
    Where{document_, ""}.fail(key, rule);
  }

  // Path of the value about to be read: the key just seen in an object, the
  // next index in an array.
  std::string nextPath() const {
    std::string path;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& frame = frames_[i];
      if (frame.value->is_object()) {
        path += (path.empty() ? "" : ".") + frame.key;
      } else {
        const bool innermost = i + 1 == frames_.size();
        path += indexed("", innermost ? frame.count : frame.count - 1);
      }
    }
    return path;
  }

  bool add(json&& value) {
    place(std::move(value));
    return true;
  }
  json* place(json&& value) {
    if (frames_.empty()) {
      if (!value.is_object()) {
        fail("top level", "must be a JSON object, found " + describe(value));
      }
      root_ = std::move(value);
      return &root_;
    }
    Frame& parent = frames_.back();
    ++parent.count;
    if (parent.value->is_object()) {
      return &((*parent.value)[parent.key] = std::move(value));
    }
    parent.value->push_back(std::move(value));
    return &parent.value->back();
  }
  bool open(json&& container) {
    if (frames_.size() >= kMaxDepth) {
      fail(nextPath(), "nesting deeper than " + std::to_string(kMaxDepth) +
                           " levels (too deep for an interchange "
                           "document)");
    }
    json* value = place(std::move(container));
    frames_.push_back(Frame{value, {}, {}, 0});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }

  std::string document_;
  json root_;
  std::vector<Frame> frames_;
};

template <typename Handler>
void parseWith(std::istream& in, Handler& handler) {
  // Handlers throw on every error, so a false return cannot happen; the
  // check keeps that assumption visible.
  if (!json::sax_parse(in, &handler, json::input_format_t::json, true)) {
    throw InputError("JSON parser stopped without a reason");
  }
}

json parseDocument(std::istream& in, const std::string& document) {
  DomBuilder builder(document);
  parseWith(in, builder);
  return builder.root();
}

// Moves a deque into an exactly sized vector, freeing the deque's blocks as
// it goes: peak memory stays near twice the data, where a growing vector
// needs up to three times.
template <typename T>
std::vector<T> drain(std::deque<T>& items) {
  std::vector<T> out;
  out.reserve(items.size());
  while (!items.empty()) {
    out.push_back(items.front());
    items.pop_front();
  }
  return out;
}

// ---------------------------------------------------------------------------
// Heightfield (§1)

enum class Stream { None, Counts, Spans, Regions, Layers };

const char* streamName(Stream stream) {
  switch (stream) {
    case Stream::Counts:
      return "counts";
    case Stream::Spans:
      return "spans";
    case Stream::Regions:
      return "regions";
    case Stream::Layers:
      return "layers";
    case Stream::None:
      break;
  }
  return "";
}

Stream streamFor(const std::string& key) {
  for (Stream s :
       {Stream::Counts, Stream::Spans, Stream::Regions, Stream::Layers}) {
    if (key == streamName(s)) return s;
  }
  return Stream::None;
}

// SAX handler for a heightfield: "counts", "spans", "regions" and "layers"
// go straight into deques with their per-value rules checked; everything
// else (format, version, width, depth, unknown keys) goes to a DomBuilder.
// Rules that relate the arrays to each other are checked by finish().
class HeightfieldSax {
 public:
  explicit HeightfieldSax(const std::string& document)
      : where_{document, ""}, dom_(document) {}

  bool null() {
    return scalar(json(), [&] { return dom_.null(); });
  }
  bool boolean(bool value) {
    return scalar(json(value), [&] { return dom_.boolean(value); });
  }
  bool number_integer(json::number_integer_t value) {
    if (streamed(value)) return true;
    return scalar(json(value), [&] { return dom_.number_integer(value); });
  }
  bool number_unsigned(json::number_unsigned_t value) {
    if (value <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) &&
        streamed(static_cast<int64_t>(value))) {
      return true;
    }
    return scalar(json(value), [&] { return dom_.number_unsigned(value); });
  }
  bool number_float(json::number_float_t value, const json::string_t& text) {
    return scalar(json(value), [&] { return dom_.number_float(value, text); });
  }
  bool string(json::string_t& value) {
    return scalar(json(value), [&] { return dom_.string(value); });
  }
  bool binary(json::binary_t& value) { return dom_.binary(value); }
  bool start_object(std::size_t size) {
    return scalar(json::object(), [&] { return dom_.start_object(size); });
  }
  bool end_object() { return dom_.end_object(); }
  bool key(json::string_t& key) {
    if (dom_.depth() == 1) pending_ = streamFor(key);
    return dom_.key(key);
  }
  bool start_array(std::size_t size);
  bool end_array();
  bool parse_error(std::size_t position, const std::string& lastToken,
                   const nlohmann::detail::exception& error) {
    return dom_.parse_error(position, lastToken, error);
  }

  Heightfield finish();

 private:
  template <typename Forward>
  bool scalar(const json& value, Forward forward) {
    if (pending_ != Stream::None) {
      where_.fail(streamName(pending_),
                  "must be an array, found " + describe(value));
    }
    if (active_ == Stream::None) return forward();
    element(value);
    return true;
  }
  struct Expected {
    int64_t lo;
    int64_t hi;
    const char* name;
  };
  bool streamed(int64_t number) {
    if (pending_ != Stream::None || active_ == Stream::None) return false;
    integer(number);
    return true;
  }
  void element(const json& value);
  void integer(int64_t number);
  void checkSpanShape(const json& value) const;
  Expected expectedNow() const;
  std::string elementKey() const;
  void store(int value);
  void finishSpan();
  std::string spanKey() const { return indexed("spans", index_); }

  Heightfield assemble();
  void checkCounts(const Heightfield& hf) const;
  void checkIds(const Heightfield& hf, Stream stream) const;

  Where where_;
  DomBuilder dom_;
  Stream pending_ = Stream::None;  // a streamed key whose value is next
  Stream active_ = Stream::None;   // the streamed array being read
  std::array<bool, 5> present_{};  // per Stream: was the array given
  std::size_t index_ = 0;          // entry of the active array
  bool inSpan_ = false;
  int spanFill_ = 0;
  std::array<int, kSpanFields> spanValues_{};
  std::deque<uint8_t> counts_;
  std::deque<Span> spans_;
  std::deque<int> regions_;
  std::deque<int> layers_;
};

bool HeightfieldSax::start_array(std::size_t size) {
  if (pending_ != Stream::None) {
    active_ = pending_;
    present_[static_cast<int>(active_)] = true;
    pending_ = Stream::None;
    index_ = 0;
    return true;
  }
  if (active_ == Stream::Spans && !inSpan_) {
    inSpan_ = true;
    spanFill_ = 0;
    return true;
  }
  if (active_ != Stream::None) {
    element(json::array());
    return true;
  }
  return dom_.start_array(size);
}

bool HeightfieldSax::end_array() {
  if (inSpan_) {
    finishSpan();
    return true;
  }
  if (active_ != Stream::None) {
    active_ = Stream::None;
    return dom_.null();  // placeholder, so the key counts as present
  }
  return dom_.end_array();
}

// The slow path: any value, checked with a message on failure.
void HeightfieldSax::element(const json& value) {
  if (active_ == Stream::Spans) checkSpanShape(value);
  const Expected expected = expectedNow();
  if (auto problem =
          integerProblem(value, expected.lo, expected.hi, expected.name)) {
    where_.fail(elementKey(), *problem);
  }
  store(value.get<int>());
}

// The fast path for the integers that make up nearly all of a heightfield:
// no json value is built unless the integer breaks a rule.
void HeightfieldSax::integer(int64_t number) {
  const bool shapeOk =
      active_ != Stream::Spans || (inSpan_ && spanFill_ < kSpanFields);
  if (shapeOk) {
    const Expected expected = expectedNow();
    if (number >= expected.lo && number <= expected.hi) {
      return store(static_cast<int>(number));
    }
  }
  element(json(number));  // throws with the rule
}

const char* const kSpanShape =
    "must be an array of exactly 6 integers [y, area, link0, link1, link2, "
    "link3]";
const char* const kSpanFieldKeys[kSpanFields] = {
    " y", " area", " link 0", " link 1", " link 2", " link 3"};

void HeightfieldSax::checkSpanShape(const json& value) const {
  if (!inSpan_) {
    where_.fail(spanKey(),
                std::string(kSpanShape) + ", found " + describe(value));
  }
  if (spanFill_ == kSpanFields) {
    where_.fail(spanKey(), std::string(kSpanShape) + ", found more entries");
  }
}

HeightfieldSax::Expected HeightfieldSax::expectedNow() const {
  switch (active_) {
    case Stream::Counts:
      return {0, kMaxSpansPerCell, "count"};
    case Stream::Regions:
      return {0, kMaxId, "region id"};
    case Stream::Layers:
      return {0, kMaxId, "layer id"};
    case Stream::Spans:
      break;
    case Stream::None:
      return {0, 0, ""};
  }
  if (spanFill_ == 0) return {0, kMaxY, "y"};
  if (spanFill_ == 1) return {0, kMaxArea, "area"};
  // Whether a link names an existing span is checked once counts are known.
  return {kNoLink, kInt32Max, "link"};
}

std::string HeightfieldSax::elementKey() const {
  if (active_ == Stream::Spans) return spanKey() + kSpanFieldKeys[spanFill_];
  return indexed(streamName(active_), index_);
}

void HeightfieldSax::store(int value) {
  switch (active_) {
    case Stream::Counts:
      counts_.push_back(static_cast<uint8_t>(value));  // range checked
      break;
    case Stream::Regions:
      regions_.push_back(value);
      break;
    case Stream::Layers:
      layers_.push_back(value);
      break;
    case Stream::Spans:
      spanValues_[spanFill_++] = value;
      return;
    case Stream::None:
      return;
  }
  ++index_;
}

void HeightfieldSax::finishSpan() {
  if (spanFill_ != kSpanFields) {
    where_.fail(spanKey(), std::string(kSpanShape) + ", found " +
                               std::to_string(spanFill_) + " entries");
  }
  if (spans_.size() >= static_cast<std::size_t>(kInt32Max)) {
    where_.fail(spanKey(), "too many spans (at most 2147483647)");
  }
  Span span;
  span.y = spanValues_[0];
  span.area = spanValues_[1];
  for (int d = 0; d < 4; ++d) span.link[d] = spanValues_[2 + d];
  spans_.push_back(span);
  inSpan_ = false;
  ++index_;
}

void HeightfieldSax::checkCounts(const Heightfield& hf) const {
  const std::size_t cells =
      static_cast<std::size_t>(hf.width) * static_cast<std::size_t>(hf.depth);
  if (hf.counts.size() != cells) {
    where_.fail("counts", "has " + std::to_string(hf.counts.size()) +
                              " entries, expected width x depth = " +
                              std::to_string(cells) + " (one per cell)");
  }
  int64_t total = 0;
  for (int count : hf.counts) total += count;
  if (static_cast<int64_t>(hf.spans.size()) != total) {
    where_.fail("spans", "has " + std::to_string(hf.spans.size()) +
                             " entries, but counts sum to " +
                             std::to_string(total) + " (one entry per span)");
  }
}

void HeightfieldSax::checkIds(const Heightfield& hf, Stream stream) const {
  const auto& ids = stream == Stream::Regions ? hf.regions : hf.layers;
  if (!ids || ids->size() == hf.spans.size()) return;
  where_.fail(streamName(stream),
              "has " + std::to_string(ids->size()) + " entries, expected " +
                  std::to_string(hf.spans.size()) + " (one per span)");
}

std::string cellName(int x, int z) {
  return "cell (" + std::to_string(x) + ", " + std::to_string(z) + ")";
}

void checkYOrder(const Heightfield& hf, const Where& where) {
  for (int s = 1; s < hf.spanCount(); ++s) {
    if (hf.spanCell[s] != hf.spanCell[s - 1]) continue;
    if (hf.spans[s].y > hf.spans[s - 1].y) continue;
    where.fail(indexed("spans", s) + " y",
               std::to_string(hf.spans[s].y) + " is not above " +
                   std::to_string(hf.spans[s - 1].y) + ", the y of " +
                   indexed("spans", s - 1) + " below it in " +
                   cellName(hf.cellX(s), hf.cellZ(s)) +
                   " (y must increase strictly within a cell)");
  }
}

std::string linkKey(int span, int dir) {
  return indexed("spans", span) + " link " + std::to_string(dir);
}

void checkLink(const Heightfield& hf, const Where& where, int s, int dir) {
  const int link = hf.spans[s].link[dir];
  if (link == kNoLink) return;
  const int nx = hf.cellX(s) + kDirX[dir];
  const int nz = hf.cellZ(s) + kDirZ[dir];
  if (!hf.insideGrid(nx, nz)) {
    where.fail(linkKey(s, dir),
               "leads from " + cellName(hf.cellX(s), hf.cellZ(s)) + " to " +
                   cellName(nx, nz) +
                   ", outside the grid (a link must stay inside the grid)");
  }
  const int count = hf.counts[nx + nz * hf.width];
  if (link >= count) {
    where.fail(linkKey(s, dir),
               "names span " + std::to_string(link) + " of " +
                   cellName(nx, nz) + ", which holds " + std::to_string(count) +
                   " spans (a link must name an existing span in the "
                   "neighbouring cell)");
  }
}

void checkLinks(const Heightfield& hf, const Where& where) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int dir = 0; dir < 4; ++dir) checkLink(hf, where, s, dir);
  }
}

// Readings R12: a given partition may not give one region two area ids.
void checkRegionAreas(const Heightfield& hf, const Where& where) {
  if (!hf.regions) return;
  std::vector<int> firstSpan(kMaxId + 1, -1);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int region = (*hf.regions)[s];
    if (region == 0) continue;
    int& first = firstSpan[region];
    if (first < 0) first = s;
    if (hf.spans[first].area == hf.spans[s].area) continue;
    where.fail(indexed("regions", s),
               "region " + std::to_string(region) + " is given to spans[" +
                   std::to_string(first) + "] of area " +
                   std::to_string(hf.spans[first].area) + " and spans[" +
                   std::to_string(s) + "] of area " +
                   std::to_string(hf.spans[s].area) +
                   " (a region must have a single area id, readings R12)");
  }
}

Heightfield HeightfieldSax::assemble() {
  const json& top = dom_.root();
  requireHeader(top, where_, kChfFormat);
  Heightfield hf;
  hf.width = requireInt(required(top, where_, "width"), where_, "width", 1,
                        kMaxGridSide, "width");
  hf.depth = requireInt(required(top, where_, "depth"), where_, "depth", 1,
                        kMaxGridSide, "depth");
  for (Stream s : {Stream::Counts, Stream::Spans}) {
    if (!present_[static_cast<int>(s)]) {
      where_.fail(streamName(s), "missing (required)");
    }
  }
  hf.counts = drain(counts_);
  hf.spans = drain(spans_);
  if (present_[static_cast<int>(Stream::Regions)]) hf.regions = drain(regions_);
  if (present_[static_cast<int>(Stream::Layers)]) hf.layers = drain(layers_);
  return hf;
}

Heightfield HeightfieldSax::finish() {
  Heightfield hf = assemble();
  checkCounts(hf);
  checkIds(hf, Stream::Regions);
  checkIds(hf, Stream::Layers);
  hf.index();
  checkYOrder(hf, where_);
  checkLinks(hf, where_);
  checkRegionAreas(hf, where_);
  return hf;
}

// ---------------------------------------------------------------------------
// Settings (§2)

void readCount(const json& top, const Where& where, const char* key,
               int64_t& out) {
  if (const json* value = find(top, key)) {
    out = requireInteger(*value, where, key, 0, kInt32Max, key);
  }
}

void readFlag(const json& top, const Where& where, const char* key, bool& out) {
  const json* value = find(top, key);
  if (value == nullptr) return;
  if (!value->is_boolean()) {
    where.fail(key, "must be true or false, found " + describe(*value));
  }
  out = value->get<bool>();
}

void readPartition(const json& top, const Where& where, Partition& out) {
  const json* value = find(top, "partition");
  if (value == nullptr) return;
  const auto partition = value->is_string()
                             ? parsePartition(value->get<std::string>())
                             : std::nullopt;
  if (!partition) {
    where.fail("partition",
               "must be one of \"watershed\", \"monotone\", \"layers\", "
               "\"layer-first\", found " +
                   describe(*value));
  }
  out = *partition;
}

void readMaxError(const json& top, const Where& where, double& out) {
  const json* value = find(top, "maxError");
  if (value == nullptr) return;
  // Parsed numbers are always finite (the parser rejects overflow).
  if (!value->is_number() || !(value->get<double>() >= 0)) {
    where.fail("maxError",
               "must be a finite number >= 0, found " + describe(*value));
  }
  out = value->get<double>() + 0.0;  // + 0.0 turns -0 into 0
}

// ---------------------------------------------------------------------------
// Regions (§3), contours (§4)

RegionResult checkRegions(const json& top, const Where& where) {
  requireHeader(top, where, kRegionsFormat);
  RegionResult result;
  result.regionCount = requireInt(required(top, where, "regionCount"), where,
                                  "regionCount", 0, kInt32Max, "regionCount");
  result.regions = requireIntArray(required(top, where, "regions"), where,
                                   "regions", 0, kMaxId, "region id");
  const json* distances = find(top, "distances");
  if (distances == nullptr) return result;
  result.distances =
      requireIntArray(*distances, where, "distances", 0, kInt32Max, "distance");
  if (result.distances->size() != result.regions.size()) {
    where.fail("distances", "has " + std::to_string(result.distances->size()) +
                                " entries, but regions has " +
                                std::to_string(result.regions.size()) +
                                " (both have one entry per span)");
  }
  return result;
}

ContourVertex checkVertex(const json& value, const Where& where,
                          const std::string& key) {
  static constexpr const char* kNames[4] = {"x", "y", "z", "neighbor"};
  if (!value.is_array() || value.size() != 4) {
    where.fail(key,
               "must be an array of exactly 4 integers [x, y, z, neighbor], "
               "found " +
                   (value.is_array() ? std::to_string(value.size()) + " entries"
                                     : describe(value)));
  }
  std::array<int, 4> v{};
  for (int i = 0; i < 4; ++i) {
    v[i] = requireInt(value[i], where, key + " " + kNames[i], kInt32Min,
                      kInt32Max, kNames[i]);
  }
  return {v[0], v[1], v[2], v[3]};
}

Loop checkLoop(const json& value, const Where& where, const std::string& key,
               std::size_t minVertices) {
  requireArray(value, where, key);
  if (value.size() < minVertices) {
    where.fail(key, "has " + std::to_string(value.size()) +
                        " vertices, needs at least " +
                        std::to_string(minVertices));
  }
  Loop loop;
  loop.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    loop.push_back(checkVertex(value[i], where, indexed(key, i)));
  }
  return loop;
}

void rejectUnknownContourKeys(const json& value, const Where& where,
                              const std::string& key) {
  static const std::set<std::string> kKnown = {"region", "area", "vertices",
                                               "rawOutline", "rawHoles"};
  for (const auto& item : value.items()) {
    if (kKnown.count(item.key()) != 0) continue;
    where.fail(key + "." + item.key(),
               "unknown key (a contour has region, area, vertices, "
               "rawOutline, rawHoles)");
  }
}

Contour checkContour(const json& value, const Where& outer,
                     const std::string& key) {
  if (!value.is_object()) {
    outer.fail(key, "must be an object, found " + describe(value));
  }
  rejectUnknownContourKeys(value, outer, key);
  const Where where = outer.sub(key);
  Contour contour;
  contour.region = requireInt(required(value, where, "region"), where, "region",
                              1, kMaxId, "region");
  contour.area = requireInt(required(value, where, "area"), where, "area", 0,
                            kMaxArea, "area");
  contour.vertices =
      checkLoop(required(value, where, "vertices"), where, "vertices", 3);
  if (const json* raw = find(value, "rawOutline")) {
    contour.rawOutline = checkLoop(*raw, where, "rawOutline", 0);
  }
  if (const json* holes = find(value, "rawHoles")) {
    requireArray(*holes, where, "rawHoles");
    contour.rawHoles.emplace();
    for (std::size_t i = 0; i < holes->size(); ++i) {
      contour.rawHoles->push_back(
          checkLoop((*holes)[i], where, indexed("rawHoles", i), 0));
    }
  }
  return contour;
}

ContourSet checkContours(const json& top, const Where& where) {
  requireHeader(top, where, kContoursFormat);
  ContourSet set;
  set.rawFallbacks = requireInt(required(top, where, "rawFallbacks"), where,
                                "rawFallbacks", 0, kInt32Max, "rawFallbacks");
  set.droppedHoles = requireInt(required(top, where, "droppedHoles"), where,
                                "droppedHoles", 0, kInt32Max, "droppedHoles");
  const json& contours =
      requireArray(required(top, where, "contours"), where, "contours");
  set.contours.reserve(contours.size());
  for (std::size_t i = 0; i < contours.size(); ++i) {
    set.contours.push_back(
        checkContour(contours[i], where, indexed("contours", i)));
  }
  return set;
}

const json& requireSubDocument(const json& top, const Where& where,
                               const char* key, const char* format) {
  const json& value = required(top, where, key);
  if (!value.is_object()) {
    where.fail(key, std::string("must be an object (a ") + format +
                        " document), found " + describe(value));
  }
  return value;
}

// ---------------------------------------------------------------------------
// Files and dispatch

// An open input: a regular file, or anything else read into memory, so
// that validateFile can read it twice.
struct Source {
  std::string name;
  std::ifstream file;
  std::istringstream buffer;
  bool buffered = false;

  std::istream& stream() {
    if (buffered) return buffer;
    return file;
  }
  void rewind() {
    stream().clear();
    stream().seekg(0);
  }
};

std::string documentName(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

void openFile(const std::string& path, std::ifstream& file) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(path + ": cannot open: is a directory");
  }
  file.open(path, std::ios::binary);
  if (!file) throw InputError(path + ": cannot open: no such readable file");
}

// Reads a file, or standard input for "-", with `read`.
template <typename Read>
auto readPath(const std::string& path, Read read) {
  if (path == "-") return read(std::cin, documentName(path));
  std::ifstream file;
  openFile(path, file);
  return read(file, path);
}

// Standard input and pipes cannot seek back, so they are read into memory
// (for a heightfield the parsed form is larger than the text anyway).
void openSource(const std::string& path, Source& source) {
  source.name = documentName(path);
  std::error_code error;
  if (path != "-" && std::filesystem::is_regular_file(path, error)) {
    return openFile(path, source.file);
  }
  std::ifstream pipe;
  if (path != "-") openFile(path, pipe);
  source.buffered = true;
  std::ostringstream all;
  all << (path == "-" ? std::cin.rdbuf() : pipe.rdbuf());
  source.buffer.str(all.str());
}

// Finds the top-level "format" value, stopping as soon as it is read.
struct FormatSniffer {
  std::size_t depth = 0;
  bool atFormat = false;
  std::optional<json> format;

  bool value(json&& v) {
    if (atFormat) format = std::move(v);
    return !atFormat && depth > 0;
  }
  bool null() { return value(json()); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) { return value(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) {
    return value(json(v));
  }
  bool string(json::string_t& v) { return value(json(v)); }
  bool binary(json::binary_t&) { return false; }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return depth > 0 && open(json::array()); }
  bool open(json&& container) {
    if (atFormat) return value(std::move(container));
    ++depth;
    return true;
  }
  bool end_object() { return --depth > 0; }
  bool end_array() { return --depth > 0; }
  bool key(json::string_t& k) {
    atFormat = depth == 1 && k == "format";
    return true;
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception&) {
    return false;
  }
};

const char* const kKnownFormats =
    "build3d.chf, build3d.settings, build3d.regions, build3d.contours, "
    "build3d.result";

std::string sniffFormat(Source& source) {
  FormatSniffer sniffer;
  json::sax_parse(source.stream(), &sniffer, json::input_format_t::json, true);
  source.rewind();
  const Where where{source.name, ""};
  if (!sniffer.format) {
    // Let the full parser name the real problem (bad JSON, not an object).
    const json top = parseDocument(source.stream(), source.name);
    where.fail("format",
               std::string("missing (expected one of ") + kKnownFormats + ")");
  }
  if (!sniffer.format->is_string()) {
    where.fail("format", "must be a string naming the document type, found " +
                             describe(*sniffer.format));
  }
  return sniffer.format->get<std::string>();
}

void readAs(const std::string& format, std::istream& in,
            const std::string& name) {
  if (format == kChfFormat) {
    readHeightfield(in, name);
  } else if (format == kSettingsFormat) {
    readSettings(in, name);
  } else if (format == kRegionsFormat) {
    readRegions(in, name);
  } else if (format == kContoursFormat) {
    readContours(in, name);
  } else if (format == kResultFormat) {
    readResult(in, name);
  } else {
    Where{name, ""}.fail("format", "unknown format " + json(format).dump() +
                                       " (expected one of " + kKnownFormats +
                                       ")");
  }
}

// ---------------------------------------------------------------------------
// Writers: compact, keys in the order interchange.md shows them.

template <typename Int>
void writeInts(std::ostream& out, const std::vector<Int>& values) {
  out << '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out << ',';
    out << static_cast<int>(values[i]);  // a uint8_t count is a number
  }
  out << ']';
}

// `,"key":[...]` when the array is present, nothing otherwise.
void writeOptionalInts(std::ostream& out, const char* key,
                       const std::optional<std::vector<int>>& values) {
  if (!values) return;
  out << ",\"" << key << "\":";
  writeInts(out, *values);
}

void writeHeader(std::ostream& out, const char* format) {
  out << "{\"format\":\"" << format << "\",\"version\":1";
}

void writeSpans(std::ostream& out, const std::vector<Span>& spans) {
  out << '[';
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const Span& s = spans[i];
    out << (i > 0 ? ",[" : "[") << s.y << ',' << s.area;
    for (int link : s.link) out << ',' << link;
    out << ']';
  }
  out << ']';
}

void writeLoop(std::ostream& out, const Loop& loop) {
  out << '[';
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const ContourVertex& v = loop[i];
    out << (i > 0 ? ",[" : "[") << v.x << ',' << v.y << ',' << v.z << ','
        << v.neighbor << ']';
  }
  out << ']';
}

void writeContour(std::ostream& out, const Contour& contour) {
  out << "{\"region\":" << contour.region << ",\"area\":" << contour.area
      << ",\"vertices\":";
  writeLoop(out, contour.vertices);
  if (contour.rawOutline) {
    out << ",\"rawOutline\":";
    writeLoop(out, *contour.rawOutline);
  }
  if (contour.rawHoles) {
    out << ",\"rawHoles\":[";
    for (std::size_t i = 0; i < contour.rawHoles->size(); ++i) {
      if (i > 0) out << ',';
      writeLoop(out, (*contour.rawHoles)[i]);
    }
    out << ']';
  }
  out << '}';
}

void writeRegionsObject(std::ostream& out, const RegionResult& regions) {
  writeHeader(out, kRegionsFormat);
  out << ",\"regionCount\":" << regions.regionCount << ",\"regions\":";
  writeInts(out, regions.regions);
  writeOptionalInts(out, "distances", regions.distances);
  out << '}';
}

void writeContoursObject(std::ostream& out, const ContourSet& contours) {
  writeHeader(out, kContoursFormat);
  out << ",\"rawFallbacks\":" << contours.rawFallbacks
      << ",\"droppedHoles\":" << contours.droppedHoles << ",\"contours\":[";
  for (std::size_t i = 0; i < contours.contours.size(); ++i) {
    if (i > 0) out << ',';
    writeContour(out, contours.contours[i]);
  }
  out << "]}";
}

const char* boolText(bool value) {
  return value ? "true" : "false";
}

}  // namespace

// ---------------------------------------------------------------------------
// Public readers

Heightfield readHeightfield(std::istream& in, const std::string& document) {
  HeightfieldSax handler(document);
  parseWith(in, handler);
  return handler.finish();
}

Settings readSettings(std::istream& in, const std::string& document) {
  const json top = parseDocument(in, document);
  const Where where{document, ""};
  requireHeader(top, where, kSettingsFormat);
  Settings settings;
  readPartition(top, where, settings.partition);
  readCount(top, where, "minRegionArea", settings.minRegionArea);
  readCount(top, where, "mergeRegionArea", settings.mergeRegionArea);
  readMaxError(top, where, settings.maxError);
  readCount(top, where, "maxEdgeLength", settings.maxEdgeLength);
  readFlag(top, where, "straightRegionBorders", settings.straightRegionBorders);
  readCount(top, where, "borderRegion", settings.borderRegion);
  readFlag(top, where, "rawContours", settings.rawContours);
  return settings;
}

RegionResult readRegions(std::istream& in, const std::string& document) {
  return checkRegions(parseDocument(in, document), Where{document, ""});
}

ContourSet readContours(std::istream& in, const std::string& document) {
  return checkContours(parseDocument(in, document), Where{document, ""});
}

StageResult readResult(std::istream& in, const std::string& document) {
  const json top = parseDocument(in, document);
  const Where where{document, ""};
  requireHeader(top, where, kResultFormat);
  StageResult result;
  result.regions =
      checkRegions(requireSubDocument(top, where, "regions", kRegionsFormat),
                   where.sub("regions"));
  result.contours =
      checkContours(requireSubDocument(top, where, "contours", kContoursFormat),
                    where.sub("contours"));
  return result;
}

Heightfield readHeightfieldFile(const std::string& path) {
  return readPath(path, [](std::istream& in, const std::string& name) {
    return readHeightfield(in, name);
  });
}

Settings readSettingsFile(const std::string& path) {
  return readPath(path, [](std::istream& in, const std::string& name) {
    return readSettings(in, name);
  });
}

std::string validateFile(const std::string& path) {
  Source source;
  openSource(path, source);
  const std::string format = sniffFormat(source);
  readAs(format, source.stream(), source.name);
  return format;
}

// ---------------------------------------------------------------------------
// Public writers

void writeHeightfield(std::ostream& out, const Heightfield& hf) {
  writeHeader(out, kChfFormat);
  out << ",\"width\":" << hf.width << ",\"depth\":" << hf.depth
      << ",\"counts\":";
  writeInts(out, hf.counts);
  out << ",\"spans\":";
  writeSpans(out, hf.spans);
  writeOptionalInts(out, "regions", hf.regions);
  writeOptionalInts(out, "layers", hf.layers);
  out << "}\n";
}

void writeSettings(std::ostream& out, const Settings& settings) {
  writeHeader(out, kSettingsFormat);
  out << ",\"partition\":\"" << partitionName(settings.partition)
      << "\",\"minRegionArea\":" << settings.minRegionArea
      << ",\"mergeRegionArea\":" << settings.mergeRegionArea
      << ",\"maxError\":" << json(settings.maxError).dump()
      << ",\"maxEdgeLength\":" << settings.maxEdgeLength
      << ",\"straightRegionBorders\":"
      << boolText(settings.straightRegionBorders)
      << ",\"borderRegion\":" << settings.borderRegion
      << ",\"rawContours\":" << boolText(settings.rawContours) << "}\n";
}

void writeRegions(std::ostream& out, const RegionResult& regions) {
  writeRegionsObject(out, regions);
  out << '\n';
}

void writeContours(std::ostream& out, const ContourSet& contours) {
  writeContoursObject(out, contours);
  out << '\n';
}

void writeResult(std::ostream& out, const StageResult& result) {
  writeHeader(out, kResultFormat);
  out << ",\"regions\":";
  writeRegionsObject(out, result.regions);
  out << ",\"contours\":";
  writeContoursObject(out, result.contours);
  out << "}\n";
}

}  // namespace regcon
