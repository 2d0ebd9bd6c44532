// The streaming walk of core/io_walk.h.
#include "core/io_walk.h"

#include <istream>
#include <utility>

namespace regcon::io {
namespace {

class SkipNode : public Node {
 public:
  void integer(const Slot&, int64_t) override {}
  void scalar(const Slot&, const json&) override {}
  Node& open(const Slot&, bool) override { return *this; }
};

std::string containerText(bool array) {
  return array ? "an array" : "an object";
}

// The nlohmann SAX handler: keeps one frame per open container.
class Walker {
 public:
  Walker(std::string document, Node& top)
      : document_(std::move(document)), top_(top) {}

  bool null() { return value(json()); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) {
    if (frames_.empty()) return value(json(v));
    Frame& frame = frames_.back();
    frame.node->integer(nextSlot(), v);
    return true;
  }
  bool number_unsigned(json::number_unsigned_t v) {
    if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return value(json(v));
    }
    return number_integer(static_cast<int64_t>(v));
  }
  bool number_float(json::number_float_t v, const json::string_t&) {
    return value(json(v));
  }
  bool string(json::string_t& v) { return value(json(std::move(v))); }
  bool binary(json::binary_t& v) { return value(json::binary(std::move(v))); }
  bool start_object(std::size_t) { return open(false); }
  bool start_array(std::size_t) { return open(true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(json::string_t& key) {
    Frame& frame = frames_.back();
    frame.key = key;
    if (!frame.keys.insert(key).second) {
      fail(nextPath(), "duplicate key (each key may appear only once)");
    }
    frame.node->key(key);
    return true;
  }
  bool parse_error(std::size_t, const std::string& lastToken,
                   const nlohmann::detail::exception& error) {
    throwNotJson(document_, lastToken, error);
  }

 private:
  struct Frame {
    Node* node;
    bool array;
    std::set<std::string> keys;  // of an object, for duplicates
    std::string key;             // of the value being read
    std::size_t count = 0;       // values read so far
  };

  [[noreturn]] void fail(const std::string& key,
                         const std::string& rule) const {
    Where{document_, ""}.fail(key, rule);
  }

  Slot nextSlot() {
    Frame& frame = frames_.back();
    const std::size_t index = frame.count++;
    return frame.array ? Slot{nullptr, index} : Slot{&frame.key, index};
  }

  // Path of the value about to be read, for the rules the walker checks.
  std::string nextPath() const {
    std::string path;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& frame = frames_[i];
      if (!frame.array) {
        path += (path.empty() ? "" : ".") + frame.key;
      } else {
        const bool innermost = i + 1 == frames_.size();
        path += indexed("", innermost ? frame.count : frame.count - 1);
      }
    }
    return path;
  }

  bool value(const json& v) {
    if (frames_.empty()) {
      fail("top level", "must be a JSON object, found " + describe(v));
    }
    Frame& frame = frames_.back();
    frame.node->scalar(nextSlot(), v);
    return true;
  }

  bool open(bool array) {
    if (frames_.empty()) {
      if (array) fail("top level", "must be a JSON object, found an array");
      frames_.push_back(Frame{&top_, false, {}, {}, 0});
      return true;
    }
    if (frames_.size() >= kMaxDepth) {
      fail(nextPath(), "nesting deeper than " + std::to_string(kMaxDepth) +
                           " levels (too deep for an interchange document)");
    }
    Node& child = frames_.back().node->open(nextSlot(), array);
    frames_.push_back(Frame{&child, array, {}, {}, 0});
    return true;
  }

  bool close() {
    Node* node = frames_.back().node;
    frames_.pop_back();
    node->close();
    return true;
  }

  std::string document_;
  Node& top_;
  std::vector<Frame> frames_;
};

}  // namespace

Node& skipNode() {
  static SkipNode skip;
  return skip;
}

void IntArrayNode::integer(const Slot& slot, int64_t value) {
  if (value >= lo_ && value <= hi_) {
    values.push_back(static_cast<int>(value));
    return;
  }
  scalar(slot, json(value));
}

void IntArrayNode::scalar(const Slot& slot, const json& value) {
  if (auto problem = integerProblem(value, lo_, hi_, name_)) {
    where_.fail(indexed(key_, slot.index), *problem);
  }
  values.push_back(value.get<int>());
}

Node& IntArrayNode::open(const Slot& slot, bool array) {
  where_.fail(indexed(key_, slot.index),
              "must be an integer, found " + containerText(array));
}

ObjectNode::ObjectNode(Where where, const char* format,
                       std::set<std::string> kept,
                       std::set<std::string> streamed)
    : where_(std::move(where)),
      format_(format),
      kept_(std::move(kept)),
      streamed_(std::move(streamed)) {
  kept_.insert("format");
  kept_.insert("version");
}

// "format" and "version" are checked as soon as they are read (writers put
// them first), so a document of another kind fails on its header.
void ObjectNode::keep(const std::string& key, const json& value) {
  values_[key] = value;
  if (key == "format") requireFormat(values_, where_, format_);
  if (key == "version") requireVersion(values_, where_);
}

void ObjectNode::scalar(const Slot& slot, const json& value) {
  if (kept_.contains(*slot.key)) return keep(*slot.key, value);
  if (streamed_.contains(*slot.key)) {
    where_.fail(*slot.key, "must be an array, found " + describe(value));
  }
}

// A container where a small value belongs is kept as an empty one, so the
// reader's check names it ("found an array"); its content is skipped.
Node& ObjectNode::open(const Slot& slot, bool array) {
  const std::string& key = *slot.key;
  if (kept_.contains(key)) {
    keep(key, array ? json::array() : json::object());
    return skipNode();
  }
  if (!streamed_.contains(key)) return skipNode();
  if (!array) where_.fail(key, "must be an array, found an object");
  seenStreams_.insert(key);
  return child(key);
}

void ObjectNode::requireStream(const char* key) const {
  if (!streamedPresent(key)) where_.fail(key, "missing (required)");
}

void walk(std::istream& in, const std::string& document, Node& top) {
  Walker walker(document, top);
  parseWith(in, walker);
}

}  // namespace regcon::io
