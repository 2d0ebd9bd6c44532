#include "kit/cleanup.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>

namespace regcon::kit {
namespace {

// --- the registry, read by the signal handler
// ---------------------------------

// One slot per temporary file or scratch folder alive at once (each `-o`
// target, the suite's report files and pictures, conform's copy of standard
// input, the kit's scratch folders).
constexpr int kSlots = 64;
enum SlotState : int { kFree, kClaimed, kArmedFile, kArmedFolder };
char gRemovalPaths[kSlots][PATH_MAX];
std::atomic<int> gSlotStates[kSlots];
static_assert(std::atomic<int>::is_always_lock_free);

// One slot per command running at once: `suite --jobs` allows 256.
constexpr int kGroupSlots = 1024;
std::atomic<pid_t> gGroups[kGroupSlots];
static_assert(std::atomic<pid_t>::is_always_lock_free);

std::atomic<bool> gCleanupStarted{false};
std::atomic<bool> gAdopting{false};

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

// --- async-signal-safe helpers -----------------------------------------------

// The kernel's record of one directory entry (getdents64).
struct DirectoryEntry {
  ino64_t inode;
  off64_t offset;
  unsigned short length;
  unsigned char type;
  char name[1];
};

bool isDotOrDotDot(const char* name) {
  return name[0] == '.' &&
         (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

// Calls visit(name) for every entry of the open folder `fd` but "." and
// "..", read with getdents64 (opendir allocates; this runs in a handler).
template <typename Visit>
void forEachEntry(int fd, const Visit& visit) {
  alignas(8) char buffer[4096];
  long got = 0;
  while ((got = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0) {
    for (long at = 0; at < got;) {
      const auto* entry = reinterpret_cast<DirectoryEntry*>(buffer + at);
      at += entry->length;
      if (!isDotOrDotDot(entry->name)) visit(entry->name);
    }
  }
}

// Removes `name` (relative to `parent`) and, for a folder, everything under
// it, as far as 16 levels down (the stack of a signal handler); whether it
// is gone. Symlinks are removed, never followed. Entries are removed while
// the folder is read, so it is read again until a pass removes nothing: an
// entry that stays (too deep, not ours to remove) ends the passes, never
// repeats them forever.
bool removeTree(int parent, const char* name, int depth) {
  if (::unlinkat(parent, name, 0) == 0 || errno == ENOENT) return true;
  constexpr int kMaxDepth = 16;
  const int fd =
      ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0 && depth < kMaxDepth) {
    for (bool removed = true; removed;) {
      removed = false;
      ::lseek(fd, 0, SEEK_SET);
      forEachEntry(fd, [&](const char* entry) {
        if (removeTree(fd, entry, depth + 1)) removed = true;
      });
    }
  }
  if (fd >= 0) ::close(fd);
  return ::unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT;
}

// Parses the decimal number at `text`, or -1.
long parseNumber(const char* text, const char* end) {
  long value = 0;
  const char* at = text;
  for (; at < end && *at >= '0' && *at <= '9'; ++at)
    value = value * 10 + (*at - '0');
  return at == text ? -1 : value;
}

// The parent of process `pid` from /proc/PID/stat ("pid (comm) S ppid …";
// comm may hold spaces and parentheses, so the last ')' ends it), or -1.
long parentOf(const char* pidText) {
  char path[64] = "/proc/";
  size_t length = 6;
  for (const char* c = pidText; *c && length < sizeof path - 8; ++c) {
    path[length++] = *c;
  }
  std::memcpy(path + length, "/stat", 6);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char stat[512];
  const ssize_t got = ::read(fd, stat, sizeof stat);
  ::close(fd);
  if (got <= 0) return -1;
  const char* end = stat + got;
  const char* close = nullptr;
  for (const char* c = stat; c < end; ++c) {
    if (*c == ')') close = c;
  }
  if (!close || close + 4 >= end) return -1;
  return parseNumber(close + 4, end);  // past ") S "
}

// Calls visit(pid) for every child of this process found in /proc; returns
// false when /proc cannot be read.
template <typename Visit>
bool forEachChild(const Visit& visit) {
  const int fd = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  const long self = ::getpid();
  forEachEntry(fd, [&](const char* name) {
    if (name[0] < '1' || name[0] > '9') return;  // not a process
    if (parentOf(name) == self) {
      visit(static_cast<pid_t>(parseNumber(name, name + std::strlen(name))));
    }
  });
  ::close(fd);
  return true;
}

// Reaps `pid` after SIGKILL, waiting at most a second: a process in
// uninterruptible sleep dies only when it wakes, and must not hold up
// regcon (nor its signal handler) meanwhile.
void reapWithin(pid_t pid) {
  constexpr int kTries = 100;
  const struct timespec pause = {0, 10'000'000};  // 10 ms
  for (int attempt = 0; attempt < kTries; ++attempt) {
    int status = 0;
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid || (got < 0 && errno != EINTR)) return;
    ::nanosleep(&pause, nullptr);
  }
}

void killGroupAndProcess(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
}

void killRegisteredGroups() {
  for (auto& group : gGroups) {
    const pid_t pid = group.load();
    if (pid > 0) killGroupAndProcess(pid);
  }
}

// Every child dies; a killed child's own children become regcon's (the
// subreaper) once it is reaped, so the search repeats until none is left.
void killEveryChild() {
  constexpr int kMaxRounds = 16;
  for (int round = 0; round < kMaxRounds; ++round) {
    bool found = false;
    const bool readable = forEachChild([&found](pid_t pid) {
      found = true;
      killGroupAndProcess(pid);
      reapWithin(pid);
    });
    if (!readable || !found) return;
  }
}

void removeArmedPaths() {
  for (int slot = 0; slot < kSlots; ++slot) {
    const int state = gSlotStates[slot].load();
    if (state == kArmedFile) ::unlink(gRemovalPaths[slot]);
    if (state == kArmedFolder) removeTree(AT_FDCWD, gRemovalPaths[slot], 0);
  }
}

extern "C" void cleanUpAndDie(int signalNumber) {
  gCleanupStarted.store(true);
  killRegisteredGroups();
  killEveryChild();
  removeArmedPaths();
  // SA_RESETHAND restored the default action: die of the same signal, so the
  // parent sees what ended us.
  ::raise(signalNumber);
}

void installHandlers() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    for (int signalNumber : kCleanupSignals) {
      struct sigaction previous {};
      ::sigaction(signalNumber, nullptr, &previous);
      // A signal ignored at start (nohup, a background job) stays ignored.
      if (previous.sa_handler == SIG_IGN) continue;
      struct sigaction action {};
      action.sa_handler = cleanUpAndDie;
      action.sa_flags = SA_RESETHAND;
      // The other clean-up signals wait: one handler runs the clean-up.
      sigemptyset(&action.sa_mask);
      for (int other : kCleanupSignals) sigaddset(&action.sa_mask, other);
      ::sigaction(signalNumber, &action, nullptr);
    }
  });
}

