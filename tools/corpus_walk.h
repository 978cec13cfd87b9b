// Reading a HiveQL corpus statement by statement, as the qtests run them:
// each .q file split with SplitScript, its `set` commands applied to the
// parse options of the statements after them; and the print -> parse round
// trip checked on each. Header-only so parse_rate and the corpus unit test
// walk and check the corpus the same way.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/dump.h"
#include "ast/print_sql.h"
#include "base/arena.h"
#include "base/diagnostic.h"
#include "base/source_file.h"
#include "base/strings.h"
#include "lexer/script.h"
#include "parser/parser.h"

namespace hivelineage::corpus {

// `SET key = value` (one statement's text): its key and value; empty when the
// statement is no such SET. For corpora stored statement by statement
// (spark-sqltests), whose SETs change how the file's later statements read.
inline std::pair<std::string_view, std::string_view> SetKeyValue(std::string_view sql) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
      s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
      s.remove_suffix(1);
    return s;
  };
  sql = trim(sql);
  if (sql.size() < 4 || !EqualsIgnoreCase(sql.substr(0, 4), "set ")) return {};
  const size_t eq = sql.find('=');
  if (eq == std::string_view::npos) return {};
  return {trim(sql.substr(4, eq - 4)), trim(sql.substr(eq + 1))};
}

// Every .q file below `dir`, sorted.
inline std::vector<std::filesystem::path> QueryFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".q") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Calls f(const lexer::StatementText&, const parser::ParseOptions&) for each
// statement of `src` that is not a command, in order, with the parse options
// its file's `set` commands made (hive.support.quoted.identifiers).
template <typename F>
void ForEachStatement(const SourceFile& src, F&& f) {
  lexer::Variables vars;
  Diagnostics split_diags;
  const std::vector<lexer::StatementText> stmts = lexer::SplitScript(src, vars, split_diags);
  parser::ParseOptions options;
  for (const lexer::StatementText& st : stmts) {
    if (st.command == lexer::CommandKind::Set) {
      parser::ApplySetting(st.SetKey(), st.SetValue(), options);
      continue;
    }
    if (st.command != lexer::CommandKind::None) continue;
    f(st, options);
  }
}

// A statement printed and parsed again: the round trip holds when the second
// tree dumps the same as the first.
struct RoundTrip {
  std::string printed;
  bool same = false;
  std::string error;  // the second parse's last diagnostic, when it failed
};

inline RoundTrip PrintAndReparse(const ast::Statement* stmt, const parser::ParseOptions& options) {
  RoundTrip r;
  r.printed = ast::PrintStatement(stmt);
  Arena arena;
  Diagnostics diags;
  const ast::Statement* again = parser::ParseStatement(r.printed, arena, options, diags);
  r.same = again != nullptr && ast::Dump(again) == ast::Dump(stmt);
  if (again == nullptr && !diags.empty()) r.error = diags.back().message;
  return r;
}

}  // namespace hivelineage::corpus
