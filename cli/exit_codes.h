// regcon's exit codes, in one place for main() and every command.
#pragma once

namespace regcon::cli {

enum ExitCode : int {
  kOk = 0,
  kUsage = 1,     // a bad option (kBadInput for conform and suite, whose CI
                  // reads 0, 5 and 2)
  kBadInput = 2,  // a document or file breaks a rule; an output cannot be
                  // written
  kNotImplemented = 3,
  kInternal = 4,        // a bug of regcon's, or out of memory
  kDoesNotConform = 5,  // conform, suite, shrink, fuzz: the command differs
};

}  // namespace regcon::cli
