// Readings R1 for the optimized implementation: the mutual neighbour of
// every span in every direction, resolved once into a flat table (walkable
// neighbours only: the distance field's view) or re-derived from the raw
// links at each use.
#pragma once

#include <array>
#include <vector>

#include "core/types.h"
#include "optimized/scratch.h"
#include "optimized/workers.h"

namespace regcon::opt {

// First span of row z (the span count for z = depth).
inline int rowStart(const Heightfield& hf, int z) {
  return z < hf.depth ? hf.cellStart[z * hf.width] : hf.spanCount();
}

// Calls visit(span, cell) for every span of rows z0..z1-1, in span order,
// each span's cell read from spanCell: a walk over the cells, with a loop
// over each cell's spans, mispredicted that loop's exit at every few cells
// (interleaved: rooms-256's watershed 2.78 -> 2.55 ms, through the link
// table and §5 gathering; terrain-512's monotone 3.02 -> 2.36).
template <class Visit>
void forEachSpanOfRows(const Heightfield& hf, int z0, int z1, Visit visit) {
  const int* const spanCell = hf.spanCell.data();
  const int end = rowStart(hf, z1);
  for (int s = rowStart(hf, z0); s < end; ++s) visit(s, spanCell[s]);
}

class MutualLinks {
 public:
  // The table's memory, unfilled: the distance field fills it row by row
  // (fillRow), each row just before its first raster pass reads it, so the
  // pass finds the row in the cache.
  MutualLinks(const Heightfield& hf, Scratch& scratch);
  // Writes row z's entries, which read only the heightfield.
  void fillRow(const Heightfield& hf, int z);

  // N(span, dir) if that span is walkable (area ≠ 0), else -1. The one
  // reader, the distance field, counts a span as a source if a neighbour
  // is missing or unwalkable alike, and no shortest path to a span that
  // is not a source passes an unwalkable one: its neighbours are sources.
  int operator()(int span, int dir) const { return table_[span][dir]; }
  // Fetches span's entry ahead of a read (a pass walking downwards).
  void prefetch(int span) const { __builtin_prefetch(&table_[span]); }

  // Four ints a span, no longer a table: for a step that fills such an
  // array of its own, already paged in (a fresh one at 16M spans costs
  // 65,536 page faults).
  using Storage = ScratchArray<std::array<int, 4>>;
  Storage release() && { return std::move(table_); }

 private:
  // Every entry is written once by fillRow: taken without the zeroing a
  // vector would do first (a 256 MB pass at 16M spans, on one thread), so
  // a fresh page is first touched by the part that fills it.
  Storage table_;
};

// For a pass in span order, fetches the span `ahead` places past the first
// span of the cell above: the pass reads that row through its +z links, a
// second stream that some machines' hardware follows badly. It holds the
// arrays' addresses, as LiveLinks does, so that a pass's stores do not
// make it load them again.
class NextRowFetch {
 public:
  NextRowFetch(const Heightfield& hf, int ahead)
      : spans_(hf.spans.data()),
        cellStart_(hf.cellStart.data()),
        width_(hf.width),
        cells_(hf.width * hf.depth),
        lastSpan_(hf.spanCount() - ahead),
        ahead_(ahead) {}
  void operator()(int cell) const {
    if (cell + width_ >= cells_) return;
    const int first = cellStart_[cell + width_];
    if (first < lastSpan_) __builtin_prefetch(&spans_[first + ahead_]);
  }

 private:
  const Span* spans_;
  const int* cellStart_;
  int width_, cells_, lastSpan_, ahead_;
};

// N(span, dir) derived from the raw links at each use: the target's
// link back must name the span's own place in its column. For the steps
// that read each span's neighbours a few times in span order (monotone,
// layers, filtering, contours), deriving is as cheap as reading a table,
// and the table (16 bytes a span, written and paged in) is never built.
// It holds the arrays' addresses, not the heightfield: a copy in a local
// keeps them in registers, where reads through the heightfield's vectors
// were loaded again after every byte a caller stored (a byte store may
// alias anything; terrain-1M's contours 9.44 -> 7.17 ms).
class LiveLinks {
 public:
  explicit LiveLinks(const Heightfield& hf)
      : spans_(hf.spans.data()),
        cellStart_(hf.cellStart.data()),
        spanCell_(hf.spanCell.data()),
        cellOffset_{-1, hf.width, 1, -hf.width} {}
  int operator()(int span, int dir) const {
    return at(span, spanCell_[span], dir);
  }
  // The same where the caller walks the cells and knows the span's.
  int at(int span, int cell, int dir) const {
    const int target = rawTarget(span, cell, dir);
    return target >= 0 && linksBack(span, cell, dir, target) ? target : -1;
  }
  // The span the raw link names, mutual or not, or -1: a caller that can
  // rule a target out by its region first skips the check of the link back.
  int rawTarget(int span, int cell, int dir) const {
    const int link = spans_[span].link[dir];
    return link < 0 ? -1 : cellStart_[cell + cellOffset_[dir]] + link;
  }
  // Whether the raw target's link back names the span (the link is mutual).
  bool linksBack(int span, int cell, int dir, int target) const {
    return spans_[target].link[(dir + 2) & 3] == span - cellStart_[cell];
  }

 private:
  const Span* spans_;
  const int* cellStart_;
  const int* spanCell_;
  int cellOffset_[4];
};

}  // namespace regcon::opt
