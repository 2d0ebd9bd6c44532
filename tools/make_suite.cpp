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

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "gen/suite_build.h"

int main(int argc, char** argv) {
  regcon::gen::SuiteBuildOptions options;
  options.vectorsDir = "../shared/vectors";
  CLI::App app{"Writes the conformance suite (conformance/README.md).",
               "regcon_make_suite"};
  app.add_option("OUTDIR", options.outputDir, "the suite folder written")
      ->required();
  app.add_option("--vectors", options.vectorsDir, "the worked vectors")
      ->capture_default_str();
  app.add_option("--selection", options.selectionPath,
                 "the generated cases chosen (default OUTDIR/power.json)");
  app.add_option("--tests", options.testFieldsDir,
                 "the fields the hand-worked tests drew");
  app.add_option("--version", options.version, "the suite's version")
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
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
