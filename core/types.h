// Shared data model of regcon: the compact heightfield, settings and the
// results of the region and contour stages (spec build3d-regions-contours.md,
// interchange.md). Only data and data access live here; every algorithmic
// step is written in reference/ and again in optimized/.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace regcon {

// Directions of the compact heightfield: 0 = -x, 1 = +z, 2 = +x, 3 = -z.
constexpr int kDirX[4] = {-1, 0, 1, 0};
constexpr int kDirZ[4] = {0, 1, 0, -1};
constexpr int kNoLink = -1;
constexpr int kTileBorder = -1;  // Contours.TileBorder

struct Span {
  int y = 0;
  int area = 0;
  // Index, counted bottom up, of the target span in the neighbouring cell, or
  // kNoLink. Links may be one-way: this is the raw link, not the neighbour.
  std::array<int, 4> link{kNoLink, kNoLink, kNoLink, kNoLink};
  bool operator==(const Span&) const = default;
};

struct Heightfield {
  int width = 0;
  int depth = 0;
  // Spans per cell (0-63, interchange §1), cell (x, z) at x + z * width;
  // one byte each, so a sparse grid costs a reader 5 bytes per cell.
  std::vector<uint8_t> counts;
  std::vector<int> cellStart;  // first span index of each cell (derived)
  std::vector<Span> spans;     // span-index order
  std::vector<int> spanCell;   // cell of each span (derived)
  std::optional<std::vector<int>> regions;  // given partition (interchange §1)
  std::optional<std::vector<int>> layers;   // cached layer ids (readings R4)

  int spanCount() const { return static_cast<int>(spans.size()); }
  int cellX(int span) const { return spanCell[span] % width; }
  int cellZ(int span) const { return spanCell[span] / width; }
  bool insideGrid(int x, int z) const {
    return x >= 0 && z >= 0 && x < width && z < depth;
  }
  // Global index of the span the raw link of `span` in `dir` names, or -1.
  // Says nothing about the link back; the mutual relation is an algorithm.
  int linkTarget(int span, int dir) const;
  // Fills cellStart and spanCell from counts (call after editing counts).
  void index();
  // Same grid, spans, links, regions and layers (the derived members follow
  // from counts).
  bool operator==(const Heightfield&) const = default;
};

enum class Partition { Watershed, Monotone, Layers, LayerFirst };

const char* partitionName(Partition p);
std::optional<Partition> parsePartition(const std::string& name);

// Spec §7 defaults.
struct Settings {
  Partition partition = Partition::Watershed;
  int64_t minRegionArea = 64;
  int64_t mergeRegionArea = 400;
  double maxError = 1.3;
  int64_t maxEdgeLength = 12;
  bool straightRegionBorders = true;
  int64_t borderRegion = 0;
  bool rawContours = false;
  bool operator==(const Settings&) const = default;
};

struct RegionResult {
  int regionCount = 0;
  std::vector<int> regions;                   // per span
  std::optional<std::vector<int>> distances;  // §1 field, when computed
  bool operator==(const RegionResult&) const = default;
};

struct ContourVertex {
  int x = 0;
  int y = 0;
  int z = 0;
  int neighbor = 0;  // neighbour value of the edge to the next vertex
  bool operator==(const ContourVertex&) const = default;
};

using Loop = std::vector<ContourVertex>;

struct Contour {
  int region = 0;
  int area = 0;
  Loop vertices;
  std::optional<Loop> rawOutline;
  std::optional<std::vector<Loop>> rawHoles;
  bool operator==(const Contour&) const = default;
};

struct ContourSet {
  int rawFallbacks = 0;
  int droppedHoles = 0;
  std::vector<Contour> contours;
  bool operator==(const ContourSet&) const = default;
  // Every contour's simplified vertices, summed.
  int64_t vertexCount() const;
};

struct StageResult {
  RegionResult regions;
  ContourSet contours;
  bool operator==(const StageResult&) const = default;
};

// Bad input: a document that breaks a rule of interchange.md. The message
// names the document, the key or span index, and the rule.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A stage or implementation that does not exist yet (CLI exit code 3).
class NotImplemented : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace regcon
