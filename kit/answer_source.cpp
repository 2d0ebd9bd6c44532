#include "kit/answer_source.h"

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interchange/io.h"

namespace regcon::kit {
namespace {

using namespace std::chrono_literals;

// A batch process that closed its output gets this long to report its exit.
constexpr auto kExitGrace = 2s;

class ProcessAnswers : public AnswerSource {
 public:
  ProcessAnswers(std::string command, ProcessLimits limits)
      : command_(std::move(command)), limits_(limits) {}

  CommandAnswer ask(const SuiteCase& c) override {
    const std::string commandLine = command_ + " " + shellQuote(c.chfPath) +
                                    " " + shellQuote(c.settingsPath);
    return answerFromProcess(runShellCommand(commandLine, limits_),
                             limits_.maxOutputBytes);
  }

 private:
  std::string command_;
  ProcessLimits limits_;
};

// The longest `{"error": …}` message kept in the reports, in bytes.
constexpr size_t kErrorMessageCap = 4096;

// `text` cut to at most `cap` bytes at a character boundary, with a note of
// the whole length when cut.
std::string cappedMessage(const std::string& text, size_t cap) {
  if (text.size() <= cap) return text;
  size_t end = cap;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return text.substr(0, end) + " ... (" + std::to_string(text.size()) +
         " bytes in all)";
}

// Whether an answer line is `{"error": …}` without "format" (interchange
// §7), found by the SAX parser: no document tree is built, so a huge
// result line costs no memory here (its reader streams it later).
class ErrorLineProbe : public nlohmann::json::json_sax_t {
 public:
  bool isErrorLine() const { return sawError_ && !sawFormat_; }
  // `{"crash": …}`: the port failed on its own (regcon's addition to §7).
  bool isCrash() const { return crash_; }
  const std::string& message() const { return message_; }

  bool null() override { return value("null"); }
  bool boolean(bool) override { return value("a boolean"); }
  bool number_integer(number_integer_t) override { return value("a number"); }
  bool number_unsigned(number_unsigned_t) override { return value("a number"); }
  bool number_float(number_float_t, const string_t&) override {
    return value("a number");
  }
  bool string(string_t& text) override {
    if (depth_ == 1 && inError_)
      message_ = cappedMessage(text, kErrorMessageCap);
    inError_ = false;
    return true;
  }
  bool binary(binary_t&) override { return value("binary"); }
  bool start_object(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    if (depth_ != 1) return true;
    sawFormat_ = sawFormat_ || name == "format";
    inError_ = name == "error" || name == "crash";
    crash_ = crash_ || name == "crash";
    sawError_ = sawError_ || inError_;
    return !sawFormat_;  // a result: nothing more to learn here
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception&) override {
    sawError_ = false;  // not JSON: the result reader says why
    return false;
  }

 private:
  bool value(const char* kind) {
    if (depth_ == 1 && inError_) message_ = std::string("(") + kind + ")";
    inError_ = false;
    return true;
  }
  bool open() {
    if (depth_ == 1 && inError_) message_ = "(a structure)";
    inError_ = false;
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }

  int depth_ = 0;
  bool inError_ = false;
  bool sawError_ = false;
  bool crash_ = false;
  bool sawFormat_ = false;
  std::string message_;
};

// One `COMMAND --batch` process (interchange §7), started on the first
// request and again after one that timed out, died or fell out of step.
class BatchSession {
 public:
  BatchSession(const std::string& command, ProcessLimits limits)
      : commandLine_(command + " --batch"), limits_(limits) {}

  CommandAnswer ask(const SuiteCase& c) {
    // Output nobody asked for (a late second answer to the last request)
    // would be taken as this case's answer: start afresh instead.
    if (child_ && child_->hasUnreadOutput()) {
      outOfStep_.push_back(process_);
      restart();
    }
    if (!child_) {
      child_ =
          std::make_unique<ChildProcess>(commandLine_, limits_.stderrTailBytes);
      ++process_;
    }
    const Clock::time_point start = Clock::now();
    const Clock::time_point deadline = start + limits_.timeout;
    CommandAnswer answer;
    answer.outputCap = limits_.maxOutputBytes;
    std::string line;
    const nlohmann::json request = {{"chf", c.chfPath},
                                    {"settings", c.settingsPath}};
    auto status = ChildProcess::ReadStatus::EndOfOutput;
    if (child_->write(request.dump() + "\n", deadline)) {
      status = child_->readLine(line, deadline, limits_.maxOutputBytes);
    } else if (Clock::now() >= deadline) {
      status = ChildProcess::ReadStatus::Timeout;
    }
    if (status == ChildProcess::ReadStatus::Done) {
      readAnswerLine(std::move(line), answer);
      if (child_->hasUnreadOutput()) {
        answer.answeredTwice = true;
        outOfStep_.push_back(process_);
        restart();
      }
    } else {
      endAfterFailure(status, answer);
    }
    answer.stderrTail = child_ ? child_->takeStderrTail() : lastStderr_;
    answer.seconds =
        std::chrono::duration<double>(Clock::now() - start).count();
    return answer;
  }

  // End of the requests: the process should exit at the end of its input,
  // having written nothing more.
  void finish() {
    if (!child_) return;
    child_->closeInput();
    const Clock::time_point deadline = Clock::now() + limits_.timeout;
    std::string extra;
    const auto status =
        child_->readLine(extra, deadline, limits_.maxOutputBytes);
    if (status != ChildProcess::ReadStatus::EndOfOutput || !extra.empty()) {
      outOfStep_.push_back(process_);
    }
    if (!child_->wait(deadline)) child_->kill();
    child_.reset();
  }

