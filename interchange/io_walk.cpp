// The streaming walk of interchange/io_walk.h.
#include "interchange/io_walk.h"

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

// The nlohmann SAX handler: keeps the node of each open container.
class Walker {
 public:
  Walker(std::string document, Node& top)
      : open_(std::move(document)), top_(top) {}

  bool null() { return value(json()); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) {
    if (nodes_.empty()) return value(json(v));
    nodes_.back()->integer(nextSlot(), v);
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
    open_.key(key);
    nodes_.back()->key(key);
    return true;
  }
  bool parse_error(std::size_t, const std::string& lastToken,
                   const nlohmann::detail::exception& error) {
    open_.notJson(lastToken, error);
  }

 private:
  Slot nextSlot() {
    const std::size_t index = open_.countValue();
    return open_.innermostIsArray() ? Slot{nullptr, index}
                                    : Slot{&open_.innermostKey(), index};
  }

  bool value(const json& v) {
    if (nodes_.empty()) {
      open_.fail("top level", "must be a JSON object, found " + describe(v));
    }
    nodes_.back()->scalar(nextSlot(), v);
    return true;
  }

  bool open(bool array) {
    if (nodes_.empty()) {
      if (array) {
        open_.fail("top level", "must be a JSON object, found an array");
      }
      nodes_.push_back(&top_);
      open_.push(false);
      return true;
    }
    open_.checkNesting();
    Node& child = nodes_.back()->open(nextSlot(), array);
    nodes_.push_back(&child);
    open_.push(array);
    return true;
  }

  bool close() {
    Node* node = nodes_.back();
    nodes_.pop_back();
    open_.pop();
    node->close();
    return true;
  }

  OpenContainers open_;  // keys, counts, paths, nesting
  Node& top_;
  std::vector<Node*> nodes_;  // the open containers' readers, outermost first
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
