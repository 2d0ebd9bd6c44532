// Readers of the settings (§2), regions (§3), contours (§4) and result (§6)
// documents. Each streams through the walk of interchange/io_walk.h: the
// per-span and per-vertex arrays go straight into deques, one node per
// container kind is reused for every container of that kind, and unknown keys
// are skipped, so reading holds a few times the document
// (tests/memory_check.cpp).
#include <array>
#include <functional>
#include <limits>
#include <utility>

#include "core/limits.h"
#include "interchange/io.h"
#include "interchange/io_walk.h"
#include "interchange/settings_table.h"

namespace regcon {
namespace io {
namespace {

using limits::kMaxInt;
using limits::kMinInt;

std::set<std::string> settingKeys() {
  std::set<std::string> keys;
  for (const SettingRow& row : settingRows()) keys.insert(row.key);
  return keys;
}

// ---------------------------------------------------------------------------
// Settings (§2): every key is a small value, read by the settings table.

class SettingsNode : public ObjectNode {
 public:
  explicit SettingsNode(const Where& where)
      : ObjectNode(where, kSettingsFormat, settingKeys(), {}) {}

  Settings finish() const {
    checkHeader();
    Settings settings;
    for (const SettingRow& row : settingRows()) {
      if (!has(row.key)) continue;
      if (auto problem = setFromJson(row, value(row.key), settings)) {
        where_.fail(row.key, *problem);
      }
    }
    return settings;
  }

 private:
  Node& child(const std::string&) override { return skipNode(); }
};

// ---------------------------------------------------------------------------
// Regions (§3): ids and regionCount up to 2^31 - 1, 0 <= id <= regionCount.

class RegionsNode : public ObjectNode {
 public:
  explicit RegionsNode(const Where& where)
      : ObjectNode(where, kRegionsFormat, {"regionCount"},
                   {"regions", "distances"}),
        regions_(where, "regions", 0, limits::kMaxRegionId, "region id"),
        distances_(where, "distances", 0, kMaxInt, "distance") {}

  RegionResult finish() {
    checkHeader();
    RegionResult result;
    result.regionCount = requireInt(value("regionCount"), where_, "regionCount",
                                    0, limits::kMaxRegionId, "regionCount");
    requireStream("regions");
    result.regions = drain(regions_.values);
    checkIdsAtMost(result.regions, result.regionCount);
    if (!streamedPresent("distances")) return result;
    result.distances = drain(distances_.values);
    if (result.distances->size() != result.regions.size()) {
      where_.fail("distances", "has " +
                                   std::to_string(result.distances->size()) +
                                   " entries, but regions has " +
                                   std::to_string(result.regions.size()) +
                                   " (both have one entry per span)");
    }
    return result;
  }

 private:
  Node& child(const std::string& key) override {
    if (key == "regions") return regions_;
    return distances_;
  }

  void checkIdsAtMost(const std::vector<int>& ids, int regionCount) const {
    for (std::size_t s = 0; s < ids.size(); ++s) {
      if (ids[s] <= regionCount) continue;
      where_.fail(indexed("regions", s),
                  std::to_string(ids[s]) + " is above regionCount " +
                      std::to_string(regionCount) +
                      " (0 <= region id <= regionCount)");
    }
  }

  IntArrayNode regions_;
  IntArrayNode distances_;
};

// ---------------------------------------------------------------------------
// Contours (§4): contours -> contour -> loops -> vertices, one node each.

const char* const kVertexShape =
    "must be an array of exactly 4 integers [x, y, z, neighbor]";

// One vertex [x, y, z, neighbor] of the loop at `loopKey`.
class VertexNode : public Node {
 public:
  void start(const Where* where, const std::string* loopKey, std::size_t index,
             std::deque<ContourVertex>* out) {
    where_ = where;
    loopKey_ = loopKey;
    index_ = index;
    out_ = out;
    fill_ = 0;
  }

  void integer(const Slot& slot, int64_t value) override {
    if (fill_ < 4 && value >= kMinInt && value <= kMaxInt) {
      fields_[fill_++] = static_cast<int>(value);
      return;
    }
    scalar(slot, json(value));
  }
  void scalar(const Slot&, const json& value) override {
    if (fill_ == 4) failShape("found more entries");
    static constexpr const char* kNames[4] = {"x", "y", "z", "neighbor"};
    if (auto problem = integerProblem(value, kMinInt, kMaxInt, kNames[fill_])) {
      where_->fail(vertexKey() + " " + kNames[fill_], *problem);
    }
    fields_[fill_++] = value.get<int>();
  }
  Node& open(const Slot& slot, bool array) override {
    scalar(slot, array ? json::array() : json::object());  // throws
    return skipNode();
  }
  void close() override {
    if (fill_ != 4) failShape("found " + std::to_string(fill_) + " entries");
    out_->push_back({fields_[0], fields_[1], fields_[2], fields_[3]});
  }

