#include "tests/cli_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
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
