// The merged loop of hole joining (contours_holes.cpp, readings R11): a
// circular list of vertex occurrences that keeps their order along the loop
// as it grows. Internal to optimized/contours*.cpp; a header of its own so
// that a test can check the order on its own.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "core/types.h"
#include "optimized/scratch.h"

namespace regcon::opt::contours {

// The merged loop as a circular list of vertex occurrences (nodes), each
// with a label that increases along the loop from node 0 (list labelling).
// Splicing a hole in is then local, where a flat loop would be copied for
// each hole, and the "lowest index" of readings R11 among tied nodes is the
// lowest label: two nodes' places compare in O(1), where an index would
// take a tree walk. Node 0 is the outline's first vertex; nothing is ever
// inserted before it, so it stays first.
class MergedLoop {
 public:
  // Room for `capacity` nodes, so that growing to that many never copies
  // them. Its arrays come from `scratch` (kept there from call to call, so
  // that their pages are not faulted in again).
  MergedLoop(const Loop& outline, int64_t capacity, Scratch& scratch)
      : scratch_(scratch),
        room_(static_cast<size_t>(
            std::max<int64_t>(capacity, static_cast<int64_t>(outline.size())))),
        nodes_(scratch, room_),
        vertices_(scratch, room_) {
    std::copy(outline.begin(), outline.end(), vertices_.data());
    size_ = outline.size();
    labelOutline(room_);
  }

  // Room laid out for joining `holes`: the outline's nodes, then each
  // hole's vertices and two nodes more (its first vertex and its bridge's
  // node again, set by the splice). Each hole's own list is freed once
  // copied in, and the links and labels come after the last: the holes
  // take no room beside the loop's at the joining's peak.
  MergedLoop(const Loop& outline, std::vector<Loop> holes, Scratch& scratch)
      : scratch_(scratch),
        room_(roomFor(outline, holes)),
        vertices_(scratch, room_) {
    holeStart_.reserve(holes.size() + 1);
    ContourVertex* to =
        std::copy(outline.begin(), outline.end(), vertices_.data());
    for (Loop& hole : holes) {
      holeStart_.push_back(static_cast<int>(to - vertices_.data()));
      to = std::copy(hole.begin(), hole.end(), to);
      to = std::fill_n(to, 2, ContourVertex{});
      Loop().swap(hole);
    }
    holeStart_.push_back(static_cast<int>(room_));
    std::vector<Loop>().swap(holes);
    size_ = room_;
    nodes_ = ScratchArray<Node>(scratch, room_);
    labelOutline(room_);
  }
  // The nodes a loop laid out for joining `holes` has room for.
  static size_t roomFor(const Loop& outline, const std::vector<Loop>& holes) {
    size_t room = outline.size();
    for (const Loop& hole : holes) room += hole.size() + 2;
    return room;
  }
  MergedLoop(const MergedLoop&) = delete;
  MergedLoop& operator=(const MergedLoop&) = delete;

  int nodeCount() const { return static_cast<int>(size_); }
  const ContourVertex& at(int node) const { return vertices_[node]; }
  int prev(int node) const { return nodes_[node].prev; }
  int next(int node) const { return nodes_[node].next; }
  void setNeighbor(int node, int value) { vertices_[node].neighbor = value; }

  // Orders nodes as their indices in the loop would.
  uint64_t label(int node) const { return nodes_[node].label; }

  // Holes laid out by the constructor: their count, and hole h's vertices
  // (not in the loop until spliced), followed by its two spare nodes.
  int holeCount() const { return static_cast<int>(holeStart_.size()) - 1; }
  int holeFirst(int h) const { return holeStart_[h]; }
  // The node of hole h's bridge node again (its last spare).
  int holeAgain(int h) const { return holeStart_[h + 1] - 1; }
  int holeSize(int h) const { return holeStart_[h + 1] - holeStart_[h] - 2; }
  std::span<ContourVertex> hole(int h) {
    return {vertices_.data() + holeStart_[h], static_cast<size_t>(holeSize(h))};
  }
  std::span<const ContourVertex> hole(int h) const {
    return {vertices_.data() + holeStart_[h], static_cast<size_t>(holeSize(h))};
  }
  void setVertex(int node, const ContourVertex& v) { vertices_[node] = v; }
  std::span<const ContourVertex> outline() const {
    return {vertices_.data(), outlineSize()};
  }

