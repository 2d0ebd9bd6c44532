// The picture of `regcon navmesh`: two panels, regcon's navmesh on the left
// and Recast's on the right, seen from above (x right, z up), one square
// per cell of the heightfield under the polygons.
#include <algorithm>
#include <cstdio>
#include <string>

#include "recast/navmesh_report.h"
#include "render/report_text.h"

namespace regcon {
namespace {

constexpr int kMargin = 20;
constexpr int kTitleHeight = 24;
constexpr int kMaxPanelSide = 900;  // pixels along the grid's longer side

struct Panel {
  int left = 0;   // pixel x of the grid's corner (0, 0) side
  int scale = 1;  // pixels per cell
  int depth = 0;  // cells along z
  int px(double x) const { return left + static_cast<int>(x * scale); }
  int py(double z) const {
    return kMargin + kTitleHeight + static_cast<int>((depth - z) * scale);
  }
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

bool walkableCell(const Heightfield& hf, int cell) {
  const int first = hf.cellStart[cell];
  for (int s = first; s < first + hf.counts[cell]; ++s) {
    if (hf.spans[s].area != 0) return true;
  }
  return false;
}

// Cells with a walkable span, the ground the polygons should cover: one
// rectangle per run of them along x.
std::string walkableCells(const Heightfield& hf, const Panel& panel) {
  std::string out = "<g fill=\"#dddddd\">\n";
  for (int z = 0; z < hf.depth; ++z) {
    for (int x = 0; x < hf.width;) {
      if (!walkableCell(hf, x + z * hf.width)) {
        ++x;
        continue;
      }
      int end = x + 1;
      while (end < hf.width && walkableCell(hf, end + z * hf.width)) ++end;
      out += "<rect x=\"" + std::to_string(panel.px(x)) + "\" y=\"" +
             std::to_string(panel.py(z + 1)) + "\" width=\"" +
             std::to_string((end - x) * panel.scale) + "\" height=\"" +
             std::to_string(panel.scale) + "\"/>\n";
      x = end;
    }
  }
  return out + "</g>\n";
}

std::string polygons(const NavmeshSide& side, const Panel& panel) {
  std::string out =
      "<g fill=\"#4f8fd6\" fill-opacity=\"0.35\" stroke=\"#1d3f66\" "
      "stroke-width=\"1\">\n";
  for (const auto& outline : side.outlines) {
    out += "<polygon points=\"";
    for (const auto& v : outline) {
      out += std::to_string(panel.px(v[0])) + "," +
             std::to_string(panel.py(v[1])) + " ";
    }
    out += "\"/>\n";
  }
  return out + "</g>\n";
}

// The pairs whose reachability verdicts differ: a red line from start to
// end, the start a circle, the end a square.
std::string disagreements(const NavmeshComparison& c, const Panel& panel) {
  std::string out =
      "<g stroke=\"#d62728\" stroke-width=\"2\" fill=\"#d62728\">\n";
  for (const PathPair& p : c.pairs) {
    if (p.regconReachable == p.recastReachable) continue;
    const auto cellX = [&](const Point3& q) {
      return (q[0] - c.origin[0]) / c.cellSize;
    };
    const auto cellZ = [&](const Point3& q) {
      return (q[2] - c.origin[2]) / c.cellSize;
    };
    const int x0 = panel.px(cellX(p.start)), y0 = panel.py(cellZ(p.start));
    const int x1 = panel.px(cellX(p.end)), y1 = panel.py(cellZ(p.end));
    out += "<line x1=\"" + std::to_string(x0) + "\" y1=\"" +
           std::to_string(y0) + "\" x2=\"" + std::to_string(x1) + "\" y2=\"" +
           std::to_string(y1) + "\"/>\n";
    out += "<circle cx=\"" + std::to_string(x0) + "\" cy=\"" +
           std::to_string(y0) + "\" r=\"4\"/>\n";
    out += "<rect x=\"" + std::to_string(x1 - 4) + "\" y=\"" +
           std::to_string(y1 - 4) + "\" width=\"8\" height=\"8\"/>\n";
  }
  return out + "</g>\n";
}

std::string label(const Panel& panel, const std::string& text) {
  return "<text x=\"" + std::to_string(panel.left) + "\" y=\"" +
         std::to_string(kMargin + kTitleHeight - 6) +
         "\" font-family=\"sans-serif\" font-size=\"14\">" +
         render::xmlEscaped(text) + "</text>\n";
}

std::string sideLabel(const std::string& name, const NavmeshSide& side) {
  return name + ": " + std::to_string(side.polygons) + " polygons, " +
         number(side.walkableArea) + " area";
}

}  // namespace

std::string navmeshSvg(const NavmeshComparison& c, const std::string& title) {
  const Heightfield& hf = c.heightfield;
  Panel left;
  left.scale = std::max(1, kMaxPanelSide / std::max(hf.width, hf.depth));
  left.depth = hf.depth;
  left.left = kMargin;
  Panel right = left;
  right.left = left.left + hf.width * left.scale + kMargin;
  const int width = right.left + hf.width * left.scale + kMargin;
  const int height = kMargin * 2 + kTitleHeight + hf.depth * left.scale + 20;
  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
      std::to_string(width) + "\" height=\"" + std::to_string(height) +
      "\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + std::to_string(kMargin) + "\" y=\"" +
         std::to_string(kMargin) +
         "\" font-family=\"sans-serif\" font-size=\"16\">" +
         render::xmlEscaped(title) + "</text>\n";
  const std::pair<const Panel*, const NavmeshSide*> panels[] = {
      {&left, &c.regcon}, {&right, &c.recast}};
  for (const auto& [panel, side] : panels) {
    svg += label(*panel,
                 sideLabel(side == &c.regcon ? "regcon" : "Recast", *side));
    svg += walkableCells(hf, *panel);
    svg += polygons(*side, *panel);
    svg += disagreements(c, *panel);
  }
  return svg + "</svg>\n";
}

}  // namespace regcon
