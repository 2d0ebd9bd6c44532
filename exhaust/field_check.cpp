#include "exhaust/field_check.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <sstream>
#include <unordered_map>

#include "checks/borders.h"
#include "core/implementation.h"
#include "interchange/compare.h"
#include "interchange/io.h"
#include "reference/contours_steps.h"

namespace regcon::exhaust {
namespace {

struct Profile {
  const char* name;
  Settings settings;
};

Settings profileSettings(int64_t minArea, int64_t mergeArea, double maxError,
                         int64_t maxEdgeLength, bool straight,
                         int64_t borderRegion) {
  Settings s;
  s.minRegionArea = minArea;
  s.mergeRegionArea = mergeArea;
  s.maxError = maxError;
  s.maxEdgeLength = maxEdgeLength;
  s.straightRegionBorders = straight;
  s.borderRegion = borderRegion;
  s.rawContours = true;  // the raw loops are compared and checked too
  return s;
}

// Far from the defaults, each in its own way: nothing removed, merged or
// simplified ("exact"); small islands removed, small regions merged, every
// wall split at each cell, a band region ("far"); the defaults' filtering,
// which on these grids removes or merges almost everything, with straight
// borders off so every raw vertex must stay within MaxError ("refined").
const std::array<Profile, 3>& profiles() {
  static const std::array<Profile, 3> kProfiles{{
      {"exact", profileSettings(0, 0, 0.0, 0, true, 0)},
      {"far", profileSettings(2, 3, 1.3, 1, true, 1)},
      {"refined", profileSettings(64, 400, 0.5, 12, false, 0)},
  }};
  return kProfiles;
}

constexpr std::array<Partition, 4> kPartitions{
    Partition::Watershed, Partition::Monotone, Partition::Layers,
    Partition::LayerFirst};

// splitmix64: the given partition and the cached layers drawn from the
// field's index, so they vary over the bound the same way on every run.
uint64_t mixed(uint64_t index, uint64_t salt) {
  uint64_t z = index * 0x9E3779B97F4A7C15ull + salt;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A given partition as another tool might hand one in (readings R12): a
// value 0-3 per span, area-0 spans included, each (value, area) its own id
// so that an id keeps one area: gaps, ids out of first-span order, regions
// in pieces.
std::vector<int> givenIds(uint64_t index, const Heightfield& hf) {
  std::vector<int> ids(hf.spanCount());
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int value = static_cast<int>(mixed(index, 2 * s + 1) & 3);
    ids[s] = value == 0 ? 0 : 256 * (3 - value) + hf.spans[s].area + 1;
  }
  return ids;
}

// Cached layers (readings R4) that need not follow the field: 0 or 1 per
// span, so linked same-area spans often sit on different layers.
std::vector<int> cachedLayers(uint64_t index, const Heightfield& hf) {
  std::vector<int> layers(hf.spanCount());
  for (int s = 0; s < hf.spanCount(); ++s) {
    layers[s] = static_cast<int>(mixed(index, 2 * s + 2) & 1);
  }
  return layers;
}

template <typename Write, typename Read, typename Value>
bool survivesRoundTrip(Write write, Read read, const Value& value) {
  std::stringstream document;
  write(document, value);
  return read(document, "exhaust round trip") == value;
}

// The heightfield's round trip is checked once per field as run (plain,
// with its given partition, with its cached layers), not once per run.
std::string fieldRoundTripFailure(const Heightfield& hf) {
  return survivesRoundTrip(writeHeightfield, readHeightfield, hf)
             ? ""
             : "the heightfield changed through build3d.chf";
}

// Every settings document a field is run with; their round trip depends on
// no field, so it is checked once a process.
std::vector<Settings> runSettings();

std::string settingsRoundTripFailure() {
  static const bool survive = [] {
    for (const Settings& s : runSettings()) {
      if (!survivesRoundTrip(writeSettings, readSettings, s)) return false;
    }
    return true;
  }();
  return survive ? "" : "the settings changed through build3d.settings";
}

// The documents already read back, with what they read as. The reader is a
// function of the text, so a text seen before reads as the kept result and
// need not be parsed again; comparing with the kept result still fails a
// writer that gives two results one text. Most runs of a small field repeat
// a document another run wrote, and the read is most of a field's time.
class ReadDocuments {
 public:
  const StageResult* find(const std::string& text) const {
    const auto it = read_.find(text);
    return it == read_.end() ? nullptr : &it->second;
  }
  void keep(std::string text, StageResult result) {
    if (read_.size() >= kLimit) read_.clear();  // bounds the memory
    read_.emplace(std::move(text), std::move(result));
  }