  // New nodes for `run`, in order, right after `node` in the loop; returns
  // the first (the others follow it in nodes_). roomyAfter and chain: as
  // linkRunAfter.
  int insertRunAfter(int node, const Loop& run, int roomyAfter = -1,
                     bool chain = false) {
    if (run.size() > room_ - size_) grow(2 * (size_ + run.size()));
    const int first = nodeCount();
    std::copy(run.begin(), run.end(), vertices_.data() + size_);
    size_ += run.size();
    linkRunAfter(node, first, static_cast<int>(run.size()), roomyAfter, chain);
    return first;
  }

  // Links nodes first..first + count - 1, which hold their vertices, in
  // that order right after `node`. The run shares the gap after `node`:
  // evenly (a hole's vertices taken one at a time would halve it at
  // each), or, with `roomyAfter` (0 <= roomyAfter < count - 1), the gap
  // after the run's node roomyAfter, where the caller expects the next
  // runs, takes half of it, or all but a 2^-kChainShift share where the
  // caller expects a chain of runs, each after the one before (the gap
  // then halves about every 177 runs of the chain, where it halved at
  // each); the rest is shared evenly.
  void linkRunAfter(int node, int first, int count, int roomyAfter = -1,
                    bool chain = false) {
    const int after = nodes_[node].next;
    const uint64_t low = nodes_[node].label;
    const uint64_t high = after == 0 ? kLabelEnd : nodes_[after].label;
    const auto gaps = static_cast<uint64_t>(count + 1);
    const uint64_t gap = high - low;
    uint64_t step = 0;
    if (roomyAfter < 0) {
      step = gap / gaps;
    } else {
      if (chain) step = (gap >> kChainShift) / static_cast<uint64_t>(count);
      if (step == 0) step = gap / (2 * static_cast<uint64_t>(count));
    }
    const uint64_t roomy = gap - (gaps - 1) * step;
    uint64_t label = low;
    for (int k = 0; k < count; ++k) {
      label += roomyAfter >= 0 && k == roomyAfter + 1 ? roomy : step;
      nodes_[first + k] = {k == 0 ? node : first + k - 1,
                           k + 1 == count ? after : first + k + 1, label};
    }
    nodes_[node].next = first;
    nodes_[after].prev = first + count - 1;
    if (step == 0) relabelAround(first, first + count - 1, count);
  }

  Loop toLoop() const {
    Loop loop;
    loop.reserve(size_);
    int node = 0;
    do {
      loop.push_back(vertices_[node]);
      node = nodes_[node].next;
    } while (node != 0);
    return loop;
  }

 private:
  // A node's links and label; its vertex is in vertices_, by the same
  // index. Apart, a relabelling walk reads 16 bytes a node, where it read
  // 32 with the vertex beside them (pillars-512's contours about a tenth
  // faster, interleaved).
  struct Node {
    int prev, next;
    uint64_t label;
  };

  // Labels are below 2^62; a node appended last takes the middle of the gap
  // up to here.
  static constexpr int kLabelBits = 62;
  static constexpr uint64_t kLabelEnd = uint64_t{1} << kLabelBits;
  // 2 / T of Bender et al. at its lowest (T = 1.75): the sparser a range
  // must be to be spread, the more room each gap gets and the fewer
  // spreads follow (the contours of pillars-128, pillars4-256 and
  // pillars8-512 7-8% faster than at T = 1.4, pillars-512 4%, interleaved
  // minima; at T = 1.85 pillars-512 took 40% longer).
  static constexpr double kLeastGrowth = 2.0 / 1.75;
  // A chain's runs leave all but 1/256 of the gap to the next: pillars-512's
  // respreadings walk 6,497 nodes in all (at 1/16, 214,197, one of them
  // 207,700; at 1/4096 as at 1/256, but rooms-256's 15 where 10).
  static constexpr int kChainShift = 8;

