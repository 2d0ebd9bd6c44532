// regcon_make_suite: writes the conformance suite (conformance/) from
// the worked vectors, the generated cases chosen by the mutation runner and
// the must-reject documents; see conformance/README.md.
//
//   regcon_make_suite [--vectors DIR] [--selection FILE] [--tests DIR]
//                     [--version N] OUTDIR
//
// --tests DIR: the fields the hand-worked tests drew, exported with
//   REGCON_EXPORT_FIELDS=DIR build/dev/tests/regcon_tests
//
// Defaults: --vectors ../shared/vectors, --selection OUTDIR/power.json.
// The same inputs give the same bytes.

#include <exception>
#include <iostream>
#include <string>

#include "gen/suite_build.h"

int main(int argc, char** argv) {
  regcon::gen::SuiteBuildOptions options;
  options.vectorsDir = "../shared/vectors";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool hasValue = i + 1 < argc;
    if (arg == "--vectors" && hasValue) {
      options.vectorsDir = argv[++i];
    } else if (arg == "--selection" && hasValue) {
      options.selectionPath = argv[++i];
    } else if (arg == "--tests" && hasValue) {
      options.testFieldsDir = argv[++i];
    } else if (arg == "--version" && hasValue) {
      options.version = std::stoi(argv[++i]);
    } else if (options.outputDir.empty() && arg[0] != '-') {
      options.outputDir = arg;
    } else {
      std::cerr << "usage: regcon_make_suite [--vectors DIR] [--selection "
                   "FILE] [--tests DIR] [--version N] OUTDIR\n";
      return 1;
    }
  }
  if (options.outputDir.empty()) {
    std::cerr << "regcon_make_suite: OUTDIR is required\n";
    return 1;
  }
  if (options.selectionPath.empty()) {
    options.selectionPath = options.outputDir + "/power.json";
  }
  try {
    std::cout << regcon::gen::buildSuite(options) << "\n";
  } catch (const std::exception& e) {
    std::cerr << "regcon_make_suite: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
