#include "interchange/compare.h"

#include <algorithm>
#include <map>
#include <optional>

namespace regcon {
namespace {

constexpr const char* kDistancesSpec = "§1";
constexpr const char* kRegionsSpec = "§2–§5";
constexpr const char* kContoursSpec = "§6";

// Counts the differing entries of one section; the text of the first one is
// built only once, so a long run of differences costs no strings.
class Tally {
 public:
  Tally(std::string section, std::string specSection) {
    difference_.section = std::move(section);
    difference_.specSection = std::move(specSection);
  }
  template <class MakeText>
  void add(size_t entries, MakeText makeText) {
    if (entries == 0) return;
    if (difference_.count == 0) difference_.first = makeText();
    difference_.count += entries;
  }
  void addTo(Comparison& comparison) const {
    if (difference_.count > 0) comparison.sections.push_back(difference_);
  }

 private:
  SectionDifference difference_;
};

std::string twoValues(const CompareOptions& o, const std::string& expected,
                      const std::string& actual) {
  return o.expectedLabel + " " + expected + ", " + o.actualLabel + " " + actual;
}

std::string counts(const CompareOptions& o, size_t expected, size_t actual,
                   const std::string& what) {
  return o.expectedLabel + " has " + std::to_string(expected) + " " + what +
         ", " + o.actualLabel + " " + std::to_string(actual);
}

// Per-span arrays (distances, regions): each index that differs, and each
// entry one side has and the other lacks, is one differing entry.
void compareSpanArrays(Tally& tally, const Heightfield& hf,
                       const std::string& key, const std::vector<int>& e,
                       const std::vector<int>& a, const CompareOptions& o) {
  const size_t n = std::min(e.size(), a.size());
  for (size_t i = 0; i < n; ++i) {
    if (e[i] == a[i]) continue;
    tally.add(1, [&] {
      return key + "[" + std::to_string(i) + "], " + spanName(hf, i) + ": " +
             twoValues(o, std::to_string(e[i]), std::to_string(a[i]));
    });
  }
  tally.add(std::max(e.size(), a.size()) - n, [&] {
    return key + ": " + counts(o, e.size(), a.size(), "entries");
  });
}

void compareDistances(Comparison& out, const Heightfield& hf,
                      const RegionResult& e, const RegionResult& a,
                      const CompareOptions& o) {
  Tally tally("distances", kDistancesSpec);
  if (e.distances && a.distances) {
    compareSpanArrays(tally, hf, "distances", *e.distances, *a.distances, o);
  } else if (o.distancesRequired && (e.distances || a.distances)) {
    const bool expectedHasThem = e.distances.has_value();
    const auto& present = expectedHasThem ? *e.distances : *a.distances;
    tally.add(std::max<size_t>(present.size(), 1), [&] {
      return "distances: missing in " +
             (expectedHasThem ? o.actualLabel : o.expectedLabel) + " (" +
             (expectedHasThem ? o.expectedLabel : o.actualLabel) + " has " +
             std::to_string(present.size()) + " entries)";
    });
  }
  tally.addTo(out);
}

void compareCounter(Comparison& out, const std::string& name,
                    const char* specSection, int e, int a,
                    const CompareOptions& o) {
  Tally tally(name, specSection);
  tally.add(e != a, [&] {
    return name + ": " + twoValues(o, std::to_string(e), std::to_string(a));
  });
  tally.addTo(out);
}

std::string vertexText(const ContourVertex& v) {
  // Appended, not `"[" + std::to_string(...)`: GCC 12 at -O3 reports a
  // false -Wrestrict overlap in that form, which -Werror makes fatal.
  std::string text = "[";
  for (const int value : {v.x, v.y, v.z, v.neighbor}) {
    if (text.size() > 1) text += ", ";
    text += std::to_string(value);
  }
  return text + "]";
}

// The first difference of two loops ("" when they are equal).
std::string loopDifference(const Loop& e, const Loop& a,
                           const std::string& where, const CompareOptions& o) {
  const size_t n = std::min(e.size(), a.size());
  for (size_t v = 0; v < n; ++v) {
    if (e[v] == a[v]) continue;
    return where + "[" + std::to_string(v) +
           "]: " + twoValues(o, vertexText(e[v]), vertexText(a[v]));
  }
  if (e.size() == a.size()) return "";
  return where + ": " + counts(o, e.size(), a.size(), "vertices");
}

// A raw outline or hole list on one side only, else `differ` on both.
template <class T, class Differ>
std::string optionalDifference(const std::optional<T>& e,
                               const std::optional<T>& a,
                               const std::string& key, const CompareOptions& o,
                               Differ differ) {
  if (e.has_value() != a.has_value()) {
    return key + ": only " + (e ? o.expectedLabel : o.actualLabel) + " has it";
  }
  return e ? differ(*e, *a, key, o) : "";
}

std::string holesDifference(const std::vector<Loop>& e,
                            const std::vector<Loop>& a, const std::string& key,
                            const CompareOptions& o) {
  for (size_t h = 0; h < std::min(e.size(), a.size()); ++h) {
    std::string text =
        loopDifference(e[h], a[h], key + "[" + std::to_string(h) + "]", o);
    if (!text.empty()) return text;
  }
  if (e.size() == a.size()) return "";
  return key + ": " + counts(o, e.size(), a.size(), "holes");
}

// The sections of the contours both sides have for one region, paired in
// discovery order; a contour one side lacks is a difference of the count.
struct ContourTallies {
  Tally count{"contour count", kContoursSpec};
  Tally order{"contour order", kContoursSpec};
  Tally area{"contour area", kContoursSpec};
  Tally vertexCount{"contour vertex count", kContoursSpec};
  Tally vertices{"contour vertices", kContoursSpec};
  Tally rawOutline{"contour rawOutline", kContoursSpec};
  Tally rawHoles{"contour rawHoles", kContoursSpec};

