// The kit's scratch folders, where the documents a command under test reads
// are written: private (mkdtemp: a random name, mode 0700, so nothing
// another user placed in $TMPDIR beforehand is ever reused or followed),
// and removed on every way out, SIGINT, SIGTERM and SIGHUP included.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace regcon::kit {

class ScratchFolder {
 public:
  // `$TMPDIR/PREFIX-XXXXXX` (TMPDIR unset or empty: /tmp). Throws
  // InputError when it cannot be made.
  explicit ScratchFolder(const std::string& prefix);
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // A new folder `name` (mode 0700) inside; throws InputError.
  std::filesystem::path subfolder(const std::string& name) const;

 private:
  std::filesystem::path path_;
  int signalSlot_ = -1;
};

// The whole of the regular file `path`. Opened without blocking and checked
// on the open descriptor, so a FIFO or device put in its place is refused
// instead of waited on; one of more than `maxBytes` is refused as soon as
// that much is read. Throws InputError "WHAT: reason".
std::string readRegularFile(const std::string& path, const std::string& what,
                            size_t maxBytes = SIZE_MAX);

// Writes `text` to `path` whole, as a new file: whatever stood at the path
// (a file, a symlink, a FIFO) is unlinked first, never opened. Every write and
// the close are checked (a full disk, a file-size limit): throws InputError
// naming the file and the reason.
void writeWholeFile(const std::filesystem::path& path, const std::string& text);

}  // namespace regcon::kit
