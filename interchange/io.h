// Interchange documents (interchange.md §1-§4, §6): reading with every rule
// checked, and canonical writing. Readers throw InputError whose message
// starts with the document name and names the key or span index and the rule.
// Every reader streams (nlohmann's SAX interface): it takes the stream a
// chunk at a time and holds at most 4 times the document
// (tests/memory_check.cpp), and it stops at the first byte that breaks JSON.
// The code lives in interchange/io_*.cpp; this is the one public header.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "core/types.h"

namespace regcon {

// `document` names the source in messages (usually the file path).
Heightfield readHeightfield(std::istream& in, const std::string& document);
Settings readSettings(std::istream& in, const std::string& document);
RegionResult readRegions(std::istream& in, const std::string& document);
ContourSet readContours(std::istream& in, const std::string& document);
StageResult readResult(std::istream& in, const std::string& document);

// A cap on the bytes read from a stream of unknown size (a foreign
// command's output): past `bytes` the read fails with an InputError
// "<document>: larger than <bytes> bytes, the limit (<raise>)", where
// `raise` says how to raise it.
struct ByteCap {
  std::uint64_t bytes = 0;
  std::string raise;
};
StageResult readCappedResult(std::istream& in, const std::string& document,
                             const ByteCap& cap);

// File variants: "-" is standard input. A file that cannot be opened is an
// InputError too.
Heightfield readHeightfieldFile(const std::string& path);
Settings readSettingsFile(const std::string& path);

// Reads any document, dispatching on its "format"; returns that format.
// Standard input, pipes and devices are read once, as they stream.
std::string validateFile(const std::string& path);

void writeHeightfield(std::ostream& out, const Heightfield& hf);
void writeSettings(std::ostream& out, const Settings& settings);
void writeRegions(std::ostream& out, const RegionResult& regions);
void writeContours(std::ostream& out, const ContourSet& contours);
void writeResult(std::ostream& out, const StageResult& result);

}  // namespace regcon
