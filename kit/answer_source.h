// Where a suite case's answer comes from: a process of its own per case
// (interchange §6), one batch process fed a request per line (§7), or an
// implementation linked into the caller (in process). Whatever the source,
// the one classifier (kit/verdict.h) judges the answer, so an engine's own
// test harness runs the same checks on its implementation as `regcon suite`
// runs on a port.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/implementation.h"
#include "kit/process.h"
#include "kit/suite_manifest.h"
#include "kit/verdict.h"

namespace regcon::kit {

// One source per job: a job asks its cases one at a time.
class AnswerSource {
 public:
  virtual ~AnswerSource() = default;
  virtual CommandAnswer ask(const SuiteCase& c) = 0;
  // Cases asked earlier whose answer can no longer be trusted (a batch
  // process found out of step: any of its answers may belong to another
  // case), each with the answer of a process of its own; taken once.
  virtual std::vector<std::pair<std::string, CommandAnswer>>
  takeAnswersAgain() {
    return {};
  }
  // No more cases: a batch process is told so and must end cleanly.
  virtual void finish() {}
};

using AnswerSourceFactory = std::function<std::unique_ptr<AnswerSource>()>;

// `COMMAND CHF SETTINGS` through /bin/sh, one process per case.
AnswerSourceFactory processAnswers(std::string command, ProcessLimits limits);
// `COMMAND --batch`, started on the first request and again after a case
// that timed out, died or fell out of step.
AnswerSourceFactory batchAnswers(std::string command, ProcessLimits limits);

// Any callable from a case's documents to its result. An InputError it
// throws is a rejection of the input (reading the documents is part of the
// call); any other exception is reported as a crash with its message.
using StageFunction =
    std::function<StageResult(const Heightfield&, const Settings&)>;
AnswerSourceFactory inProcessAnswers(StageFunction stage);
AnswerSourceFactory inProcessAnswers(const Implementation& impl);

}  // namespace regcon::kit
