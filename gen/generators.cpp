#include "gen/generators.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "checks/invariants.h"
#include "core/builder.h"
#include "core/limits.h"
#include "interchange/io.h"
#include "registry/implementations.h"

namespace regcon {

void showValue(const Heightfield& hf, std::ostream& os) {
  os << "\n";
  writeHeightfield(os, hf);
}

void showValue(const Settings& settings, std::ostream& os) {
  os << "\n";
  writeSettings(os, settings);
}

}  // namespace regcon

namespace regcon::gen {
namespace {

constexpr int kMaxSide = 48;
constexpr int kMaxY = static_cast<int>(limits::kMaxY);

// The floors of one column, in any order (the builder sorts them).
using Column = std::vector<Floor>;

struct LinkEdit {
  int span = 0;  // taken modulo the span count
  int dir = 0;
  int target = 0;  // modulo the neighbour's count; negative removes the link
};

// Grid sides grow with the test size so that early tests and shrinking stay
// small; the largest size reaches 48 x 48.
rc::Gen<int> side() {
  return rc::gen::withSize([](int size) {
    const int top = std::clamp(1 + size * (kMaxSide - 1) / 100, 1, kMaxSide);
    return rc::gen::inRange(1, top + 1);
  });
}

rc::Gen<int> area() {
  return rc::gen::weightedElement<int>({{2, 0}, {10, 1}, {3, 2}, {1, 63}});
}

// Spans and links as a heightfield builder makes them: floors sorted by y
// (the first added of equal floors kept), each linked to the lowest span of
// the neighbouring column within `climb` (can come out one-way on several
// floors).
Heightfield buildField(int width, int depth, const std::vector<Column>& columns,
                       int climb) {
  HeightfieldBuilder builder(width, depth);
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x)
      builder.column(x, z) = columns[x + z * width];
  }
  return builder.build(LinkRule{climb, false});
}

void applyLinkEdits(Heightfield& hf, const std::vector<LinkEdit>& edits) {
  if (hf.spanCount() == 0) return;
  for (const LinkEdit& edit : edits) {
    const int s = edit.span % hf.spanCount();
    const int x = hf.cellX(s) + kDirX[edit.dir];
    const int z = hf.cellZ(s) + kDirZ[edit.dir];
    if (!hf.insideGrid(x, z)) continue;
    const int count = hf.counts[x + z * hf.width];
    const bool remove = edit.target < 0 || count == 0;
    hf.spans[s].link[edit.dir] = remove ? kNoLink : edit.target % count;
  }
}

// A crossing link between floors: span s links `dir` to a span of the
// neighbouring column on another floor than the builder chose, and that
// span links back. Around it the two routes to a diagonal reach different
// spans (tests' DistanceField.BothRoutesToADiagonalCount draws one), vertex
// Y needs both routes, and one sweep can be touched from two floors.
void applyTwists(Heightfield& hf, const std::vector<LinkEdit>& twists) {
  // (span, dir) whose neighbouring column holds two floors or more.
  std::vector<std::pair<int, int>> candidates;
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int x = hf.cellX(s) + kDirX[d], z = hf.cellZ(s) + kDirZ[d];
      if (hf.insideGrid(x, z) && hf.counts[x + z * hf.width] > 1) {
        candidates.emplace_back(s, d);
      }
    }
  }
  if (candidates.empty()) return;
  for (const LinkEdit& twist : twists) {
    const auto [s, d] = candidates[twist.span % candidates.size()];
    const int cell =
        hf.cellX(s) + kDirX[d] + (hf.cellZ(s) + kDirZ[d]) * hf.width;
    const int count = hf.counts[cell];
    int target = std::abs(twist.target) % count;
    if (target == hf.spans[s].link[d]) target = (target + 1) % count;
    hf.spans[s].link[d] = target;
    const int back = s - hf.cellStart[hf.spanCell[s]];
    hf.spans[hf.cellStart[cell] + target].link[(d + 2) & 3] = back;
  }
}

