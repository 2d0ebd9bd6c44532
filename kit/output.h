// Where a command's output goes, and the guarantee that it never lies or
// clobbers: a failed write is an error (exit 2), never a silent exit 0, and
// `-o FILE` never leaves a partial document, never replaces a symlink, a
// device or a FIFO with a regular file, never writes a file its mode bits
// protect, and keeps the file's mode.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <string>

namespace regcon::kit {

// The destination of one command's document: standard output ("" or "-"),
// or the file named by `-o`. Constructed before the work starts, so a target
// that cannot be written is refused before any time is spent on it.
//
// For a regular file (or a new one) the text goes to `.NAME.tmp-XXXXXX` (a
// random suffix) beside the file, a symlink followed to its final target first,
// and is renamed over it only by commit(); the temporary file takes the
// target's mode. SIGINT, SIGTERM and SIGHUP remove the temporary file before
// the process dies, and so does the destructor when commit() never ran. A
// target that exists but is not a regular file (a device such as /dev/null, a
// FIFO) is opened and written directly: renaming over it would replace it.
//
// A file a command names itself inside an output folder (a picture, a
// reproducer, an exported case) is made with NonRegular::Refuse: anything
// but a regular file found at its path is refused, never opened, since
// whoever may write into that folder could have put a FIFO there whose
// open would block forever.
//
// Throws InputError ("cannot write PATH: reason") for a target that may not
// be written: a directory, a missing directory, a file or directory whose
// mode bits forbid writing (checked on the bits, so root is refused too), a
// failed write.
enum class NonRegular { WriteInto, Refuse };

class OutputTarget {
 public:
  explicit OutputTarget(const std::string& path,
                        NonRegular nonRegular = NonRegular::WriteInto);
  ~OutputTarget();
  OutputTarget(const OutputTarget&) = delete;
  OutputTarget& operator=(const OutputTarget&) = delete;

  // Writes the whole text and puts it in place. Call at most once.
  void commit(const std::string& text);

 private:
  void openTemporary();
  void openExisting();
  void abandon() noexcept;

  std::string path_;       // as the user gave it (for messages)
  std::string target_;     // after following symlinks; "" for stdout
  std::string temporary_;  // "" unless writing through a temporary file
  int fd_ = -1;
  unsigned mode_ = 0;  // mode bits the temporary file takes
  int owner_ = -1;     // owner and group it takes (when allowed), or -1
  int group_ = -1;
  int signalSlot_ = -1;  // where a signal finds the temporary file
};

// All of standard input, copied into a temporary file (under $TMPDIR, else
// /tmp) so that two readers see the same bytes: `regcon conform` reads the
// document itself and gives the command under test the file's path. Removed
// by the destructor, and by SIGINT, SIGTERM and SIGHUP. Throws InputError
// when standard input cannot be read or the copy cannot be written.
class StandardInputCopy {
 public:
  StandardInputCopy();
  ~StandardInputCopy();
  StandardInputCopy(const StandardInputCopy&) = delete;
  StandardInputCopy& operator=(const StandardInputCopy&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int signalSlot_ = -1;
};

// Why `path` (a file or folder with status `st`) may not be written with
// `accessMode` (W_OK, W_OK | X_OK), or "" when it may: access() answers for
// this user but says yes to root whatever the mode, so a file or folder
// with every write bit off is refused too.
std::string writeRefusal(const std::string& path, const struct stat& st,
                         int accessMode);

// Why the symlink `path` may not be followed, or "": one in a sticky,
// world-writable folder (a shared /tmp) that neither this user nor the
// folder's owner owns is refused, as the kernel's fs.protected_symlinks
// would, whether or not the machine sets it (regcon resolves links itself).
std::string foreignLinkRefusal(const std::string& path);

// Writes all of `size` bytes; 0, or the errno of the failed write.
int writeAll(int fd, const char* data, size_t size);

// $TMPDIR, or /tmp when it is unset or empty.
std::string temporaryDirectory();

// Writes `text` to `path` ("" or "-" for standard output), as OutputTarget.
void emit(const std::string& text, const std::string& path);

}  // namespace regcon::kit
