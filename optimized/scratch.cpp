// clang-format off: this include comes first, before any other code
#include "core/determinism.h"
// clang-format on
#include <algorithm>
#include <cstdint>

#include "optimized/scratch.h"

namespace regcon::opt {

// A call takes at most a few large arrays at once; more kept than this,
// the smallest go (a caller whose fields shrink keeps no stale ones).
constexpr size_t kMaxKept = 6;

struct Scratch::Held {
  std::vector<ScratchBlock> blocks;
  std::vector<std::vector<int>> ints;
};

Scratch::Scratch() = default;
Scratch::~Scratch() = default;
Scratch::Scratch(Scratch&&) noexcept = default;
Scratch& Scratch::operator=(Scratch&&) noexcept = default;

Scratch::Held& Scratch::held() {
  if (!held_) held_ = std::make_unique<Held>();
  return *held_;
}

namespace {

size_t bytesOf(const ScratchBlock& block) {
  return block.size;
}
size_t bytesOf(const std::vector<int>& ints) {
  return ints.capacity() * sizeof(int);
}

// The index of the smallest kept item of at least `size` bytes, or -1.
template <class Item>
int bestFit(const std::vector<Item>& kept, size_t size) {
  int best = -1;
  for (size_t i = 0; i < kept.size(); ++i) {
    if (bytesOf(kept[i]) < size) continue;
    if (best < 0 || bytesOf(kept[i]) < bytesOf(kept[best])) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

template <class Item>
Item takeFrom(std::vector<Item>& kept, int index) {
  Item item = std::move(kept[index]);
  kept.erase(kept.begin() + index);
  return item;
}

template <class Item>
void keep(std::vector<Item>& kept, Item item) {
  kept.push_back(std::move(item));
  if (kept.size() <= kMaxKept) return;
  const auto smallest = std::min_element(
      kept.begin(), kept.end(),
      [](const Item& a, const Item& b) { return bytesOf(a) < bytesOf(b); });
  kept.erase(smallest);
}

}  // namespace

ScratchBlock ScratchAccess::takeBlock(Scratch& scratch, size_t size) {
  std::vector<ScratchBlock>& kept = scratch.held().blocks;
  const int fit = bestFit(kept, size);
  if (fit >= 0) return takeFrom(kept, fit);
  // Default-initialised: no zeroing pass, each page first touched by the
  // step that fills it.
  return {
      std::unique_ptr<std::byte[]>(new std::byte[std::max<size_t>(size, 1)]),
      size};
}

Scratch ScratchAccess::forOneCall() {
  Scratch scratch;
  scratch.keeps_ = false;
  return scratch;
}

void ScratchAccess::giveBlock(Scratch& scratch, ScratchBlock block) {
  if (scratch.keeps_) keep(scratch.held().blocks, std::move(block));
}

std::vector<int> ScratchAccess::takeInts(Scratch& scratch, size_t count) {
  std::vector<std::vector<int>>& kept = scratch.held().ints;
  const int fit = bestFit(kept, count * sizeof(int));
  if (fit >= 0) {
    std::vector<int> ints = takeFrom(kept, fit);
    ints.clear();
    return ints;
  }
  std::vector<int> ints;
  ints.reserve(count);
  return ints;
}

void Scratch::recycle(RegionResult&& done) {
  recycle(std::move(done.regions));
  if (done.distances) recycle(std::move(*done.distances));
  done.distances.reset();
}

void Scratch::recycle(std::vector<int>&& done) {
  if (done.capacity() > 0 && keeps_) keep(held().ints, std::move(done));
  std::vector<int>().swap(done);  // kept, or freed now as a call's own
}

int64_t Scratch::heldBytes() const {
  if (!held_) return 0;
  size_t total = 0;
  for (const ScratchBlock& block : held_->blocks) total += bytesOf(block);
  for (const std::vector<int>& ints : held_->ints) total += bytesOf(ints);
  return static_cast<int64_t>(total);
}

void Scratch::release() {
  held_.reset();
}

}  // namespace regcon::opt
