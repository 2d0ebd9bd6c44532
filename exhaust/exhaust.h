// `regcon exhaust`: checks every field of a bound (exhaust/field_space.h)
// with every run of exhaust/field_check.h. The bound's fields are split
// over shards by index (field i belongs to shard i mod n + 1), so a CI
// matrix runs shard 1/n ... n/n side by side; a state file lets a shard
// stop and go on later where it left off.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "exhaust/field_check.h"
#include "exhaust/field_space.h"

namespace regcon::exhaust {

struct RunOptions {
  Bound bound;
  int shard = 1;  // 1..shards
  int shards = 1;
  std::string statePath;    // progress, read on start and kept up to date
  std::string findingsDir;  // each finding's documents ("" = none written)
  uint64_t limit = 0;       // stop after this many fields (0 = the shard)
  int maxFindings = 10;     // stop after this many findings
  // The check of one field: checkField on every implementation unless set.
  std::function<std::optional<Finding>(uint64_t, const Heightfield&)> check;
};

struct RunReport {
  uint64_t boundFields = 0;       // fields in the whole bound
  uint64_t shardFields = 0;       // fields of this shard
  uint64_t resumedAt = 0;         // fields of the shard checked by earlier runs
  uint64_t checked = 0;           // fields of the shard checked in all
  double seconds = 0;             // of this run
  bool complete = false;          // every field of the shard checked
  std::vector<Finding> findings;  // of this run
  int earlierFindings = 0;        // recorded by earlier runs of the state
};

// Runs the shard; `progress` (may be null) gets a line now and then.
RunReport runExhaustive(const RunOptions& options, std::ostream* progress);

// What `regcon exhaust` prints: the bound, the count of fields, the runs
// per field, the time and every finding.
std::string reportText(const RunOptions& options, const RunReport& report);

}  // namespace regcon::exhaust
