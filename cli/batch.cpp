#include "cli/batch.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "kit/output.h"

namespace regcon::cli {
namespace {

using nlohmann::json;

std::string requestPath(const json& request, const std::string& key) {
  const auto found = request.find(key);
  if (found == request.end() || !found->is_string()) {
    throw InputError("batch request: \"" + key + "\" must be a string");
  }
  const std::string path = found->get<std::string>();
  // Standard input carries the requests themselves.
  if (path.empty() || path == "-") {
    throw InputError("batch request: \"" + key + "\" must name a file");
  }
  return path;
}

// The answer line to one request line.
std::string answerTo(const std::string& line, const StageOptions& base) {
  try {
    const json request = json::parse(line, nullptr, false);
    if (!request.is_object()) {
      throw InputError("batch request: not a JSON object on one line");
    }
    StageOptions options = base;
    options.chfPath = requestPath(request, "chf");
    options.settingsPath = requestPath(request, "settings");
    std::string result = runCommand(options);
    while (!result.empty() && result.back() == '\n') result.pop_back();
    return result;
  } catch (const NotImplemented& e) {
    return json{{"error", std::string("not implemented: ") + e.what()}}.dump();
  } catch (const std::exception& e) {
    // Bad input and internal errors alike: `regcon run` would exit non-zero.
    return json{{"error", e.what()}}.dump(-1, ' ', false,
                                          json::error_handler_t::replace);
  }
}

}  // namespace

void runBatch(const StageOptions& base, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    out << answerTo(line, base) << '\n' << std::flush;
    if (!out) throw InputError("batch: cannot write standard output");
  }
}

void addRunCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<StageOptions>();
  auto batch = std::make_shared<bool>(false);
  CLI::App* command = app.add_subcommand(
      "run",
      "Run the whole stage and print build3d.result: the "
      "foreign-implementation protocol of interchange §6 (§7 with --batch)");
  addStageOptions(*command, *options, SettingsSource::Positional);
  // CHF and SETTINGS come with each request in batch mode.
  CLI::Option* chf = command->get_option("CHF");
  CLI::Option* settings = command->get_option("SETTINGS");
  chf->required(false);
  settings->required(false);
  command
      ->add_flag("--batch", *batch,
                 "read requests {\"chf\": PATH, \"settings\": PATH} from "
                 "stdin, one per line; write one result or {\"error\": ...} "
                 "line each (interchange §7)")
      ->excludes(chf)
      ->excludes(settings)
      ->excludes(command->get_option("--output"));
  command->callback([options, batch, chf, settings, &exitCode] {
    if (*batch) {
      runBatch(*options, std::cin, std::cout);
    } else {
      if (chf->count() == 0) throw CLI::RequiredError("CHF");
      if (settings->count() == 0) throw CLI::RequiredError("SETTINGS");
      kit::OutputTarget output(options->outputPath);  // refused before the work
      output.commit(runCommand(*options));
    }
    exitCode = 0;
  });
}

}  // namespace regcon::cli
