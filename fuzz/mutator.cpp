#include "fuzz/mutator.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>

// libFuzzer's own byte mutator: present under libFuzzer, absent under
// AFL++'s driver and the replay main, hence weak.
extern "C" __attribute__((weak)) size_t LLVMFuzzerMutate(uint8_t* data,
                                                         size_t size,
                                                         size_t maxSize);

namespace regcon::fuzz {
namespace {

int pick(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
bool coin(Rng& rng, int percent) {
  return pick(rng, 0, 99) < percent;
}

struct Rect {
  int x0, z0, x1, z1;
};

Rect anyRect(const FuzzCase& c, Rng& rng) {
  const int x0 = pick(rng, 0, c.width - 1), z0 = pick(rng, 0, c.depth - 1);
  return {x0, z0, pick(rng, x0, c.width - 1), pick(rng, z0, c.depth - 1)};
}

void forEachCell(FuzzCase& c, const Rect& r,
                 const std::function<void(std::vector<CaseSpan>&)>& f) {
  for (int z = r.z0; z <= r.z1; ++z) {
    for (int x = r.x0; x <= r.x1; ++x) f(c.cell(x, z));
  }
}

// A random span, or nullptr when the field has none.
CaseSpan* anySpan(FuzzCase& c, Rng& rng, int* x = nullptr, int* z = nullptr) {
  std::vector<int> full;
  for (int i = 0; i < c.width * c.depth; ++i) {
    if (!c.cells[i].empty()) full.push_back(i);
  }
  if (full.empty()) return nullptr;
  const int cell = full[pick(rng, 0, static_cast<int>(full.size()) - 1)];
  if (x) *x = cell % c.width;
  if (z) *z = cell / c.width;
  auto& column = c.cells[cell];
  return &column[pick(rng, 0, static_cast<int>(column.size()) - 1)];
}

int anyArea(Rng& rng) {
  static const int kAreas[] = {63, 63, 1, 1, 0, 2};
  return coin(rng, 90) ? kAreas[pick(rng, 0, 5)] : pick(rng, 0, 127);
}

// Inserts a span at height y unless the column holds one there already.
void insertFloor(std::vector<CaseSpan>& column, int y, int area) {
  auto at = std::find_if(column.begin(), column.end(),
                         [y](const CaseSpan& s) { return s.y >= y; });
  if (at != column.end() && at->y == y) return;
  CaseSpan span;
  span.y = y;
  span.area = area;
  column.insert(at, span);
}

void moveFloor(FuzzCase& c, Rng& rng) {
  CaseSpan* s = anySpan(c, rng);
  if (s) s->y += coin(rng, 80) ? pick(rng, -4, 4) : pick(rng, -60, 60);
}

void addSpan(FuzzCase& c, Rng& rng) {
  auto& column = c.cell(pick(rng, 0, c.width - 1), pick(rng, 0, c.depth - 1));
  const int near =
      column.empty() ? 0 : column[pick(rng, 0, column.size() - 1)].y;
  insertFloor(column, std::max(0, near + pick(rng, -12, 12)), anyArea(rng));
}

void removeSpan(FuzzCase& c, Rng& rng) {
  auto& column = c.cell(pick(rng, 0, c.width - 1), pick(rng, 0, c.depth - 1));
  if (!column.empty())
    column.erase(column.begin() + pick(rng, 0, column.size() - 1));
}

// A floor over a rectangle: a level plane or a ramp, over or under what is
// there (so it makes bridges, overhangs and stacked regions).
void addFloor(FuzzCase& c, Rng& rng) {
  const Rect r = anyRect(c, rng);
  CaseSpan* s = anySpan(c, rng);
  const int y = std::max(0, (s ? s->y : 0) + pick(rng, -8, 8));
  const int slopeX = coin(rng, 70) ? 0 : pick(rng, -2, 2);
  const int area = anyArea(rng);
  for (int z = r.z0; z <= r.z1; ++z) {
    for (int x = r.x0; x <= r.x1; ++x) {
      insertFloor(c.cell(x, z), std::max(0, y + slopeX * (x - r.x0)), area);
    }
  }
}

void removeFloor(FuzzCase& c, Rng& rng) {
  const int k = pick(rng, 0, kMaxCaseFloors - 1);
  forEachCell(c, anyRect(c, rng), [k](std::vector<CaseSpan>& column) {
    if (k < static_cast<int>(column.size())) column.erase(column.begin() + k);
  });
}

void setLink(FuzzCase& c, Rng& rng, int link) {
  CaseSpan* s = anySpan(c, rng);
  if (s) s->link[pick(rng, 0, 3)] = link;
}

// Span s links to span k of its neighbour in `dir`; with `back` the target
// links back (a crossing link between floors), without it the target's
// link back is cut (one-way).
void linkPair(FuzzCase& c, Rng& rng, bool back) {
  int x = 0, z = 0;
  CaseSpan* s = anySpan(c, rng, &x, &z);
  if (!s) return;
  const int dir = pick(rng, 0, 3);
  const int nx = x + kDirX[dir], nz = z + kDirZ[dir];
  if (nx < 0 || nz < 0 || nx >= c.width || nz >= c.depth) return;
  auto& other = c.cell(nx, nz);
  if (other.empty()) return;
  const int k = pick(rng, 0, static_cast<int>(other.size()) - 1);
  s->link[dir] = k;
  auto& column = c.cell(x, z);
  const int self = static_cast<int>(s - column.data());
  other[k].link[(dir + 2) & 3] = back ? self : kNoLink;
}

// Two links across one cell border swapped between floors: spans a and b
// of a column link to q and p of the neighbouring column and back, so the
// floors cross there. A crossing makes corners whose two diagonal routes
// (readings R2) reach different spans, or one of them none.
void twistCrossing(FuzzCase& c, Rng& rng) {
  int x = 0, z = 0;
  if (!anySpan(c, rng, &x, &z)) return;
  const int dir = pick(rng, 0, 3);
  const int nx = x + kDirX[dir], nz = z + kDirZ[dir];
  if (nx < 0 || nz < 0 || nx >= c.width || nz >= c.depth) return;
  auto& column = c.cell(x, z);
  auto& other = c.cell(nx, nz);
  const int size = static_cast<int>(column.size());
  const int otherSize = static_cast<int>(other.size());
  if (size < 2 || otherSize < 2) return;
  const int a = pick(rng, 0, size - 1);
  const int b = (a + pick(rng, 1, size - 1)) % size;
  const int p = pick(rng, 0, otherSize - 1);
  const int q = (p + pick(rng, 1, otherSize - 1)) % otherSize;
  const int back = (dir + 2) & 3;
  column[a].link[dir] = q;
  other[q].link[back] = a;
  column[b].link[dir] = p;
  other[p].link[back] = b;
}

// A copy of the k-th floor over a rectangle, raised by more than a step:
// stacked floors of the same shape (a building's storeys), where crossings
// and one-way links between the floors live.
void stackFloor(FuzzCase& c, Rng& rng) {
  const int k = pick(rng, 0, 2);
  const int rise = pick(rng, 2, 40);
  const int area = coin(rng, 50) ? -1 : anyArea(rng);
  forEachCell(c, anyRect(c, rng), [&](std::vector<CaseSpan>& column) {
    if (k >= static_cast<int>(column.size())) return;
    const CaseSpan& floor = column[k];
    insertFloor(column, floor.y + rise, area < 0 ? floor.area : area);
  });
}

void changeArea(FuzzCase& c, Rng& rng) {
  CaseSpan* s = anySpan(c, rng);
  if (s) s->area = anyArea(rng);
}

void paintArea(FuzzCase& c, Rng& rng) {
  const int k = pick(rng, 0, 2), area = anyArea(rng);
  forEachCell(c, anyRect(c, rng), [k, area](std::vector<CaseSpan>& column) {
    if (k < static_cast<int>(column.size())) column[k].area = area;
  });
}

// A given region over a rectangle of one floor (or every floor): a new id
// or one already used elsewhere (a disconnected region); spans of another
// area than the first painted keep their id (readings R12).
void paintRegion(FuzzCase& c, Rng& rng) {
  c.hasRegions = true;
  CaseSpan* s = anySpan(c, rng);
  const int id = coin(rng, 40) && s ? s->region : pick(rng, 0, 40);
  const int k = coin(rng, 30) ? -1 : pick(rng, 0, 2);
  int area = -1;
  forEachCell(c, anyRect(c, rng), [&](std::vector<CaseSpan>& column) {
    for (int i = 0; i < static_cast<int>(column.size()); ++i) {
      if (k >= 0 && i != k) continue;
      if (area < 0) area = column[i].area;
      if (column[i].area == area) column[i].region = id;
    }
  });
}

// Cached layer ids over a rectangle of one floor (or every floor): a fresh
// id or one used elsewhere, as an earlier pass over other floors could have
// left them; a cache is read by the layer-first partition only, so the case
// often switches to it.
void paintLayer(FuzzCase& c, Rng& rng) {
  c.hasLayers = true;
  CaseSpan* s = anySpan(c, rng);
  const int layer = coin(rng, 40) && s ? s->layer : pick(rng, 0, 3);
  const int k = coin(rng, 30) ? -1 : pick(rng, 0, 2);
  forEachCell(c, anyRect(c, rng), [&](std::vector<CaseSpan>& column) {
    for (int i = 0; i < static_cast<int>(column.size()); ++i) {
      if (k < 0 || i == k) column[i].layer = layer;
    }
  });
  if (coin(rng, 50)) c.settings.partition = Partition::LayerFirst;
}

// One span's layer changed, or (rarely) the cache dropped.
void changeLayer(FuzzCase& c, Rng& rng) {
  if (c.hasLayers && coin(rng, 10)) {
    c.hasLayers = false;
    return;
  }
  c.hasLayers = true;
  CaseSpan* s = anySpan(c, rng);
  if (s) s->layer = coin(rng, 90) ? pick(rng, 0, 3) : pick(rng, 0, 255);
}

int64_t interestingValue(Rng& rng, int64_t top) {
  static const int64_t kValues[] = {0, 1, 2, 3, 4, 8, 12, 20, 64, 400};
  return coin(rng, 70) ? std::min(top, kValues[pick(rng, 0, 9)])
                       : pick(rng, 0, static_cast<int>(top));
}

void changeSetting(FuzzCase& c, Rng& rng) {
  Settings& s = c.settings;
  switch (pick(rng, 0, 7)) {
    case 0:
      s.partition = static_cast<Partition>(pick(rng, 0, 3));
      break;
    case 1:
      s.minRegionArea = interestingValue(rng, 255);
      break;
    case 2:
      s.mergeRegionArea = interestingValue(rng, 1000);
      break;
    case 3:
      s.maxError = pick(rng, 0, 40) / 10.0;
      break;
    case 4:
      s.maxEdgeLength = interestingValue(rng, 40);
      break;
    case 5:
      s.straightRegionBorders = !s.straightRegionBorders;
      break;
    case 6:
      s.borderRegion = pick(rng, 0, 4);
      break;
    default:
      c.climb = pick(rng, 0, 8);
      break;
  }
}

// A row or column added (copied from its neighbour) or removed.
void resizeGrid(FuzzCase& c, Rng& rng) {
  const bool alongX = coin(rng, 50), grow = coin(rng, 50);
  const int width = c.width + (alongX ? (grow ? 1 : -1) : 0);
  const int depth = c.depth + (alongX ? 0 : (grow ? 1 : -1));
  if (width < 1 || depth < 1 || width > kMaxCaseSide || depth > kMaxCaseSide) {
    return;
  }
  const int at = pick(rng, 0, (alongX ? c.width : c.depth) - 1);
  std::vector<std::vector<CaseSpan>> cells(static_cast<size_t>(width * depth));
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) {
      int sx = x, sz = z;  // the source cell
      int& coordinate = alongX ? sx : sz;
      if (coordinate > at) coordinate += grow ? -1 : 1;
      cells[x + z * width] = c.cell(sx, sz);
    }
  }
  c.width = width;
  c.depth = depth;
  c.cells = std::move(cells);
}

void editOnce(FuzzCase& c, Rng& rng, Needs needs) {
  using Edit = void (*)(FuzzCase&, Rng&);
  static const Edit kEdits[] = {
      moveFloor,
      moveFloor,
      addSpan,
      removeSpan,
      addFloor,
      removeFloor,
      [](FuzzCase& f, Rng& r) { setLink(f, r, kNoLink); },
      [](FuzzCase& f, Rng& r) { setLink(f, r, kRuleLink); },
      [](FuzzCase& f, Rng& r) { setLink(f, r, pick(r, 0, 3)); },
      [](FuzzCase& f, Rng& r) { linkPair(f, r, false); },
      [](FuzzCase& f, Rng& r) { linkPair(f, r, true); },
      twistCrossing,
      stackFloor,
      changeArea,
      paintArea,
      paintRegion,
      paintLayer,
      changeLayer,
      changeSetting,
      changeSetting,
      resizeGrid};
  constexpr int kCount = sizeof(kEdits) / sizeof(kEdits[0]);
  int which = pick(rng, 0, kCount - 1);
  // Without a given partition the pipeline harness paints one rarely: most
  // of its cases run the partitions.
  if (kEdits[which] == paintRegion && needs == Needs::Anything &&
      !c.hasRegions && coin(rng, 80)) {
    which = 0;
  }
  kEdits[which](c, rng);
  normalize(c);
}

size_t copyOut(const std::vector<uint8_t>& bytes, uint8_t* out,
               size_t maxSize) {
  if (bytes.size() > maxSize) return 0;
  std::memcpy(out, bytes.data(), bytes.size());
  return bytes.size();
}

}  // namespace

