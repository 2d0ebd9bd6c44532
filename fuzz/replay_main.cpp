// Without libFuzzer (every non-fuzz build), the harnesses are linked with
// this main, which replays the files or folders named on the command line:
// the corpus runs under ctest, gdb and gcov like any test. With --print
// first, each input's documents are printed before it runs (the harness's
// RegconFuzzPrintInput: the decoded heightfield and settings, or the
// document a reader harness was given), so a crash artifact shows what it
// is: fuzz/fuzz-replay.sh ARTIFACT.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" void RegconFuzzPrintInput(const uint8_t* data, size_t size);

namespace {

bool print = false;

int replayFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  if (print) {
    std::printf("== %s\n", path.c_str());
    RegconFuzzPrintInput(reinterpret_cast<const uint8_t*>(bytes.data()),
                         bytes.size());
    std::fflush(stdout);
  }
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()),
                         bytes.size());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int replayed = 0;
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "--print") print = true, ++first;
  for (int i = first; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    if (!std::filesystem::is_directory(arg)) {
      replayed += replayFile(arg);
      continue;
    }
    for (const auto& entry : std::filesystem::directory_iterator(arg)) {
      if (entry.is_regular_file()) replayed += replayFile(entry.path());
    }
  }
  std::printf("replayed %d inputs\n", replayed);
  return replayed > 0 ? 0 : 1;
}
