// Case ids as file names, and the check that a file about to be written
// lies inside its folder. A suite's ids come from a manifest that may have
// been downloaded: an id is data, never a path, so every writer that names a
// file after one (`suite --pictures`, `suite --shrink`, `suite export`) goes
// through caseFileName and checks the path with insideFolderRefusal.
#pragma once

#include <string>
#include <string_view>

namespace regcon::kit {

// The one file name (a single path component) of case `id`: letters, digits,
// '_' and '-' are kept, and '.' except as the first character; every other
// byte becomes '~' and two uppercase hex digits ("vector/hole-7x7" →
// "vector~2Fhole-7x7", "../x" → "~2E.~2Fx"). '~' is itself escaped, so two
// ids never share a name; a name never starts with '.' (never "." or "..")
// and is never empty ("" → "~"). A name longer than kMaxCaseFileName keeps
// a prefix and ends in "~~" and the SHA-256 of the whole id, a form no short
// name has. Room is left for a suffix such as ".result.json".
constexpr size_t kMaxCaseFileName = 160;
std::string caseFileName(std::string_view id);

// Why `path` may not be written as a file or folder inside `folder`, or ""
// when it may: it must lie under the folder both as written (lexically, no
// "..") and after every symlink on the way is followed (a link planted in the
// folder that leads out of it is refused).
std::string insideFolderRefusal(const std::string& folder,
                                const std::string& path);

// Whether `path` is `folder` or lies inside it once both are resolved (every
// symlink followed, as far as the path exists).
bool liesWithin(const std::string& path, const std::string& folder);

// Throws InputError "WHAT PATH: reason" when insideFolderRefusal refuses.
void requireInsideFolder(const std::string& what, const std::string& folder,
                         const std::string& path);

}  // namespace regcon::kit
