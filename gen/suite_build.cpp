#include "gen/suite_build.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "checks/invariants.h"
#include "core/builder.h"
#include "core/implementation.h"
#include "gen/suite_cases.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "registry/implementations.h"

namespace regcon::gen {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw InputError(path.string() + ": cannot be written");
}

template <typename Writer, typename Value>
std::string documentText(Writer write, const Value& value) {
  std::ostringstream out;
  write(out, value);
  return out.str() + "\n";
}

struct BuiltCase {
  std::string id;
  std::string chfFile;       // under cases/
  std::string settingsFile;  // under cases/ (several cases may share one)
  std::string source;
  std::string description;
  std::string chfText;
  std::string settingsText;
};

Json hashesOf(const StageResult& result) {
  Json hashes;
  hashes["distances"] = hashDistances(*result.regions.distances);
  hashes["regions"] = hashRegions(result.regions);
  hashes["contours"] = hashContours(result.contours);
  return hashes;
}

Json manifestEntry(const BuiltCase& c) {
  std::istringstream chfIn(c.chfText), settingsIn(c.settingsText);
  const Heightfield hf = readHeightfield(chfIn, c.id + " chf");
  const Settings settings = readSettings(settingsIn, c.id + " settings");
  const StageResult result =
      runStage(*findImplementation("reference"), hf, settings);
  const std::string partition = manifestPartition(hf, settings);
  // A given/ case's source and partition are one tag.
  std::vector<std::string> tags{c.source};
  if (partition != c.source) tags.push_back(partition);
  const auto features = featureTags(hf, settings, result);
  const auto spec = specTags(hf, settings, features);
  tags.insert(tags.end(), spec.begin(), spec.end());
  tags.insert(tags.end(), features.begin(), features.end());
  Json entry;
  entry["id"] = c.id;
  entry["chf"] = "cases/" + c.chfFile;
  entry["settings"] = "cases/" + c.settingsFile;
  entry["partition"] = partition;
  entry["hashes"] = hashesOf(result);
  entry["tags"] = tags;
  if (!c.description.empty()) entry["description"] = c.description;
  return entry;
}

// Every worked vector, its two documents copied byte for byte.
std::vector<BuiltCase> vectorCases(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    const std::string suffix = ".chf.json";
    if (file.size() > suffix.size() &&
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
      names.push_back(file.substr(0, file.size() - suffix.size()));
    }
  }
  std::sort(names.begin(), names.end());
  std::vector<BuiltCase> cases;
  for (const std::string& name : names) {
    cases.push_back({"vector/" + name, name + ".chf.json",
                     name + ".settings.json", "vector",
                     "worked vector " + name + " (../shared/vectors)",
                     readText(dir / (name + ".chf.json")),
                     readText(dir / (name + ".settings.json"))});
  }
  return cases;
}

// The cases the mutation runner chose, and one small case per field kind
// and partition (stratifiedIndices), in index order.
std::vector<BuiltCase> generatedCases(const Selection& selection) {
  std::set<uint64_t> indices(selection.cases.begin(), selection.cases.end());
  for (uint64_t index : stratifiedIndices(selection.seed, selection.poolSize)) {
    indices.insert(index);
  }
  std::vector<BuiltCase> cases;
  for (uint64_t index : indices) {
    const GeneratedCase g = generatedCase(selection.seed, index);
    const std::string stem = "gen-" + std::to_string(index);
    cases.push_back({"gen/" + std::to_string(index), stem + ".chf.json",
                     stem + ".settings.json", "gen",
                     "pool case " + std::to_string(index) + " of seed " +
                         std::to_string(selection.seed) + ": " + g.origin,
                     documentText(writeHeightfield, g.hf),
                     documentText(writeSettings, g.settings)});
  }
  return cases;
}

// The spec's defaults (§7), as the given/ cases and the reject/ documents
// are run with.
constexpr const char* kDefaultSettingsText =
    R"({"format":"build3d.settings","version":1})"
    "\n";

// The settings every exported test field runs with: each partition, no
// island removal and no merging, so the drawn shapes survive.
std::string testSettingsText(Partition partition) {
  Settings settings;
  settings.partition = partition;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  return documentText(writeSettings, settings);
}

// Whether every walkable span has one area id, so that one region may hold
// them all (readings R12).
bool oneWalkableArea(const Heightfield& hf) {
  std::set<int> areas;
  for (const Span& span : hf.spans) {
    if (span.area != 0) areas.insert(span.area);
  }
  return areas.size() == 1;
}

