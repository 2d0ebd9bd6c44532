// Where a field holds the two-floor geometry that single-route shortcuts get
// wrong. The properties tag their cases with it (RC_CLASSIFY), and
// Generators.MultiFloorFieldsReachTwists measures how often the multi-floor
// generator makes it.
#pragma once

#include "core/types.h"

namespace regcon::gen {

struct Twists {
  // Some span's two routes to a diagonal (d then d+1, d+1 then d; mutual
  // links) both exist and reach different spans (readings R2).
  bool diagonalRoutesDiffer = false;
  // Some corner whose highest floor (readings R3) is missed when one of the
  // two diagonal routes is left out.
  bool vertexYNeedsBothRoutes = false;
  // Two sweeps of one row (§3) with spans in the same column both touch
  // one sweep of the row before: neither may continue it.
  bool sweepTouchedFromTwoFloors = false;
};

Twists findTwists(const Heightfield& hf);

}  // namespace regcon::gen
