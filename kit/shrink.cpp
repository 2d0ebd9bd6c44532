#include "kit/shrink.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <type_traits>
#include <vector>

namespace regcon::kit {
namespace {

// A heightfield as editable columns. Links keep their raw index; turning the
// model back into a heightfield drops every link that no longer names a span
// inside the grid, so every candidate is valid however it was cut.
struct ModelSpan {
  Span span;
  int region = 0;
  int layer = 0;
};

struct Model {
  int width = 0;
  int depth = 0;
  std::vector<std::vector<ModelSpan>> cells;  // x + z * width
  bool hasRegions = false;
  bool hasLayers = false;

  std::vector<ModelSpan>& cell(int x, int z) { return cells[x + z * width]; }
};

Model toModel(const Heightfield& hf) {
  Model m{
      hf.width, hf.depth, {}, hf.regions.has_value(), hf.layers.has_value()};
  m.cells.resize(hf.counts.size());
  for (int s = 0; s < hf.spanCount(); ++s) {
    m.cells[hf.spanCell[s]].push_back({hf.spans[s],
                                       hf.regions ? (*hf.regions)[s] : 0,
                                       hf.layers ? (*hf.layers)[s] : 0});
  }
  return m;
}

Heightfield toHeightfield(const Model& m) {
  Heightfield hf;
  hf.width = m.width;
  hf.depth = m.depth;
  std::vector<int> regions, layers;
  for (int z = 0; z < m.depth; ++z) {
    for (int x = 0; x < m.width; ++x) {
      const auto& cell = m.cells[x + z * m.width];
      hf.counts.push_back(static_cast<uint8_t>(cell.size()));
      for (const ModelSpan& ms : cell) {
        Span span = ms.span;
        for (int d = 0; d < 4; ++d) {
          const int nx = x + kDirX[d], nz = z + kDirZ[d];
          const bool inside =
              nx >= 0 && nz >= 0 && nx < m.width && nz < m.depth;
          const int count =
              inside ? static_cast<int>(m.cells[nx + nz * m.width].size()) : 0;
          if (span.link[d] >= count) span.link[d] = kNoLink;
        }
        hf.spans.push_back(span);
        regions.push_back(ms.region);
        layers.push_back(ms.layer);
      }
    }
  }
  if (m.hasRegions) hf.regions = regions;
  if (m.hasLayers) hf.layers = layers;
  hf.index();
  return hf;
}

int spanCount(const Model& m) {
  int n = 0;
  for (const auto& cell : m.cells) n += static_cast<int>(cell.size());
  return n;
}

// Removes span `i` of a cell; links into that cell above it move down one,
// links to it are cut.
void removeSpan(Model& m, int cellIndex, int i) {
  const int x = cellIndex % m.width, z = cellIndex / m.width;
  for (int d = 0; d < 4; ++d) {
    const int nx = x + kDirX[d], nz = z + kDirZ[d];
    if (nx < 0 || nz < 0 || nx >= m.width || nz >= m.depth) continue;
    for (ModelSpan& other : m.cell(nx, nz)) {
      int& link = other.span.link[(d + 2) % 4];
      if (link == i) link = kNoLink;
      if (link > i) --link;
    }
  }
  auto& cell = m.cells[cellIndex];
  cell.erase(cell.begin() + i);
}

Model withoutRows(Model m, int begin, int end) {
  m.cells.erase(m.cells.begin() + begin * m.width,
                m.cells.begin() + end * m.width);
  m.depth -= end - begin;
  return m;
}

Model withoutColumns(const Model& m, int begin, int end) {
  Model out = m;
  out.width -= end - begin;
  out.cells.clear();
  for (int z = 0; z < m.depth; ++z) {
    for (int x = 0; x < m.width; ++x) {
      if (x < begin || x >= end) out.cells.push_back(m.cells[x + z * m.width]);
    }
  }
  return out;
}

// Spans numbered in span-index order, [begin, end) removed.
Model withoutSpans(Model m, int begin, int end) {
  int index = 0;
  std::vector<std::pair<int, int>> doomed;  // (cell, place)
  for (size_t c = 0; c < m.cells.size(); ++c) {
    for (size_t i = 0; i < m.cells[c].size(); ++i, ++index) {
      if (index >= begin && index < end) doomed.emplace_back(c, i);
    }
  }
  std::reverse(doomed.begin(), doomed.end());  // top first: places stay valid
  for (const auto& [c, i] : doomed) removeSpan(m, c, i);
  return m;
}

// Floors [begin, end): the spans at those places from the bottom of every
// column.
Model withoutFloors(Model m, int begin, int end) {
  for (size_t c = 0; c < m.cells.size(); ++c) {
    const int top = std::min<int>(end, m.cells[c].size());
    for (int i = top - 1; i >= begin; --i) removeSpan(m, c, i);
  }
  return m;
}

int floorCount(const Model& m) {
  size_t n = 0;
  for (const auto& cell : m.cells) n = std::max(n, cell.size());
  return static_cast<int>(n);
}

// Every link that names a span, in span-index order and direction order.
std::vector<int*> links(Model& m) {
  std::vector<int*> out;
  for (auto& cell : m.cells) {
    for (ModelSpan& ms : cell) {
      for (int& link : ms.span.link) {
        if (link != kNoLink) out.push_back(&link);
      }
    }
  }
  return out;
}

Model withoutLinks(Model m, int begin, int end) {
  auto all = links(m);
  for (int i = begin; i < end; ++i) *all[i] = kNoLink;
  return m;
}

std::vector<int> walkableAreas(const Model& m) {
  std::set<int> areas;
  for (const auto& cell : m.cells) {
    for (const ModelSpan& ms : cell) {
      if (ms.span.area != 0) areas.insert(ms.span.area);
    }
  }
  return {areas.begin(), areas.end()};
}

Model withAreaReplaced(Model m, int from, int to) {
  for (auto& cell : m.cells) {
    for (ModelSpan& ms : cell) {
      if (ms.span.area == from) ms.span.area = to;
    }
  }
  return m;
}

// Settings with one field simpler: the area settings lowered (to 0, then
// halved), since a field smaller than two regions of MergeRegionArea
// spans cannot show a merging bug; every other field moved to its §7
// default.
std::vector<Settings> simplerSettings(const Settings& s) {
  const Settings d;
  std::vector<Settings> out;
  const auto lower = [&](auto member) {
    using Value = std::remove_reference_t<decltype(s.*member)>;
    for (const Value value : {Value{0}, static_cast<Value>(s.*member / 2)}) {
      if (value >= s.*member) continue;
      Settings t = s;
      t.*member = value;
      out.push_back(t);
    }
  };
  const auto toDefault = [&](auto member) {
    if (s.*member == d.*member) return;
    Settings t = s;
    t.*member = d.*member;
    out.push_back(t);
  };
  lower(&Settings::mergeRegionArea);
  lower(&Settings::minRegionArea);
  toDefault(&Settings::partition);
  toDefault(&Settings::rawContours);
  toDefault(&Settings::borderRegion);
  toDefault(&Settings::straightRegionBorders);
  toDefault(&Settings::maxEdgeLength);
  toDefault(&Settings::maxError);
  return out;
}

class Shrinker {
 public:
  Shrinker(const Heightfield& hf, const Settings& settings, Outcome verdict,
           const Judge& judge, int maxJudged, const ShrinkHooks& hooks)
      : model_(toModel(hf)),
        settings_(settings),
        verdict_(std::move(verdict)),
        judge_(judge),
        maxJudged_(maxJudged),
        hooks_(hooks) {}

