// The properties' main. Under ctest (REGCON_PROPS_CI set) every run gets the
// case count this build was configured with and a seed derived from the
// commit, printed before the first case, so that each commit explores new
// cases and any failure replays with the printed line. RC_PARAMS (or the
// CMake cache variable REGCON_RC_PARAMS, which ctest passes as RC_PARAMS)
// overrides either. Run by hand, the binary keeps RapidCheck's defaults:
// 100 cases and a random seed.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <string>

#include "props/ci_params.h"

namespace {

std::string gtestFilter() {
  return ::testing::GTEST_FLAG(filter);
}

// RC_PARAMS from the environment, else the build's REGCON_RC_PARAMS.
std::string overrides() {
  const char* env = std::getenv("RC_PARAMS");
  return env != nullptr && *env != '\0' ? env : REGCON_CI_RC_PARAMS;
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);  // takes out the --gtest_ flags
  CLI::App app{"The properties (props/README.md); gtest's flags as usual.",
               "regcon_props"};
  bool printOnly = false;
  app.add_flag("--ci-params", printOnly,
               "print the RC_PARAMS a ctest run of this build uses, and exit");
  CLI11_PARSE(app, argc, argv);
  if (printOnly || std::getenv("REGCON_PROPS_CI") != nullptr) {
    const regcon::props::CiParams params =
        regcon::props::ciParams(overrides(), REGCON_PROPS_CASES,
                                REGCON_PROPS_SOURCE_DIR, gtestFilter());
    if (printOnly) {
      std::cout << params.rcParams << "  (" << params.seedOrigin << ")\n";
      return 0;
    }
    setenv("RC_PARAMS", params.rcParams.c_str(), 1);
    std::cerr << "regcon_props: RC_PARAMS=\"" << params.rcParams << "\" ("
              << params.seedOrigin << "); replay: RC_PARAMS=\""
              << params.rcParams << "\" " << argv[0]
              << " --gtest_filter=" << gtestFilter() << "\n";
  }
  return RUN_ALL_TESTS();
}
