// What the commands share on the command line: a subcommand with its
// options; for the kit's commands (conform, shrink, fuzz)
// COMMAND, the implementation under test, first; a report printed whole;
// exit 0 when the command conforms, 5 when it does not.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

#include "cli/exit_codes.h"
#include "cli/options.h"

namespace regcon::cli {

// A subcommand of `app` and its options, which the callback shares.
template <typename Options>
std::pair<CLI::App*, std::shared_ptr<Options>> subcommandWith(
    CLI::App& app, const std::string& name, const std::string& description) {
  return {app.add_subcommand(name, description), std::make_shared<Options>()};
}

// Adds the subcommand `name` with its COMMAND argument (options->command).
// When it is given, `run(*options)` returns a report {conforms, text}: the
// text goes to standard output and the exit code follows `conforms`.
template <typename Options, typename Run>
CLI::App* addKitCommand(CLI::App& app, int& exitCode,
                        const std::shared_ptr<Options>& options,
                        const std::string& name, const std::string& description,
                        Run run) {
  CLI::App* command = app.add_subcommand(name, description);
  addCommandUnderTest(*command, options->command);
  command->callback([options, run, &exitCode] {
    const auto report = run(*options);
    std::cout << report.text;
    exitCode = report.conforms ? 0 : kDoesNotConform;
  });
  return command;
}

}  // namespace regcon::cli
