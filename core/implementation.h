// The seam every caller goes through: CLI, tests, fuzzers, properties and
// benchmarks pick an implementation by name (registry/implementations.h,
// the layer above both) and never call one directly. core/ knows no
// implementation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon {

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  // §1 distance field, one value per span.
  virtual std::vector<int> distances(const Heightfield& hf) const = 0;
  // §2-§5: the partition chosen in settings. `distances` is filled in when
  // the partition computed the §1 field on its way (watershed) and may be
  // left empty by one that does not need it (interchange §3), so a
  // monotone or layer partition does not pay for a field it never reads.
  virtual RegionResult partition(const Heightfield& hf,
                                 const Settings& settings) const = 0;
  // The partition with the §1 field always filled in (computed on its own
  // when the partition did not): what a regions document and the hashes
  // carry.
  RegionResult regions(const Heightfield& hf, const Settings& settings) const;
  // §6 on a given partition (one region id per span).
  virtual ContourSet contours(const Heightfield& hf,
                              const std::vector<int>& regions,
                              const Settings& settings) const = 0;
  // Readings R12: the partition of the heightfield's own `regions` array,
  // the ids as given and the largest of them as regionCount (no §1 field).
  // An implementation may read it its own way; by default, as R12 says.
  virtual RegionResult givenRegions(const Heightfield& hf) const;

  // A result the caller is done with. An implementation that keeps memory
  // from call to call (registry: optimizedKeepingMemory) keeps its arrays
  // for the next call to fill; by default they are left to be freed.
  virtual void recycle(RegionResult&& /*done*/) const {}
  virtual void recycle(std::vector<int>&& /*done*/) const {}
  // Bytes such an implementation keeps between calls.
  virtual int64_t keptBytes() const { return 0; }
};

// Whether runStage's regions carry the §1 field whatever the partition
// (a result document, the hashes) or only when the partition computed it
// (a caller that reads only the contours).
enum class StageDistances { Always, WhenComputed };

// The whole stage as interchange §6 defines it: regions from the
// heightfield's own `regions` array when present (readings R12), else from
// the chosen partition; then contours.
StageResult runStage(const Implementation& impl, const Heightfield& hf,
                     const Settings& settings,
                     StageDistances distances = StageDistances::Always);

}  // namespace regcon
