// §6 Contours, optimized: boundary tracing over a per-span edge bitmap, then
// per region simplification, hole assignment and joining.
// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "optimized/contours_steps.h"
#include "optimized/mutual_links.h"
#include "optimized/optimized.h"
#include "optimized/scratch.h"
#include "optimized/workers.h"

namespace regcon::opt {
namespace {

using contours::BorderRules;
using contours::Box;
using contours::RawLoop;
using contours::SimplifiedLoop;

// A loop's start state (its region is its start span's), whether it is a
// hole, its area where 16 bits hold it, and its raw vertices, which may be
// released once simplified and traced again from the start state
// (Tracer::retrace). A larger area is taken again when the loop is
// simplified: kept whole, it made the list of all loops 40 bytes a loop
// where it is 32 (`checkerboard`'s contours 8 bytes a span); the 16 bits
// fill the padding, and spare a small loop's second pass over its
// vertices (`checkerboard-128`'s contours about 5% faster, interleaved).
struct TracedLoop {
  int startSpan = 0;
  int8_t startDir = 0;
  bool hole = false;
  int16_t smallArea2 = kNotSmall;
  RawLoop raw;

  static constexpr int16_t kNotSmall = std::numeric_limits<int16_t>::min();
  static int16_t smallOrNot(int64_t area2) {
    return area2 > kNotSmall && area2 <= std::numeric_limits<int16_t>::max()
               ? static_cast<int16_t>(area2)
               : kNotSmall;
  }
  // Twice the signed area of the raw loop, which must still be held where
  // the area is not small.
  int64_t area2() const {
    return smallArea2 != kNotSmall ? smallArea2 : contours::signedArea2(raw);
  }
};
static_assert(sizeof(TracedLoop) <= 32);

// Start corner of the edge of cell (x, z) in each direction (§6 Tracing).
constexpr int kCornerDX[4] = {0, 1, 1, 0};
constexpr int kCornerDZ[4] = {1, 1, 0, 0};

// Regions per part below which a thread is not worth starting.
constexpr int kMinRegionsPerPart = 64;

class Tracer {
 public:
  Tracer(const Heightfield& hf, const std::vector<int>& regions,
         Scratch& scratch)
      : hf_(hf),
        regions_(regions),
        links_(hf),
        spanCount_(hf.spanCount()),
        scratch_(scratch),
        edges_(scratch, static_cast<size_t>(spanCount_)),
        visited_(edges_.data()) {}

  // Every loop of signed area ≠ 0, in span-index then direction order
  // within each region (LoopGroups keeps that order and no step reads the
  // order across regions); `regionArea` gets the area of each region id
  // (0 for an absent one).
  std::vector<TracedLoop> traceAll(std::vector<int>& regionArea,
                                   Workers& workers) {
    if (workers.count() > 1) keepVisitedApart();
    markBoundaryEdges(workers);
    const int slots = static_cast<int>(regionArea_.size());
    std::vector<std::vector<TracedLoop>> loops(
        workers.partsFor(slots, kMinRegionsPerPart));
    // A loop's spans are all of its region: parts taking ranges of region
    // ids write the visited bits of disjoint spans.
    workers.forRanges(slots, kMinRegionsPerPart, [&](int r0, int r1, int part) {
      contours::RawLoopPacker packer;
      traceRegions(r0, r1, packer, loops[part]);
    });
    for (size_t part = 1; part < loops.size(); ++part) {
      std::move(loops[part].begin(), loops[part].end(),
                std::back_inserter(loops[0]));
    }
    regionArea = std::move(regionArea_);
    // retrace() tests the links instead: the bits would only add to the
    // stage's peak.
    edges_.reset();
    visitedApart_.reset();
    visited_ = nullptr;
    return std::move(loops[0]);
  }

  // The raw loop traced again from its start state, the boundary tested on
  // the links as the marking tested it (the bits are gone), nothing marked
  // visited: reads only, so parts may call it side by side.
  RawLoop retrace(const TracedLoop& loop) const {
    contours::RawLoopPacker packer;
    const int s = loop.startSpan;
    return traceLoop<kLinkTest>(s, loop.startDir, hf_.cellX(s), hf_.cellZ(s),
                                packer);
  }

 private:
  static constexpr uint8_t kVisitedShift = 4;

