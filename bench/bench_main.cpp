// make bench: every stage of regcon (distance field; watershed, monotone,
// layers and layer-first regions; contours on the watershed partition; the
// whole stage) against Recast's functions for the same step, on the same
// heightfields, in one process: the three meshes, two scenarios, a size
// sweep of about 1M, 4M and 16M spans (terrain tiles, and a multi-floor
// field at 1M+) and the hostile shapes (whole stage only). Medians of
// thread CPU time over --runs runs, peak heap per span (bench/alloc_count.h),
// a table per input, the sweep against the targets of issue 12, a CSV and an
// SVG plot. README.md, section Performance, says what each row times.
//
// --check-hashes TILES instead builds TILES x TILES terrain tiles of 1024
// cells and checks that every implementation gives the same hashes for
// every partition (the 16M-span check of issue 12 at TILES = 4).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/alloc_count.h"
#include "bench/measure.h"
#include "bench/recast_peer.h"
#include "bench/report.h"
#include "gen/scenarios.h"
#include "interchange/hash.h"
#include "recast/mesh_import.h"
#include "registry/implementations.h"

namespace regcon::bench {
namespace {

struct Options {
  bool quick = false;
  int runs = 5;
  double referenceBudgetSeconds = 10;
  int64_t referenceUpTo = 5'000'000;  // spans; larger inputs skip it
  std::string only;                   // inputs whose name contains it
  std::string groups = "mesh,scenario,sweep,hostile";
  std::string csv = "build/bench/bench.csv";
  std::string svg = "build/bench/bench.svg";
  int checkTiles = 0;  // > 0: the hash check instead of timing
};

struct Input {
  std::string name;
  std::string group;
  std::function<Heightfield()> make;
  bool withReference = true;  // false where the reference takes minutes
  bool everyStage = true;     // false: the whole stage only
};

constexpr int kSweepTile = 1024;  // terrain 1024: 1,048,576 spans a tile

// The hostile shapes of issue 16 at several sizes (whole stage only); the
// reference runs up to `referenceUpTo` cells a side.
struct Hostile {
  const char* scenario;
  std::vector<int> sizes;
  int referenceUpTo;
};

const Hostile kHostile[] = {
    {"pillars", {64, 128, 256, 512}, 256}, {"pillars4", {128, 256, 512}, 256},
    {"pillars8", {256, 512}, 512},         {"serpentine", {128, 256, 512}, 512},
    {"checkerboard", {64, 128, 256}, 256}, {"stack63", {16, 32, 64}, 64},
};

Input scenario(const std::string& name, const std::string& label,
               const std::string& group, int size, int tiles) {
  return {label, group, [=] {
            return tiledScenario(name, ScenarioOptions{size, 1}, tiles);
          }};
}

std::vector<Input> inputs(const Options& options) {
  std::vector<Input> all;
  const std::filesystem::path meshes =
      std::filesystem::path(REGCON_SHARED_DIR) / "meshes";
  for (const char* mesh : {"dungeon", "nav_test", "undulating"}) {
    const auto path = meshes / (std::string(mesh) + ".obj");
    if (!std::filesystem::exists(path)) {
      std::printf("bench: %s absent, skipped\n", path.string().c_str());
      continue;
    }
    all.push_back({mesh, "mesh", [path] {
                     return importMesh(path.string(), MeshImportOptions{});
                   }});
  }
  if (!options.quick) {
    all.push_back(scenario("rooms", "rooms-256", "scenario", 256, 1));
    all.push_back(scenario("terrain", "terrain-256", "scenario", 256, 1));
  }
  all.push_back(scenario("terrain", "terrain-1M", "sweep", kSweepTile, 1));
  all.push_back(
      scenario("multifloor", "multifloor-1M", "sweep", kSweepTile, 1));
  if (options.quick) return all;
  all.push_back(scenario("terrain", "terrain-4M", "sweep", kSweepTile, 2));
  Input large = scenario("terrain", "terrain-16M", "sweep", kSweepTile, 4);
  large.withReference = false;  // about 15 s a stage, over 3 minutes in all
  all.push_back(large);
  for (const Hostile& h : kHostile) {
    for (int size : h.sizes) {
      Input in = scenario(h.scenario,
                          std::string(h.scenario) + "-" + std::to_string(size),
                          "hostile", size, 1);
      in.withReference = size <= h.referenceUpTo;
      in.everyStage = false;
      all.push_back(in);
    }
  }
  return all;
}

Partition partitionOf(const std::string& stage) {
  if (stage == "monotone") return Partition::Monotone;
  if (stage == "layers") return Partition::Layers;
  if (stage == "layer-first") return Partition::LayerFirst;
  return Partition::Watershed;
}

volatile int64_t sink = 0;  // results feed it, so no call is optimised away

// One stage of one of our implementations; the result is freed inside the
// timed part, as Recast's contour set is.
void runOurs(const Implementation& impl, const Heightfield& hf,
             const std::string& stage, const std::vector<int>& partition) {
  Settings settings;
  settings.partition = partitionOf(stage);
  if (stage == "distance") {
    sink = sink + static_cast<int64_t>(impl.distances(hf).size());
  } else if (stage == "contours") {
    sink = sink + static_cast<int64_t>(
                      impl.contours(hf, partition, settings).contours.size());
  } else if (stage == "whole") {
    sink = sink + runStage(impl, hf, settings).regions.regionCount;
  } else {
    // The partition alone: regions() adds the §1 field for documents.
    sink = sink + impl.partition(hf, settings).regionCount;
  }
}

// The untimed preparation and the timed step of Recast for one stage.
struct RecastStep {
  std::function<void()> prepare;
  std::function<void()> step;
  std::string note;
};

RecastStep recastStep(RecastField& rc, const std::string& stage,
                      const RegionResult& watershed) {
  Settings settings;
  settings.partition = partitionOf(stage);
  auto clear = [&rc] { rc.clear(); };
  if (stage == "distance") return {clear, [&rc] { rc.distanceField(); }, ""};
  if (stage == "whole") {
    return {clear, [&rc, settings] { sink = sink + rc.wholeStage(settings); },
            ""};
  }
  if (stage != "contours") {
    return {clear, [&rc, settings] { rc.regions(settings); }, ""};
  }
  auto contours = [&rc, settings] { sink = sink + rc.contours(settings); };
  if (rc.giveRegions(watershed.regions, watershed.regionCount)) {
    return {[] {}, contours, ""};
  }
  // Past Recast's 15-bit region ids: its contours of its own partition.
  return {[&rc, settings] {
            rc.clear();
            rc.regions(settings);
          },
          contours, "on Recast's own watershed partition (ids past 15 bits)"};
}

Measurement guarded(const Repeat& repeat, const std::function<void()>& prepare,
                    const std::function<void()>& step) {
  try {
    return measure(repeat, prepare, step);
  } catch (const std::exception& e) {
    Measurement failed;
    failed.note = e.what();
    return failed;
  }
}

class Bench {
 public:
  explicit Bench(const Options& options) : options_(options) {}

