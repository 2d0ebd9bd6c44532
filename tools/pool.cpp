// regcon_pool: the mutation pool runner. Draws cases FROM..COUNT-1 of the
// generated pool (gen/suite_cases.h) with SEED and prints, one line per case,
// its index and the short canonical hashes (distances, regions, contours) of
// the whole stage as the linked implementation computes it. mutation/mutate.py
// runs it once per mutant of reference/ and compares the lines with the
// unmutated run's: each differing line is a case that kills the mutant.
//
//   regcon_pool SEED COUNT [FROM] [--impl reference|optimized] [--describe]
//               [--suite DIR]
//
// --describe prints each case's origin instead of its hashes. --suite adds
// the cases of a conformance suite's manifest after the pool's, each line
// starting with the case id (the pool's lines start with the index); FROM
// counts over both. Lines are flushed one by one, so a mutant that crashes
// or hangs on case k still leaves the lines before k.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "gen/suite_cases.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "registry/implementations.h"

namespace {

std::string shortHash(const std::string& hex) {
  return hex.substr(0, 16);
}

std::string hashLine(const regcon::Implementation& impl,
                     const regcon::gen::GeneratedCase& c) {
  const regcon::StageResult result = regcon::runStage(impl, c.hf, c.settings);
  const std::string distances =
      result.regions.distances
          ? regcon::hashDistances(*result.regions.distances)
          : std::string("-");
  return shortHash(distances) + " " +
         shortHash(regcon::hashRegions(result.regions)) + " " +
         shortHash(regcon::hashContours(result.contours));
}

// The cases of a suite manifest, documents read from the suite folder.
std::vector<std::pair<std::string, regcon::gen::GeneratedCase>> suiteCases(
    const std::string& dir) {
  std::ifstream in(std::filesystem::path(dir) / "manifest.json");
  const auto manifest = nlohmann::json::parse(in);
  std::vector<std::pair<std::string, regcon::gen::GeneratedCase>> cases;
  for (const auto& c : manifest.at("cases")) {
    regcon::gen::GeneratedCase g;
    g.origin = c.at("id");
    g.hf =
        regcon::readHeightfieldFile(dir + "/" + c.at("chf").get<std::string>());
    g.settings = regcon::readSettingsFile(dir + "/" +
                                          c.at("settings").get<std::string>());
    cases.emplace_back(g.origin, std::move(g));
  }
  return cases;
}

std::vector<std::string> implementationNames() {
  std::vector<std::string> names;
  for (const regcon::Implementation* impl : regcon::allImplementations()) {
    names.push_back(impl->name());
  }
  return names;
}

void printLine(const std::string& id, const std::string& line) {
  std::printf("%s %s\n", id.c_str(), line.c_str());
  std::fflush(stdout);
}

std::string caseLine(const regcon::Implementation& impl,
                     const regcon::gen::GeneratedCase& c, bool describe) {
  try {
    return describe ? c.origin : hashLine(impl, c);
  } catch (const std::exception& e) {
    return std::string("error ") + e.what();
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "The mutation pool runner: the short hashes of generated pool cases "
      "FROM..COUNT-1 (and of a suite's cases), one line each.",
      "regcon_pool"};
  uint64_t seed = 0;
  uint64_t count = 0;
  uint64_t from = 0;
  std::string implName = "reference";
  bool describe = false;
  std::string suiteDir;
  app.add_option("SEED", seed, "the pool's seed")->required();
  app.add_option("COUNT", count, "one past the last pool case")->required();
  app.add_option("FROM", from,
                 "the first case, counted over the pool and then the suite");
  app.add_option("--impl", implName, "the implementation that computes")
      ->check(CLI::IsMember(implementationNames()));
  app.add_flag("--describe", describe,
               "print each case's origin instead of its hashes");
  app.add_option("--suite", suiteDir,
                 "add the cases of this suite's manifest after the pool's")
      ->check(CLI::ExistingDirectory);
  CLI11_PARSE(app, argc, argv);
  const regcon::Implementation& impl = *regcon::findImplementation(implName);
  for (uint64_t index = from; index < count; ++index) {
    const auto c = regcon::gen::generatedCase(seed, index);
    printLine(std::to_string(index), caseLine(impl, c, describe));
  }
  if (suiteDir.empty()) return 0;
  const auto cases = suiteCases(suiteDir);
  for (uint64_t i = from > count ? from - count : 0; i < cases.size(); ++i) {
    printLine(cases[i].first, caseLine(impl, cases[i].second, describe));
  }
  return 0;
}
