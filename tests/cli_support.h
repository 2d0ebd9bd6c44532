// What the tests that run the built `regcon` (and fake ports through it)
// share: a fresh directory per test, whole-file reads and writes, and one
// way to run the binary through the shell with its streams captured.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "kit/process.h"

namespace regcon::testing {

// The built regcon, and the conformance suite this checkout ships.
inline const std::string kRegcon = REGCON_CLI;
inline const std::filesystem::path kShippedSuite =
    std::filesystem::path(REGCON_SOURCE_DIR) / "conformance";
// The two documents of the shipped case vector/hole-7x7 (watershed).
inline const std::string kHoleChf =
    (kShippedSuite / "cases/hole-7x7.chf.json").string();
inline const std::string kHoleSettings =
    (kShippedSuite / "cases/hole-7x7.settings.json").string();

// Shipped cases the kit tests name: a watershed vector, a monotone vector
// and a must-reject case.
inline constexpr const char* kWatershedCase = "vector/hole-7x7";
inline constexpr const char* kMonotoneCase = "vector/monotone-u-5x3";
inline constexpr const char* kRejectCase = "reject/short-counts";

// A sed script that sets the first span's region id to 1 when it is 0 and
// to 0 otherwise: a different id, still valid (0 <= id <= regionCount,
// interchange §3), so a port applying it fails every case with a valid
// result.
inline constexpr const char* kAlterFirstRegionId =
    R"(s/"regions":\[0,/"regions":[X,/; s/"regions":\[[0-9]*/"regions":[0/; )"
    R"(s/"regions":\[X/"regions":[1/)";

struct CliRun {
  int exitCode = -1;
  std::string out;
  std::string err;
};

std::string readText(const std::filesystem::path& path);
void writeText(const std::filesystem::path& path, const std::string& text);

// Runs the built regcon through /bin/sh with `args` pasted into the command
// line as written; standard output goes to `stdoutPath`, standard error to
// `stderrPath` (empty: to standard output as well), standard input comes
// from `stdinPath` when one is given. The exit code, -1 when it did not exit.
int runRegcon(const std::string& args, const std::filesystem::path& stdoutPath,
              const std::filesystem::path& stderrPath,
              const std::filesystem::path& stdinPath = {});

// runRegcon with standard output and error captured in `dir`/stdout.txt
// and `dir`/stderr.txt, and read back.
CliRun runCaptured(const std::string& args, const std::filesystem::path& dir);

// A suite of its own in `dir`: two worked vectors copied from the shipped
// suite (vector/hole-7x7, watershed, and vector/monotone-u-5x3) and one
// must-reject heightfield (reject/short-counts) with `rule` and, when
// `tags` is not "", the tags of the JSON array `tags`; returns `dir`.
std::filesystem::path writeSmallSuite(
    const std::filesystem::path& dir,
    const std::string& rule =
        "interchange §1: counts has width × depth entries",
    const std::string& tags = "");

// A fake port: the shell script `dir`/NAME.sh running `body`, executable;
// its path. $1 and $2 are the two documents (or $1 is --batch).
std::string writePort(const std::filesystem::path& dir, const std::string& name,
                      const std::string& body);

// A test with a directory of its own, "<prefix>_<pid>_<test name>" in the
// temporary directory, made empty before the test and removed after it, so
// tests can run in parallel under ctest.
class TestDirectory : public ::testing::Test {
 protected:
  explicit TestDirectory(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override;
  void TearDown() override;

  std::filesystem::path path(const std::string& name) const {
    return dir_ / name;
  }

 private:
  std::string prefix_;
  std::filesystem::path dir_;
};

}  // namespace regcon::testing

// The names the tests of the built binary share, taken in one
// `using namespace testing::cli_names;`.
namespace regcon::testing::cli_names {
namespace fs = std::filesystem;
using kit::shellQuote;
using nlohmann::json;
using testing::CliRun, testing::readText, testing::writeText;
using testing::kAlterFirstRegionId;
using testing::kRegcon, testing::kShippedSuite;
using testing::kWatershedCase, testing::kMonotoneCase, testing::kRejectCase;
}  // namespace regcon::testing::cli_names