  int cellOf(int x, int z) const { return x + z * hf_.width; }

  bool isBoundary(int span, int dir) const { return edges_[span] >> dir & 1; }

  // How a walk tells a boundary edge: by the marking's bits (and marks it
  // visited), or on the links (retrace).
  enum BoundaryTest { kBits, kLinkTest };

  // The marking's rule: no mutual link to a span of the same region.
  bool isBoundaryOnLinks(int span, int cell, int dir) const {
    const int across = links_.at(span, cell, dir);
    return across < 0 || regions_[across] != regions_[span];
  }
  bool isVisited(int span, int dir) const {
    return visited_[span] >> (dir + visitedShift_) & 1;
  }

  // With threads, the visited bits go to an array of their own, so that
  // the boundary bits every part scans are only read while parts trace.
  // One thread keeps them in the boundary bits' byte: one array less to
  // read at each edge of a loop.
  void keepVisitedApart() {
    visitedApart_ = ScratchArray<uint8_t>(scratch_, spanCount_);
    visited_ = visitedApart_.data();
    visitedShift_ = 0;
  }

  // The loops of regions r0..r1 - 1, each from its first unvisited
  // boundary edge in span then direction order.
  void traceRegions(int r0, int r1, contours::RawLoopPacker& packer,
                    std::vector<TracedLoop>& loops) {
    for (int s = 0; s < spanCount_; ++s) {
      if (s % 8 == 0 && noBoundaryInEight(s)) {
        s += 7;
        continue;
      }
      // Most spans are inside their region: one test for all four edges.
      const unsigned bits = edges_[s] & 0xFu;
      if (bits == 0 || regions_[s] < r0 || regions_[s] >= r1) continue;
      if ((bits & ~(visited_[s] >> visitedShift_)) == 0) continue;
      traceFromSpan(s, hf_.cellX(s), hf_.cellZ(s), packer, loops);
    }
  }

  // An edge of a region span is a boundary unless a mutual link joins it to
  // a span of the same region. Each mutual link is read once, from its
  // earlier end (+z and +x lead to later spans), and marks both ends'
  // edges as inner: half the link reads of testing all four edges of every
  // span. A span's inner bits are all in when the walk reaches it, and
  // are turned into boundary bits there. Bands of rows are marked side by
  // side; a +z link out of a band's last row is noted, and its far end's
  // edge cleared once all bands are done, so no band writes another's
  // spans.
  void markBoundaryEdges(Workers& workers) {
    const int parts = workers.partsFor(hf_.depth, kMinRowsPerPart);
    std::vector<std::vector<int>> acrossCut(parts);
    std::vector<std::vector<int>> areas(parts, std::vector<int>(1, 0));
    workers.forRanges(hf_.depth, kMinRowsPerPart,
                      [&](int z0, int z1, int part) {
                        markRows(z0, z1, areas[part], acrossCut[part]);
                      });
    for (const std::vector<int>& far : acrossCut) {
      for (int t : far) edges_[t] &= static_cast<uint8_t>(~(1u << 3));
    }
    // A region's spans share one area (readings R12), so any part's value.
    for (const std::vector<int>& part : areas) {
      if (part.size() > regionArea_.size()) regionArea_.resize(part.size(), 0);
      for (size_t r = 0; r < part.size(); ++r) {
        regionArea_[r] = std::max(regionArea_[r], part[r]);
      }
    }
  }

  // Rows per part below which a thread is not worth starting.
  static constexpr int kMinRowsPerPart = 64;

  // The +z row's spans and regions are fetched this many spans ahead of
  // the marking's reads: that row is a stream the hardware stops following
  // at every page (terrain-16M's contours 99 -> 90 ms, minima of
  // interleaved runs). On a machine whose hardware follows streams less
  // well the fetches paid at every size past the caches (terrain-1M
  // 7.4 -> 5.3 ms, pillars8-512 3.9 -> 3.5) and cost nothing below.
  static constexpr int kFetchAhead = 64;

