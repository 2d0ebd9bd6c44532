// make bench: every stage of regcon (distance field; watershed, monotone,
// layers and layer-first regions; contours on the watershed partition; the
// whole stage) against Recast's functions for the same step, on the same
// heightfields, in one process, on Google Benchmark: the three meshes, two
// scenarios, a size sweep of about 1M, 4M and 16M spans (terrain tiles, and
// a multi-floor field at 1M) and the hostile shapes (the whole stage at
// several sizes, every stage at one).
// Each row is one call per run (one iteration), repeated, with the median
// and the min and max as aggregates; the optimized implementation runs on
// one thread and on the machine's cores, keeping its large arrays from one
// run of a row to the next (opt::Scratch), each of its runs after a run
// of Recast's step that its ratio is taken against (counter
// recast_paired_ms). bench/tables.py turns the JSON
// into the tables and the CSV; docs/performance.md says what each row times.
//
// --check-hashes TILES instead builds TILES x TILES terrain tiles of 1024
// cells and checks that every implementation (the optimized one on one
// thread and on --threads) gives the same hashes for every partition (the
// 16M-span check at TILES = 4).
#include <benchmark/benchmark.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench/alloc_count.h"
#include "bench/recast_peer.h"
#include "gen/scenarios.h"
#include "interchange/hash.h"
#include "recast/mesh_import.h"
#include "registry/implementations.h"

namespace regcon::bench {
namespace {

struct Options {
  bool quick = false;
  int runs = 5;
  int64_t referenceUpTo = 5'000'000;  // spans; larger inputs skip it
  std::string only;                   // inputs whose name contains it
  std::string groups = "mesh,scenario,sweep,hostile";
  int threads = 0;     // the optimized implementation's second column
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

// The hostile shapes at several sizes, the whole stage at each; the
// reference runs up to `referenceUpTo` cells a side. Every stage runs at
// `everyStageAt` cells a side, which tells which stage a shape costs: the
// second size, since Recast's monotone partition overflows its region ids
// (an assertion) on the largest checkerboard and pillars; none on
// stack63, where it corrupts its heap (63 spans a column; seen at 16 and
// 32 cells a side).
struct Hostile {
  const char* scenario;
  std::vector<int> sizes;
  int referenceUpTo;
  int everyStageAt;
};

const Hostile kHostile[] = {
    {"pillars", {64, 128, 256, 512}, 256, 128},
    {"pillars4", {128, 256, 512}, 256, 256},
    {"pillars8", {256, 512}, 512, 512},
    {"serpentine", {128, 256, 512}, 512, 256},
    {"checkerboard", {64, 128, 256}, 256, 128},
    {"stack63", {16, 32, 64}, 64, 0},
};

const std::vector<std::string> kStages = {"distance", "watershed",   "monotone",
                                          "layers",   "layer-first", "contours",
                                          "whole"};

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
      in.everyStage = size == h.everyStageAt;
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

// The input being timed, built when its first row runs and freed when the
// next input's first row runs (the 16M-span field and Recast's copy of it
// take about 1 GB), with Recast's copy and our watershed partition (the
// contours rows' input).
class CurrentInput {
 public:
  void use(const Input& input) {
    if (input_ == &input) return;
    recast_.reset();
    hf_.reset();
    input_ = &input;
    hf_ = input.make();
    recast_ = std::make_unique<RecastField>(*hf_);
    watershed_ =
        input.everyStage
            ? findImplementation("optimized")->regions(*hf_, Settings{})
            : RegionResult{};
  }
  const Heightfield& hf() const { return *hf_; }
  RecastField& recast() { return *recast_; }
  const RegionResult& watershed() const { return watershed_; }