// A drawing with floors over floors as its tests hand it to §6: every
// walkable span region 1 (area-0 spans 0), so that one region's loops
// overlap seen from above (outlines inside outlines, holes crossing their
// outline's chords, areas that cancel), at the defaults and at MaxError 0.
// No partition of the region stage gives such a region.
std::vector<BuiltCase> oneRegionCases(Heightfield hf, const std::string& name) {
  std::vector<int> ids(hf.spanCount());
  for (int s = 0; s < hf.spanCount(); ++s) ids[s] = hf.spans[s].area ? 1 : 0;
  hf.regions = ids;
  const std::string chfFile = "test-" + name + "-one-region.chf.json";
  const std::string chfText = documentText(writeHeightfield, hf);
  const std::string what = "drawn by the hand-worked test " + name +
                           " (tests/), exported; one given region";
  Settings exact;
  exact.maxError = 0;
  return {
      {"test/" + name + "/given", chfFile, "given.settings.json", "test", what,
       chfText, kDefaultSettingsText},
      {"test/" + name + "/given-max-error-0", chfFile,
       "test-given-max-error-0.settings.json", "test", what + " at MaxError 0",
       chfText, documentText(writeSettings, exact)}};
}

// The fields the hand-worked tests drew (REGCON_EXPORT_FIELDS, see
// tests/test_support.h), each once (the first name in sorted order of
// identical drawings), in every partition, those with floors over floors
// also as one given region; grids up to 40 x 40 only.
std::vector<BuiltCase> testCases(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::set<std::string> seen;
  std::vector<BuiltCase> cases;
  for (const fs::path& file : files) {
    const std::string text = readText(file);
    if (!seen.insert(text).second) continue;
    std::istringstream in(text);
    const Heightfield hf = readHeightfield(in, file.string());
    if (hf.width > kSuiteMaxSide || hf.depth > kSuiteMaxSide) continue;
    std::string name = file.filename().string();
    name = name.substr(0, name.size() - std::string(".chf.json").size());
    for (Partition p : {Partition::Watershed, Partition::Monotone,
                        Partition::Layers, Partition::LayerFirst}) {
      const std::string partition = partitionName(p);
      cases.push_back(
          {"test/" + name + "/" + partition, "test-" + name + ".chf.json",
           "test-" + partition + ".settings.json", "test",
           "drawn by the hand-worked test " + name + " (tests/), exported",
           text, testSettingsText(p)});
    }
    if (checks::anyColumnHoldsTwoWalkableSpans(hf) && oneWalkableArea(hf)) {
      const auto given = oneRegionCases(hf, name);
      cases.insert(cases.end(), given.begin(), given.end());
    }
  }
  return cases;
}

// The field of the given-partition cases: one floor, area 1 but for an
// area-0 wall at x = 2 (rows 0 and 1) and an area-2 block (x 3..5, rows 1
// and 2); z = 0 is the bottom row, spans in index order row by row:
//
//   z=2   1 1 1 2 2 2      span 12..17
//   z=1   1 1 0 2 2 2      span  6..11
//   z=0   1 1 0 1 1 1      span  0..5
Heightfield givenField() {
  const char* rows[3] = {"110111", "110222", "111222"};
  HeightfieldBuilder builder(6, 3);
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 6; ++x) builder.add(x, z, 0, rows[z][x] - '0');
  }
  return builder.build(LinkRule{});
}

// Region ids for the three pieces of area 1 and 2 — the west block (x 0..1
// and the top row's x 2), the east strip (row 0, x 3..5) and the area-2
// block — and for the area-0 spans.
std::vector<int> givenIds(int west, int east, int block, int wall) {
  const char* rows[3] = {"WWZEEE", "WWZBBB", "WWWBBB"};
  std::vector<int> ids;
  for (const char* row : rows) {
    for (const char* c = row; *c; ++c) {
      ids.push_back(*c == 'W'   ? west
                    : *c == 'E' ? east
                    : *c == 'B' ? block
                                : wall);
    }
  }
  return ids;
}

