// Running a foreign command with bounds: a deadline (the whole process group
// is killed when it passes), a cap on standard output, and the tail of
// standard error kept for the report. POSIX fork/exec/poll, no threads: one
// poll loop drains stdout and stderr together, so neither pipe can fill and
// stall the command.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace regcon::kit {

using Clock = std::chrono::steady_clock;

// No process could be started for the command: regcon ran out of pipes or
// processes (a resource limit of its own), not the command's fault. A suite
// reports the case as not-run and goes on.
class CommandNotStarted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Single quotes keep every byte of an argument literal for /bin/sh.
std::string shellQuote(const std::string& text);

struct ProcessLimits {
  std::chrono::milliseconds timeout{30'000};
  size_t maxOutputBytes = size_t{256} << 20;
  size_t stderrTailBytes = 4096;
};

// How a command ended. Exactly one of: it exited (exitCode ≥ 0), a signal
// ended it (signal > 0), or we ended it (timedOut or outputTooLarge, after
// which exitCode and signal describe our kill).
struct ProcessExit {
  int exitCode = -1;
  int signal = 0;
};

struct ProcessResult {
  std::string output;      // standard output, at most maxOutputBytes
  std::string stderrTail;  // the last stderrTailBytes of standard error
  ProcessExit exit;
  bool timedOut = false;
  bool outputTooLarge = false;
  double seconds = 0;
};

// The limits of `--timeout SECONDS` and `--max-output-mb N`, checked once
// for every kit command (`who` names it in the message): 0 < SECONDS ≤ 86400
// (so the deadline never overflows), 1 ≤ N ≤ 1048576. Throws InputError.
ProcessLimits checkedLimits(std::string_view who, double timeoutSeconds,
                            size_t maxOutputMb);

// Runs `/bin/sh -c commandLine` with standard input from /dev/null.
// Throws CommandNotStarted when no process can be started at all.
ProcessResult runShellCommand(const std::string& commandLine,
                              const ProcessLimits& limits);

// A running `/bin/sh -c commandLine` with pipes on all three streams, in a
// process group of its own so a timeout ends its children too. The group
// is registered with kit/cleanup.h, so regcon's own SIGINT, SIGTERM or
// SIGHUP kills it. The destructor kills the group and reaps the process if
// it still runs.
class ChildProcess {
 public:
  ChildProcess(const std::string& commandLine, size_t stderrTailBytes);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  enum class ReadStatus { Done, EndOfOutput, Timeout, TooLarge };

  // Writes all of `text` to the command's standard input. False when the
  // command no longer reads it (closed, exited) or the deadline passed.
  bool write(std::string_view text, Clock::time_point deadline);
  void closeInput();
  // Reads one line (without its '\n') into `line`. Done: a whole line;
  // EndOfOutput: the command closed its standard output first (`line` holds
  // what came before); TooLarge: the line passed maxBytes.
  ReadStatus readLine(std::string& line, Clock::time_point deadline,
                      size_t maxBytes);
  // True when the command has written past the line last returned: in batch
  // mode, more than one answer to one request.
  bool hasUnreadOutput();
  // Reads standard output until the command closes it, or until the
  // command has exited and its group is ended.
  ReadStatus readToEnd(std::string& output, Clock::time_point deadline,
                       size_t maxBytes);
  // Waits for the command to exit; nullopt when the deadline passes first
  // (the command still runs: call kill()). Returns the same exit when
  // called again.
  std::optional<ProcessExit> wait(Clock::time_point deadline);
  // SIGKILL to the whole process group, then reaps the command. wait() and
  // the readers do the same once the command exits on its own: nothing it
  // started outlives its answer.
  ProcessExit kill();

  std::string stderrTail() const { return stderrTail_; }
  // The tail so far, forgotten: batch mode keeps each case's stderr apart.
  std::string takeStderrTail() { return std::exchange(stderrTail_, {}); }

 private:
  // Polls `fd` for `events` while draining standard error; false when the
  // deadline passes first.
  bool pollUntil(int fd, short events, Clock::time_point deadline);
  bool pollOnce(int fd, short events, int milliseconds);
  bool awaitOutput(Clock::time_point deadline);
  void drainAfterExit(Clock::time_point until);
  bool leaderExited();
  void endGroup();
  // Appends what one read() gives; false at end of file.
  bool drainOutputOnce();
  // Appends what one read() of stderr gives; false when nothing came.
  bool drainStderr();
  void keepStderrTail(std::string_view text);
  bool reapIfExited();

  int pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  int errors_ = -1;
  std::string pending_;  // stdout read but not yet returned
  size_t scanned_ = 0;   // bytes of pending_ known to hold no '\n'
  std::string stderrTail_;
  size_t stderrTailBytes_;
  bool reaped_ = false;
  ProcessExit exit_;
};

}  // namespace regcon::kit
