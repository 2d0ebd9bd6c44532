// The conformance suite's manifest (corpus/conformance/README.md): reading
// it with every rule checked, finding the suite a fresh checkout ships, and
// selecting cases by tag.
#pragma once

#include <string>
#include <vector>

namespace regcon::cli {

struct CaseHashes {
  std::string distances;
  std::string regions;
  std::string contours;
};

struct SuiteCase {
  std::string id;
  std::string chfPath;       // absolute
  std::string settingsPath;  // absolute
  std::vector<std::string> tags;
  // Cases: the partition and the expected hashes. Must-reject cases: the
  // rule the documents break.
  bool mustReject = false;
  std::string partition;
  CaseHashes hashes;
  std::string rule;
};

struct Suite {
  std::string dir;
  std::string name;  // "regcon-conformance"
  int version = 0;
  std::vector<SuiteCase> cases;  // the manifest's cases, then mustReject
};

// Reads DIR/manifest.json. A manifest that breaks a rule of the README is an
// InputError naming the manifest, the key and the rule.
Suite readSuite(const std::string& dir);

// The suite of this checkout: corpus/conformance in the nearest folder
// above the running binary that has one (build/dev/regcon and
// build/release/regcon both find the checkout's), "" when none has.
std::string defaultSuiteDir();

// The cases carrying at least one of `filter`'s tags (or whose id is one of
// them), in manifest order; all cases for an empty filter.
std::vector<SuiteCase> selectCases(const Suite& suite,
                                   const std::vector<std::string>& filter);

}  // namespace regcon::cli
