#include "cli/options.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>

#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

const std::vector<std::string> kPartitionNames = {"watershed", "monotone",
                                                  "layers", "layer-first"};
const std::vector<std::string> kImplementationNames = {"reference",
                                                       "optimized"};

void addInputArguments(CLI::App& command, StageOptions& options,
                       SettingsSource source) {
  command
      .add_option("CHF", options.chfPath,
                  "compact heightfield (build3d.chf), '-' for stdin")
      ->required()
      ->type_name("FILE");
  if (source == SettingsSource::Positional) {
    command
        .add_option("SETTINGS", options.settingsPath,
                    "settings document (build3d.settings); flags below "
                    "override it")
        ->required()
        ->type_name("FILE");
  } else {
    command
        .add_option("--settings", options.settingsPath,
                    "settings document (build3d.settings); flags below "
                    "override it; default: the spec's §7 defaults")
        ->type_name("FILE");
  }
}

void addSettingsFlags(CLI::App& command, SettingsOverrides& overrides) {
  command
      .add_option("--partition", overrides.partition,
                  "region partition (default watershed)")
      ->check(CLI::IsMember(kPartitionNames));
  command
      .add_option("--min-region-area", overrides.minRegionArea,
                  "minRegionArea in spans (default 64)")
      ->check(nonNegativeIntegerValidator());
  command
      .add_option("--merge-region-area", overrides.mergeRegionArea,
                  "mergeRegionArea in spans (default 400)")
      ->check(nonNegativeIntegerValidator());
  command
      .add_option("--max-error", overrides.maxError,
                  "maxError in cells (default 1.3)")
      ->check(finiteNonNegativeValidator());
  command
      .add_option("--max-edge-length", overrides.maxEdgeLength,
                  "maxEdgeLength in cells, 0 = no split (default 12)")
      ->check(nonNegativeIntegerValidator());
  command.add_flag("--no-straight-borders", overrides.noStraightBorders,
                   "straightRegionBorders = false");
  command
      .add_option("--border-region", overrides.borderRegion,
                  "borderRegion id (default 0)")
      ->check(nonNegativeIntegerValidator());
  command.add_flag("--raw", overrides.rawContours,
                   "rawContours = true: add raw outlines and holes");
}

}  // namespace

bool isNonNegativeInteger(const std::string& text) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && text[0] != '-' && ec == std::errc() && ptr == end;
}

std::optional<double> parseFiniteNumber(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

bool isFiniteNonNegative(const std::string& text) {
  const std::optional<double> value = parseFiniteNumber(text);
  return value && *value >= 0;
}

// CLI11 runs a validator on the raw text before converting it, so the
// message can quote what the user typed.
CLI::Validator nonNegativeIntegerValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (isNonNegativeInteger(text)) return "";
        return "must be an integer >= 0, got '" + text + "'";
      },
      ">= 0");
}

CLI::Validator finiteNonNegativeValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (isFiniteNonNegative(text)) return "";
        return "must be a finite number >= 0, got '" + text + "'";
      },
      ">= 0");
}

CLI::Validator finitePositiveValidator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::optional<double> value = parseFiniteNumber(text);
        if (value && *value > 0) return "";
        return "must be a finite number > 0, got '" + text + "'";
      },
      "> 0");
}

void addStageOptions(CLI::App& command, StageOptions& options,
                     SettingsSource source) {
  addInputArguments(command, options, source);
  command
      .add_option("--impl", options.implName,
                  "implementation: reference or optimized (default reference)")
      ->check(CLI::IsMember(kImplementationNames));
  addSettingsFlags(command, options.overrides);
  addOutputOption(command, options.outputPath);
}

void addOutputOption(CLI::App& command, std::string& outputPath) {
  command
      .add_option("-o,--output", outputPath,
                  "write to FILE instead of stdout; a regular FILE is "
                  "replaced atomically (a failed run leaves it untouched), "
                  "through a symlink, keeping its mode; a device or FIFO is "
                  "written directly; a read-only FILE or directory is "
                  "refused (exit 2)")
      ->type_name("FILE");
}

void applyOverrides(const SettingsOverrides& overrides, Settings& settings) {
  if (overrides.partition) {
    // IsMember has checked the name, so the parse cannot fail here.
    settings.partition = parsePartition(*overrides.partition).value();
  }
  if (overrides.minRegionArea)
    settings.minRegionArea = *overrides.minRegionArea;
  if (overrides.mergeRegionArea) {
    settings.mergeRegionArea = *overrides.mergeRegionArea;
  }
  if (overrides.maxError) settings.maxError = *overrides.maxError;
  if (overrides.maxEdgeLength)
    settings.maxEdgeLength = *overrides.maxEdgeLength;
  if (overrides.borderRegion) settings.borderRegion = *overrides.borderRegion;
  if (overrides.noStraightBorders) settings.straightRegionBorders = false;
  if (overrides.rawContours) settings.rawContours = true;
}

Settings resolveSettings(const StageOptions& options) {
  Settings settings;
  if (!options.settingsPath.empty()) {
    settings = readSettingsFile(options.settingsPath);
  }
  applyOverrides(options.overrides, settings);
  return settings;
}

const Implementation& resolveImplementation(const std::string& name) {
  const Implementation* impl = findImplementation(name);
  if (impl == nullptr)
    throw InputError("unknown implementation '" + name + "'");
  return *impl;
}

}  // namespace regcon::cli