rc::Gen<LinkEdit> linkEdit() {
  return rc::gen::build<LinkEdit>(
      rc::gen::set(&LinkEdit::span, rc::gen::inRange(0, 1 << 20)),
      rc::gen::set(&LinkEdit::dir, rc::gen::inRange(0, 4)),
      rc::gen::set(&LinkEdit::target, rc::gen::inRange(-2, 4)));
}

// A few edits per field: enough for one-way links and slits to appear.
rc::Gen<std::vector<LinkEdit>> linkEdits() {
  return rc::gen::scale(0.1,
                        rc::gen::container<std::vector<LinkEdit>>(linkEdit()));
}

// Most multi-floor fields get one to three twists.
rc::Gen<std::vector<LinkEdit>> twists() {
  return rc::gen::mapcat(
      rc::gen::weightedElement<int>({{1, 0}, {2, 1}, {1, 2}, {1, 3}}),
      [](int count) {
        return rc::gen::container<std::vector<LinkEdit>>(
            static_cast<size_t>(count), linkEdit());
      });
}

// Floors mostly low, sometimes near the top of the range.
rc::Gen<int> lowestFloor() {
  return rc::gen::weightedElement<int>({{8, 0}, {1, kMaxY - 30}, {1, 200}});
}

rc::Gen<Column> randomColumn() {
  return rc::gen::exec([] {
    const int count = *rc::gen::weightedElement<int>(
        {{1, 0}, {4, 1}, {2, 2}, {1, 3}, {1, 4}});
    Column column;
    int y = *lowestFloor() + *rc::gen::inRange(0, 8);
    for (int i = 0; i < count && y <= kMaxY; ++i) {
      column.push_back({y, *area()});
      y += *rc::gen::weightedElement<int>(
          {{4, 1}, {4, 2}, {4, 3}, {2, 5}, {2, 8}, {1, 40}});
    }
    return column;
  });
}

std::vector<int> randomWalk(int length, int maxStep) {
  std::vector<int> walk;
  int y = *rc::gen::inRange(0, 40);
  for (int i = 0; i < length; ++i) {
    walk.push_back(y);
    y = std::max(0, y + *rc::gen::weightedElement<int>(
                            {{6, 0}, {3, 1}, {3, -1}, {1, maxStep}}));
  }
  return walk;
}

// Terrain heights: a sum of per-row and per-column slopes (random walks
// drawn rows first), steps of up to maxStep making occasional cliffs.
class Terrain {
 public:
  Terrain(int width, int depth, int maxStep)
      : rows_(randomWalk(depth, maxStep)), cols_(randomWalk(width, maxStep)) {}

  int y(int x, int z) const {
    return std::clamp(rows_[z] + cols_[x], 0, kMaxY);
  }

 private:
  std::vector<int> rows_;
  std::vector<int> cols_;
};

}  // namespace

Heightfield withoutOneWayLinks(Heightfield hf) {
  std::vector<std::pair<int, int>> oneWay;
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      if (hf.spans[s].link[d] >= 0 && checks::mutualNeighbour(hf, s, d) < 0) {
        oneWay.emplace_back(s, d);
      }
    }
  }
  for (const auto& [s, d] : oneWay) hf.spans[s].link[d] = kNoLink;
  return hf;
}

// A grid of empty columns whose sides side() draws, width first.
class Grid {
 public:
  Grid() : width_(*side()), depth_(*side()), columns_(width_ * depth_) {}

  int width() const { return width_; }
  int depth() const { return depth_; }

  // Calls add(x, z, column) for every cell in z-major order (the order in
  // which the generators draw per cell).
  template <typename Add>
  void forEachCell(Add add) {
    for (int z = 0; z < depth_; ++z) {
      for (int x = 0; x < width_; ++x) add(x, z, columns_[x + z * width_]);
    }
  }

  Heightfield build(int climb) const {
    return buildField(width_, depth_, columns_, climb);
  }

 private:
  int width_;
  int depth_;
  std::vector<Column> columns_;
};

// Some links of the field cut or made one-way.
Heightfield withLinkEdits(Heightfield hf) {
  applyLinkEdits(hf, *linkEdits());
  return hf;
}

