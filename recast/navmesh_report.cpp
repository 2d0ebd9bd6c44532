#include "recast/navmesh_report.h"

#include <cstdio>
#include <string>

namespace regcon {
namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string percent(int part, int whole) {
  return whole == 0 ? "-" : fixed(100.0 * part / whole, 1) + "%";
}

std::string pointText(const Point3& p) {
  return "(" + fixed(p[0], 2) + " " + fixed(p[1], 2) + " " + fixed(p[2], 2) +
         ")";
}

std::string row(const std::string& name, const std::string& regcon,
                const std::string& recast) {
  char text[160];
  std::snprintf(text, sizeof text, "%-22s %14s %14s\n", name.c_str(),
                regcon.c_str(), recast.c_str());
  return text;
}

std::string tileVerdict(const NavmeshSide& side) {
  return side.tileProblems.empty() ? "valid" : "INVALID";
}

std::string sideRows(const NavmeshComparison& c) {
  const NavmeshSide& a = c.regcon;
  const NavmeshSide& b = c.recast;
  using std::to_string;
  std::string out = row("", "regcon", "Recast");
  out += row("regions", to_string(a.regions), to_string(b.regions));
  out += row("contours", to_string(a.contours), to_string(b.contours));
  out += row("polygons", to_string(a.polygons), to_string(b.polygons));
  out += row("vertices", to_string(a.vertices), to_string(b.vertices));
  out += row("detail triangles", to_string(a.detailTriangles),
             to_string(b.detailTriangles));
  out +=
      row("walkable area", fixed(a.walkableArea, 2), fixed(b.walkableArea, 2));
  out += row("Detour tile", tileVerdict(a), tileVerdict(b));
  for (const auto* side : {&a, &b}) {
    for (const std::string& problem : side->tileProblems) {
      out +=
          (side == &a ? "  regcon tile: " : "  Recast tile: ") + problem + "\n";
    }
  }
  return out;
}

std::string pairRows(const NavmeshComparison& c, uint64_t seed) {
  const PathSummary s = summarize(c.pairs);
  using std::to_string;
  std::string out = row("pairs (seed " + to_string(seed) + ")",
                        to_string(s.pairs), to_string(s.pairs));
  out += row("paths found", to_string(s.regconReachable),
             to_string(s.recastReachable));
  out += "reachability agrees on " + to_string(s.agree) + " of " +
         to_string(s.pairs) + " pairs (" + percent(s.agree, s.pairs) + ")\n";
  out += "path length regcon / Recast over " + to_string(s.ratios.size()) +
         " pairs both reach:";
  if (s.ratios.empty()) return out + " none\n";
  const std::pair<const char*, double> quantiles[] = {
      {"min", 0.0}, {"5%", 0.05}, {"median", 0.5}, {"95%", 0.95}, {"max", 1.0}};
  for (const auto& [name, q] : quantiles) {
    out += std::string(" ") + name + " " + fixed(s.ratioQuantile(q), 3);
  }
  return out + "\n";
}

std::string disagreementRows(const NavmeshComparison& c) {
  std::string out;
  for (size_t i = 0; i < c.pairs.size(); ++i) {
    const PathPair& p = c.pairs[i];
    if (p.regconReachable == p.recastReachable) continue;
    out += "  pair " + std::to_string(i) + ": " + pointText(p.start) + " -> " +
           pointText(p.end) + ": regcon " +
           (p.regconReachable ? "reaches" : "does not reach") + ", Recast " +
           (p.recastReachable ? "reaches" : "does not reach") + "\n";
  }
  return out.empty() ? out : "disagreements:\n" + out;
}

}  // namespace

std::string navmeshReport(const NavmeshComparison& c,
                          const NavmeshReportInfo& info) {
  const Heightfield& hf = c.heightfield;
  std::string out =
      "navmesh of " + info.meshPath + ": " + std::to_string(hf.width) + " x " +
      std::to_string(hf.depth) + " cells, " + std::to_string(hf.spanCount()) +
      " spans; partition " + info.partition +
      "; regcon's stage: " + info.implementation + "\n";
  out += sideRows(c);
  out += pairRows(c, info.seed);
  return out + disagreementRows(c);
}

}  // namespace regcon
