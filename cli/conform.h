// `regcon conform`: runs a foreign implementation side by side with the
// reference (interchange §6) and points at the first differing span or
// vertex.
#pragma once

#include <string>

#include "core/types.h"

namespace CLI {
class App;
}

namespace regcon::cli {

struct ConformOptions {
  std::string command;  // run through /bin/sh as `COMMAND CHF SETTINGS`
  std::string chfPath;
  std::string settingsPath;
  std::string implName = "reference";
};

struct ConformReport {
  bool conforms = false;
  std::string text;
};

// Compares two results of the same heightfield: the three hash lines, then
// every differing section with its count and first difference
// (core/compare.h).
ConformReport compareResults(const Heightfield& hf, const StageResult& expected,
                             const StageResult& actual);

ConformReport conformCommand(const ConformOptions& options);
void addConformCommand(CLI::App& app, int& exitCode);

}  // namespace regcon::cli
