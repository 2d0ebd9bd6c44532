#include "render/render.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "interchange/hash.h"
#include "render/report_text.h"

namespace regcon::render {
namespace {

constexpr int kMargin = 16;
constexpr int kLabelHeight = 18;
constexpr int kLineHeight = 16;
constexpr int kLegendWidth = 300;
constexpr int kCharWidth = 8;         // a generous average at font-size 12
constexpr int kPanelLabelChars = 28;  // "reference, level 12: regions"
constexpr const char* kAreaZeroFill = "#404040";
constexpr const char* kNoSpanFill = "#f2f2f2";
constexpr const char* kDiffStroke = "#e00000";
// A foreign result may hold far more contour vertices than its heightfield
// could make: past this many in one picture the rest are left out (and the
// caption says so): about 160 bytes of SVG each, 16 MB in all.
constexpr size_t kMaxDrawnVertices = 100'000;
// Region ids are written on the regions when a cell is this wide, so the
// number fits; at most this many labels per panel.
constexpr int kLabelledCellPx = 8;
constexpr size_t kMaxRegionLabels = 2'000;

// Numbers are written with one decimal at most, so the bytes are the same
// on every platform for the same layout.
std::string num(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  std::string text = buffer;
  if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) {
    text.resize(text.size() - 2);
  }
  return text;
}

std::string hexColour(int r, int g, int b) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", r, g, b);
  return buffer;
}

