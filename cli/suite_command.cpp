#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/exit_codes.h"
#include "cli/kit_commands.h"
#include "cli/options.h"
#include "core/version.h"
#include "kit/output.h"
#include "kit/output_places.h"
#include "kit/suite.h"
#include "kit/suite_export.h"

namespace regcon::cli {
namespace {

using kit::checkOutputPlaces;
using kit::defaultSuiteDir;
using kit::exportSuite;
using kit::OutputTarget;
using kit::readSuite;
using kit::Suite;
using kit::SuiteOptions;
using kit::SuiteRun;

std::vector<std::string> splitTags(const std::vector<std::string>& values) {
  std::vector<std::string> tags;
  for (const std::string& value : values) {
    std::stringstream in(value);
    std::string tag;
    while (std::getline(in, tag, ',')) {
      if (!tag.empty()) tags.push_back(tag);
    }
  }
  return tags;
}

size_t casesNotRun(const kit::SuiteRun& run) {
  return static_cast<size_t>(std::count_if(
      run.outcomes.begin(), run.outcomes.end(), [](const kit::CaseOutcome& o) {
        return o.verdict.status == kit::Status::NotRun;
      }));
}

// Builds and writes one report; a failure is told on stderr and noted in
// `lost` instead of ending the run.
template <typename Build>
void commitReport(std::optional<OutputTarget>& target, const std::string& name,
                  Build build, std::vector<std::string>& lost) {
  if (!target) return;
  try {
    target->commit(build());
  } catch (const std::exception& e) {
    std::cerr << "regcon: suite: " << name << ": " << e.what() << "\n";
    lost.push_back(name);
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) {
    text += (text.empty() ? "" : ", ") + name;
  }
  return text;
}

void addExportCommand(CLI::App& suite, int& exitCode) {
  auto suiteDir = std::make_shared<std::string>();
  auto outputDir = std::make_shared<std::string>();
  CLI::App* command = suite.add_subcommand(
      "export",
      "Write the suite to DIR with the full expected build3d.result of every "
      "case (results/ID.result.json, the id as one file name as for "
      "--pictures, named in the manifest under \"result\"); the manifest is "
      "checked as `suite` checks it, only the regular files it names inside "
      "the suite folder are copied, and DIR must lie outside the suite");
  command->add_option("DIR", *outputDir, "where the suite is written")
      ->required();
  command
      ->add_option("--suite", *suiteDir,
                   "the suite folder to export (default: conformance "
                   "of the checkout the regcon binary was built in)")
      ->type_name("DIR");
  auto implName = std::make_shared<std::string>("optimized");
  addComparedImplementation(*command, *implName);
  command->get_option("--impl")->description(
      "what computes each case's result: optimized gives the reference's "
      "bytes in near-linear time on every shape of `regcon gen`; "
      "reference asks the reference itself, quadratic in a region's holes; "
      "either result must have the manifest's hashes");
  command->callback([suiteDir, outputDir, implName, &exitCode] {
    if (suiteDir->empty()) *suiteDir = defaultSuiteDir();
    if (suiteDir->empty()) {
      throw InputError(
          "suite export: no conformance suite found above this binary; "
          "give --suite DIR");
    }
    std::cout << exportSuite(*suiteDir, *outputDir, *implName) << "\n";
    exitCode = 0;
  });
}

}  // namespace

std::string versionText() {
  std::string text = std::string("regcon ") + kToolVersion + "\n";
  const std::string dir = defaultSuiteDir();
  if (dir.empty()) {
    return text + "conformance suite: none found above this binary";
  }
  try {
    const Suite suite = readSuite(dir);
    return text + "conformance suite " + suite.name + " version " +
           std::to_string(suite.version) + " (" + dir + ", " +
           std::to_string(suite.cases.size()) + " cases)";
  } catch (const InputError& e) {
    return text + "conformance suite: " + e.what();
  }
}

void addSuiteCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<SuiteOptions>();
  auto filters = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "suite",
      "Run the conformance suite against COMMAND (interchange §6, or §7 with "
      "--batch) and report each case: pass, mismatch, missing-section, "
      "invalid-output, rejected, crashed, internal-error, not-found, "
      "timeout; exit 0 when "
      "every case passes or is an expected failure, 5 otherwise, 2 on a bad "
      "suite or option");
  command->add_option("COMMAND", options->command,
                      "the implementation under test, run by /bin/sh with CHF "
                      "and SETTINGS appended (or --batch)");
  command
      ->add_option("--suite", options->suiteDir,
                   "the suite folder (default: conformance of the "
                   "checkout the regcon binary was built in)")
      ->type_name("DIR");
  command
      ->add_option("--filter", *filters,
                   "run only the cases carrying one of these tags (or ids)")
      ->type_name("TAG[,TAG...]");
  command->add_option("--jobs", options->jobs, "cases run at once")
      ->capture_default_str();
  addRunLimits(*command, options->timeoutSeconds, options->maxOutputMb);
  command->add_flag("--batch", options->batch,
                    "one `COMMAND --batch` process per job, fed one request "
                    "per line (interchange §7)");
  command
      ->add_option("--expected-failures", options->expectedFailuresPath,
                   "lines 'CASE-ID REASON': known gaps of the port (a "
                   "regular file of at most 4 MiB, lines of at most 4096 "
                   "bytes)")
      ->type_name("FILE");
  command->add_option("--json", options->jsonPath, "write the JSON report")
      ->type_name("FILE");
  command
      ->add_option("--junit", options->junitPath,
                   "write a JUnit XML report (one testcase per case)")
      ->type_name("FILE");
  command
      ->add_option("--pictures", options->picturesDir,
                   "draw each failing case whose output is a valid result "
                   "beside the reference's, differences circled, as "
                   "DIR/<case id>.svg (the id made one file name: bytes "
                   "other than letters, digits, _ - and . become ~XX); "
                   "the reports name the file")
      ->type_name("DIR");
  command
      ->add_option("--shrink", options->shrinkDir,
                   "shrink each failing case whose output differs (mismatch, "
                   "missing section), asked as the suite asks (per process, "
                   "or one batch process with --batch), into "
                   "DIR/<case id>/shrunk.{chf,settings}.json (the id encoded "
                   "as for --pictures); the reports "
                   "give the conform line that replays it")
      ->type_name("DIR");
  command
      ->add_option("--probe-cases", options->probeCases,
                   "ask the first N failing cases whose output cannot place "
                   "the fault (a crash, a rejected valid input, an invalid "
                   "output, an internal error) or that are blamed on §5.1, "
                   "§5.2 or a §6 fallback again on variants of the case (the "
                   "reference's regions given, §5 left out, one region "
                   "alone, its holes filled, each of its pieces alone, "
                   "settings switched) and blame the step the answers point "
                   "at; 0: none")
      ->capture_default_str();
  command
      ->add_option("--probe-runs", options->probeRuns,
                   "most runs of the command while probing one case")
      ->capture_default_str();
  command
      ->add_option("--shrink-runs", options->shrinkRuns,
                   "most runs of the command while shrinking one case")
      ->capture_default_str();
  command
      ->add_option("--shrink-cases", options->shrinkCases,
                   "most failing cases shrunk (the first in manifest order)")
      ->capture_default_str();
  addComparedImplementation(*command, options->implName);
  command->get_option("--impl")->description(
      "what computes the reference's result where the suite needs more than "
      "its hashes (differences, probes, pictures, shrinking): optimized "
      "gives the reference's bytes in near-linear time on every shape of "
      "`regcon gen`, so no case of a suite makes those steps take hours; "
      "reference asks the reference itself, quadratic in a region's holes");
  command->callback([command, options, filters, &exitCode] {
    if (!command->get_subcommands().empty()) return;  // `suite export` …
    if (options->command.empty()) {
      throw InputError("suite: COMMAND is required (see regcon suite --help)");
    }
    options->filter = splitTags(*filters);
    checkOutputPlaces("suite", {{"--json", options->jsonPath, false},
                                {"--junit", options->junitPath, false},
                                {"--pictures", options->picturesDir, true},
                                {"--shrink", options->shrinkDir, true}});
    // Report files that cannot be written are refused before the run.
    std::optional<OutputTarget> json, junit;
    if (!options->jsonPath.empty()) json.emplace(options->jsonPath);
    if (!options->junitPath.empty()) junit.emplace(options->junitPath);
    const SuiteRun run = runSuite(*options, &std::cerr);
    // Each report stands alone: one that fails costs neither the other nor
    // the summary, and the run then says which one was lost.
    std::vector<std::string> lost;
    commitReport(
        json, "--json " + options->jsonPath, [&run] { return jsonReport(run); },
        lost);
    commitReport(
        junit, "--junit " + options->junitPath,
        [&run] { return junitReport(run); }, lost);
    std::cout << summaryTable(run);
    if (!lost.empty()) throw InputError("suite: not written: " + joined(lost));
    exitCode = run.conforms() ? 0 : kDoesNotConform;
    // A case never asked leaves the verdict incomplete, whatever the rest.
    if (const size_t notRun = casesNotRun(run)) {
      std::cerr << "regcon suite: " << notRun
                << (notRun == 1 ? " case" : " cases")
                << " not run: regcon could not start the command (the "
                   "reports say why)\n";
      exitCode = kInternal;
    }
  });
  addExportCommand(*command, exitCode);
}

}  // namespace regcon::cli
