// Decodes bytes into a small valid heightfield and settings (links built
// the way a heightfield builder builds them, some made one-way or cut),
// runs every implementation through the seam and checks the invariants the
// spec states; when two implementations both answer, every section of their
// results (distances, regions, contours, raw loops) must agree. On a failure
// it prints the hashes and the comparer's report, then the heightfield and
// settings as interchange documents, so `regcon` can replay them, and aborts.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "core/builder.h"
#include "core/compare.h"
#include "core/hash.h"
#include "core/io.h"
#include "fuzz/fuzz_data.h"
#include "registry/implementations.h"
#include "tests/invariants.h"

namespace regcon::fuzz {
namespace {

// Links by the climb rule, each cut by a byte with chance 4 %; the bytes
// are read in span, then direction order (only for directions inside the
// grid), as the committed corpus was written.
void buildLinks(Heightfield& hf, FuzzData& bytes) {
  const LinkRule rule{.climb = 3};
  for (int s = 0; s < hf.spanCount(); ++s) {
    for (int d = 0; d < 4; ++d) {
      const int x = hf.cellX(s) + kDirX[d], z = hf.cellZ(s) + kDirZ[d];
      if (!hf.insideGrid(x, z)) continue;
      hf.spans[s].link[d] = ruleLink(hf, s, d, rule);
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

// Printed, and written to fuzz_pipeline-failure.{chf,settings}.json in the
// working directory, so `regcon conform` or `regcon run` replays them.
void writeDocuments(const Heightfield& hf, const Settings& settings) {
  std::ostringstream doc, set;
  writeHeightfield(doc, hf);
  writeSettings(set, settings);
  std::fprintf(stderr, "heightfield: %s\nsettings: %s\n", doc.str().c_str(),
               set.str().c_str());
  std::ofstream("fuzz_pipeline-failure.chf.json") << doc.str();
  std::ofstream("fuzz_pipeline-failure.settings.json") << set.str();
  std::fprintf(stderr,
               "written: fuzz_pipeline-failure.chf.json, "
               "fuzz_pipeline-failure.settings.json\n");
}

[[noreturn]] void fail(const Heightfield& hf, const Settings& settings,
                       const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  writeDocuments(hf, settings);
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
  return "distances " +
         (r.regions.distances ? hashDistances(*r.regions.distances) : "-") +
         "\nregions   " + hashRegions(r.regions) + "\ncontours  " +
         hashContours(r.contours) + "\n";
}

struct Answer {
  const Implementation* impl;
  StageResult result;
};

// Every section of every result, distances and raw loops included, must
// equal the first implementation's; on a disagreement both sides' hashes
// and the comparer's report are printed.
void checkAgreement(const Heightfield& hf, const Settings& settings,
                    const Answer& first, const Answer& other) {
  const Comparison comparison = compareResults(
      hf, first.result, other.result,
      {.expectedLabel = first.impl->name(), .actualLabel = other.impl->name()});
  if (comparison.same()) return;
  fail(hf, settings,
       other.impl->name() + " disagrees with " + first.impl->name() + "\n" +
           first.impl->name() + ":\n" + hashes(first.result) +
           other.impl->name() + ":\n" + hashes(other.result) +
           comparison.report());
}

}  // namespace
}  // namespace regcon::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace regcon;
  fuzz::FuzzData bytes(data, size);
  const Settings settings = fuzz::decodeSettings(bytes);
  const Heightfield hf = fuzz::decodeHeightfield(bytes);
  std::optional<fuzz::Answer> first;
  for (const Implementation* impl : allImplementations()) {
    fuzz::Answer answer{impl, {}};
    try {
      answer.result = runStage(*impl, hf, settings);
    } catch (const NotImplemented&) {
      continue;
    }
    fuzz::checkInvariants(hf, settings, answer.result, impl->name());
    if (first) {
      fuzz::checkAgreement(hf, settings, *first, answer);
    } else {
      first = std::move(answer);
    }
  }
  return 0;
}