rc::Gen<Heightfield> randomField() {
  return rc::gen::exec([] {
    const int width = *side();
    const int depth = *side();
    const auto columns = *rc::gen::container<std::vector<Column>>(
        static_cast<size_t>(width * depth), randomColumn());
    const int climb = *rc::gen::inRange(1, 6);
    return withLinkEdits(buildField(width, depth, columns, climb));
  });
}

rc::Gen<Heightfield> terrainField() {
  return rc::gen::exec([] {
    Grid grid;
    const int climb = *rc::gen::inRange(1, 4);
    const Terrain terrain(grid.width(), grid.depth(), climb + 3);
    grid.forEachCell([&](int x, int z, Column& column) {
      const int kind =
          *rc::gen::weightedElement<int>({{40, 1}, {2, 0}, {2, 2}, {1, -1}});
      if (kind < 0) return;  // a hole in the terrain
      column.push_back({terrain.y(x, z), kind});
    });
    return withLinkEdits(grid.build(climb));
  });
}

rc::Gen<Heightfield> multiFloorField() {
  return rc::gen::exec([] {
    Grid grid;
    const int climb = *rc::gen::inRange(1, 4);
    const int floors = *rc::gen::inRange(2, 4);
    for (int f = 0; f < floors; ++f) {
      const int base = f * *rc::gen::inRange(climb + 1, climb + 12);
      const int slope = *rc::gen::inRange(0, climb + 1);  // a ramp along x
      const int density = *rc::gen::inRange(50, 101);
      const int floorArea = *area();
      grid.forEachCell([&](int x, int, Column& column) {
        if (*rc::gen::inRange(0, 100) >= density) return;
        column.push_back({base + slope * x, floorArea});
      });
    }
    Heightfield hf = withLinkEdits(grid.build(climb));
    applyTwists(hf, *twists());
    return hf;
  });
}

rc::Gen<Heightfield> anyField() {
  return rc::gen::oneOf(randomField(), terrainField(), multiFloorField());
}

rc::Gen<Heightfield> singleFloorField() {
  const auto keepOneWalkable = [](Heightfield hf) {
    for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
      bool walkableSeen = false;
      for (int i = 0; i < hf.counts[cell]; ++i) {
        Span& span = hf.spans[hf.cellStart[cell] + i];
        if (walkableSeen) span.area = 0;
        walkableSeen = walkableSeen || span.area != 0;
      }
    }
    return hf;
  };
  return rc::gen::oneOf(terrainField(),
                        rc::gen::map(randomField(), keepOneWalkable));
}

rc::Gen<Heightfield> mutualField() {
  return rc::gen::map(anyField(), withoutOneWayLinks);
}

namespace {

// Drawn ids: one for everything (floors overlapping one another become one
// region), blocks of the grid by floor (coherent pieces), or any id per
// span (scattered pieces).
std::vector<int> drawnIds(const Heightfield& hf) {
  const int mode = *rc::gen::inRange(0, 3);
  const int ids = *rc::gen::inRange(1, 6);
  if (mode == 2) {
    return *rc::gen::container<std::vector<int>>(
        static_cast<std::size_t>(hf.spanCount()), rc::gen::inRange(0, ids + 1));
  }
  const int block = *rc::gen::inRange(1, 9);
  std::vector<int> regions(hf.spanCount(), 1);
  if (mode == 0) return regions;
  for (int s = 0; s < hf.spanCount(); ++s) {
    const int floor = s - hf.cellStart[hf.spanCell[s]];
    const int cell = hf.cellX(s) / block + 7 * (hf.cellZ(s) / block);
    regions[s] = (cell + 3 * floor) % (ids + 1);
  }
  return regions;
}

}  // namespace

