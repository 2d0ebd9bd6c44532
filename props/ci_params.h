// RC_PARAMS for a property run under ctest: the case count of the build,
// scaled up for the cheap properties, and a seed that moves with the commit.
#pragma once

#include <cstdint>
#include <string>

namespace regcon::props {

struct CiParams {
  std::string rcParams;    // "seed=N max_success=M", merged with RC_PARAMS
  std::string seedOrigin;  // "seed from commit 3d817a1", "... from the date"
};

// `overrides` (RC_PARAMS syntax) completed with a seed and a case count
// where it names none. The seed: the first 15 hex digits of
// `git -C sourceDir rev-parse HEAD`; without git or outside a clone, the UTC
// date as YYYYMMDD.
CiParams ciParams(const std::string& overrides, int cases,
                  const std::string& sourceDir, const std::string& gtestFilter);

// How many times `cases` the property (or filter) named runs: the cheap
// properties run more.
int caseFactor(const std::string& gtestFilter);

}  // namespace regcon::props