  void run(const Input& input) {
    const Heightfield hf = input.make();
    RecastField rc(hf);
    const std::vector<std::string> stages =
        input.everyStage ? stageNames() : std::vector<std::string>{"whole"};
    RegionResult watershed;
    if (input.everyStage) {
      watershed = findImplementation("optimized")->regions(hf, Settings{});
    }
    for (const std::string& stage : stages) {
      Row row{input.name, input.group, hf.spanCount(), stage, "recast", {}};
      const RecastStep step = recastStep(rc, stage, watershed);
      row.m = guarded({options_.runs}, step.prepare, step.step);
      if (row.m.ok()) row.m.note = step.note;
      rows_.push_back(row);
      for (const Implementation* impl : allImplementations()) {
        runImplementation(input, hf, stage, *impl, watershed.regions);
      }
    }
    rc.clear();
    printInput(rows_, input.name);
    writeCsv(rows_, options_.csv);
    writeSvg(rows_, options_.svg);
  }

  void finish() const {
    printSweep(rows_);
    std::printf("\nCSV: %s\nplot: %s\n", options_.csv.c_str(),
                options_.svg.c_str());
  }

 private:
  void runImplementation(const Input& input, const Heightfield& hf,
                         const std::string& stage, const Implementation& impl,
                         const std::vector<int>& partition) {
    const bool reference = impl.name() == "reference";
    if (reference && skipsReference(input, hf.spanCount(), stage)) return;
    Repeat repeat{options_.runs};
    if (reference) repeat.budgetSeconds = options_.referenceBudgetSeconds;
    Row row{input.name, input.group, hf.spanCount(), stage, impl.name(), {}};
    row.m = guarded(
        repeat, [] {}, [&] { runOurs(impl, hf, stage, partition); });
    if (reference && row.m.ok() && row.m.runs < options_.runs) {
      row.m.note =
          "one run: over the reference's budget of " +
          std::to_string(static_cast<int>(options_.referenceBudgetSeconds)) +
          " s; not run on larger sweep inputs";
      slowReference_.insert(stage);
    }
    rows_.push_back(row);
  }

