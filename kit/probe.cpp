#include "kit/probe.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "checks/invariants.h"
#include "kit/verdict.h"
#include "registry/implementations.h"

namespace regcon::kit {
namespace {

// Regions tried one at a time before the probe gives up on isolating one.
constexpr size_t kMaxRegionsAlone = 16;

struct OutOfRuns {};

// Asks variants and keeps each answer in words.
class Prober {
 public:
  Prober(const FailsOn& fails, int maxRuns, const std::string& implName)
      : fails_(fails),
        maxRuns_(maxRuns),
        expected_(implementationNamed(implName)) {}

  // What computes the reference's partition and raw loops for the variants.
  const Implementation& expected() const { return expected_; }

  bool fails(const Heightfield& hf, const Settings& settings,
             const std::string& variant) {
    if (runs_ >= maxRuns_) throw OutOfRuns{};
    ++runs_;
    const bool failed = fails_(hf, settings);
    answers_.push_back((failed ? "fails " : "agrees ") + variant);
    return failed;
  }

  ProbeResult result(Blame blame) const {
    return {std::move(blame), answers_, runs_};
  }

 private:
  const FailsOn& fails_;
  int maxRuns_;
  const Implementation& expected_;
  int runs_ = 0;
  std::vector<std::string> answers_;
};

const Blame kUnplaced{"", "", ""};

// --- the partition: §5.2, §5.1, then the partition's own step ------------

// With §5.1 and §5.2 left out, the partitions share only §5.3's
// numbering: a command that fails under every partition fails there, one
// that agrees under another partition fails in its own.
Blame ownStepOrNumbering(Prober& p, const Heightfield& hf,
                         const Settings& settings) {
  Settings other = settings;
  other.minRegionArea = 0;
  other.mergeRegionArea = 0;
  bool everyOtherFails = true;
  for (Partition partition :
       {Partition::Watershed, Partition::Monotone, Partition::Layers}) {
    if (partition == settings.partition) continue;
    other.partition = partition;
    if (!p.fails(hf, other,
                 "as " + std::string(partitionName(partition)) +
                     " with MinRegionArea and MergeRegionArea 0")) {
      everyOtherFails = false;
      break;
    }
  }
  if (everyOtherFails) {
    return {"§5.3", "numbering",
            "fails under every partition with §5.1 and §5.2 left out: the "
            "step they share"};
  }
  const std::string partition = casePartition(hf, settings);
  return partitionBlame(
      partition, partition == "watershed"
                     ? "fails with §5's islands and merging left out and "
                       "agrees under another partition (§1's distance field "
                       "is computed on this path too)"
                     : "fails with §5's islands and merging left out and "
                       "agrees under another partition");
}

Blame filterOrPartition(Prober& p, const Heightfield& hf,
                        const Settings& settings) {
  if (settings.mergeRegionArea > 0) {
    Settings noMerge = settings;
    noMerge.mergeRegionArea = 0;
    if (!p.fails(hf, noMerge, "with MergeRegionArea 0 (no §5.2 merging)")) {
      return {"§5.2", "merging", "the command agrees once no region is merged"};
    }
  }
  if (settings.minRegionArea > 0) {
    Settings unfiltered = settings;
    unfiltered.minRegionArea = 0;
    unfiltered.mergeRegionArea = 0;
    if (!p.fails(hf, unfiltered,
                 "with MinRegionArea and MergeRegionArea 0 (no §5.1, §5.2)")) {
      return {"§5.1", "islands",
              "the command agrees once no island is removed, not before"};
    }
  }
  return ownStepOrNumbering(p, hf, settings);
}

// --- the contours: one region, its holes, then the settings ---------------

std::vector<int> regionIds(const std::vector<int>& regions) {
  std::set<int> ids(regions.begin(), regions.end());
  ids.erase(0);
  return {ids.begin(), ids.end()};
}

Heightfield withRegionAlone(const Heightfield& given, int region) {
  Heightfield alone = given;
  for (int& id : *alone.regions) {
    if (id != region) id = 0;
  }
  return alone;
}

// Where a loop's edge crosses the centre line of row z (z = 2 row + 1 in
// doubled coordinates, x = 2 column + 1 a cell centre, vertices at even
// coordinates): x = num / den exactly, den > 0. A cell centre never lies on
// a vertex or on an edge of the corner lattice.
struct Crossing {
  int row;
  int64_t num, den;
};

bool crossesBefore(const Crossing& a, const Crossing& b) {
  if (a.row != b.row) return a.row < b.row;
  return a.num * b.den < b.num * a.den;
}

// Every crossing of the loop's edges with a row's centre line.
void addCrossings(const Loop& loop, std::vector<Crossing>& crossings) {
  for (size_t i = 0, j = loop.size() - 1; i < loop.size(); j = i++) {
    int64_t xi = 2 * int64_t{loop[i].x}, zi = 2 * int64_t{loop[i].z};
    int64_t xj = 2 * int64_t{loop[j].x}, zj = 2 * int64_t{loop[j].z};
    if (zi == zj) continue;
    if (zi > zj) {
      std::swap(xi, xj);
      std::swap(zi, zj);
    }
    // The rows whose centre 2 row + 1 lies in [zi, zj): a centre is odd,
    // the ends even, so none lies on an end.
    for (int64_t row = zi / 2; 2 * row + 1 < zj; ++row) {
      const int64_t pz = 2 * row + 1;
      crossings.push_back({static_cast<int>(row),
                           xi * (zj - zi) + (xj - xi) * (pz - zi), zj - zi});
    }
  }
}

// The columns whose cell centre 2 column + 1 lies in [a, b), as a half-open
// range [first, last).
std::pair<int64_t, int64_t> columnsBetween(const Crossing& a,
                                           const Crossing& b) {
  // 2c + 1 >= n / d  <=>  c >= (n - d) / (2d), rounded up.
  const auto firstAtOrPast = [](const Crossing& at) {
    const int64_t n = at.num - at.den, d = 2 * at.den;
    return n >= 0 ? (n + d - 1) / d : -((-n) / d);
  };
  return {firstAtOrPast(a), firstAtOrPast(b)};
}

// The spans whose cell lies inside one of `region`'s raw holes (as the
// reference traces them) given to `region`; unchanged when it has none.
// Even-odd rule, row by row: between the first and second crossing of a
// hole with a row's centre line, the third and fourth, ...; in time linear
// in the holes' edges, rows crossed and cells filled (a test of every span
// against every hole took a probe of a 256 x 256 field of pillars minutes).
Heightfield holesFilled(const Heightfield& hf, int region,
                        const ContourSet& reference) {
  Heightfield filled = hf;
  std::vector<Crossing> crossings;
  for (const Contour& c : reference.contours) {
    if (c.region != region || !c.rawHoles) continue;
    for (const Loop& hole : *c.rawHoles) {
      if (hole.size() < 3) continue;
      crossings.clear();
      addCrossings(hole, crossings);
      std::sort(crossings.begin(), crossings.end(), crossesBefore);
      for (size_t k = 0; k + 1 < crossings.size(); k += 2) {
        const Crossing& a = crossings[k];
        const Crossing& b = crossings[k + 1];
        if (a.row < 0 || a.row >= hf.depth) continue;
        auto [first, last] = columnsBetween(a, b);
        first = std::max<int64_t>(first, 0);
        last = std::min<int64_t>(last, hf.width);
        for (int64_t x = first; x < last; ++x) {
          const int cell = static_cast<int>(x) + a.row * hf.width;
          const int begin = hf.cellStart[cell];
          for (int s = begin; s < begin + hf.counts[cell]; ++s) {
            (*filled.regions)[s] = region;
          }
        }
      }
    }
  }
  return filled;
}

// The region whose contours fail alone, or 0 when every region tried
// agrees alone (-1 when more regions remain than were tried).
int failingRegionAlone(Prober& p, const Heightfield& given,
                       const Settings& settings, Heightfield& alone) {
  const std::vector<int> ids = regionIds(*given.regions);
  if (ids.size() == 1) {
    alone = given;
    return ids.front();
  }
  for (size_t i = 0; i < ids.size() && i < kMaxRegionsAlone; ++i) {
    Heightfield candidate = withRegionAlone(given, ids[i]);
    if (p.fails(candidate, settings,
                "with region " + std::to_string(ids[i]) + " alone")) {
      alone = std::move(candidate);
      return ids[i];
    }
  }
  return ids.size() > kMaxRegionsAlone ? -1 : 0;
}

// Each span of `region` numbered by its piece (the components of the
// region's spans under mutual links, in span order); -1 for other spans.
std::vector<int> piecesOf(const Heightfield& hf, int region, int& count) {
  const std::vector<int>& ids = *hf.regions;
  std::vector<int> piece(hf.spanCount(), -1);
  count = 0;
  std::vector<int> stack;
  for (int start = 0; start < hf.spanCount(); ++start) {
    if (ids[start] != region || piece[start] >= 0) continue;
    piece[start] = count;
    stack.push_back(start);
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int n = checks::mutualNeighbour(hf, s, d);
        if (n < 0 || ids[n] != region || piece[n] >= 0) continue;
        piece[n] = count;
        stack.push_back(n);
      }
    }
    ++count;
  }
  return piece;
}

