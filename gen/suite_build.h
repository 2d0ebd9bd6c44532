// Writing the conformance suite (conformance/README.md): the worked
// vectors copied, the generated cases the mutation runner chose, the
// must-reject documents, and manifest.json with the reference's hashes and
// the tags computed from each field and its result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::gen {

struct SuiteBuildOptions {
  std::string vectorsDir;     // ../shared/vectors
  std::string selectionPath;  // the mutation runner's choice (power.json)
  std::string testFieldsDir;  // fields the tests drew (REGCON_EXPORT_FIELDS)
  std::string outputDir;      // conformance
  int version = 1;            // the suite version written into the manifest
};

// The generated pool cases the suite keeps: the pool's seed and indices.
struct Selection {
  uint64_t seed = 0;
  uint64_t poolSize = 0;
  std::vector<uint64_t> cases;  // chosen by the mutation runner
};
Selection readSelection(const std::string& path);

// The largest side of a test field the suite takes (its files stay small).
constexpr int kSuiteMaxSide = 40;

// Writes cases/, reject/ and manifest.json into outputDir; returns a
// one-line summary.
std::string buildSuite(const SuiteBuildOptions& options);

// A document a conforming port must reject: what is broken, and the text.
struct RejectDocument {
  std::string name;  // file stem under reject/
  std::string rule;  // interchange section and rule
  bool brokenIsChf;  // which of the two documents breaks the rule
  std::string text;  // the broken document
};
std::vector<RejectDocument> mustRejectDocuments();

// "partition" of a manifest case: the settings' partition, or "given" when
// the heightfield carries its own regions (readings R12).
std::string manifestPartition(const Heightfield& hf, const Settings& settings);

}  // namespace regcon::gen
