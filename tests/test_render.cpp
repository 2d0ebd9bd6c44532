// `regcon render`: the SVG is well-formed XML, the same input gives the same
// bytes, every region appears in its colour, a real renderer (rsvg-convert)
// draws the expected colours at the cells' centres, and a diff circles
// exactly the differing spans and vertices.
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <png.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "gen/scenarios.h"
#include "interchange/io.h"
#include "registry/implementations.h"
#include "render/render.h"
#include "tests/test_support.h"

namespace regcon {
namespace {

namespace fs = std::filesystem;
using render::regionColour;
using render::RenderRequest;
using render::RenderSide;
using testing::unfiltered;

struct XmlDocFree {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};
using XmlDoc = std::unique_ptr<xmlDoc, XmlDocFree>;

XmlDoc parseXml(const std::string& text) {
  return XmlDoc(xmlReadMemory(
      text.data(), static_cast<int>(text.size()), "render.svg", nullptr,
      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
}

std::string attribute(xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (!value) return "";
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

// Every element of the document, depth first.
void collect(xmlNode* node, std::vector<xmlNode*>& out) {
  for (xmlNode* n = node; n; n = n->next) {
    if (n->type == XML_ELEMENT_NODE) out.push_back(n);
    collect(n->children, out);
  }
}

std::vector<xmlNode*> elements(xmlDoc* doc) {
  std::vector<xmlNode*> out;
  collect(xmlDocGetRootElement(doc), out);
  return out;
}

std::string name(xmlNode* node) {
  return reinterpret_cast<const char*>(node->name);
}

std::set<std::string> rectFills(xmlDoc* doc) {
  std::set<std::string> fills;
  for (xmlNode* n : elements(doc)) {
    if (name(n) == "rect") fills.insert(attribute(n, "fill"));
  }
  return fills;
}

RenderRequest requestFor(const Heightfield& hf, const Settings& settings,
                         const Implementation& impl) {
  RenderRequest request;
  request.title = "test";
  request.layers = {true, true, true};
  request.sides = {RenderSide{impl.name(), runStage(impl, hf, settings),
                              impl.distances(hf)}};
  return request;
}

Settings rawSettings(Settings settings) {
  settings.rawContours = true;
  return settings;
}

// Two regions side by side, an area-0 cell between them ('#'), one cell of
// area 2 ('2') inside the left one. Region ids come from the watershed
// with filtering off.
Heightfield twoRooms() {
  return testing::gridFromAscii({
      "aaa#bbb",
      "a2a#bbb",
      "aaa#bbb",
  });
}

TEST(Render, PaletteKeepsSuccessiveIdsApart) {
  auto rgb = [](const std::string& hex) {
    return std::array<int, 3>{std::stoi(hex.substr(1, 2), nullptr, 16),
                              std::stoi(hex.substr(3, 2), nullptr, 16),
                              std::stoi(hex.substr(5, 2), nullptr, 16)};
  };
  for (int r = 1; r < 3000; ++r) {
    const auto a = rgb(regionColour(r)), b = rgb(regionColour(r + 1));
    const double d = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    ASSERT_GT(d, 60) << "regions " << r << " and " << r + 1;
    for (const char* reserved : {"#404040", "#f2f2f2", "#ffffff"}) {
      ASSERT_NE(regionColour(r), reserved) << "region " << r;
    }
  }
}

TEST(Render, EveryVectorIsWellFormedDeterministicAndShowsEveryRegion) {
  const std::vector<std::string> names = testing::vectorNames();
  if (names.empty()) GTEST_SKIP() << "../shared/vectors is absent";
  for (const std::string& vector : names) {
    SCOPED_TRACE(vector);
    const std::string base = testing::sharedDir() + "/vectors/" + vector;
    const Heightfield hf = readHeightfieldFile(base + ".chf.json");
    const Settings settings =
        rawSettings(readSettingsFile(base + ".settings.json"));
    for (const Implementation* impl : allImplementations()) {
      const RenderRequest request = requestFor(hf, settings, *impl);
      const std::string svg = render::renderSvg(hf, request);
      EXPECT_EQ(svg, render::renderSvg(hf, request))
          << "same input, same bytes";
      XmlDoc doc = parseXml(svg);
      ASSERT_TRUE(doc) << impl->name() << ": not well-formed XML";
      const std::set<std::string> fills = rectFills(doc.get());
      const RegionResult& regions = request.sides[0].result.regions;
      for (size_t s = 0; s < regions.regions.size(); ++s) {
        const int r = regions.regions[s];
        if (r > 0 && hf.spans[s].area != 0) {
          EXPECT_TRUE(fills.count(regionColour(r)))
              << impl->name() << ": region " << r << " not drawn";
        }
      }
    }
  }
}

// Each region's id is written once per panel, on a cell of that region
// (an L's centroid lies outside it: the label must not), so "region 3" in
// a report can be found in the picture. Walls around an L and a square.
//   z=3  . . . . . . .
//   z=2  . a . . b b .
//   z=1  . a a . b b .
//   z=0  . . . . . . .
TEST(Render, EveryRegionIsLabelledWithItsIdOnOneOfItsCells) {
  const Heightfield hf = testing::gridFromAscii({
      ".......",
      ".aa.bb.",
      ".a..bb.",
      ".......",
  });
  Settings settings;
  settings.minRegionArea = 0;
  settings.mergeRegionArea = 0;
  const RenderRequest request =
      requestFor(hf, settings, *findImplementation("reference"));
  XmlDoc doc = parseXml(render::renderSvg(hf, request));
  ASSERT_TRUE(doc);
  const std::vector<int>& regions = request.sides[0].result.regions.regions;
  std::map<int, int> labels;
  const int px = 8;  // a small field is drawn at 8 px a cell or more
  for (xmlNode* n : elements(doc.get())) {
    if (name(n) != "text" || attribute(n, "class") != "region-id") continue;
    const int region = std::stoi(attribute(n, "data-region"));
    xmlChar* content = xmlNodeGetContent(n);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(content)),
              std::to_string(region));
    xmlFree(content);
    ++labels[region];
    // The label's centre lies in a cell of its region.
    const double cellPx = std::stod(attribute(n->parent, "data-cell-px"));
    ASSERT_GE(cellPx, px);
    const int x = static_cast<int>(std::stod(attribute(n, "x")) / cellPx);
    const int row = static_cast<int>(std::stod(attribute(n, "y")) / cellPx);
    const int z = hf.depth - 1 - row;
    const int span = hf.cellStart[x + z * hf.width];
    ASSERT_GT(hf.counts[x + z * hf.width], 0) << "label on an empty cell";
    EXPECT_EQ(regions[span], region)
        << "label of " << region << " at (" << x << ", " << z << ")";
  }
  EXPECT_EQ(labels, (std::map<int, int>{{1, 1}, {2, 1}}));
}

TEST(Render, EveryScenarioAtEveryPartitionIsWellFormed) {
  for (const std::string& scenario : scenarioNames()) {
    const Heightfield hf = generateScenario(scenario, {16, 5});
    for (Partition partition : {Partition::Watershed, Partition::Monotone,
                                Partition::Layers, Partition::LayerFirst}) {
      Settings settings;
      settings.partition = partition;
      for (const Implementation* impl : allImplementations()) {
        SCOPED_TRACE(scenario + " " + partitionName(partition) + " " +
                     impl->name());
        XmlDoc doc =
            parseXml(render::renderSvg(hf, requestFor(hf, settings, *impl)));
        ASSERT_TRUE(doc);
        EXPECT_EQ(name(xmlDocGetRootElement(doc.get())), "svg");
      }
    }
  }
}

TEST(Render, OnePanelPerLevelAndFloorPicksOne) {
  // Two floors: a deck at y 5 over the middle of a floor at y 0.
  const Heightfield hf = testing::floorsFromAscii({
      {"000", "000", "000"},
      {"...", ".5.", "..."},
  });
  const Implementation& impl = *allImplementations().front();
  RenderRequest request = requestFor(hf, unfiltered(), impl);
  request.layers = {true, false, true};
  auto panelLevels = [&](const RenderRequest& r) {
    std::vector<std::string> levels;
    XmlDoc doc = parseXml(render::renderSvg(hf, r));
    for (xmlNode* n : elements(doc.get())) {
      if (attribute(n, "class") == "panel") {
        levels.push_back(attribute(n, "data-level"));
      }
    }
    return levels;
  };
  EXPECT_EQ(panelLevels(request), (std::vector<std::string>{"0", "1"}));
  request.floor = 1;
  EXPECT_EQ(panelLevels(request), (std::vector<std::string>{"1"}));
  request.floor = 2;
  EXPECT_THROW(render::renderSvg(hf, request), InputError);
}

// Circles on the region panels mark spans whose region differs; contour
// circles mark vertices that differ, on both sides.
TEST(Render, DiffCirclesExactlyTheDifferingSpansAndVertices) {
  const Heightfield hf = twoRooms();
  const Implementation& impl = *allImplementations().front();
  RenderRequest request = requestFor(hf, rawSettings(unfiltered()), impl);
  RenderSide other = request.sides[0];
  other.label = "command";
  other.result.regions.regions[4] = 9;  // span 4: cell (4, 0)
  other.result.regions.regions[8] = 9;  // span 8: cell (1, 1), the '2'
  other.result.contours.contours[0].vertices[1].x += 1;
  request.sides.push_back(other);
  request.layers = {true, false, true};
  XmlDoc doc = parseXml(render::renderSvg(hf, request));
  ASSERT_TRUE(doc);
  std::map<std::string, std::multiset<std::string>> spanCircles;
  int vertexCircles = 0;
  for (xmlNode* n : elements(doc.get())) {
    if (attribute(n, "class") != "diff") continue;
    const std::string span = attribute(n, "data-span");
    if (span.empty()) {
      ++vertexCircles;
    } else {
      spanCircles[attribute(n->parent, "data-side")].insert(span);
    }
  }
  const std::multiset<std::string> expected{"4", "8"};
  EXPECT_EQ(spanCircles["reference"], expected);
  EXPECT_EQ(spanCircles["command"], expected);
  EXPECT_EQ(vertexCircles, 2) << "the moved vertex, once on each side";
}

TEST(Render, DiffCommandWritesTheFirstDifferenceUnderThePicture) {
  const fs::path dir = fs::temp_directory_path() /
                       ("regcon-render-diff-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const Heightfield hf = twoRooms();
  std::ofstream(dir / "in.chf.json") << [&] {
    std::ostringstream out;
    writeHeightfield(out, hf);
    return out.str();
  }();
  const Implementation& impl = *allImplementations().front();
  StageResult foreign = runStage(impl, hf, unfiltered());
  // Another valid id (0 <= id <= regionCount, interchange §3).
  foreign.regions.regions[4] = foreign.regions.regions[4] == 1 ? 0 : 1;
  std::ofstream(dir / "result.json") << [&] {
    std::ostringstream out;
    writeResult(out, foreign);
    return out.str();
  }();
  cli::RenderOptions options;
  options.stage.chfPath = (dir / "in.chf.json").string();
  options.stage.overrides.give(&Settings::minRegionArea, int64_t{0});
  options.stage.overrides.give(&Settings::mergeRegionArea, int64_t{0});
  options.diffPath = (dir / "result.json").string();
  const std::string svg = cli::renderCommand(options);
  fs::remove_all(dir);
  ASSERT_TRUE(parseXml(svg));
  EXPECT_NE(svg.find("first difference: regions[4], span 4 (cell (4, 0)"),
            std::string::npos);
  EXPECT_EQ(svg.find("contour vertices"), std::string::npos)
      << "only the regions differ";
}

TEST(Render, DemoWritesItsPicture) {
  const fs::path path = fs::temp_directory_path() /
                        ("regcon-demo-" + std::to_string(::getpid()) + ".svg");
  cli::DemoOptions options;
  options.size = 16;
  options.picturePath = path.string();
  const std::string text = cli::demoCommand(options);
  EXPECT_NE(text.find("picture of the watershed row: " + path.string()),
            std::string::npos)
      << text;
  std::ifstream in(path);
  const std::string svg((std::istreambuf_iterator<char>(in)),
                        std::istreambuf_iterator<char>());
  fs::remove(path);
  XmlDoc doc = parseXml(svg);
  ASSERT_TRUE(doc);
  EXPECT_GT(rectFills(doc.get()).count(regionColour(1)), 0u);
}

// --- a real renderer --------------------------------------------------------

struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;
  std::string at(int x, int y) const {
    const uint8_t* p = &rgba[4 * (static_cast<size_t>(y) * width + x)];
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", p[0], p[1], p[2]);
    return hex;
  }
};

Image readPng(const std::string& path) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  Image image;
  if (!png_image_begin_read_from_file(&png, path.c_str())) return image;
  png.format = PNG_FORMAT_RGBA;
  image.rgba.resize(PNG_IMAGE_SIZE(png));
  if (!png_image_finish_read(&png, nullptr, image.rgba.data(), 0, nullptr)) {
    return image;
  }
  image.width = static_cast<int>(png.width);
  image.height = static_cast<int>(png.height);
  return image;
}

TEST(Render, RsvgConvertDrawsEachCellInItsColour) {
  const Heightfield hf = twoRooms();
  const Implementation& impl = *allImplementations().front();
  RenderRequest request = requestFor(hf, unfiltered(), impl);
  request.layers = {true, false, false};
  const std::string svg = render::renderSvg(hf, request);
  const fs::path dir = fs::temp_directory_path() /
                       ("regcon-render-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "in.svg") << svg;
  const std::string command = "rsvg-convert '" + (dir / "in.svg").string() +
                              "' -o '" + (dir / "out.png").string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0)
      << "rsvg-convert (Debian librsvg2-bin, installed by "
         "tools/install-deps.sh) must draw the SVG";
  const Image image = readPng((dir / "out.png").string());
  fs::remove_all(dir);
  ASSERT_GT(image.width, 0) << "empty or unreadable PNG";

  XmlDoc doc = parseXml(svg);
  int panelX = -1, panelY = -1, cell = 0;
  for (xmlNode* n : elements(doc.get())) {
    if (attribute(n, "class") != "panel") continue;
    panelX = std::stoi(attribute(n, "data-x"));
    panelY = std::stoi(attribute(n, "data-y"));
    cell = std::stoi(attribute(n, "data-cell-px"));
  }
  ASSERT_GT(cell, 4);
  // The centre of cell (x, z); z points up in the picture.
  auto centre = [&](int x, int z) {
    return image.at(panelX + x * cell + cell / 2,
                    panelY + (hf.depth - 1 - z) * cell + cell / 2);
  };
  const std::vector<int>& regions = request.sides[0].result.regions.regions;
  auto regionAt = [&](int x, int z) {
    return regions[hf.cellStart[x + z * hf.width]];
  };
  EXPECT_EQ(centre(3, 1), "#404040") << "area 0";
  EXPECT_EQ(centre(0, 0), regionColour(regionAt(0, 0)));
  EXPECT_EQ(centre(6, 2), regionColour(regionAt(6, 2)));
  EXPECT_NE(regionAt(0, 0), regionAt(6, 2));
  // The area-2 cell is hatched: its own region's colour, crossed by lines.
  int plain = 0, other = 0;
  for (int dy = 2; dy < cell - 2; ++dy) {
    for (int dx = 2; dx < cell - 2; ++dx) {
      const std::string c =
          image.at(panelX + 1 * cell + dx, panelY + (hf.depth - 2) * cell + dy);
      (c == regionColour(regionAt(1, 1)) ? plain : other) += 1;
    }
  }
  EXPECT_GT(plain, 0);
  EXPECT_GT(other, 0) << "hatching lines";
}

}  // namespace
}  // namespace regcon