// HSL with hue in degrees and saturation, lightness in percent; integer
// inputs, rounded once, so the palette is the same everywhere.
std::string hslColour(int hue, int saturation, int lightness) {
  const double s = saturation / 100.0, l = lightness / 100.0;
  const double c = (1 - std::fabs(2 * l - 1)) * s;
  const double h = hue / 60.0;
  const double x = c * (1 - std::fabs(std::fmod(h, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  if (h < 1) {
    r = c, g = x;
  } else if (h < 2) {
    r = x, g = c;
  } else if (h < 3) {
    g = c, b = x;
  } else if (h < 4) {
    g = x, b = c;
  } else if (h < 5) {
    r = x, b = c;
  } else {
    r = c, b = x;
  }
  const double m = l - c / 2;
  auto channel = [m](double v) {
    return static_cast<int>(std::lround((v + m) * 255));
  };
  return hexColour(channel(r), channel(g), channel(b));
}

// Pale yellow (distance 0) to dark blue (the largest distance): apart from
// the grey of cells without a span and of area 0.
std::string distanceRamp(int value, int largest) {
  const int64_t t = largest <= 0 ? 0 : int64_t{1000} * value / largest;
  auto mix = [t](int from, int to) {
    return static_cast<int>(from + (to - from) * t / 1000);
  };
  return hexColour(mix(255, 16), mix(250, 48), mix(205, 128));
}

// Where panels go and how big a cell is.
struct Layout {
  int cellPx = 8;
  int panelWidth = 0;
  int panelHeight = 0;
  int top = 0;  // y of the first panel row's label
  int columns = 0;
  int rows = 0;
  int depth = 0;
  int pitch = 0;  // from one panel column to the next
  int panelX(int column) const { return kMargin + column * pitch; }
  int legendX() const { return kMargin + columns * pitch; }
  int panelY(int row) const {
    return top + row * (panelHeight + kLabelHeight + kMargin) + kLabelHeight;
  }
  // Corner (x, z) of the grid; z points up in the picture. In double: a
  // foreign result's vertex may lie anywhere in int, and int would wrap.
  double cornerX(int x) const { return static_cast<double>(x) * cellPx; }
  double cornerY(int z) const {
    return (static_cast<double>(depth) - z) * cellPx;
  }
};

enum class PanelKind { Regions, Distances };

struct Panel {
  int side = 0;
  int level = 0;
  PanelKind kind = PanelKind::Regions;
};

int levelCountOrOne(const Heightfield& hf) {
  return std::max(1, levelCount(hf));
}

std::vector<int> levelsToDraw(const Heightfield& hf,
                              const RenderRequest& request) {
  std::vector<int> levels;
  for (int k = 0; k < levelCountOrOne(hf); ++k) {
    if (!request.floor || *request.floor == k) levels.push_back(k);
  }
  return levels;
}

std::vector<Panel> panelsOf(const Heightfield& hf,
                            const RenderRequest& request) {
  std::vector<PanelKind> kinds;
  if (request.layers.regions || request.layers.contours) {
    kinds.push_back(PanelKind::Regions);
  }
  if (request.layers.distances) kinds.push_back(PanelKind::Distances);
  std::vector<Panel> panels;
  for (PanelKind kind : kinds) {
    for (int side = 0; side < static_cast<int>(request.sides.size()); ++side) {
      for (int level : levelsToDraw(hf, request)) {
        panels.push_back({side, level, kind});
      }
    }
  }
  return panels;
}

// The span of cell c at level k, or -1.
int spanAt(const Heightfield& hf, int cell, int level) {
  return level < hf.counts[cell] ? hf.cellStart[cell] + level : -1;
}

int dominantWalkableArea(const Heightfield& hf) {
  std::map<int, int> counts;
  for (const Span& s : hf.spans) {
    if (s.area != 0) ++counts[s.area];
  }
  int best = -1, bestCount = 0;
  for (const auto& [area, count] : counts) {
    if (count > bestCount) best = area, bestCount = count;
  }
  return best;
}

std::set<int> hatchedAreas(const Heightfield& hf) {
  const int dominant = dominantWalkableArea(hf);
  std::set<int> areas;
  for (const Span& s : hf.spans) {
    if (s.area != 0 && s.area != dominant) areas.insert(s.area);
  }
  return areas;
}

// Spans (or contour vertices) where the two sides of a diff differ.
struct DiffMarks {
  std::vector<bool> regions;    // per span
  std::vector<bool> distances;  // per span
  // (contour index, vertex index) differing, per side.
  std::vector<std::set<std::pair<size_t, size_t>>> vertices;
};

std::vector<bool> differingEntries(const std::vector<int>& a,
                                   const std::vector<int>& b, size_t n) {
  std::vector<bool> out(n, false);
  for (size_t i = 0; i < n; ++i) {
    const bool inA = i < a.size(), inB = i < b.size();
    out[i] = inA != inB || (inA && a[i] != b[i]);
  }
  return out;
}

std::set<std::pair<size_t, size_t>> differingVertices(const ContourSet& mine,
                                                      const ContourSet& other) {
  std::set<std::pair<size_t, size_t>> out;
  for (size_t c = 0; c < mine.contours.size(); ++c) {
    const Loop& v = mine.contours[c].vertices;
    const Loop* w =
        c < other.contours.size() ? &other.contours[c].vertices : nullptr;
    for (size_t i = 0; i < v.size(); ++i) {
      if (out.size() >= kMaxDrawnVertices) return out;  // never all drawn
      if (!w || i >= w->size() || !(v[i] == (*w)[i])) out.insert({c, i});
    }
  }
  return out;
}

DiffMarks diffMarks(const Heightfield& hf, const RenderRequest& request) {
  DiffMarks marks;
  const size_t n = static_cast<size_t>(hf.spanCount());
  marks.regions.assign(n, false);
  marks.distances.assign(n, false);
  marks.vertices.resize(request.sides.size());
  if (request.sides.size() != 2) return marks;
  const RenderSide& a = request.sides[0];
  const RenderSide& b = request.sides[1];
  marks.regions =
      differingEntries(a.result.regions.regions, b.result.regions.regions, n);
  marks.distances = differingEntries(a.distances, b.distances, n);
  marks.vertices[0] = differingVertices(a.result.contours, b.result.contours);
  marks.vertices[1] = differingVertices(b.result.contours, a.result.contours);
  return marks;
}

class SvgWriter {
 public:
  SvgWriter(const Heightfield& hf, const RenderRequest& request)
      : hf_(hf),
        request_(request),
        marks_(diffMarks(hf, request)),
        hatched_(hatchedAreas(hf)),
        levels_(levelCount(hf)) {}

  std::string write();

 private:
  void defs();
  void header();
  void panel(const Panel& p);
  void regionFills(const Panel& p);
  void distanceFills(const Panel& p);
  void areaHatching(const Panel& p);
  void contours(const Panel& p);
  void contour(const Contour& c, size_t index, const Panel& p);
  void diffCircles(const Panel& p);
  void regionLabels(const Panel& p);
  void legend();
  void caption();
  template <typename KeyOf>
  void runs(int level, KeyOf keyOf);
  bool regionOnLevel(int region, int level) const;
  std::string fillOf(int span, const RenderSide& side) const;
  std::string panelLabel(const Panel& p) const;
  int largestDistance(const RenderSide& side) const;
  int longestTextLine() const;
  int picturesBottom() const;
  size_t verticesToDraw() const;

  const Heightfield& hf_;
  const RenderRequest& request_;
  DiffMarks marks_;
  std::set<int> hatched_;
  int levels_;  // levelCount(hf_), a pass over every cell: counted once
  // Per region, a bit per level holding one of its spans (at most 63).
  mutable std::vector<uint64_t> regionLevels_;
  Layout layout_;
  std::vector<Panel> panels_;
  std::vector<std::string> caption_;  // the request's, and the cap's note
  size_t vertexBudget_ = kMaxDrawnVertices;
  std::ostringstream out_;
  int width_ = 0;
  int height_ = 0;
};

bool SvgWriter::regionOnLevel(int region, int level) const {
  if (regionLevels_.empty()) {
    const std::vector<int>& regions =
        request_.sides.front().result.regions.regions;
    for (size_t s = 0; s < regions.size() && s < hf_.spans.size(); ++s) {
      const size_t r = static_cast<size_t>(std::max(regions[s], 0));
      if (r >= regionLevels_.size()) regionLevels_.resize(r + 1, 0);
      const int cell = hf_.spanCell[s];
      regionLevels_[r] |= uint64_t{1} << (s - hf_.cellStart[cell]);
    }
  }
  const size_t r = static_cast<size_t>(std::max(region, 0));
  return r < regionLevels_.size() && (regionLevels_[r] >> level & 1) != 0;
}

std::string SvgWriter::fillOf(int span, const RenderSide& side) const {
  if (hf_.spans[span].area == 0) return kAreaZeroFill;
  const std::vector<int>& regions = side.result.regions.regions;
  const int region =
      static_cast<size_t>(span) < regions.size() ? regions[span] : 0;
  return region > 0 ? regionColour(region) : "url(#no-region)";
}

int SvgWriter::largestDistance(const RenderSide& side) const {
  if (side.distances.empty()) return 0;
  return *std::max_element(side.distances.begin(), side.distances.end());
}

int SvgWriter::longestTextLine() const {
  size_t longest = request_.title.size();
  for (const std::string& line : caption_) {
    longest = std::max(longest, line.size());
  }
  // A hash line: label, three 12-digit prefixes and the counts.
  for (const RenderSide& side : request_.sides) {
    longest = std::max(longest, side.label.size() + 100);
  }
  return static_cast<int>(longest);
}

// Cells of one row with the same key become one rectangle: a large field
// stays a small file.
template <typename KeyOf>
void SvgWriter::runs(int level, KeyOf keyOf) {
  const int px = layout_.cellPx;
  for (int z = 0; z < hf_.depth; ++z) {
    int x = 0;
    while (x < hf_.width) {
      const std::string key = keyOf(spanAt(hf_, x + z * hf_.width, level));
      int end = x + 1;
      while (end < hf_.width &&
             keyOf(spanAt(hf_, end + z * hf_.width, level)) == key) {
        ++end;
      }
      if (!key.empty()) {
        out_ << "<rect x=\"" << x * px << "\" y=\"" << (hf_.depth - 1 - z) * px
             << "\" width=\"" << (end - x) * px << "\" height=\"" << px
             << "\" fill=\"" << key << "\"/>\n";
      }
      x = end;
    }
  }
}

void SvgWriter::regionFills(const Panel& p) {
  const RenderSide& side = request_.sides[p.side];
  runs(p.level, [&](int s) -> std::string {
    if (s < 0) return kNoSpanFill;
    return request_.layers.regions ? fillOf(s, side) : "#ffffff";
  });
}

void SvgWriter::distanceFills(const Panel& p) {
  const RenderSide& side = request_.sides[p.side];
  const int largest = largestDistance(side);
  runs(p.level, [&](int s) -> std::string {
    if (s < 0) return kNoSpanFill;
    if (hf_.spans[s].area == 0) return kAreaZeroFill;
    const int d =
        static_cast<size_t>(s) < side.distances.size() ? side.distances[s] : 0;
    return distanceRamp(d, largest);
  });
}

void SvgWriter::areaHatching(const Panel& p) {
  if (hatched_.empty()) return;
  runs(p.level, [&](int s) -> std::string {
    if (s < 0 || !hatched_.count(hf_.spans[s].area)) return "";
    return "url(#area-" + std::to_string(hf_.spans[s].area) + ")";
  });
}

bool sameLoopPositions(const Loop& a, const Loop& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].x != b[i].x || a[i].z != b[i].z) return false;
  }
  return true;
}

