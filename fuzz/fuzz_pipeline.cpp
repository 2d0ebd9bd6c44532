// Decodes bytes into a small valid heightfield and settings (links built
// the way a heightfield builder builds them, some made one-way or cut),
// runs every implementation through the seam and checks the invariants the
// spec states; when two implementations both answer, their hashes must
// agree. On a failure it prints the heightfield as an interchange document,
// so `regcon` can replay it, and aborts.
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/hash.h"
#include "core/implementation.h"
#include "core/io.h"
#include "fuzz/fuzz_data.h"
#include "tests/invariants.h"

namespace regcon::fuzz {
namespace {

constexpr int kClimb = 3;

int lowestLinkable(const Heightfield& hf, int cell, int y) {
  for (int i = 0; i < hf.counts[cell]; ++i) {
    const int dy = hf.spans[hf.cellStart[cell] + i].y - y;
    if (dy >= -kClimb && dy <= kClimb) return i;
  }
  return kNoLink;
}

void buildLinks(Heightfield& hf, FuzzData& bytes) {
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int x = hf.cellX(s) + kDirX[d], z = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(x, z)) continue;
      hf.spans[s].link[d] = lowestLinkable(hf, x + z * hf.width, hf.spans[s].y);
      if (bytes.chance(4)) hf.spans[s].link[d] = kNoLink;
    }
  }
}

Heightfield decodeHeightfield(FuzzData& bytes) {
  Heightfield hf;
  hf.width = bytes.intIn(1, 14);
  hf.depth = bytes.intIn(1, 14);
  static const int kAreas[] = {0, 63, 63, 63, 1, 2};
  for (int c = 0; c < hf.width * hf.depth; ++c) {
    const int count = bytes.intIn(0, 3) == 0 ? 0 : bytes.intIn(1, 2);
    hf.counts.push_back(count);
    int y = bytes.intIn(0, 4);
    for (int i = 0; i < count; ++i) {
      Span span;  // links start as kNoLink
      span.y = y;
      span.area = kAreas[bytes.intIn(0, 5)];
      hf.spans.push_back(span);
      y += bytes.intIn(4, 12);
    }
  }
  hf.index();
  buildLinks(hf, bytes);
  return hf;
}

Settings decodeSettings(FuzzData& bytes) {
  Settings s;
  s.partition = static_cast<Partition>(bytes.intIn(0, 3));
  s.minRegionArea = bytes.intIn(0, 12);
  s.mergeRegionArea = bytes.intIn(0, 30);
  static const double kErrors[] = {0.0, 0.5, 1.0, 1.3, 2.0, 3.7};
  s.maxError = kErrors[bytes.intIn(0, 5)];
  s.maxEdgeLength = bytes.intIn(0, 6);
  s.straightRegionBorders = bytes.chance(70);
  s.borderRegion = bytes.intIn(0, 3);
  s.rawContours = true;
  return s;
}

[[noreturn]] void fail(const Heightfield& hf, const Settings& settings,
                       const std::string& what) {
  std::ostringstream doc, set;
  writeHeightfield(doc, hf);
  writeSettings(set, settings);
  std::fprintf(stderr, "%s\nheightfield: %s\nsettings: %s\n", what.c_str(),
               doc.str().c_str(), set.str().c_str());
  std::abort();
}

void checkInvariants(const Heightfield& hf, const Settings& settings,
                     const StageResult& result, const std::string& impl) {
  const std::string checks[] = {
      testing::checkPartition(hf, result.regions),
      testing::checkContourShape(hf, result.regions.regions, result.contours),
      testing::checkPortalsSurvive(result.contours)};
  for (const std::string& failure : checks) {
    if (!failure.empty()) fail(hf, settings, impl + ": " + failure);
  }
}

std::string hashes(const StageResult& r) {
  return hashRegions(r.regions) + " " + hashContours(r.contours);
}

}  // namespace
}  // namespace regcon::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace regcon;
  fuzz::FuzzData bytes(data, size);
  const Settings settings = fuzz::decodeSettings(bytes);
  const Heightfield hf = fuzz::decodeHeightfield(bytes);
  std::string first;
  for (const Implementation* impl : allImplementations()) {
    StageResult result;
    try {
      result = runStage(*impl, hf, settings);
    } catch (const NotImplemented&) {
      continue;
    }
    fuzz::checkInvariants(hf, settings, result, impl->name());
    const std::string h = fuzz::hashes(result);
    if (!first.empty() && h != first) {
      fuzz::fail(hf, settings, impl->name() + " disagrees with the reference");
    }
    if (first.empty()) first = h;
  }
  return 0;
}