  // The process that answered the last request (1, 2, … in start order).
  int process() const { return process_; }
  // The processes found to have written more lines than they were asked
  // for, since the last call.
  std::vector<int> takeOutOfStep() { return std::exchange(outOfStep_, {}); }

 private:
  static void readAnswerLine(std::string line, CommandAnswer& answer) {
    answer.exit.exitCode = 0;
    ErrorLineProbe probe;
    nlohmann::json::sax_parse(line, &probe);
    if (probe.isErrorLine()) {
      answer.batchError = !probe.isCrash();
      answer.batchCrash = probe.isCrash();
      answer.batchErrorMessage = probe.message();
      return;
    }
    answer.output =
        std::move(line);  // the classifier says why it is not a result
  }

  // Ends the process (its whole group) and keeps its stderr for the case.
  void restart() {
    child_->kill();
    lastStderr_ = child_->takeStderrTail();
    child_.reset();
  }

  void endAfterFailure(ChildProcess::ReadStatus status, CommandAnswer& answer) {
    answer.timedOut = status == ChildProcess::ReadStatus::Timeout;
    answer.outputTooLarge = status == ChildProcess::ReadStatus::TooLarge;
    if (status == ChildProcess::ReadStatus::EndOfOutput) {
      answer.endedMidBatch = true;
      const auto exit = child_->wait(Clock::now() + kExitGrace);
      answer.exit = exit ? *exit : child_->kill();
    } else {
      answer.exit = child_->kill();
    }
    // The remaining cases go to a new process.
    lastStderr_ = child_->takeStderrTail();
    child_.reset();
  }

  std::string commandLine_;
  ProcessLimits limits_;
  std::unique_ptr<ChildProcess> child_;
  std::string lastStderr_;
  int process_ = 0;
  std::vector<int> outOfStep_;
};

// One request to a batch process of its own, read to the process's end:
// its answer is unambiguously this case's, and a second line is seen.
CommandAnswer askAlone(const std::string& command, ProcessLimits limits,
                       const SuiteCase& c) {
  BatchSession alone(command, limits);
  CommandAnswer answer = alone.ask(c);
  alone.finish();
  if (!alone.takeOutOfStep().empty()) answer.answeredTwice = true;
  return answer;
}

// Batch answers, and the cases of a process found out of step asked
// again, each of a process of its own.
class BatchAnswers : public AnswerSource {
 public:
  BatchAnswers(std::string command, ProcessLimits limits)
      : command_(std::move(command)),
        limits_(limits),
        session_(command_, limits) {}

  CommandAnswer ask(const SuiteCase& c) override {
    CommandAnswer answer = session_.ask(c);
    answeredBy_[session_.process()].push_back(c);
    askAgainAlone();
    return answer;
  }

  std::vector<std::pair<std::string, CommandAnswer>> takeAnswersAgain()
      override {
    return std::exchange(again_, {});
  }

  void finish() override {
    session_.finish();
    askAgainAlone();
  }

 private:
  void askAgainAlone() {
    for (int process : session_.takeOutOfStep()) {
      for (const SuiteCase& c : answeredBy_[process]) {
        again_.emplace_back(c.id, askAlone(command_, limits_, c));
      }
      answeredBy_.erase(process);
    }
  }

  std::string command_;
  ProcessLimits limits_;
  BatchSession session_;
  std::map<int, std::vector<SuiteCase>> answeredBy_;
  std::vector<std::pair<std::string, CommandAnswer>> again_;
};

// A StageFunction's answer, written as the command would write it: the
// classifier reads it through the same reader.
class InProcessAnswers : public AnswerSource {
 public:
  explicit InProcessAnswers(StageFunction stage) : stage_(std::move(stage)) {}

  CommandAnswer ask(const SuiteCase& c) override {
    const Clock::time_point start = Clock::now();
    CommandAnswer answer;
    answer.outputCap = std::string::npos;
    try {
      const Heightfield hf = readHeightfieldFile(c.chfPath);
      const Settings settings = readSettingsFile(c.settingsPath);
      std::ostringstream out;
      writeResult(out, stage_(hf, settings));
      answer.output = std::move(out).str();
      answer.exit.exitCode = 0;
    } catch (const InputError& e) {
      answer.exit.exitCode = 1;
      answer.stderrTail = e.what();
    } catch (const std::exception& e) {
      answer.internalError = e.what();
    }
    answer.seconds =
        std::chrono::duration<double>(Clock::now() - start).count();
    return answer;
  }

 private:
  StageFunction stage_;
};

}  // namespace

AnswerSourceFactory processAnswers(std::string command, ProcessLimits limits) {
  return [command, limits] {
    return std::make_unique<ProcessAnswers>(command, limits);
  };
}

AnswerSourceFactory batchAnswers(std::string command, ProcessLimits limits) {
  return [command, limits] {
    return std::make_unique<BatchAnswers>(command, limits);
  };
}

AnswerSourceFactory inProcessAnswers(StageFunction stage) {
  return [stage] { return std::make_unique<InProcessAnswers>(stage); };
}

AnswerSourceFactory inProcessAnswers(const Implementation& impl) {
  return inProcessAnswers([&impl](const Heightfield& hf, const Settings& s) {
    return runStage(impl, hf, s);
  });
}

}  // namespace regcon::kit
