// The one heightfield builder: floors per column, as (y, area), become spans
// linked the way a heightfield builder links them. Scenarios, tests,
// properties, fuzzers and conformance generators all build through it, so
// "columns to spans, links by the climb rule" is written once.
#pragma once

#include <vector>

#include "core/types.h"

namespace regcon {

struct Floor {
  int y = 0;
  int area = 0;
};

// Each span links, in each direction, to the lowest span of the neighbouring
// cell whose floor is within `climb` of its own; with `needsFreeSpace` that
// span must also leave free space overlapping this span's (the next floor up
// of each column bounds it). Such links can come out one-way on several
// floors, as a real builder's do.
struct LinkRule {
  int climb = 0;
  bool needsFreeSpace = false;
};

// The target (index within the neighbouring column) the rule gives span `s`
// of an indexed heightfield in direction `dir`, or kNoLink.
int ruleLink(const Heightfield& hf, int s, int dir, const LinkRule& rule);

// Sets every link of an indexed heightfield by the rule.
void linkByRule(Heightfield& hf, const LinkRule& rule);

class HeightfieldBuilder {
 public:
  HeightfieldBuilder(int width, int depth);

  int width() const { return width_; }
  int depth() const { return depth_; }
  // The floors of cell (x, z), in any order, duplicates allowed.
  std::vector<Floor>& column(int x, int z) { return cells_.at(x + z * width_); }
  HeightfieldBuilder& add(int x, int z, int y, int area);
  HeightfieldBuilder& clear(int x, int z);

  // Spans bottom up: floors sorted by y (stable), of equal floors the first
  // added kept, y clamped to the format's range, at most 63 per cell (the
  // lowest); then links by `rule`.
  Heightfield build(const LinkRule& rule) const;

 private:
  int width_;
  int depth_;
  std::vector<std::vector<Floor>> cells_;
};

}  // namespace regcon