// A raw hole none of whose corners is a vertex of the output was dropped
// (a joined hole keeps at least its portals or its two extreme corners).
bool holeDropped(const Loop& rawHole, const Loop& vertices) {
  for (const ContourVertex& h : rawHole) {
    for (const ContourVertex& v : vertices) {
      if (v.x == h.x && v.z == h.z) return false;
    }
  }
  return true;
}

std::string pointList(const Loop& loop, const Layout& layout) {
  std::string points;
  for (const ContourVertex& v : loop) {
    if (!points.empty()) points += ' ';
    points += num(layout.cornerX(v.x)) + "," + num(layout.cornerY(v.z));
  }
  return points;
}

void SvgWriter::contour(const Contour& c, size_t index, const Panel& p) {
  const Loop& v = c.vertices;
  const double px = layout_.cellPx;
  const double stroke = std::max(1.0, px / 8);
  out_ << "<polygon class=\"contour\" data-region=\"" << c.region
       << "\" points=\"" << pointList(v, layout_)
       << "\" fill=\"none\" stroke=\"#111111\" stroke-width=\"" << num(stroke)
       << "\"/>\n";
  const bool raw = c.rawOutline && c.rawHoles && c.rawHoles->empty() &&
                   sameLoopPositions(v, *c.rawOutline);
  if (raw) {
    out_ << "<polygon class=\"raw-loop\" points=\"" << pointList(v, layout_)
         << "\" fill=\"none\" stroke=\"#ff8c00\" stroke-width=\""
         << num(stroke * 2) << "\" stroke-dasharray=\"" << num(px / 2)
         << "\"/>\n";
  }
  if (c.rawHoles) {
    for (const Loop& hole : *c.rawHoles) {
      if (!holeDropped(hole, v)) continue;
      out_ << "<polygon class=\"dropped-hole\" points=\""
           << pointList(hole, layout_)
           << "\" fill=\"none\" stroke=\"#d00000\" stroke-width=\""
           << num(stroke * 1.5) << "\" stroke-dasharray=\"" << num(px / 3)
           << "\"/>\n";
    }
  }
  for (size_t i = 0; i < v.size(); ++i) {
    const ContourVertex& a = v[i];
    const ContourVertex& b = v[(i + 1) % v.size()];
    const double ax = layout_.cornerX(a.x), ay = layout_.cornerY(a.z);
    if (a.neighbor == c.region) {
      out_ << "<line class=\"bridge\" x1=\"" << num(ax) << "\" y1=\"" << num(ay)
           << "\" x2=\"" << num(layout_.cornerX(b.x)) << "\" y2=\""
           << num(layout_.cornerY(b.z))
           << "\" stroke=\"#d000d0\" stroke-width=\"" << num(stroke * 2)
           << "\" stroke-dasharray=\"" << num(px / 4) << "\"/>\n";
    }
    const bool portal = a.neighbor > 0 && a.neighbor != c.region;
    const double r = std::max(1.5, px / 6);
    if (portal) {
      out_ << "<rect class=\"portal\" x=\"" << num(ax - r) << "\" y=\""
           << num(ay - r) << "\" width=\"" << num(2 * r) << "\" height=\""
           << num(2 * r) << "\" fill=\"#ffffff\" stroke=\"#111111\"/>\n";
    } else {
      out_ << "<circle class=\"vertex\" cx=\"" << num(ax) << "\" cy=\""
           << num(ay) << "\" r=\"" << num(r) << "\" fill=\"#111111\"/>\n";
    }
    if (marks_.vertices[p.side].count({index, i})) {
      out_ << "<circle class=\"diff\" cx=\"" << num(ax) << "\" cy=\"" << num(ay)
           << "\" r=\"" << num(px * 0.7) << "\" fill=\"none\" stroke=\""
           << kDiffStroke << "\" stroke-width=\"2\"/>\n";
    }
  }
}

