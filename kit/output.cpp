#include "kit/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

#include "core/types.h"
#include "kit/cleanup.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;

// A signal removes the temporary file (kit/cleanup.h).
int removeOnSignal(const std::string& path) {
  return removeFileOnSignal(path);
}

void disarm(int& slot) {
  disarmRemoval(slot);
}

// --- checks ------------------------------------------------------------------

std::string errnoText(int error) {
  return std::strerror(error);
}

std::string modeText(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

}  // namespace

// Why `path` (file or directory, with status `st`) may not be written, or ""
// when it may. access() answers for this user but says yes to root whatever
// the mode; a file or directory with every write bit off is protected on
// purpose, so the bits are checked as well and root is refused too.
std::string writeRefusal(const std::string& path, const struct stat& st,
                         int accessMode) {
  if (::faccessat(AT_FDCWD, path.c_str(), accessMode, AT_EACCESS) != 0) {
    return errnoText(errno);
  }
  if ((st.st_mode & 0222) == 0) {
    return std::string(S_ISDIR(st.st_mode) ? "directory" : "file") +
           " is read-only (mode " + modeText(st.st_mode) + ")";
  }
  return "";
}

namespace {

// Follows a chain of symlinks to the path the data finally lands in, which
// may not exist yet (a dangling symlink creates its target, as `>` does).
std::string followSymlinks(const std::string& userPath) {
  fs::path current(userPath);
  constexpr int kMaxHops = 40;  // Linux's own limit (ELOOP)
  for (int hop = 0; hop < kMaxHops; ++hop) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      return current.string();
    }
    const std::string foreign = foreignLinkRefusal(current.string());
    if (!foreign.empty()) {
      throw InputError("cannot write " + userPath + ": " + foreign);
    }
    std::error_code error;
    const fs::path link = fs::read_symlink(current, error);
    if (error) return current.string();  // open() will name the problem
    current = link.is_absolute() ? link : current.parent_path() / link;
  }
  throw InputError("cannot write " + userPath +
                   ": too many levels of symbolic links");
}

mode_t modeForNewFiles() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

std::string foreignLinkRefusal(const std::string& path) {
  struct stat link {};
  if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return "";
  const fs::path parent = fs::absolute(path).lexically_normal().parent_path();
  struct stat folder {};
  if (::stat(parent.c_str(), &folder) != 0) return "";
  const bool shared =
      (folder.st_mode & S_ISVTX) != 0 && (folder.st_mode & S_IWOTH) != 0;
  if (!shared || link.st_uid == ::geteuid() || link.st_uid == folder.st_uid) {
    return "";
  }
  return path +
         " is a symlink another user owns in a shared folder (sticky and "
         "world-writable): not followed";
}

int writeAll(int fd, const char* data, size_t left) {
  while (left > 0) {
    const ssize_t wrote = ::write(fd, data, left);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += wrote;
    left -= static_cast<size_t>(wrote);
  }
  return 0;
}

OutputTarget::OutputTarget(const std::string& path, NonRegular nonRegular)
    : path_(path) {
  if (path.empty() || path == "-") return;
  target_ = followSymlinks(path);
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (nonRegular == NonRegular::Refuse && !S_ISDIR(st.st_mode)) {
      throw InputError("cannot write " + path_ +
                       ": not a regular file (a file regcon names in an "
                       "output folder is replaced, never opened)");
    }
    openExisting();
  } else {
    openTemporary();
  }
}

OutputTarget::~OutputTarget() {
  abandon();
}

// A device or a FIFO: renaming over it would replace it, so write into it.
void OutputTarget::openExisting() {
  struct stat st {};
  ::stat(target_.c_str(), &st);
  if (S_ISDIR(st.st_mode)) {
    throw InputError("cannot write " + path_ + ": it is a directory");
  }
  const std::string refusal = writeRefusal(target_, st, W_OK);
  if (!refusal.empty()) {
    throw InputError("cannot write " + path_ + ": " + refusal);
  }
  fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0) {
    throw InputError("cannot write " + path_ + ": " + errnoText(errno));
  }
}

