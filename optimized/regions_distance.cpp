// §1 distance field (readings R2) as Dial's algorithm: a Dijkstra whose
// priority queue is a ring of integer buckets.
#include <array>
#include <climits>
#include <cstddef>
#include <vector>

#include "optimized/optimized.h"
#include "optimized/regions_steps.h"

namespace regcon::opt {
namespace {

bool isBoundary(const Heightfield& hf, const MutualLinks& links, int span) {
  if (hf.spans[span].area == 0) return true;
  for (int d = 0; d < 4; ++d) {
    const int n = links(span, d);
    if (n < 0 || hf.spans[n].area == 0) return true;
  }
  return false;
}

// Steps cost 2 or 3, so every pending entry lies at most 3 above the
// distance being settled: four rotating buckets hold the whole queue, and
// settling bucket by bucket is exactly Dijkstra's order.
class BucketQueue {
 public:
  explicit BucketQueue(std::vector<int>& dist) : dist_(dist) {}

  void lower(int span, int distance) {
    if (distance >= dist_[span]) return;
    dist_[span] = distance;
    buckets_[distance & 3].push_back(span);
    ++pending_;
  }

  // Calls settle(span, distance) for every span in increasing distance.
  template <class Settle>
  void run(Settle settle) {
    for (int d = 0; pending_ > 0; ++d) {
      std::vector<int>& bucket = buckets_[d & 3];
      // Settling pushes only to d+2 and d+3, never into this bucket.
      for (std::size_t i = 0; i < bucket.size(); ++i) {
        const int span = bucket[i];
        if (dist_[span] == d) settle(span, d);  // else a stale entry
      }
      pending_ -= bucket.size();
      bucket.clear();
    }
  }

 private:
  std::vector<int>& dist_;
  std::array<std::vector<int>, 4> buckets_;
  std::size_t pending_ = 0;
};

}  // namespace

std::vector<int> distanceField(const Heightfield& hf,
                               const MutualLinks& links) {
  std::vector<int> dist(hf.spanCount(), INT_MAX);
  BucketQueue queue(dist);
  for (int s = 0; s < hf.spanCount(); ++s) {
    if (isBoundary(hf, links, s)) queue.lower(s, 0);
  }
  queue.run([&](int span, int d) {
    for (int dir = 0; dir < 4; ++dir) {
      const int n = links(span, dir);
      if (n < 0) continue;
      queue.lower(n, d + 2);
      // Both diagonal routes: (dir, dir+1) from here, and (dir, dir-1),
      // which is the (dir'+1, dir') order of dir' = dir-1.
      const int left = links(n, (dir + 1) & 3);
      if (left >= 0) queue.lower(left, d + 3);
      const int right = links(n, (dir + 3) & 3);
      if (right >= 0) queue.lower(right, d + 3);
    }
  });
  return dist;
}

std::vector<int> buildDistanceField(const Heightfield& hf) {
  return distanceField(hf, MutualLinks(hf));
}

}  // namespace regcon::opt
