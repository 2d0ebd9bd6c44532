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

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

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

int usage() {
  std::cerr << "usage: regcon_pool SEED COUNT [FROM] [--impl NAME] "
               "[--describe] [--suite DIR]\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string implName = "reference";
  bool describe = false;
  std::string suiteDir;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--impl" && i + 1 < argc) {
      implName = argv[++i];
    } else if (arg == "--suite" && i + 1 < argc) {
      suiteDir = argv[++i];
    } else if (arg == "--describe") {
      describe = true;
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() < 2 || positional.size() > 3) return usage();
  const regcon::Implementation* impl = regcon::findImplementation(implName);
  if (!impl) return usage();
  const uint64_t seed = std::stoull(positional[0]);
  const uint64_t count = std::stoull(positional[1]);
  const uint64_t from = positional.size() == 3 ? std::stoull(positional[2]) : 0;
  for (uint64_t index = from; index < count; ++index) {
    const auto c = regcon::gen::generatedCase(seed, index);
    printLine(std::to_string(index), caseLine(*impl, c, describe));
  }
  if (suiteDir.empty()) return 0;
  const auto cases = suiteCases(suiteDir);
  for (uint64_t i = from > count ? from - count : 0; i < cases.size(); ++i) {
    printLine(cases[i].first, caseLine(*impl, cases[i].second, describe));
  }
  return 0;
}
