#include "gen/scenarios.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/builder.h"
#include "core/limits.h"

namespace regcon {
namespace {

constexpr int kClimb = 4;  // largest floor difference a link may bridge
constexpr int kWalkable = limits::kWalkableArea;
constexpr int kMinSize = 4;
constexpr int kMaxSize = 1024;

// splitmix64: tiny, well mixed, and defined by integer arithmetic alone, so
// every platform draws the same numbers.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, n) for scenario layout; n must be positive.
  int below(int n) {
    return static_cast<int>(next() % static_cast<uint64_t>(n));
  }
  // In [lo, hi], both inclusive.
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }

 private:
  uint64_t state_;
};

// FNV-1a, so that each scenario draws its own stream for the same seed.
uint64_t nameHash(const std::string& name) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : name) h = (h ^ c) * 0x100000001B3ull;
  return h;
}

struct Rect {
  int x0 = 0, z0 = 0, x1 = 0, z1 = 0;  // half-open [x0, x1) x [z0, z1)
};

// The scene before links: the floors of each column, in any order.
class Columns {
 public:
  explicit Columns(int size) : size_(size), builder_(size, size) {}
  int size() const { return size_; }
  std::vector<Floor>& at(int x, int z) { return builder_.column(x, z); }
  void add(int x, int z, int y, int area) { builder_.add(x, z, y, area); }
  void clear(int x, int z) { builder_.clear(x, z); }
  void setSingle(int x, int z, int y, int area) {
    clear(x, z);
    add(x, z, y, area);
  }
  // Calls f(x, z) for every cell of r that lies inside the grid.
  void forEach(const Rect& r, const std::function<void(int, int)>& f) const {
    for (int z = std::max(r.z0, 0); z < std::min(r.z1, size_); ++z) {
      for (int x = std::max(r.x0, 0); x < std::min(r.x1, size_); ++x) f(x, z);
    }
  }
  void forAll(const std::function<void(int, int)>& f) const {
    forEach({0, 0, size_, size_}, f);
  }
  // The lowest neighbouring span within the climb height whose free space
  // overlaps this span's free space.
  Heightfield build() const { return builder_.build({kClimb, true}); }

 private:
  int size_;
  HeightfieldBuilder builder_;
};

// A random rectangle with sides in [minSide, maxSide], inside the grid.
Rect randomRect(Rng& rng, int size, int minSide, int maxSide) {
  const int w = std::min(rng.between(minSide, maxSide), size);
  const int h = std::min(rng.between(minSide, maxSide), size);
  const int x0 = rng.below(size - w + 1);
  const int z0 = rng.below(size - h + 1);
  return {x0, z0, x0 + w, z0 + h};
}

// ---------------------------------------------------------------- flat

Heightfield flat(int size, Rng&) {
  Columns cols(size);
  cols.forAll([&](int x, int z) { cols.add(x, z, 0, kWalkable); });
  return cols.build();
}

// ------------------------------------------------------------- terrain

struct Bump {
  int cx, cz, radius, amplitude;
};

// Parabolic bump: slope at most 2 * amplitude / radius per cell, which the
// amplitude bound below keeps within the climb height (3 per cell); where
// bumps overlap the slope may exceed it, as real terrain does.
int bumpHeight(const Bump& b, int x, int z) {
  const int dx = x - b.cx, dz = z - b.cz;
  const int r2 = b.radius * b.radius;
  const int d2 = dx * dx + dz * dz;
  return d2 >= r2 ? 0 : b.amplitude * (r2 - d2) / r2;
}

std::vector<int> hillHeights(int size, Rng& rng) {
  std::vector<Bump> bumps(rng.between(3, 5));
  for (Bump& b : bumps) {
    b.cx = rng.below(size);
    b.cz = rng.below(size);
    b.radius = rng.between(2, std::max(2, size / 3));
    b.amplitude = rng.between(b.radius / 2, b.radius * 3 / 2);
  }
  std::vector<int> heights(size * size, 8);
  for (int z = 0; z < size; ++z) {
    for (int x = 0; x < size; ++x) {
      for (const Bump& b : bumps) heights[x + z * size] += bumpHeight(b, x, z);
    }
  }
  return heights;
}

