#include "fuzz/fuzz_case.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/builder.h"
#include "core/limits.h"

namespace regcon::fuzz {
namespace {

constexpr int kMaxY = static_cast<int>(limits::kMaxY);

// Bytes in order; 0 once they run out.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  int byte() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }
  int word() { return (byte() << 8) | byte(); }

 private:
  const uint8_t* data_;
  size_t size_;
};

// Most bytes give a common area (walkable 63, a second area 1, or none);
// the rest name 0..127 exactly.
constexpr int kCommonAreas[4] = {63, 63, 1, 0};
int decodeArea(int b) {
  return b < 128 ? kCommonAreas[b & 3] : b - 128;
}
int encodeArea(int area) {
  if (area == 63) return 0;
  if (area == 1) return 2;
  if (area == 0) return 3;
  return 128 + std::min(area, 127);
}

// Most columns hold one floor; a quarter none; the rest 2..kMaxCaseFloors.
int decodeCount(int b) {
  if (b < 64) return 0;
  if (b < 192) return 1;
  return 2 + (b - 192) % (kMaxCaseFloors - 1);
}
int encodeCount(int count) {
  if (count == 0) return 0;
  if (count == 1) return 64;
  return 192 + count - 2;
}

// Half the codes are the builder's link, one none, the rest a target.
int decodeLink(int b) {
  return b < 128 ? kRuleLink : b == 128 ? kNoLink : b - 129;
}
int encodeLink(int link) {
  if (link == kRuleLink) return 0;
  if (link == kNoLink) return 128;
  return 129 + link;
}

Settings decodeSettings(ByteReader& in) {
  Settings s;
  s.partition = static_cast<Partition>(in.byte() & 3);
  s.minRegionArea = in.byte();
  s.mergeRegionArea = in.word();
  s.maxError = in.byte() / 10.0;
  s.maxEdgeLength = in.byte();
  s.straightRegionBorders = (in.byte() & 1) == 0;
  s.borderRegion = in.byte() & 15;
  s.rawContours = (in.byte() & 1) == 0;
  return s;
}

void encodeSettings(const Settings& s, std::vector<uint8_t>& out) {
  auto clampByte = [](int64_t v) {
    return static_cast<uint8_t>(std::clamp<int64_t>(v, 0, 255));
  };
  const int64_t merge = std::clamp<int64_t>(s.mergeRegionArea, 0, 65535);
  out.push_back(static_cast<uint8_t>(s.partition));
  out.push_back(clampByte(s.minRegionArea));
  out.push_back(static_cast<uint8_t>(merge >> 8));
  out.push_back(static_cast<uint8_t>(merge & 255));
  out.push_back(clampByte(std::llround(s.maxError * 10.0)));
  out.push_back(clampByte(s.maxEdgeLength));
  out.push_back(s.straightRegionBorders ? 0 : 1);
  out.push_back(clampByte(std::min<int64_t>(s.borderRegion, 15)));
  out.push_back(s.rawContours ? 0 : 1);
}

// The lowest floor of every column, the base the per-column steps add to.
int lowestFloor(const FuzzCase& c) {
  int base = kMaxY;
  for (const auto& cell : c.cells) {
    if (!cell.empty()) base = std::min(base, cell.front().y);
  }
  return base == kMaxY && std::all_of(c.cells.begin(), c.cells.end(),
                                      [](const auto& v) { return v.empty(); })
             ? 0
             : base;
}

int neighbourCount(const FuzzCase& c, int x, int z, int dir) {
  const int nx = x + kDirX[dir], nz = z + kDirZ[dir];
  if (nx < 0 || nz < 0 || nx >= c.width || nz >= c.depth) return -1;
  return static_cast<int>(c.cells[nx + nz * c.width].size());
}

void normalizeLinks(FuzzCase& c) {
  for (int z = 0; z < c.depth; ++z) {
    for (int x = 0; x < c.width; ++x) {
      for (CaseSpan& span : c.cell(x, z)) {
        for (int d = 0; d < 4; ++d) {
          const int count = neighbourCount(c, x, z, d);
          int& link = span.link[d];
          if (count <= 0) {
            link = kNoLink;
          } else if (link >= 0) {
            link %= count;
          } else if (link != kNoLink) {
            link = kRuleLink;
          }
        }
      }
    }
  }
}

// Layer ids are bytes, and only a case with cached layers carries them.
void normalizeLayers(FuzzCase& c) {
  for (auto& cell : c.cells) {
    for (CaseSpan& span : cell) {
      span.layer = c.hasLayers ? std::clamp(span.layer, 0, 255) : 0;
    }
  }
}

// Readings R12: one area per given id. A span whose id was first seen with
// another area leaves the region (id 0), so a valid partition is unchanged.
void normalizeRegions(FuzzCase& c) {
  std::map<int, int> areaOf;
  for (auto& cell : c.cells) {
    for (CaseSpan& span : cell) {
      if (!c.hasRegions) span.region = 0;
      span.region = std::clamp(span.region, 0, 255);
      if (span.region == 0) continue;
      const auto [it, added] = areaOf.emplace(span.region, span.area);
      if (!added && it->second != span.area) span.region = 0;
    }
  }
}

// y strictly increasing, steps within the format's ranges, at most
// kMaxCaseFloors per column.
void normalizeColumn(std::vector<CaseSpan>& cell, int base) {
  if (cell.size() > kMaxCaseFloors) cell.resize(kMaxCaseFloors);
  int floor = base;  // the lowest y the next span may take
  int top = base + 255;
  for (size_t i = 0; i < cell.size(); ++i) {
    cell[i].y = std::clamp(cell[i].y, floor, top);
    cell[i].area = std::clamp(cell[i].area, 0, 127);
    if (cell[i].y > kMaxY) {
      cell.resize(i);
      return;
    }
    floor = cell[i].y + 1;
    top = cell[i].y + 256;
  }
}

}  // namespace

