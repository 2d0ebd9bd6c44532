#include "gen/twists.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "checks/invariants.h"

namespace regcon::gen {
namespace {

using checks::mutualNeighbour;

// The span two steps away, first in `first` then in `second`, or -1.
int route(const Heightfield& hf, int s, int first, int second) {
  const int n = mutualNeighbour(hf, s, first);
  return n < 0 ? -1 : mutualNeighbour(hf, n, second);
}

int floorOf(const Heightfield& hf, int s) {
  return s < 0 ? -1 : hf.spans[s].y;
}

void findDiagonalTwists(const Heightfield& hf, Twists& twists) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int d1 = (d + 1) & 3;
      const int viaD = route(hf, s, d, d1), viaD1 = route(hf, s, d1, d);
      if (viaD < 0 && viaD1 < 0) continue;
      if (viaD >= 0 && viaD1 >= 0 && viaD != viaD1) {
        twists.diagonalRoutesDiffer = true;
      }
      const int near =
          std::max({floorOf(hf, s), floorOf(hf, mutualNeighbour(hf, s, d)),
                    floorOf(hf, mutualNeighbour(hf, s, d1))});
      const int a = std::max(near, floorOf(hf, viaD));
      const int b = std::max(near, floorOf(hf, viaD1));
      if (a != b) twists.vertexYNeedsBothRoutes = true;
    }
  }
}

bool walkableWith(const Heightfield& hf, int s, int n) {
  return n >= 0 && hf.spans[n].area != 0 &&
         hf.spans[n].area == hf.spans[s].area;
}

// §3 sweeps: chains of walkable spans linked in -x with equal area.
std::vector<int> sweeps(const Heightfield& hf) {
  std::vector<int> sweep(hf.spanCount(), -1);
  int next = 0;
  for (int s = 0; s < hf.spanCount(); ++s) {  // cells in increasing x
    if (hf.spans[s].area == 0) continue;
    const int before = mutualNeighbour(hf, s, 0);
    sweep[s] = walkableWith(hf, s, before) ? sweep[before] : next++;
  }
  return sweep;
}

void findSweepTwists(const Heightfield& hf, Twists& twists) {
  const std::vector<int> sweep = sweeps(hf);
  std::map<int, std::set<int>> touched;  // sweep -> sweeps of the row before
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int below = mutualNeighbour(hf, s, 3);
    if (sweep[s] >= 0 && walkableWith(hf, s, below)) {
      touched[sweep[s]].insert(sweep[below]);
    }
  }
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    const int first = hf.cellStart[cell], count = hf.counts[cell];
    for (int i = first; i < first + count; ++i) {
      for (int j = i + 1; j < first + count; ++j) {
        if (sweep[i] < 0 || sweep[j] < 0 || sweep[i] == sweep[j]) continue;
        const auto& a = touched[sweep[i]];
        const auto& b = touched[sweep[j]];
        for (int t : a) {
          if (b.count(t)) twists.sweepTouchedFromTwoFloors = true;
        }
      }
    }
  }
}

}  // namespace

Twists findTwists(const Heightfield& hf) {
  Twists twists;
  findDiagonalTwists(hf, twists);
  findSweepTwists(hf, twists);
  return twists;
}

}  // namespace regcon::gen