// A wall line through the terrain with a gap to walk through; half of the
// walls are unwalkable spans, the other half no spans at all.
void addWallLine(Columns& cols, Rng& rng) {
  const int size = cols.size();
  const bool alongX = rng.below(2) == 0;
  const int fixed = rng.below(size);
  const int start = rng.below(size / 2 + 1);
  const int length = std::max(2, size / 2);
  const int gap = start + rng.below(length);
  const bool missing = rng.below(2) == 0;
  for (int t = start; t < std::min(start + length, size); ++t) {
    if (t == gap || t == gap + 1) continue;
    const int x = alongX ? t : fixed, z = alongX ? fixed : t;
    if (missing) {
      cols.clear(x, z);
    } else {
      for (Floor& f : cols.at(x, z)) f.area = 0;
    }
  }
}

Heightfield terrain(int size, Rng& rng) {
  std::vector<int> heights = hillHeights(size, rng);
  // A plateau whose rim is a step higher than the climb: links break there.
  const Rect plateau =
      randomRect(rng, size, std::max(1, size / 4), std::max(1, size / 2));
  const int rise = rng.between(kClimb + 2, kClimb + 8);
  Columns cols(size);
  cols.forEach(plateau, [&](int x, int z) { heights[x + z * size] += rise; });
  cols.forAll(
      [&](int x, int z) { cols.add(x, z, heights[x + z * size], kWalkable); });
  const Rect patch =
      randomRect(rng, size, std::max(1, size / 6), std::max(1, size / 3));
  cols.forEach(patch, [&](int x, int z) { cols.at(x, z)[0].area = 5; });
  const int walls = rng.between(2, 3);
  for (int i = 0; i < walls; ++i) addWallLine(cols, rng);
  return cols.build();
}

// --------------------------------------------------------------- rooms

// Cells of wall lines, every `pitch` cells along both axes.
bool isWallLine(int coord, int pitch, int size) {
  return coord > 0 && coord < size - 1 && coord % pitch == 0;
}

// Bands between wall lines (and the grid border) along one axis.
std::vector<std::pair<int, int>> roomBands(int size, int pitch) {
  std::vector<std::pair<int, int>> bands;
  int begin = 0;
  for (int c = 0; c <= size; ++c) {
    if (c == size || isWallLine(c, pitch, size)) {
      if (c > begin) bands.push_back({begin, c});
      begin = c + 1;
    }
  }
  return bands;
}

// Opens a door of width 1 or 2 in every wall piece between two rooms.
void addDoors(std::vector<bool>& solid, int size, int pitch, Rng& rng) {
  const auto bands = roomBands(size, pitch);
  for (int wall = 1; wall < size - 1; ++wall) {
    if (!isWallLine(wall, pitch, size)) continue;
    for (const auto& [begin, end] : bands) {
      const int width = std::min(rng.between(1, 2), end - begin);
      const int at = begin + rng.below(end - begin - width + 1);
      for (int t = at; t < at + width; ++t) {
        solid[wall + t * size] = false;  // door in the wall x = wall
      }
      const int width2 = std::min(rng.between(1, 2), end - begin);
      const int at2 = begin + rng.below(end - begin - width2 + 1);
      for (int t = at2; t < at2 + width2; ++t) {
        solid[t + wall * size] = false;  // door in the wall z = wall
      }
    }
  }
}

// A 1x1 or 2x2 pillar one cell away from the walls, so that it makes a hole
// inside the room rather than a notch in its border.
void addPillar(std::vector<bool>& solid, int size, const Rect& room, Rng& rng) {
  const int side = rng.between(1, 2);
  const int freeX = room.x1 - room.x0 - side - 2;
  const int freeZ = room.z1 - room.z0 - side - 2;
  if (freeX < 0 || freeZ < 0 || rng.below(3) == 0) return;
  const int x0 = room.x0 + 1 + rng.below(freeX + 1);
  const int z0 = room.z0 + 1 + rng.below(freeZ + 1);
  for (int z = z0; z < z0 + side; ++z) {
    for (int x = x0; x < x0 + side; ++x) solid[x + z * size] = true;
  }
}

Heightfield rooms(int size, Rng& rng) {
  const int pitch = rng.between(7, 9);
  std::vector<bool> solid(size * size, false);
  for (int z = 0; z < size; ++z) {
    for (int x = 0; x < size; ++x) {
      solid[x + z * size] =
          isWallLine(x, pitch, size) || isWallLine(z, pitch, size);
    }
  }
  addDoors(solid, size, pitch, rng);
  const auto bands = roomBands(size, pitch);
  for (const auto& [z0, z1] : bands) {
    for (const auto& [x0, x1] : bands) {
      addPillar(solid, size, {x0, z0, x1, z1}, rng);
    }
  }
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    if (!solid[x + z * size]) cols.add(x, z, 0, kWalkable);
  });
  return cols.build();
}