  // The band's own spans' bits are cleared first: nothing outside the
  // band writes them (a +z link out of it is noted in acrossCut instead).
  void markRows(int z0, int z1, std::vector<int>& areas,
                std::vector<int>& acrossCut) {
    const int lastCell = z1 * hf_.width;
    if (z0 * hf_.width == lastCell) return;  // no cells
    const int first = rowStart(hf_, z0);
    const int last = rowStart(hf_, z1);
    // Locals, not members: a byte stored to `edges` may alias anything, so
    // what is read through `this` would be loaded again after each one.
    uint8_t* const edges = edges_.data();
    const int* const regions = regions_.data();
    const Span* const spans = hf_.spans.data();
    const int* const cellStart = hf_.cellStart.data();
    const auto* const counts = hf_.counts.data();
    const int width = hf_.width;
    const int fetchEnd = spanCount_ - kFetchAhead;
    std::memset(edges + first, 0, static_cast<size_t>(last - first));
    if (visited_ != edges) {
      std::memset(visited_ + first, 0, static_cast<size_t>(last - first));
    }
    // The two links read, each tested for being mutual by its far end's
    // link back. Written out, not a loop over directions through
    // LiveLinks: the +x cell's first span is this cell's end, one read
    // less a span, and the loop's state fits the registers (terrain-512's
    // contours 1.40 -> 1.11 ms, interleaved). The spans are walked in
    // order as forEachSpanOfRows walks them (terrain-512's and
    // terrain-16M's contours a fifth faster than cell by cell), but each
    // span's cell is read only for a span of a region.
    constexpr int kMinusX = 0, kPlusZ = 1, kPlusX = 2, kMinusZ = 3;
    const int* const spanCell = hf_.spanCell.data();
    int noted = 0;  // the region whose area was noted last
    for (int s = first; s < last; ++s) {
      const int r = regions[s];
      if (r < 1) continue;
      const int cell = spanCell[s];
      const int begin = cellStart[cell];
      const int end = begin + counts[cell];
      const bool lastRow = cell + width >= lastCell;
      const Span& span = spans[s];
      // A region has one area (readings R12): noted once a run of spans.
      if (r != noted) {
        noteArea(areas, r, span.area);
        noted = r;
      }
      unsigned inner = edges[s];
      const int place = s - begin;  // what a link back to s names
      if (span.link[kPlusX] >= 0) {
        const int t = end + span.link[kPlusX];
        if (regions[t] == r && spans[t].link[kMinusX] == place) {
          inner |= 1u << kPlusX;
          edges[t] |= static_cast<uint8_t>(1u << kMinusX);
        }
      }
      if (span.link[kPlusZ] >= 0) {
        const int t = cellStart[cell + width] + span.link[kPlusZ];
        if (t < fetchEnd) {
          __builtin_prefetch(&spans[t + kFetchAhead]);
          __builtin_prefetch(&regions[t + kFetchAhead]);
        }
        if (regions[t] == r && spans[t].link[kMinusZ] == place) {
          inner |= 1u << kPlusZ;
          if (lastRow) {
            acrossCut.push_back(t);
          } else {
            edges[t] |= static_cast<uint8_t>(1u << kMinusZ);
          }
        }
      }
      edges[s] = static_cast<uint8_t>(~inner & 0xFu);
    }
  }

  // Each region's area, taken in the marking pass, whose span reads it is
  // on, instead of two more passes over spans.
  static void noteArea(std::vector<int>& areas, int region, int area) {
    if (region >= static_cast<int>(areas.size())) areas.resize(region + 1, 0);
    areas[region] = area;
  }

  // Spans s..s+7 have no boundary edge (the visited bits only ever mark
  // boundary edges), tested as one word: the walk from the first span to
  // the next loop start skips the inside of regions eight spans a step,
  // and divides for a span's cell only where a loop starts.
  bool noBoundaryInEight(int s) const {
    if (s + 8 > spanCount_) return false;
    uint64_t word = 0;
    std::memcpy(&word, &edges_[s], sizeof word);
    return (word & 0x0F0F0F0F0F0F0F0Full) == 0;
  }

  void traceFromSpan(int s, int x, int z, contours::RawLoopPacker& packer,
                     std::vector<TracedLoop>& loops) {
    for (int d = 0; d < 4; ++d) {
      if (!isBoundary(s, d) || isVisited(s, d)) continue;
      RawLoop raw = traceLoop<kBits>(s, d, x, z, packer);
      const int64_t area2 = contours::signedArea2(raw);
      // Readings R8: a zero-area loop is traced (visited) and ignored.
      if (area2 == 0) continue;
      loops.push_back({s, static_cast<int8_t>(d), area2 < 0,
                       TracedLoop::smallOrNot(area2), std::move(raw)});
    }
  }

