#include "props/ci_params.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>
#include <utility>

namespace regcon::props {
namespace {

// Properties that take well under a millisecond a case in the release-speed
// build run this many times the build's case count (measured: props/README.md
// "Runtime").
constexpr std::array<std::pair<std::string_view, int>, 4> kCheap = {{
    {"DistanceField.IsExact", 4},
    {"Layers.ShortcutEqualsGeneralCodeOnOneFloor", 2},
    {"Partition.IsConnectedOneAreaAndNumberedByFirstSpan", 2},
    {"Contours.NoFallbacksOrDroppedHolesOnAFullRectangle", 2},
}};

std::string headCommit(const std::string& sourceDir) {
  const std::string command =
      "git -C '" + sourceDir + "' rev-parse HEAD 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::array<char, 64> line{};
  const bool read = std::fgets(line.data(), line.size(), pipe) != nullptr;
  const int status = pclose(pipe);
  std::string commit = read && status == 0 ? line.data() : "";
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) {
    commit.pop_back();
  }
  const bool hex =
      commit.size() >= 15 &&
      commit.find_first_not_of("0123456789abcdef") == std::string::npos;
  return hex ? commit : "";
}

std::string utcDate() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 16> date{};
  std::strftime(date.data(), date.size(), "%Y%m%d", &utc);
  return date.data();
}

bool hasKey(const std::string& params, const std::string& key) {
  return params.find(key + "=") != std::string::npos;
}

}  // namespace

int caseFactor(const std::string& gtestFilter) {
  for (const auto& [name, factor] : kCheap) {
    if (gtestFilter == name) return factor;
  }
  return 1;
}

CiParams ciParams(const std::string& overrides, int cases,
                  const std::string& sourceDir,
                  const std::string& gtestFilter) {
  CiParams params;
  const std::string commit = headCommit(sourceDir);
  std::string seed;
  if (!commit.empty()) {
    seed = std::to_string(
        std::strtoull(commit.substr(0, 15).c_str(), nullptr, 16));
    params.seedOrigin = "seed from commit " + commit.substr(0, 12);
  } else {
    seed = utcDate();
    params.seedOrigin = "seed from the date, no git commit found";
  }
  params.rcParams = overrides;
  if (!hasKey(params.rcParams, "seed") &&
      !hasKey(params.rcParams, "reproduce")) {
    params.rcParams += " seed=" + seed;
  } else {
    params.seedOrigin = "seed from RC_PARAMS";
  }
  if (!hasKey(params.rcParams, "max_success")) {
    params.rcParams +=
        " max_success=" + std::to_string(cases * caseFactor(gtestFilter));
  }
  if (!params.rcParams.empty() && params.rcParams.front() == ' ') {
    params.rcParams.erase(0, 1);
  }
  return params;
}

}  // namespace regcon::props
