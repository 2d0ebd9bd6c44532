#include "exhaust/field_space.h"

#include <algorithm>
#include <limits>
#include <sstream>

#include "core/limits.h"

namespace regcon::exhaust {
namespace {

// The bounds `make test` and the larger run name (exhaust/README.md).
constexpr const char* kTestBound = "2x2:1,2x1:3,1x2:3/0,1,2/0,1";
constexpr const char* kNextBound = "2x2:1,2x1:3,1x2:3/0,1,2/0,1,2";

uint64_t checkedProduct(uint64_t a, uint64_t b) {
  if (b != 0 && a > std::numeric_limits<uint64_t>::max() / b) {
    throw InputError("exhaust: the bound holds more than 2^64 fields");
  }
  return a * b;
}

uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// The rank-th k-subset of 0..n-1 in lexicographic order.
std::vector<int> subset(int n, int k, uint64_t rank) {
  std::vector<int> chosen;
  int next = 0;
  for (int left = k; left > 0; --left) {
    while (true) {
      const uint64_t withNext = choose(n - next - 1, left - 1);
      if (rank < withNext) break;
      rank -= withNext;
      ++next;
    }
    chosen.push_back(next++);
  }
  return chosen;
}

std::vector<int> parseInts(const std::string& text, const std::string& what) {
  std::vector<int> values;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    size_t used = 0;
    int value = -1;
    try {
      value = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || value < 0) {
      throw InputError("exhaust: bad " + what + " '" + item + "'");
    }
    values.push_back(value);
  }
  if (values.empty()) throw InputError("exhaust: no " + what + " given");
  return values;
}

Grid parseGrid(const std::string& text) {
  Grid g;
  char x = 0, colon = 0;
  std::istringstream in(text);
  in >> g.width >> x >> g.depth >> colon >> g.maxSpans;
  if (!in || x != 'x' || colon != ':' || in.peek() != EOF || g.width < 1 ||
      g.depth < 1 || g.maxSpans < 0 || g.maxSpans > limits::kMaxSpansPerCell) {
    throw InputError("exhaust: bad grid '" + text +
                     "' (WxD:K, K spans a column at most)");
  }
  return g;
}

std::string joined(const std::vector<int>& values) {
  std::string text;
  for (int v : values) {
    if (!text.empty()) text += ',';
    text += std::to_string(v);
  }
  return text;
}

// Reads digits off a mixed-radix number, least significant first.
class Digits {
 public:
  explicit Digits(uint64_t value) : value_(value) {}
  int next(uint64_t radix) {
    const uint64_t digit = value_ % radix;
    value_ /= radix;
    return static_cast<int>(digit);
  }

 private:
  uint64_t value_;
};

}  // namespace

Bound parseBound(const std::string& text) {
  if (text == "test") return parseBound(kTestBound);
  if (text == "next") return parseBound(kNextBound);
  const size_t a = text.find('/'), b = text.rfind('/');
  if (a == std::string::npos || a == b) {
    throw InputError(
        "exhaust: a bound is GRIDS/FLOORS/AREAS, 'test' or 'next'");
  }
  Bound bound;
  std::istringstream grids(text.substr(0, a));
  std::string grid;
  while (std::getline(grids, grid, ',')) bound.grids.push_back(parseGrid(grid));
  bound.floors = parseInts(text.substr(a + 1, b - a - 1), "floor");
  bound.areas = parseInts(text.substr(b + 1), "area");
  std::sort(bound.floors.begin(), bound.floors.end());
  if (std::adjacent_find(bound.floors.begin(), bound.floors.end()) !=
          bound.floors.end() ||
      bound.floors.back() > limits::kMaxY) {
    throw InputError("exhaust: floors must differ and stay within 0..65535");
  }
  for (int area : bound.areas) {
    if (area > limits::kMaxArea) throw InputError("exhaust: area above 255");
  }
  if (bound.grids.empty()) throw InputError("exhaust: no grid given");
  return bound;
}

std::string boundText(const Bound& bound) {
  std::string grids;
  for (const Grid& g : bound.grids) {
    if (!grids.empty()) grids += ',';
    grids += std::to_string(g.width) + "x" + std::to_string(g.depth) + ":" +
             std::to_string(g.maxSpans);
  }
  return grids + "/" + joined(bound.floors) + "/" + joined(bound.areas);
}

FieldSpace::FieldSpace(Bound bound) : bound_(std::move(bound)) {
  for (int g = 0; g < static_cast<int>(bound_.grids.size()); ++g) {
    const Grid& grid = bound_.grids[g];
    const int cells = grid.width * grid.depth;
    const int heights =
        std::min<int>(grid.maxSpans, static_cast<int>(bound_.floors.size()));
    // Every column height vector, the first cell's height varying fastest.
    std::vector<int> counts(cells, 0);
    while (true) {
      const uint64_t size = blockSize(grid, counts);
      blocks_.push_back({g, counts, size_, size});
      size_ += size;
      int c = 0;
      while (c < cells && counts[c] == heights) counts[c++] = 0;
      if (c == cells) break;
      ++counts[c];
    }
  }
}

// Floors chosen per column, then per span its area and a link per direction
// (none, or any span of the neighbouring column).
uint64_t FieldSpace::blockSize(const Grid& grid,
                               const std::vector<int>& counts) const {
  uint64_t size = 1;
  const int m = static_cast<int>(bound_.floors.size());
  for (int z = 0; z < grid.depth; ++z) {
    for (int x = 0; x < grid.width; ++x) {
      const int k = counts[x + z * grid.width];
      size = checkedProduct(size, choose(m, k));
      for (int i = 0; i < k; ++i) {
        size = checkedProduct(size, bound_.areas.size());
        for (int d = 0; d < 4; ++d) {
          const int nx = x + kDirX[d], nz = z + kDirZ[d];
          if (nx < 0 || nz < 0 || nx >= grid.width || nz >= grid.depth) {
            continue;
          }
          size = checkedProduct(size, counts[nx + nz * grid.width] + 1);
        }
      }
    }
  }
  return size;
}

Heightfield FieldSpace::field(uint64_t index) const {
  if (index >= size_) throw InputError("exhaust: field index past the bound");
  const auto block =
      std::upper_bound(blocks_.begin(), blocks_.end(), index,
                       [](uint64_t i, const Block& b) { return i < b.first; });
  const Block& found = *(block - 1);
  return decode(found, index - found.first);
}

Heightfield FieldSpace::decode(const Block& block, uint64_t digits) const {
  const Grid& grid = bound_.grids[block.grid];
  Heightfield hf;
  hf.width = grid.width;
  hf.depth = grid.depth;
  hf.counts.assign(block.counts.begin(), block.counts.end());
  hf.index();
  Digits in(digits);
  const int m = static_cast<int>(bound_.floors.size());
  for (int cell = 0; cell < grid.width * grid.depth; ++cell) {
    const int k = block.counts[cell];
    const std::vector<int> chosen = subset(m, k, in.next(choose(m, k)));
    const int x = cell % grid.width, z = cell / grid.width;
    for (int i = 0; i < k; ++i) {
      Span span;
      span.y = bound_.floors[chosen[i]];
      span.area = bound_.areas[in.next(bound_.areas.size())];
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDirX[d], nz = z + kDirZ[d];
        if (nx < 0 || nz < 0 || nx >= grid.width || nz >= grid.depth) continue;
        // Digit 0 is no link, digit t + 1 the t-th span of that column.
        span.link[d] = in.next(block.counts[nx + nz * grid.width] + 1) - 1;
      }
      hf.spans.push_back(span);
    }
  }
  return hf;
}

}  // namespace regcon::exhaust