namespace {

// Ids for `groups` regions met in first-span order, as another tool might
// number them (readings R12 keeps them as given): 1..k in that order, with
// gaps, shuffled, counting down from 65535 (the top of interchange §1's
// range), or scattered over the whole range.
rc::Gen<std::vector<int>> givenNumbering(int groups) {
  return rc::gen::exec([groups] {
    constexpr int kTop = static_cast<int>(limits::kMaxGivenId);
    std::vector<int> ids(groups);
    for (int g = 0; g < groups; ++g) ids[g] = g + 1;
    const int mode = *rc::gen::inRange(0, 5);
    if (mode == 1) {
      const int step = *rc::gen::inRange(2, 8);
      if (1 + int64_t{groups} * step <= kTop) {
        for (int g = 0; g < groups; ++g) ids[g] = 1 + g * step + g % 2;
      }
    } else if (mode == 2 || mode == 3) {
      const auto keys = *rc::gen::container<std::vector<int>>(
          static_cast<size_t>(groups), rc::gen::arbitrary<int>());
      std::vector<int> order(groups);
      for (int g = 0; g < groups; ++g) order[g] = g;
      std::stable_sort(order.begin(), order.end(),
                       [&keys](int a, int b) { return keys[a] < keys[b]; });
      for (int g = 0; g < groups; ++g) {
        ids[order[g]] = mode == 2 ? g + 1 : kTop - g;
      }
    } else if (mode == 4) {
      std::set<int> used;
      for (int g = 0; g < groups; ++g) {
        int id = *rc::gen::inRange(1, kTop + 1);
        while (used.count(id)) id = id % kTop + 1;
        used.insert(id);
        ids[g] = id;
      }
    }
    return ids;
  });
}

}  // namespace

rc::Gen<std::vector<int>> givenPartition(const Heightfield& hf) {
  return rc::gen::exec([hf] {
    std::vector<int> regions = drawnIds(hf);
    // One group per (drawn id, area) pair, in first-span order; each group
    // becomes one region with the id the numbering gives it.
    std::map<std::pair<int, int>, int> groupOf;
    for (int s = 0; s < hf.spanCount(); ++s) {
      if (regions[s] == 0) continue;
      const auto key = std::make_pair(regions[s], hf.spans[s].area);
      const int next = static_cast<int>(groupOf.size());
      regions[s] = groupOf.emplace(key, next).first->second + 1;
    }
    const std::vector<int> ids =
        *givenNumbering(static_cast<int>(groupOf.size()));
    for (int& r : regions) {
      if (r != 0) r = ids[r - 1];
    }
    return regions;
  });
}

namespace {

// Readings R4 step 2 on a partition whose ids run 1..k: each region, in
// increasing id order, takes the smallest layer id that no region sharing
// a column with it has taken already.
std::vector<int> layersOfRegions(const Heightfield& hf,
                                 const std::vector<int>& regions) {
  const int idCount =
      regions.empty() ? 1
                      : *std::max_element(regions.begin(), regions.end()) + 1;
  std::vector<std::set<int>> sharesAColumn(idCount);
  for (size_t cell = 0; cell < hf.counts.size(); ++cell) {
    const auto first = regions.begin() + hf.cellStart[cell];
    const std::set<int> column(first, first + hf.counts[cell]);
    for (int r : column) sharesAColumn[r].insert(column.begin(), column.end());
  }
  std::vector<int> layerOf(idCount, -1);
  for (int r = 1; r < idCount; ++r) {
    const auto taken = [&](int layer) {
      return std::any_of(sharesAColumn[r].begin(), sharesAColumn[r].end(),
                         [&](int o) { return o != r && layerOf[o] == layer; });
    };
    int layer = 0;
    while (taken(layer)) ++layer;
    layerOf[r] = layer;
  }
  std::vector<int> layers(regions.size());
  std::transform(regions.begin(), regions.end(), layers.begin(),
                 [&](int r) { return r == 0 ? 0 : layerOf[r]; });
  return layers;
}

// The layers the field had before an obstacle: the area-0 spans of a
// rectangle walkable then (area 1), layered by the reference's Layers
// partition with every island kept.
rc::Gen<std::vector<int>> layersBeforeAnObstacle(const Heightfield& hf) {
  return rc::gen::exec([hf] {
    Heightfield before = hf;
    const int x0 = *rc::gen::inRange(0, hf.width);
    const int z0 = *rc::gen::inRange(0, hf.depth);
    const int x1 = *rc::gen::inRange(x0, hf.width);
    const int z1 = *rc::gen::inRange(z0, hf.depth);
    for (int s = 0; s < before.spanCount(); ++s) {
      const int x = before.cellX(s), z = before.cellZ(s);
      if (x >= x0 && x <= x1 && z >= z0 && z <= z1 &&
          before.spans[s].area == 0) {
        before.spans[s].area = 1;
      }
    }
    Settings settings;
    settings.partition = Partition::Layers;
    settings.minRegionArea = 0;
    return layersOfRegions(
        before,
        findImplementation("reference")->partition(before, settings).regions);
  });
}

}  // namespace

