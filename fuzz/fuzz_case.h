// The byte format of the pipeline, contour and distance harnesses: any bytes
// decode to a valid heightfield (interchange §1) and settings, and every
// decoded case encodes back to bytes that decode to the same case, so the
// structure-aware mutator (fuzz/mutator.h) can decode, edit fields and
// encode. The layout keeps one span's fields together (offset, area,
// region, layer, four link codes), so byte-level mutation (AFL++,
// libFuzzer's own mutators) still edits one span at a time.
//
//   header: flags partition minRegionArea mergeRegionArea(2) maxError
//           maxEdgeLength straight borderRegion raw climb yBase(2)
//           width depth
//   cells (x fastest): count, then per span: y step, area, [region],
//           [layer], link code x4
//
// flags: bit 0 a given partition (`regions`), bit 1 cached layers
// (`layers`, readings R4); each adds its byte to every span.
//
// A missing byte reads 0, so a truncated case is a smaller valid one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace regcon::fuzz {

constexpr int kMaxCaseSide = 16;   // small fields run fast
constexpr int kMaxCaseFloors = 8;  // spans per column
constexpr int kRuleLink = -2;      // the builder's link (core/builder.h)

struct CaseSpan {
  int y = 0;
  int area = 63;
  int region = 0;  // only with FuzzCase::hasRegions
  int layer = 0;   // only with FuzzCase::hasLayers
  // kRuleLink, kNoLink or the index of the target in the neighbour column.
  std::array<int, 4> link{kRuleLink, kRuleLink, kRuleLink, kRuleLink};
};

struct FuzzCase {
  Settings settings;
  bool hasRegions = false;  // a given partition (interchange §1 `regions`)
  bool hasLayers = false;   // cached layer ids (interchange §1 `layers`)
  int climb = 1;            // the builder's link rule
  int width = 1;
  int depth = 1;
  std::vector<std::vector<CaseSpan>> cells;  // x + z * width, bottom up

  std::vector<CaseSpan>& cell(int x, int z) { return cells[x + z * width]; }
};

FuzzCase decodeCase(const uint8_t* data, size_t size);
std::vector<uint8_t> encodeCase(const FuzzCase& fuzzCase);

// Puts an edited case back into the format's ranges: sides, floors per
// column, y strictly increasing within 0..65535, link targets that exist,
// one area per given region id (readings R12). Decoded cases are already
// normal; the mutator calls this after every edit.
void normalize(FuzzCase& fuzzCase);

// Spans through the one builder, then the links the codes name.
Heightfield toHeightfield(const FuzzCase& fuzzCase);

// The nearest case to a heightfield (for seeds): values outside the
// format's ranges are clamped, links the rule gives are coded as rule links.
FuzzCase fromHeightfield(const Heightfield& hf, const Settings& settings,
                         int climb);

}  // namespace regcon::fuzz
