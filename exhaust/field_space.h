// Every compact heightfield within a bound, numbered 0..size()-1: small-scope
// checking (every field up to a size, not a sample of them). A bound is a
// list of grids (W x D cells, up to K spans a column), the floors a span may
// stand on and the area ids it may carry; within it every field the
// interchange format allows is listed once: every column height, every
// choice of floors (strictly increasing, from the set), every area, and
// every link of every span to any span of the neighbouring column or to
// none (so mutual, one-way and missing links, and links to another floor).
// No symmetry is reduced: the tie-breaks of the spec (span order, first
// span, smallest id) do not survive a mirror or a rotation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace regcon::exhaust {

struct Grid {
  int width = 1;
  int depth = 1;
  int maxSpans = 1;  // spans a column, at most
};

struct Bound {
  std::vector<Grid> grids;
  std::vector<int> floors;  // y values, increasing
  std::vector<int> areas;   // area ids
};

// "WxD:K[,WxD:K...]/FLOORS/AREAS", e.g. "2x2:1,2x1:3,1x2:3/0,1,2/0,1,2";
// the names "test" (what `make test` runs) and "next" (the bound above it)
// stand for their bounds. InputError on anything else.
Bound parseBound(const std::string& text);
// The canonical text of a bound (what parseBound reads back).
std::string boundText(const Bound& bound);

class FieldSpace {
 public:
  explicit FieldSpace(Bound bound);

  const Bound& bound() const { return bound_; }
  uint64_t size() const { return size_; }
  // Field `index` (< size()), its links as listed, no regions or layers.
  Heightfield field(uint64_t index) const;

 private:
  // One grid with one height per column: a mixed-radix block of fields.
  struct Block {
    int grid = 0;
    std::vector<int> counts;  // spans per cell
    uint64_t first = 0;       // index of its first field
    uint64_t size = 0;
  };
  uint64_t blockSize(const Grid& grid, const std::vector<int>& counts) const;
  Heightfield decode(const Block& block, uint64_t digits) const;

  Bound bound_;
  std::vector<Block> blocks_;
  uint64_t size_ = 0;
};

}  // namespace regcon::exhaust