rc::Gen<std::vector<int>> cachedLayers(const Heightfield& hf) {
  const auto perSpan = [hf](auto layerOf) {
    std::vector<int> layers(hf.spanCount());
    for (int s = 0; s < hf.spanCount(); ++s) {
      layers[s] = layerOf(s, s - hf.cellStart[hf.spanCell[s]]);
    }
    return layers;
  };
  const auto floors = [perSpan] {
    return perSpan([](int, int floor) { return floor; });
  };
  const auto bands = [hf, perSpan] {
    const int band = *rc::gen::inRange(1, 5);
    const int ids = *rc::gen::inRange(2, 4);
    return perSpan([&](int s, int floor) {
      return (floor + hf.cellX(s) / band + hf.cellZ(s) / band) % ids;
    });
  };
  return rc::gen::oneOf(
      layersBeforeAnObstacle(hf), rc::gen::exec(floors), rc::gen::exec(bands),
      rc::gen::container<std::vector<int>>(static_cast<size_t>(hf.spanCount()),
                                           rc::gen::inRange(0, 3)));
}

rc::Gen<Heightfield> rectangleField() {
  return rc::gen::exec([] {
    Grid grid;
    const int spanArea = *rc::gen::inRange(1, 256);
    const int climb = *rc::gen::inRange(1, 4);
    const Terrain terrain(grid.width(), grid.depth(), 0);
    grid.forEachCell([&](int x, int z, Column& column) {
      column.push_back({terrain.y(x, z), spanArea});
    });
    return grid.build(climb);
  });
}

rc::Gen<Settings> settingsWith(Partition partition) {
  return rc::gen::exec([partition] {
    Settings s;
    s.partition = partition;
    s.minRegionArea = *rc::gen::weightedElement<int64_t>(
        {{2, 0}, {2, 1}, {2, 3}, {2, 8}, {2, 64}, {1, 100000}});
    s.mergeRegionArea = *rc::gen::weightedElement<int64_t>(
        {{2, 0}, {2, 2}, {2, 6}, {2, 20}, {2, 400}, {1, 100000}});
    s.maxError = *rc::gen::weightedElement<double>({{2, 0.0},
                                                    {1, 0.01},
                                                    {1, 0.5},
                                                    {2, 1.0},
                                                    {3, 1.3},
                                                    {1, 2.25},
                                                    {1, 4.0},
                                                    {1, 100.0}});
    s.maxEdgeLength = *rc::gen::weightedElement<int64_t>(
        {{2, 0}, {1, 1}, {1, 2}, {1, 3}, {3, 12}, {1, 1000}});
    s.straightRegionBorders =
        *rc::gen::weightedElement<bool>({{3, true}, {1, false}});
    s.borderRegion =
        *rc::gen::weightedElement<int64_t>({{6, 0}, {1, 1}, {1, 2}, {1, 3}});
    s.rawContours = *rc::gen::arbitrary<bool>();
    return s;
  });
}

rc::Gen<Settings> anySettings() {
  return rc::gen::mapcat(
      rc::gen::element(Partition::Watershed, Partition::Monotone,
                       Partition::Layers, Partition::LayerFirst),
      settingsWith);
}

}  // namespace regcon::gen