 private:
  const Input* input_ = nullptr;
  std::optional<Heightfield> hf_;
  std::unique_ptr<RecastField> recast_;
  RegionResult watershed_;
};

CurrentInput current;
volatile int64_t sink = 0;  // results feed it, so no call is optimised away
// Set during a row's untimed call for the peak heap (peakOfOneCall).
bool measuringPeak = false;

// One stage of one of our implementations; the result is freed, or handed
// back to an implementation that keeps memory, inside the timed part, as
// Recast's contour set is freed.
void runOurs(const Implementation& impl, const std::string& stage) {
  const Heightfield& hf = current.hf();
  Settings settings;
  settings.partition = partitionOf(stage);
  if (stage == "distance") {
    std::vector<int> distances = impl.distances(hf);
    sink = sink + static_cast<int64_t>(distances.size());
    impl.recycle(std::move(distances));
  } else if (stage == "contours") {
    sink = sink + static_cast<int64_t>(
                      impl.contours(hf, current.watershed().regions, settings)
                          .contours.size());
  } else if (stage == "whole") {
    StageResult result = runStage(impl, hf, settings);
    sink = sink + result.regions.regionCount;
    impl.recycle(std::move(result.regions));
  } else {
    // The partition alone: regions() adds the §1 field for documents.
    RegionResult result = impl.partition(hf, settings);
    sink = sink + result.regionCount;
    impl.recycle(std::move(result));
  }
}

// The untimed preparation and the timed step of Recast for one stage, and
// a note when the step differs from the row's name.
struct Step {
  std::function<void()> prepare;
  std::function<void()> run;
  std::string note;
};

Step recastStep(const std::string& stage) {
  RecastField& rc = current.recast();
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
  const RegionResult& watershed = current.watershed();
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

// One row: an implementation ("recast", "reference", "optimized") on one
// stage of one input, on `threads` threads.
struct Row {
  const Input* input;
  std::string stage;
  std::string impl;
  int threads = 1;
  std::shared_ptr<const Implementation> reference;  // the reference's rows
};

// The optimized implementation keeping its large arrays from one run of a
// row to the next (opt::Scratch), as an engine building tile after tile
// keeps them: made on the row's first run, which pays the page faults, and
// dropped when another row starts, so no row holds memory kept for another.
// The run that measures the peak heap is a call without a kept scratch
// (docs/performance.md says what one holds on top).
const Implementation& keptFor(const Row& row) {
  if (measuringPeak) {
    static std::unique_ptr<Implementation> plain;
    plain = optimizedOnThreads(row.threads);
    return *plain;
  }
  static const Row* owner = nullptr;
  static std::unique_ptr<Implementation> kept;
  if (owner != &row) {
    kept.reset();
    kept = optimizedKeepingMemory(row.threads);
    owner = &row;
  }
  return *kept;
}

Step stepOf(const Row& row) {
  const std::string stage = row.stage;
  if (row.impl == "recast") return recastStep(stage);
  if (row.reference) {
    const Implementation* impl = row.reference.get();
    return {[] {}, [impl, stage] { runOurs(*impl, stage); }, ""};
  }
  const Implementation* impl = &keptFor(row);
  return {[] {}, [impl, stage] { runOurs(*impl, stage); }, ""};
}

// How large the last contour set of a Recast row was against the spec's
// (the optimized implementation's, computed untimed), for contours and
// whole rows: Recast drops every loop that simplifies to fewer than three
// vertices, which the spec keeps (a one-cell region, a one-cell hole), so
// on some shapes its rows do less work than the spec asks.
std::string outputNote(const Row& row) {
  if (row.impl != "recast" ||
      (row.stage != "contours" && row.stage != "whole")) {
    return "";
  }
  const RecastField::OutputSize theirs = current.recast().lastOutput();
  const Implementation& optimized = *findImplementation("optimized");
  Settings settings;
  settings.partition = partitionOf(row.stage);
  const ContourSet ours =
      row.stage == "contours"
          ? optimized.contours(current.hf(), current.watershed().regions,
                               settings)
          : runStage(optimized, current.hf(), settings).contours;
  auto size = [](int64_t contours, int64_t vertices) {
    return std::to_string(contours) +
           (contours == 1 ? " contour of " : " contours of ") +
           std::to_string(vertices) + " vertices";
  };
  return "output: Recast " + size(theirs.contours, theirs.vertices) +
         ", the spec " +
         size(static_cast<int64_t>(ours.contours.size()), ours.vertexCount());
}

// The peak heap of one more call of the row, untimed and without a kept
// scratch, beyond the bytes live before it. Done here, not by a
// benchmark::MemoryManager: Google Benchmark 1.7.1 keeps each repetition's
// memory result in a vector it grows, so the JSON report of every
// repetition but the last reads freed memory (and can crash the run).
int64_t peakOfOneCall(const Row& row) {
  measuringPeak = true;
  const Step step = stepOf(row);
  step.prepare();
  resetPeak();
  step.run();
  const int64_t peak = peakBytesSinceReset();
  measuringPeak = false;
  return peak;
}

// The calling thread's CPU time of one run of `step`, in milliseconds, the
// preparation left out (Google Benchmark's own time of a one-thread row is
// the same clock).
double timedMs(const Step& step) {
  step.prepare();
  timespec start{}, end{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
  step.run();
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
  return static_cast<double>(end.tv_sec - start.tv_sec) * 1e3 +
         static_cast<double>(end.tv_nsec - start.tv_nsec) * 1e-6;
}

// make(row), worked out at the row's first repetition and kept for the
// others.
template <class T>
const T& onceARow(std::map<const Row*, T>& known, const Row& row,
                  T (*make)(const Row&)) {
  auto found = known.find(&row);
  if (found == known.end()) found = known.emplace(&row, make(row)).first;
  return found->second;
}

// The row's peak heap, measured once, before its first timed run: the
// call without a kept scratch frees its arrays, glibc then trims the heap,
// and the kept-scratch call after it page-faults on memory an engine
// calling tile after tile would have kept (pillars-256's whole stage
// 8.6-9.0 -> 9.0-10.0 ms, 230-350 faults a call, interleaved in a driver).
int64_t peakOfRow(const Row& row) {
  static std::map<const Row*, int64_t> peaks;
  return onceARow(peaks, row, peakOfOneCall);
}

// The row's peak heap (counter `peak_bytes`, untimed, once a row), the
// timed loop (one iteration, the preparation outside the timer), then the
// row's note.
void timeRow(benchmark::State& state, const Row& row, int64_t referenceUpTo) {
  try {
    current.use(*row.input);
    state.counters["spans"] = current.hf().spanCount();
    if (row.impl == "reference" && current.hf().spanCount() > referenceUpTo) {
      state.SkipWithError("not run: over --reference-up-to spans");
      return;
    }
    state.counters["peak_bytes"] = static_cast<double>(peakOfRow(row));
    const Step step = stepOf(row);
    // An optimized run follows a Recast run of the same step, timed apart
    // (counter `recast_paired_ms`): its ratio then sets two times taken
    // moments apart against each other, so a slow spell of a shared
    // machine falls on both (Recast's own row ran seconds or minutes
    // earlier).
    const std::optional<Step> paired =
        row.impl == "optimized" ? std::optional(recastStep(row.stage))
                                : std::nullopt;
    double pairedMs = 0;
    for (auto _ : state) {
      state.PauseTiming();
      if (paired) pairedMs = timedMs(*paired);
      step.prepare();
      state.ResumeTiming();
      step.run();
    }
    if (paired) state.counters["recast_paired_ms"] = pairedMs;
    std::string note = step.note;
    static std::map<const Row*, std::string> outputs;
    const std::string& output = onceARow(outputs, row, outputNote);
    if (!output.empty()) {
      note += (note.empty() ? "" : "; ") + output;
    }
    if (!note.empty()) state.SetLabel(note);
  } catch (const std::exception& e) {
    measuringPeak = false;
    state.SkipWithError(e.what());
  }
}

double minOf(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}
double maxOf(const std::vector<double>& v) {
  return *std::max_element(v.begin(), v.end());
}

void registerRow(const Row& row, int repetitions, int64_t referenceUpTo) {
  const std::string name = row.input->group + "/" + row.input->name + "/" +
                           row.stage + "/" + row.impl +
                           "/threads:" + std::to_string(row.threads);
  benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(
      name.c_str(), [row, referenceUpTo](benchmark::State& state) {
        timeRow(state, row, referenceUpTo);
      });
  b->Iterations(1)
      ->Repetitions(repetitions)
      ->DisplayAggregatesOnly(true)
      ->ComputeStatistics("min", minOf)
      ->ComputeStatistics("max", maxOf)
      ->Unit(benchmark::kMillisecond);
  // Several threads: their CPU time is the process's, and the row is
  // read in wall time.
  if (row.threads > 1) b->MeasureProcessCPUTime()->UseRealTime();
}

// Every row of every selected input, in table order.
void registerAll(const Options& options, const std::vector<Input>& all) {
  const std::shared_ptr<const Implementation> reference(
      findImplementation("reference"), [](const Implementation*) {});
  for (const Input& input : all) {
    const std::vector<std::string> stages =
        input.everyStage ? kStages : std::vector<std::string>{"whole"};
    for (const std::string& stage : stages) {
      auto add = [&](const Row& row, int repetitions) {
        registerRow(row, repetitions, options.referenceUpTo);
      };
      add({&input, stage, "recast", 1, nullptr}, options.runs);
      // The reference is quadratic on some hostile shapes: one run there.
      if (input.withReference && options.referenceUpTo > 0) {
        add({&input, stage, "reference", 1, reference},
            input.group == "hostile" ? 1 : options.runs);
      }
      add({&input, stage, "optimized", 1, nullptr}, options.runs);
      if (options.threads > 1) {
        add({&input, stage, "optimized", options.threads, nullptr},
            options.runs);
      }
    }
  }
}

// The 16M-span check: every partition's hashes (interchange §5, as
// `regcon hashes` computes them) from every implementation, from the
// optimized one on `threads` threads, and from one keeping its memory from
// partition to partition (the bench rows' way).
int checkHashes(int tiles, int threads) {
  std::printf("terrain, %d x %d tiles of %d cells\n", tiles, tiles, kSweepTile);
  const Heightfield hf =
      tiledScenario("terrain", ScenarioOptions{kSweepTile, 1}, tiles);
  std::printf("%d spans\n", hf.spanCount());
  bool same = true;
  const std::unique_ptr<Implementation> kept = optimizedKeepingMemory(1);
  for (const char* stage : {"watershed", "monotone", "layers", "layer-first"}) {
    Settings settings;
    settings.partition = partitionOf(stage);
    std::string first;
    const std::unique_ptr<Implementation> parallel =
        optimizedOnThreads(threads);
    std::vector<const Implementation*> impls = allImplementations();
    impls.push_back(parallel.get());
    impls.push_back(kept.get());
    for (const Implementation* impl : impls) {
      const bool threaded = impl == parallel.get();
      const std::string hashes =
          "distances " + hashDistances(impl->distances(hf)) + " regions " +
          [&] {
            StageResult r = runStage(*impl, hf, settings);
            std::string text = hashRegions(r.regions) + " contours " +
                               hashContours(r.contours);
            impl->recycle(std::move(r.regions));
            return text;
          }();
      const std::string name =
          impl->name() + (threaded             ? "/" + std::to_string(threads)
                          : impl == kept.get() ? "/kept"
                                               : "");
      std::printf("%-12s %-12s %s\n", stage, name.c_str(), hashes.c_str());
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

void describe(CLI::App& app, Options& options) {
  app.description(
      "Times every stage of Recast, the reference and the optimized "
      "implementation on the same heightfields on Google Benchmark (one "
      "call a run, --runs repetitions, median, min and max; thread CPU "
      "time, or process CPU and wall time on several threads) with the "
      "peak heap of a run. Google Benchmark's own flags (--benchmark_out, "
      "--benchmark_filter, ...) pass through; bench/tables.py reads its "
      "JSON.");
  app.add_flag("--quick", options.quick, "the meshes and the 1M inputs only");
  app.add_option("--runs", options.runs, "repetitions of each row")
      ->check(CLI::PositiveNumber);
  app.add_option("--only", options.only, "inputs whose name contains TEXT");
  app.add_option("--groups", options.groups,
                 "some of mesh,scenario,sweep,hostile");
  app.add_option("--threads", options.threads,
                 "the optimized implementation's second column (default: "
                 "the machine's cores; 1: none)")
      ->check(CLI::PositiveNumber);
  app.add_option("--reference-up-to", options.referenceUpTo,
                 "the reference runs on inputs of at most SPANS spans");
  app.add_option("--check-hashes", options.checkTiles,
                 "TILES x TILES terrain tiles of 1024 cells: the hashes of "
                 "every partition from every implementation (the optimized "
                 "one also on --threads); exit 1 if they differ");
}

}  // namespace
}  // namespace regcon::bench

int main(int argc, char** argv) {
  using namespace regcon::bench;
  countRecastAllocations();
  Options options;
  options.threads =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  CLI::App app{"regcon_bench"};
  describe(app, options);
  app.allow_extras();  // Google Benchmark's flags, handed on below
  CLI11_PARSE(app, argc, argv);
  if (options.checkTiles > 0) {
    return checkHashes(options.checkTiles, options.threads);
  }
  std::vector<std::string> extras = app.remaining();
  std::vector<char*> benchmarkArgs{argv[0]};
  for (std::string& extra : extras) benchmarkArgs.push_back(extra.data());
  int benchmarkArgc = static_cast<int>(benchmarkArgs.size());
  benchmark::Initialize(&benchmarkArgc, benchmarkArgs.data());
  if (benchmark::ReportUnrecognizedArguments(benchmarkArgc,
                                             benchmarkArgs.data())) {
    return 2;
  }
  std::vector<Input> selected;
  for (Input& input : inputs(options)) {
    if (input.name.find(options.only) == std::string::npos ||
        !inGroups(input.group, options.groups)) {
      continue;
    }
    selected.push_back(std::move(input));
  }
  registerAll(options, selected);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