// `region`'s pieces, each alone. A piece alone keeps its own raw loops:
// between two pieces there is no mutual link, so their shared edges are
// walls either way. When every piece agrees alone and the whole region
// fails, what differs is what one piece's loops do to another's: a hole
// assigned to another piece's outline, and the crossing and area checks
// of the loop it joins (readings R11).
std::optional<Blame> piecesBlame(Prober& p, const Heightfield& alone,
                                 int region, const Settings& settings) {
  int count = 0;
  const std::vector<int> piece = piecesOf(alone, region, count);
  if (count < 2 || static_cast<size_t>(count) > kMaxRegionsAlone) {
    return std::nullopt;
  }
  for (int k = 0; k < count; ++k) {
    Heightfield one = alone;
    for (int s = 0; s < one.spanCount(); ++s) {
      if (piece[s] >= 0 && piece[s] != k) (*one.regions)[s] = 0;
    }
    if (p.fails(one, settings,
                "with piece " + std::to_string(k + 1) + " of " +
                    std::to_string(count) + " of region " +
                    std::to_string(region) + " alone")) {
      return std::nullopt;
    }
  }
  return Blame{"§6", "holes assignment",
               "each of region " + std::to_string(region) + "'s " +
                   std::to_string(count) +
                   " pieces (its spans joined by links) agrees alone, "
                   "together they do not: a hole assigned to another "
                   "piece's outline, or the crossing or area check of the "
                   "loop it joins (readings R11)"};
}

