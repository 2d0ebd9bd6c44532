// ctest fuzz_mutator_keeps_fields_valid: from every seed of the folders
// named, 200 mutants and 50 crossovers, each of which must (1) be in the
// case format's normal form, so that its bytes decode and encode back
// unchanged, (2) give a heightfield that the interchange reader accepts
// (a valid heightfield, interchange §1), and (3) for the contour harness
// (a folder named fuzz_contours) carry a given partition.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/mutator.h"
#include "interchange/io.h"

namespace fs = std::filesystem;
using regcon::fuzz::Needs;

namespace {

using Bytes = std::vector<uint8_t>;

Bytes readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes((std::istreambuf_iterator<char>(in)),
               std::istreambuf_iterator<char>());
}

// "" when the mutant is acceptable, else why not.
std::string judge(const Bytes& mutant, Needs needs) {
  const regcon::fuzz::FuzzCase c =
      regcon::fuzz::decodeCase(mutant.data(), mutant.size());
  if (regcon::fuzz::encodeCase(c) != mutant) return "not in normal form";
  if (needs == Needs::GivenRegions && !c.hasRegions) return "no regions";
  std::stringstream doc;
  regcon::writeHeightfield(doc, regcon::fuzz::toHeightfield(c));
  try {
    regcon::readHeightfield(doc, "mutant.chf.json");
  } catch (const regcon::InputError& e) {
    return e.what();
  }
  return "";
}

int checkSeed(const fs::path& path, Needs needs) {
  const Bytes seed = readBytes(path);
  const Bytes other = readBytes(path);  // crossover with itself shifted
  int failures = 0;
  for (unsigned i = 1; i <= 250; ++i) {
    Bytes mutant(seed);
    mutant.resize(1 << 16);
    size_t size = 0;
    if (i <= 200) {
      size = regcon::fuzz::mutateBytes(mutant.data(), seed.size(),
                                       mutant.size(), i, needs);
    } else {
      size = regcon::fuzz::crossOverBytes(
          seed.data(), seed.size(), other.data(), other.size() / 2,
          mutant.data(), mutant.size(), i, needs);
    }
    mutant.resize(size);
    const std::string why = judge(mutant, needs);
    if (!why.empty()) {
      std::fprintf(stderr, "%s: mutant %u: %s\n", path.c_str(), i, why.c_str());
      ++failures;
    }
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 0, failures = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path folder(argv[i]);
    const Needs needs = folder.filename() == "fuzz_contours"
                            ? Needs::GivenRegions
                            : Needs::Anything;
    for (const auto& entry : fs::directory_iterator(folder)) {
      failures += checkSeed(entry.path(), needs);
      ++seeds;
    }
  }
  std::printf("%d seeds, %d bad mutants\n", seeds, failures);
  return seeds > 0 && failures == 0 ? 0 : 1;
}
