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

}  // namespace regcon::kit
