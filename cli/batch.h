// `regcon run --batch`: the batch mode of the protocol (interchange §7) for
// regcon itself, so the reference can stand as the command under test in
// both modes of `regcon suite`.
#pragma once

#include <iosfwd>

#include "cli/options.h"

namespace CLI {
class App;
}

namespace regcon::cli {

// Reads requests {"chf": PATH, "settings": PATH}, one per line, from `in`
// and writes one line per request to `out`: the build3d.result, or
// {"error": MESSAGE}. `base` carries --impl and the settings flags, which
// override each request's settings file as they do in `regcon run`.
// Returns at the end of `in`; a failed write to `out` is an InputError.
void runBatch(const StageOptions& base, std::istream& in, std::ostream& out);

// Registers `run CHF SETTINGS` and `run --batch`.
void addRunCommand(CLI::App& app, int& exitCode);

}  // namespace regcon::cli
