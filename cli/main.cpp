// regcon: command-line front end of the regions-and-contours reference.
// Dispatch, exit codes and the last check of standard output; the
// commands are registered in commands.cpp.
//
// Exit codes: cli/exit_codes.h.

#include <signal.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <sstream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/kit_commands.h"
#include "core/types.h"
#include "kit/cleanup.h"
#include "render/report_text.h"

namespace {

using namespace regcon::cli;  // the exit codes (cli/exit_codes.h)

// The subcommand the user was typing, so the hint points at its own help.
std::string helpCommandFor(const CLI::App& app) {
  const auto chosen = app.get_subcommands();
  if (chosen.empty()) return "regcon --help";
  return "regcon " + chosen.front()->get_name() + " --help";
}

// CLI11 reports a misspelt command as "A subcommand is required"; naming the
// word the user typed is clearer.
bool isUnknownCommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  const auto known = app.get_subcommands([](const CLI::App*) { return true; });
  return std::none_of(known.begin(), known.end(), [&](const CLI::App* c) {
    return c->check_name(argv[1]);
  });
}

int reportUnknownCommand(const char* word) {
  std::cerr << "regcon: unknown command '" << word << "'\n"
            << "Run 'regcon --help' for the list of commands.\n";
  return kUsage;
}

// `conform` and `suite` run in a porter's CI, which reads 0 (conforms),
// 5 (does not) and 2 (the run itself is wrong): a bad option is a 2 there.
int usageExitCode(const CLI::App& app) {
  const auto chosen = app.get_subcommands();
  const bool conformance =
      !chosen.empty() && (chosen.front()->get_name() == "conform" ||
                          chosen.front()->get_name() == "suite");
  return conformance ? kBadInput : kUsage;
}

int reportParseError(const CLI::App& app, const CLI::ParseError& error) {
  // --help and --version are ParseErrors to CLI11, with exit code 0.
  if (error.get_exit_code() == 0) {
    app.exit(error);
    return kOk;
  }
  std::cerr << "regcon: " << error.what() << "\n"
            << "Run '" << helpCommandFor(app) << "' for usage.\n";
  return usageExitCode(app);
}

// "regcon: " and the message on one line of standard error; returns `code`.
// Messages quote what was read (a manifest's path, a listed id): escape
// sequences in them are shown, not run by the terminal.
template <typename... Parts>
int fail(ExitCode code, const Parts&... message) {
  std::ostringstream text;
  (text << ... << message);
  std::cerr << "regcon: " << regcon::render::terminalEscaped(text.str())
            << '\n';
  return code;
}

int runCommandLine(int argc, char** argv) {
  CLI::App app{
      "regcon: verification-grade reference of the regions-and-contours stage "
      "of a navigation-mesh builder (build3d-regions-contours.md)",
      "regcon"};
  app.require_subcommand(1);
  app.set_version_flag("--version", regcon::cli::versionText,
                       "Print the tool's and the conformance suite's versions");
  int exitCode = kOk;
  try {
    regcon::cli::addCommands(app, exitCode);
    if (isUnknownCommand(app, argc, argv)) return reportUnknownCommand(argv[1]);
    app.parse(argc, argv);
    return exitCode;
  } catch (const CLI::ParseError& e) {
    return reportParseError(app, e);
  } catch (const regcon::InputError& e) {
    return fail(kBadInput, e.what());
  } catch (const regcon::NotImplemented& e) {
    return fail(kNotImplemented, "not implemented: ", e.what());
  } catch (const std::bad_alloc& e) {
    return fail(kInternal, "internal error: out of memory (", e.what(), ")");
  } catch (const std::exception& e) {
    return fail(kInternal, "internal error: ", e.what());
  }
}

// Called once by main() after the command: flushes standard output and, if
// anything written there was lost (a full disk, /dev/full, a closed pipe
// end), reports it on stderr and turns a success into exit 2. Other exit
// codes are kept: they already say the run failed.
int finishStandardOutput(int exitCode);

int finishStandardOutput(int exitCode) {
  errno = 0;
  std::cout.flush();
  const bool lost =
      !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (!lost) return exitCode;
  const int error = errno;
  std::cerr << "regcon: cannot write standard output"
            << (error != 0 ? ": " + std::string(std::strerror(error))
                           : std::string())
            << '\n';
  return exitCode == 0 ? 2 : exitCode;
}

void ignoreFileSizeSignal(int) {}

// Past a file-size limit (ulimit -f) SIGXFSZ would kill regcon mid-write;
// caught, write() fails with EFBIG instead and the writer reports it. A
// handler, not SIG_IGN: commands regcon runs get the default back on exec.
void catchFileSizeSignal() {
  struct sigaction action {};
  action.sa_handler = ignoreFileSizeSignal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGXFSZ, &action, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  // The kit's commands run foreign commands: whatever those leave behind
  // (an orphan that left its process group) becomes regcon's to end.
  regcon::kit::adoptOrphans();
  catchFileSizeSignal();
  // Whatever the command printed (a document, a report, --help) must have
  // reached standard output, or the run failed.
  return finishStandardOutput(runCommandLine(argc, argv));
}