// ---------------------------------------------------------- multifloor

constexpr int kStorey = 24;  // floor-to-floor height; a ramp climbs it
constexpr int kRampWidth = 2;

// A solid ramp of kRampWidth cells climbing kClimb per cell along +z, from
// `baseY` up to the floor that starts at row `topZ`. It replaces the floor
// it stands on (the highest one in the column below the ramp).
void addRamp(Columns& cols, int x0, int topZ, int baseY) {
  const int steps = kStorey / kClimb - 1;
  if (topZ - steps < 0) return;  // no room for it on a small grid
  const Rect ramp{x0, topZ - steps, x0 + kRampWidth, topZ};
  cols.forEach(ramp, [&](int x, int z) {
    auto& column = cols.at(x, z);
    std::erase_if(column, [&](const Floor& f) { return f.y == baseY; });
    cols.add(x, z, baseY + kStorey - kClimb * (topZ - z), kWalkable);
  });
}

// Whether the link of span s in direction d is answered by a link back.
bool isMutual(const Heightfield& hf, int s, int d) {
  const int t = hf.linkTarget(s, d);
  return t >= 0 && hf.linkTarget(t, (d + 2) % 4) == s;
}

// Drops `count` random links: the back link only (one-way) or both.
void dropLinks(Heightfield& hf, Rng& rng, int count, bool bothWays) {
  std::vector<std::pair<int, int>> mutual;
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      if (isMutual(hf, s, d)) mutual.push_back({s, d});
    }
  }
  for (int i = 0; i < count && !mutual.empty(); ++i) {
    const auto [s, d] = mutual[rng.below(static_cast<int>(mutual.size()))];
    if (!isMutual(hf, s, d)) continue;  // already cut by an earlier pick
    const int t = hf.linkTarget(s, d);
    hf.spans[t].link[(d + 2) % 4] = kNoLink;
    if (bothWays) hf.spans[s].link[d] = kNoLink;
  }
}

Heightfield multifloor(int size, Rng& rng) {
  Columns cols(size);
  cols.forAll([&](int x, int z) { cols.add(x, z, 0, kWalkable); });
  // Storey 2 over the far half, storey 3 over a corner of storey 2.
  const int x2 =
      std::min(size / 4 + rng.below(size / 8 + 1), size - kRampWidth);
  const int z2 = size / 2;
  const int x3 = x2 + (size - x2) / 2;
  const int z3 = z2 + (size - z2) / 2;
  cols.forEach({x2, z2, size, size},
               [&](int x, int z) { cols.add(x, z, kStorey, kWalkable); });
  cols.forEach({x3, z3, size, size},
               [&](int x, int z) { cols.add(x, z, 2 * kStorey, kWalkable); });
  addRamp(cols, x2, z2, 0);
  if (z3 - z2 > kStorey / kClimb) addRamp(cols, x3, z3, kStorey);
  Heightfield hf = cols.build();
  const int picks = 2 + size / 8;
  dropLinks(hf, rng, picks, false);
  dropLinks(hf, rng, picks, true);
  return hf;
}

// -------------------------------------------------------------- spiral

// Ring of the square rings around the grid centre that holds the cell.
// Doubled coordinates keep the centre on the integer grid for any size.
struct RingPos {
  int ring;       // 0 at the centre
  int perimeter;  // position along the ring, in [0, 8 * half)
  int half;       // half side of the ring in doubled units
};

RingPos ringPos(int x, int z, int size) {
  const int dx = 2 * x + 1 - size, dz = 2 * z + 1 - size;
  const int m = std::max(std::abs(dx), std::abs(dz));
  int p = 0;
  if (dz == -m && dx < m) {
    p = dx + m;  // -z side, walking +x
  } else if (dx == m && dz < m) {
    p = 3 * m + dz;  // +x side, walking +z
  } else if (dz == m && dx > -m) {
    p = 5 * m - dx;  // +z side, walking -x
  } else {
    p = 7 * m - dz;  // -x side, walking -z
  }
  return {m / 2, p, m};
}

// Cells on ring r (a square of side 2r+1, plus one for an even grid).
int ringCellCount(int ring, int size) {
  const int side = 2 * ring + 1 + (size % 2 == 0 ? 1 : 0);
  return side == 1 ? 1 : 4 * side - 4;
}

