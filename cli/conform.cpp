#include "cli/conform.h"

#include <sys/wait.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/hash.h"
#include "core/implementation.h"
#include "core/io.h"

namespace regcon::cli {
namespace {

constexpr int kDoesNotConform = 5;

// Single quotes keep every byte of a path literal for /bin/sh.
std::string shellQuote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

struct CommandOutput {
  std::string stdoutText;
  int exitStatus = 0;
};

CommandOutput runShellCommand(const std::string& commandLine) {
  std::fflush(nullptr);
  FILE* pipe = ::popen(commandLine.c_str(), "r");
  if (!pipe) throw InputError("cannot start command: " + commandLine);
  CommandOutput output;
  char buffer[65536];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    output.stdoutText.append(buffer, got);
  }
  const int status = ::pclose(pipe);
  output.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  return output;
}

std::string spanName(const Heightfield& hf, size_t span) {
  if (span >= static_cast<size_t>(hf.spanCount()))
    return "span " + std::to_string(span);
  const int s = static_cast<int>(span);
  return "span " + std::to_string(s) + " (cell (" +
         std::to_string(hf.cellX(s)) + ", " + std::to_string(hf.cellZ(s)) +
         "), " + std::to_string(s - hf.cellStart[hf.spanCell[s]]) +
         " from the bottom)";
}

std::string firstArrayDifference(const Heightfield& hf, const std::string& key,
                                 const std::vector<int>& expected,
                                 const std::vector<int>& actual) {
  const size_t n = std::min(expected.size(), actual.size());
  for (size_t i = 0; i < n; ++i) {
    if (expected[i] != actual[i]) {
      return key + "[" + std::to_string(i) + "], " + spanName(hf, i) +
             ": reference " + std::to_string(expected[i]) + ", command " +
             std::to_string(actual[i]);
    }
  }
  return key + ": reference has " + std::to_string(expected.size()) +
         " entries, command " + std::to_string(actual.size());
}

std::string vertexText(const ContourVertex& v) {
  return "[" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " +
         std::to_string(v.z) + ", " + std::to_string(v.neighbor) + "]";
}

std::string firstContourDifference(const Contour& e, const Contour& a,
                                   size_t index) {
  const std::string where = "contours[" + std::to_string(index) + "]";
  if (e.region != a.region || e.area != a.area) {
    return where + ": reference region " + std::to_string(e.region) + " area " +
           std::to_string(e.area) + ", command region " +
           std::to_string(a.region) + " area " + std::to_string(a.area);
  }
  const size_t n = std::min(e.vertices.size(), a.vertices.size());
  for (size_t v = 0; v < n; ++v) {
    if (!(e.vertices[v] == a.vertices[v])) {
      return where + ".vertices[" + std::to_string(v) + "] (region " +
             std::to_string(e.region) + "): reference " +
             vertexText(e.vertices[v]) + ", command " +
             vertexText(a.vertices[v]);
    }
  }
  return where + " (region " + std::to_string(e.region) + "): reference has " +
         std::to_string(e.vertices.size()) + " vertices, command " +
         std::to_string(a.vertices.size());
}

std::string firstContoursDifference(const ContourSet& e, const ContourSet& a) {
  if (e.rawFallbacks != a.rawFallbacks) {
    return "rawFallbacks: reference " + std::to_string(e.rawFallbacks) +
           ", command " + std::to_string(a.rawFallbacks);
  }
  if (e.droppedHoles != a.droppedHoles) {
    return "droppedHoles: reference " + std::to_string(e.droppedHoles) +
           ", command " + std::to_string(a.droppedHoles);
  }
  const size_t n = std::min(e.contours.size(), a.contours.size());
  for (size_t c = 0; c < n; ++c) {
    const Contour& x = e.contours[c];
    const Contour& y = a.contours[c];
    if (x.region != y.region || x.area != y.area || x.vertices != y.vertices) {
      return firstContourDifference(x, y, c);
    }
  }
  return "contours: reference has " + std::to_string(e.contours.size()) +
         " contours, command " + std::to_string(a.contours.size());
}

std::string hashLine(const std::string& name, const std::string& expected,
                     const std::string& actual) {
  if (expected == actual) return name + "  agree   " + expected + "\n";
  return name + "  DIFFER  reference " + expected + "\n" +
         std::string(name.size(), ' ') + "          command   " + actual + "\n";
}

}  // namespace

