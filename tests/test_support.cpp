#include "tests/test_support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/io.h"

namespace regcon::testing {
namespace {

std::string& currentTestName() {
  static std::string name = "unnamed";
  return name;
}

// With REGCON_EXPORT_FIELDS=DIR every drawn field is also written to
// DIR/TEST-N.chf.json, so the conformance suite takes the hand-worked
// fields as they are drawn (tools/make_suite.cpp --tests DIR), not retyped.
Heightfield exported(Heightfield hf) {
  const char* dir = std::getenv("REGCON_EXPORT_FIELDS");
  if (dir == nullptr) return hf;
  static std::map<std::string, int> drawn;
  const std::string& test = currentTestName();
  const std::string name = test + "-" + std::to_string(++drawn[test]);
  std::filesystem::create_directories(dir);
  std::ofstream out(std::filesystem::path(dir) / (name + ".chf.json"));
  writeHeightfield(out, hf);
  out << "\n";
  return hf;
}

}  // namespace

void setTestName(const std::string& name) {
  currentTestName() = name;
}

Heightfield gridFromAscii(const std::vector<std::string>& rows) {
  Heightfield hf;
  hf.depth = static_cast<int>(rows.size());
  hf.width = static_cast<int>(rows.empty() ? 0 : rows[0].size());
  auto areaOf = [](char c) {
    if (c == '#') return 0;
    if (c >= '1' && c <= '9') return c - '0';
    return 63;
  };
  auto present = [&](int x, int z) {
    if (!hf.insideGrid(x, z)) return false;
    const char c = rows[z][x];
    return c != '.' && c != ' ';
  };
  for (int z = 0; z < hf.depth; ++z) {
    for (int x = 0; x < hf.width; ++x) {
      hf.counts.push_back(present(x, z) ? 1 : 0);
    }
  }
  for (int z = 0; z < hf.depth; ++z) {
    for (int x = 0; x < hf.width; ++x) {
      if (!present(x, z)) continue;
      Span s;
      s.area = areaOf(rows[z][x]);
      for (int d = 0; d < 4; ++d) {
        if (present(x + kDirX[d], z + kDirZ[d])) s.link[d] = 0;
      }
      hf.spans.push_back(s);
    }
  }
  hf.index();
  return exported(hf);
}

Heightfield floorsFromAscii(
    const std::vector<std::vector<std::string>>& floors) {
  Heightfield hf;
  hf.depth = static_cast<int>(floors.front().size());
  hf.width = static_cast<int>(floors.front().front().size());
  // Floors of each cell, bottom up.
  auto column = [&](int x, int z) {
    std::vector<int> ys;
    if (!hf.insideGrid(x, z)) return ys;
    for (const auto& rows : floors) {
      const char c = rows[z][x];
      if (c >= '0' && c <= '9') ys.push_back(c - '0');
    }
    std::sort(ys.begin(), ys.end());
    return ys;
  };
  for (int z = 0; z < hf.depth; ++z) {
    for (int x = 0; x < hf.width; ++x) {
      const std::vector<int> ys = column(x, z);
      hf.counts.push_back(static_cast<int>(ys.size()));
      for (const int y : ys) {
        Span s;
        s.y = y;
        s.area = 63;
        for (int d = 0; d < 4; ++d) {
          const std::vector<int> next = column(x + kDirX[d], z + kDirZ[d]);
          for (size_t i = 0; i < next.size(); ++i) {
            if (std::abs(next[i] - y) <= 1) s.link[d] = static_cast<int>(i);
          }
        }
        hf.spans.push_back(s);
      }
    }
  }
  hf.index();
  return exported(hf);
}

ref::SimplifyParams defaultSimplifyParams(const std::map<int, int>& areas) {
  const Settings defaults;
  ref::SimplifyParams params;
  params.maxError = defaults.maxError;
  params.maxEdgeLength = defaults.maxEdgeLength;
  params.straightBorders = defaults.straightRegionBorders;
  params.region = 1;
  params.regionArea = &areas;
  return params;
}

std::string sharedDir() {
  const std::filesystem::path dir(REGCON_SHARED_DIR);
  return std::filesystem::is_directory(dir / "spec") ? dir.string() : "";
}

std::vector<std::string> vectorNames() {
  std::vector<std::string> names;
  const std::string dir = sharedDir();
  if (dir.empty()) return names;
  const std::string suffix = ".chf.json";
  for (const auto& entry :
       std::filesystem::directory_iterator(dir + "/vectors")) {
    const std::string file = entry.path().filename().string();
    if (file.size() > suffix.size() && file.ends_with(suffix)) {
      names.push_back(file.substr(0, file.size() - suffix.size()));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace regcon::testing