Heightfield spiral(int size, Rng& rng) {
  const int outer = (size - 1) / 2;
  const int inner = outer - std::max(1, size / 6) + 1;
  const int stepsPerTurn = ringCellCount((inner + outer) / 2, size);
  // Between 1.5 and 1.75 turns: some columns hold the ramp twice.
  const int totalSteps =
      stepsPerTurn + stepsPerTurn / 2 + rng.below(stepsPerTurn / 4 + 1);
  std::vector<int> stepY(totalSteps, 0);
  for (int i = 1; i < totalSteps; ++i)
    stepY[i] = stepY[i - 1] + rng.between(1, 2);
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    const RingPos pos = ringPos(x, z, size);
    if (pos.ring < inner) {
      cols.add(x, z, 0, kWalkable);  // the square centre the ramp starts from
      return;
    }
    if (pos.ring > outer) return;
    const int step = pos.perimeter * stepsPerTurn / (8 * pos.half);
    for (int s = step; s < totalSteps; s += stepsPerTurn) {
      cols.add(x, z, stepY[s], kWalkable);
    }
  });
  return cols.build();
}

// -------------------------------------------------------------- mosaic

// Areas 1..8 handed out in shuffled rounds, so any 8 consecutive patches
// use 8 different areas.
class AreaDeck {
 public:
  explicit AreaDeck(Rng& rng) : rng_(rng) {}
  int draw() {
    if (next_ == deck_.size()) shuffle();
    return deck_[next_++];
  }

 private:
  void shuffle() {
    for (int i = 7; i > 0; --i) std::swap(deck_[i], deck_[rng_.below(i + 1)]);
    next_ = 0;
  }
  Rng& rng_;
  std::vector<int> deck_{1, 2, 3, 4, 5, 6, 7, 8};
  size_t next_ = 8;
};

// Cut points of an axis into runs of 1..maxRun cells.
std::vector<int> randomCuts(int size, int maxRun, Rng& rng) {
  std::vector<int> cuts{0};
  while (cuts.back() < size) {
    cuts.push_back(std::min(size, cuts.back() + rng.between(1, maxRun)));
  }
  return cuts;
}

Heightfield mosaic(int size, Rng& rng) {
  const int maxRun = std::clamp(size / 8, 1, 5);
  std::vector<int> area(size * size, 0);
  AreaDeck deck(rng);
  const auto xs = randomCuts(size, maxRun, rng);
  const auto zs = randomCuts(size, maxRun, rng);
  Columns cols(size);
  auto paint = [&](const Rect& r, int a) {
    cols.forEach(r, [&](int x, int z) { area[x + z * size] = a; });
  };
  for (size_t j = 0; j + 1 < zs.size(); ++j) {
    for (size_t i = 0; i + 1 < xs.size(); ++i) {
      paint({xs[i], zs[j], xs[i + 1], zs[j + 1]}, deck.draw());
    }
  }
  // Overlapping rectangles break the block grid into irregular patches.
  for (int i = 0; i < size * size / (4 * maxRun * maxRun); ++i) {
    paint(randomRect(rng, size, 1, maxRun), deck.draw());
  }
  for (int i = 0; i < std::max(1, size * size / 40); ++i) {
    area[rng.below(size * size)] = 0;
  }
  cols.forAll([&](int x, int z) { cols.add(x, z, 0, area[x + z * size]); });
  return cols.build();
}

// ------------------------------------------------------ hostile shapes
//
// Shapes drawn without chance that push one step of §6 or §5 to its worst
// case: many holes in one region, one long thin loop, one region
// per cell, the most floors a column may hold.

// An open floor with a one-cell pillar (a cell without a span) at every
// (x, z) with x mod spacing = z mod spacing = spacing - 1, short of the last
// row and column, so that each pillar is a hole and never a notch.
Heightfield pillarField(int size, int spacing) {
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    const bool pillar = x % spacing == spacing - 1 &&
                        z % spacing == spacing - 1 && x < size - 1 &&
                        z < size - 1;
    if (!pillar) cols.add(x, z, 0, kWalkable);
  });
  return cols.build();
}

Heightfield pillars(int size, Rng&) {
  return pillarField(size, 2);
}
Heightfield pillars4(int size, Rng&) {
  return pillarField(size, 4);
}
Heightfield pillars8(int size, Rng&) {
  return pillarField(size, 8);
}

