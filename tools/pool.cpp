// regcon_pool: the mutation pool runner. Draws cases FROM..COUNT-1 of the
// generated pool (cli/suite_cases.h) with SEED and prints, one line per case,
// its index and the short canonical hashes (distances, regions, contours) of
// the whole stage as the linked implementation computes it. scripts/mutate.py
// runs it once per mutant of reference/ and compares the lines with the
// unmutated run's: each differing line is a case that kills the mutant.
//
//   regcon_pool SEED COUNT [FROM] [--impl reference|optimized] [--describe]
//
// --describe prints each case's origin instead of its hashes. Lines are
// flushed one by one, so a mutant that crashes or hangs on case k still
// leaves the lines before k.

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "cli/suite_cases.h"
#include "core/hash.h"
#include "core/implementation.h"

namespace {

std::string shortHash(const std::string& hex) {
  return hex.substr(0, 16);
}

std::string hashLine(const regcon::Implementation& impl,
                     const regcon::cli::GeneratedCase& c) {
  const regcon::StageResult result = regcon::runStage(impl, c.hf, c.settings);
  const std::string distances =
      result.regions.distances
          ? regcon::hashDistances(*result.regions.distances)
          : std::string("-");
  return shortHash(distances) + " " +
         shortHash(regcon::hashRegions(result.regions)) + " " +
         shortHash(regcon::hashContours(result.contours));
}

int usage() {
  std::cerr << "usage: regcon_pool SEED COUNT [FROM] [--impl NAME] "
               "[--describe]\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string implName = "reference";
  bool describe = false;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--impl" && i + 1 < argc) {
      implName = argv[++i];
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
    const regcon::cli::GeneratedCase c =
        regcon::cli::generatedCase(seed, index);
    std::string line;
    try {
      line = describe ? c.origin : hashLine(*impl, c);
    } catch (const std::exception& e) {
      line = std::string("error ") + e.what();
    }
    std::printf("%llu %s\n", static_cast<unsigned long long>(index),
                line.c_str());
    std::fflush(stdout);
  }
  return 0;
}
