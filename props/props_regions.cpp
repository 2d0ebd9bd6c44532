// Properties of spec §1-§5: the distance field, every partition, island
// removal, merging and the layer partition.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "gen/generators.h"
#include "interchange/compare.h"
#include "props/prop_support.h"
#include "reference/reference.h"

namespace regcon::props {
namespace {

using checks::mutualNeighbour;

// Some mutual link from a span of region r to a span of another non-zero
// region (of the same area when `sameArea`).
std::vector<char> regionsWithNeighbours(const Heightfield& hf,
                                        const std::vector<int>& regions,
                                        bool sameArea) {
  std::vector<char> has(regionSizes(regions).size(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n < 0 || regions[s] == 0 || regions[n] == 0) continue;
      if (regions[n] == regions[s]) continue;
      if (sameArea && hf.spans[n].area != hf.spans[s].area) continue;
      has[regions[s]] = 1;
    }
  }
  return has;
}

// The partition before §5, computed by the reference's own steps (the
// general layer code for the layer partitions, which the shortcut must
// equal).
std::vector<int> unfilteredPartition(const Heightfield& hf, Partition p) {
  switch (p) {
    case Partition::Watershed:
      return ref::buildWatershedUnfiltered(hf, ref::buildDistanceField(hf));
    case Partition::Monotone:
      return ref::buildMonotoneUnfiltered(hf);
    case Partition::Layers:
      return ref::buildLayerRegionsGeneral(hf);
    case Partition::LayerFirst:
      return ref::labelLayerComponents(
          hf, ref::assignLayers(hf, ref::buildLayerRegionsGeneral(hf)));
  }
  return {};
}

// Walkable spans of regions smaller than minRegionArea with no neighbouring
// region of any area: the islands §5.1 removes.
std::vector<char> islandSpans(const Heightfield& hf,
                              const std::vector<int>& regions,
                              int64_t minRegionArea) {
  const auto sizes = regionSizes(regions);
  const auto linked = regionsWithNeighbours(hf, regions, false);
  std::vector<char> island(hf.spanCount(), 0);
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int r = regions[s];
    island[s] = r > 0 && sizes[r] < minRegionArea && !linked[r];
  }
  return island;
}

RC_GTEST_PROP(DistanceField, IsExact, ()) {
  const Heightfield hf = *gen::anyField();
  classifyTwists(hf);
  forEachImplementation([&](const Implementation& impl) {
    expectHolds(impl, "§1 distance field",
                checks::checkDistanceField(hf, impl.distances(hf)));
  });
}

RC_GTEST_PROP(Partition, IsConnectedOneAreaAndNumberedByFirstSpan, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  forEachImplementation([&](const Implementation& impl) {
    expectHolds(impl, "§5 partition",
                checks::checkPartition(hf, impl.regions(hf, settings)));
  });
}

// §5: "Walkable spans that end with region 0 are exactly those of removed
// islands" (an island is judged on the partition before filtering).
RC_GTEST_PROP(Partition, RegionZeroExactlyOnRemovedIslands, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::anySettings();
  const auto islands = islandSpans(
      hf, unfilteredPartition(hf, settings.partition), settings.minRegionArea);
  forEachImplementation([&](const Implementation& impl) {
    const auto regions = impl.regions(hf, settings).regions;
    for (int s = 0; s < hf.spanCount(); ++s) {
      if (hf.spans[s].area == 0) continue;
      if ((regions[s] == 0) != static_cast<bool>(islands[s])) {
        RC_FAIL(impl.name() + ": walkable span " + std::to_string(s) +
                " has region " + std::to_string(regions[s]) +
                (islands[s] ? " but lies in an island"
                            : " but its unfiltered region is no island"));
      }
    }
  });
}

