#include "bench/recast_peer.h"

#include <Recast.h>
#include <RecastAlloc.h>

#include <memory>
#include <stdexcept>

#include "recast/interop.h"

namespace regcon::bench {
namespace {

struct CompactDeleter {
  void operator()(rcCompactHeightfield* chf) const {
    rcFreeCompactHeightfield(chf);
  }
};
struct ContourDeleter {
  void operator()(rcContourSet* cset) const { rcFreeContourSet(cset); }
};

void check(bool ok, const char* step) {
  if (!ok) {
    throw std::runtime_error(std::string("Recast failed: ") + step);
  }
}

}  // namespace

struct RecastField::Impl {
  std::unique_ptr<rcCompactHeightfield, CompactDeleter> chf;
  rcContext ctx{false};
};

RecastField::RecastField(const Heightfield& hf) : impl_(new Impl) {
  impl_->chf.reset(toRecast(hf).release());  // recast/interop.h
}

RecastField::~RecastField() = default;

void RecastField::clear() {
  rcCompactHeightfield& chf = *impl_->chf;
  rcFree(chf.dist);
  chf.dist = nullptr;
  chf.maxDistance = 0;
  for (int s = 0; s < chf.spanCount; ++s) chf.spans[s].reg = 0;
  chf.maxRegions = 0;
}

void RecastField::distanceField() {
  check(rcBuildDistanceField(&impl_->ctx, *impl_->chf), "rcBuildDistanceField");
}

void RecastField::regions(const Settings& s) {
  rcContext& ctx = impl_->ctx;
  rcCompactHeightfield& chf = *impl_->chf;
  const int minArea = static_cast<int>(s.minRegionArea);
  const int mergeArea = static_cast<int>(s.mergeRegionArea);
  switch (s.partition) {
    case Partition::Monotone:
      check(rcBuildRegionsMonotone(&ctx, chf, 0, minArea, mergeArea),
            "rcBuildRegionsMonotone");
      return;
    case Partition::Layers:
    case Partition::LayerFirst:
      check(rcBuildLayerRegions(&ctx, chf, 0, minArea), "rcBuildLayerRegions");
      return;
    case Partition::Watershed:
      distanceField();
      check(rcBuildRegions(&ctx, chf, 0, minArea, mergeArea), "rcBuildRegions");
      return;
  }
}

bool RecastField::giveRegions(const std::vector<int>& regions,
                              int regionCount) {
  if (regionCount >= RC_BORDER_REG) return false;
  rcCompactHeightfield& chf = *impl_->chf;
  for (int s = 0; s < chf.spanCount; ++s) {
    chf.spans[s].reg = static_cast<unsigned short>(regions[s]);
  }
  chf.maxRegions = static_cast<unsigned short>(regionCount);
  return true;
}

int RecastField::contours(const Settings& settings) {
  std::unique_ptr<rcContourSet, ContourDeleter> cset(rcAllocContourSet());
  check(rcBuildContours(&impl_->ctx, *impl_->chf,
                        static_cast<float>(settings.maxError),
                        static_cast<int>(settings.maxEdgeLength), *cset),
        "rcBuildContours");
  lastOutput_ = {cset->nconts, 0};
  for (int i = 0; i < cset->nconts; ++i) {
    lastOutput_.vertices += cset->conts[i].nverts;
  }
  return cset->nconts;
}

int RecastField::wholeStage(const Settings& settings) {
  Settings watershed = settings;
  watershed.partition = Partition::Watershed;
  regions(watershed);
  return contours(settings);
}

}  // namespace regcon::bench
