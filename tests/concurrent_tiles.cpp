// Spec §8 for an engine that builds its tiles at once: each tile's stage on
// a thread of its own, all threads running together, gives the same bytes
// (hashes, and the rcContourSet handed to Recast) as the tiles one after
// another. Built into the threads program, which the tsan preset runs
// under ThreadSanitizer: a data race between two tiles fails there even
// when the bytes happen to agree.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "gen/scenarios.h"
#include "interchange/hash.h"
#include "recast/interop.h"
#include "registry/implementations.h"

namespace regcon {
namespace {

struct TileBytes {
  std::string hashes;
  std::vector<int> recastVertices;  // every contour's verts, in order
};

// Tiles of different kinds and sizes, so that the threads do not run in
// step through the same work.
std::vector<Heightfield> tiles() {
  std::vector<Heightfield> out;
  const char* kinds[] = {"terrain", "rooms", "multifloor", "spiral"};
  for (int i = 0; i < 8; ++i) {
    ScenarioOptions options;
    options.size = 40 + 8 * i;
    options.seed = 100 + i;
    out.push_back(generateScenario(kinds[i % 4], options));
  }
  return out;
}

TileBytes buildTile(const Implementation& impl, const Heightfield& hf,
                    const Settings& settings) {
  const StageResult result = runStage(impl, hf, settings);
  TileBytes bytes;
  bytes.hashes = hashDistances(*result.regions.distances) + " " +
                 hashRegions(result.regions) + " " +
                 hashContours(result.contours);
  const RecastCompactPtr chf = toRecast(hf);
  const RecastContourPtr cset = toRecast(result.contours, *chf, settings);
  for (int c = 0; c < cset->nconts; ++c) {
    const rcContour& contour = cset->conts[c];
    bytes.recastVertices.insert(bytes.recastVertices.end(), contour.verts,
                                contour.verts + 4 * contour.nverts);
  }
  return bytes;
}

void expectConcurrentEqualsSequential(const Implementation& impl,
                                      Partition partition) {
  Settings settings;
  settings.partition = partition;
  const std::vector<Heightfield> fields = tiles();
  std::vector<TileBytes> sequential;
  for (const Heightfield& hf : fields) {
    sequential.push_back(buildTile(impl, hf, settings));
  }
  std::vector<TileBytes> concurrent(fields.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < fields.size(); ++i) {
    threads.emplace_back(
        [&, i] { concurrent[i] = buildTile(impl, fields[i], settings); });
  }
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < fields.size(); ++i) {
    SCOPED_TRACE("tile " + std::to_string(i));
    EXPECT_EQ(concurrent[i].hashes, sequential[i].hashes);
    EXPECT_EQ(concurrent[i].recastVertices, sequential[i].recastVertices);
    EXPECT_FALSE(sequential[i].recastVertices.empty());
  }
}

TEST(ConcurrentTiles, EachOnItsOwnThreadGivesTheBytesOfOneAtATime) {
  for (const Implementation* impl : allImplementations()) {
    for (Partition partition : {Partition::Watershed, Partition::Monotone,
                                Partition::Layers, Partition::LayerFirst}) {
      SCOPED_TRACE(impl->name() + " " + partitionName(partition));
      expectConcurrentEqualsSequential(*impl, partition);
    }
  }
}

}  // namespace
}  // namespace regcon
