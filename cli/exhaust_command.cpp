// `regcon exhaust`: the options of exhaust/exhaust.h, and its report on
// standard output (progress on standard error).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/kit_command.h"
#include "core/types.h"
#include "exhaust/exhaust.h"

namespace regcon::cli {
namespace {

struct ExhaustFlags {
  std::string bound = "test";
  std::string shard = "1/1";
  exhaust::RunOptions run;
};

void parseShard(const std::string& text, exhaust::RunOptions& run) {
  const size_t slash = text.find('/');
  try {
    size_t used = 0, usedN = 0;
    run.shard = std::stoi(text.substr(0, slash), &used);
    run.shards = std::stoi(text.substr(slash + 1), &usedN);
    if (slash != std::string::npos && used == slash &&
        usedN == text.size() - slash - 1 && run.shard >= 1 &&
        run.shard <= run.shards) {
      return;
    }
  } catch (const std::exception&) {
  }
  throw CLI::ValidationError("--shard",
                             "'" + text + "' is not i/n with 1 <= i <= n");
}

}  // namespace

void addExhaustCommand(CLI::App& app, int& exitCode) {
  auto [command, flags] = subcommandWith<ExhaustFlags>(
      app, "exhaust",
      "Check every heightfield within a bound: every partition under several "
      "settings, a given partition and cached layers, on every "
      "implementation: the same bytes, every invariant of checks/, and the "
      "interchange round trip. Prints the bound, the number of fields and "
      "every finding (exit 5 when there is one)");
  command
      ->add_option("--bound", flags->bound,
                   "'test' (what make test runs), 'next' (the bound above), "
                   "or GRIDS/FLOORS/AREAS, e.g. 2x2:1,2x1:3/0,1,2/0,1,2 "
                   "(WxD:K: K spans a column at most)")
      ->capture_default_str();
  command
      ->add_option("--shard", flags->shard,
                   "i/n: check the fields whose index is i-1 modulo n")
      ->capture_default_str();
  command
      ->add_option("--state", flags->run.statePath,
                   "keep progress here and go on from it when it exists")
      ->type_name("FILE");
  command
      ->add_option("--findings", flags->run.findingsDir,
                   "write each finding's heightfield and settings here")
      ->type_name("DIR");
  command
      ->add_option("--limit", flags->run.limit,
                   "stop after this many fields of the shard")
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--max-findings", flags->run.maxFindings,
                   "stop after this many findings")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command->callback([flags, &exitCode] {
    exhaust::RunOptions run = flags->run;
    parseShard(flags->shard, run);
    run.bound = exhaust::parseBound(flags->bound);
    const exhaust::RunReport report = exhaust::runExhaustive(run, &std::cerr);
    std::cout << exhaust::reportText(run, report);
    const bool found = !report.findings.empty() || report.earlierFindings > 0;
    exitCode = found ? kDoesNotConform : kOk;
  });
}

}  // namespace regcon::cli
