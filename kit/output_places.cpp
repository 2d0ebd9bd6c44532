#include "kit/output_places.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/types.h"
#include "kit/file_names.h"
#include "kit/output.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;

// Why `path` (status `st`) may not be written into, or "". access() says
// yes to root whatever the mode, so the write bits are checked as well: a
// file or folder with every write bit off is protected on purpose.
std::string placeRefusal(const fs::path& path, const struct stat& st,
                         int accessMode) {
  const std::string why = writeRefusal(path.string(), st, accessMode);
  if (why.empty()) return "";
  return (S_ISDIR(st.st_mode) ? "folder " : "") + path.string() + ": " + why;
}

// A file or folder that does not exist yet: its nearest existing ancestor
// must be a folder this user may create entries in.
std::string creationRefusal(const fs::path& path, bool parentMustExist) {
  fs::path ancestor = fs::absolute(path).lexically_normal().parent_path();
  if (parentMustExist) {
    struct stat st {};
    if (::stat(ancestor.c_str(), &st) != 0) {
      return "folder " + ancestor.string() + " does not exist";
    }
  }
  for (;;) {
    struct stat st {};
    if (::stat(ancestor.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) {
        return ancestor.string() + " is not a folder";
      }
      return placeRefusal(ancestor, st, W_OK | X_OK);
    }
    if (errno != ENOENT || ancestor == ancestor.root_path()) {
      return ancestor.string() + ": " + std::strerror(errno);
    }
    ancestor = ancestor.parent_path();
  }
}

std::string fileRefusal(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) return std::strerror(errno);
    return creationRefusal(path, true);
  }
  if (S_ISDIR(st.st_mode)) return "is a folder, not a file";
  return placeRefusal(path, st, W_OK);
}

std::string folderRefusal(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) return std::strerror(errno);
    return creationRefusal(path, false);
  }
  if (!S_ISDIR(st.st_mode)) return "is a file, not a folder";
  return placeRefusal(path, st, W_OK | X_OK);
}

bool given(const OutputPlace& place) {
  return !place.path.empty() && !(place.path == "-" && !place.folder);
}

// The place with `.`, `..` and symlinks resolved, as far as it exists.
fs::path resolved(const std::string& path) {
  std::error_code error;
  const fs::path real = fs::weakly_canonical(fs::absolute(path), error);
  return error ? fs::absolute(path).lexically_normal() : real;
}

// Why `place` may not share its place with `other`, or "".
std::string clash(const OutputPlace& place, const OutputPlace& other) {
  const fs::path a = resolved(place.path), b = resolved(other.path);
  const std::string named = other.option + " " + other.path;
  if (a == b) return "the same place as " + named;
  // The files in an output folder are named by the command from its input
  // (a suite's case ids): one of them could take another place's name.
  if (other.folder && liesWithin(place.path, other.path)) {
    return "inside the folder of " + named;
  }
  if (place.folder && liesWithin(other.path, place.path)) {
    return named + " lies inside it";
  }
  return "";
}

}  // namespace

void checkOutputPlaces(const std::string& command,
                       const std::vector<OutputPlace>& places) {
  for (size_t i = 0; i < places.size(); ++i) {
    const OutputPlace& place = places[i];
    if (!given(place)) continue;
    const std::string where = command + ": " + place.option + " " + place.path;
    std::string refusal = foreignLinkRefusal(place.path);
    if (refusal.empty()) {
      refusal =
          place.folder ? folderRefusal(place.path) : fileRefusal(place.path);
    }
    if (!refusal.empty()) throw InputError(where + ": " + refusal);
    for (size_t j = 0; j < i; ++j) {
      if (!given(places[j])) continue;
      const std::string why = clash(place, places[j]);
      if (!why.empty()) throw InputError(where + ": " + why);
    }
  }
}

}  // namespace regcon::kit
