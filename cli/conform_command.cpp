#include <CLI/CLI.hpp>
#include <memory>

#include "cli/kit_command.h"
#include "cli/kit_commands.h"
#include "kit/conform.h"

namespace regcon::cli {

using kit::ConformOptions;

void addConformCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ConformOptions>();
  CLI::App* command = addKitCommand(
      app, exitCode, options, "conform",
      "Run COMMAND CHF SETTINGS (interchange §6) beside the reference, compare "
      "the canonical hashes and name every differing section; classify a "
      "failure as mismatch, missing-section, invalid-output, rejected, "
      "crashed, internal-error, not-found or timeout; exit 0 when it "
      "conforms, 5 when it "
      "does not, 2 on bad input or option",
      kit::conformCommand);
  command
      ->add_option("CHF", options->chfPath,
                   "heightfield (build3d.chf); '-' for stdin, copied to a "
                   "temporary file whose path the command is given")
      ->required()
      ->type_name("FILE");
  command
      ->add_option("SETTINGS", options->settingsPath,
                   "settings (build3d.settings); '-' for stdin, as CHF "
                   "(not both)")
      ->required()
      ->type_name("FILE");
  addComparedImplementation(*command, options->implName);
  addRunLimits(*command, options->timeoutSeconds, options->maxOutputMb);
  command
      ->add_option("--picture", options->picturePath,
                   "when the command's valid result differs, draw it beside "
                   "the reference's to this SVG file, every difference "
                   "circled (as `regcon render --diff`)")
      ->type_name("FILE");
}

}  // namespace regcon::cli
