// Internal to interchange/io_*.cpp: the streaming walk that reads every
// interchange document but the heightfield (which has its own tuned handler).
// nlohmann's SAX events go to a Walker, which checks what every document shares
// (the top level is an object, no key twice, nesting capped) and hands each
// value to the Node that reads the container it is in. Nodes store only what
// the result keeps, so reading holds a few times the document, never a DOM.
#pragma once

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "interchange/io_rules.h"

namespace regcon::io {

// The place of a value in its container: its key in an object, its index in
// an array (key is null).
struct Slot {
  const std::string* key = nullptr;
  std::size_t index = 0;

  bool is(const char* name) const { return key != nullptr && *key == name; }
};

// Reads the values inside one object or array of a document.
class Node {
 public:
  virtual ~Node() = default;
  // A key of this object, before its value.
  virtual void key(const std::string& /*key*/) {}
  // An integer that fits int64 (the common case: no json value is built).
  virtual void integer(const Slot& slot, int64_t value) {
    scalar(slot, json(value));
  }
  // Any other value that is not a container.
  virtual void scalar(const Slot& slot, const json& value) = 0;
  // A container opens at `slot`: the node that reads its values.
  virtual Node& open(const Slot& slot, bool array) = 0;
  // This container ends.
  virtual void close() {}
};

// Reads and drops a value: unknown keys are still checked to be JSON with
// unique keys and bounded nesting, but nothing of them is kept.
Node& skipNode();

// An array of integers in [lo, hi], streamed into a deque.
class IntArrayNode : public Node {
 public:
  IntArrayNode(const Where& where, const char* key, int64_t lo, int64_t hi,
               const char* name)
      : where_(where), key_(key), lo_(lo), hi_(hi), name_(name) {}

  void integer(const Slot& slot, int64_t value) override;
  void scalar(const Slot& slot, const json& value) override;
  Node& open(const Slot& slot, bool array) override;

  std::deque<int> values;

 private:
  Where where_;
  const char* key_;
  int64_t lo_;
  int64_t hi_;
  const char* name_;
};

// The top object of a document, or a sub-document of a result: its small
// values ("format", "version", counts) are kept as json and checked by the
// reader; every key in `streamed` must hold an array, read by child().
class ObjectNode : public Node {
 public:
  ObjectNode(Where where, const char* format, std::set<std::string> kept,
             std::set<std::string> streamed);

  void scalar(const Slot& slot, const json& value) override;
  Node& open(const Slot& slot, bool array) override;

 protected:
  virtual Node& child(const std::string& key) = 0;
  bool has(const char* key) const { return values_.contains(key); }
  const json& value(const char* key) const {
    return required(values_, where_, key);
  }
  bool streamedPresent(const std::string& key) const {
    return seenStreams_.contains(key);
  }
  void requireStream(const char* key) const;
  void checkHeader() const { requireHeader(values_, where_, format_); }

  Where where_;

 private:
  void keep(const std::string& key, const json& value);

  const char* format_;
  std::set<std::string> kept_;
  std::set<std::string> streamed_;
  std::set<std::string> seenStreams_;
  json values_ = json::object();
};

// Reads `in` as one JSON document whose top-level object `top` reads;
// `document` names it in messages.
void walk(std::istream& in, const std::string& document, Node& top);

}  // namespace regcon::io