// §5.2: afterwards no region smaller than MergeRegionArea has a same-area
// neighbouring region (a small region left without neighbours is allowed).
RC_GTEST_PROP(Partition, NoSmallRegionKeepsASameAreaNeighbour, ()) {
  const Heightfield hf = *gen::anyField();
  const Partition partition =
      *rc::gen::element(Partition::Watershed, Partition::Monotone);
  const Settings settings = *gen::settingsWith(partition);
  forEachImplementation([&](const Implementation& impl) {
    const auto regions = impl.regions(hf, settings).regions;
    const auto sizes = regionSizes(regions);
    const auto linked = regionsWithNeighbours(hf, regions, true);
    for (size_t r = 1; r < sizes.size(); ++r) {
      if (sizes[r] < settings.mergeRegionArea && linked[r]) {
        RC_FAIL(impl.name() + ": region " + std::to_string(r) + " has " +
                std::to_string(sizes[r]) +
                " spans and still a same-area neighbour");
      }
    }
  });
}

// §4: no column holds two spans of one layer region and adjacent same-area
// layer regions overlap, before island removal and after it.
RC_GTEST_PROP(Layers, NoColumnTwiceAndAdjacentRegionsOverlap, ()) {
  const Heightfield hf = *gen::anyField();
  const Settings settings = *gen::settingsWith(Partition::Layers);
  RC_ASSERT(checks::checkLayerRegions(
                hf, ref::buildLayerRegionsUnfiltered(hf, 0)) == "");
  forEachImplementation([&](const Implementation& impl) {
    expectHolds(
        impl, "§4 layers",
        checks::checkLayerRegions(hf, impl.regions(hf, settings).regions));
  });
}

// §4 Shortcut: on fields where no column holds two walkable spans the
// labelled components equal the general sweep-and-merge result.
RC_GTEST_PROP(Layers, ShortcutEqualsGeneralCodeOnOneFloor, ()) {
  const Heightfield hf = *gen::singleFloorField();
  const Settings settings = *gen::settingsWith(Partition::Layers);
  std::vector<int> general = ref::buildLayerRegionsGeneral(hf);
  ref::removeIslands(hf, general, settings.minRegionArea);
  ref::renumberRegions(general);
  forEachImplementation([&](const Implementation& impl) {
    RC_ASSERT(impl.regions(hf, settings).regions == general);
  });
}

// Some mutual link joins two walkable spans of one area on two layers: a
// cache that the field's own layering would not give, which the layer-first
// partition must still keep apart.
bool linkedAcrossLayers(const Heightfield& hf) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int n = mutualNeighbour(hf, s, d);
      if (n >= 0 && hf.spans[s].area != 0 &&
          hf.spans[n].area == hf.spans[s].area &&
          (*hf.layers)[n] != (*hf.layers)[s]) {
        return true;
      }
    }
  }
  return false;
}

// Readings R4 with a cached `layers` array (gen::cachedLayers), on
// single-floor and multi-floor fields: the layer-first regions are the
// components of "mutually linked, same layer, same area" after §5.1
// (checks::checkCachedLayerRegions), and every implementation gives the
// reference's regions and distances.
RC_GTEST_PROP(LayerFirst, CachedLayersGiveComponentsOfOneLayerAndArea, ()) {
  Heightfield hf = *rc::gen::weightedOneOf<Heightfield>(
      {{2, gen::singleFloorField()}, {1, gen::multiFloorField()}});
  hf.layers = *gen::cachedLayers(hf);
  const Settings settings = *gen::settingsWith(Partition::LayerFirst);
  RC_CLASSIFY(!checks::anyColumnHoldsTwoWalkableSpans(hf), "single floor");
  RC_CLASSIFY(linkedAcrossLayers(hf), "linked spans of one area, two layers");
  std::optional<RegionResult> first;
  forEachImplementation([&](const Implementation& impl) {
    const RegionResult result = impl.regions(hf, settings);
    expectHolds(
        impl, "R4 cached layers",
        checks::checkCachedLayerRegions(hf, result, settings.minRegionArea));
    if (!first) first = result;
    if (result != *first) {
      RC_FAIL(impl.name() + " differs from the reference:\n" +
              compareRegions(hf, *first, result, {}).report());
    }
  });
}

}  // namespace
}  // namespace regcon::props
