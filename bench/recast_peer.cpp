#include "bench/recast_peer.h"

#include <Recast.h>
#include <RecastAlloc.h>

#include <memory>
#include <stdexcept>

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

template <typename T>
T* allocArray(size_t count) {
  return static_cast<T*>(
      rcAlloc(sizeof(T) * (count ? count : 1), RC_ALLOC_PERM));
}

// Our heightfield in Recast's layout: cells, spans with packed links (our
// link index is Recast's connection index), areas.
std::unique_ptr<rcCompactHeightfield, CompactDeleter> toRecast(
    const Heightfield& hf) {
  std::unique_ptr<rcCompactHeightfield, CompactDeleter> chf(
      rcAllocCompactHeightfield());
  chf->width = hf.width;
  chf->height = hf.depth;
  chf->spanCount = hf.spanCount();
  chf->walkableHeight = 10;
  chf->walkableClimb = 4;
  chf->cs = 0.3f;
  chf->ch = 0.2f;
  chf->bmax[0] = hf.width * chf->cs;
  chf->bmax[1] = 65535 * chf->ch;
  chf->bmax[2] = hf.depth * chf->cs;
  chf->cells = allocArray<rcCompactCell>(hf.counts.size());
  chf->spans = allocArray<rcCompactSpan>(hf.spans.size());
  chf->areas = allocArray<unsigned char>(hf.spans.size());
  for (size_t c = 0; c < hf.counts.size(); ++c) {
    chf->cells[c].index = static_cast<unsigned>(hf.cellStart[c]);
    chf->cells[c].count = static_cast<unsigned>(hf.counts[c]);
  }
  for (int s = 0; s < hf.spanCount(); ++s) {
    rcCompactSpan& span = chf->spans[s];
    span = rcCompactSpan{};
    span.y = static_cast<unsigned short>(hf.spans[s].y);
    span.h = 255;
    for (int d = 0; d < 4; ++d) {
      const int link = hf.spans[s].link[d];
      rcSetCon(span, d, link < 0 ? RC_NOT_CONNECTED : link);
    }
    chf->areas[s] = static_cast<unsigned char>(hf.spans[s].area);
  }
  return chf;
}

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
  impl_->chf = toRecast(hf);
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
  return cset->nconts;
}

int RecastField::wholeStage(const Settings& settings) {
  Settings watershed = settings;
  watershed.partition = Partition::Watershed;
  regions(watershed);
  return contours(settings);
}

}  // namespace regcon::bench
