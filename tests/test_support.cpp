#include "tests/test_support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <utility>

#include "core/builder.h"
#include "interchange/io.h"

namespace regcon::testing {
namespace {

std::string& currentTestName() {
  static std::string name = "unnamed";
  return name;
}

// With REGCON_EXPORT_FIELDS=DIR every drawn field is also written to
// DIR/TEST-N.chf.json, so the conformance suite takes the hand-worked
// fields as they are drawn (tools/make_suite.cpp --tests DIR), not retyped.
std::function<void(const Heightfield&)>& drawnFieldCheck() {
  static std::function<void(const Heightfield&)> check;
  return check;
}

Heightfield exported(Heightfield hf) {
  if (drawnFieldCheck()) drawnFieldCheck()(hf);
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

void checkEachDrawnField(std::function<void(const Heightfield&)> check) {
  drawnFieldCheck() = std::move(check);
}

Heightfield corpusField(const std::string& file) {
  return readHeightfieldFile(std::string(REGCON_SOURCE_DIR) + "/corpus/" +
                             file);
}

Heightfield asDrawn(Heightfield hf) {
  return exported(std::move(hf));
}

Heightfield gridFromAscii(const std::vector<std::string>& rows) {
  const int depth = static_cast<int>(rows.size());
  const int width = static_cast<int>(rows.empty() ? 0 : rows[0].size());
  HeightfieldBuilder builder(width, depth);
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) {
      const char c = rows[z][x];
      if (c == '.' || c == ' ') continue;
      const int area = c == '#' ? 0 : c >= '1' && c <= '9' ? c - '0' : 63;
      builder.add(x, z, 0, area);
    }
  }
  return exported(builder.build(LinkRule{0, false}));
}

Heightfield floorsFromAscii(
    const std::vector<std::vector<std::string>>& floors) {
  const auto& first = floors.front();
  HeightfieldBuilder builder(static_cast<int>(first.front().size()),
                             static_cast<int>(first.size()));
  for (const auto& rows : floors) {
    for (int z = 0; z < builder.depth(); ++z) {
      for (int x = 0; x < builder.width(); ++x) {
        const char c = rows[z][x];
        if (c >= '0' && c <= '9') builder.add(x, z, c - '0', 63);
      }
    }
  }
  return exported(builder.build(LinkRule{1, false}));
}

Settings unfiltered() {
  Settings settings;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  return settings;
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

ContourSet withRawLoops(const Implementation& impl, const Heightfield& hf,
                        const std::vector<int>& regions) {
  Settings settings;
  settings.rawContours = true;
  return impl.contours(hf, regions, settings);
}

}  // namespace regcon::testing
