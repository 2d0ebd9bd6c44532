#include "kit/conform.h"

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "interchange/hash.h"
#include "interchange/io.h"
#include "kit/output.h"
#include "kit/output_places.h"
#include "kit/process.h"
#include "kit/verdict.h"
#include "registry/implementations.h"
#include "render/render.h"
#include "render/report_text.h"

namespace regcon::kit {
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
  return render::terminalEscaped(
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
  target.commit(render::renderDiffPicture(hf, settings,
                                          "regcon conform " + options.chfPath,
                                          label, expected, actual));
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

}  // namespace regcon::kit