  // The outline's nodes (the first ones) linked round and labelled evenly,
  // with the growth bound set for `room` nodes.
  void labelOutline(size_t room) {
    growth_ = std::max(kLeastGrowth, std::pow(2.0 * static_cast<double>(room),
                                              1.0 / kLabelBits));
    const int n = static_cast<int>(outlineSize());
    const uint64_t step = kLabelEnd / static_cast<uint64_t>(n);
    for (int node = 0; node < n; ++node) {
      nodes_[node] = {(node + n - 1) % n, (node + 1) % n,
                      static_cast<uint64_t>(node) * step};
    }
  }
  size_t outlineSize() const {
    return holeStart_.empty() ? size_ : static_cast<size_t>(holeStart_.front());
  }

  // Arrays of `room` nodes, the nodes in use copied in.
  void grow(size_t room) {
    ScratchArray<Node> nodes(scratch_, room);
    ScratchArray<ContourVertex> vertices(scratch_, room);
    std::copy(nodes_.data(), nodes_.data() + size_, nodes.data());
    std::copy(vertices_.data(), vertices_.data() + size_, vertices.data());
    nodes_ = std::move(nodes);
    vertices_ = std::move(vertices);
    room_ = room;
  }

  // The run first..last (`count` nodes) found no room between the labels
  // of its neighbours (its first node shares the label of the node before
  // it; a later one may share that of the node after it): spread the nodes
  // of the smallest aligned label range around its first node that is
  // sparse enough (fewer than growth_^i nodes in a range of 2^i
  // labels) evenly over that range (Bender et al., "Two simplified
  // algorithms for maintaining order in a list", 2002: O(log n) relabelled
  // nodes an insertion, amortized, while the whole range is sparse enough
  // for every node the loop was made room for). The whole range is spread
  // whatever its density: 2^62 labels hold any int count of nodes.
  void relabelAround(int first, int last, int count) {
    // The ranges grow around the run, each holding the one before: the
    // walk only ever moves outward, so it reads each node once. The nodes
    // it passes before the run go in behind_, those after it in ahead_, so
    // that the labelling does not follow the links again.
    const int runFirst = first;
    behind_.clear();
    ahead_.clear();
    const uint64_t label = nodes_[first].label;
    double limit = 1.0;
    for (int bits = 1; bits <= kLabelBits; ++bits) {
      limit *= growth_;
      const uint64_t start = label >> bits << bits;
      const uint64_t end = start + (uint64_t{1} << bits);
      for (int n = nodes_[first].prev; first != 0 && nodes_[n].label >= start;
           n = nodes_[n].prev) {
        behind_.push_back(n);
        first = n;
      }
      for (int n = nodes_[last].next; n != 0 && nodes_[n].label < end;
           n = nodes_[n].next) {
        ahead_.push_back(n);
        last = n;
      }
      const int total =
          count + static_cast<int>(behind_.size() + ahead_.size());
      if (total >= limit && bits < kLabelBits) continue;
      const uint64_t step = (end - start) / static_cast<uint64_t>(total);
      uint64_t next = start;
      auto relabel = [&](int n) {
        nodes_[n].label = next;
        next += step;
      };
      std::for_each(behind_.rbegin(), behind_.rend(), relabel);
      for (int k = 0; k < count; ++k) relabel(runFirst + k);
      std::for_each(ahead_.begin(), ahead_.end(), relabel);
      return;
    }
  }

  double growth_ = kLeastGrowth;
  Scratch& scratch_;
  size_t room_;      // nodes the arrays hold
  size_t size_ = 0;  // nodes in use
  // Plain arrays, written before they are read: no pass zeroes them.
  ScratchArray<Node> nodes_;
  ScratchArray<ContourVertex> vertices_;
  std::vector<int> behind_, ahead_;  // relabelAround's walk, kept
  // Where each hole's room starts, and the end of the last; empty for a
  // loop grown by insertRunAfter.
  std::vector<int> holeStart_;
};

}  // namespace regcon::opt::contours
