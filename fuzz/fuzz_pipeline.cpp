// Decodes bytes into a small valid heightfield and settings (fuzz/fuzz_case.h;
// the structure-aware mutator of fuzz/mutator.h edits them as fields), runs
// every implementation through the seam and checks the invariants the spec
// states; every implementation's result must agree with the first one's on
// the three hashes and on every section the comparer sees (distances, raw
// loops included). On a failure it prints every implementation's three
// hashes and the comparer's first difference of each section, writes the
// heightfield and settings as interchange documents, and aborts.
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

constexpr const char* kHarness = "fuzz_pipeline";

std::string invariantFailure(const Heightfield& hf, const StageResult& r) {
  const std::string checks[] = {
      hf.regions ? "" : checks::checkPartition(hf, r.regions),
      checks::checkContourShape(hf, r.regions.regions, r.contours),
      checks::checkPortalsSurvive(r.contours)};
  for (const std::string& failure : checks) {
    if (!failure.empty()) return failure;
  }
  return "";
}

void check(const Heightfield& hf, const Settings& settings,
           const std::vector<Answer>& answers) {
  failOnBrokenAnswer(kHarness, hf, settings, answers, [&](const Answer& a) {
    return invariantFailure(hf, a.result);
  });
  failOnDisagreement(kHarness, hf, settings, answers,
                     [&](const Answer& first, const Answer& other,
                         const CompareOptions& labels) {
                       return compareResults(hf, first.result, other.result,
                                             labels);
                     });
}

}  // namespace
}  // namespace regcon::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace regcon;
  fuzz::FuzzCase fuzzCase = fuzz::decodeCase(data, size);
  fuzzCase.settings.rawContours = true;  // raw loops are compared too
  const Heightfield hf = fuzz::toHeightfield(fuzzCase);
  std::vector<fuzz::Answer> answers;
  for (const Implementation* impl : allImplementations()) {
    try {
      answers.push_back({impl, runStage(*impl, hf, fuzzCase.settings)});
    } catch (const NotImplemented&) {
    }
  }
  fuzz::check(hf, fuzzCase.settings, answers);
  return 0;
}

REGCON_STRUCTURE_AWARE_MUTATOR(regcon::fuzz::Needs::Anything)
REGCON_CASE_PRINTER([](regcon::fuzz::FuzzCase& c) {
  c.settings.rawContours = true;
})
