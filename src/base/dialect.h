// Which engine's SQL a script is written in (docs/dialects.md). One grammar
// reads both: the parser switches on this where the languages differ.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "base/strings.h"

namespace hivelineage {

enum class Dialect : uint8_t {
  Hive,   // HiveQL (the default)
  Spark,  // Spark SQL
};

inline std::string_view DialectName(Dialect d) { return d == Dialect::Spark ? "spark" : "hive"; }

// "hive" or "spark" (any case); nothing for anything else.
inline std::optional<Dialect> DialectByName(std::string_view name) {
  if (EqualsIgnoreCase(name, "hive")) return Dialect::Hive;
  if (EqualsIgnoreCase(name, "spark")) return Dialect::Spark;
  return std::nullopt;
}

// A script that says which dialect it is in its first line:
// `-- dialect: spark` (spaces optional around the colon); nothing otherwise.
inline std::optional<Dialect> DialectOfFirstLine(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 BOM
  const size_t eol = text.find('\n');
  std::string_view line = text.substr(0, eol);
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
  };
  line = trim(line);
  if (!line.starts_with("--")) return std::nullopt;
  line = trim(line.substr(2));
  constexpr std::string_view kKey = "dialect";
  if (line.size() < kKey.size() || !EqualsIgnoreCase(line.substr(0, kKey.size()), kKey)) return std::nullopt;
  line = trim(line.substr(kKey.size()));
  if (!line.starts_with(':')) return std::nullopt;
  return DialectByName(trim(line.substr(1)));
}

}  // namespace hivelineage
