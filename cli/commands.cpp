#include "cli/commands.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/batch.h"
#include "cli/kit_command.h"
#include "cli/kit_commands.h"
#include "core/limits.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "kit/output.h"
#include "registry/implementations.h"
#include "render/render.h"
#include "render/report_text.h"

namespace regcon::cli {
namespace {

using kit::OutputTarget;

// Documents are written without a final newline (canonical bytes); the
// command adds one so its output is a proper text line on every stream.
std::string asTextOutput(const std::ostringstream& out,
                         const std::string& document) {
  std::string text = render::completeDocument(out, document);
  if (text.empty() || text.back() != '\n') text.push_back('\n');
  return text;
}

struct StageInputs {
  Settings settings;
  Heightfield heightfield;
  const Implementation* impl = nullptr;
  std::unique_ptr<Implementation> threaded;  // impl with --threads > 1
};

// Settings first: a bad flag or settings file is reported before a large
// heightfield is read.
StageInputs readStageInputs(const StageOptions& options) {
  StageInputs inputs;
  inputs.settings = resolveSettings(options);
  inputs.impl = &implementationNamed(options.implName);
  if (options.threads > 1) {
    if (options.implName != "optimized") {
      throw CLI::ValidationError("--threads",
                                 "only --impl optimized runs on threads");
    }
    inputs.threaded = optimizedOnThreads(options.threads);
    inputs.impl = inputs.threaded.get();
  }
  inputs.heightfield = readHeightfieldFile(options.chfPath);
  return inputs;
}

// --- demo -----------------------------------------------------------------

constexpr Partition kDemoPartitions[] = {Partition::Watershed,
                                         Partition::Monotone, Partition::Layers,
                                         Partition::LayerFirst};

// The demo's input goes through the same reader as any user file, so it is
// checked by every rule of interchange §1 before the stage sees it.
Heightfield roundTripThroughInterchange(const Heightfield& generated,
                                        const std::string& document) {
  std::stringstream buffer;
  writeHeightfield(buffer, generated);
  Heightfield reread = readHeightfield(buffer, document);
  if (generated != reread) {
    throw std::logic_error(document +
                           ": writing and re-reading changed the heightfield");
  }
  return reread;
}

std::string demoHeader(const DemoOptions& options, const Heightfield& hf) {
  std::ostringstream out;
  out << "regcon demo: generated scenario '" << options.scenario << "' (size "
      << options.size << ", seed " << options.seed << "): " << hf.width << "x"
      << hf.depth << " cells, " << hf.spanCount()
      << " spans; interchange write/read round trip ok\n";
  return out.str();
}

std::string demoColumnHeader() {
  std::ostringstream out;
  out << std::left << std::setw(12) << "partition" << std::right << std::setw(7)
      << "spans" << std::setw(8) << "regions" << std::setw(8) << "maxDist"
      << std::setw(9) << "contours" << std::setw(7) << "verts" << std::setw(7)
      << "rawFb" << std::setw(8) << "dropped"
      << "  " << std::left << std::setw(13) << "distances" << std::setw(13)
      << "regions"
      << "contours\n";
  return out.str();
}

std::string demoRow(const Heightfield& hf, Partition partition) {
  std::ostringstream out;
  out << std::left << std::setw(12) << partitionName(partition) << std::right
      << std::setw(7) << hf.spanCount();
  try {
    const Implementation& impl = implementationNamed("reference");
    Settings settings;
    settings.partition = partition;
    const std::vector<int> distances = impl.distances(hf);
    const StageResult result = runStage(impl, hf, settings);
    const int largestDistance =
        distances.empty()
            ? 0
            : *std::max_element(distances.begin(), distances.end());
    const ContourSet& contours = result.contours;
    out << std::setw(8) << result.regions.regionCount << std::setw(8)
        << largestDistance << std::setw(9) << contours.contours.size()
        << std::setw(7) << contours.vertexCount() << std::setw(7)
        << contours.rawFallbacks << std::setw(8) << contours.droppedHoles
        << "  " << std::left << std::setw(13)
        << hashDistances(distances).substr(0, 12) << std::setw(13)
        << hashRegions(result.regions).substr(0, 12)
        << hashContours(contours).substr(0, 12);
  } catch (const NotImplemented&) {
    // Work in progress is shown, not hidden: the other rows still run.
    out << "  not implemented yet";
  }
  out << '\n';
  return out.str();
}

// The watershed row drawn: regions and contours at the spec's defaults.
std::string demoPicture(const DemoOptions& options, const Heightfield& hf) {
  const Implementation& impl = implementationNamed("reference");
  Settings settings;
  settings.rawContours = true;
  render::RenderRequest request;
  request.title = "regcon demo: scenario " + options.scenario + " (size " +
                  std::to_string(options.size) + ", seed " +
                  std::to_string(options.seed) +
                  "), watershed at the spec's defaults";
  request.sides = {render::RenderSide{impl.name(), runStage(impl, hf, settings),
                                      impl.distances(hf)}};
  return render::renderSvg(hf, request);
}

// --- registration -----------------------------------------------------------

// When `command` is given, `work` writes its text to --output.
template <typename Options>
void writeWhenRun(CLI::App& command, int& exitCode,
                  const std::shared_ptr<Options>& options,
                  std::string (*work)(const Options&)) {
  command.callback([options, work, &exitCode] {
    OutputTarget output(options->outputPath);  // refused before the work
    output.commit(work(*options));
    exitCode = 0;
  });
}

void addStageCommand(CLI::App& app, int& exitCode, const std::string& name,
                     const std::string& description, SettingsSource source,
                     std::string (*work)(const StageOptions&)) {
  auto options = std::make_shared<StageOptions>();
  CLI::App* command = app.add_subcommand(name, description);
  addStageOptions(*command, *options, source);
  writeWhenRun(*command, exitCode, options, work);
}

void addValidateCommand(CLI::App& app, int& exitCode) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "validate",
      "Check interchange documents of any format; print 'FILE: ok (FORMAT)' "
      "for each valid one and the error for each invalid one; exit 2 when "
      "any is invalid");
  command->add_option("FILE", *files, "documents to check, '-' for stdin")
      ->required()
      ->type_name("FILE");
  command->callback([files, &exitCode] {
    exitCode = validateCommand(*files, std::cout, std::cerr) ? 0 : 2;
  });
}

void addGenCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<GenOptions>();
  CLI::App* command =
      app.add_subcommand("gen",
                         "Write a generated scenario heightfield (build3d.chf) "
                         "to stdout or -o FILE");
  command->add_option("NAME", options->name, "scenario")
      ->required()
      ->check(CLI::IsMember(scenarioNames()));
  command
      ->add_option("--size", options->scenario.size,
                   "cells along each side (4..1024)")
      ->capture_default_str();
  command->add_option("--seed", options->scenario.seed, "random seed")
      ->capture_default_str();
  addOutputOption(*command, options->outputPath);
  command->footer(
      "Scenarios:\n"
      "  flat          one open floor\n"
      "  terrain       hills, a plateau, wall lines with gaps, a second area\n"
      "  rooms         rooms with doors and pillars\n"
      "  multifloor    three storeys joined by ramps, some links cut\n"
      "  spiral        a ramp that passes over itself\n"
      "  mosaic        patches of eight areas\n"
      "Hostile shapes (the seed changes nothing):\n"
      "  pillars       a one-cell pillar at every (odd x, odd z): one region,\n"
      "                about size^2/4 holes\n"
      "  pillars4      the same every 4 cells\n"
      "  pillars8      the same every 8 cells\n"
      "  serpentine    a one-cell-wide corridor snaking up the grid\n"
      "  checkerboard  two areas in a checkerboard: size^2 regions\n"
      "  stack63       63 floors over every cell (63 * size^2 spans)");
  writeWhenRun(*command, exitCode, options, genCommand);
}

void addImportCommand(CLI::App& app, int& exitCode) {
  auto [command, options] = subcommandWith<ImportOptions>(
      app, "import",
      "Voxelize a triangle mesh (OBJ) with Recast into a compact heightfield "
      "(build3d.chf)");
  addMeshOptions(*command, options->meshPath, options->mesh);
  addOutputOption(*command, options->outputPath);
  writeWhenRun(*command, exitCode, options, importCommand);
}

void addDemoCommand(CLI::App& app, int& exitCode) {
  auto [command, options] = subcommandWith<DemoOptions>(
      app, "demo",
      "Generate a scenario, check it through the interchange reader, and run "
      "the reference on it with every partition, one table row each");
  command->add_option("--scenario", options->scenario, "scenario")
      ->capture_default_str()
      ->check(CLI::IsMember(scenarioNames()));
  command->add_option("--size", options->size, "cells along each side")
      ->capture_default_str();
  command->add_option("--seed", options->seed, "random seed")
      ->capture_default_str();
  command
      ->add_option("--picture", options->picturePath,
                   "also draw the watershed regions and contours at the "
                   "spec's defaults to this SVG file (see `regcon render`)")
      ->type_name("FILE");
  command->callback([options, &exitCode] {
    kit::emit(demoCommand(*options), "");
    exitCode = 0;
  });
}

}  // namespace