void mutateCase(FuzzCase& c, Rng& rng, Needs needs) {
  const int edits = coin(rng, 60) ? 1 : pick(rng, 2, 3);
  for (int i = 0; i < edits; ++i) editOnce(c, rng, needs);
  if (needs == Needs::GivenRegions && !c.hasRegions) paintRegion(c, rng);
  normalize(c);
}

FuzzCase crossOverCases(const FuzzCase& a, const FuzzCase& b, Rng& rng) {
  FuzzCase out = a;
  if (coin(rng, 30)) out.settings = b.settings;
  const int width = std::min(a.width, b.width),
            depth = std::min(a.depth, b.depth);
  const int x0 = pick(rng, 0, width - 1), z0 = pick(rng, 0, depth - 1);
  const int x1 = pick(rng, x0, width - 1), z1 = pick(rng, z0, depth - 1);
  for (int z = z0; z <= z1; ++z) {
    for (int x = x0; x <= x1; ++x) out.cell(x, z) = b.cells[x + z * b.width];
  }
  out.hasRegions = a.hasRegions || b.hasRegions;
  out.hasLayers = a.hasLayers || b.hasLayers;
  normalize(out);
  return out;
}

size_t mutateBytes(uint8_t* data, size_t size, size_t maxSize, unsigned seed,
                   Needs needs) {
  Rng rng(seed);
  // Now and then libFuzzer's byte mutations, normalized by a round trip:
  // they reach values no field edit draws.
  if (LLVMFuzzerMutate != nullptr && coin(rng, 10)) {
    size = LLVMFuzzerMutate(data, size, maxSize);
  }
  FuzzCase c = decodeCase(data, size);
  mutateCase(c, rng, needs);
  const size_t written = copyOut(encodeCase(c), data, maxSize);
  return written > 0 ? written : size;
}

size_t crossOverBytes(const uint8_t* data1, size_t size1, const uint8_t* data2,
                      size_t size2, uint8_t* out, size_t maxOutSize,
                      unsigned seed, Needs needs) {
  Rng rng(seed);
  FuzzCase c =
      crossOverCases(decodeCase(data1, size1), decodeCase(data2, size2), rng);
  if (needs == Needs::GivenRegions && !c.hasRegions) paintRegion(c, rng);
  normalize(c);
  return copyOut(encodeCase(c), out, maxOutSize);
}

}  // namespace regcon::fuzz
