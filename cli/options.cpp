#include "cli/options.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>

#include "interchange/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

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

// One flag per row of the settings table: a bool's flag sets the opposite
// of its default; any other flag's text is held to the rule of the document
// key (setFromText), so `--min-region-area 2147483648` is a usage error
// exactly as "minRegionArea": 2147483648 is a document error.
void addSettingFlag(CLI::App& command, const SettingRow& row,
                    SettingsOverrides& overrides) {
  if (const auto* member = std::get_if<bool Settings::*>(&row.member)) {
    const bool value = !(Settings{}.**member);
    command.add_flag_callback(
        row.flag,
        [&overrides, &row, member, value] {
          overrides.values.** member = value;
          overrides.given.push_back(&row);
        },
        row.help);
    return;
  }
  command
      .add_option_function<std::string>(
          row.flag,
          [&overrides, &row](const std::string& text) {
            if (auto problem = setFromText(row, text, overrides.values)) {
              throw CLI::ValidationError(row.flag, *problem);
            }
            overrides.given.push_back(&row);
          },
          std::string(row.help) + " (default " + defaultText(row) + ")")
      ->type_name(std::holds_alternative<Partition Settings::*>(row.member)
                      ? "NAME"
                      : "NUMBER");
}

void addSettingsFlags(CLI::App& command, SettingsOverrides& overrides) {
  for (const SettingRow& row : settingRows()) {
    addSettingFlag(command, row, overrides);
  }
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
  command
      .add_option("--threads", options.threads,
                  "threads the optimized implementation may use (default 1; "
                  "a field of fewer than 131072 spans uses one); the output "
                  "is the same at every count")
      ->check(CLI::Range(1, 256));
  addSettingsFlags(command, options.overrides);
  addOutputOption(command, options.outputPath);
}

void addCommandUnderTest(CLI::App& command, std::string& commandLine) {
  command
      .add_option("COMMAND", commandLine,
                  "the implementation under test, run by /bin/sh with CHF "
                  "and SETTINGS appended")
      ->required();
}

void addComparedImplementation(CLI::App& command, std::string& implName) {
  command
      .add_option("--impl", implName, "the implementation to compare against")
      ->capture_default_str()
      ->check(CLI::IsMember(kImplementationNames));
}

void addRunLimits(CLI::App& command, double& timeoutSeconds,
                  size_t& maxOutputMb) {
  command
      .add_option("--timeout", timeoutSeconds,
                  "seconds each run of COMMAND may take (at most 86400); "
                  "then its process group is killed")
      ->capture_default_str();
  command
      .add_option("--max-output-mb", maxOutputMb,
                  "cap on one answer of COMMAND (its standard output, or one "
                  "batch line), in MiB")
      ->capture_default_str();
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
  for (const SettingRow* row : overrides.given) {
    copySetting(*row, overrides.values, settings);
  }
}

Settings resolveSettings(const StageOptions& options) {
  Settings settings;
  if (!options.settingsPath.empty()) {
    settings = readSettingsFile(options.settingsPath);
  }
  applyOverrides(options.overrides, settings);
  return settings;
}

}  // namespace regcon::cli
