#include "kit/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "core/types.h"
#include "kit/cleanup.h"

extern char** environ;

namespace regcon::kit {
namespace {

constexpr size_t kReadChunk = 65536;
// How often a reader or wait() looks whether the command has exited while
// it has nothing to read.
constexpr int kReapPollMs = 5;
// Once the command has exited and its group is killed, what is left in its
// pipes is read for this long at most (a process that escaped the group
// may still hold them open).
constexpr auto kDrainGrace = std::chrono::milliseconds(500);

std::string systemError(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

// A write to a pipe whose reader has gone must fail with EPIPE, not end the
// runner: the command under test may exit before reading its input.
void ignoreSigpipeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, nullptr);
  });
}

struct Pipe {
  int read = -1;
  int write = -1;
};

// O_CLOEXEC: a command started by another job must not inherit this pipe,
// or its end of file would wait for that command too.
Pipe makePipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    throw CommandNotStarted(systemError("cannot create a pipe"));
  }
  return {fds[0], fds[1]};
}

// The command's three pipes, or none: a failure closes those already made,
// so a run short of file descriptors does not leak more of them.
std::array<Pipe, 3> makePipes() {
  std::array<Pipe, 3> pipes;
  for (size_t i = 0; i < pipes.size(); ++i) {
    try {
      pipes[i] = makePipe();
    } catch (...) {
      for (size_t j = 0; j < i; ++j) {
        ::close(pipes[j].read);
        ::close(pipes[j].write);
      }
      throw;
    }
  }
  return pipes;
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void setNonBlocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int millisecondsUntil(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - Clock::now());
  return static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 60'000));
}

// Runs in the forked child: only async-signal-safe calls until exec.
[[noreturn]] void execShell(char* const argv[], const Pipe& in, const Pipe& out,
                            const Pipe& err) {
  ::setpgid(0, 0);
  struct sigaction defaultAction {};
  defaultAction.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &defaultAction, nullptr);
  ::dup2(in.read, STDIN_FILENO);
  ::dup2(out.write, STDOUT_FILENO);
  ::dup2(err.write, STDERR_FILENO);
  ::execve("/bin/sh", argv, environ);
  _exit(127);
}

ProcessExit exitFromStatus(int status) {
  ProcessExit exit;
  if (WIFEXITED(status)) exit.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) exit.signal = WTERMSIG(status);
  return exit;
}

}  // namespace

ProcessLimits checkedLimits(std::string_view who, double timeoutSeconds,
                            size_t maxOutputMb) {
  constexpr double kMaxTimeoutSeconds = 86400;
  constexpr size_t kMaxOutputMb = size_t{1} << 20;
  const std::string name(who);
  if (!(timeoutSeconds > 0 && timeoutSeconds <= kMaxTimeoutSeconds)) {
    throw InputError(name +
                     ": --timeout must be more than 0 and at most 86400 s");
  }
  if (maxOutputMb < 1 || maxOutputMb > kMaxOutputMb) {
    throw InputError(name + ": --max-output-mb must be between 1 and 1048576");
  }
  ProcessLimits limits;
  limits.timeout =
      std::chrono::milliseconds(static_cast<long long>(timeoutSeconds * 1000));
  limits.maxOutputBytes = maxOutputMb << 20;
  return limits;
}

std::string shellQuote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

ChildProcess::ChildProcess(const std::string& commandLine,
                           size_t stderrTailBytes)
    : stderrTailBytes_(stderrTailBytes) {
  ignoreSigpipeOnce();
  const auto [in, out, err] = makePipes();
  std::string shell = "sh";
  std::string dashC = "-c";
  std::string command = commandLine;
  char* const argv[] = {shell.data(), dashC.data(), command.data(), nullptr};
  std::unique_lock children = lockChildren();
  if (cleanupStarted()) {
    for (int fd : {in.read, in.write, out.read, out.write, err.read, err.write})
      ::close(fd);
    throw std::runtime_error("regcon is ending: no command is started");
  }
  pid_ = ::fork();
  if (pid_ == 0) execShell(argv, in, out, err);
  const int forkErrno = errno;
  for (int fd : {in.read, out.write, err.write}) ::close(fd);
  input_ = in.write;
  output_ = out.read;
  errors_ = err.read;
  if (pid_ < 0) {
    closeFd(input_);
    closeFd(output_);
    closeFd(errors_);
    errno = forkErrno;
    throw CommandNotStarted(systemError("cannot start /bin/sh"));
  }
  // Also here, so the group exists before any kill() (the child may not
  // have run yet); EACCES once it has exec'd is harmless.
  ::setpgid(pid_, pid_);
  registerProcessGroup(pid_);
  children.unlock();
  for (int fd : {input_, output_, errors_}) setNonBlocking(fd);
}