void normalize(FuzzCase& c) {
  c.width = std::clamp(c.width, 1, kMaxCaseSide);
  c.depth = std::clamp(c.depth, 1, kMaxCaseSide);
  c.climb = std::clamp(c.climb, 0, 255);
  c.cells.resize(static_cast<size_t>(c.width * c.depth));
  const int base = std::clamp(lowestFloor(c), 0, kMaxY);
  for (auto& cell : c.cells) normalizeColumn(cell, base);
  normalizeLinks(c);
  normalizeRegions(c);
  normalizeLayers(c);
  Settings& s = c.settings;
  s.minRegionArea = std::clamp<int64_t>(s.minRegionArea, 0, 255);
  s.mergeRegionArea = std::clamp<int64_t>(s.mergeRegionArea, 0, 65535);
  s.maxError = std::clamp(std::round(s.maxError * 10.0) / 10.0, 0.0, 25.5);
  s.maxEdgeLength = std::clamp<int64_t>(s.maxEdgeLength, 0, 255);
  s.borderRegion = std::clamp<int64_t>(s.borderRegion, 0, 15);
}

FuzzCase decodeCase(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  FuzzCase c;
  const int flags = in.byte();
  c.hasRegions = (flags & 1) != 0;
  c.hasLayers = (flags & 2) != 0;
  c.settings = decodeSettings(in);
  c.climb = in.byte();
  const int base = std::min(in.word(), kMaxY);
  c.width = 1 + in.byte() % kMaxCaseSide;
  c.depth = 1 + in.byte() % kMaxCaseSide;
  c.cells.resize(static_cast<size_t>(c.width * c.depth));
  for (auto& cell : c.cells) {
    const int count = decodeCount(in.byte());
    int y = base;
    for (int i = 0; i < count; ++i) {
      CaseSpan span;
      y += in.byte() + (i == 0 ? 0 : 1);
      span.y = y;
      span.area = decodeArea(in.byte());
      if (c.hasRegions) span.region = in.byte();
      if (c.hasLayers) span.layer = in.byte();
      for (int& link : span.link) link = decodeLink(in.byte());
      cell.push_back(span);
    }
  }
  normalize(c);
  return c;
}

