#include "kit/scratch.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/types.h"
#include "kit/cleanup.h"
#include "kit/output.h"

namespace regcon::kit {
namespace {

namespace fs = std::filesystem;

}  // namespace

ScratchFolder::ScratchFolder(const std::string& prefix) {
  std::string name = temporaryDirectory() + "/" + prefix + "-XXXXXX";
  const CleanupSignalsHeld held;  // armed before a signal can see it
  if (::mkdtemp(name.data()) == nullptr) {
    throw InputError("cannot make a scratch folder " + name + ": " +
                     std::strerror(errno));
  }
  path_ = name;
  signalSlot_ = removeFolderOnSignal(name);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
  disarmRemoval(signalSlot_);
}

fs::path ScratchFolder::subfolder(const std::string& name) const {
  const fs::path folder = path_ / name;
  if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) {
    throw InputError("cannot make the scratch folder " + folder.string() +
                     ": " + std::strerror(errno));
  }
  return folder;
}

void writeWholeFile(const fs::path& path, const std::string& text) {
  const auto fail = [&path](int error) {
    throw InputError("cannot write " + path.string() + ": " +
                     std::strerror(error));
  };
  // Made anew each time, never opened where it stood: the command under
  // test writes in the same folder and may have put a FIFO at the path,
  // whose open would wait for a reader forever.
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) fail(errno);
  const int fd = ::open(
      path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) fail(errno);
  const int error = writeAll(fd, text.data(), text.size());
  if (error != 0) {
    ::close(fd);
    fail(error);
  }
  if (::close(fd) != 0) fail(errno);
}

std::string readRegularFile(const std::string& path, const std::string& what,
                            size_t maxBytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw InputError(what + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw InputError(what +
                     ": not a regular file (a device, FIFO or folder is "
                     "refused)");
  }
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      throw InputError(what + ": " + std::strerror(error));
    }
    text.append(buffer, static_cast<size_t>(got));
    if (text.size() > maxBytes) {
      ::close(fd);
      throw InputError(what + ": more than " + std::to_string(maxBytes >> 10) +
                       " KiB, the most this file may hold");
    }
  }
  ::close(fd);
  return text;
}

}  // namespace regcon::kit
