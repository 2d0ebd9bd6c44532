#include "tests/real_inputs.h"

#include <filesystem>
#include <map>

#include "gen/scenarios.h"
#include "recast/mesh_import.h"
#include "tests/test_support.h"

namespace regcon::testing {
namespace {

// The hostile shapes are smaller, so that the invariant checks stay quick:
// stack63 holds 63 spans a cell (4032 spans at 8), pillars at 24 already
// has 121 holes in one region.
int scenarioSizeFor(const std::string& name) {
  if (name == "stack63") return 8;
  const bool hostile = name.starts_with("pillars") || name == "serpentine" ||
                       name == "checkerboard";
  return hostile ? 24 : 40;
}

}  // namespace

std::vector<RealInputName> realInputs() {
  std::vector<RealInputName> list = {{"dungeon", "dungeon.obj"},
                                     {"nav_test", "nav_test.obj"},
                                     {"undulating", "undulating.obj"}};
  for (const std::string& name : scenarioNames()) {
    list.push_back({name, "", scenarioSizeFor(name)});
  }
  return list;
}

std::optional<Heightfield> loadRealInput(const RealInputName& input) {
  if (input.mesh.empty()) return generateScenario(input.name, {input.size, 7});
  // Each mesh is imported by many tests, each implementation's among them.
  static std::map<std::string, Heightfield> imported;
  const auto found = imported.find(input.mesh);
  if (found != imported.end()) return found->second;
  const std::string path = sharedDir() + "/meshes/" + input.mesh;
  if (sharedDir().empty() || !std::filesystem::exists(path)) {
    return std::nullopt;
  }
  return imported[input.mesh] = importMesh(path, MeshImportOptions{});
}

}  // namespace regcon::testing
