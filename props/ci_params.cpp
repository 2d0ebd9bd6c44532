#include "props/ci_params.h"

#include <rapidcheck/detail/Configuration.h>

#include <array>
#include <cstdint>
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

// What RC_PARAMS names, read by RapidCheck's own parser (which also rejects
// a malformed string, as the run would). A seed or case count left out
// keeps the impossible default given here.
constexpr int kNoCount = -1;
constexpr uint64_t kNoSeed = UINT64_MAX;  // a seed no one passes by hand
rc::detail::Configuration named(const std::string& params) {
  rc::detail::Configuration unset;
  unset.testParams.seed = kNoSeed;
  unset.testParams.maxSuccess = kNoCount;
  return rc::detail::configFromString(params, unset);
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
  const rc::detail::Configuration given = named(overrides);
  if (given.testParams.seed == kNoSeed && given.reproduce.empty()) {
    params.rcParams += " seed=" + seed;
  } else {
    params.seedOrigin = "seed from RC_PARAMS";
  }
  if (given.testParams.maxSuccess == kNoCount) {
    params.rcParams +=
        " max_success=" + std::to_string(cases * caseFactor(gtestFilter));
  }
  if (!params.rcParams.empty() && params.rcParams.front() == ' ') {
    params.rcParams.erase(0, 1);
  }
  return params;
}

}  // namespace regcon::props
