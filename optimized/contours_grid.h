// A uniform grid of square buckets over a box of corner positions, for the
// two searches of §6 that would otherwise compare everything with
// everything: hole bridges (nearest vertices, edges near a bridge) and the
// proper-crossing check of a loop. Internal to optimized/contours*.cpp.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <utility>

#include "optimized/contours_steps.h"

namespace regcon::opt::contours {

class BucketGrid {
 public:
  // About `items` buckets (at least one) of equal integer side over `box`.
  BucketGrid(const Box& box, int64_t items)
      : originX_(box.minX), originZ_(box.minZ) {
    const int64_t width = int64_t{box.maxX} - box.minX + 1;
    const int64_t depth = int64_t{box.maxZ} - box.minZ + 1;
    const double perBucket = static_cast<double>(width) *
                             static_cast<double>(depth) /
                             static_cast<double>(std::max<int64_t>(items, 1));
    // The side is the power of two at or above ceil(sqrt(perBucket)), so
    // that a position's column and row are shifts, not divisions (the
    // contours of pillars8-512 and pillars-128 5-6% faster, pillars-512's
    // 8%; minima of interleaved runs), and the grid has no more buckets
    // than at that side (the nearest power of two, below it at times, made
    // pillars-128's contours a further 14% faster but took 12 bytes a span
    // more at their peak, and pillars4's whole stage 3). Nothing the grid
    // finds depends on its side.
    const auto least = std::max<int64_t>(
        1, static_cast<int64_t>(std::ceil(std::sqrt(perBucket))));
    shift_ = std::bit_width(static_cast<uint64_t>(least - 1));
    side_ = int64_t{1} << shift_;
    columns_ = static_cast<int>((width + side_ - 1) / side_);
    rows_ = static_cast<int>((depth + side_ - 1) / side_);
  }

  int64_t bucketCount() const { return int64_t{columns_} * rows_; }
  int64_t side() const { return side_; }
  int columns() const { return columns_; }
  int rows() const { return rows_; }
  // Of a position in the box. The offset from the box's corner is below
  // 2^32 (positions are ints).
  int column(int x) const {
    return static_cast<int>(offsetOf(x, originX_) >> shift_);
  }
  int row(int z) const {
    return static_cast<int>(offsetOf(z, originZ_) >> shift_);
  }
  int64_t bucket(int column, int row) const {
    return int64_t{row} * columns_ + column;
  }
  int64_t bucketOf(const ContourVertex& p) const {
    return bucket(column(p.x), row(p.z));
  }
  // Squared distance from p to the nearest position of bucket (column, row).
  int64_t distance2To(int column, int row, const ContourVertex& p) const {
    auto gap = [&](int64_t first, int64_t at) {
      const int64_t last = first + side_ - 1;
      return at < first ? first - at : (at > last ? at - last : 0);
    };
    const int64_t dx = gap(originX_ + column * side_, p.x);
    const int64_t dz = gap(originZ_ + row * side_, p.z);
    return dx * dx + dz * dz;
  }

  // Calls visit(bucket) for every bucket the closed segment a b passes
  // through (and perhaps a neighbour of one), column by column; stops and
  // returns true as soon as visit returns true. A point of the segment lies
  // in a visited bucket, so two segments that share a point share a bucket.
  template <class Visit>
  bool anyBucketOf(ContourVertex a, ContourVertex b, Visit&& visit) const {
    if (b.x < a.x) std::swap(a, b);
    const int64_t dx = int64_t{b.x} - a.x;
    const int lastColumn = column(b.x);
    // A level segment (most of a grid-aligned loop) or an upright one: the
    // same rows in every column, no division.
    if (dx == 0 || a.z == b.z) {
      const int first = row(std::min(a.z, b.z));
      const int last = row(std::max(a.z, b.z));
      for (int c = column(a.x); c <= lastColumn; ++c) {
        for (int r = first; r <= last; ++r) {
          if (visit(bucket(c, r))) return true;
        }
      }
      return false;
    }
    // Each column's rows run between the segment's rows at the ends of its
    // part over the column's closed x range. A column's part ends where
    // the next one's starts, at the next column's first x, so each row is
    // worked out once (a division each; the crossing test of serpentine's
    // one loop spent a sixth of its time dividing twice a column).
    int enter = row(a.z);
    for (int c = column(a.x); c <= lastColumn; ++c) {
      const int64_t xhi = std::min<int64_t>(b.x, originX_ + (c + 1) * side_);
      const int leave = rowAt(a, b, dx, xhi);
      for (int r = std::min(enter, leave); r <= std::max(enter, leave); ++r) {
        if (visit(bucket(c, r))) return true;
      }
      enter = leave;
    }
    return false;
  }

 private:
  static uint64_t offsetOf(int at, int64_t origin) {
    return static_cast<uint64_t>(at - origin);
  }
  // Row of the segment's point at x (a.x <= x <= b.x, dx = b.x - a.x > 0):
  // z - originZ = ((a.z - originZ) * dx + (x - a.x) * (b.z - a.z)) / dx,
  // never negative, so integer division is the floor.
  int rowAt(const ContourVertex& a, const ContourVertex& b, int64_t dx,
            int64_t x) const {
    const int64_t num =
        (int64_t{a.z} - originZ_) * dx + (x - a.x) * (int64_t{b.z} - a.z);
    return static_cast<int>(num / dx >> shift_);
  }

  int64_t originX_, originZ_;
  int64_t side_ = 1;
  int shift_ = 0;  // side_ is 1 << shift_
  int columns_ = 1, rows_ = 1;
};

}  // namespace regcon::opt::contours