size_t verticesOf(const Contour& c) {
  size_t count = c.vertices.size();
  if (c.rawOutline) count += c.rawOutline->size();
  if (c.rawHoles) {
    for (const Loop& hole : *c.rawHoles) count += hole.size();
  }
  return count;
}

void SvgWriter::contours(const Panel& p) {
  const ContourSet& set = request_.sides[p.side].result.contours;
  for (size_t i = 0; i < set.contours.size(); ++i) {
    if (!regionOnLevel(set.contours[i].region, p.level) && levels_ > 1) {
      continue;
    }
    const size_t cost = verticesOf(set.contours[i]);
    if (cost > vertexBudget_) {
      vertexBudget_ = 0;  // later contours are left out too
      continue;
    }
    vertexBudget_ -= cost;
    contour(set.contours[i], i, p);
  }
}

// The vertices every contour panel would draw, counted before drawing so
// the caption can say the picture is capped.
size_t SvgWriter::verticesToDraw() const {
  if (!request_.layers.contours) return 0;
  size_t count = 0;
  for (const Panel& p : panels_) {
    if (p.kind != PanelKind::Regions) continue;
    for (const Contour& c : request_.sides[p.side].result.contours.contours) {
      count += verticesOf(c);
    }
  }
  return count;
}

void SvgWriter::diffCircles(const Panel& p) {
  const std::vector<bool>& differs =
      p.kind == PanelKind::Regions ? marks_.regions : marks_.distances;
  const int px = layout_.cellPx;
  for (size_t c = 0; c < hf_.counts.size(); ++c) {
    const int s = spanAt(hf_, static_cast<int>(c), p.level);
    if (s < 0 || !differs[s]) continue;
    const int x = static_cast<int>(c) % hf_.width;
    const int z = static_cast<int>(c) / hf_.width;
    out_ << "<circle class=\"diff\" data-span=\"" << s << "\" cx=\""
         << num((x + 0.5) * px) << "\" cy=\""
         << num((hf_.depth - 1 - z + 0.5) * px) << "\" r=\""
         << num(std::max(3.0, px * 0.6)) << "\" fill=\"none\" stroke=\""
         << kDiffStroke << "\" stroke-width=\"2\"/>\n";
  }
}

