#include <CLI/CLI.hpp>
#include <memory>

#include "cli/kit_command.h"
#include "cli/kit_commands.h"
#include "gen/suite_cases.h"
#include "kit/fuzz.h"

namespace regcon::cli {

using kit::FuzzOptions;
using kit::ShrinkOptions;

namespace {

void addCommonOptions(CLI::App& command, kit::ShrinkingOptions& options) {
  addComparedImplementation(command, options.implName);
  command.add_flag("--batch", options.batch,
                   "ask one `COMMAND --batch` process, fed one request per "
                   "line (interchange §7), instead of a process per run; "
                   "the replay line runs per process");
  addRunLimits(command, options.timeoutSeconds, options.maxOutputMb);
  command
      .add_option("--max-runs", options.maxRuns,
                  "most runs of the command while shrinking")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command
      .add_option("--max-seconds", options.maxSeconds,
                  "most seconds spent shrinking (progress goes to stderr)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

}  // namespace

void addShrinkCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ShrinkOptions>();
  CLI::App* command = addKitCommand(
      app, exitCode, options, "shrink",
      "Reduce a case on which COMMAND disagrees with the reference to a small "
      "one that disagrees in the same way; write DIR/shrunk.chf.json and "
      "DIR/shrunk.settings.json and print the conform line that replays it "
      "(exit 5; 0 when the command agrees)",
      kit::shrinkCommand);
  command->add_option("CHF", options->chfPath, "heightfield (build3d.chf)")
      ->required()
      ->type_name("FILE");
  command
      ->add_option("SETTINGS", options->settingsPath,
                   "settings (build3d.settings)")
      ->required()
      ->type_name("FILE");
  command->add_option("-o,--out", options->outputDir, "output folder")
      ->required()
      ->type_name("DIR");
  addCommonOptions(*command, *options);
}

void addFuzzCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* command = addKitCommand(
      app, exitCode, options, "fuzz",
      "Run COMMAND on generated fields and settings (the generators of the "
      "properties) beside the reference; stop at the first disagreement, "
      "shrink it and write the reproducer to --out (exit 5; 0 when every "
      "case agrees). The same seed gives the same cases",
      [](FuzzOptions& given) {
        given.draw = [](uint64_t seed, uint64_t index) {
          gen::GeneratedCase c = gen::generatedCase(seed, index);
          return kit::DrawnCase{std::move(c.origin), std::move(c.hf),
                                std::move(c.settings)};
        };
        return kit::fuzzCommand(given);
      });
  auto* cases = command
                    ->add_option("--cases", options->cases,
                                 "number of cases (default 1000)")
                    ->check(CLI::PositiveNumber);
  command->add_option("--seconds", options->seconds, "run for this long")
      ->check(CLI::PositiveNumber)
      ->excludes(cases);
  command->add_option("--seed", options->seed, "the generator's seed")
      ->capture_default_str();
  command->add_option("--out", options->outputDir, "where the reproducer goes")
      ->capture_default_str()
      ->type_name("DIR");
  addCommonOptions(*command, *options);
}

}  // namespace regcon::cli
