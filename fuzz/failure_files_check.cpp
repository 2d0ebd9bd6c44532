// ctest fuzz_failures_per_run_folder: two workers of one run (as libFuzzer's
// -fork or -jobs starts them) fail at once into the run's folder
// ($REGCON_FUZZ_FAILURES); each must leave its own pair of documents, which
// read back as the case it failed on.
//
//   regcon_failure_files_check SCRATCH_FOLDER
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "fuzz/harness_support.h"
#include "gen/scenarios.h"
#include "interchange/io.h"

namespace fs = std::filesystem;

namespace {

// The interchange text of a document (the types have no operator==).
std::string written(const regcon::Heightfield& hf) {
  std::ostringstream out;
  regcon::writeHeightfield(out, hf);
  return out.str();
}
std::string written(const regcon::Settings& settings) {
  std::ostringstream out;
  regcon::writeSettings(out, settings);
  return out.str();
}

int check(const fs::path& run) {
  const regcon::Heightfield hf =
      regcon::generateScenario("rooms", {.size = 8, .seed = 3});
  regcon::Settings settings;
  settings.minRegionArea = 5;
  pid_t workers[2];
  for (pid_t& worker : workers) {
    worker = ::fork();
    if (worker == 0) {
      // The worker's report goes to stderr; the check reads only the files.
      std::freopen("/dev/null", "w", stderr);
      regcon::fuzz::fail("fuzz_check", hf, settings, "planted failure");
    }
    if (worker < 0) {
      std::perror("fork");
      return 1;
    }
  }
  std::set<std::string> expected;
  for (pid_t worker : workers) {
    int status = 0;
    ::waitpid(worker, &status, 0);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT) {
      std::fprintf(stderr, "worker %d did not abort\n", int(worker));
      return 1;
    }
    const std::string base = "fuzz_check-" + std::to_string(worker);
    expected.insert(base + ".chf.json");
    expected.insert(base + ".settings.json");
  }
  std::set<std::string> found;
  for (const auto& entry : fs::directory_iterator(run)) {
    found.insert(entry.path().filename().string());
  }
  if (found != expected) {
    std::fprintf(stderr, "the run folder holds %zu files, expected %zu:\n",
                 found.size(), expected.size());
    for (const std::string& name : found)
      std::fprintf(stderr, "  %s\n", name.c_str());
    return 1;
  }
  for (pid_t worker : workers) {
    const std::string base =
        (run / ("fuzz_check-" + std::to_string(worker))).string();
    if (written(regcon::readHeightfieldFile(base + ".chf.json")) !=
            written(hf) ||
        written(regcon::readSettingsFile(base + ".settings.json")) !=
            written(settings)) {
      std::fprintf(stderr, "%s: the documents are not the failing case\n",
                   base.c_str());
      return 1;
    }
  }
  std::printf("two failing workers left %zu files in %s\n", found.size(),
              run.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SCRATCH_FOLDER\n", argv[0]);
    return 2;
  }
  const fs::path run = fs::path(argv[1]) / "run";
  fs::remove_all(run);
  ::setenv("REGCON_FUZZ_FAILURES", run.c_str(), 1);
  return check(run);
}
