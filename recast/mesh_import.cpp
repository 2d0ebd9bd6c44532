#include "recast/mesh_import.h"

#include <Recast.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "recast/context.h"

namespace regcon {
namespace {

using limits::kMaxGridSide;

struct TriangleMesh {
  std::vector<float> verts;  // x, y, z per vertex
  std::vector<int> tris;     // three vertex indices per triangle
  int vertexCount() const { return static_cast<int>(verts.size() / 3); }
  int triangleCount() const { return static_cast<int>(tris.size() / 3); }
};

// ------------------------------------------------------------ OBJ reading

class ObjReader {
 public:
  explicit ObjReader(std::string path) : path_(std::move(path)) {}
  TriangleMesh read();

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("mesh file '" + path_ + "' line " +
                     std::to_string(lineNumber_) + ": " + what);
  }
  void parseLine(std::string_view line);
  void parseVertex(const std::vector<std::string_view>& tokens);
  void parseFace(const std::vector<std::string_view>& tokens);
  int parseIndex(std::string_view token);
  void checkForwardReferences() const;

  std::string path_;
  int lineNumber_ = 0;
  TriangleMesh mesh_;
  // Positive indices may name vertices defined later in the file, so they are
  // checked at the end; the line of each triangle keeps messages precise.
  std::vector<int> triangleLines_;
};

std::vector<std::string_view> splitWhitespace(std::string_view line) {
  std::vector<std::string_view> tokens;
  size_t pos = 0;
  while (pos < line.size()) {
    const size_t begin = line.find_first_not_of(" \t\r", pos);
    if (begin == std::string_view::npos) break;
    const size_t end =
        std::min(line.find_first_of(" \t\r", begin), line.size());
    tokens.push_back(line.substr(begin, end - begin));
    pos = end;
  }
  return tokens;
}

template <typename T>
bool parseNumber(std::string_view text, T& value) {
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

TriangleMesh ObjReader::read() {
  if (!std::filesystem::is_regular_file(path_)) {
    throw InputError("mesh file '" + path_ +
                     "': cannot be read (missing or "
                     "not a regular file)");
  }
  std::ifstream in(path_, std::ios::binary);
  if (!in) throw InputError("mesh file '" + path_ + "': cannot be opened");
  std::string line;
  while (std::getline(in, line)) {
    ++lineNumber_;
    parseLine(line);
  }
  if (in.bad()) throw InputError("mesh file '" + path_ + "': read error");
  checkForwardReferences();
  if (mesh_.triangleCount() == 0) {
    throw InputError("mesh file '" + path_ + "': empty mesh (no faces)");
  }
  return std::move(mesh_);
}

void ObjReader::parseLine(std::string_view line) {
  const auto tokens = splitWhitespace(line);
  if (tokens.empty()) return;
  if (tokens[0] == "v") parseVertex(tokens);
  if (tokens[0] == "f") parseFace(tokens);
  // Normals, texture coordinates, groups and materials do not matter here.
}

void ObjReader::parseVertex(const std::vector<std::string_view>& tokens) {
  if (tokens.size() < 4 || tokens.size() > 5) {
    fail("malformed vertex: expected 'v x y z [w]'");
  }
  for (size_t i = 1; i <= 3; ++i) {
    float value = 0;
    if (!parseNumber(tokens[i], value) || !std::isfinite(value)) {
      fail("malformed vertex: '" + std::string(tokens[i]) +
           "' is not a finite number");
    }
    mesh_.verts.push_back(value);
  }
}

// The vertex index before the first '/', made 0-based.
int ObjReader::parseIndex(std::string_view token) {
  const std::string_view text = token.substr(0, token.find('/'));
  int index = 0;
  if (!parseNumber(text, index) || index == 0) {
    fail("malformed face: '" + std::string(token) +
         "' is not a vertex index (non-zero integer)");
  }
  if (index > 0) return index - 1;
  const int resolved = mesh_.vertexCount() + index;  // -1 is the last vertex
  if (resolved < 0) {
    fail("malformed face: index " + std::to_string(index) +
         " reaches before the first vertex");
  }
  return resolved;
}

void ObjReader::parseFace(const std::vector<std::string_view>& tokens) {
  if (tokens.size() < 4) fail("malformed face: fewer than three vertices");
  std::vector<int> polygon;
  for (size_t i = 1; i < tokens.size(); ++i) {
    polygon.push_back(parseIndex(tokens[i]));
  }
  for (size_t i = 2; i < polygon.size(); ++i) {  // fan, as RecastDemo does
    mesh_.tris.insert(mesh_.tris.end(),
                      {polygon[0], polygon[i - 1], polygon[i]});
    triangleLines_.push_back(lineNumber_);
  }
}

void ObjReader::checkForwardReferences() const {
  for (size_t i = 0; i < mesh_.tris.size(); ++i) {
    if (mesh_.tris[i] >= mesh_.vertexCount()) {
      throw InputError("mesh file '" + path_ + "' line " +
                       std::to_string(triangleLines_[i / 3]) +
                       ": malformed face: vertex " +
                       std::to_string(mesh_.tris[i] + 1) + " does not exist (" +
                       std::to_string(mesh_.vertexCount()) + " vertices)");
    }
  }
}

// ------------------------------------------------------------- Recast glue

struct SolidDeleter {
  void operator()(rcHeightfield* p) const { rcFreeHeightField(p); }
};
using SolidPtr = std::unique_ptr<rcHeightfield, SolidDeleter>;

// Sample_SoloMesh's configuration, in float as RecastDemo computes it, so
// that the voxel sizes round the same way.
struct RecastConfig {
  float cs, ch, slope;
  int walkableHeight, walkableClimb, walkableRadius;
};

RecastConfig configFrom(const MeshImportOptions& o) {
  RecastConfig c{};
  c.cs = static_cast<float>(o.cellSize);
  c.ch = static_cast<float>(o.cellHeight);
  c.slope = static_cast<float>(o.maxSlopeDegrees);
  c.walkableHeight =
      static_cast<int>(std::ceil(static_cast<float>(o.agentHeight) / c.ch));
  c.walkableClimb =
      static_cast<int>(std::floor(static_cast<float>(o.agentClimb) / c.ch));
  c.walkableRadius =
      static_cast<int>(std::ceil(static_cast<float>(o.agentRadius) / c.cs));
  return c;
}

std::string numberText(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// Recast turns agent sizes into int voxel counts: the quotient must fit. A
// count past the tallest column (kMaxY voxels) or the widest grid means the
// same to Recast as that limit, so nothing useful is refused.
void checkVoxelCount(const std::string& name, double size, double cell,
                     const std::string& cellName, int64_t limit) {
  if (size / cell <= static_cast<double>(limit)) return;
  throw InputError("mesh import: " + name + " " + numberText(size) + " / " +
                   cellName + " " + numberText(cell) + " is " +
                   numberText(size / cell) + " voxels, more than " +
                   std::to_string(limit));
}

void checkOptions(const MeshImportOptions& o) {
  auto positive = [](double v) { return std::isfinite(v) && v > 0; };
  if (!positive(o.cellSize) || !positive(o.cellHeight)) {
    throw InputError("mesh import: cellSize and cellHeight must be positive");
  }
  if (!std::isfinite(o.agentHeight) || !std::isfinite(o.agentRadius) ||
      !std::isfinite(o.agentClimb) || !std::isfinite(o.maxSlopeDegrees) ||
      o.agentHeight < 0 || o.agentRadius < 0 || o.agentClimb < 0) {
    throw InputError("mesh import: agent sizes must be finite and >= 0");
  }
  checkVoxelCount("agentHeight", o.agentHeight, o.cellHeight, "cellHeight",
                  limits::kMaxY);
  checkVoxelCount("agentClimb", o.agentClimb, o.cellHeight, "cellHeight",
                  limits::kMaxY);
  checkVoxelCount("agentRadius", o.agentRadius, o.cellSize, "cellSize",
                  kMaxGridSide);
  if (o.maxCells < 1 || o.maxCells > kMaxGridSide * kMaxGridSide) {
    throw InputError("mesh import: maxCells " + std::to_string(o.maxCells) +
                     " is outside 1.." +
                     std::to_string(kMaxGridSide * kMaxGridSide));
  }
}

// The grid rcCalcGridSize will compute, (int)((bmax - bmin) / cs + 0.5f),
// checked before any of it is allocated: in float as Recast does, so that a
// mesh miles wide is measured without overflowing the int.
void checkGridSize(const float* bmin, const float* bmax, float cs,
                   int64_t maxCells, const std::string& path) {
  const float width = (bmax[0] - bmin[0]) / cs + 0.5f;
  const float depth = (bmax[2] - bmin[2]) / cs + 0.5f;
  const std::string where =
      "mesh file '" + path + "': bounds x " + numberText(bmin[0]) + ".." +
      numberText(bmax[0]) + ", z " + numberText(bmin[2]) + ".." +
      numberText(bmax[2]) + " at cell size " + numberText(cs);
  const float sideLimit = static_cast<float>(kMaxGridSide + 1);
  if (!(width < sideLimit && depth < sideLimit)) {
    throw InputError(where + " make a grid of " + numberText(width - 0.5f) +
                     " x " + numberText(depth - 0.5f) + " cells, more than " +
                     std::to_string(kMaxGridSide) +
                     " per side (interchange §1); use a larger cell size");
  }
  const int64_t w = static_cast<int>(width), d = static_cast<int>(depth);
  if (w * d > maxCells) {
    throw InputError(where + " make a grid of " + std::to_string(w) + " x " +
                     std::to_string(d) + " = " + std::to_string(w * d) +
                     " cells, more than the limit of " +
                     std::to_string(maxCells) +
                     " cells (--max-cells); use a larger cell size or "
                     "raise the limit");
  }
}

// Rasterizes and filters the mesh into a solid heightfield.
SolidPtr buildSolid(CollectingContext& ctx, TriangleMesh& mesh,
                    const RecastConfig& cfg, int64_t maxCells,
                    const std::string& path) {
  float bmin[3], bmax[3];
  rcCalcBounds(mesh.verts.data(), mesh.vertexCount(), bmin, bmax);
  checkGridSize(bmin, bmax, cfg.cs, maxCells, path);
  int width = 0, depth = 0;
  rcCalcGridSize(bmin, bmax, cfg.cs, &width, &depth);
  if (width < 1 || depth < 1 || width > kMaxGridSide || depth > kMaxGridSide) {
    throw InputError("mesh file '" + path + "': grid " + std::to_string(width) +
                     " x " + std::to_string(depth) + " is outside 1.." +
                     std::to_string(kMaxGridSide) + " cells per side");
  }
  SolidPtr solid(rcAllocHeightfield());
  if (!solid) throw InputError("Recast: out of memory for the heightfield");
  ctx.check(rcCreateHeightfield(&ctx, *solid, width, depth, bmin, bmax, cfg.cs,
                                cfg.ch),
            "rcCreateHeightfield");
  const int tris = mesh.triangleCount();
  std::vector<unsigned char> areas(tris, RC_NULL_AREA);
  rcMarkWalkableTriangles(&ctx, cfg.slope, mesh.verts.data(),
                          mesh.vertexCount(), mesh.tris.data(), tris,
                          areas.data());
  ctx.check(rcRasterizeTriangles(&ctx, mesh.verts.data(), mesh.vertexCount(),
                                 mesh.tris.data(), areas.data(), tris, *solid,
                                 cfg.walkableClimb),
            "rcRasterizeTriangles");
  rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
  rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
  rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);
  ctx.check(true, "span filters");
  return solid;
}

RecastCompactPtr buildCompact(CollectingContext& ctx, rcHeightfield& solid,
                              const RecastConfig& cfg) {
  RecastCompactPtr chf(rcAllocCompactHeightfield());
  if (!chf) throw InputError("Recast: out of memory for the heightfield");
  ctx.check(rcBuildCompactHeightfield(&ctx, cfg.walkableHeight,
                                      cfg.walkableClimb, solid, *chf),
            "rcBuildCompactHeightfield");
  ctx.check(rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf),
            "rcErodeWalkableArea");
  return chf;
}

}  // namespace

RecastCompactPtr importRecastHeightfield(const std::string& objPath,
                                         const MeshImportOptions& options) {
  checkOptions(options);
  TriangleMesh mesh = ObjReader(objPath).read();
  const RecastConfig cfg = configFrom(options);
  CollectingContext ctx;
  SolidPtr solid = buildSolid(ctx, mesh, cfg, options.maxCells, objPath);
  return buildCompact(ctx, *solid, cfg);
}

Heightfield importMesh(const std::string& objPath,
                       const MeshImportOptions& options) {
  const RecastCompactPtr chf = importRecastHeightfield(objPath, options);
  try {
    return fromRecast(*chf);
  } catch (const InputError& e) {
    throw InputError("mesh file '" + objPath + "': " + e.what());
  }
}

}  // namespace regcon
