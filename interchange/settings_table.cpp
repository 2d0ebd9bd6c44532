// The settings table (interchange/settings_table.h) and the one rule per kind
// of setting that the document reader and the CLI's flags share.
#include "interchange/settings_table.h"

#include <array>

#include "interchange/io_rules.h"

namespace regcon {
namespace {

// clang-format off
const std::array<SettingRow, 8> kRows = {{
    {"partition", &Settings::partition, "--partition",
     "region partition: watershed, monotone, layers or layer-first"},
    {"minRegionArea", &Settings::minRegionArea, "--min-region-area",
     "minRegionArea in spans"},
    {"mergeRegionArea", &Settings::mergeRegionArea, "--merge-region-area",
     "mergeRegionArea in spans"},
    {"maxError", &Settings::maxError, "--max-error",
     "maxError in cells, a finite number >= 0"},
    {"maxEdgeLength", &Settings::maxEdgeLength, "--max-edge-length",
     "maxEdgeLength in cells, 0 = no split"},
    {"straightRegionBorders", &Settings::straightRegionBorders,
     "--no-straight-borders", "straightRegionBorders = false"},
    {"borderRegion", &Settings::borderRegion, "--border-region",
     "borderRegion id"},
    {"rawContours", &Settings::rawContours, "--raw",
     "rawContours = true: add raw outlines and holes"},
}};
// clang-format on

using io::describe;
using io::json;

std::optional<std::string> setPartition(const json& value, Partition& out) {
  const auto partition = value.is_string()
                             ? parsePartition(value.get<std::string>())
                             : std::nullopt;
  if (!partition) {
    return "must be one of \"watershed\", \"monotone\", \"layers\", "
           "\"layer-first\", found " +
           describe(value);
  }
  out = *partition;
  return {};
}

std::optional<std::string> setCount(const SettingRow& row, const json& value,
                                    int64_t& out) {
  if (auto problem = io::integerProblem(value, 0, row.max, row.key)) {
    return problem;
  }
  out = value.is_number_unsigned() ? static_cast<int64_t>(value.get<uint64_t>())
                                   : value.get<int64_t>();
  return {};
}

std::optional<std::string> setNumber(const json& value, double& out) {
  // Parsed numbers are always finite (the parser rejects overflow).
  if (!value.is_number() || !(value.get<double>() >= 0)) {
    return "must be a finite number >= 0, found " + describe(value);
  }
  out = value.get<double>() + 0.0;  // + 0.0 turns -0 into 0
  return {};
}

std::optional<std::string> setSwitch(const json& value, bool& out) {
  if (!value.is_boolean()) {
    return "must be true or false, found " + describe(value);
  }
  out = value.get<bool>();
  return {};
}

template <typename... Kinds>
struct Overloaded : Kinds... {
  using Kinds::operator()...;
};
template <typename... Kinds>
Overloaded(Kinds...) -> Overloaded<Kinds...>;  // clang-14 needs the guide

}  // namespace

std::span<const SettingRow> settingRows() {
  return kRows;
}

namespace io {

std::optional<std::string> setFromJson(const SettingRow& row, const json& value,
                                       Settings& settings) {
  return std::visit(
      Overloaded{
          [&](Partition Settings::*m) {
            return setPartition(value, settings.*m);
          },
          [&](int64_t Settings::*m) {
            return setCount(row, value, settings.*m);
          },
          [&](double Settings::*m) { return setNumber(value, settings.*m); },
          [&](bool Settings::*m) { return setSwitch(value, settings.*m); },
      },
      row.member);
}

json settingJson(const SettingRow& row, const Settings& settings) {
  return std::visit(Overloaded{
                        [&](Partition Settings::*m) {
                          return json(partitionName(settings.*m));
                        },
                        [&](auto m) { return json(settings.*m); },
                    },
                    row.member);
}

}  // namespace io

std::optional<std::string> setFromText(const SettingRow& row,
                                       const std::string& text,
                                       Settings& settings) {
  const bool isName = std::holds_alternative<Partition Settings::*>(row.member);
  json value = isName ? json(text) : json::parse(text, nullptr, false);
  if (value.is_discarded()) value = json(text);  // "found the string ..."
  return io::setFromJson(row, value, settings);
}

void copySetting(const SettingRow& row, const Settings& from, Settings& to) {
  std::visit([&](auto m) { to.*m = from.*m; }, row.member);
}

std::string defaultText(const SettingRow& row) {
  const json value = io::settingJson(row, Settings{});
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace regcon
