// An enum's names as one table, read both ways (value to name for messages
// and documents, name to value for readers), so that no list of the values
// is written twice.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace regcon {

template <typename Enum, std::size_t N>
struct NameTable {
  std::array<std::pair<Enum, const char*>, N> entries;

  // The name of `value`; `unnamed` for a value the table does not hold.
  constexpr const char* name(Enum value, const char* unnamed) const {
    for (const auto& [entry, text] : entries) {
      if (entry == value) return text;
    }
    return unnamed;
  }

  // The value named `text`, if any.
  constexpr std::optional<Enum> find(std::string_view text) const {
    for (const auto& [entry, entryName] : entries) {
      if (text == entryName) return entry;
    }
    return std::nullopt;
  }
};

}  // namespace regcon
