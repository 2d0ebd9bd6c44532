// The Recast context of regcon's Recast calls: it keeps Recast's error
// messages, which become the text of the InputError a failed step throws.
#pragma once

#include <Recast.h>

#include <string>
#include <vector>

#include "core/types.h"

namespace regcon {

class CollectingContext : public rcContext {
 public:
  CollectingContext() : rcContext(true) {}
  // Throws when the step failed or logged an error; some Recast steps (too
  // many layers in rcBuildCompactHeightfield) log an error yet return true.
  void check(bool ok, const std::string& step) const {
    if (ok && errors_.empty()) return;
    std::string message = "Recast failed in " + step;
    for (const auto& e : errors_) message += "; " + e;
    throw InputError(message);
  }

 protected:
  void doLog(const rcLogCategory category, const char* msg,
             const int len) override {
    if (category == RC_LOG_ERROR) errors_.emplace_back(msg, len);
  }

 private:
  std::vector<std::string> errors_;
};

}  // namespace regcon