// Where a region's id is written on one level: its cell nearest to the
// centroid of its cells there (a cell of the region, even for an L or a
// ring), ties to the lower span index.
std::map<int, int> labelCells(const Heightfield& hf,
                              const std::vector<int>& regions, int level) {
  struct Sum {
    int64_t x = 0, z = 0, count = 0;
  };
  std::map<int, Sum> sums;
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    const int s = spanAt(hf, static_cast<int>(cell), level);
    if (s < 0 || static_cast<size_t>(s) >= regions.size() || regions[s] <= 0) {
      continue;
    }
    Sum& sum = sums[regions[s]];
    sum.x += hf.cellX(s);
    sum.z += hf.cellZ(s);
    ++sum.count;
  }
  std::map<int, std::pair<int64_t, int>> best;  // region -> (distance², cell)
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    const int s = spanAt(hf, static_cast<int>(cell), level);
    if (s < 0 || static_cast<size_t>(s) >= regions.size() || regions[s] <= 0) {
      continue;
    }
    const Sum& sum = sums[regions[s]];
    // Compared times count², so the centroid stays in integers.
    const int64_t dx = hf.cellX(s) * sum.count - sum.x;
    const int64_t dz = hf.cellZ(s) * sum.count - sum.z;
    const int64_t d2 = dx * dx + dz * dz;
    const auto [at, added] =
        best.emplace(regions[s], std::pair{d2, static_cast<int>(cell)});
    if (!added && d2 < at->second.first)
      at->second = {d2, static_cast<int>(cell)};
  }
  std::map<int, int> cells;
  for (const auto& [region, found] : best) cells[region] = found.second;
  return cells;
}

