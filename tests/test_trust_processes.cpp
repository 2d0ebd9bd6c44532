// The kit against commands that misbehave as processes, run on the real
// binary: commands that leave children behind (in their group, and escaped
// from it with setsid), regcon itself ended by SIGINT, SIGTERM or SIGHUP
// while a command runs, scratch folders another user created first, batch
// commands that answer twice or write one endless line, and limits that
// would overflow a deadline. Each test asserts the exit status, the files on
// disk and that no process of the command under test is alive afterwards.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "kit/process.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;
using namespace std::chrono_literals;

const std::string& kChf = testing::kHoleChf;
const std::string& kSettings = testing::kHoleSettings;
constexpr const char* kTwoCases = "vector/hole-7x7,vector/monotone-u-5x3";

// Alive: it exists and is not a zombie (a zombie has ended; only its exit
// status waits to be read).
bool alive(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const size_t close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() &&
         text[close + 2] != 'Z';
}

// The pids written one a line into the files of `folder` named *.pid.
std::vector<long> recordedPids(const fs::path& folder) {
  std::vector<long> pids;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".pid") continue;
    std::ifstream in(entry.path());
    for (long pid = 0; in >> pid;) pids.push_back(pid);
  }
  return pids;
}

// How regcon ended, run with argv `args` and TMPDIR set to `tmp`.
struct Ended {
  pid_t pid = -1;
  int status = 0;
};

