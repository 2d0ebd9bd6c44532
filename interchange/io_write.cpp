// Writers of the interchange documents: compact JSON, keys in the order
// interchange.md shows them, one document per line.
#include <ostream>

#include "interchange/io.h"
#include "interchange/io_rules.h"
#include "interchange/settings_table.h"

namespace regcon {
namespace io {
namespace {

template <typename Int>
void writeInts(std::ostream& out, const std::vector<Int>& values) {
  out << '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out << ',';
    out << static_cast<int>(values[i]);  // a uint8_t count is a number
  }
  out << ']';
}

// `,"key":[...]` when the array is present, nothing otherwise.
void writeOptionalInts(std::ostream& out, const char* key,
                       const std::optional<std::vector<int>>& values) {
  if (!values) return;
  out << ",\"" << key << "\":";
  writeInts(out, *values);
}

void writeHeader(std::ostream& out, const char* format) {
  out << "{\"format\":\"" << format << "\",\"version\":1";
}

void writeSpans(std::ostream& out, const std::vector<Span>& spans) {
  out << '[';
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const Span& s = spans[i];
    out << (i > 0 ? ",[" : "[") << s.y << ',' << s.area;
    for (int link : s.link) out << ',' << link;
    out << ']';
  }
  out << ']';
}

void writeLoop(std::ostream& out, const Loop& loop) {
  out << '[';
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const ContourVertex& v = loop[i];
    out << (i > 0 ? ",[" : "[") << v.x << ',' << v.y << ',' << v.z << ','
        << v.neighbor << ']';
  }
  out << ']';
}

void writeContour(std::ostream& out, const Contour& contour) {
  out << "{\"region\":" << contour.region << ",\"area\":" << contour.area
      << ",\"vertices\":";
  writeLoop(out, contour.vertices);
  if (contour.rawOutline) {
    out << ",\"rawOutline\":";
    writeLoop(out, *contour.rawOutline);
  }
  if (contour.rawHoles) {
    out << ",\"rawHoles\":[";
    for (std::size_t i = 0; i < contour.rawHoles->size(); ++i) {
      if (i > 0) out << ',';
      writeLoop(out, (*contour.rawHoles)[i]);
    }
    out << ']';
  }
  out << '}';
}

void writeRegionsObject(std::ostream& out, const RegionResult& regions) {
  writeHeader(out, kRegionsFormat);
  out << ",\"regionCount\":" << regions.regionCount << ",\"regions\":";
  writeInts(out, regions.regions);
  writeOptionalInts(out, "distances", regions.distances);
  out << '}';
}

void writeContoursObject(std::ostream& out, const ContourSet& contours) {
  writeHeader(out, kContoursFormat);
  out << ",\"rawFallbacks\":" << contours.rawFallbacks
      << ",\"droppedHoles\":" << contours.droppedHoles << ",\"contours\":[";
  for (std::size_t i = 0; i < contours.contours.size(); ++i) {
    if (i > 0) out << ',';
    writeContour(out, contours.contours[i]);
  }
  out << "]}";
}

}  // namespace
}  // namespace io

using io::kChfFormat;
using io::kContoursFormat;
using io::kRegionsFormat;
using io::kResultFormat;
using io::kSettingsFormat;
using io::settingJson;
using io::writeContoursObject;
using io::writeHeader;
using io::writeInts;
using io::writeOptionalInts;
using io::writeRegionsObject;
using io::writeSpans;

void writeHeightfield(std::ostream& out, const Heightfield& hf) {
  writeHeader(out, kChfFormat);
  out << ",\"width\":" << hf.width << ",\"depth\":" << hf.depth
      << ",\"counts\":";
  writeInts(out, hf.counts);
  out << ",\"spans\":";
  writeSpans(out, hf.spans);
  writeOptionalInts(out, "regions", hf.regions);
  writeOptionalInts(out, "layers", hf.layers);
  out << "}\n";
}

void writeSettings(std::ostream& out, const Settings& settings) {
  writeHeader(out, kSettingsFormat);
  for (const SettingRow& row : settingRows()) {
    out << ",\"" << row.key << "\":" << settingJson(row, settings).dump();
  }
  out << "}\n";
}

void writeRegions(std::ostream& out, const RegionResult& regions) {
  writeRegionsObject(out, regions);
  out << '\n';
}

void writeContours(std::ostream& out, const ContourSet& contours) {
  writeContoursObject(out, contours);
  out << '\n';
}

void writeResult(std::ostream& out, const StageResult& result) {
  writeHeader(out, kResultFormat);
  out << ",\"regions\":";
  writeRegionsObject(out, result.regions);
  out << ",\"contours\":";
  writeContoursObject(out, result.contours);
  out << "}\n";
}

}  // namespace regcon