  [[noreturn]] void failShape(const std::string& found) const {
    where_->fail(vertexKey(), std::string(kVertexShape) + ", " + found);
  }

 private:
  std::string vertexKey() const { return indexed(*loopKey_, index_); }

  const Where* where_ = nullptr;
  const std::string* loopKey_ = nullptr;
  std::size_t index_ = 0;
  std::deque<ContourVertex>* out_ = nullptr;
  int fill_ = 0;
  std::array<int, 4> fields_{};
};

// A loop of vertices at `key` of a contour; hands the loop to `done`.
class LoopNode : public Node {
 public:
  void start(const Where* where, std::string key, std::size_t minVertices,
             std::function<void(Loop&&)> done) {
    where_ = where;
    key_ = std::move(key);
    minVertices_ = minVertices;
    done_ = std::move(done);
  }

  void scalar(const Slot& slot, const json& value) override {
    VertexNode probe;
    probe.start(where_, &key_, slot.index, nullptr);
    probe.failShape("found " + describe(value));
  }
  Node& open(const Slot& slot, bool array) override {
    if (!array) scalar(slot, json::object());
    vertex_.start(where_, &key_, slot.index, &vertices_);
    return vertex_;
  }
  void close() override {
    if (vertices_.size() < minVertices_) {
      where_->fail(key_, "has " + std::to_string(vertices_.size()) +
                             " vertices, needs at least " +
                             std::to_string(minVertices_));
    }
    done_(drain(vertices_));
  }

 private:
  const Where* where_ = nullptr;
  std::string key_;
  std::size_t minVertices_ = 0;
  std::function<void(Loop&&)> done_;
  std::deque<ContourVertex> vertices_;
  VertexNode vertex_;
};

// "rawHoles": an array of loops.
class HolesNode : public Node {
 public:
  void start(const Where* where, std::vector<Loop>* out) {
    where_ = where;
    out_ = out;
  }
  void scalar(const Slot& slot, const json& value) override {
    where_->fail(indexed("rawHoles", slot.index),
                 "must be an array, found " + describe(value));
  }
  Node& open(const Slot& slot, bool array) override {
    if (!array) scalar(slot, json::object());
    loop_.start(where_, indexed("rawHoles", slot.index), 0,
                [this](Loop&& loop) { out_->push_back(std::move(loop)); });
    return loop_;
  }

 private:
  const Where* where_ = nullptr;
  std::vector<Loop>* out_ = nullptr;
  LoopNode loop_;
};

const std::set<std::string> kContourKeys = {"region", "area", "vertices",
                                            "rawOutline", "rawHoles"};

// One contour object; hands the contour to `out` when it closes.
class ContourNode : public Node {
 public:
  void start(const Where& outer, std::size_t index, std::deque<Contour>* out) {
    where_ = outer.sub(indexed("contours", index));
    out_ = out;
    contour_ = Contour{};
    values_ = json::object();
    hasVertices_ = false;
  }

  void key(const std::string& key) override {
    if (kContourKeys.contains(key)) return;
    where_.fail(key,
                "unknown key (a contour has region, area, vertices, "
                "rawOutline, rawHoles)");
  }
  void scalar(const Slot& slot, const json& value) override {
    if (slot.is("region") || slot.is("area")) {
      values_[*slot.key] = value;
      return;
    }
    where_.fail(*slot.key, "must be an array, found " + describe(value));
  }
  Node& open(const Slot& slot, bool array) override;
  void close() override;

