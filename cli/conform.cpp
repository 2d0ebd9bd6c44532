#include "cli/conform.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/kit_command.h"
#include "cli/output.h"
#include "cli/output_places.h"
#include "cli/process.h"
#include "cli/render.h"
#include "cli/report_text.h"
#include "cli/verdict.h"
#include "core/hash.h"
#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

std::string hashLine(const std::string& name, const std::string& expected,
                     const std::optional<std::string>& actual) {
  if (!actual) return name + "  not given by the command\n";
  if (expected == *actual) return name + "  agree   " + expected + "\n";
  return name + "  DIFFER  reference " + expected + "\n" +
         std::string(name.size(), ' ') + "          command   " + *actual +
         "\n";
}

std::string hashLines(const CaseHashes& expected, const ResultHashes& actual) {
  return hashLine("distances", expected.distances, actual.distances) +
         hashLine("regions  ", expected.regions, actual.regions) +
         hashLine("contours ", expected.contours, actual.contours);
}

// Hash lines (when there is a result), the status and why, every differing
// section, and the command's stderr when it failed.
std::string reportText(const CaseHashes& expected, const Verdict& verdict) {
  std::string text;
  if (verdict.actualHashes) text += hashLines(expected, *verdict.actualHashes);
  text += verdictLines(verdict);
  // The command's message and stderr may hold escape sequences.
  return terminalEscaped(
      text + (isPass(verdict.status) ? "conforms\n" : "does not conform\n"));
}

ProcessLimits limitsOf(const ConformOptions& options) {
  return checkedLimits("conform", options.timeoutSeconds, options.maxOutputMb);
}

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

// The command's result beside the reference's, every difference circled.
void writeDiffPicture(const ConformOptions& options, const Heightfield& hf,
                      const Settings& settings, const std::string& label,
                      const StageResult& expected, const std::string& output) {
  std::istringstream in(output);
  const StageResult actual = readResult(in, "command output");
  OutputTarget target(options.picturePath);
  target.commit(renderDiffPicture(hf, settings,
                                  "regcon conform " + options.chfPath, label,
                                  expected, actual));
}

}  // namespace

ConformReport conformCommand(const ConformOptions& given) {
  const ProcessLimits limits = limitsOf(given);
  checkOutputPlaces("conform", {{"--picture", given.picturePath, false}});
  ConformOptions options = given;
  std::optional<StandardInputCopy> input;
  bufferStandardInput(options, input);
  const Settings settings = readSettingsFile(options.settingsPath);
  const auto hf =
      std::make_shared<const Heightfield>(readHeightfieldFile(options.chfPath));
  const Implementation* impl = findImplementation(options.implName);
  if (!impl) throw InputError("--impl: unknown implementation");
  const CaseExpectation expected = expectationOf(hf, settings, *impl);
  const std::string commandLine = options.command + " " +
                                  shellQuote(options.chfPath) + " " +
                                  shellQuote(options.settingsPath);
  const CommandAnswer answer = answerFromProcess(
      runShellCommand(commandLine, limits), limits.maxOutputBytes);
  const Verdict verdict = classifyCase(answer, expected);
  ConformReport report{isPass(verdict.status),
                       reportText(expected.hashes, verdict)};
  if (!report.conforms && !options.picturePath.empty() &&
      verdict.actualHashes) {
    writeDiffPicture(options, *hf, settings, impl->name(),
                     *expected.reference().result, answer.output);
    report.text += "picture: " + given.picturePath + "\n";
  }
  return report;
}

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
      conformCommand);
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
  command
      ->add_option("--timeout", options->timeoutSeconds,
                   "seconds the command may take; then its process group is "
                   "killed")
      ->capture_default_str();
  command
      ->add_option("--max-output-mb", options->maxOutputMb,
                   "cap on the command's standard output, in MiB")
      ->capture_default_str();
  command
      ->add_option("--picture", options->picturePath,
                   "when the command's valid result differs, draw it beside "
                   "the reference's to this SVG file, every difference "
                   "circled (as `regcon render --diff`)")
      ->type_name("FILE");
}

}  // namespace regcon::cli
