// `regcon conform`: runs a foreign implementation side by side with the
// reference (interchange §6) under a timeout and an output cap, classifies
// what it did as `regcon suite` does (kit/verdict.h), and points at every
// differing section.
#pragma once

#include <cstddef>
#include <string>

namespace regcon::kit {

struct ConformOptions {
  std::string command;  // run through /bin/sh as `COMMAND CHF SETTINGS`
  std::string chfPath;
  std::string settingsPath;
  std::string implName = "reference";
  double timeoutSeconds = 30;
  size_t maxOutputMb = 256;
  std::string picturePath;  // SVG of a failing valid result (render --diff)
};

struct ConformReport {
  bool conforms = false;
  std::string text;
};

ConformReport conformCommand(const ConformOptions& options);

}  // namespace regcon::kit
