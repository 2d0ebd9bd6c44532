// §6 on a given partition, where holes, bridges, dropped holes and raw
// fallbacks live: bytes decode to a heightfield with a `regions` array
// (fuzz/fuzz_case.h; regions may be disconnected, overlap themselves across
// floors, hold area-0 spans and have several outlines), every
// implementation traces and simplifies its contours, each result is held
// to the spec's invariants and every implementation must agree with the
// first on the contours hash and every contour section the comparer sees.
#include <cstdint>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "fuzz/fuzz_case.h"
#include "fuzz/harness_support.h"
#include "fuzz/mutator.h"
#include "interchange/compare.h"
#include "reference/contours_steps.h"
#include "registry/implementations.h"

namespace regcon::fuzz {
namespace {

constexpr const char* kHarness = "fuzz_contours";

std::string invariantFailure(const Heightfield& hf,
                             const std::vector<int>& regions,
                             const ContourSet& contours) {
  const std::string checks[] = {
      checks::checkContourShape(hf, regions, contours),
      checks::checkPortalsSurvive(contours)};
  for (const std::string& failure : checks) {
    if (!failure.empty()) return failure;
  }
  return "";
}

StageResult asResult(const std::vector<int>& regions, ContourSet contours) {
  StageResult r;
  r.regions.regions = regions;
  r.contours = std::move(contours);
  return r;
}

// §6 Tracing: the loop sums hold for every traced loop, the ones of area 0
// (readings R8) and the holes no outline takes included; an output's raw
// loops leave both out (docs/readings.md A25). So the sums are checked on
// the reference's own trace, and every implementation's raw loops are held
// to the reference's by the comparison below.
std::vector<checks::RegionLoop> tracedLoops(const Heightfield& hf) {
  std::vector<checks::RegionLoop> loops;
  for (const ref::RawLoop& raw : ref::traceLoops(hf, *hf.regions)) {
    loops.push_back({raw.region, raw.vertices});
  }
  return loops;
}

void check(const Heightfield& hf, const Settings& settings,
           const std::vector<Answer>& answers) {
  const std::string tracing =
      checks::checkTracedLoops(hf, *hf.regions, tracedLoops(hf));
  if (!tracing.empty()) fail(kHarness, hf, settings, "tracing: " + tracing);
  failOnBrokenAnswer(kHarness, hf, settings, answers, [&](const Answer& a) {
    return invariantFailure(hf, *hf.regions, a.result.contours);
  });
  failOnDisagreement(kHarness, hf, settings, answers,
                     [](const Answer& first, const Answer& other,
                        const CompareOptions& labels) {
                       return compareContours(first.result.contours,
                                              other.result.contours, labels);
                     });
}

}  // namespace
}  // namespace regcon::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace regcon;
  fuzz::FuzzCase fuzzCase = fuzz::decodeCase(data, size);
  fuzzCase.hasRegions = true;  // a case without regions: every id 0
  fuzzCase.settings.rawContours = true;
  const Heightfield hf = fuzz::toHeightfield(fuzzCase);
  std::vector<fuzz::Answer> answers;
  for (const Implementation* impl : allImplementations()) {
    try {
      answers.push_back(
          {impl,
           fuzz::asResult(*hf.regions,
                          impl->contours(hf, *hf.regions, fuzzCase.settings))});
    } catch (const NotImplemented&) {
    }
  }
  fuzz::check(hf, fuzzCase.settings, answers);
  return 0;
}

REGCON_STRUCTURE_AWARE_MUTATOR(regcon::fuzz::Needs::GivenRegions)
REGCON_CASE_PRINTER([](regcon::fuzz::FuzzCase& c) {
  c.hasRegions = true;
  c.settings.rawContours = true;
})