// A one-cell-wide corridor: every even row is walkable from x = 0 to the
// last column; each odd row between two corridor rows opens one cell, at
// the last column and the first in turn, so the corridor snakes up the grid.
Heightfield serpentine(int size, Rng&) {
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    const bool corridor = z % 2 == 0;
    const bool turnAtEnd = (z / 2) % 2 == 0;
    const bool turn =
        z % 2 == 1 && z + 1 < size && x == (turnAtEnd ? size - 1 : 0);
    if (corridor || turn) cols.add(x, z, 0, kWalkable);
  });
  return cols.build();
}

// Two walkable areas in a checkerboard: no two neighbouring cells share an
// area, so every cell is a region of its own.
Heightfield checkerboard(int size, Rng&) {
  constexpr int kOtherArea = 5;
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    cols.add(x, z, 0, (x + z) % 2 == 0 ? kWalkable : kOtherArea);
  });
  return cols.build();
}

// 63 full floors (the most a column holds), each two climb heights above
// the one below, so that every floor links only to itself.
Heightfield stack63(int size, Rng&) {
  constexpr int kFloors = limits::kMaxSpansPerCell;
  Columns cols(size);
  cols.forAll([&](int x, int z) {
    for (int k = 0; k < kFloors; ++k) cols.add(x, z, 2 * kClimb * k, kWalkable);
  });
  return cols.build();
}

using Generator = Heightfield (*)(int, Rng&);

const std::vector<std::pair<std::string, Generator>>& generators() {
  static const std::vector<std::pair<std::string, Generator>> all{
      {"flat", flat},
      {"terrain", terrain},
      {"rooms", rooms},
      {"multifloor", multifloor},
      {"spiral", spiral},
      {"mosaic", mosaic},
      {"pillars", pillars},
      {"pillars4", pillars4},
      {"pillars8", pillars8},
      {"serpentine", serpentine},
      {"checkerboard", checkerboard},
      {"stack63", stack63}};
  return all;
}

std::string joinedNames() {
  std::string out;
  for (const auto& name : scenarioNames())
    out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace

std::vector<std::string> scenarioNames() {
  std::vector<std::string> names;
  for (const auto& entry : generators()) names.push_back(entry.first);
  return names;
}

Heightfield generateScenario(const std::string& name,
                             const ScenarioOptions& options) {
  if (options.size < kMinSize || options.size > kMaxSize) {
    throw InputError("scenario option size: " + std::to_string(options.size) +
                     " is outside the range " + std::to_string(kMinSize) +
                     ".." + std::to_string(kMaxSize));
  }
  for (const auto& [known, generate] : generators()) {
    if (known != name) continue;
    Rng rng(options.seed * 0x9E3779B97F4A7C15ull ^ nameHash(name));
    return generate(options.size, rng);
  }
  throw InputError("unknown scenario '" + name +
                   "'; known scenarios: " + joinedNames());
}

namespace {

constexpr int kMaxTiles = 16;

// Appends tile row `row` (its tiles already generated) to `out`, one grid row
// of cells at a time, so spans stay in the cell order x + z * width.
void appendTileRow(Heightfield& out, const std::vector<Heightfield>& row,
                   int tileRow) {
  const int size = row.front().width;
  for (int z = 0; z < size; ++z) {
    const int outZ = tileRow * size + z;
    for (size_t i = 0; i < row.size(); ++i) {
      const Heightfield& tile = row[i];
      for (int x = 0; x < size; ++x) {
        const int cell = x + z * size;
        const int outX = static_cast<int>(i) * size + x;
        out.counts[outX + outZ * out.width] = tile.counts[cell];
        const auto first = tile.spans.begin() + tile.cellStart[cell];
        out.spans.insert(out.spans.end(), first, first + tile.counts[cell]);
      }
    }
  }
}

}  // namespace

Heightfield tiledScenario(const std::string& name,
                          const ScenarioOptions& options, int tiles) {
  if (tiles < 1 || tiles > kMaxTiles) {
    throw InputError("scenario option tiles: " + std::to_string(tiles) +
                     " is outside the range 1.." + std::to_string(kMaxTiles));
  }
  Heightfield out;
  out.width = out.depth = options.size * tiles;
  out.counts.assign(static_cast<size_t>(out.width) * out.depth, 0);
  for (int j = 0; j < tiles; ++j) {
    std::vector<Heightfield> row;
    for (int i = 0; i < tiles; ++i) {
      const uint64_t seed = options.seed + static_cast<uint64_t>(i + j * tiles);
      row.push_back(generateScenario(name, {options.size, seed}));
    }
    appendTileRow(out, row, j);
  }
  out.index();
  return out;
}

}  // namespace regcon
