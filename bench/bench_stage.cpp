// The whole stage (distance field, watershed regions, contours at the
// spec's defaults) on the same heightfields: Recast, the reference and the
// optimized implementation. Google Benchmark repeats each case; the table
// at the end gives medians and each implementation's time over Recast's.
// Run with `make bench` (release build); the machine is shared and noisy,
// so only medians are quoted.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/recast_peer.h"
#include "core/scenarios.h"
#include "import/mesh_import.h"
#include "registry/implementations.h"

namespace regcon::bench {
namespace {

struct Input {
  std::string name;
  Heightfield hf;
  bool withReference = true;  // false where the reference takes minutes
};

// The hostile shapes of issue 16 at several sizes, so that growth with size
// shows: the reference runs up to `referenceUpTo` cells a side.
struct Sweep {
  const char* scenario;
  std::vector<int> sizes;
  int referenceUpTo;
};

const Sweep kSweeps[] = {
    {"pillars", {64, 128, 256, 512}, 256}, {"pillars4", {128, 256, 512}, 256},
    {"pillars8", {256, 512}, 512},         {"serpentine", {128, 256, 512}, 512},
    {"checkerboard", {64, 128, 256}, 256}, {"stack63", {16, 32, 64}, 64},
};

std::vector<Input> loadInputs() {
  std::vector<Input> inputs;
  const std::filesystem::path meshes =
      std::filesystem::path(REGCON_SHARED_DIR) / "meshes";
  for (const char* mesh : {"dungeon", "nav_test", "undulating"}) {
    const auto path = meshes / (std::string(mesh) + ".obj");
    if (!std::filesystem::exists(path)) {
      std::fprintf(stderr, "bench: %s absent, skipped\n",
                   path.string().c_str());
      continue;
    }
    inputs.push_back({mesh, importMesh(path.string(), MeshImportOptions{})});
  }
  inputs.push_back({"rooms-256", generateScenario("rooms", {256, 1})});
  inputs.push_back({"terrain-256", generateScenario("terrain", {256, 1})});
  for (const Sweep& sweep : kSweeps) {
    for (int size : sweep.sizes) {
      inputs.push_back(
          {std::string(sweep.scenario) + "-" + std::to_string(size),
           generateScenario(sweep.scenario, {size, 1}),
           size <= sweep.referenceUpTo});
    }
  }
  return inputs;
}

void benchRecast(benchmark::State& state, const Heightfield* hf) {
  const Settings settings;
  try {
    RecastField(*hf).runStage(settings);
  } catch (const std::runtime_error&) {
    // Recast keeps region ids in 16 bits: the largest checkerboard is past it.
    state.SkipWithError("Recast failed on this heightfield");
    return;
  }
  for (auto _ : state) {
    state.PauseTiming();
    RecastField field(*hf);  // conversion is not Recast's work
    state.ResumeTiming();
    benchmark::DoNotOptimize(field.runStage(settings));
  }
}

void benchRegcon(benchmark::State& state, const Heightfield* hf,
                 const Implementation* impl) {
  const Settings settings;
  try {
    benchmark::DoNotOptimize(runStage(*impl, *hf, settings));
  } catch (const NotImplemented&) {
    state.SkipWithError("not implemented");
    return;
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(runStage(*impl, *hf, settings));
  }
}

// Keeps each benchmark's medians, wall and CPU, and prints time / Recast's
// at the end. On a shared machine the wall time includes waiting for a
// core; the CPU time does not (every implementation runs on one thread).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.aggregate_name != "median") continue;
      const double perMs =
          1000.0 / benchmark::GetTimeUnitMultiplier(run.time_unit);
      wall_[run.run_name.function_name] = run.GetAdjustedRealTime() * perMs;
      cpu_[run.run_name.function_name] = run.GetAdjustedCPUTime() * perMs;
    }
  }
  void printRatios(const std::vector<Input>& inputs) const {
    printTable("wall time", wall_, inputs);
    printTable("CPU time", cpu_, inputs);
  }

 private:
  using Medians = std::map<std::string, double>;

  static void printTable(const char* title, const Medians& medians,
                         const std::vector<Input>& inputs) {
    std::printf("\nmedians, %s\n%-18s %12s %12s %12s %10s %10s\n", title,
                "input", "recast ms", "reference", "optimized", "ref/rc",
                "opt/rc");
    for (const Input& input : inputs) {
      const double rc = median(medians, "recast/" + input.name);
      const double ref = median(medians, "reference/" + input.name);
      const double opt = median(medians, "optimized/" + input.name);
      std::printf("%-18s %12.2f %12.2f %12.2f %10.2f %10.2f\n",
                  input.name.c_str(), rc, ref, opt, ref / rc, opt / rc);
    }
  }
  static double median(const Medians& medians, const std::string& name) {
    const auto it = medians.find(name);
    return it == medians.end() ? std::nan("") : it->second;
  }
  Medians wall_;
  Medians cpu_;
};

}  // namespace
}  // namespace regcon::bench

int main(int argc, char** argv) {
  using namespace regcon;
  const auto inputs = bench::loadInputs();
  for (const auto& input : inputs) {
    benchmark::RegisterBenchmark(("recast/" + input.name).c_str(),
                                 bench::benchRecast, &input.hf);
    for (const Implementation* impl : allImplementations()) {
      if (impl->name() == "reference" && !input.withReference) continue;
      benchmark::RegisterBenchmark((impl->name() + "/" + input.name).c_str(),
                                   bench::benchRegcon, &input.hf, impl);
    }
  }
  benchmark::Initialize(&argc, argv);
  bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.printRatios(inputs);
  benchmark::Shutdown();
}
