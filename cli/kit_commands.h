// The conformance kit's commands (kit/): conform, suite, suite export,
// shrink and fuzz. Each parses its options with CLI11, calls the kit's
// library function and prints its report; nothing else happens here.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace regcon::cli {

void addConformCommand(CLI::App& app, int& exitCode);
// Registers `suite` and `suite export`.
void addSuiteCommand(CLI::App& app, int& exitCode);
void addShrinkCommand(CLI::App& app, int& exitCode);
void addFuzzCommand(CLI::App& app, int& exitCode);

// `regcon --version`: the tool's version and the suite's it finds.
std::string versionText();

}  // namespace regcon::cli