  // A state of the walk: a span, a direction, and the span's cell.
  struct WalkState {
    int s, d, x, z;
  };

  // The loop's vertices go to the packer as the walk gives them
  // (contours_raw_loop.h says how it holds a long loop).
  template <BoundaryTest test>
  RawLoop traceLoop(int startSpan, int startDir, int x, int z,
                    contours::RawLoopPacker& packer) const {
    packer.clear();
    const WalkState start{startSpan, startDir, x, z};
    bool fits = true;
    walk<test>(start, startSpan, startDir, [&](const WalkState& at) {
      if (fits) fits = packer.add(vertexAt(at));
    });
    if (fits) return packer.finish();
    // A corner past 16 bits: the loop stays plain, walked once more.
    Loop loop;
    walk<test>(start, startSpan, startDir,
               [&](const WalkState& at) { loop.push_back(vertexAt(at)); });
    return RawLoop::plain(std::move(loop));
  }

  // The (span, dir) state machine from `at` until it is back at the loop's
  // start state; each boundary edge is given to onEdge (and marked visited
  // on the bits).
  template <BoundaryTest test, class OnEdge>
  void walk(WalkState at, int startSpan, int startDir,
            const OnEdge& onEdge) const {
    auto [s, d, x, z] = at;
    // Every state is met at most once per loop: a longer walk is a bug.
    const int64_t maxSteps = 4 * int64_t{hf_.spanCount()} + 4;
    int64_t steps = 0;
    do {
      if (++steps > maxSteps) {
        throw std::logic_error(
            "optimized contour tracing did not close its "
            "loop (span " +
            std::to_string(startSpan) + ", direction " +
            std::to_string(startDir) + ")");
      }
      const bool boundary = test == kBits
                                ? isBoundary(s, d)
                                : isBoundaryOnLinks(s, cellOf(x, z), d);
      if (boundary) {
        onEdge(WalkState{s, d, x, z});
        if (test == kBits) {
          visited_[s] |= static_cast<uint8_t>(1u << (d + visitedShift_));
        }
        d = (d + 3) & 3;
      } else {
        // Not a boundary: the marking found this link mutual, to the same
        // region, so the raw target is the span across.
        s = links_.rawTarget(s, cellOf(x, z), d);
        x += kDirX[d];
        z += kDirZ[d];
        if (test == kBits && kDirZ[d] != 0) fetchRowsOn(s, x, z, kDirZ[d]);
        d = (d + 1) & 3;
      }
    } while (s != startSpan || d != startDir);
  }

  // A walk that steps to another row reads a row it has not read before
  // in each of four arrays; past the caches each read missed (tracing was
  // a third of terrain-16M's contours, 35 ms, against 0.7 of terrain-1M's
  // 4, timed in a driver). What the walk reads kWalkFetchRows rows further
  // on the same way is fetched ahead: the span index there is taken as one
  // span a cell, so on a field of several floors the fetch may miss, which
  // costs nothing but the fetch (terrain-16M's contours 101.5 -> 87.8 ms,
  // terrain-1M's 4.26 -> 4.17, minima of interleaved runs; the driver's
  // tracing 35 -> 23 ms, from one row ahead 26, from eight 23).
  // Inlined by force: out of line, GCC found the call had no effect and
  // dropped it.
  static constexpr int kWalkFetchRows = 3;
  [[gnu::always_inline]] void fetchRowsOn(int s, int x, int z, int dz) const {
    const int row = z + dz * kWalkFetchRows;
    if (row < 0 || row >= hf_.depth) return;
    __builtin_prefetch(&hf_.cellStart[cellOf(x, row)]);
    const int64_t guess = s + int64_t{dz} * kWalkFetchRows * int64_t{hf_.width};
    if (guess < 0 || guess >= spanCount_) return;
    __builtin_prefetch(&hf_.spans[guess]);
    __builtin_prefetch(&regions_[guess]);
    __builtin_prefetch(&edges_[guess]);
  }

  // The raw vertex of a boundary edge: its start corner (§6 Tracing). The
  // link across the edge serves both the corner's height and the edge's
  // neighbour value.
  int acrossOf(const WalkState& at) const {
    return links_.at(at.s, cellOf(at.x, at.z), at.d);
  }