 private:
  static constexpr std::size_t kLimit = 1 << 14;
  std::unordered_map<std::string, StageResult> read_;
};

std::string resultRoundTripFailure(const StageResult& result) {
  static const std::string kChanged =
      "the result changed through build3d.result";
  thread_local ReadDocuments seen;
  std::ostringstream written;
  writeResult(written, result);
  std::string text = std::move(written).str();
  if (const StageResult* kept = seen.find(text)) {
    return *kept == result ? "" : kChanged;
  }
  std::istringstream document(text);
  StageResult back = readResult(document, "exhaust round trip");
  if (!(back == result)) return kChanged;
  seen.keep(std::move(text), std::move(back));
  return "";
}

std::string firstFailure(std::initializer_list<std::string> failures) {
  for (const std::string& f : failures) {
    if (!f.empty()) return f;
  }
  return "";
}

std::string regionInvariants(const Heightfield& hf, const Settings& settings,
                             const StageResult& result) {
  const RegionResult& r = result.regions;
  if (hf.regions) {  // readings R12: the ids as given, the largest counted
    const auto& ids = *hf.regions;
    const int largest =
        ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
    if (r.regions != ids) return "a given partition was not kept";
    if (r.regionCount != largest) return "regionCount is not the largest id";
    return "";
  }
  const bool unfiltered =
      settings.minRegionArea == 0 && settings.mergeRegionArea == 0;
  return firstFailure({checks::checkPartition(hf, r),
                       settings.partition == Partition::Layers
                           ? checks::checkLayerRegions(hf, r.regions)
                           : "",
                       settings.partition == Partition::Monotone && unfiltered
                           ? checks::checkMonotoneRuns(hf, r.regions)
                           : ""});
}

std::string contourInvariants(const Heightfield& hf, const Settings& settings,
                              const StageResult& result) {
  const std::vector<int>& regions = result.regions.regions;
  const ContourSet& set = result.contours;
  const std::vector<checks::RegionLoop> traced =
      checks::traceBoundaryLoops(hf, regions);
  return firstFailure(
      {checks::checkContourShape(hf, regions, set),
       checks::portalsSurvive(set).failure,
       checks::checkRawLoopsAreTraced(traced, set),
       checks::checkTracedLoops(hf, regions, traced),
       settings.straightRegionBorders
           ? ""
           : checks::checkRawWithinError(set, settings.maxError),
       checks::checkSharedBorders(hf, regions, settings, set,
                                  referenceFirstAttempt(hf, regions, settings),
                                  traced)
           .failure});
}

std::string invariantFailure(const Heightfield& hf, const Settings& settings,
                             const StageResult& result) {
  return firstFailure(
      {checks::checkDistanceField(hf, *result.regions.distances),
       regionInvariants(hf, settings, result),
       contourInvariants(hf, settings, result)});
}

using Implementations = std::vector<const Implementation*>;

// One run: every implementation's whole stage, held to the first's bytes,
// then the invariants and the round trip on that result.
std::string runFailure(const Heightfield& hf, const Settings& settings,
                       const Implementations& impls) {
  const StageResult expected = runStage(*impls.front(), hf, settings);
  for (size_t i = 1; i < impls.size(); ++i) {
    const StageResult actual = runStage(*impls[i], hf, settings);
    if (actual == expected) continue;
    return impls[i]->name() + " differs from " + impls.front()->name() + ":\n" +
           compareResults(hf, expected, actual,
                          {.expectedLabel = impls.front()->name(),
                           .actualLabel = impls[i]->name()})
               .report();
  }
  return firstFailure({invariantFailure(hf, settings, expected),
                       resultRoundTripFailure(expected)});
}

std::optional<Finding> checkRun(uint64_t index, const Heightfield& hf,
                                const Settings& settings,
                                const std::string& run,
                                const Implementations& impls) {
  std::string failure;
  try {
    failure = runFailure(hf, settings, impls);
  } catch (const std::exception& e) {
    failure = std::string("threw: ") + e.what();
  }
  if (failure.empty()) return std::nullopt;
  return Finding{index, run, failure, hf, settings};
}

}  // namespace

checks::FirstAttemptAccepted referenceFirstAttempt(
    const Heightfield& hf, const std::vector<int>& regions,
    const Settings& settings) {
  auto areas =
      std::make_shared<std::map<int, int>>(checks::regionAreas(hf, regions));
  return [areas, settings](const checks::RegionLoop& loop) {
    ref::SimplifyParams p;
    p.maxError = settings.maxError;
    p.maxEdgeLength = settings.maxEdgeLength;
    p.straightBorders = settings.straightRegionBorders;
    p.borderRegion = settings.borderRegion;
    p.region = loop.region;
    p.regionArea = areas.get();
    const Loop once = ref::simplifyOnce(loop.vertices, p);
    const int64_t area = ref::signedArea2(once);
    const int64_t raw = ref::signedArea2(loop.vertices);
    if (once.size() < 3 || area == 0 || (area > 0) != (raw > 0)) return false;
    const bool straight = p.straightBorders && p.maxError > 0;
    return !(straight && ref::hasProperCrossing(once));
  };
}

namespace {

// The runs of one field: every partition under every profile, a given
// partition under the first two profiles, cached layers under the first.
struct Run {
  std::string name;
  Settings settings;
  enum class Variant { Plain, Given, Cached } variant;
};

std::vector<Run> runsOfAField() {
  std::vector<Run> runs;
  for (const Profile& profile : profiles()) {
    for (Partition partition : kPartitions) {
      Settings settings = profile.settings;
      settings.partition = partition;
      runs.push_back(
          {std::string(partitionName(partition)) + ", " + profile.name,
           settings, Run::Variant::Plain});
    }
  }
  for (const Profile& profile : {profiles()[0], profiles()[1]}) {
    runs.push_back({std::string("given partition, ") + profile.name,
                    profile.settings, Run::Variant::Given});
  }
  Settings layerFirst = profiles()[0].settings;
  layerFirst.partition = Partition::LayerFirst;
  runs.push_back(
      {"layer-first, cached layers", layerFirst, Run::Variant::Cached});
  return runs;
}

std::vector<Settings> runSettings() {
  std::vector<Settings> all;
  for (const Run& run : runsOfAField()) all.push_back(run.settings);
  return all;
}

std::optional<Finding> roundTripFinding(uint64_t index, const Heightfield& hf,
                                        const std::string& run) {
  const std::string failure =
      firstFailure({fieldRoundTripFailure(hf), settingsRoundTripFailure()});
  if (failure.empty()) return std::nullopt;
  return Finding{index, run, failure, hf, Settings{}};
}

}  // namespace

std::optional<Finding> checkField(uint64_t index, const Heightfield& hf,
                                  const Implementations& impls) {
  Heightfield given = hf;
  given.regions = givenIds(index, hf);
  Heightfield cached = hf;
  cached.layers = cachedLayers(index, hf);
  const std::pair<const Heightfield*, const char*> variants[] = {
      {&hf, "the field"},
      {&given, "the given partition"},
      {&cached, "the cached layers"}};
  for (const auto& [field, name] : variants) {
    if (auto finding = roundTripFinding(index, *field,
                                        std::string("round trip of ") + name)) {
      return finding;
    }
  }
  for (const Run& run : runsOfAField()) {
    const Heightfield& field = run.variant == Run::Variant::Given    ? given
                               : run.variant == Run::Variant::Cached ? cached
                                                                     : hf;
    if (auto finding = checkRun(index, field, run.settings, run.name, impls)) {
      return finding;
    }
  }
  return std::nullopt;
}

std::string profileNames() {
  std::string names;
  for (const Profile& p : profiles()) {
    names += (names.empty() ? "" : ", ") + std::string(p.name);
  }
  return names;
}

}  // namespace regcon::exhaust
