#include "kit/file_names.h"

#include <openssl/evp.h>

#include <array>
#include <filesystem>
#include <stdexcept>

#include "core/types.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;

constexpr char kEscape = '~';
constexpr size_t kHashHexLength = 64;

bool keptAsIs(char c, bool first) {
  const bool letterOrDigit = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                             (c >= '0' && c <= '9');
  return letterOrDigit || c == '_' || c == '-' || (c == '.' && !first);
}

std::string escaped(unsigned char byte) {
  constexpr const char* kHex = "0123456789ABCDEF";
  return {kEscape, kHex[byte >> 4], kHex[byte & 0xF]};
}

std::string sha256Hex(std::string_view text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(),
                 nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
  }
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += escaped(digest[i]).substr(1);
  }
  return hex;
}

bool startsWith(const fs::path& path, const fs::path& prefix) {
  auto p = path.begin();
  for (auto q = prefix.begin(); q != prefix.end(); ++q, ++p) {
    if (q->empty()) continue;  // a trailing separator of the prefix
    if (p == path.end() || *p != *q) return false;
  }
  return true;
}

bool strictlyBelow(const fs::path& path, const fs::path& folder) {
  return path != folder && startsWith(path, folder);
}

}  // namespace

std::string caseFileName(std::string_view id) {
  if (id.empty()) return std::string(1, kEscape);
  std::string name;
  for (size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    name += keptAsIs(c, i == 0) ? std::string(1, c)
                                : escaped(static_cast<unsigned char>(c));
  }
  if (name.size() <= kMaxCaseFileName) return name;
  // Cut between characters, never inside an escape ("~XY").
  size_t cut = kMaxCaseFileName - kHashHexLength - 2;
  if (name[cut - 1] == kEscape) {
    cut -= 1;
  } else if (name[cut - 2] == kEscape) {
    cut -= 2;
  }
  return name.substr(0, cut) + kEscape + kEscape + sha256Hex(id);
}

std::string insideFolderRefusal(const std::string& folder,
                                const std::string& path) {
  const fs::path base = fs::absolute(folder).lexically_normal();
  const fs::path target = fs::absolute(path).lexically_normal();
  if (!strictlyBelow(target, base)) {
    return "lies outside the folder " + folder;
  }
  std::error_code error;
  const fs::path realBase = fs::weakly_canonical(base, error);
  if (error) return "folder " + folder + ": " + error.message();
  const fs::path realTarget = fs::weakly_canonical(target, error);
  if (error) return error.message();
  if (!strictlyBelow(realTarget, realBase)) {
    return "a symbolic link leads out of the folder " + folder + " (to " +
           realTarget.string() + ")";
  }
  return "";
}

bool liesWithin(const std::string& path, const std::string& folder) {
  std::error_code error;
  const fs::path realPath = fs::weakly_canonical(fs::absolute(path), error);
  const fs::path realFolder = fs::weakly_canonical(fs::absolute(folder), error);
  return startsWith(realPath, realFolder);
}

void requireInsideFolder(const std::string& what, const std::string& folder,
                         const std::string& path) {
  const std::string refusal = insideFolderRefusal(folder, path);
  if (!refusal.empty()) throw InputError(what + " " + path + ": " + refusal);
}

}  // namespace regcon::kit
