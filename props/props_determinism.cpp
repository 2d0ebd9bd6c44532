// Spec §8: the same input gives the same hashes, and so does the same input
// after a trip through its interchange documents.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <sstream>
#include <string>

#include "gen/generators.h"
#include "interchange/hash.h"
#include "interchange/io.h"
#include "props/prop_support.h"

namespace regcon::props {
namespace {

// Distances, regions and contours hashes of interchange §5.
std::array<std::string, 3> stageHashes(const Implementation& impl,
                                       const Heightfield& hf,
                                       const Settings& settings) {
  const StageResult result = runStage(impl, hf, settings);
  return {hashDistances(impl.distances(hf)), hashRegions(result.regions),
          hashContours(result.contours)};
}

template <typename T, typename Write, typename Read>
T roundTrip(const T& value, Write write, Read read, const char* name) {
  std::stringstream doc;
  write(doc, value);
  return read(doc, name);
}

RC_GTEST_PROP(Determinism, SameInputTwiceGivesSameHashes, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  forEachImplementation([&](const Implementation& impl) {
    RC_ASSERT(stageHashes(impl, hf, settings) ==
              stageHashes(impl, hf, settings));
  });
}

RC_GTEST_PROP(Determinism, InterchangeRoundTripKeepsHashes, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  const Heightfield readBack =
      roundTrip(hf, writeHeightfield, readHeightfield, "property.chf");
  const Settings settingsBack =
      roundTrip(settings, writeSettings, readSettings, "property.settings");
  forEachImplementation([&](const Implementation& impl) {
    RC_ASSERT(stageHashes(impl, hf, settings) ==
              stageHashes(impl, readBack, settingsBack));
  });
}

}  // namespace
}  // namespace regcon::props
