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

bool buildRegions(rcContext& ctx, rcCompactHeightfield& chf,
                  const Settings& s) {
  const int minArea = static_cast<int>(s.minRegionArea);
  const int mergeArea = static_cast<int>(s.mergeRegionArea);
  switch (s.partition) {
    case Partition::Monotone:
      return rcBuildRegionsMonotone(&ctx, chf, 0, minArea, mergeArea);
    case Partition::Layers:
    case Partition::LayerFirst:
      return rcBuildLayerRegions(&ctx, chf, 0, minArea);
    case Partition::Watershed:
      break;
  }
  return rcBuildDistanceField(&ctx, chf) &&
         rcBuildRegions(&ctx, chf, 0, minArea, mergeArea);
}

}  // namespace

struct RecastField::Impl {
  std::unique_ptr<rcCompactHeightfield, CompactDeleter> chf;
};

RecastField::RecastField(const Heightfield& hf) : impl_(new Impl) {
  impl_->chf = toRecast(hf);
}

RecastField::~RecastField() = default;

int RecastField::runStage(const Settings& settings) {
  rcContext ctx(false);
  std::unique_ptr<rcContourSet, ContourDeleter> cset(rcAllocContourSet());
  if (!buildRegions(ctx, *impl_->chf, settings) ||
      !rcBuildContours(&ctx, *impl_->chf, static_cast<float>(settings.maxError),
                       static_cast<int>(settings.maxEdgeLength), *cset)) {
    throw std::runtime_error("Recast failed on the benchmark heightfield");
  }
  return cset->nconts;
}

}  // namespace regcon::bench