std::string spaced(const std::string& who) {
  return who.empty() ? "" : who + " ";
}

// The settings variants that leave a part of §6's simplification out.
Blame simplificationPart(Prober& p, const Heightfield& hf,
                         const Settings& settings, const std::string& who) {
  if (settings.maxEdgeLength > 0) {
    Settings s = settings;
    s.maxEdgeLength = 0;
    if (!p.fails(hf, s,
                 spaced(who) + "with MaxEdgeLength 0 (no length split)")) {
      return {"§6", "length split", "agrees once no edge is split"};
    }
  }
  Settings flipped = settings;
  flipped.straightRegionBorders = !settings.straightRegionBorders;
  if (!p.fails(hf, flipped,
               spaced(who) + "with straight region borders " +
                   (flipped.straightRegionBorders ? "on" : "off"))) {
    // With no border between two regions the chord rule has nothing to
    // draw; the switch then only decides whether a first simplification
    // that crosses itself is simplified again (§6 step 3).
    if (hf.regions && regionIds(*hf.regions).size() <= 1) {
      return {"§6", "fallback",
              "agrees once straight region borders are switched, with no "
              "other region around: the crossing test of the first "
              "simplification"};
    }
    return {"§6", "straight borders",
            "agrees once straight region borders are switched"};
  }
  if (settings.maxError > 0) {
    Settings exact = settings;
    exact.maxError = 0;
    if (!p.fails(hf, exact, spaced(who) + "with MaxError 0")) {
      return {"§6", "refinement",
              "agrees at MaxError 0: the refinement at a positive error"};
    }
  }
  return kUnplaced;
}

