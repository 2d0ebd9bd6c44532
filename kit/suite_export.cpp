#include "kit/suite_export.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/implementation.h"
#include "interchange/io.h"
#include "kit/file_names.h"
#include "kit/output.h"
#include "kit/output_places.h"
#include "kit/scratch.h"
#include "kit/suite_manifest.h"
#include "kit/verdict.h"
#include "registry/implementations.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr const char* kCommand = "suite export";

// The manifest as written, for the keys readSuite does not keep
// (descriptions); readSuite has checked it already.
Json readManifest(const fs::path& suiteDir) {
  const fs::path path = suiteDir / "manifest.json";
  const std::string text = readSmallFile(path.string(), kMaxManifestBytes);
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path.string() + ": not a JSON manifest: " + e.what());
  }
}

// `file` (absolute, as readSuite gives it) as a path relative to the suite
// folder; a file outside the folder, or reached through a symlink that
// leads out of it, is refused: the export copies the suite, nothing else.
fs::path suiteRelative(const fs::path& suiteRoot, const std::string& file,
                       const std::string& what) {
  requireInsideFolder(what, suiteRoot.string(), file);
  return fs::path(file).lexically_relative(suiteRoot);
}

void writeInside(const fs::path& to, const fs::path& relative,
                 const std::string& text) {
  const fs::path destination = to / relative;
  const std::string what = std::string(kCommand) + ": DIR";
  requireInsideFolder(what, to.string(), destination.string());
  fs::create_directories(destination.parent_path());
  requireInsideFolder(what, to.string(), destination.string());
  OutputTarget(destination.string(), NonRegular::Refuse).commit(text);
}

// The case's result, computed by `implName` and held to the manifest's
// hashes: what is exported is the suite's expected result whatever
// computed it.
std::string stageResultText(const SuiteCase& c, const std::string& implName) {
  const Heightfield hf = readHeightfieldFile(c.chfPath);
  const Settings settings = readSettingsFile(c.settingsPath);
  const StageResult result =
      runStage(implementationNamed(implName), hf, settings);
  const std::string differs = firstDifferingHash(hashesOf(result), c.hashes);
  if (!differs.empty()) {
    throw InputError(std::string(kCommand) + ": case " + c.id + ": the " +
                     differs + " hash of the " + implName +
                     " implementation's result is not the manifest's (a "
                     "suite written by another version of regcon?)");
  }
  std::ostringstream text;
  writeResult(text, result);
  if (!text)
    throw InputError(std::string(kCommand) + ": case " + c.id +
                     ": the result could not be built");
  return text.str() + "\n";
}

// DIR is checked as every output place is, and must not be the suite or a
// folder inside it: the export would write over what it reads.
void checkDestination(const std::string& suiteDir,
                      const std::string& outputDir) {
  checkOutputPlaces(kCommand, {{"DIR", outputDir, true}});
  if (liesWithin(outputDir, suiteDir)) {
    throw InputError(std::string(kCommand) + ": DIR " + outputDir +
                     ": is the suite folder " + suiteDir +
                     " or inside it; export to a folder outside the suite");
  }
}

// Copies each file the manifest names once, at the same relative path, and
// rewrites the entry's paths to that relative form.
class FileCopier {
 public:
  FileCopier(const fs::path& from, const fs::path& to) : from_(from), to_(to) {}

  void copy(const SuiteCase& c, Json& entry) {
    entry["chf"] = copyOne(c, "chf", c.chfPath);
    entry["settings"] = copyOne(c, "settings", c.settingsPath);
  }

  void copyIfPresent(const std::string& name) {
    const fs::path file = from_ / name;
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) return;
    const std::string what = std::string(kCommand) + ": " + file.string();
    const fs::path relative = suiteRelative(from_, file.string(), what);
    writeInside(to_, relative, readRegularFile(file.string(), what));
  }

 private:
  std::string copyOne(const SuiteCase& c, const std::string& key,
                      const std::string& file) {
    const std::string what =
        std::string(kCommand) + ": case " + c.id + ": " + key + " " + file;
    const fs::path relative = suiteRelative(from_, file, what);
    if (copied_.insert(relative.string()).second) {
      writeInside(to_, relative, readRegularFile(file, what));
    }
    return relative.generic_string();
  }

  fs::path from_, to_;
  std::set<std::string> copied_;
};

// The raw manifest's entries, in readSuite's order (cases, then
// mustReject); a manifest that changed between the two reads is refused.
std::vector<Json*> rawEntries(Json& manifest, const Suite& suite) {
  std::vector<Json*> entries;
  for (const char* list : {"cases", "mustReject"}) {
    if (!manifest.contains(list)) continue;
    for (Json& entry : manifest[list]) entries.push_back(&entry);
  }
  bool same = entries.size() == suite.cases.size();
  for (size_t i = 0; same && i < entries.size(); ++i) {
    same = entries[i]->value("id", "") == suite.cases[i].id;
  }
  if (!same) {
    throw InputError(suite.dir + "/manifest.json: changed while being read");
  }
  return entries;
}

}  // namespace

std::string exportSuite(const std::string& suiteDir,
                        const std::string& outputDir,
                        const std::string& implName) {
  const Suite suite = readSuite(suiteDir);  // the checks `regcon suite` makes
  checkDestination(suiteDir, outputDir);
  const fs::path from = fs::absolute(suiteDir).lexically_normal();
  const fs::path to = fs::absolute(outputDir).lexically_normal();
  Json manifest = readManifest(from);
  const std::vector<Json*> entries = rawEntries(manifest, suite);
  FileCopier copier(from, to);
  int written = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const SuiteCase& c = suite.cases[i];
    copier.copy(c, *entries[i]);
    if (c.mustReject) continue;
    const std::string name = "results/" + caseFileName(c.id) + ".result.json";
    writeInside(to, name, stageResultText(c, implName));
    (*entries[i])["result"] = name;
    ++written;
  }
  copier.copyIfPresent("README.md");
  // Last: a manifest on disk means every file it names is there.
  writeInside(to, "manifest.json", manifest.dump(1) + "\n");
  return "exported " + std::to_string(written) +
         " cases with their expected results to " + outputDir;
}

}  // namespace regcon::kit