 private:
  Where where_;
  std::deque<Contour>* out_ = nullptr;
  Contour contour_;
  json values_;  // region and area
  bool hasVertices_ = false;
  LoopNode loop_;
  HolesNode holes_;
};

Node& ContourNode::open(const Slot& slot, bool array) {
  const std::string& key = *slot.key;
  if (key == "region" || key == "area") {
    values_[key] = array ? json::array() : json::object();
    return skipNode();
  }
  if (!array) where_.fail(key, "must be an array, found an object");
  if (key == "rawHoles") {
    contour_.rawHoles.emplace();
    holes_.start(&where_, &*contour_.rawHoles);
    return holes_;
  }
  const bool outline = key == "vertices";
  hasVertices_ = hasVertices_ || outline;
  loop_.start(&where_, key, outline ? 3 : 0, [this, outline](Loop&& loop) {
    (outline ? contour_.vertices : contour_.rawOutline.emplace()) =
        std::move(loop);
  });
  return loop_;
}

void ContourNode::close() {
  contour_.region = requireInt(required(values_, where_, "region"), where_,
                               "region", 1, limits::kMaxRegionId, "region");
  contour_.area = requireInt(required(values_, where_, "area"), where_, "area",
                             0, limits::kMaxArea, "area");
  if (!hasVertices_) where_.fail("vertices", "missing (required)");
  out_->push_back(std::move(contour_));
}

// "contours": an array of contour objects.
class ContourListNode : public Node {
 public:
  explicit ContourListNode(const Where& where) : where_(where) {}

  void scalar(const Slot& slot, const json& value) override {
    where_.fail(indexed("contours", slot.index),
                "must be an object, found " + describe(value));
  }
  Node& open(const Slot& slot, bool array) override {
    if (array) scalar(slot, json::array());
    contour_.start(where_, slot.index, &contours);
    return contour_;
  }

  std::deque<Contour> contours;

 private:
  Where where_;
  ContourNode contour_;
};

class ContoursNode : public ObjectNode {
 public:
  explicit ContoursNode(const Where& where)
      : ObjectNode(where, kContoursFormat, {"rawFallbacks", "droppedHoles"},
                   {"contours"}),
        list_(where) {}

  ContourSet finish() {
    checkHeader();
    ContourSet set;
    set.rawFallbacks = requireInt(value("rawFallbacks"), where_, "rawFallbacks",
                                  0, kMaxInt, "rawFallbacks");
    set.droppedHoles = requireInt(value("droppedHoles"), where_, "droppedHoles",
                                  0, kMaxInt, "droppedHoles");
    requireStream("contours");
    set.contours = drain(list_.contours);
    return set;
  }

 private:
  Node& child(const std::string&) override { return list_; }

  ContourListNode list_;
};

// ---------------------------------------------------------------------------
// Result (§6): a regions and a contours document, each read as it streams.

class ResultNode : public ObjectNode {
 public:
  explicit ResultNode(const Where& where)
      : ObjectNode(where, kResultFormat, {}, {}),
        regions_(where.sub("regions")),
        contours_(where.sub("contours")) {}

  void scalar(const Slot& slot, const json& value) override {
    if (isSubDocument(slot)) failSubDocument(*slot.key, describe(value));
    ObjectNode::scalar(slot, value);
  }
  Node& open(const Slot& slot, bool array) override {
    if (!isSubDocument(slot)) return ObjectNode::open(slot, array);
    if (array) failSubDocument(*slot.key, "an array");
    (slot.is("regions") ? hasRegions_ : hasContours_) = true;
    if (slot.is("regions")) return regions_;
    return contours_;
  }

  StageResult finish() {
    checkHeader();
    if (!hasRegions_) where_.fail("regions", "missing (required)");
    if (!hasContours_) where_.fail("contours", "missing (required)");
    return {regions_.finish(), contours_.finish()};
  }

 private:
  static bool isSubDocument(const Slot& slot) {
    return slot.is("regions") || slot.is("contours");
  }
  [[noreturn]] void failSubDocument(const std::string& key,
                                    const std::string& found) const {
    const char* format = key == "regions" ? kRegionsFormat : kContoursFormat;
    where_.fail(key, std::string("must be an object (a ") + format +
                         " document), found " + found);
  }
  Node& child(const std::string&) override { return skipNode(); }

  RegionsNode regions_;
  ContoursNode contours_;
  bool hasRegions_ = false;
  bool hasContours_ = false;
};

// Walks the document with a top node of type Top; its finish() checks what
// the walk could not and gives the result.
template <typename Top>
auto readWith(std::istream& in, const std::string& document) {
  Top top(Where{document, ""});
  walk(in, document, top);
  return top.finish();
}

}  // namespace
}  // namespace io

Settings readSettings(std::istream& in, const std::string& document) {
  return io::readWith<io::SettingsNode>(in, document);
}

RegionResult readRegions(std::istream& in, const std::string& document) {
  return io::readWith<io::RegionsNode>(in, document);
}

ContourSet readContours(std::istream& in, const std::string& document) {
  return io::readWith<io::ContoursNode>(in, document);
}

StageResult readResult(std::istream& in, const std::string& document) {
  return io::readWith<io::ResultNode>(in, document);
}

}  // namespace regcon