// regcon starts with SIGINT, SIGTERM and SIGHUP at their default action and
// unblocked, whatever this process inherited (a background job of a shell
// without job control ignores SIGINT), but for those in `ignored`.
pid_t spawnRegcon(const std::vector<std::string>& args, const fs::path& tmp,
                  const fs::path& output,
                  const std::vector<int>& ignored = {}) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    struct sigaction action {};
    for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
      action.sa_handler = std::count(ignored.begin(), ignored.end(), signal)
                              ? SIG_IGN
                              : SIG_DFL;
      ::sigaction(signal, &action, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::setenv("TMPDIR", tmp.c_str(), 1);
    const int fd = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    std::vector<char*> argv;
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(kRegcon.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

// Waits at most `limit` for `pid`; kills it when the limit passes (the
// test then fails on the status).
int waitFor(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(10ms);
  }
  return status;
}

bool waitForFile(const fs::path& file, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!fs::exists(file) || fs::file_size(file) == 0) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

std::vector<std::string> entriesOf(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class TrustProcesses : public testing::TestDirectory {
 public:
  TrustProcesses() : TestDirectory("regcon_test_trust_processes") {}
  using TestDirectory::path;

  void SetUp() override {
    TestDirectory::SetUp();
    fs::create_directories(path("pids"));
    fs::create_directories(path("tmp"));
    ::setenv("REGCON", kRegcon.c_str(), 1);
    ::setenv("PIDS", path("pids").c_str(), 1);
    // regcon's scratch folders go to tmp/, where the tests look for them.
    const char* tmpdir = std::getenv("TMPDIR");
    savedTmpdir_ = tmpdir ? tmpdir : "";
    ::setenv("TMPDIR", path("tmp").c_str(), 1);
  }

  // A fake port: a shell script; $1 is the heightfield, $2 the settings.
  std::string port(const std::string& name, const std::string& body) {
    return testing::writePort(path(""), name, body);
  }

  // Runs regcon through the shell (TMPDIR=tmp/); the exit code.
  int regcon(const std::string& args) {
    return testing::runRegcon(args, path("stdout.txt"), path("stderr.txt"));
  }

  std::string out() { return readText(path("stdout.txt")); }
  std::string err() { return readText(path("stderr.txt")); }

  void expectNoneAlive() {
    const std::vector<long> pids = recordedPids(path("pids"));
    EXPECT_FALSE(pids.empty()) << "the port recorded no process";
    for (long pid : pids) EXPECT_FALSE(alive(pid)) << "still running: " << pid;
  }

  void TearDown() override {
    for (long pid : recordedPids(path("pids"))) ::kill(pid, SIGKILL);
    if (savedTmpdir_.empty()) {
      ::unsetenv("TMPDIR");
    } else {
      ::setenv("TMPDIR", savedTmpdir_.c_str(), 1);
    }
    TestDirectory::TearDown();
  }

 private:
  std::string savedTmpdir_;
};

// A correct port that leaves two sleepers behind: one in its own process
// group holding standard output open, one escaped with setsid. Each
// appends its pid to $PIDS/<name>.pid.
constexpr const char* kLeavesChildren =
    "sleep 300 &\necho $! >> \"$PIDS/group.pid\"\n"
    "setsid sh -c 'echo $$ >> \"$PIDS/escaped.pid\"; exec sleep 300' "
    "</dev/null >/dev/null 2>&1 &\n"
    "while [ ! -s \"$PIDS/escaped.pid\" ]; do sleep 0.01; done\n"
    "exec \"$REGCON\" run \"$1\" \"$2\"";

TEST_F(TrustProcesses, ConformEndsWhatAPassingCommandLeftRunning) {
  const std::string command = port("leaves", kLeavesChildren);
  const int exitCode =
      regcon("conform " + shellQuote(command) + " " + shellQuote(kChf) + " " +
             shellQuote(kSettings) + " --timeout 20");
  // The sleeper holding standard output open must not turn a pass into a
  // timeout: the answer is complete when the command exits.
  EXPECT_EQ(exitCode, 0) << out() << err();
  EXPECT_NE(out().find("conforms"), std::string::npos) << out();
  expectNoneAlive();
}

TEST_F(TrustProcesses, SuiteEndsWhatEveryCaseLeftRunning) {
  const std::string command = port("leaves", kLeavesChildren);
  const int exitCode =
      regcon("suite " + shellQuote(command) + " --suite " +
             shellQuote(kShippedSuite) + " --filter " + kTwoCases +
             " --jobs 2 --timeout 20 --json " + shellQuote(path("r.json")));
  EXPECT_EQ(exitCode, 0) << out() << err();
  const json report = json::parse(readText(path("r.json")));
  for (const json& c : report["cases"]) EXPECT_EQ(c["status"], "pass") << c;
  EXPECT_EQ(recordedPids(path("pids")).size(), 4u);
  expectNoneAlive();
}

TEST_F(TrustProcesses, ShrinkEndsWhatAFailingCommandLeftRunning) {
  // Exit 3 on every run: a rejection, shrunk to the smallest field.
  const std::string command =
      port("rejects",
           "sleep 300 >/dev/null 2>&1 &\necho $! >> \"$PIDS/group.pid\"\n"
           "setsid sh -c 'echo $$ >> \"$PIDS/escaped.pid\"; exec sleep 300' "
           "</dev/null >/dev/null 2>&1 &\nsleep 0.05\nexit 3");
  const int exitCode =
      regcon("shrink " + shellQuote(command) + " " + shellQuote(kChf) + " " +
             shellQuote(kSettings) + " -o " + shellQuote(path("shrunk")) +
             " --max-runs 5");
  EXPECT_EQ(exitCode, 5) << out() << err();
  EXPECT_NE(out().find("disagreement: rejected (exit 3)"), std::string::npos)
      << out();
  expectNoneAlive();
  EXPECT_EQ(entriesOf(path("tmp")), std::vector<std::string>{});
}

// A port that puts FIFOs where the next cases' documents will go, in the
// folder of the documents it is given: regcon makes each document anew and
// never opens what stood there, so the shrink does not wait forever.
TEST_F(TrustProcesses, FifosPlantedForTheNextCasesAreNeverOpened) {
  const std::string command = port(
      "plants",
      "d=$(dirname \"$1\")\ni=1\nwhile [ $i -le 40 ]; do\n"
      "  for f in \"$d/case-$i.chf.json\" \"$d/case-$i.settings.json\"; do\n"
      "    [ -e \"$f\" ] || mkfifo \"$f\"\n  done\n  i=$((i+1))\ndone\n"
      "exit 3");
  const pid_t pid =
      spawnRegcon({kRegcon, "shrink", command, kChf, kSettings, "-o",
                   path("shrunk").string(), "--max-runs", "5"},
                  path("tmp"), path("output.txt"));
  // A hang detector, not a benchmark.
  const int status = waitFor(pid, 60s);
  ASSERT_TRUE(WIFEXITED(status)) << "still running after 60 s";
  EXPECT_EQ(WEXITSTATUS(status), 5) << readText(path("output.txt"));
  EXPECT_NE(readText(path("output.txt")).find("rejected (exit 3)"),
            std::string::npos);
  EXPECT_EQ(entriesOf(path("tmp")), std::vector<std::string>{});
}

// regcon ended by a signal while a command runs: the command's processes
// die, the scratch folders go, and regcon dies of the same signal.
// `signal` to regcon (pid): it dies of that signal, and every process its
// command recorded under ROOT/pids dies with it.
void expectEndsWithItsCommand(pid_t pid, const fs::path& root, int signal) {
  ::kill(pid, signal);
  const int status = waitFor(pid, 30s);
  ASSERT_TRUE(WIFSIGNALED(status)) << status << readText(root / "output.txt");
  EXPECT_EQ(WTERMSIG(status), signal);
  std::this_thread::sleep_for(50ms);  // SIGKILL is delivered, not awaited
  for (long child : recordedPids(root / "pids")) {
    EXPECT_FALSE(alive(child)) << "still running: " << child;
  }
}

void expectSignalCleansUp(const fs::path& root,
                          const std::vector<std::string>& args, int signal) {
  const pid_t pid = spawnRegcon(args, root / "tmp", root / "output.txt");
  ASSERT_TRUE(waitForFile(root / "pids/hang.pid", 30s))
      << readText(root / "output.txt");
  expectEndsWithItsCommand(pid, root, signal);
  EXPECT_EQ(entriesOf(root / "tmp"), std::vector<std::string>{});
}

// A port that hangs: it records its shell, a child in its group and an
// escaped one, then waits forever.
constexpr const char* kHangs =
    "sleep 300 &\necho $! >> \"$PIDS/group.pid\"\n"
    "setsid sh -c 'echo $$ >> \"$PIDS/escaped.pid\"; exec sleep 300' "
    "</dev/null >/dev/null 2>&1 &\n"
    "while [ ! -s \"$PIDS/escaped.pid\" ]; do sleep 0.01; done\n"
    "echo $$ >> \"$PIDS/hang.pid\"\nwait";

TEST_F(TrustProcesses, ASignalToShrinkEndsTheCommandAndRemovesItsScratch) {
  const std::string command = port("hangs", kHangs);
  for (int signal : {SIGTERM, SIGINT, SIGHUP}) {
    SCOPED_TRACE(strsignal(signal));
    fs::remove_all(path("pids"));
    fs::create_directories(path("pids"));
    expectSignalCleansUp(path(""),
                         {kRegcon, "shrink", command, kChf, kSettings, "-o",
                          path("shrunk").string(), "--timeout", "100"},
                         signal);
  }
}

// Started with SIGHUP ignored (nohup), regcon keeps it ignored: the hang-up
// neither ends it nor its command; SIGTERM still cleans up.
TEST_F(TrustProcesses, ASignalIgnoredAtStartStaysIgnored) {
  const std::string command = port("hangs", kHangs);
  const pid_t pid =
      spawnRegcon({kRegcon, "shrink", command, kChf, kSettings, "-o",
                   path("shrunk").string(), "--timeout", "100"},
                  path("tmp"), path("output.txt"), {SIGHUP});
  ASSERT_TRUE(waitForFile(path("pids/hang.pid"), 30s))
      << readText(path("output.txt"));
  ::kill(pid, SIGHUP);
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(::waitpid(pid, nullptr, WNOHANG), 0) << "ended by SIGHUP";
  for (long child : recordedPids(path("pids"))) {
    EXPECT_TRUE(alive(child)) << "ended by SIGHUP: " << child;
  }
  expectEndsWithItsCommand(pid, path(""), SIGTERM);
  EXPECT_EQ(entriesOf(path("tmp")), std::vector<std::string>{});
}

// A port that makes a folder tree deeper than the signal handler walks
// (16 levels) in the folder of its documents: the handler removes what it
// can and regcon still dies of the signal, never spinning on what stays.
TEST_F(TrustProcesses, ASignalEndsRegconWhateverTreeThePortMadeInScratch) {
  const std::string command =
      port("deep", std::string("mkdir -p \"$(dirname \"$1\")/$(printf "
                               "'a/%.0s' $(seq 1 24))\"\n") +
                       kHangs);
  const pid_t pid =
      spawnRegcon({kRegcon, "shrink", command, kChf, kSettings, "-o",
                   path("shrunk").string(), "--timeout", "100"},
                  path("tmp"), path("output.txt"));
  ASSERT_TRUE(waitForFile(path("pids/hang.pid"), 30s))
      << readText(path("output.txt"));
  expectEndsWithItsCommand(pid, path(""), SIGTERM);
}

TEST_F(TrustProcesses, ASignalToSuiteEndsEveryCommandAndReport) {
  const std::string command = port("hangs", kHangs);
  expectSignalCleansUp(
      path(""),
      {kRegcon, "suite", command, "--suite", kShippedSuite.string(), "--filter",
       kTwoCases, "--jobs", "2", "--timeout", "100", "--json",
       path("r.json").string()},
      SIGTERM);
  EXPECT_FALSE(fs::exists(path("r.json")));
  for (const std::string& name : entriesOf(path(""))) {
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
  }
}

// Another local user creates the scratch folders regcon would have used
// (by pid, as regcon-kit-PID), each with symlinks to a victim's file.
TEST_F(TrustProcesses, PreCreatedScratchFoldersAreNeverUsed) {
  writeText(path("victim.txt"), "the victim's data\n");
  long last = 0;
  std::ifstream("/proc/sys/kernel/ns_last_pid") >> last;
  ASSERT_GT(last, 0);
  for (long pid = last; pid < last + 400; ++pid) {
    const fs::path trap = path("tmp") / ("regcon-kit-" + std::to_string(pid));
    fs::create_directories(trap);
    fs::create_symlink(path("victim.txt"), trap / "case.chf.json");
    fs::create_symlink(path("victim.txt"), trap / "case.settings.json");
  }
  const std::vector<std::string> before = entriesOf(path("tmp"));
  // The port writes where its documents are and that folder's mode.
  const std::string command =
      port("agrees",
           "d=$(dirname \"$1\")\necho \"$d $(stat -c %a \"$d\")\" > "
           "\"$PIDS/../where.txt\"\nexec \"$REGCON\" run \"$1\" \"$2\"");
  const int exitCode =
      regcon("shrink " + shellQuote(command) + " " + shellQuote(kChf) + " " +
             shellQuote(kSettings) + " -o " + shellQuote(path("shrunk")));
  EXPECT_EQ(exitCode, 0) << out() << err();
  EXPECT_EQ(readText(path("victim.txt")), "the victim's data\n");
  const std::string where = readText(path("where.txt"));
  EXPECT_NE(where.find(" 700\n"), std::string::npos) << where;
  EXPECT_EQ(where.rfind(path("tmp").string() + "/regcon-kit-", 0), 0u) << where;
  for (const std::string& trap : before) {
    EXPECT_EQ(where.find("/" + trap + " "), std::string::npos) << where;
  }
  EXPECT_EQ(entriesOf(path("tmp")), before);  // its own folder is gone
}

// A batch port (interchange §7) answering each request with regcon's
// result; `extra` runs after the first answer only.
std::string batchPort(const std::string& extra) {
  return "n=0\nwhile read -r line; do\n  n=$((n+1))\n"
         "  chf=$(echo \"$line\" | sed 's/.*\"chf\":\"\\([^\"]*\\)\".*/\\1/')\n"
         "  settings=$(echo \"$line\" | sed "
         "'s/.*\"settings\":\"\\([^\"]*\\)\".*/\\1/')\n"
         "  answer=$(\"$REGCON\" run \"$chf\" \"$settings\")\n"
         "  echo \"$answer\"\n"
         "  if [ $n -eq 1 ]; then " +
         extra +
         "; fi\n"
         "done\n";
}

json suiteReport(const fs::path& report) {
  return json::parse(readText(report));
}

std::string statusOf(const json& report, const std::string& id) {
  for (const json& c : report["cases"]) {
    if (c["id"] == id) return c["status"];
  }
  return "absent";
}

// A port that takes $TMPDIR away while the suite runs (moved, a file in
// its place): the next case's copies cannot be made (not-run), nor the
// probe's scratch folder (not probed), and both reports are still written.
TEST_F(TrustProcesses, ATmpdirTakenAwayMidRunLosesNoReport) {
  const std::string command =
      port("takes",
           "if [ -d \"$TMPDIR\" ]; then mv \"$TMPDIR\" "
           "\"$TMPDIR.gone\"; touch \"$TMPDIR\"; fi\nkill -SEGV $$");
  const int exitCode = regcon(
      "suite " + shellQuote(command) + " --suite " + shellQuote(kShippedSuite) +
      " --filter " + kTwoCases + " --jobs 1 --json " +
      shellQuote(path("r.json")) + " --junit " + shellQuote(path("r.xml")));
  EXPECT_EQ(exitCode, 4) << out() << err();
  const json report = json::parse(readText(path("r.json")));
  EXPECT_EQ(statusOf(report, "vector/hole-7x7"), "crashed") << report;
  EXPECT_EQ(statusOf(report, "vector/monotone-u-5x3"), "not-run") << report;
  EXPECT_NE(report.dump().find("not probed: cannot make"), std::string::npos)
      << report;
  EXPECT_TRUE(fs::is_regular_file(path("r.xml")));
}

TEST_F(TrustProcesses, ABatchCommandAnsweringTwiceIsOutOfStep) {
  const std::string command = port("twice", batchPort("echo \"$answer\""));
  const int exitCode =
      regcon("suite " + shellQuote(command) + " --batch --jobs 1 --suite " +
             shellQuote(kShippedSuite) + " --filter " + kTwoCases + " --json " +
             shellQuote(path("r.json")));
  EXPECT_EQ(exitCode, 5) << out() << err();
  const json report = suiteReport(path("r.json"));
  // The port answers twice to the first request of every process, and
  // each case is asked again of a process of its own: both are out of
  // step, neither is judged by the other's answer (a mismatch).
  EXPECT_EQ(statusOf(report, "vector/hole-7x7"), "invalid-output") << report;
  EXPECT_EQ(statusOf(report, "vector/monotone-u-5x3"), "invalid-output");
  EXPECT_NE(report.dump().find("more than one line"), std::string::npos);
}

TEST_F(TrustProcesses, ALateSecondAnswerIsNeverTakenForTheNextCase) {
  const std::string command =
      port("late", batchPort("sleep 0.5; echo \"$answer\""));
  const int exitCode =
      regcon("suite " + shellQuote(command) + " --batch --jobs 1 --suite " +
             shellQuote(kShippedSuite) + " --filter " + kTwoCases + " --json " +
             shellQuote(path("r.json")));
  const json report = suiteReport(path("r.json"));
  // The stray line comes after the second request was sent, so it is read
  // as the second case's answer; the third line shows the process out of
  // step, and both cases are asked again, each of a process of its own,
  // where the late line is seen as a second answer.
  EXPECT_EQ(statusOf(report, "vector/hole-7x7"), "invalid-output") << report;
  EXPECT_EQ(statusOf(report, "vector/monotone-u-5x3"), "invalid-output")
      << report;
  EXPECT_EQ(exitCode, 5) << err();
}

// An endless answer line, as fast as the port can write it: read in linear
// time (a search for '\n' from the start of what was read, at every read,
// takes minutes to reach the 256 MiB cap), and with the deadline checked
// while data keeps coming. It ends at the cap or at the 2 s timeout,
// whichever comes first on this machine.
TEST_F(TrustProcesses, AnEndlessBatchLineEndsAtTheTimeoutOrTheCap) {
  const std::string command =
      port("endless",
           "read -r line\nprintf '{\"format\":\"'\nexec tr '\\0' x </dev/zero");
  const pid_t pid = spawnRegcon(
      {kRegcon, "suite", command, "--batch", "--jobs", "1", "--timeout", "2",
       "--suite", kShippedSuite.string(), "--filter", "vector/hole-7x7",
       "--json", path("r.json").string()},
      path("tmp"), path("output.txt"));
  // A hang detector, not a benchmark.
  const int status = waitFor(pid, 30s);
  ASSERT_TRUE(WIFEXITED(status)) << "still reading after 30 s";
  EXPECT_EQ(WEXITSTATUS(status), 5) << readText(path("output.txt"));
  const std::string verdict =
      statusOf(suiteReport(path("r.json")), "vector/hole-7x7");
  EXPECT_TRUE(verdict == "timeout" || verdict == "invalid-output") << verdict;
}

// The peak resident size, in KiB, of `regcon suite PORT --batch` on one
// case, where PORT answers with a result whose unknown key "junk" holds an
// array of `elements` zeros.
long peakOfBatchAnswer(TrustProcesses& test, long elements) {
  const std::string command = test.port(
      "junk" + std::to_string(elements),
      "read -r line\nprintf '{\"format\":\"build3d.result\",\"version\":1,"
      "\"junk\":['\nyes '0,' | head -c " +
          std::to_string(2 * elements) +
          " | tr -d '\\n'\nprintf '0]}\\n'\nwhile read -r line; do :; done");
  // The port answers nothing after its first line, so the blame probes
  // wait for their timeout: a short one keeps the test short.
  const pid_t pid = spawnRegcon(
      {kRegcon, "suite", command, "--batch", "--jobs", "1", "--timeout", "5",
       "--suite", kShippedSuite.string(), "--filter", "vector/hole-7x7",
       "--json", test.path("r.json").string()},
      test.path("tmp"), test.path("output.txt"));
  int status = 0;
  struct rusage usage {};
  EXPECT_EQ(::wait4(pid, &status, 0, &usage), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 5)
      << status << readText(test.path("output.txt"));
  EXPECT_EQ(statusOf(suiteReport(test.path("r.json")), "vector/hole-7x7"),
            "invalid-output");
  return usage.ru_maxrss;
}

// A 10 MB answer line of five million numbers is read in a small multiple
// of its size: no document tree is built for it (one would take 16 bytes a
// number, 80 MB, and twice that while it grows).
TEST_F(TrustProcesses, AHugeBatchAnswerTakesASmallMultipleOfItsSize) {
  const long baseline = peakOfBatchAnswer(*this, 1);
  const long huge = peakOfBatchAnswer(*this, 5'000'000);
  EXPECT_LT(huge - baseline, 50'000) << baseline << " KiB, then " << huge;
}

// A huge {"error": …} is cut in the reports, not copied whole.
TEST_F(TrustProcesses, AHugeErrorMessageIsCapped) {
  const std::string command = port(
      "shouts",
      "read -r line\nprintf '{\"error\": \"'\nhead -c 3000000 /dev/zero | tr "
      "'\\0' e\nprintf '\"}\\n'\nsleep 0.1");
  const int exitCode =
      regcon("suite " + shellQuote(command) + " --batch --jobs 1 --suite " +
             shellQuote(kShippedSuite) + " --filter vector/hole-7x7 --json " +
             shellQuote(path("r.json")));
  EXPECT_EQ(exitCode, 5) << err();
  const std::string text = readText(path("r.json"));
  EXPECT_LT(text.size(), 100'000u);
  EXPECT_NE(text.find("3000000 bytes in all"), std::string::npos);
  EXPECT_LT(out().size(), 100'000u);
}

// Deadlines are computed from a checked timeout: no overflow, one message
// for every kit command.
// A suite from elsewhere may hold a case on which the reference is slow:
// one region with thousands of holes, which the reference joins in time
// quadratic in them (a 256 x 256 field of pillars, 16,129 holes: seconds
// for its stage in a release build, minutes under the sanitizers, and as
// long again for every variant a probe asks). The suite computes what it
// needs beyond the hashes with the optimized implementation, so a port
// that crashes on the case is probed and reported in seconds; `timeout`
// turns a run that takes the reference's time into exit 124.
TEST_F(TrustProcesses, ASuiteCaseSlowForTheReferenceIsProbedInSeconds) {
  const fs::path cases = path("suite/cases");
  fs::create_directories(cases);
  const std::string chf = (cases / "pillars.chf.json").string();
  const std::string settings = (cases / "default.settings.json").string();
  ASSERT_EQ(regcon("gen pillars --size 256 -o " + shellQuote(chf)), 0) << err();
  writeText(settings, R"({"format": "build3d.settings", "version": 1})");
  ASSERT_EQ(regcon("hashes " + shellQuote(chf) + " --settings " +
                   shellQuote(settings) + " --impl optimized"),
            0)
      << err();
  json hashes;
  std::istringstream lines(out());
  for (std::string section, hash; lines >> section >> hash;) {
    hashes[section] = hash;
  }
  const json manifest = {{"suite", "regcon-conformance"},
                         {"version", 1},
                         {"cases",
                          {{{"id", "big/pillars-256"},
                            {"chf", "cases/pillars.chf.json"},
                            {"settings", "cases/default.settings.json"},
                            {"partition", "watershed"},
                            {"hashes", hashes},
                            {"tags", {"watershed"}}}}}};
  writeText(path("suite/manifest.json"), manifest.dump(1));
  const std::string crashing = port("crashing", "kill -SEGV $$");
  const std::string line =
      "timeout 60 " + shellQuote(kRegcon) + " suite " + shellQuote(crashing) +
      " --suite " + shellQuote(path("suite").string()) + " --json " +
      shellQuote(path("r.json").string()) + " >" +
      shellQuote(path("stdout.txt").string()) + " 2>&1 </dev/null";
  const int status = std::system(line.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 5) << "124: timed out\n" << out();
  const json report = json::parse(readText(path("r.json")));
  const json& c = report["cases"][0];
  EXPECT_EQ(c["status"], "crashed") << c;
  // Probed to the end: the blame names a step of §6.
  EXPECT_EQ(c["spec"], "§6") << c;
  EXPECT_NE(out().find("probed: §6"), std::string::npos) << out();
}

TEST_F(TrustProcesses, TimeoutsThatWouldOverflowAreRefused) {
  const std::string command = port("never", "touch \"$PIDS/../ran\"");
  for (const std::string& kit :
       {"fuzz " + shellQuote(command) + " --cases 1",
        "shrink " + shellQuote(command) + " " + shellQuote(kChf) + " " +
            shellQuote(kSettings) + " -o " + shellQuote(path("s")),
        "conform " + shellQuote(command) + " " + shellQuote(kChf) + " " +
            shellQuote(kSettings),
        "suite " + shellQuote(command) + " --suite " +
            shellQuote(kShippedSuite)}) {
    for (const char* timeout : {"1e10", "0", "-1", "nan"}) {
      SCOPED_TRACE(kit + " --timeout " + timeout);
      const int exitCode = regcon(kit + " --timeout " + timeout);
      EXPECT_EQ(exitCode, 2) << err();
      EXPECT_NE(err().find("--timeout must be more than 0 and at most 86400"),
                std::string::npos)
          << err();
    }
  }
  EXPECT_FALSE(fs::exists(path("ran")));
}

// The documents the command is run on are written whole or not at all: a
// file-size limit that cuts them is an error of regcon's (exit 2), never a
// verdict about what the command made of a cut document.
TEST_F(TrustProcesses, AWorkFileCutByAFileSizeLimitIsAnError) {
  const std::string command =
      port("agrees", "exec \"$REGCON\" run \"$1\" \"$2\"");
  // runRegcon puts regcon first: a harmless --version, then the shell's
  // limit (dash counts 512-byte blocks; the heightfield has 927 bytes).
  const int limited = testing::runRegcon(
      "--version >/dev/null; trap '' XFSZ; ulimit -f 1; " +
          shellQuote(kRegcon) + " shrink " + shellQuote(command) + " " +
          shellQuote(kChf) + " " + shellQuote(kSettings) + " -o " +
          shellQuote(path("shrunk")),
      path("stdout.txt"), path("stderr.txt"));
  EXPECT_EQ(limited, 2) << out() << err();
  EXPECT_NE(err().find("case-1.chf.json: File too large"), std::string::npos)
      << err();
  EXPECT_EQ(out().find("disagreement"), std::string::npos) << out();
}

// A port that says it failed on its own (exit 70, or {"crash": …} in
// batch mode) is an internal error, never a rejection: it does not pass a
// must-reject case.
TEST_F(TrustProcesses, APortsOwnFailureIsAnInternalErrorNotARejection) {
  const std::string filter = "vector/hole-7x7,reject/chf-duplicate-key";
  const std::string perProcess =
      port("fails", "echo 'Traceback: boom' >&2\nexit 70");
  const std::string batch =
      port("batchfails",
           "while read -r line; do echo '{\"crash\": \"boom\"}'; done");
  for (const std::string& run :
       {shellQuote(perProcess), shellQuote(batch) + " --batch"}) {
    SCOPED_TRACE(run);
    const int exitCode =
        regcon("suite " + run + " --suite " + shellQuote(kShippedSuite) +
               " --filter " + filter + " --json " + shellQuote(path("r.json")));
    EXPECT_EQ(exitCode, 5) << err();
    const json report = suiteReport(path("r.json"));
    EXPECT_EQ(statusOf(report, "vector/hole-7x7"), "internal-error");
    EXPECT_EQ(statusOf(report, "reject/chf-duplicate-key"), "internal-error");
  }
}

// shrink, fuzz and suite --shrink classify as suite does (one classifier):
// a crash reported by /bin/sh as 128 + N, a command that is not
// executable, one that is missing, and an output past the cap.
TEST_F(TrustProcesses, ShrinkClassifiesAsSuiteDoes) {
  const fs::path plain = path("plain.txt");
  writeText(plain, "not a program\n");
  const struct {
    std::string command;
    std::string key;
  } cases[] = {
      {port("segv", "kill -SEGV $$"), "crashed (signal 11)"},
      {port("segv-child", "sh -c 'kill -SEGV $$'"), "crashed (signal 11)"},
      {shellQuote(plain.string()), "not-found (exit 126)"},
      {shellQuote(path("missing").string()), "not-found (exit 127)"},
      {port("floods", "head -c 3000000 /dev/zero"),
       "invalid-output (past the output cap)"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.command);
    const int exitCode =
        regcon("shrink " + c.command + " " + shellQuote(kChf) + " " +
               shellQuote(kSettings) + " -o " + shellQuote(path("s")) +
               " --max-runs 3 --max-output-mb 1");
    EXPECT_EQ(exitCode, 5) << err();
    EXPECT_NE(out().find("disagreement: " + c.key), std::string::npos) << out();
  }
}

}  // namespace
}  // namespace regcon