ConformReport compareResults(const Heightfield& hf, const StageResult& expected,
                             const StageResult& actual) {
  ConformReport report;
  std::string differences;
  if (actual.regions.distances && expected.regions.distances) {
    const std::string e = hashDistances(*expected.regions.distances);
    const std::string a = hashDistances(*actual.regions.distances);
    report.text += hashLine("distances", e, a);
    if (e != a) {
      differences +=
          "first difference: " +
          firstArrayDifference(hf, "distances", *expected.regions.distances,
                               *actual.regions.distances) +
          "\n";
    }
  } else {
    report.text += "distances  not given by the command\n";
  }
  const std::string er = hashRegions(expected.regions);
  const std::string ar = hashRegions(actual.regions);
  report.text += hashLine("regions  ", er, ar);
  if (er != ar) {
    differences +=
        "first difference: " +
        (expected.regions.regionCount != actual.regions.regionCount
             ? "regionCount: reference " +
                   std::to_string(expected.regions.regionCount) + ", command " +
                   std::to_string(actual.regions.regionCount)
             : firstArrayDifference(hf, "regions", expected.regions.regions,
                                    actual.regions.regions)) +
        "\n";
  }
  const std::string ec = hashContours(expected.contours);
  const std::string ac = hashContours(actual.contours);
  report.text += hashLine("contours ", ec, ac);
  if (ec != ac) {
    differences += "first difference: " +
                   firstContoursDifference(expected.contours, actual.contours) +
                   "\n";
  }
  report.conforms = differences.empty();
  report.text += differences;
  report.text += report.conforms ? "conforms\n" : "does not conform\n";
  return report;
}

ConformReport conformCommand(const ConformOptions& options) {
  const Settings settings = readSettingsFile(options.settingsPath);
  const Heightfield hf = readHeightfieldFile(options.chfPath);
  const Implementation* impl = findImplementation(options.implName);
  if (!impl) throw InputError("--impl: unknown implementation");
  const StageResult expected = runStage(*impl, hf, settings);
  const std::string commandLine = options.command + " " +
                                  shellQuote(options.chfPath) + " " +
                                  shellQuote(options.settingsPath);
  const CommandOutput output = runShellCommand(commandLine);
  ConformReport report;
  if (output.exitStatus != 0) {
    report.text = "the command rejected the input (exit status " +
                  std::to_string(output.exitStatus) + "); the " + impl->name() +
                  " implementation accepts it\n" + "does not conform\n";
    return report;
  }
  std::istringstream in(output.stdoutText);
  StageResult actual;
  try {
    actual = readResult(in, "command output");
  } catch (const InputError& e) {
    report.text = std::string(e.what()) + "\ndoes not conform\n";
    return report;
  }
  return compareResults(hf, expected, actual);
}

void addConformCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ConformOptions>();
  CLI::App* command = app.add_subcommand(
      "conform",
      "Run COMMAND CHF SETTINGS (interchange §6) beside the reference, compare "
      "the canonical hashes and name the first differing span or vertex; exit "
      "0 when it conforms, 5 when it does not");
  command
      ->add_option("COMMAND", options->command,
                   "the implementation under test, run by /bin/sh with CHF "
                   "and SETTINGS appended")
      ->required();
  command->add_option("CHF", options->chfPath, "heightfield (build3d.chf)")
      ->required()
      ->type_name("FILE");
  command
      ->add_option("SETTINGS", options->settingsPath,
                   "settings (build3d.settings)")
      ->required()
      ->type_name("FILE");
  command
      ->add_option("--impl", options->implName,
                   "the implementation to compare against")
      ->capture_default_str()
      ->check(CLI::IsMember({"reference", "optimized"}));
  command->callback([options, &exitCode] {
    const ConformReport report = conformCommand(*options);
    std::cout << report.text;
    exitCode = report.conforms ? 0 : kDoesNotConform;
  });
}

}  // namespace regcon::cli