// Given partitions (readings R12) as another tool hands them in, whose ids
// no partition of the region stage would give: a port that renumbers them
// 1..k by first span, or counts the ids instead of taking the largest,
// fails some of these.
std::vector<BuiltCase> givenCases() {
  struct Given {
    const char* name;
    std::vector<int> ids;
    const char* what;
  };
  const Given kGiven[] = {
      {"gaps", givenIds(1, 4, 9, 0), "ids 1, 4, 9: regionCount 9, 3 regions"},
      {"out-of-order", givenIds(3, 1, 2, 0),
       "ids 3, 1, 2 by first span: none renumbered"},
      {"top-ids", givenIds(65535, 65534, 7, 0),
       "ids at the top of interchange §1's range: regionCount 65535"},
      {"area-zero", givenIds(1, 2, 3, 4),
       "the area-0 spans carry region 4 and are traced like any other"},
      {"disconnected", givenIds(1, 1, 2, 0),
       "region 1 in two pieces: two outlines of one region"},
  };
  const std::string settings = kDefaultSettingsText;
  std::vector<BuiltCase> cases;
  for (const Given& g : kGiven) {
    Heightfield hf = givenField();
    hf.regions = g.ids;
    const std::string name = std::string("given-") + g.name;
    cases.push_back({"given/" + std::string(g.name), name + ".chf.json",
                     "given.settings.json", "given",
                     std::string("a given partition: ") + g.what,
                     documentText(writeHeightfield, hf), settings});
  }
  return cases;
}

}  // namespace

std::string manifestPartition(const Heightfield& hf, const Settings& settings) {
  return hf.regions ? "given" : partitionName(settings.partition);
}

Selection readSelection(const std::string& path) {
  const Json json = Json::parse(readText(path));
  Selection selection;
  selection.seed = json.at("poolSeed").get<uint64_t>();
  selection.poolSize = json.at("poolSize").get<uint64_t>();
  selection.cases = json.at("cases").get<std::vector<uint64_t>>();
  return selection;
}

