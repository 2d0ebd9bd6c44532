// `regcon render`: the picture of one run of the stage, or of a foreign
// result beside the reference's (--diff).
#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/output.h"
#include "cli/render.h"
#include "core/compare.h"
#include "core/io.h"

namespace regcon::cli {
namespace {

RenderLayers layersFrom(const std::vector<std::string>& show) {
  RenderLayers layers{false, false, false};
  for (const std::string& name : show) {
    if (name == "regions") layers.regions = true;
    if (name == "distances") layers.distances = true;
    if (name == "contours") layers.contours = true;
  }
  return layers;
}

std::optional<int> floorFrom(const std::string& text) {
  if (text == "all") return std::nullopt;
  if (!isNonNegativeInteger(text) || text.size() > 2) {
    throw InputError("--floor: must be 'all' or a level 0..62, got '" + text +
                     "'");
  }
  return std::stoi(text);
}

std::string settingsLine(const Settings& s) {
  std::ostringstream out;
  out << partitionName(s.partition) << ", minRegionArea " << s.minRegionArea
      << ", mergeRegionArea " << s.mergeRegionArea << ", maxError "
      << s.maxError << ", maxEdgeLength " << s.maxEdgeLength
      << (s.straightRegionBorders ? "" : ", straight borders off")
      << ", borderRegion " << s.borderRegion;
  return out.str();
}

StageResult readForeignResult(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the result document");
  return readResult(in, path);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

std::string renderDiffPicture(const Heightfield& hf, const Settings& settings,
                              const std::string& title,
                              const std::string& expectedLabel,
                              const StageResult& expected,
                              const StageResult& actual) {
  CompareOptions compare;
  compare.expectedLabel = expectedLabel;
  compare.actualLabel = "command";
  compare.distancesRequired = false;
  compare.rawLoops = false;  // raw loops are drawn, not hashed
  const Comparison comparison = compareResults(hf, expected, actual, compare);
  RenderRequest request;
  request.title = title + ": " + settingsLine(settings);
  request.layers.distances = actual.regions.distances.has_value();
  request.caption = comparison.same()
                        ? std::vector<std::string>{"the two results agree"}
                        : lines(comparison.report());
  const std::vector<int> none;
  request.sides = {
      RenderSide{expectedLabel, expected,
                 expected.regions.distances.value_or(none)},
      RenderSide{"command", actual, actual.regions.distances.value_or(none)}};
  return renderSvg(hf, request);
}

std::string renderCommand(const RenderOptions& options) {
  Settings settings = resolveSettings(options.stage);
  settings.rawContours = true;  // raw loops mark fallbacks and dropped holes
  const Implementation& impl = resolveImplementation(options.stage.implName);
  const Heightfield hf = readHeightfieldFile(options.stage.chfPath);
  const std::string title = "regcon render " + options.stage.chfPath;
  StageResult mine = runStage(impl, hf, settings);
  std::vector<int> distances = impl.distances(hf);
  if (!options.diffPath.empty()) {
    mine.regions.distances = distances;  // drawn whenever the command has them
    return renderDiffPicture(hf, settings, title, impl.name(), mine,
                             readForeignResult(options.diffPath));
  }
  RenderRequest request;
  request.layers = layersFrom(options.show);
  request.floor = floorFrom(options.floor);
  request.title = title + ": " + settingsLine(settings);
  request.sides = {RenderSide{impl.name(), mine, distances}};
  return renderSvg(hf, request);
}

void addRenderCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand(
      "render",
      "Draw the heightfield's regions, distances and contours as an SVG "
      "(top down, one square per cell, one panel per level); with --diff, "
      "a foreign result beside the implementation's (--impl) with every "
      "difference circled");
  // A picture shows bytes both implementations give; the optimized one
  // gives them in near-linear time on the hostile shapes of `regcon gen`
  // (the reference's hole joining is quadratic on `pillars`).
  options->stage.implName = "optimized";
  addStageOptions(*command, options->stage, SettingsSource::Flag);
  command->get_option("--impl")->description(
      "implementation: reference or optimized (default optimized: the same "
      "bytes, near-linear on every shape of `regcon gen`)");
  command
      ->add_option("--show", options->show,
                   "what to draw, comma-separated: regions, distances, "
                   "contours (default regions,contours)")
      ->delimiter(',')
      ->check(CLI::IsMember({"regions", "distances", "contours"}));
  command
      ->add_option("--floor", options->floor,
                   "draw one level only (the k-th span from the bottom of "
                   "each column), or 'all' (default)")
      ->type_name("all|N")
      // Checked while parsing, so a bad value is a usage error (exit 1) as
      // for every other option of `render`.
      ->check(CLI::Validator(
          [](const std::string& text) {
            try {
              floorFrom(text);
              return std::string();
            } catch (const InputError& e) {
              return std::string(e.what());
            }
          },
          "all|N"));
  command
      ->add_option("--diff", options->diffPath,
                   "a build3d.result of another implementation on the same "
                   "CHF and settings: drawn beside --impl's, differing "
                   "spans and vertices circled, first differences written "
                   "under the picture")
      ->type_name("RESULT");
  command->callback([options, &exitCode] {
    OutputTarget output(options->stage.outputPath);  // refused before work
    output.commit(renderCommand(*options));
    exitCode = 0;
  });
}

}  // namespace regcon::cli
