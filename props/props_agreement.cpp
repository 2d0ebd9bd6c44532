// Interchange §5: every implementation gives the reference's bytes. The
// invariant properties cannot see a tie broken the other way or a floor
// taken from one diagonal route only (both give a valid partition and valid
// contours); this one can. Half of its fields are multi-floor, most of those
// twisted (gen/twists.h).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include "gen/generators.h"
#include "props/prop_support.h"

namespace regcon::props {
namespace {

RC_GTEST_PROP(Agreement, EveryImplementationGivesTheReferenceResult, ()) {
  const Heightfield hf = *rc::gen::weightedOneOf<Heightfield>(
      {{1, gen::multiFloorField()}, {1, gen::anyField()}});
  const Settings settings = *gen::anySettings();
  classifyTwists(hf);
  const Implementation& reference = *findImplementation("reference");
  const StageResult expected = runStage(reference, hf, settings);
  forEachImplementation([&](const Implementation& impl) {
    if (&impl == &reference) return;
    const std::string report = differences(hf, reference, expected, impl,
                                           runStage(impl, hf, settings));
    expectHolds(impl, "same result as the reference",
                report.empty() ? "" : "\n" + report);
  });
}

}  // namespace
}  // namespace regcon::props
