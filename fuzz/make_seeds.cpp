// regcon_fuzz_seeds PIPELINE_DIR CONTOURS_DIR [COUNT]: writes COUNT seeds
// (default 24) for each of the pipeline and contour harnesses, files named
// by the SHA-1 of their bytes: the scenarios at small sizes and the property
// generators' fields (multi-floor twists, one-way links, given partitions
// that are disconnected, self-overlapping and hold area-0 spans), with the
// properties' settings, cut to the case format (fuzz/fuzz_case.h); and for
// the pipeline COUNT / 3 more: single-floor and multi-floor fields with
// cached layers (gen::cachedLayers) under the layer-first partition. The
// same COUNT gives the same files.
#include <openssl/evp.h>
#include <rapidcheck.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_case.h"
#include "gen/generators.h"
#include "gen/scenarios.h"

namespace {

using regcon::Heightfield;
using regcon::Settings;

template <class T>
T sample(const rc::Gen<T>& gen, uint64_t seed, int size) {
  return gen(rc::Random(seed), size).value();
}

std::string sha1(const std::vector<uint8_t>& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha1(), nullptr);
  std::string hex;
  char byte[3];
  for (unsigned i = 0; i < length; ++i) {
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex;
}

void write(const std::string& folder, const regcon::fuzz::FuzzCase& c) {
  const std::vector<uint8_t> bytes = regcon::fuzz::encodeCase(c);
  std::ofstream(folder + "/" + sha1(bytes), std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// Seed i: a scenario (every fourth) or a generated field, 4..16 cells a side.
Heightfield field(int i) {
  const auto names = regcon::scenarioNames();
  if (i % 4 == 0) {
    const std::string& name = names[(i / 4) % names.size()];
    return regcon::generateScenario(
        name, {.size = 4 + i % 13, .seed = static_cast<uint64_t>(i)});
  }
  return sample(regcon::gen::anyField(), 1000 + i, 10 + i % 25);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PIPELINE_DIR CONTOURS_DIR [COUNT]\n",
                 argv[0]);
    return 1;
  }
  const int count = argc > 3 ? std::stoi(argv[3]) : 24;
  for (int i = 0; i < count; ++i) {
    Heightfield hf = field(i);
    const Settings settings = sample(regcon::gen::anySettings(), 2000 + i, 50);
    const int climb = 1 + i % 4;
    write(argv[1], regcon::fuzz::fromHeightfield(hf, settings, climb));
    hf.regions = sample(regcon::gen::givenPartition(hf), 3000 + i, 50);
    write(argv[2], regcon::fuzz::fromHeightfield(hf, settings, climb));
  }
  for (int i = 0; i < count / 3; ++i) {
    Heightfield hf = sample(i % 2 == 0 ? regcon::gen::singleFloorField()
                                       : regcon::gen::multiFloorField(),
                            4000 + i, 10 + i % 25);
    hf.layers = sample(regcon::gen::cachedLayers(hf), 5000 + i, 50);
    const Settings settings = sample(
        regcon::gen::settingsWith(regcon::Partition::LayerFirst), 6000 + i, 50);
    write(argv[1], regcon::fuzz::fromHeightfield(hf, settings, 1 + i % 4));
  }
  return 0;
}
