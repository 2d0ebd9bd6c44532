// §1 alone, on the pipeline's cases (fuzz/fuzz_case.h): every
// implementation's distance field meets readings R2 (checks/invariants.h:
// sources 0, no orthogonal or diagonal step improves a distance, every
// positive distance reached exactly) and agrees with the first one's span
// by span. It skips the partitions and contours, so it runs over twice as
// many cases a second as fuzz_pipeline: the diagonal routes of R2 across
// crossing floors and cut corners, where a field goes wrong, are rare, and
// only many cases find them.
#include <cstdint>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "fuzz/fuzz_case.h"
#include "fuzz/harness_support.h"
#include "fuzz/mutator.h"
#include "interchange/compare.h"
#include "registry/implementations.h"

namespace regcon::fuzz {
namespace {

constexpr const char* kHarness = "fuzz_distance";

StageResult asResult(std::vector<int> distances) {
  StageResult r;
  r.regions.distances = std::move(distances);
  return r;
}

void check(const Heightfield& hf, const Settings& settings,
           const std::vector<Answer>& answers) {
  failOnBrokenAnswer(kHarness, hf, settings, answers, [&](const Answer& a) {
    return checks::checkDistanceField(hf, *a.result.regions.distances);
  });
  // With no regions on either side only the distances section can differ.
  failOnDisagreement(kHarness, hf, settings, answers,
                     [&](const Answer& first, const Answer& other,
                         const CompareOptions& labels) {
                       return compareRegions(hf, first.result.regions,
                                             other.result.regions, labels);
                     });
}

}  // namespace
}  // namespace regcon::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace regcon;
  const fuzz::FuzzCase fuzzCase = fuzz::decodeCase(data, size);
  const Heightfield hf = fuzz::toHeightfield(fuzzCase);
  std::vector<fuzz::Answer> answers;
  for (const Implementation* impl : allImplementations()) {
    try {
      answers.push_back({impl, fuzz::asResult(impl->distances(hf))});
    } catch (const NotImplemented&) {
    }
  }
  fuzz::check(hf, fuzzCase.settings, answers);
  return 0;
}

REGCON_STRUCTURE_AWARE_MUTATOR(regcon::fuzz::Needs::Anything)
REGCON_CASE_PRINTER([](regcon::fuzz::FuzzCase&) {})
