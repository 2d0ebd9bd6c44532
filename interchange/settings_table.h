// The settings of interchange §2 spelled out once: each row gives the
// document key, the Settings member, the command-line flag, its range and its
// help text; the defaults are Settings{}'s (spec §7, core/types.h). The
// settings reader and writer (interchange/io_*.cpp), the CLI's flags
// (cli/options.cpp) and their --help all walk this table, so a flag is held
// to exactly the rule of the key it overrides.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "core/limits.h"
#include "core/types.h"

namespace regcon {

struct SettingRow {
  using Member = std::variant<Partition Settings::*, int64_t Settings::*,
                              double Settings::*, bool Settings::*>;
  const char* key;   // interchange §2 key
  Member member;     // the field of Settings it sets
  const char* flag;  // command-line flag; a bool's flag sets !default
  const char* help;  // --help text (the default is added from Settings{})
  int64_t max = limits::kMaxSetting;  // integer settings: 0 <= value <= max
};

// Every setting, in the order interchange §2 lists them.
std::span<const SettingRow> settingRows();

// Sets `row` of `settings` from a flag's text, under the same rule as the
// document key (the text is read as the JSON value it spells); returns the
// broken rule, or nothing.
std::optional<std::string> setFromText(const SettingRow& row,
                                       const std::string& text,
                                       Settings& settings);

// Copies one setting.
void copySetting(const SettingRow& row, const Settings& from, Settings& to);

// The default of `row` as a settings document spells it.
std::string defaultText(const SettingRow& row);

}  // namespace regcon
