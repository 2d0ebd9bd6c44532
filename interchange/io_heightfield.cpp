// Reader of the compact heightfield (interchange §1). Its per-span arrays
// ("counts", "spans", "regions", "layers") stream straight into deques with
// each value's rule checked on a fast path that builds no json value (a DOM
// would cost ~40x the text; this holds ~3x, tests/memory_check.cpp); the
// other keys go to a small DOM with the walk's checks (no duplicate key,
// capped nesting). Rules that relate the arrays are checked at the end.
#include <array>
#include <deque>
#include <limits>
#include <utility>

#include "core/limits.h"
#include "core/name_table.h"
#include "interchange/io.h"
#include "interchange/io_rules.h"

namespace regcon {
namespace io {
namespace {

using limits::kMaxArea;
using limits::kMaxGivenId;
using limits::kMaxGridSide;
using limits::kMaxSpansPerCell;
using limits::kMaxY;

using limits::kMaxInt;
constexpr int kSpanFields = 6;  // [y, area, link0, link1, link2, link3]

// Builds a DOM from SAX events with the checks nlohmann's DOM parser lacks:
// duplicate keys are rejected and nesting is capped at kMaxDepth, and the
// top level must be an object.
class DomBuilder {
 public:
  explicit DomBuilder(std::string document) : open_(std::move(document)) {}

  std::size_t depth() const { return open_.depth(); }
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
    open_.key(key);
    return true;
  }
  bool parse_error(std::size_t, const std::string& lastToken,
                   const nlohmann::detail::exception& error) {
    open_.notJson(lastToken, error);
  }

 private:
  bool add(json&& value) {
    place(std::move(value));
    return true;
  }
  json* place(json&& value) {
    if (containers_.empty()) {
      if (!value.is_object()) {
        open_.fail("top level",
                   "must be a JSON object, found " + describe(value));
      }
      root_ = std::move(value);
      return &root_;
    }
    open_.countValue();
    json& parent = *containers_.back();
    if (!open_.innermostIsArray()) {
      return &(parent[open_.innermostKey()] = std::move(value));
    }
    parent.push_back(std::move(value));
    return &parent.back();
  }
  bool open(json&& container) {
    open_.checkNesting();
    const bool array = container.is_array();
    containers_.push_back(place(std::move(container)));
    open_.push(array);
    return true;
  }
  bool close() {
    containers_.pop_back();
    open_.pop();
    return true;
  }

  OpenContainers open_;  // keys, counts, paths, nesting
  json root_;
  std::vector<json*>
      containers_;  // the open containers' values, outermost first
};

enum class Stream { None, Counts, Spans, Regions, Layers };

// The keys whose arrays are streamed (Stream::None has no key).
constexpr NameTable<Stream, 4> kStreamKeys{{{
    {Stream::Counts, "counts"},
    {Stream::Spans, "spans"},
    {Stream::Regions, "regions"},
    {Stream::Layers, "layers"},
}}};

const char* streamName(Stream stream) {
  return kStreamKeys.name(stream, "");
}

Stream streamFor(const std::string& key) {
  return kStreamKeys.find(key).value_or(Stream::None);
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
      return {0, kMaxGivenId, "region id"};
    case Stream::Layers:
      return {0, kMaxGivenId, "layer id"};
    case Stream::Spans:
      break;
    case Stream::None:
      return {0, 0, ""};
  }
  if (spanFill_ == 0) return {0, kMaxY, "y"};
  if (spanFill_ == 1) return {0, kMaxArea, "area"};
  // Whether a link names an existing span is checked once counts are known.
  return {kNoLink, kMaxInt, "link"};
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
  if (spans_.size() >= static_cast<std::size_t>(kMaxInt)) {
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
  std::vector<int> firstSpan(kMaxGivenId + 1, -1);
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

}  // namespace
}  // namespace io

Heightfield readHeightfield(std::istream& in, const std::string& document) {
  io::HeightfieldSax handler(document);
  io::parseWith(in, handler);
  return handler.finish();
}

}  // namespace regcon