  // Field moves, with the settings moves before and between them: a
  // setting that no longer matters may let the next field move cut more.
  ShrinkResult run() {
    bool progress = true;
    while (progress && !exhausted()) {
      const int before = accepted_;
      shrinkSettings();
      dropOptionalArrays();
      dropChunks([this] { return model_.depth; },
                 [this](int b, int e) { return withoutRows(model_, b, e); }, 1);
      shrinkSettings();
      dropChunks([this] { return model_.width; },
                 [this](int b, int e) { return withoutColumns(model_, b, e); },
                 1);
      shrinkSettings();
      dropChunks([this] { return floorCount(model_); },
                 [this](int b, int e) { return withoutFloors(model_, b, e); });
      dropChunks([this] { return spanCount(model_); },
                 [this](int b, int e) { return withoutSpans(model_, b, e); });
      shrinkSettings();
      dropChunks([this] { return static_cast<int>(links(model_).size()); },
                 [this](int b, int e) { return withoutLinks(model_, b, e); });
      flattenAreas();
      progress = accepted_ > before;
    }
    return {toHeightfield(model_), settings_, verdict_, judged_, accepted_};
  }

 private:
  bool exhausted() const {
    return judged_ >= maxJudged_ ||
           (hooks_.deadline &&
            std::chrono::steady_clock::now() >= *hooks_.deadline);
  }

  bool tryAccept(const Model& candidate, const Settings& settings) {
    if (exhausted()) return false;
    ++judged_;
    if (judge_(toHeightfield(candidate), settings) != verdict_) return false;
    model_ = candidate;
    settings_ = settings;
    ++accepted_;
    if (hooks_.progress) {
      hooks_.progress(model_.width, model_.depth, spanCount(model_), judged_);
    }
    return true;
  }

  // Removes chunks of items, halving the chunk down to one item (the
  // delta-debugging order: big cuts first). A grid keeps `keep` items.
  template <typename Count, typename Without>
  void dropChunks(Count count, Without without, int keep = 0) {
    for (int chunk = std::max(1, count() / 2); chunk >= 1; chunk /= 2) {
      for (int b = 0; b < count() && !exhausted();) {
        const int e = std::min(b + chunk, count());
        if (count() - (e - b) >= keep && tryAccept(without(b, e), settings_)) {
          continue;  // the items after the cut moved down to b
        }
        b += chunk;
      }
    }
  }

  void shrinkSettings() {
    for (bool changed = true; changed;) {
      changed = false;
      for (const Settings& s : simplerSettings(settings_)) {
        if (tryAccept(model_, s)) {
          changed = true;
          break;
        }
      }
    }
  }

  void dropOptionalArrays() {
    if (model_.hasRegions) {
      Model m = model_;
      m.hasRegions = false;
      tryAccept(m, settings_);
    }
    if (model_.hasLayers) {
      Model m = model_;
      m.hasLayers = false;
      tryAccept(m, settings_);
    }
  }

  // Each walkable area but the smallest becomes the smallest (one area).
  void flattenAreas() {
    const auto areas = walkableAreas(model_);
    for (size_t i = 1; i < areas.size(); ++i) {
      tryAccept(withAreaReplaced(model_, areas[i], areas[0]), settings_);
    }
  }

  Model model_;
  Settings settings_;
  Outcome verdict_;
  const Judge& judge_;
  int maxJudged_;
  const ShrinkHooks& hooks_;
  int judged_ = 0;
  int accepted_ = 0;
};

}  // namespace

ShrinkResult shrinkCase(const Heightfield& hf, const Settings& settings,
                        const Outcome& verdict, const Judge& judge,
                        int maxJudged, const ShrinkHooks& hooks) {
  return Shrinker(hf, settings, verdict, judge, maxJudged, hooks).run();
}

}  // namespace regcon::kit
