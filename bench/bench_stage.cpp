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
  return inputs;
}

void benchRecast(benchmark::State& state, const Heightfield* hf) {
  const Settings settings;
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

// Keeps each benchmark's median and prints time / Recast's at the end.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.aggregate_name == "median") {
        medians_[run.run_name.function_name] =
            1000.0 * run.GetAdjustedRealTime() /
            benchmark::GetTimeUnitMultiplier(run.time_unit);
      }
    }
  }
  void printRatios(const std::vector<Input>& inputs) const {
    std::printf("\n%-14s %12s %12s %12s %10s %10s\n", "input", "recast ms",
                "reference", "optimized", "ref/rc", "opt/rc");
    for (const Input& input : inputs) {
      const double rc = median("recast/" + input.name);
      const double ref = median("reference/" + input.name);
      const double opt = median("optimized/" + input.name);
      std::printf("%-14s %12.2f %12.2f %12.2f %10.2f %10.2f\n",
                  input.name.c_str(), rc, ref, opt, ref / rc, opt / rc);
    }
  }

 private:
  double median(const std::string& name) const {
    const auto it = medians_.find(name);
    return it == medians_.end() ? std::nan("") : it->second;
  }
  std::map<std::string, double> medians_;
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