std::vector<uint8_t> encodeCase(const FuzzCase& c) {
  std::vector<uint8_t> out;
  out.push_back(
      static_cast<uint8_t>((c.hasRegions ? 1 : 0) | (c.hasLayers ? 2 : 0)));
  encodeSettings(c.settings, out);
  out.push_back(static_cast<uint8_t>(std::clamp(c.climb, 0, 255)));
  const int base = lowestFloor(c);
  out.push_back(static_cast<uint8_t>(base >> 8));
  out.push_back(static_cast<uint8_t>(base & 255));
  out.push_back(static_cast<uint8_t>(c.width - 1));
  out.push_back(static_cast<uint8_t>(c.depth - 1));
  for (const auto& cell : c.cells) {
    out.push_back(
        static_cast<uint8_t>(encodeCount(static_cast<int>(cell.size()))));
    int previous = base;
    for (size_t i = 0; i < cell.size(); ++i) {
      const int step = cell[i].y - previous - (i == 0 ? 0 : 1);
      out.push_back(static_cast<uint8_t>(std::clamp(step, 0, 255)));
      previous = cell[i].y;
      out.push_back(static_cast<uint8_t>(encodeArea(cell[i].area)));
      if (c.hasRegions) out.push_back(static_cast<uint8_t>(cell[i].region));
      if (c.hasLayers) out.push_back(static_cast<uint8_t>(cell[i].layer));
      for (int link : cell[i].link) {
        out.push_back(static_cast<uint8_t>(encodeLink(link)));
      }
    }
  }
  return out;
}

Heightfield toHeightfield(const FuzzCase& c) {
  HeightfieldBuilder builder(c.width, c.depth);
  for (int z = 0; z < c.depth; ++z) {
    for (int x = 0; x < c.width; ++x) {
      for (const CaseSpan& span : c.cells[x + z * c.width]) {
        builder.add(x, z, span.y, span.area);
      }
    }
  }
  Heightfield hf = builder.build(LinkRule{.climb = c.climb});
  std::vector<int> regions, layers;
  int s = 0;
  for (const auto& cell : c.cells) {
    for (const CaseSpan& span : cell) {
      for (int d = 0; d < 4; ++d) {
        if (span.link[d] != kRuleLink) hf.spans[s].link[d] = span.link[d];
      }
      regions.push_back(span.region);
      layers.push_back(span.layer);
      ++s;
    }
  }
  if (c.hasRegions) hf.regions = std::move(regions);
  if (c.hasLayers) hf.layers = std::move(layers);
  return hf;
}

FuzzCase fromHeightfield(const Heightfield& hf, const Settings& settings,
                         int climb) {
  FuzzCase c;
  c.settings = settings;
  c.climb = climb;
  c.hasRegions = hf.regions.has_value();
  c.hasLayers = hf.layers.has_value();
  c.width = std::min(hf.width, kMaxCaseSide);
  c.depth = std::min(hf.depth, kMaxCaseSide);
  c.cells.resize(static_cast<size_t>(c.width * c.depth));
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int x = hf.cellX(s), z = hf.cellZ(s);
    if (x >= c.width || z >= c.depth) continue;
    CaseSpan span;
    span.y = hf.spans[s].y;
    span.area = hf.spans[s].area;
    if (c.hasRegions) span.region = (*hf.regions)[s];
    if (c.hasLayers) span.layer = (*hf.layers)[s];
    for (int d = 0; d < 4; ++d) {
      const int link = hf.spans[s].link[d];
      span.link[d] = link == ruleLink(hf, s, d, LinkRule{.climb = climb})
                         ? kRuleLink
                         : link;
    }
    c.cell(x, z).push_back(span);
  }
  normalize(c);
  return c;
}

}  // namespace regcon::fuzz
