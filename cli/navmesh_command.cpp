// `regcon navmesh`: its options, and the comparison of recast/navmesh.h
// printed and drawn by recast/navmesh_report.h.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/kit_command.h"
#include "cli/options.h"
#include "kit/output.h"
#include "recast/navmesh_report.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

struct NavmeshCommandOptions {
  std::string meshPath;
  std::string implName = "optimized";
  std::string partition = "watershed";
  std::string outputPath;   // regcon's Detour tile data; "" = none
  std::string picturePath;  // "" = no picture
  NavmeshOptions navmesh;
};

std::string navmeshCommand(const NavmeshCommandOptions& options) {
  NavmeshCommandOptions resolved = options;
  resolved.navmesh.settings.partition = *parsePartition(options.partition);
  if (options.outputPath == "-") {
    throw InputError(
        "navmesh -o: the tile data is binary and standard output "
        "carries the report; name a file");
  }
  // Both files are checked before the work starts.
  std::unique_ptr<kit::OutputTarget> tile, picture;
  if (!options.outputPath.empty()) {
    tile = std::make_unique<kit::OutputTarget>(options.outputPath);
  }
  if (!options.picturePath.empty()) {
    picture = std::make_unique<kit::OutputTarget>(options.picturePath);
  }
  const NavmeshComparison comparison =
      compareNavmeshes(options.meshPath, implementationNamed(options.implName),
                       resolved.navmesh);
  if (tile) tile->commit(comparison.regcon.tileData);
  if (picture) {
    picture->commit(navmeshSvg(
        comparison,
        "navmesh " + options.meshPath + ", partition " + options.partition));
  }
  return navmeshReport(comparison, {options.meshPath, options.partition,
                                    options.implName, options.navmesh.seed});
}

}  // namespace

void addNavmeshCommand(CLI::App& app, int& exitCode) {
  auto [command, options] = subcommandWith<NavmeshCommandOptions>(
      app, "navmesh",
      "Build a Detour navmesh from the spec's contours of a mesh (OBJ) and "
      "Recast's own beside it; compare them by path queries");
  command
      ->add_option("--partition", options->partition,
                   "watershed, monotone, layers or layer-first (Recast's "
                   "side: rcBuildLayerRegions for both layer partitions)")
      ->capture_default_str()
      ->check(
          [](const std::string& name) {
            return parsePartition(name) ? "" : "not a partition: " + name;
          },
          "PARTITION");
  std::vector<std::string> implementations;
  for (const Implementation* impl : allImplementations()) {
    implementations.push_back(impl->name());
  }
  command->add_option("--impl", options->implName, "regcon's implementation")
      ->capture_default_str()
      ->check(CLI::IsMember(implementations));
  command
      ->add_option("--pairs", options->navmesh.pairs,
                   "random point pairs to query")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  command->add_option("--seed", options->navmesh.seed, "seed of the pairs")
      ->capture_default_str();
  command
      ->add_option("-o", options->outputPath,
                   "write regcon's Detour tile data (dtCreateNavMeshData's "
                   "bytes) to FILE")
      ->type_name("FILE");
  command
      ->add_option("--picture", options->picturePath,
                   "draw both navmeshes' polygons side by side to this SVG "
                   "file")
      ->type_name("FILE");
  addMeshOptions(*command, options->meshPath, options->navmesh.mesh);
  command->callback([options, &exitCode] {
    kit::emit(navmeshCommand(*options), "");
    exitCode = 0;
  });
}

}  // namespace regcon::cli