int armSlot(const std::string& path, SlotState kind) {
  if (path.size() >= PATH_MAX) return -1;
  installHandlers();
  for (int slot = 0; slot < kSlots; ++slot) {
    int expected = kFree;
    if (gSlotStates[slot].compare_exchange_strong(expected, kClaimed)) {
      std::memcpy(gRemovalPaths[slot], path.c_str(), path.size() + 1);
      gSlotStates[slot].store(kind);
      return slot;
    }
  }
  return -1;
}

// Held while a command is forked and registered, and while orphans are
// swept: a sweep must never take a leader that is not registered yet.
std::mutex& childrenMutex() {
  static std::mutex mutex;
  return mutex;
}

bool isRegisteredLeader(pid_t pid) {
  for (auto& group : gGroups) {
    if (group.load() == pid) return true;
  }
  return false;
}

}  // namespace

CleanupSignalsHeld::CleanupSignalsHeld() {
  sigset_t held;
  sigemptyset(&held);
  for (int signalNumber : kCleanupSignals) sigaddset(&held, signalNumber);
  ::pthread_sigmask(SIG_BLOCK, &held, &previous_);
}

CleanupSignalsHeld::~CleanupSignalsHeld() {
  ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

int removeFileOnSignal(const std::string& path) {
  return armSlot(path, kArmedFile);
}

int removeFolderOnSignal(const std::string& path) {
  return armSlot(path, kArmedFolder);
}

void disarmRemoval(int& slot) {
  if (slot >= 0) gSlotStates[slot].store(kFree);
  slot = -1;
}

void registerProcessGroup(pid_t group) {
  installHandlers();
  for (auto& slot : gGroups) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, group)) return;
  }
  // Every slot taken: the handler still finds the leader as a child.
}

void unregisterProcessGroup(pid_t group) {
  for (auto& slot : gGroups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void adoptOrphans() {
  installHandlers();
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0) gAdopting.store(true);
}

void sweepOrphans() {
  if (!gAdopting.load()) return;
  std::lock_guard lock(childrenMutex());
  constexpr int kMaxRounds = 16;
  for (int round = 0; round < kMaxRounds; ++round) {
    bool found = false;
    forEachChild([&found](pid_t pid) {
      if (isRegisteredLeader(pid)) return;
      found = true;
      killGroupAndProcess(pid);
      reapWithin(pid);
    });
    if (!found) return;
  }
}

bool cleanupStarted() {
  return gCleanupStarted.load();
}

std::unique_lock<std::mutex> lockChildren() {
  return std::unique_lock(childrenMutex());
}

}  // namespace regcon::kit
