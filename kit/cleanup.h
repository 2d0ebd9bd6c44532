// What regcon undoes on every way out, a signal included: temporary files
// unlinked, scratch folders removed, and every process of a command under
// test killed. Signal-safe: the registry is plain static storage and
// lock-free atomics, and the handler uses only async-signal-safe calls.
//
// On SIGINT, SIGTERM or SIGHUP the handler kills the process group of every
// command under test and every child of regcon (a command's leader, and
// with adoptOrphans() every process that left its group and was orphaned),
// removes the registered folders and files, and then dies of the same
// signal, so the parent sees what ended regcon.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <mutex>
#include <string>

namespace regcon::kit {

// Arms a free slot so that a signal unlinks `path` (a file) or removes it
// with everything under it (a folder). Returns the slot, or -1 when every
// slot is taken or the path is too long (then only the normal ways out
// remove it).
int removeFileOnSignal(const std::string& path);
int removeFolderOnSignal(const std::string& path);
// Holds back SIGINT, SIGTERM and SIGHUP for its lifetime (this thread), so
// that a path created and then armed cannot be left behind by a signal that
// comes in between: it is handled once the path is armed.
class CleanupSignalsHeld {
 public:
  CleanupSignalsHeld();
  ~CleanupSignalsHeld();
  CleanupSignalsHeld(const CleanupSignalsHeld&) = delete;
  CleanupSignalsHeld& operator=(const CleanupSignalsHeld&) = delete;

 private:
  sigset_t previous_;
};

// Frees the slot (after the path was removed or put in place); sets it to -1.
void disarmRemoval(int& slot);

// The process group of a command under test, killed by the handler.
void registerProcessGroup(pid_t group);
void unregisterProcessGroup(pid_t group);

// Makes regcon the subreaper of everything it starts
// (PR_SET_CHILD_SUBREAPER): a process that leaves its command's group
// (setsid, a double fork) and whose parent dies becomes regcon's child, so
// sweepOrphans() and the signal handler find it. Called once by main() for
// the kit's commands; a library caller decides for its own process.
void adoptOrphans();

// Kills and reaps every child of this process that is not the leader of a
// registered process group (and its own group), until none is left. Does
// nothing unless adoptOrphans() was called: a library user's other children
// are not regcon's to kill.
void sweepOrphans();

// Held from before a command's fork until its leader is registered (and
// by sweepOrphans()), so a sweep never takes a leader not registered yet.
std::unique_lock<std::mutex> lockChildren();

// True once a signal handler has started the clean-up: no new command may
// be started.
bool cleanupStarted();

}  // namespace regcon::kit