  // Inlined by force: with the packing, GCC called it out of line from the
  // walks (with distance2's, contours_simplify.cpp, forced too:
  // checkerboard-128's and serpentine-512's contours about 4% faster).
  [[gnu::always_inline]] ContourVertex vertexAt(const WalkState& at) const {
    const int across = acrossOf(at);
    return {at.x + kCornerDX[at.d], cornerY(at, across), at.z + kCornerDZ[at.d],
            neighbourValue(at, across)};
  }

  // Region of the span across the edge; 0 for a missing link inside the
  // grid; -1 past it.
  int neighbourValue(const WalkState& at, int across) const {
    if (across >= 0) return regions_[across];
    return hf_.insideGrid(at.x + kDirX[at.d], at.z + kDirZ[at.d]) ? 0
                                                                  : kTileBorder;
  }

  // Readings R3: the highest floor around the start corner, both diagonal
  // routes included.
  int cornerY(const WalkState& at, int across) const {
    const auto [s, d, x, z] = at;
    const int d1 = (d + 1) & 3;
    int y = hf_.spans[s].y;
    const int b = links_.at(s, cellOf(x, z), d1);
    if (across >= 0) {
      y = std::max(y, hf_.spans[across].y);
      const int c = links_.at(across, cellOf(x + kDirX[d], z + kDirZ[d]), d1);
      if (c >= 0) y = std::max(y, hf_.spans[c].y);
    }
    if (b >= 0) {
      y = std::max(y, hf_.spans[b].y);
      const int c = links_.at(b, cellOf(x + kDirX[d1], z + kDirZ[d1]), d);
      if (c >= 0) y = std::max(y, hf_.spans[c].y);
    }
    return y;
  }

  const Heightfield& hf_;
  const std::vector<int>& regions_;
  LiveLinks links_;  // each span's links are read a few times, in order
  int spanCount_;
  Scratch& scratch_;
  // Bits 0-3 boundary, 4-7 visited (one thread), per direction; by span.
  ScratchArray<uint8_t> edges_;
  ScratchArray<uint8_t> visitedApart_;  // with threads: bits 0-3 visited
  uint8_t* visited_;
  unsigned visitedShift_ = kVisitedShift;
  std::vector<int> regionArea_ = std::vector<int>(1, 0);  // by region id
};

// A region's loops: their indices among all traced loops (4 bytes a loop
// at the joining's peak, where pointers took 8).
struct RegionLoops {
  TracedLoop* all = nullptr;
  std::span<const int> which;
  size_t size() const { return which.size(); }
  bool empty() const { return which.empty(); }
  TracedLoop& operator[](size_t i) const { return all[which[i]]; }
};

struct Outline {
  const TracedLoop* traced;
  SimplifiedLoop simplified;
  int64_t area2;
  Box box;
  std::vector<int> holes;  // assigned, discovery order
};

// Each region's contours (§6 Holes, Output) appended to `out`, one region
// after another; the outline and hole lists are kept from region to region
// (a field of many small regions allocated them once a region).
class RegionContours {
 public:
  // `scratch`: where a large joining's arrays come from, or none (parts
  // side by side).
  RegionContours(const Settings& settings, const Tracer& tracer,
                 ContourSet& out, Scratch* scratch)
      : settings_(settings), tracer_(tracer), out_(out), scratch_(scratch) {}

  void build(int region, const BorderRules& rules, const RegionLoops& loops) {
    region_ = region;
    rules_ = &rules;
    loops_ = loops;
    outlines_.clear();
    holeTraced_.clear();
    holeLoops_.clear();
    // Exact room: a list doubled as it grew held up to twice its holes.
    size_t holes = 0;
    for (size_t i = 0; i < loops.size(); ++i) holes += loops[i].hole;
    holeTraced_.reserve(holes);
    holeLoops_.reserve(holes);
    for (size_t i = 0; i < loops.size(); ++i) simplify(static_cast<int>(i));
    for (size_t h = 0; h < holeLoops_.size(); ++h) assign(static_cast<int>(h));
    for (Outline& outline : outlines_) emit(outline);
  }

