// The conformance suite's manifest (conformance/README.md): reading
// it with every rule checked, finding the suite a fresh checkout ships, and
// selecting cases by tag.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace regcon::kit {

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

// The whole of a small input file (a manifest, an expected-failures list):
// an InputError naming `path` when it is not a regular file (a device such
// as /dev/zero, a FIFO, a folder), holds more than `maxBytes`, or cannot be
// read to its end.
std::string readSmallFile(const std::string& path, size_t maxBytes);

// The most bytes a manifest may hold (the shipped one holds 0.3 MiB): a DOM
// of it takes up to some 26 times that (16 MiB of "[]," took 433 MB).
constexpr size_t kMaxManifestBytes = size_t{4} << 20;
constexpr size_t kMaxManifestDepth = 64;  // nesting levels, as interchange

// Reads DIR/manifest.json. A manifest that breaks a rule of the README is an
// InputError naming the manifest, the key and the rule.
Suite readSuite(const std::string& dir);

// The suite of this checkout: conformance in the nearest folder
// above the running binary that has one (build/dev/regcon and
// build/release/regcon both find the checkout's), "" when none has.
std::string defaultSuiteDir();

// The cases carrying at least one of `filter`'s tags (or whose id is one of
// them), in manifest order; all cases for an empty filter.
std::vector<SuiteCase> selectCases(const Suite& suite,
                                   const std::vector<std::string>& filter);

}  // namespace regcon::kit