// Each region's id on its colour, so "borderRegion 3" in a report can be
// found in the picture.
void SvgWriter::regionLabels(const Panel& p) {
  const int px = layout_.cellPx;
  if (px < kLabelledCellPx) return;
  const std::map<int, int> cells =
      labelCells(hf_, request_.sides[p.side].result.regions.regions, p.level);
  if (cells.size() > kMaxRegionLabels) return;
  for (const auto& [region, cell] : cells) {
    const int x = static_cast<int>(cell) % hf_.width;
    const int z = static_cast<int>(cell) / hf_.width;
    out_ << "<text class=\"region-id\" data-region=\"" << region << "\" x=\""
         << x * px + px / 2 << "\" y=\"" << (hf_.depth - 1 - z) * px + px / 2
         << "\" font-size=\"" << std::min(px, 12)
         << "\" text-anchor=\"middle\" dominant-baseline=\"central\" "
            "stroke=\"#ffffff\" stroke-width=\"2\" paint-order=\"stroke\">"
         << region << "</text>\n";
  }
}

std::string SvgWriter::panelLabel(const Panel& p) const {
  std::string label = request_.sides[p.side].label;
  if (levels_ > 1) label += ", level " + std::to_string(p.level);
  if (p.kind == PanelKind::Distances) return label + ": distances";
  return label + (request_.layers.regions ? ": regions" : ": contours");
}

void SvgWriter::panel(const Panel& p) {
  const int kindRow = p.kind == PanelKind::Regions ? 0 : layout_.rows - 1;
  const int perKind = static_cast<int>(panels_.size()) / layout_.rows;
  const int index = static_cast<int>(&p - panels_.data()) % perKind;
  const int x = layout_.panelX(index), y = layout_.panelY(kindRow);
  out_ << "<text x=\"" << x << "\" y=\"" << y - 5 << "\">"
       << xmlEscaped(panelLabel(p)) << "</text>\n";
  out_ << "<g class=\"panel\" data-side=\"" << request_.sides[p.side].label
       << "\" data-level=\"" << p.level << "\" data-kind=\""
       << (p.kind == PanelKind::Regions ? "regions" : "distances")
       << "\" data-x=\"" << x << "\" data-y=\"" << y << "\" data-cell-px=\""
       << layout_.cellPx << "\" transform=\"translate(" << x << "," << y
       << ")\">\n";
  // Crisp edges: anti-aliased seams between the rows' rectangles would
  // stripe the fills.
  out_ << "<g shape-rendering=\"crispEdges\">\n";
  if (p.kind == PanelKind::Regions) {
    regionFills(p);
    areaHatching(p);
  } else {
    distanceFills(p);
  }
  out_ << "</g>\n";
  if (p.kind == PanelKind::Regions && request_.layers.contours) contours(p);
  if (p.kind == PanelKind::Regions && request_.layers.regions) {
    regionLabels(p);
  }
  diffCircles(p);
  out_ << "<rect x=\"0\" y=\"0\" width=\"" << layout_.panelWidth
       << "\" height=\"" << layout_.panelHeight
       << "\" fill=\"none\" stroke=\"#999999\"/>\n</g>\n";
}

void SvgWriter::defs() {
  out_ << "<defs>\n<pattern id=\"no-region\" width=\"6\" height=\"6\" "
          "patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" "
          "fill=\"#ffffff\"/><path d=\"M0,6 L6,0\" stroke=\"#d00000\" "
          "stroke-width=\"1\"/></pattern>\n";
  for (int area : hatched_) {
    const int angle = (area * 37) % 180;
    out_ << "<pattern id=\"area-" << area
         << "\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
            "patternTransform=\"rotate("
         << angle
         << ")\"><path d=\"M0,0 L0,5\" stroke=\"#000000\" "
            "stroke-opacity=\"0.45\" stroke-width=\"1.2\"/></pattern>\n";
  }
  out_ << "<linearGradient id=\"distance-ramp\">"
       << "<stop offset=\"0\" stop-color=\"" << distanceRamp(0, 1) << "\"/>"
       << "<stop offset=\"1\" stop-color=\"" << distanceRamp(1, 1) << "\"/>"
       << "</linearGradient>\n</defs>\n";
}

