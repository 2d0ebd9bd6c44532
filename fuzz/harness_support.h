// What the pipeline, contour and distance harnesses share: the three hashes of
// a result, the interchange documents of a failing case (printed and written
// under the run's failure folder, see failureFiles, for `regcon run`,
// `conform` and `render`), and the abort that follows.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "core/types.h"
#include "fuzz/fuzz_case.h"
#include "interchange/compare.h"

namespace regcon::fuzz {

// "distances <hex>\nregions <hex>\ncontours <hex>\n" ("-" for distances a
// partition did not compute).
std::string threeHashes(const StageResult& result);

struct Answer {
  const Implementation* impl = nullptr;
  StageResult result;
};

// Every implementation's three hashes, one block each.
std::string everyHash(const std::vector<Answer>& answers);

// Where a failing case's documents go: $REGCON_FUZZ_FAILURES (fuzz/fuzz.sh
// gives each run its own folder), else ./fuzz-failures, as
// <harness>-<process id>.chf.json and .settings.json.
struct FailureFiles {
  std::string heightfield;
  std::string settings;
};
FailureFiles failureFiles(const char* harness);

// Prints `what` and the case's documents, writes them (failureFiles) and
// aborts.
[[noreturn]] void fail(const char* harness, const Heightfield& hf,
                       const Settings& settings, const std::string& what);

// Fails on the first answer `failure` finds wrong (a non-empty text),
// naming its implementation and giving every hash.
void failOnBrokenAnswer(
    const char* harness, const Heightfield& hf, const Settings& settings,
    const std::vector<Answer>& answers,
    const std::function<std::string(const Answer&)>& failure);

// Holds every answer to the first, through the one comparer (`compare`
// calls interchange/compare.h with the labels it is given: the two
// implementations' names) and on the three hashes; fails on the first
// disagreement with the comparer's report and every hash.
void failOnDisagreement(
    const char* harness, const Heightfield& hf, const Settings& settings,
    const std::vector<Answer>& answers,
    const std::function<Comparison(const Answer& first, const Answer& other,
                                   const CompareOptions& labels)>& compare);

// The case's heightfield and settings as interchange documents, on
// standard output (what replay_main's --print shows).
void printCase(const FuzzCase& fuzzCase);

}  // namespace regcon::fuzz

// replay_main's --print for a harness of fuzz cases; `adjust` is applied to
// the decoded case as the harness applies it.
#define REGCON_CASE_PRINTER(adjust)                                         \
  extern "C" void RegconFuzzPrintInput(const uint8_t* data, size_t size) {  \
    regcon::fuzz::FuzzCase fuzzCase = regcon::fuzz::decodeCase(data, size); \
    adjust(fuzzCase);                                                       \
    regcon::fuzz::printCase(fuzzCase);                                      \
  }
