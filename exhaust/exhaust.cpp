#include "exhaust/exhaust.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "interchange/io.h"
#include "registry/implementations.h"

namespace regcon::exhaust {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The state file: one "key value" line each. A state written for another
// bound or shard is refused rather than silently restarted.
struct State {
  std::string bound;
  std::string shard;
  uint64_t next = 0;  // the next field index of the shard
  uint64_t checked = 0;
  int findings = 0;
};

std::string shardText(const RunOptions& o) {
  return std::to_string(o.shard) + "/" + std::to_string(o.shards);
}

State readState(const RunOptions& o) {
  State state{boundText(o.bound), shardText(o), uint64_t(o.shard - 1), 0, 0};
  if (o.statePath.empty() || !fs::exists(o.statePath)) return state;
  std::ifstream in(o.statePath);
  std::string key;
  State read;
  while (in >> key) {
    if (key == "bound") in >> read.bound;
    if (key == "shard") in >> read.shard;
    if (key == "next") in >> read.next;
    if (key == "checked") in >> read.checked;
    if (key == "findings") in >> read.findings;
  }
  if (read.bound != state.bound || read.shard != state.shard) {
    throw InputError(o.statePath + ": a state of bound " + read.bound +
                     ", shard " + read.shard + ", not of this run");
  }
  return read;
}

// Written beside and renamed over, so a run stopped at any moment leaves
// the last complete state.
void writeState(const std::string& path, const State& s) {
  if (path.empty()) return;
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << "bound " << s.bound << "\nshard " << s.shard << "\nnext " << s.next
        << "\nchecked " << s.checked << "\nfindings " << s.findings << "\n";
    if (!out) throw InputError(temporary + ": cannot be written");
  }
  fs::rename(temporary, path);
}

void writeFinding(const std::string& dir, const Finding& f) {
  if (dir.empty()) return;
  fs::create_directories(dir);
  const std::string stem = dir + "/field-" + std::to_string(f.field);
  std::ofstream chf(stem + ".chf.json"), settings(stem + ".settings.json");
  writeHeightfield(chf, f.hf);
  writeSettings(settings, f.settings);
  if (!chf || !settings) throw InputError(stem + ": cannot be written");
}

uint64_t shardSize(uint64_t fields, const RunOptions& o) {
  const uint64_t first = o.shard - 1;
  return fields > first ? (fields - first + o.shards - 1) / o.shards : 0;
}

std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

RunReport runExhaustive(const RunOptions& o, std::ostream* progress) {
  if (o.shards < 1 || o.shard < 1 || o.shard > o.shards) {
    throw InputError("exhaust: the shard is i/n with 1 <= i <= n");
  }
  const FieldSpace space(o.bound);
  State state = readState(o);
  RunReport report;
  report.boundFields = space.size();
  report.shardFields = shardSize(space.size(), o);
  report.resumedAt = state.checked;
  report.earlierFindings = state.findings;
  auto check = o.check;
  if (!check) {
    check = [impls = allImplementations()](uint64_t index,
                                           const Heightfield& hf) {
      return checkField(index, hf, impls);
    };
  }
  const Clock::time_point start = Clock::now();
  Clock::time_point saved = start;
  uint64_t thisRun = 0;
  while (state.next < space.size() &&
         static_cast<int>(report.findings.size()) < o.maxFindings &&
         (o.limit == 0 || thisRun < o.limit)) {
    if (auto finding = check(state.next, space.field(state.next))) {
      writeFinding(o.findingsDir, *finding);
      report.findings.push_back(std::move(*finding));
      ++state.findings;
    }
    state.next += o.shards;
    ++state.checked;
    ++thisRun;
    if (Clock::now() - saved > std::chrono::seconds(5)) {
      writeState(o.statePath, state);
      saved = Clock::now();
      if (progress) {
        *progress << "exhaust " << shardText(o) << ": "
                  << grouped(state.checked) << " of "
                  << grouped(report.shardFields) << " fields\n"
                  << std::flush;
      }
    }
  }
  writeState(o.statePath, state);
  report.checked = state.checked;
  report.complete = state.next >= space.size();
  report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

std::string reportText(const RunOptions& o, const RunReport& r) {
  std::ostringstream out;
  out << "bound: " << boundText(o.bound)
      << " (grids WxD:K, K spans a column at most / floors / areas; every "
         "link: none or any span of the neighbouring column)\n"
      << "fields in the bound: " << grouped(r.boundFields) << "; shard "
      << shardText(o) << ": " << grouped(r.shardFields) << "\n"
      << "runs per field: watershed, monotone, layers, layer-first under "
         "each of "
      << profileNames()
      << "; a given partition; cached layers; on every implementation\n"
      << "checked: " << grouped(r.checked) << " fields of the shard";
  if (r.resumedAt > 0) out << " (" << grouped(r.resumedAt) << " before)";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", r.seconds);
  out << ", " << grouped(r.checked - r.resumedAt) << " in " << seconds << " s"
      << (r.complete ? "; the shard is complete" : "; not complete")
      << "\nfindings: " << r.earlierFindings + r.findings.size() << "\n";
  for (const Finding& f : r.findings) {
    out << "field " << f.field << " (" << f.run << "): " << f.failure << "\n";
  }
  return out.str();
}

}  // namespace regcon::exhaust
