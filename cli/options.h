// Options shared by the commands that run the stage (regions, contours,
// hashes, run): which implementation, where the settings come from, the
// per-setting overrides and the output file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "core/types.h"
#include "interchange/settings_table.h"

namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace regcon::cli {

// Settings given as flags (one per row of interchange/settings_table.h); each
// one that is given wins over the settings file.
struct SettingsOverrides {
  Settings values;                       // the given flags' values
  std::vector<const SettingRow*> given;  // the rows whose flag was given

  // As if the flag of `member`'s row were given with `value` (for options
  // built in code rather than parsed).
  template <typename T>
  void give(T Settings::*member, T value) {
    for (const SettingRow& row : settingRows()) {
      const auto* rowMember = std::get_if<T Settings::*>(&row.member);
      if (rowMember == nullptr || *rowMember != member) continue;
      values.*member = value;
      given.push_back(&row);
    }
  }
};

struct StageOptions {
  std::string chfPath;       // "-" is standard input
  std::string settingsPath;  // "" means the spec's defaults (§7)
  std::string implName = "reference";
  int threads = 1;         // the optimized implementation's (§8: no byte
                           // depends on it)
  std::string outputPath;  // "" or "-" means standard output
  SettingsOverrides overrides;
};

// `run` takes its settings as a positional argument (interchange §6); the
// other stage commands take them with --settings.
enum class SettingsSource { Flag, Positional };

// Adds CHF (and SETTINGS for `run`) plus every shared option to `command`.
void addStageOptions(CLI::App& command, StageOptions& options,
                     SettingsSource source);
void addOutputOption(CLI::App& command, std::string& outputPath);

// The kit's commands (conform, shrink, fuzz): COMMAND, the implementation
// under test, required; --impl, the implementation compared against.
void addCommandUnderTest(CLI::App& command, std::string& commandLine);
void addComparedImplementation(CLI::App& command, std::string& implName);
// --timeout and --max-output-mb: the limits of one run of COMMAND (checked
// by kit::checkedLimits before the first run).
void addRunLimits(CLI::App& command, double& timeoutSeconds,
                  size_t& maxOutputMb);

// The settings file (or the defaults) with the flag overrides applied.
Settings resolveSettings(const StageOptions& options);
void applyOverrides(const SettingsOverrides& overrides, Settings& settings);

// Validators of numbers that are not settings (the import's sizes, the
// render's floor); settings are checked by the settings table.
bool isNonNegativeInteger(const std::string& text);
std::optional<double> parseFiniteNumber(const std::string& text);
bool isFiniteNonNegative(const std::string& text);
CLI::Validator finiteNonNegativeValidator();
CLI::Validator finitePositiveValidator();  // sizes, e.g. the import's cells

}  // namespace regcon::cli