Blame contourStep(Prober& p, const Heightfield& given,
                  const Settings& settings) {
  Heightfield alone;
  const int region = failingRegionAlone(p, given, settings, alone);
  if (region == 0) {
    return {"§6", "counters",
            "each region alone agrees, all of them together do not: the "
            "counters or the order of the contours"};
  }
  if (region < 0) return kUnplaced;
  const std::string who = "with region " + std::to_string(region) + " alone";
  Settings raw = settings;
  raw.rawContours = true;
  const ContourSet traced = p.expected().contours(alone, *alone.regions, raw);
  const Heightfield filled = holesFilled(alone, region, traced);
  if (filled.regions != alone.regions &&
      !p.fails(filled, settings, who + " and its holes filled")) {
    return {"§6", "bridge",
            "region " + std::to_string(region) +
                " agrees once it has no hole: the holes' bridges or their "
                "assignment (readings R11)"};
  }
  if (auto pieces = piecesBlame(p, alone, region, settings)) {
    return *pieces;
  }
  Blame part = simplificationPart(p, alone, settings, who);
  if (!part.section.empty()) {
    part.where = "region " + std::to_string(region) + " " + part.where;
    return part;
  }
  return {"§6", "outline tracing",
          "region " + std::to_string(region) +
              " fails alone under every settings variant tried: the traced "
              "loops, their vertex Y or their portals, which no setting "
              "changes"};
}

ProbeResult probed(Prober& p,
                   Blame (*step)(Prober&, const Heightfield&, const Settings&),
                   const Heightfield& hf, const Settings& settings) {
  try {
    return p.result(step(p, hf, settings));
  } catch (const OutOfRuns&) {
    return p.result(kUnplaced);
  }
}

// A raw loop kept on one side only is the symptom of a simplification
// that differs: the settings variants that leave a part of it out.
Blame symptomOfFallback(Prober& p, const Heightfield& hf,
                        const Settings& settings) {
  Heightfield given = hf;
  if (!given.regions) {
    given.regions = p.expected().partition(hf, settings).regions;
  }
  // One region over several pieces: their loops may meet (readings R11)
  // before any part of the simplification is suspected.
  const std::vector<int> ids = regionIds(*given.regions);
  if (ids.size() == 1) {
    if (auto pieces = piecesBlame(p, given, ids.front(), settings)) {
      return *pieces;
    }
  }
  return simplificationPart(p, given, settings, "");
}

// The partition or the contours, then within the side that fails.
Blame failingStep(Prober& p, const Heightfield& hf, const Settings& settings) {
  if (hf.regions) return contourStep(p, hf, settings);
  Heightfield given = hf;
  given.regions = p.expected().partition(hf, settings).regions;
  if (regionIds(*given.regions).empty())
    return filterOrPartition(p, hf, settings);
  if (p.fails(given, settings,
              "with the reference's regions given (the contours alone)")) {
    return contourStep(p, given, settings);
  }
  return filterOrPartition(p, hf, settings);
}

}  // namespace

ProbeResult probeFailure(const Heightfield& hf, const Settings& settings,
                         const FailsOn& fails, int maxRuns,
                         const std::string& implName) {
  Prober p(fails, maxRuns, implName);
  return probed(p, failingStep, hf, settings);
}

bool probeMayRefine(const Blame& blamed) {
  return blamed.section == "§5.1" || blamed.section == "§5.2" ||
         (blamed.section == "§6" && blamed.clause == "fallback");
}

ProbeResult probeBlame(const Heightfield& hf, const Settings& settings,
                       const Blame& blamed, const FailsOn& fails, int maxRuns,
                       const std::string& implName) {
  Prober p(fails, maxRuns, implName);
  if (!probeMayRefine(blamed)) return p.result(blamed);
  ProbeResult found = blamed.section == "§6"
                          ? probed(p, symptomOfFallback, hf, settings)
                          : probed(p, filterOrPartition, hf, settings);
  // A step the classifier found stays blamed with its own words.
  if (found.blame.label() == blamed.label()) found.blame = blamed;
  if (found.blame.section.empty()) found.blame = blamed;
  return found;
}

}  // namespace regcon::kit
