#include "tests/cli_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kit/process.h"

namespace regcon::testing {

namespace fs = std::filesystem;
using kit::shellQuote;

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

fs::path writeSmallSuite(const fs::path& suite, const std::string& rule,
                         const std::string& tags) {
  using nlohmann::json;
  fs::create_directories(suite / "cases");
  const json shipped = json::parse(readText(kShippedSuite / "manifest.json"));
  json manifest = {{"suite", "regcon-conformance"},
                   {"version", 1},
                   {"cases", json::array()}};
  for (const json& c : shipped["cases"]) {
    if (c["id"] != "vector/hole-7x7" && c["id"] != "vector/monotone-u-5x3") {
      continue;
    }
    for (const char* key : {"chf", "settings"}) {
      fs::copy_file(kShippedSuite / c[key].get<std::string>(),
                    suite / c[key].get<std::string>(),
                    fs::copy_options::overwrite_existing);
    }
    manifest["cases"].push_back(c);
  }
  writeText(suite / "cases/short-counts.chf.json",
            R"({"format":"build3d.chf","version":1,"width":2,"depth":1,)"
            R"("counts":[1],"spans":[[0,63,-1,-1,-1,-1]]})");
  json reject = {{"id", "reject/short-counts"},
                 {"chf", "cases/short-counts.chf.json"},
                 {"settings", "cases/hole-7x7.settings.json"},
                 {"rule", rule}};
  if (!tags.empty()) reject["tags"] = json::parse(tags);
  manifest["mustReject"] = json::array({reject});
  writeText(suite / "manifest.json", manifest.dump(2));
  return suite;
}

CliRun runCaptured(const std::string& args, const fs::path& dir) {
  const int exitCode = runRegcon(args, dir / "stdout.txt", dir / "stderr.txt");
  return {exitCode, readText(dir / "stdout.txt"), readText(dir / "stderr.txt")};
}

std::string writePort(const fs::path& dir, const std::string& name,
                      const std::string& body) {
  const fs::path script = dir / (name + ".sh");
  writeText(script, "#!/bin/sh\n" + body + "\n");
  fs::permissions(script, fs::perms::owner_all, fs::perm_options::add);
  return script.string();
}

int runRegcon(const std::string& args, const fs::path& stdoutPath,
              const fs::path& stderrPath, const fs::path& stdinPath) {
  std::string command = shellQuote(REGCON_CLI);
  command += ' ';
  command += args;
  command += " >";
  command += shellQuote(stdoutPath.string());
  if (stderrPath.empty()) {
    command += " 2>&1";
  } else {
    command += " 2>";
    command += shellQuote(stderrPath.string());
  }
  if (!stdinPath.empty()) {
    command += " <";
    command += shellQuote(stdinPath.string());
  }
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void TestDirectory::SetUp() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ = fs::temp_directory_path() /
         (prefix_ + "_" + std::to_string(::getpid()) + "_" + info->name());
  fs::remove_all(dir_);
  fs::create_directories(dir_);
}

void TestDirectory::TearDown() {
  fs::remove_all(dir_);
}

}  // namespace regcon::testing
