// `regcon render`: the picture of one run of the stage, or of a foreign
// result beside the reference's (--diff).
#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/kit_command.h"
#include "interchange/compare.h"
#include "interchange/io.h"
#include "kit/output.h"
#include "registry/implementations.h"
#include "render/render.h"

namespace regcon::cli {
namespace {

using render::RenderLayers;
using render::RenderRequest;
using render::RenderSide;

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

StageResult readForeignResult(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the result document");
  return readResult(in, path);
}

}  // namespace

std::string renderCommand(const RenderOptions& options) {
  Settings settings = resolveSettings(options.stage);
  settings.rawContours = true;  // raw loops mark fallbacks and dropped holes
  const Implementation& impl = implementationNamed(options.stage.implName);
  const Heightfield hf = readHeightfieldFile(options.stage.chfPath);
  const std::string title = "regcon render " + options.stage.chfPath;
  StageResult mine = runStage(impl, hf, settings);
  std::vector<int> distances = impl.distances(hf);
  if (!options.diffPath.empty()) {
    mine.regions.distances = distances;  // drawn whenever the command has them
    return render::renderDiffPicture(hf, settings, title, impl.name(), mine,
                                     readForeignResult(options.diffPath));
  }
  RenderRequest request;
  request.layers = layersFrom(options.show);
  request.floor = floorFrom(options.floor);
  request.title = title + ": " + render::settingsSummary(settings);
  request.sides = {RenderSide{impl.name(), mine, distances}};
  return render::renderSvg(hf, request);
}

void addRenderCommand(CLI::App& app, int& exitCode) {
  auto [command, options] = subcommandWith<RenderOptions>(
      app, "render",
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
    kit::OutputTarget output(options->stage.outputPath);  // refused before work
    output.commit(renderCommand(*options));
    exitCode = 0;
  });
}

}  // namespace regcon::cli
