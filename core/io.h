// Interchange documents (interchange.md §1-§4, §6): reading with every rule
// checked, and canonical writing. Readers throw InputError whose message
// starts with the document name and names the key or span index and the rule.
#pragma once

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

// File variants: "-" is standard input. A file that cannot be opened is an
// InputError too.
Heightfield readHeightfieldFile(const std::string& path);
Settings readSettingsFile(const std::string& path);

// Reads any document, dispatching on its "format"; returns that format.
std::string validateFile(const std::string& path);

void writeHeightfield(std::ostream& out, const Heightfield& hf);
void writeSettings(std::ostream& out, const Settings& settings);
void writeRegions(std::ostream& out, const RegionResult& regions);
void writeContours(std::ostream& out, const ContourSet& contours);
void writeResult(std::ostream& out, const StageResult& result);

}  // namespace regcon