  void addTo(Comparison& out) const {
    for (const Tally* t : {&count, &order, &area, &vertexCount, &vertices,
                           &rawOutline, &rawHoles}) {
      t->addTo(out);
    }
  }
};

// A pair of contours of one region: where each stands in its document.
struct ContourPair {
  size_t expected = 0;
  size_t actual = 0;
};

// "contours[3]", and the actual side's index when it stands elsewhere.
std::string pairName(const ContourPair& p, const CompareOptions& o) {
  std::string name = "contours[" + std::to_string(p.expected) + "]";
  if (p.actual != p.expected) {
    name +=
        " (" + o.actualLabel + "'s contours[" + std::to_string(p.actual) + "])";
  }
  return name;
}

void compareVertices(Tally& tally, const Contour& e, const Contour& a,
                     const std::string& where, const CompareOptions& o) {
  const size_t n = std::min(e.vertices.size(), a.vertices.size());
  for (size_t v = 0; v < n; ++v) {
    if (e.vertices[v] == a.vertices[v]) continue;
    tally.add(1, [&] {
      return where + ".vertices[" + std::to_string(v) + "] (region " +
             std::to_string(e.region) + "): " +
             twoValues(o, vertexText(e.vertices[v]), vertexText(a.vertices[v]));
    });
  }
}

void compareContour(ContourTallies& t, const Contour& e, const Contour& a,
                    const std::string& where, const CompareOptions& o) {
  t.area.add(e.area != a.area, [&] {
    return where + ".area (region " + std::to_string(e.region) +
           "): " + twoValues(o, std::to_string(e.area), std::to_string(a.area));
  });
  t.vertexCount.add(e.vertices.size() != a.vertices.size(), [&] {
    return where + " (region " + std::to_string(e.region) +
           "): " + counts(o, e.vertices.size(), a.vertices.size(), "vertices");
  });
  compareVertices(t.vertices, e, a, where, o);
  if (!o.rawLoops) return;
  const std::string outline = optionalDifference(
      e.rawOutline, a.rawOutline, where + ".rawOutline", o, loopDifference);
  t.rawOutline.add(!outline.empty(), [&] { return outline; });
  const std::string holes = optionalDifference(
      e.rawHoles, a.rawHoles, where + ".rawHoles", o, holesDifference);
  t.rawHoles.add(!holes.empty(), [&] { return holes; });
}

// §6 Output: ordered by region id. Each contour placed after one of a
// larger region is one difference.
void compareOrder(Tally& tally, const ContourSet& a, const CompareOptions& o) {
  for (size_t c = 1; c < a.contours.size(); ++c) {
    const int before = a.contours[c - 1].region, region = a.contours[c].region;
    tally.add(region < before, [&] {
      return o.actualLabel + "'s contours[" + std::to_string(c) + "] (region " +
             std::to_string(region) + ") comes after a contour of region " +
             std::to_string(before) + " (§6: ordered by region id)";
    });
  }
}

// Pairs the contours of each region in discovery order, so one contour
// more or less counts once and shifts no later contour; what is left
// unpaired is a difference of the count.
void compareAlignedContours(ContourTallies& t, const ContourSet& e,
                            const ContourSet& a, const CompareOptions& o) {
  for (const RegionContours& r : alignContours(e, a)) {
    const size_t paired = std::min(r.expected.size(), r.actual.size());
    t.count.add(std::max(r.expected.size(), r.actual.size()) - paired, [&] {
      return "region " + std::to_string(r.region) + ": " +
             counts(o, r.expected.size(), r.actual.size(), "contours");
    });
    for (size_t k = 0; k < paired; ++k) {
      const ContourPair pair{r.expected[k], r.actual[k]};
      compareContour(t, e.contours[pair.expected], a.contours[pair.actual],
                     pairName(pair, o), o);
    }
  }
}

}  // namespace

std::vector<RegionContours> alignContours(const ContourSet& expected,
                                          const ContourSet& actual) {
  std::map<int, RegionContours> byRegion;
  for (size_t c = 0; c < expected.contours.size(); ++c) {
    const int region = expected.contours[c].region;
    byRegion[region].region = region;
    byRegion[region].expected.push_back(c);
  }
  for (size_t c = 0; c < actual.contours.size(); ++c) {
    const int region = actual.contours[c].region;
    byRegion[region].region = region;
    byRegion[region].actual.push_back(c);
  }
  std::vector<RegionContours> aligned;
  for (auto& [region, contours] : byRegion) aligned.push_back(contours);
  return aligned;
}

const SectionDifference* Comparison::find(std::string_view section) const {
  for (const SectionDifference& d : sections) {
    if (d.section == section) return &d;
  }
  return nullptr;
}

std::string Comparison::report() const {
  std::string text;
  for (const SectionDifference& d : sections) {
    text += d.section + " (" + d.specSection + "): " + std::to_string(d.count) +
            (d.count == 1 ? " differing entry" : " differing entries") +
            "; first difference: " + d.first + "\n";
  }
  return text;
}

std::string spanName(const Heightfield& hf, size_t span) {
  if (span >= static_cast<size_t>(hf.spanCount()) ||
      hf.spanCell.size() != hf.spans.size()) {
    return "span " + std::to_string(span);
  }
  const int s = static_cast<int>(span);
  return "span " + std::to_string(s) + " (cell (" +
         std::to_string(hf.cellX(s)) + ", " + std::to_string(hf.cellZ(s)) +
         "), " + std::to_string(s - hf.cellStart[hf.spanCell[s]]) +
         " from the bottom)";
}

Comparison compareRegions(const Heightfield& hf, const RegionResult& expected,
                          const RegionResult& actual,
                          const CompareOptions& options) {
  Comparison out;
  compareDistances(out, hf, expected, actual, options);
  Tally regions("regions", kRegionsSpec);
  compareSpanArrays(regions, hf, "regions", expected.regions, actual.regions,
                    options);
  regions.addTo(out);
  compareCounter(out, "regionCount", kRegionsSpec, expected.regionCount,
                 actual.regionCount, options);
  return out;
}

Comparison compareContours(const ContourSet& expected, const ContourSet& actual,
                           const CompareOptions& options) {
  Comparison out;
  compareCounter(out, "rawFallbacks", kContoursSpec, expected.rawFallbacks,
                 actual.rawFallbacks, options);
  compareCounter(out, "droppedHoles", kContoursSpec, expected.droppedHoles,
                 actual.droppedHoles, options);
  ContourTallies tallies;
  compareOrder(tallies.order, actual, options);
  compareAlignedContours(tallies, expected, actual, options);
  tallies.addTo(out);
  return out;
}

Comparison compareResults(const Heightfield& hf, const StageResult& expected,
                          const StageResult& actual,
                          const CompareOptions& options) {
  Comparison out =
      compareRegions(hf, expected.regions, actual.regions, options);
  const Comparison contours =
      compareContours(expected.contours, actual.contours, options);
  out.sections.insert(out.sections.end(), contours.sections.begin(),
                      contours.sections.end());
  return out;
}

}  // namespace regcon
