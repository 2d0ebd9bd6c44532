// An engine's use of regcon, built against an installed regcon (CMake
// package or pkg-config) or with regcon as a subproject: a heightfield
// made with the builder, written to the file named by argv[1] so that
// `regcon hashes` can read the same bytes, then the optimized stage and
// its three canonical hashes, printed as `regcon hashes` prints them.
#include <fstream>
#include <iostream>

#include "core/builder.h"
#include "core/implementation.h"
#include "core/version.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "registry/implementations.h"

namespace {

// Two rooms of different areas joined by a door, with a pillar: several
// regions, a hole and a portal.
regcon::Heightfield rooms() {
  regcon::HeightfieldBuilder builder(24, 16);
  for (int z = 0; z < 16; ++z) {
    for (int x = 0; x < 24; ++x) {
      const bool wall = x == 12 && (z < 6 || z > 9);
      const bool pillar = x >= 4 && x < 6 && z >= 7 && z < 9;
      if (!wall && !pillar) builder.add(x, z, x / 3, x < 12 ? 63 : 7);
    }
  }
  return builder.build(regcon::LinkRule{4, false});
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: regcon_consumer OUT.chf.json\n";
    return 1;
  }
  const regcon::Heightfield hf = rooms();
  std::ofstream out(argv[1]);
  regcon::writeHeightfield(out, hf);
  out.close();
  if (!out) {
    std::cerr << "regcon_consumer: cannot write " << argv[1] << "\n";
    return 2;
  }
  const regcon::Implementation* optimized =
      regcon::findImplementation("optimized");
  const regcon::StageResult result =
      regcon::runStage(*optimized, hf, regcon::Settings{});
  std::cout << "distances " << regcon::hashDistances(*result.regions.distances)
            << "\nregions " << regcon::hashRegions(result.regions)
            << "\ncontours " << regcon::hashContours(result.contours) << "\n";
  std::cerr << "regcon " << regcon::kToolVersion << "\n";
  return 0;
}