namespace {

// A valid 2 x 1 field, two linked spans, that each reject document breaks
// in exactly one place.
constexpr const char* kValidChf =
    R"({"format":"build3d.chf","version":1,"width":2,"depth":1,)"
    R"("counts":[1,1],"spans":[[0,1,-1,-1,0,-1],[0,1,0,-1,-1,-1]]})";

std::string replaced(std::string text, const std::string& from,
                     const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

// "interchange §1: ..." becomes the tag "interchange-§1".
std::string ruleTag(const std::string& rule) {
  std::string tag;
  for (char c : rule.substr(0, rule.find(':'))) {
    if (c == ' ') {
      tag += '-';
    } else if (c != '(' && c != ')') {
      tag += c;
    }
  }
  return tag;
}

RejectDocument chfBreaking(const std::string& name, const std::string& rule,
                           const std::string& from, const std::string& to) {
  return {name, rule, true, replaced(kValidChf, from, to) + "\n"};
}

RejectDocument settingsWith(const std::string& name, const std::string& rule,
                            const std::string& body) {
  return {name, rule, false,
          R"({"format":"build3d.settings","version":1,)" + body + "}\n"};
}

}  // namespace

std::vector<RejectDocument> mustRejectDocuments() {
  const std::string s1 = "interchange §1: ";
  const std::string s2 = "interchange §2: ";
  const std::string doc = "interchange (documents): ";
  return {
      chfBreaking("chf-wrong-format", doc + "format must be build3d.chf",
                  "build3d.chf", "build3d.regions"),
      chfBreaking("chf-wrong-version", doc + "version must be 1",
                  "\"version\":1", "\"version\":2"),
      {"chf-not-json", doc + "a document is a JSON object", true,
       std::string(kValidChf).substr(0, 40) + "\n"},
      chfBreaking("chf-duplicate-key",
                  doc + "duplicate keys are rejected (docs/readings.md A13)",
                  "\"depth\":1", "\"depth\":1,\"depth\":1"),
      chfBreaking("chf-width-zero", s1 + "1 <= width <= 32767", "\"width\":2",
                  "\"width\":0"),
      chfBreaking("chf-counts-length", s1 + "counts has width x depth entries",
                  "[1,1]", "[1,1,0]"),
      chfBreaking("chf-count-above-63", s1 + "0 <= count <= 63",
                  "\"counts\":[1,1]", "\"counts\":[64,1]"),
      chfBreaking("chf-spans-length",
                  s1 + "the sum of counts equals the number of spans",
                  "\"counts\":[1,1]", "\"counts\":[1,0]"),
      chfBreaking(
          "chf-y-not-increasing", s1 + "y strictly increasing within a cell",
          R"("counts":[1,1],"spans":[[0,1,-1,-1,0,-1],)",
          R"("counts":[2,1],"spans":[[5,1,-1,-1,0,-1],[5,1,-1,-1,-1,-1],)"),
      chfBreaking("chf-y-above-65535", s1 + "0 <= y <= 65535",
                  "[[0,1,-1,-1,0,-1]", "[[65536,1,-1,-1,0,-1]"),
      chfBreaking("chf-area-above-255", s1 + "0 <= area <= 255",
                  "[[0,1,-1,-1,0,-1]", "[[0,256,-1,-1,0,-1]"),
      chfBreaking("chf-link-outside-grid", s1 + "a link stays inside the grid",
                  "[[0,1,-1,-1,0,-1]", "[[0,1,0,-1,0,-1]"),
      chfBreaking("chf-link-no-such-span", s1 + "a link names an existing span",
                  "[[0,1,-1,-1,0,-1]", "[[0,1,-1,-1,1,-1]"),
      chfBreaking("chf-span-five-entries",
                  s1 + "a span is [y, area, link0, link1, link2, link3]",
                  "[[0,1,-1,-1,0,-1]", "[[0,1,-1,-1,0]"),
      chfBreaking("chf-regions-length", s1 + "regions has one id per span",
                  "]]}", "]],\"regions\":[1]}"),
      chfBreaking("chf-region-id-above-65535", s1 + "0 <= region id <= 65535",
                  "]]}", "]],\"regions\":[1,65536]}"),
      chfBreaking("chf-layer-id-negative", s1 + "0 <= layer id <= 65535", "]]}",
                  "]],\"layers\":[0,-1]}"),
      chfBreaking("chf-float-integer",
                  s1 + "integers (a fraction is not an integer, A13)",
                  "\"width\":2", "\"width\":2.0"),
      settingsWith(
          "settings-unknown-partition",
          s2 + "partition is watershed, monotone, layers or layer-first",
          R"("partition":"voronoi")"),
      settingsWith("settings-negative-max-error",
                   s2 + "maxError is a finite number >= 0", R"("maxError":-1)"),
      settingsWith("settings-fractional-area",
                   s2 + "minRegionArea is an integer >= 0",
                   R"("minRegionArea":1.5)"),
      settingsWith("settings-negative-border",
                   s2 + "borderRegion is an integer >= 0",
                   R"("borderRegion":-2)"),
      settingsWith("settings-string-edge-length",
                   s2 + "maxEdgeLength is an integer >= 0",
                   R"("maxEdgeLength":"12")"),
      {"settings-wrong-format", doc + "format must be build3d.settings", false,
       R"({"format":"build3d.chf","version":1})"
       "\n"},
  };
}

std::string buildSuite(const SuiteBuildOptions& options) {
  const fs::path out(options.outputDir);
  std::vector<BuiltCase> cases = vectorCases(options.vectorsDir);
  if (!options.testFieldsDir.empty()) {
    const auto tests = testCases(options.testFieldsDir);
    cases.insert(cases.end(), tests.begin(), tests.end());
  }
  const auto given = givenCases();
  cases.insert(cases.end(), given.begin(), given.end());
  const auto generated = generatedCases(readSelection(options.selectionPath));
  cases.insert(cases.end(), generated.begin(), generated.end());
  fs::remove_all(out / "cases");
  fs::remove_all(out / "reject");
  Json manifest;
  manifest["suite"] = "regcon-conformance";
  manifest["version"] = options.version;
  manifest["cases"] = Json::array();
  for (const BuiltCase& c : cases) {
    writeText(out / "cases" / c.chfFile, c.chfText);
    writeText(out / "cases" / c.settingsFile, c.settingsText);
    manifest["cases"].push_back(manifestEntry(c));
  }
  writeText(out / "reject" / "default.settings.json", kDefaultSettingsText);
  writeText(out / "reject" / "valid.chf.json", std::string(kValidChf) + "\n");
  manifest["mustReject"] = Json::array();
  for (const RejectDocument& r : mustRejectDocuments()) {
    const std::string file =
        r.name + (r.brokenIsChf ? ".chf.json" : ".settings.json");
    writeText(out / "reject" / file, r.text);
    Json entry;
    entry["id"] = "reject/" + r.name;
    entry["chf"] = r.brokenIsChf ? "reject/" + file : "reject/valid.chf.json";
    entry["settings"] =
        r.brokenIsChf ? "reject/default.settings.json" : "reject/" + file;
    entry["rule"] = r.rule;
    entry["tags"] = {"reject", ruleTag(r.rule)};
    manifest["mustReject"].push_back(entry);
  }
  writeText(out / "manifest.json", manifest.dump(1) + "\n");
  return std::to_string(cases.size()) + " cases (" +
         std::to_string(generated.size()) + " generated), " +
         std::to_string(manifest["mustReject"].size()) +
         " must-reject documents written to " + options.outputDir;
}

}  // namespace regcon::gen
