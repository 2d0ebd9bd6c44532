#include "kit/suite_manifest.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "core/types.h"
#include "kit/file_names.h"
#include "kit/scratch.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kSuiteName = "regcon-conformance";
const std::set<std::string> kPartitions = {"watershed", "monotone", "layers",
                                           "layer-first", "given"};

// Every error names the manifest and the key, as the interchange readers do.
class ManifestReader {
 public:
  explicit ManifestReader(std::string dir)
      : dir_(std::move(dir)), document_(dir_ + "/manifest.json") {}

  Suite read() {
    const json root = parse();
    if (!root.is_object()) fail("", "must be a JSON object");
    Suite suite;
    suite.dir = dir_;
    suite.name = text(root, "suite", "");
    if (suite.name != kSuiteName) {
      fail("suite", std::string("must be \"") + kSuiteName + "\"");
    }
    suite.version = positiveInteger(root, "version", "");
    for (const json& entry : array(root, "cases", "")) {
      const std::string where = "cases[" + std::to_string(index_++) + "]";
      suite.cases.push_back(readCase(entry, where));
    }
    index_ = 0;
    if (root.contains("mustReject")) {
      for (const json& entry : array(root, "mustReject", "")) {
        const std::string where =
            "mustReject[" + std::to_string(index_++) + "]";
        suite.cases.push_back(readMustReject(entry, where));
      }
    }
    return suite;
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& rule) {
    throw InputError(document_ + (key.empty() ? "" : ": " + key) + ": " + rule);
  }

  json parse() {
    std::error_code error;
    if (!fs::exists(document_, error)) {
      fail("", "cannot be read (no suite in " + dir_ + "?)");
    }
    // The manifest itself is the suite's too: a symlink to a file of the
    // runner's (whose first bytes a parse error would quote) is refused.
    const std::string refusal = insideFolderRefusal(dir_, document_);
    if (!refusal.empty()) fail("", refusal);
    const std::string text = readSmallFile(document_, kMaxManifestBytes);
    // Nesting capped as in every interchange document: `suite export`
    // writes the manifest out again, and a writer recurses per level.
    bool tooDeep = false;
    const auto depthCap = [&tooDeep](int depth, json::parse_event_t,
                                     const json&) {
      if (depth > static_cast<int>(kMaxManifestDepth)) tooDeep = true;
      return !tooDeep;
    };
    json root;
    try {
      root = json::parse(text, depthCap);
    } catch (const json::exception& e) {
      fail("", std::string("not JSON: ") + e.what());
    }
    if (tooDeep) {
      fail("", "nested more than " + std::to_string(kMaxManifestDepth) +
                   " levels deep");
    }
    return root;
  }

  static std::string at(const std::string& where, const std::string& key) {
    return where.empty() ? key : where + "." + key;
  }

  const json& member(const json& object, const std::string& key,
                     const std::string& where) {
    if (!object.is_object()) fail(where, "must be an object");
    const auto found = object.find(key);
    if (found == object.end()) fail(at(where, key), "missing");
    return *found;
  }

  std::string text(const json& object, const std::string& key,
                   const std::string& where) {
    const json& value = member(object, key, where);
    if (!value.is_string()) fail(at(where, key), "must be a string");
    return value.get<std::string>();
  }

  int positiveInteger(const json& object, const std::string& key,
                      const std::string& where) {
    const json& value = member(object, key, where);
    if (!value.is_number_integer() || value.get<int64_t>() < 1 ||
        value.get<int64_t>() > 1'000'000'000) {
      fail(at(where, key), "must be a positive integer");
    }
    return value.get<int>();
  }

  const json& array(const json& object, const std::string& key,
                    const std::string& where) {
    const json& value = member(object, key, where);
    if (!value.is_array()) fail(at(where, key), "must be an array");
    return value;
  }