void addMeshOptions(CLI::App& command, std::string& meshPath,
                    MeshImportOptions& mesh) {
  command.add_option("MESH", meshPath, "Wavefront OBJ file")
      ->required()
      ->type_name("FILE");
  const CLI::Validator positive = finitePositiveValidator();
  const CLI::Validator nonNegative = finiteNonNegativeValidator();
  const auto addSize = [&command](const char* flag, double& value,
                                  const char* help,
                                  const CLI::Validator& check) {
    return command.add_option(flag, value, help)
        ->capture_default_str()
        ->check(check);
  };
  addSize("--cell-size", mesh.cellSize, "cell size (xz)", positive);
  addSize("--cell-height", mesh.cellHeight, "cell height (y)", positive);
  addSize("--agent-height", mesh.agentHeight, "agent height (world units)",
          nonNegative);
  addSize("--agent-radius", mesh.agentRadius, "agent radius (world units)",
          nonNegative);
  addSize("--agent-climb", mesh.agentClimb,
          "largest step the agent climbs (world units)", nonNegative);
  addSize("--max-slope", mesh.maxSlopeDegrees,
          "steepest walkable slope in degrees",
          nonNegative)  // Range alone lets NaN through
      ->check(CLI::Range(0.0, 90.0));
  command
      .add_option("--max-cells", mesh.maxCells,
                  "largest grid (width x depth cells, from the mesh's "
                  "bounds over --cell-size) to voxelize; a larger one is "
                  "refused with exit 2 before Recast starts")
      ->capture_default_str()
      ->check(
          CLI::Range(int64_t{1}, limits::kMaxGridSide * limits::kMaxGridSide));
}

std::string regionsCommand(const StageOptions& options) {
  const StageInputs in = readStageInputs(options);
  std::ostringstream out;
  writeRegions(out, in.impl->regions(in.heightfield, in.settings));
  return asTextOutput(out, "build3d.regions");
}

std::string contoursCommand(const StageOptions& options) {
  const StageInputs in = readStageInputs(options);
  std::ostringstream out;
  // Only the contours are written: no §1 field unless the partition needs it.
  writeContours(out, runStage(*in.impl, in.heightfield, in.settings,
                              StageDistances::WhenComputed)
                         .contours);
  return asTextOutput(out, "build3d.contours");
}

std::string hashesCommand(const StageOptions& options) {
  const StageInputs in = readStageInputs(options);
  // runStage carries the heightfield's own §1 field whatever the partition
  // (computed on its own for one that does not need it, or for a given
  // `regions` array), so the distances hash never depends on the partition.
  const StageResult result = runStage(*in.impl, in.heightfield, in.settings);
  return "distances " + hashDistances(*result.regions.distances) +
         "\nregions " + hashRegions(result.regions) + "\ncontours " +
         hashContours(result.contours) + "\n";
}

std::string runCommand(const StageOptions& options) {
  const StageInputs in = readStageInputs(options);
  std::ostringstream out;
  writeResult(out, runStage(*in.impl, in.heightfield, in.settings));
  return asTextOutput(out, "build3d.result");
}

std::string genCommand(const GenOptions& options) {
  std::ostringstream out;
  writeHeightfield(out, generateScenario(options.name, options.scenario));
  return asTextOutput(out, "build3d.chf of gen " + options.name);
}

std::string importCommand(const ImportOptions& options) {
  std::ostringstream out;
  writeHeightfield(out, importMesh(options.meshPath, options.mesh));
  return asTextOutput(out, "build3d.chf of " + options.meshPath);
}

std::string demoCommand(const DemoOptions& options) {
  const Heightfield generated = generateScenario(
      options.scenario, ScenarioOptions{options.size, options.seed});
  const Heightfield hf = roundTripThroughInterchange(
      generated, "demo scenario " + options.scenario);
  std::string text = demoHeader(options, hf) + demoColumnHeader();
  for (Partition partition : kDemoPartitions) text += demoRow(hf, partition);
  if (!options.picturePath.empty()) {
    kit::emit(demoPicture(options, hf), options.picturePath);
    text += "picture of the watershed row: " + options.picturePath + "\n";
  }
  return text;
}

bool validateCommand(const std::vector<std::string>& files, std::ostream& out,
                     std::ostream& err) {
  bool allValid = true;
  for (const std::string& file : files) {
    try {
      const std::string format = validateFile(file);
      out << file << ": ok (" << format << ")\n";
    } catch (const InputError& e) {
      // The reader's message names the document, the key and the rule.
      err << "regcon: " << e.what() << '\n';
      allValid = false;
    }
  }
  return allValid;
}

void addCommands(CLI::App& app, int& exitCode) {
  addStageCommand(app, exitCode, "regions",
                  "Print the regions (build3d.regions) of the chosen partition",
                  SettingsSource::Flag, regionsCommand);
  addStageCommand(app, exitCode, "contours",
                  "Print the contours (build3d.contours) of the heightfield's "
                  "own regions array, or else of the chosen partition",
                  SettingsSource::Flag, contoursCommand);
  addStageCommand(app, exitCode, "hashes",
                  "Print the canonical hashes (interchange §5): distances, "
                  "regions and contours, one line each",
                  SettingsSource::Flag, hashesCommand);
  addRunCommand(app, exitCode);
  addValidateCommand(app, exitCode);
  addGenCommand(app, exitCode);
  addImportCommand(app, exitCode);
  addNavmeshCommand(app, exitCode);
  addDemoCommand(app, exitCode);
  addConformCommand(app, exitCode);
  addRenderCommand(app, exitCode);
  addSuiteCommand(app, exitCode);
  addShrinkCommand(app, exitCode);
  addFuzzCommand(app, exitCode);
  addExhaustCommand(app, exitCode);
}

}  // namespace regcon::cli
