// The process runner under `conform` and `suite` (kit/process.h): exit
// codes, signals, the deadline, the output cap, the stderr tail and the
// line-by-line dialogue of batch mode, each with a shell one-liner.
#include <gtest/gtest.h>
#include <signal.h>

#include "kit/process.h"

namespace regcon::kit {
namespace {

using namespace std::chrono_literals;

ProcessLimits limitsWithTimeout(std::chrono::milliseconds timeout) {
  ProcessLimits limits;
  limits.timeout = timeout;
  return limits;
}

TEST(Process, CapturesStandardOutputAndExitCode) {
  const ProcessResult r = runShellCommand("printf 'a\\nb'; exit 3", {});
  EXPECT_EQ(r.output, "a\nb");
  EXPECT_EQ(r.exit.exitCode, 3);
  EXPECT_EQ(r.exit.signal, 0);
  EXPECT_FALSE(r.timedOut);
  EXPECT_FALSE(r.outputTooLarge);
}

TEST(Process, KeepsOnlyTheTailOfStandardError) {
  ProcessLimits limits;
  limits.stderrTailBytes = 8;
  const ProcessResult r =
      runShellCommand("printf 'early-lines-then-last' >&2", limits);
  EXPECT_EQ(r.stderrTail, "hen-last");
  EXPECT_EQ(r.exit.exitCode, 0);
}

TEST(Process, ReportsTheSignalThatEndedTheCommand) {
  // `exec` so the signal reaches the shell itself, not a child of it.
  const ProcessResult r = runShellCommand("exec kill -SEGV $$", {});
  EXPECT_EQ(r.exit.signal, SIGSEGV);
  EXPECT_EQ(r.exit.exitCode, -1);
}

TEST(Process, MissingCommandExitsWith127) {
  const ProcessResult r = runShellCommand("/nonexistent/port a b", {});
  EXPECT_EQ(r.exit.exitCode, 127);
  EXPECT_NE(r.stderrTail.find("nonexistent"), std::string::npos)
      << r.stderrTail;
}

TEST(Process, KillsTheWholeGroupAtTheDeadline) {
  // The background sleep holds stdout open: only killing the group ends it.
  const auto start = Clock::now();
  const ProcessResult r = runShellCommand("sleep 30 & sleep 30; echo late",
                                          limitsWithTimeout(300ms));
  EXPECT_TRUE(r.timedOut);
  EXPECT_EQ(r.exit.signal, SIGKILL);
  EXPECT_EQ(r.output, "");
  EXPECT_LT(Clock::now() - start, 10s);
}

TEST(Process, StopsReadingPastTheOutputCap) {
  ProcessLimits limits;
  limits.maxOutputBytes = 1000;
  const ProcessResult r = runShellCommand("exec yes", limits);
  EXPECT_TRUE(r.outputTooLarge);
  EXPECT_FALSE(r.timedOut);
  EXPECT_EQ(r.exit.signal, SIGKILL);
}

TEST(Process, OutputExactlyAtTheCapIsAccepted) {
  ProcessLimits limits;
  limits.maxOutputBytes = 4;
  const ProcessResult r = runShellCommand("printf 1234", limits);
  EXPECT_FALSE(r.outputTooLarge);
  EXPECT_EQ(r.output, "1234");
}

TEST(Process, ArgumentsSurviveShellQuoting) {
  const std::string odd = "it's a $HOME `x` \"y\" \\ file";
  const ProcessResult r = runShellCommand("printf %s " + shellQuote(odd), {});
  EXPECT_EQ(r.output, odd);
}

TEST(Process, DialoguesLineByLine) {
  ChildProcess child("while read -r line; do echo \"got $line\"; done", 100);
  const auto deadline = Clock::now() + 10s;
  std::string line;
  for (const std::string request : {"one", "two"}) {
    ASSERT_TRUE(child.write(request + "\n", deadline));
    ASSERT_EQ(child.readLine(line, deadline, 100),
              ChildProcess::ReadStatus::Done);
    EXPECT_EQ(line, "got " + request);
  }
  child.closeInput();
  EXPECT_EQ(child.readLine(line, deadline, 100),
            ChildProcess::ReadStatus::EndOfOutput);
  const auto exit = child.wait(deadline);
  ASSERT_TRUE(exit.has_value());
  EXPECT_EQ(exit->exitCode, 0);
}

TEST(Process, LineDialogueTimesOutAndKills) {
  ChildProcess child("read -r line; sleep 30", 100);
  ASSERT_TRUE(child.write("x\n", Clock::now() + 10s));
  std::string line;
  EXPECT_EQ(child.readLine(line, Clock::now() + 200ms, 100),
            ChildProcess::ReadStatus::Timeout);
  EXPECT_EQ(child.kill().signal, SIGKILL);
}

TEST(Process, OverlongLineIsTooLarge) {
  ChildProcess child("exec yes abcdefghij", 100);
  std::string line;
  EXPECT_EQ(child.readLine(line, Clock::now() + 10s, 5),
            ChildProcess::ReadStatus::TooLarge);
}

TEST(Process, WritingToACommandThatExitedFailsWithoutEndingTheRunner) {
  ChildProcess child("exit 0", 100);
  ASSERT_TRUE(child.wait(Clock::now() + 10s).has_value());
  // A pipe buffer's worth so the write cannot just sit in the pipe.
  const std::string big(1 << 20, 'x');
  EXPECT_FALSE(child.write(big, Clock::now() + 10s));
}

}  // namespace
}  // namespace regcon::kit
