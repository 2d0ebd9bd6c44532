// `regcon suite export DIR`: the conformance suite with the full expected
// build3d.result of every case, for porters who compare documents instead
// of running regcon.
#pragma once

#include <string>

namespace regcon::kit {

// Copies the suite in `suiteDir` (manifest, cases, must-reject documents,
// README) to `outputDir` and writes results/ID.result.json for every case,
// the reference's result, computed by `implName` (the optimized
// implementation gives the same bytes in near-linear time; either is held
// to the manifest's hashes); the copied manifest names each case's result
// under "result". Returns a one-line summary.
std::string exportSuite(const std::string& suiteDir,
                        const std::string& outputDir,
                        const std::string& implName = "optimized");

}  // namespace regcon::kit
