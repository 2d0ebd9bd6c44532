#include "cli/conform.h"

#include <sys/wait.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/output.h"
#include "core/compare.h"
#include "core/hash.h"
#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

constexpr int kDoesNotConform = 5;

// Single quotes keep every byte of a path literal for /bin/sh.
std::string shellQuote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

struct CommandOutput {
  std::string stdoutText;
  int exitStatus = 0;
};

CommandOutput runShellCommand(const std::string& commandLine) {
  std::fflush(nullptr);
  FILE* pipe = ::popen(commandLine.c_str(), "r");
  if (!pipe) throw InputError("cannot start command: " + commandLine);
  CommandOutput output;
  char buffer[65536];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    output.stdoutText.append(buffer, got);
  }
  const int status = ::pclose(pipe);
  output.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  return output;
}

std::string hashLine(const std::string& name, const std::string& expected,
                     const std::string& actual) {
  if (expected == actual) return name + "  agree   " + expected + "\n";
  return name + "  DIFFER  reference " + expected + "\n" +
         std::string(name.size(), ' ') + "          command   " + actual + "\n";
}

}  // namespace

ConformReport compareResults(const Heightfield& hf, const StageResult& expected,
                             const StageResult& actual) {
  CompareOptions options;
  options.expectedLabel = "reference";
  options.actualLabel = "command";
  options.distancesRequired = false;  // interchange §3: they may be omitted
  options.rawLoops = false;           // interchange §5: what the hashes cover
  const Comparison comparison =
      regcon::compareResults(hf, expected, actual, options);
  ConformReport report;
  if (actual.regions.distances && expected.regions.distances) {
    report.text +=
        hashLine("distances", hashDistances(*expected.regions.distances),
                 hashDistances(*actual.regions.distances));
  } else {
    report.text += "distances  not given by the command\n";
  }
  report.text += hashLine("regions  ", hashRegions(expected.regions),
                          hashRegions(actual.regions));
  report.text += hashLine("contours ", hashContours(expected.contours),
                          hashContours(actual.contours));
  report.conforms = comparison.same();
  report.text += comparison.report();
  report.text += report.conforms ? "conforms\n" : "does not conform\n";
  return report;
}

namespace {

// `-` would be read up by the reference and reach the command empty: it is
// copied once into `copy`, a file both read, and the command is given that.
void bufferStandardInput(ConformOptions& options,
                         std::optional<StandardInputCopy>& copy) {
  const bool chf = options.chfPath == "-";
  const bool settings = options.settingsPath == "-";
  if (!chf && !settings) return;
  if (chf && settings) {
    throw InputError("conform: CHF and SETTINGS cannot both be standard input");
  }
  copy.emplace();
  (chf ? options.chfPath : options.settingsPath) = copy->path();
}

}  // namespace

ConformReport conformCommand(const ConformOptions& given) {
  ConformOptions options = given;
  std::optional<StandardInputCopy> input;
  bufferStandardInput(options, input);
  const Settings settings = readSettingsFile(options.settingsPath);
  const Heightfield hf = readHeightfieldFile(options.chfPath);
  const Implementation* impl = findImplementation(options.implName);
  if (!impl) throw InputError("--impl: unknown implementation");
  const StageResult expected = runStage(*impl, hf, settings);
  const std::string commandLine = options.command + " " +
                                  shellQuote(options.chfPath) + " " +
                                  shellQuote(options.settingsPath);
  const CommandOutput output = runShellCommand(commandLine);
  ConformReport report;
  if (output.exitStatus != 0) {
    report.text = "the command rejected the input (exit status " +
                  std::to_string(output.exitStatus) + "); the " + impl->name() +
                  " implementation accepts it\n" + "does not conform\n";
    return report;
  }
  std::istringstream in(output.stdoutText);
  StageResult actual;
  try {
    actual = readResult(in, "command output");
  } catch (const InputError& e) {
    report.text = std::string(e.what()) + "\ndoes not conform\n";
    return report;
  }
  return compareResults(hf, expected, actual);
}

void addConformCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ConformOptions>();
  CLI::App* command = app.add_subcommand(
      "conform",
      "Run COMMAND CHF SETTINGS (interchange §6) beside the reference, compare "
      "the canonical hashes and name the first differing span or vertex; exit "
      "0 when it conforms, 5 when it does not");
  command
      ->add_option("COMMAND", options->command,
                   "the implementation under test, run by /bin/sh with CHF "
                   "and SETTINGS appended")
      ->required();
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
  command
      ->add_option("--impl", options->implName,
                   "the implementation to compare against")
      ->capture_default_str()
      ->check(CLI::IsMember({"reference", "optimized"}));
  command->callback([options, &exitCode] {
    const ConformReport report = conformCommand(*options);
    std::cout << report.text;
    exitCode = report.conforms ? 0 : kDoesNotConform;
  });
}

}  // namespace regcon::cli