 private:
  // The region's `index`th loop.
  void simplify(int index) {
    TracedLoop& loop = loops_[index];
    SimplifiedLoop simplified =
        contours::simplifyLoop(loop.raw, loop.area2(), settings_, *rules_);
    if (simplified.rawFallback) ++out_.rawFallbacks;
    // Read again only by a retry of the join or the raw output: without
    // the latter, traced again for the former (rare), and not held at the
    // joining's peak (pillars4-256's contours 4.8 bytes a span less).
    if (!settings_.rawContours) loop.raw.release();
    if (loop.hole) {
      holeTraced_.push_back(index);
      holeLoops_.push_back(std::move(simplified.vertices));
      return;
    }
    const int64_t area2 = simplified.area2;
    const Box box = contours::boundingBox(simplified.vertices);
    outlines_.push_back({&loop, std::move(simplified), area2, box, {}});
  }

  const TracedLoop& traced(int hole) const { return loops_[holeTraced_[hole]]; }

  // A loop's raw vertices, kept or traced again (simplify).
  Loop rawOf(const TracedLoop& loop) const {
    return settings_.rawContours ? loop.raw.toLoop()
                                 : tracer_.retrace(loop).toLoop();
  }

  // The smallest outline containing the hole's leftmost vertex, ties to the
  // earlier one; a point outside an outline's box is outside the outline.
  void assign(int h) {
    const Loop& hole = holeLoops_[h];
    const ContourVertex& p = hole[contours::leftmostIndex(hole)];
    Outline* best = nullptr;
    for (Outline& outline : outlines_) {
      if (best && outline.area2 >= best->area2) continue;
      if (!outline.box.contains(p)) continue;
      if (contours::containsPoint(outline.simplified.vertices, p)) {
        best = &outline;
      }
    }
    if (best) {
      best->holes.push_back(h);
    } else {
      ++out_.droppedHoles;
    }
  }

  // Takes the holes' simplified loops, which nothing reads after the join
  // (a retry joins the raw loops): the whole list where the outline has
  // every hole (they are then in discovery order), with no second list.
  contours::JoinResult join(const Outline& outline) {
    std::vector<Loop> loops;
    if (outline.holes.size() == holeLoops_.size()) {
      loops = std::move(holeLoops_);
    } else {
      loops.reserve(outline.holes.size());
      for (int h : outline.holes) loops.push_back(std::move(holeLoops_[h]));
    }
    // Only the simplified loops' join is tested for a crossing.
    return contours::joinHoles(outline.simplified.vertices, std::move(loops),
                               region_, true, scratch_);
  }

  // The raw loops unpacked, for this retry only.
  contours::JoinResult joinRaw(const Outline& outline) const {
    std::vector<Loop> holes;
    holes.reserve(outline.holes.size());
    for (int h : outline.holes) holes.push_back(rawOf(traced(h)));
    return contours::joinHoles(rawOf(*outline.traced), std::move(holes),
                               region_, false, scratch_);
  }

  // Takes the simplified loop, which emit() needs no more.
  Loop joinedLoop(Outline& outline) {
    if (outline.holes.empty()) return std::move(outline.simplified.vertices);
    bool raw = false;
    contours::JoinResult joined = join(outline);
    if (joined.properCrossing) {
      ++out_.rawFallbacks;
      raw = true;
      joined = joinRaw(outline);
    }
    out_.droppedHoles += joined.failed;
    if (contours::signedArea2(joined.loop) > 0) return std::move(joined.loop);
    out_.droppedHoles += joined.joined;
    return raw ? rawOf(*outline.traced)
               : std::move(outline.simplified.vertices);
  }

  void emit(Outline& outline) {
    Contour contour;
    contour.region = region_;
    contour.area = rules_->ownArea;
    contour.vertices = joinedLoop(outline);
    if (settings_.rawContours) {
      contour.rawOutline = outline.traced->raw.toLoop();
      std::vector<Loop> rawHoles;
      for (int h : outline.holes) {
        rawHoles.push_back(traced(h).raw.toLoop());
      }
      contour.rawHoles = std::move(rawHoles);
    }
    out_.contours.push_back(std::move(contour));
  }

