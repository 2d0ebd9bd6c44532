#include "cli/suite_export.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/suite_manifest.h"
#include "core/implementation.h"
#include "core/io.h"
#include "registry/implementations.h"

namespace regcon::cli {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

Json readManifest(const fs::path& suiteDir) {
  const fs::path path = suiteDir / "manifest.json";
  std::ifstream in(path);
  if (!in) throw InputError(path.string() + ": cannot be read");
  try {
    return Json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path.string() + ": not a JSON manifest: " + e.what());
  }
}

// "gen/17" becomes "gen-17": one flat folder of results.
std::string resultName(std::string id) {
  std::replace(id.begin(), id.end(), '/', '-');
  return "results/" + id + ".result.json";
}

std::string stageResultText(const fs::path& suiteDir, const Json& c) {
  const Heightfield hf =
      readHeightfieldFile((suiteDir / c.at("chf").get<std::string>()).string());
  const Settings settings = readSettingsFile(
      (suiteDir / c.at("settings").get<std::string>()).string());
  std::ostringstream text;
  writeResult(text, runStage(*findImplementation("reference"), hf, settings));
  return text.str() + "\n";
}

void copySuiteFiles(const fs::path& from, const fs::path& to) {
  for (const char* folder : {"cases", "reject"}) {
    if (fs::exists(from / folder)) {
      fs::copy(
          from / folder, to / folder,
          fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    }
  }
  if (fs::exists(from / "README.md")) {
    fs::copy_file(from / "README.md", to / "README.md",
                  fs::copy_options::overwrite_existing);
  }
}

}  // namespace

std::string exportSuite(const std::string& suiteDir,
                        const std::string& outputDir) {
  const fs::path from(suiteDir), to(outputDir);
  Json manifest = readManifest(from);
  if (fs::exists(to) && fs::equivalent(from, to)) {
    throw InputError("suite export: DIR must not be the suite itself");
  }
  fs::create_directories(to / "results");
  copySuiteFiles(from, to);
  int written = 0;
  for (Json& c : manifest.at("cases")) {
    const std::string name = resultName(c.at("id").get<std::string>());
    std::ofstream out(to / name, std::ios::binary | std::ios::trunc);
    out << stageResultText(from, c);
    if (!out) throw InputError((to / name).string() + ": cannot be written");
    c["result"] = name;
    ++written;
  }
  std::ofstream out(to / "manifest.json", std::ios::binary | std::ios::trunc);
  out << manifest.dump(1) << "\n";
  if (!out)
    throw InputError((to / "manifest.json").string() + ": cannot be written");
  return "exported " + std::to_string(written) +
         " cases with their expected results to " + outputDir;
}

void addSuiteExportCommand(CLI::App& suite, int& exitCode) {
  auto suiteDir = std::make_shared<std::string>();
  auto outputDir = std::make_shared<std::string>();
  CLI::App* command = suite.add_subcommand(
      "export",
      "Write the suite to DIR with the full expected build3d.result of every "
      "case (results/ID.result.json, named in the manifest under \"result\")");
  command->add_option("DIR", *outputDir, "where the suite is written")
      ->required();
  command
      ->add_option("--suite", *suiteDir,
                   "the suite folder to export (default: corpus/conformance "
                   "of the checkout the regcon binary was built in)")
      ->type_name("DIR");
  command->callback([suiteDir, outputDir, &exitCode] {
    if (suiteDir->empty()) *suiteDir = defaultSuiteDir();
    if (suiteDir->empty()) {
      throw InputError(
          "suite export: no conformance suite found above this binary; "
          "give --suite DIR");
    }
    std::cout << exportSuite(*suiteDir, *outputDir) << "\n";
    exitCode = 0;
  });
}

}  // namespace regcon::cli