  std::string caseId(const json& entry, const std::string& where) {
    const std::string id = text(entry, "id", where);
    const bool allowed =
        !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '.' ||
                 c == '_' || c == '/' || c == '-';
        });
    if (!allowed) fail(at(where, "id"), "must match [A-Za-z0-9._/-]+");
    if (!ids_.insert(id).second) fail(at(where, "id"), "duplicate id " + id);
    return id;
  }

  // A regular file inside the suite folder, also once symlinks are
  // followed: a downloaded suite must not make regcon read, and hand the
  // command, a file of the runner's own (a key, a password file).
  std::string file(const json& entry, const std::string& key,
                   const std::string& where) {
    const fs::path path = fs::absolute(fs::path(dir_) / text(entry, key, where))
                              .lexically_normal();
    std::error_code error;
    if (!fs::is_regular_file(path, error)) {
      fail(at(where, key), path.string() + " is not a file");
    }
    const std::string refusal = insideFolderRefusal(dir_, path.string());
    if (!refusal.empty()) fail(at(where, key), path.string() + ": " + refusal);
    return path.string();
  }

  std::string hash(const json& hashes, const std::string& key,
                   const std::string& where) {
    const std::string value = text(hashes, key, where);
    const bool lowercaseHex =
        value.size() == 64 &&
        std::all_of(value.begin(), value.end(), [](char c) {
          return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        });
    if (!lowercaseHex) fail(at(where, key), "must be 64 lowercase hex digits");
    return value;
  }

  std::vector<std::string> tags(const json& entry, const std::string& where,
                                bool required) {
    std::vector<std::string> out;
    if (!required && !entry.contains("tags")) return out;
    const json& list = array(entry, "tags", where);
    for (const json& tag : list) {
      if (!tag.is_string() || tag.get<std::string>().empty()) {
        fail(at(where, "tags"), "must hold non-empty strings");
      }
      out.push_back(tag.get<std::string>());
    }
    return out;
  }

  SuiteCase readCase(const json& entry, const std::string& where) {
    SuiteCase c;
    c.id = caseId(entry, where);
    c.chfPath = file(entry, "chf", where);
    c.settingsPath = file(entry, "settings", where);
    c.partition = text(entry, "partition", where);
    if (!kPartitions.count(c.partition)) {
      fail(at(where, "partition"),
           "must be watershed, monotone, layers, layer-first or given");
    }
    const json& hashes = member(entry, "hashes", where);
    const std::string hashesAt = at(where, "hashes");
    c.hashes = {hash(hashes, "distances", hashesAt),
                hash(hashes, "regions", hashesAt),
                hash(hashes, "contours", hashesAt)};
    c.tags = tags(entry, where, true);
    if (std::find(c.tags.begin(), c.tags.end(), c.partition) == c.tags.end()) {
      fail(at(where, "tags"), "must include the partition " + c.partition);
    }
    return c;
  }

  SuiteCase readMustReject(const json& entry, const std::string& where) {
    SuiteCase c;
    c.mustReject = true;
    c.id = caseId(entry, where);
    c.chfPath = file(entry, "chf", where);
    c.settingsPath = file(entry, "settings", where);
    c.rule = text(entry, "rule", where);
    c.tags = tags(entry, where, false);
    return c;
  }

  std::string dir_;
  std::string document_;
  std::set<std::string> ids_;
  size_t index_ = 0;
};

fs::path runningBinary() {
  std::error_code error;
  return fs::read_symlink("/proc/self/exe", error);
}

}  // namespace

std::string readSmallFile(const std::string& path, size_t maxBytes) {
  return readRegularFile(path, path, maxBytes);
}

Suite readSuite(const std::string& dir) {
  return ManifestReader(dir).read();
}

std::string defaultSuiteDir() {
  for (fs::path dir = runningBinary().parent_path(); !dir.empty();
       dir = dir.parent_path()) {
    const fs::path suite = dir / "conformance";
    std::error_code error;
    if (fs::is_regular_file(suite / "manifest.json", error)) {
      return suite.string();
    }
    if (dir == dir.root_path()) break;
  }
  return "";
}

std::vector<SuiteCase> selectCases(const Suite& suite,
                                   const std::vector<std::string>& filter) {
  if (filter.empty()) return suite.cases;
  std::vector<SuiteCase> selected;
  for (const SuiteCase& c : suite.cases) {
    const bool chosen =
        std::any_of(filter.begin(), filter.end(), [&](const std::string& f) {
          return f == c.id ||
                 std::find(c.tags.begin(), c.tags.end(), f) != c.tags.end();
        });
    if (chosen) selected.push_back(c);
  }
  return selected;
}

}  // namespace regcon::kit
