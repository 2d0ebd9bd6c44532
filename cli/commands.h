// The commands of `regcon`. Each command has a work function that returns
// everything it prints on stdout, so a failure never leaves half a document
// behind, and a registration that binds its options with CLI11.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/options.h"
#include "gen/scenarios.h"
#include "recast/mesh_import.h"

namespace CLI {
class App;
}

namespace regcon::cli {

struct GenOptions {
  std::string name;
  ScenarioOptions scenario;
  std::string outputPath;
};

struct ImportOptions {
  std::string meshPath;
  MeshImportOptions mesh;
  std::string outputPath;
};

struct DemoOptions {
  std::string scenario = "rooms";
  int size = 48;
  uint64_t seed = 1;
  std::string picturePath;  // "" = no picture
};

// `regcon render`.
struct RenderOptions {
  StageOptions stage;
  std::vector<std::string> show{"regions", "contours"};
  std::string floor = "all";  // or a level
  std::string diffPath;       // a foreign build3d.result
};
std::string renderCommand(const RenderOptions& options);

// Work functions. They throw InputError, NotImplemented or other exceptions;
// main() turns those into exit codes.
std::string regionsCommand(const StageOptions& options);
std::string contoursCommand(const StageOptions& options);
std::string hashesCommand(const StageOptions& options);
std::string runCommand(const StageOptions& options);
std::string genCommand(const GenOptions& options);
std::string importCommand(const ImportOptions& options);
std::string demoCommand(const DemoOptions& options);
// Reports each file on `out` (valid) or `err` (invalid); true when all valid.
bool validateCommand(const std::vector<std::string>& files, std::ostream& out,
                     std::ostream& err);

// Adds MESH and the import's Recast options (--cell-size ... --max-cells)
// to `command` (`import`, `navmesh`).
void addMeshOptions(CLI::App& command, std::string& meshPath,
                    MeshImportOptions& mesh);

// `regcon navmesh` (navmesh_command.cpp).
void addNavmeshCommand(CLI::App& app, int& exitCode);

// Registers every command on `app`. The chosen command runs inside
// app.parse() and leaves its exit status (0, or 2 for `validate` with an
// invalid file) in `exitCode`; errors leave as exceptions.
void addCommands(CLI::App& app, int& exitCode);
void addRenderCommand(CLI::App& app, int& exitCode);
// `regcon exhaust` (exhaust/exhaust.h).
void addExhaustCommand(CLI::App& app, int& exitCode);

}  // namespace regcon::cli