void SvgWriter::header() {
  int y = kMargin + 4;
  out_ << "<text x=\"" << kMargin << "\" y=\"" << y
       << "\" font-weight=\"bold\">" << xmlEscaped(request_.title)
       << "</text>\n";
  for (const RenderSide& side : request_.sides) {
    y += kLineHeight;
    const std::string distances =
        side.distances.empty() ? "-" : hashDistances(side.distances);
    out_ << "<text x=\"" << kMargin << "\" y=\"" << y << "\">"
         << xmlEscaped(
                side.label + ": distances " + distances.substr(0, 12) +
                "  regions " + hashRegions(side.result.regions).substr(0, 12) +
                "  contours " +
                hashContours(side.result.contours).substr(0, 12) + "  (" +
                std::to_string(side.result.regions.regionCount) + " regions, " +
                std::to_string(side.result.contours.contours.size()) +
                " contours)")
         << "</text>\n";
  }
}

struct LegendItem {
  std::string swatch;  // SVG of a 14 x 14 swatch at (0, 0)
  std::string text;
};

std::vector<LegendItem> legendItems(const RenderRequest& request,
                                    const std::set<int>& hatched,
                                    int dominantArea) {
  std::vector<LegendItem> items;
  auto box = [](const std::string& fill) {
    return "<rect width=\"14\" height=\"14\" fill=\"" + fill +
           "\" stroke=\"#999999\"/>";
  };
  items.push_back({box(regionColour(1)) +
                       "<rect x=\"7\" width=\"7\" "
                       "height=\"14\" fill=\"" +
                       regionColour(2) + "\"/>",
                   "region: one colour per id"});
  items.push_back(
      {box("url(#no-region)"), "walkable, region 0 (island removed)"});
  items.push_back({box(kAreaZeroFill), "area 0 (not walkable)"});
  items.push_back({box(kNoSpanFill), "no span at this level"});
  if (dominantArea > 0) {
    items.push_back(
        {box("#ffffff"), "unhatched: area " + std::to_string(dominantArea)});
  }
  for (int area : hatched) {
    items.push_back({box("#ffffff") +
                         "<rect width=\"14\" height=\"14\" "
                         "fill=\"url(#area-" +
                         std::to_string(area) + ")\"/>",
                     "area " + std::to_string(area)});
  }
  if (request.layers.contours) {
    items.push_back(
        {"<line x1=\"0\" y1=\"7\" x2=\"14\" y2=\"7\" "
         "stroke=\"#111111\" stroke-width=\"2\"/><circle cx=\"7\" "
         "cy=\"7\" r=\"2.5\" fill=\"#111111\"/>",
         "contour and vertex"});
    items.push_back(
        {"<rect x=\"3\" y=\"3\" width=\"8\" height=\"8\" "
         "fill=\"#ffffff\" stroke=\"#111111\"/>",
         "portal vertex (edge to another region)"});
    items.push_back(
        {"<line x1=\"0\" y1=\"7\" x2=\"14\" y2=\"7\" "
         "stroke=\"#d000d0\" stroke-width=\"3\" "
         "stroke-dasharray=\"3\"/>",
         "hole bridge (neighbour = own region)"});
    items.push_back(
        {"<line x1=\"0\" y1=\"7\" x2=\"14\" y2=\"7\" "
         "stroke=\"#ff8c00\" stroke-width=\"3\" "
         "stroke-dasharray=\"3\"/>",
         "raw loop (fallback, or nothing to simplify)"});
    items.push_back(
        {"<line x1=\"0\" y1=\"7\" x2=\"14\" y2=\"7\" "
         "stroke=\"#d00000\" stroke-width=\"2\" "
         "stroke-dasharray=\"3\"/>",
         "dropped hole (DroppedHoles)"});
  }
  if (request.layers.distances) {
    items.push_back(
        {box("url(#distance-ramp)"), "distance: pale 0, dark = the largest"});
  }
  if (request.sides.size() == 2) {
    items.push_back(
        {"<circle cx=\"7\" cy=\"7\" r=\"6\" fill=\"none\" "
         "stroke=\"#e00000\" stroke-width=\"2\"/>",
         "differs between the two sides"});
  }
  return items;
}