  int region_ = 0;
  const BorderRules* rules_ = nullptr;
  const Settings& settings_;
  const Tracer& tracer_;
  ContourSet& out_;
  Scratch* scratch_;
  std::vector<Outline> outlines_;  // discovery order
  RegionLoops loops_;              // the region's
  // The holes, discovery order: each one's traced loop (its index in
  // loops_, half a pointer's bytes), and its simplified loop until joined.
  std::vector<int> holeTraced_;
  std::vector<Loop> holeLoops_;
};

// Loops grouped by region id, discovery order kept within each group: one
// array cut by a counting sort rather than a list per region. A region's
// raw loops still held (raw contours asked for) are freed once its
// contours are built (`release`), so the contours built so far take the
// place of loops read no more instead of adding to them at the peak.
class LoopGroups {
 public:
  LoopGroups(std::vector<TracedLoop>& loops, const std::vector<int>& regions,
             int regionSlots)
      : all_(loops.data()), start_(regionSlots + 1, 0), which_(loops.size()) {
    for (const TracedLoop& loop : loops) ++start_[regions[loop.startSpan] + 1];
    std::partial_sum(start_.begin(), start_.end(), start_.begin());
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (size_t i = 0; i < loops.size(); ++i) {
      which_[fill[regions[loops[i].startSpan]]++] = static_cast<int>(i);
    }
  }
  int slots() const { return static_cast<int>(start_.size()) - 1; }
  RegionLoops of(int region) const {
    return {
        all_,
        {which_.data() + start_[region], which_.data() + start_[region + 1]}};
  }
  // The contours regions r0..r1 - 1 give: one an outline.
  size_t outlinesIn(int r0, int r1) const {
    size_t count = 0;
    for (int i = start_[r0]; i < start_[r1]; ++i) {
      count += all_[which_[i]].hole ? 0 : 1;
    }
    return count;
  }
  // Each region is released by the one part that builds it.
  void release(int region) {
    for (int i = start_[region]; i < start_[region + 1]; ++i) {
      all_[which_[i]].raw.release();
    }
  }

 private:
  TracedLoop* all_;
  std::vector<int> start_;
  std::vector<int> which_;  // region by region, discovery order within one
};

// §6 treats each region's loops on their own: parts take ranges of region
// ids, each builds its contours into its own set, and the sets are joined
// in part order, which is region id order.
ContourSet contoursByRegion(LoopGroups& groups,
                            const std::vector<int>& regionArea,
                            const Tracer& tracer, const Settings& settings,
                            Workers& workers, Scratch& scratch) {
  // A Scratch serves one thread at a time.
  Scratch* const shared = workers.count() == 1 ? &scratch : nullptr;
  const int slots = groups.slots();
  std::vector<ContourSet> parts(workers.partsFor(slots, kMinRegionsPerPart));
  workers.forRanges(slots, kMinRegionsPerPart, [&](int r0, int r1, int part) {
    // Sized once: doubling moved every contour and, at the last doubling,
    // held both arrays (a field of one-cell regions peaked there).
    parts[part].contours.reserve(groups.outlinesIn(r0, r1));
    RegionContours builder(settings, tracer, parts[part], shared);
    for (int r = std::max(r0, 1); r < r1; ++r) {
      if (groups.of(r).empty()) continue;
      const BorderRules rules{&regionArea, settings.borderRegion,
                              regionArea[r]};
      builder.build(r, rules, groups.of(r));
      groups.release(r);
    }
  });
  ContourSet out = std::move(parts[0]);
  if (parts.size() > 1) out.contours.reserve(groups.outlinesIn(0, slots));
  for (size_t p = 1; p < parts.size(); ++p) {
    out.rawFallbacks += parts[p].rawFallbacks;
    out.droppedHoles += parts[p].droppedHoles;
    std::move(parts[p].contours.begin(), parts[p].contours.end(),
              std::back_inserter(out.contours));
  }
  return out;
}

}  // namespace

ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings, Threads threads,
                         Scratch& scratch) {
  Workers workers(threads, hf.spanCount());
  std::vector<int> regionArea;
  Tracer tracer(hf, regions, scratch);
  std::vector<TracedLoop> loops = tracer.traceAll(regionArea, workers);
  LoopGroups groups(loops, regions, static_cast<int>(regionArea.size()));
  return contoursByRegion(groups, regionArea, tracer, settings, workers,
                          scratch);
}

ContourSet buildContours(const Heightfield& hf, const std::vector<int>& regions,
                         const Settings& settings, Threads threads) {
  Scratch scratch = ScratchAccess::forOneCall();
  return buildContours(hf, regions, settings, threads, scratch);
}

}  // namespace regcon::opt
