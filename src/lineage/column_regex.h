// Hive column regexes (`SELECT `(ds|hr)?+.+` FROM t` with
// hive.support.quoted.identifiers=none): Java regexes matched against whole
// column names, case-insensitively.
//
// std::regex (ECMAScript) runs them after the Java-only syntax is rewritten:
// possessive quantifiers `X?+ X*+ X++ X{n,m}+` become atomic groups
// `(?=(X?))\N` (a lookahead captures what X would take and a back-reference
// consumes exactly that, so nothing backtracks into it: `(dt)?+.+` excludes
// the column `dt` as in Java), `\A \z \Z` become anchors, `\Q...\E` literal
// text, `(?<name>` a plain group, and a leading `(?i)` is dropped (matching is
// case-insensitive unless asked otherwise). Spark's quoted regex column names
// (spark.sql.parser.quotedRegexColumnNames) are the same Java regexes.
#pragma once

#include <memory>
#include <regex>
#include <string>
#include <string_view>

namespace hivelineage::lineage {

class ColumnRegex {
 public:
  // Compiles `java`; on failure returns null and sets `error`. Names match
  // case-insensitively (Hive, and Spark by default) unless `case_sensitive`
  // (Spark's spark.sql.caseSensitive=true).
  static std::unique_ptr<ColumnRegex> Compile(std::string_view java, std::string& error,
                                              bool case_sensitive = false);

  // Whether the whole `name` matches.
  bool Matches(std::string_view name) const;

 private:
  bool all_ = false;  // `.*`-like: every column
  std::regex re_;
};

// The ECMAScript form of a Java regex (exposed for tests); empty with `error`
// set when the pattern is malformed or uses something not supported.
std::string JavaRegexToEcmaScript(std::string_view java, std::string& error);

}  // namespace hivelineage::lineage