void SvgWriter::legend() {
  const int x = layout_.legendX();
  int y = layout_.top + kLabelHeight;
  out_ << "<g class=\"legend\">\n";
  for (const LegendItem& item :
       legendItems(request_, hatched_, dominantWalkableArea(hf_))) {
    out_ << "<g transform=\"translate(" << x << "," << y << ")\">"
         << item.swatch << "<text x=\"20\" y=\"12\">" << xmlEscaped(item.text)
         << "</text></g>\n";
    y += kLineHeight + 2;
  }
  if (request_.layers.distances) {
    out_ << "<text x=\"" << x << "\" y=\"" << y + 12 << "\">"
         << xmlEscaped("largest distance: " +
                       std::to_string(largestDistance(request_.sides.front())))
         << "</text>\n";
  }
  out_ << "</g>\n";
}

void SvgWriter::caption() {
  int y = picturesBottom() + kMargin + kLineHeight / 2;
  for (const std::string& line : caption_) {
    out_ << "<text class=\"caption\" x=\"" << kMargin << "\" y=\"" << y << "\">"
         << xmlEscaped(line) << "</text>\n";
    y += kLineHeight;
  }
}

Layout layoutFor(const Heightfield& hf, const RenderRequest& request,
                 const std::vector<Panel>& panels) {
  Layout layout;
  const int side = std::max(hf.width, hf.depth);
  layout.cellPx = std::clamp(720 / std::max(side, 1), 2, 24);
  layout.panelWidth = hf.width * layout.cellPx;
  layout.panelHeight = hf.depth * layout.cellPx;
  layout.depth = hf.depth;
  layout.rows = (request.layers.regions || request.layers.contours) &&
                        request.layers.distances
                    ? 2
                    : 1;
  layout.columns =
      std::max(1, static_cast<int>(panels.size()) / std::max(layout.rows, 1));
  layout.top =
      kMargin + 4 + kLineHeight * static_cast<int>(request.sides.size() + 1);
  layout.pitch =
      std::max(layout.panelWidth, kPanelLabelChars * kCharWidth) + kMargin;
  return layout;
}

// Below the panels and the legend, where the caption starts.
int SvgWriter::picturesBottom() const {
  const int legendItems = 16 + static_cast<int>(hatched_.size());
  return std::max(layout_.panelY(layout_.rows - 1) + layout_.panelHeight,
                  layout_.top + kLabelHeight + legendItems * (kLineHeight + 2));
}

std::string SvgWriter::write() {
  panels_ = panelsOf(hf_, request_);
  layout_ = layoutFor(hf_, request_, panels_);
  caption_ = request_.caption;
  const size_t vertices = verticesToDraw();
  if (vertices > kMaxDrawnVertices) {
    caption_.push_back("picture capped: " + std::to_string(vertices) +
                       " contour vertices to draw, at most " +
                       std::to_string(kMaxDrawnVertices) +
                       " drawn; contours past the cap are left out");
  }
  width_ = std::max(layout_.legendX() + kLegendWidth,
                    2 * kMargin + longestTextLine() * kCharWidth);
  height_ = picturesBottom() + kMargin +
            kLineHeight * (static_cast<int>(caption_.size()) + 1);
  out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width_
       << "\" height=\"" << height_ << "\" viewBox=\"0 0 " << width_ << " "
       << height_ << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
       << "<rect width=\"" << width_ << "\" height=\"" << height_
       << "\" fill=\"#ffffff\"/>\n";
  defs();
  header();
  for (const Panel& p : panels_) panel(p);
  legend();
  caption();
  out_ << "</svg>\n";
  return completeDocument(out_, "the SVG picture");
}

}  // namespace

std::string regionColour(int region) {
  const int hue = static_cast<int>((int64_t{region} * 137) % 360);
  const int saturation = 55 + 15 * (region % 3);
  const int lightness = 52 + 12 * ((region / 3) % 2);
  return hslColour(hue, saturation, lightness);
}

int levelCount(const Heightfield& hf) {
  int levels = 0;
  for (uint8_t c : hf.counts) levels = std::max<int>(levels, c);
  return levels;
}

std::string renderSvg(const Heightfield& hf, const RenderRequest& request) {
  if (request.sides.empty()) throw std::logic_error("render: no result");
  if (request.floor &&
      (*request.floor < 0 || *request.floor >= levelCountOrOne(hf))) {
    throw InputError("--floor " + std::to_string(*request.floor) +
                     ": the heightfield has levels 0.." +
                     std::to_string(levelCountOrOne(hf) - 1));
  }
  return SvgWriter(hf, request).write();
}

}  // namespace regcon::render