ChildProcess::~ChildProcess() {
  if (!reaped_) kill();
  closeFd(input_);
  closeFd(output_);
  closeFd(errors_);
}

bool ChildProcess::pollUntil(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    if (pollOnce(fd, events, millisecondsUntil(deadline))) return true;
    if (Clock::now() >= deadline) return false;
  }
}

bool ChildProcess::pollOnce(int fd, short events, int milliseconds) {
  pollfd fds[2] = {{fd, events, 0}, {errors_, POLLIN, 0}};
  const nfds_t count = errors_ >= 0 ? 2 : 1;
  const int ready = ::poll(fds, count, milliseconds);
  if (ready < 0 && errno != EINTR) {
    throw std::runtime_error(systemError("poll"));
  }
  if (count == 2 && fds[1].revents != 0) drainStderr();
  return fds[0].revents != 0;
}

// Waits for standard output to be readable. When the command exits first,
// its group is ended and what its pipes still hold is read (for a short
// grace: an escaped process may keep them open); then standard output is
// closed and the caller sees the end of the output.
bool ChildProcess::awaitOutput(Clock::time_point deadline) {
  while (output_ >= 0) {
    if (Clock::now() >= deadline) return false;
    const int slice = std::min(kReapPollMs, millisecondsUntil(deadline));
    if (pollOnce(output_, POLLIN, slice)) return true;
    if (reaped_ || !leaderExited()) continue;
    endGroup();
    drainAfterExit(std::min(deadline, Clock::now() + kDrainGrace));
  }
  return true;
}

void ChildProcess::drainAfterExit(Clock::time_point until) {
  while (output_ >= 0 && pollUntil(output_, POLLIN, until)) {
    drainOutputOnce();
  }
  closeFd(output_);
  while (errors_ >= 0) {
    pollfd fds[1] = {{errors_, POLLIN, 0}};
    if (::poll(fds, 1, millisecondsUntil(until)) <= 0 || !drainStderr()) break;
  }
}

bool ChildProcess::drainStderr() {
  char buffer[kReadChunk];
  const ssize_t got = ::read(errors_, buffer, sizeof buffer);
  if (got > 0) {
    keepStderrTail(std::string_view(buffer, static_cast<size_t>(got)));
    return true;
  }
  if (got == 0 || (errno != EAGAIN && errno != EINTR)) closeFd(errors_);
  return false;
}

void ChildProcess::keepStderrTail(std::string_view text) {
  stderrTail_.append(text);
  if (stderrTail_.size() > stderrTailBytes_) {
    stderrTail_.erase(0, stderrTail_.size() - stderrTailBytes_);
  }
}

bool ChildProcess::drainOutputOnce() {
  char buffer[kReadChunk];
  const ssize_t got = ::read(output_, buffer, sizeof buffer);
  if (got > 0) {
    pending_.append(buffer, static_cast<size_t>(got));
    return true;
  }
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
  closeFd(output_);
  return false;
}