  bool skipsReference(const Input& input, int64_t spans,
                      const std::string& stage) const {
    return !input.withReference || spans > options_.referenceUpTo ||
           (input.group == "sweep" && slowReference_.count(stage));
  }

  Options options_;
  std::vector<Row> rows_;
  std::set<std::string> slowReference_;  // stages over budget in the sweep
};

// The 16M-span check of issue 12: every partition's hashes (interchange §5,
// as `regcon hashes` computes them) from every implementation.
int checkHashes(int tiles) {
  std::printf("terrain, %d x %d tiles of %d cells\n", tiles, tiles, kSweepTile);
  const Heightfield hf =
      tiledScenario("terrain", ScenarioOptions{kSweepTile, 1}, tiles);
  std::printf("%d spans\n", hf.spanCount());
  bool same = true;
  for (const char* stage : {"watershed", "monotone", "layers", "layer-first"}) {
    Settings settings;
    settings.partition = partitionOf(stage);
    std::string first;
    for (const Implementation* impl : allImplementations()) {
      const std::string hashes =
          "distances " + hashDistances(impl->distances(hf)) + " regions " +
          [&] {
            const StageResult r = runStage(*impl, hf, settings);
            return hashRegions(r.regions) + " contours " +
                   hashContours(r.contours);
          }();
      std::printf("%-12s %-10s %s\n", stage, impl->name().c_str(),
                  hashes.c_str());
      std::fflush(stdout);
      if (first.empty()) first = hashes;
      same = same && hashes == first;
    }
  }
  std::printf("%s\n", same ? "identical hashes from every implementation"
                           : "HASHES DIFFER");
  return same ? 0 : 1;
}

// Whether `group` is one of the comma-separated `groups`.
bool inGroups(const std::string& group, const std::string& groups) {
  return ("," + groups + ",").find("," + group + ",") != std::string::npos;
}

const char* kHelp =
    "usage: regcon_bench [--quick] [--runs N] [--only TEXT] [--groups LIST]\n"
    "                    [--csv PATH] [--svg PATH] [--reference-budget S]\n"
    "                    [--reference-up-to SPANS]\n"
    "       regcon_bench --check-hashes TILES\n"
    "Times every stage of Recast, the reference and the optimized\n"
    "implementation on the same heightfields (median thread CPU time of N\n"
    "runs, default 5) with peak heap per span, and writes a CSV and an SVG\n"
    "plot. --quick: the meshes and the 1M-span inputs only. --only: inputs\n"
    "whose name contains TEXT. --groups: some of mesh,scenario,sweep,hostile\n"
    "(default all). The reference runs on inputs of at most SPANS spans\n"
    "(default 5000000) and never at 16M; a reference run over S CPU\n"
    "seconds (default 10) is not repeated.\n"
    "--check-hashes: TILES x TILES terrain tiles of 1024 cells, the hashes\n"
    "of every partition from every implementation; exit 1 if they differ.\n";

Options parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--quick") {
      options.quick = true;
    } else if (arg == "--runs") {
      options.runs = std::max(1, std::stoi(next()));
    } else if (arg == "--only") {
      options.only = next();
    } else if (arg == "--reference-up-to") {
      options.referenceUpTo = std::stoll(next());
    } else if (arg == "--groups") {
      options.groups = next();
    } else if (arg == "--csv") {
      options.csv = next();
    } else if (arg == "--svg") {
      options.svg = next();
    } else if (arg == "--reference-budget") {
      options.referenceBudgetSeconds = std::stod(next());
    } else if (arg == "--check-hashes") {
      options.checkTiles = std::stoi(next());
    } else if (arg == "--help") {
      std::fputs(kHelp, stdout);
      std::exit(0);
    } else {
      throw std::invalid_argument("unknown option " + arg);
    }
  }
  return options;
}

}  // namespace
}  // namespace regcon::bench

int main(int argc, char** argv) {
  using namespace regcon::bench;
  countRecastAllocations();
  try {
    const Options options = parse(argc, argv);
    if (options.checkTiles > 0) return checkHashes(options.checkTiles);
    Bench bench(options);
    for (const Input& input : inputs(options)) {
      if (input.name.find(options.only) == std::string::npos ||
          !inGroups(input.group, options.groups)) {
        continue;
      }
      bench.run(input);
    }
    bench.finish();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "regcon_bench: %s\n%s", e.what(), kHelp);
    return 2;
  }
}