// A regular file, or none yet: a temporary file beside the final target, in
// the same directory, so the rename is atomic.
void OutputTarget::openTemporary() {
  const fs::path target(target_);
  const fs::path directory =
      target.has_parent_path() ? target.parent_path() : fs::path(".");
  struct stat dirStat {};
  if (::stat(directory.c_str(), &dirStat) != 0) {
    throw InputError("cannot write " + path_ + ": directory " +
                     directory.string() + ": " + errnoText(errno));
  }
  if (!S_ISDIR(dirStat.st_mode)) {
    throw InputError("cannot write " + path_ + ": " + directory.string() +
                     " is not a directory");
  }
  std::string refusal = writeRefusal(directory, dirStat, W_OK | X_OK);
  if (!refusal.empty()) {
    throw InputError("cannot write " + path_ + ": directory " +
                     directory.string() + ": " + refusal);
  }
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0) {
    refusal = writeRefusal(target_, st, W_OK);
    if (!refusal.empty()) {
      throw InputError("cannot write " + path_ + ": " + refusal);
    }
    mode_ = st.st_mode & 07777;
    owner_ = static_cast<int>(st.st_uid);
    group_ = static_cast<int>(st.st_gid);
  } else {
    mode_ = modeForNewFiles();
  }
  // Appended, not `"." + ...`: GCC 12 at -O3 reports a false -Wrestrict
  // overlap in that form, which -Werror makes fatal.
  std::string name = ".";
  name += target.filename().string();
  // A random name made with O_EXCL (mkostemp): nothing another user may
  // have placed in the folder beforehand is ever opened or followed.
  name += ".tmp-XXXXXX";
  temporary_ = (directory / name).string();
  if (temporary_.size() >= PATH_MAX) {
    throw InputError("cannot write " + path_ + ": " + errnoText(ENAMETOOLONG));
  }
  {
    const CleanupSignalsHeld held;  // armed before a signal can see it
    fd_ = ::mkostemp(temporary_.data(), O_CLOEXEC);
    if (fd_ >= 0) signalSlot_ = removeOnSignal(temporary_);
  }
  if (fd_ < 0) {
    const int error = errno;
    disarm(signalSlot_);
    temporary_.clear();
    throw InputError("cannot write " + path_ + ": " + errnoText(error));
  }
}

void OutputTarget::commit(const std::string& text) {
  if (target_.empty()) {
    std::cout.flush();
    const int error = writeAll(STDOUT_FILENO, text.data(), text.size());
    if (error != 0) {
      throw InputError("cannot write standard output: " + errnoText(error));
    }
    return;
  }
  int error = writeAll(fd_, text.data(), text.size());
  if (error == 0 && !temporary_.empty() && ::fchmod(fd_, mode_) != 0) {
    error = errno;
  }
  if (error == 0 && owner_ >= 0) {
    // Keeps the owner where allowed (always for root); where not, the file
    // becomes the writer's, as a new file would, which is no harm.
    [[maybe_unused]] const int ignored = ::fchown(fd_, owner_, group_);
  }
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && !temporary_.empty() &&
      ::rename(temporary_.c_str(), target_.c_str()) != 0) {
    error = errno;
  }
  if (error != 0) {
    abandon();
    throw InputError("cannot write " + path_ + ": " + errnoText(error));
  }
  disarm(signalSlot_);  // after the rename: a signal before it still cleans up
  temporary_.clear();
}

void OutputTarget::abandon() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) {
    ::unlink(temporary_.c_str());
    disarm(signalSlot_);
    temporary_.clear();
  }
}

namespace {

// Copies the rest of `from` into `to`; returns 0 or the errno of the failure.
int copyAll(int from, int to) {
  std::vector<char> buffer(1 << 16);
  for (;;) {
    const ssize_t got = ::read(from, buffer.data(), buffer.size());
    if (got == 0) return 0;
    if (got < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    const int error = writeAll(to, buffer.data(), static_cast<size_t>(got));
    if (error != 0) return error;
  }
}

}  // namespace

StandardInputCopy::StandardInputCopy() {
  std::string name = temporaryDirectory() + "/regcon-stdin-XXXXXX";
  int fd = -1;
  {
    const CleanupSignalsHeld held;  // armed before a signal can see it
    fd = ::mkstemp(name.data());
    if (fd >= 0) signalSlot_ = removeOnSignal(name);
  }
  if (fd < 0) {
    throw InputError("cannot copy standard input into " + name + ": " +
                     errnoText(errno));
  }
  path_ = name;
  const int error = copyAll(STDIN_FILENO, fd);
  const int closeError = ::close(fd) != 0 ? errno : 0;
  if (error != 0 || closeError != 0) {
    ::unlink(path_.c_str());
    disarm(signalSlot_);
    throw InputError("cannot copy standard input into " + path_ + ": " +
                     errnoText(error != 0 ? error : closeError));
  }
}

StandardInputCopy::~StandardInputCopy() {
  ::unlink(path_.c_str());
  disarm(signalSlot_);
}

std::string temporaryDirectory() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

void emit(const std::string& text, const std::string& path) {
  OutputTarget(path).commit(text);
}

}  // namespace regcon::kit