bool ChildProcess::write(std::string_view text, Clock::time_point deadline) {
  while (!text.empty()) {
    if (input_ < 0 || !pollUntil(input_, POLLOUT, deadline)) return false;
    const ssize_t put = ::write(input_, text.data(), text.size());
    if (put < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (put < 0) {
      closeFd(input_);  // EPIPE: the command stopped reading
      return false;
    }
    text.remove_prefix(static_cast<size_t>(put));
  }
  return true;
}

void ChildProcess::closeInput() {
  closeFd(input_);
}

// Each byte is searched for '\n' once (scanned_ remembers how far), so an
// endless line costs linear time; the deadline is checked on every read,
// so a command that never stops writing still times out.
ChildProcess::ReadStatus ChildProcess::readLine(std::string& line,
                                                Clock::time_point deadline,
                                                size_t maxBytes) {
  for (;;) {
    const size_t newline = pending_.find('\n', scanned_);
    if (newline != std::string::npos && newline <= maxBytes) {
      if (newline + 1 == pending_.size()) {
        // The usual case, one whole line read: taken without a copy.
        pending_.pop_back();
        line = std::move(pending_);
        pending_.clear();
      } else {
        line.assign(pending_, 0, newline);
        pending_.erase(0, newline + 1);
      }
      scanned_ = 0;
      return ReadStatus::Done;
    }
    scanned_ = pending_.size();
    if (pending_.size() > maxBytes) return ReadStatus::TooLarge;
    if (output_ < 0) {
      line = std::move(pending_);
      pending_.clear();
      scanned_ = 0;
      return ReadStatus::EndOfOutput;
    }
    if (!awaitOutput(deadline)) return ReadStatus::Timeout;
    if (output_ >= 0) drainOutputOnce();
  }
}

bool ChildProcess::hasUnreadOutput() {
  if (!pending_.empty()) return true;
  if (output_ < 0 || !pollOnce(output_, POLLIN, 0)) return false;
  return drainOutputOnce() && !pending_.empty();
}

ChildProcess::ReadStatus ChildProcess::readToEnd(std::string& output,
                                                 Clock::time_point deadline,
                                                 size_t maxBytes) {
  while (output_ >= 0) {
    if (pending_.size() > maxBytes) return ReadStatus::TooLarge;
    if (!awaitOutput(deadline)) return ReadStatus::Timeout;
    if (output_ >= 0) drainOutputOnce();
  }
  if (pending_.size() > maxBytes) return ReadStatus::TooLarge;
  output = std::move(pending_);
  pending_.clear();
  return ReadStatus::EndOfOutput;
}

// Looks without reaping (WNOWAIT): while the leader is an unreaped zombie
// its pid cannot be reused, so killing its group cannot hit a stranger.
bool ChildProcess::leaderExited() {
  siginfo_t info{};
  int got = 0;
  do {
    got = ::waitid(P_PID, static_cast<id_t>(pid_), &info,
                   WEXITED | WNOHANG | WNOWAIT);
  } while (got < 0 && errno == EINTR);
  return got == 0 && info.si_pid == pid_;
}

// The command has answered or is being stopped: whatever it left running
// in its group dies with it, then the leader is reaped and any process
// that escaped the group and was orphaned is swept (kit/cleanup.h).
void ChildProcess::endGroup() {
  if (reaped_) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);  // in case the group was never formed
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  exit_ = exitFromStatus(status);
  reaped_ = true;
  unregisterProcessGroup(pid_);
  sweepOrphans();
}

bool ChildProcess::reapIfExited() {
  if (reaped_) return true;
  if (!leaderExited()) return false;
  endGroup();
  return true;
}

std::optional<ProcessExit> ChildProcess::wait(Clock::time_point deadline) {
  while (!reapIfExited()) {
    if (Clock::now() >= deadline) return std::nullopt;
    // Keep reading stderr meanwhile: a full pipe would stall the command.
    pollfd fds[1] = {{errors_, POLLIN, 0}};
    const int timeout = std::min(kReapPollMs, millisecondsUntil(deadline));
    if (::poll(fds, errors_ >= 0 ? 1 : 0, timeout) > 0) drainStderr();
  }
  // What the command wrote to stderr just before exiting is the most useful;
  // take what is there without waiting for a child that still holds it.
  while (errors_ >= 0 && drainStderr()) {
  }
  return exit_;
}

ProcessExit ChildProcess::kill() {
  endGroup();
  closeFd(input_);
  closeFd(output_);
  return exit_;
}

ProcessResult runShellCommand(const std::string& commandLine,
                              const ProcessLimits& limits) {
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + limits.timeout;
  ProcessResult result;
  ChildProcess child(commandLine, limits.stderrTailBytes);
  child.closeInput();
  const auto read =
      child.readToEnd(result.output, deadline, limits.maxOutputBytes);
  std::optional<ProcessExit> exit;
  if (read == ChildProcess::ReadStatus::EndOfOutput)
    exit = child.wait(deadline);
  result.outputTooLarge = read == ChildProcess::ReadStatus::TooLarge;
  result.timedOut = !exit && !result.outputTooLarge;
  result.exit = exit ? *exit : child.kill();
  result.stderrTail = child.stderrTail();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace regcon::kit
