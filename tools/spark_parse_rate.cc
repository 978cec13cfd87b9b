// spark_parse_rate: how much of Spark's own SQL query tests the parser reads
// as Spark does.
//
//   spark_parse_rate CORPUS [--dialect hive|spark] [--top=N] [--list=MESSAGE_SUBSTRING] [--words=N]
//
// CORPUS is a spark-sqltests folder (../shared/corpus/spark-sqltests): its
// statements.jsonl has one record per statement Spark's test suite runs,
// with `sql` and Spark's verdict `valid` (false: Spark's parser rejected it).
// Every statement is parsed on its own (default --dialect spark), after the
// settings of its file's header and earlier `SET k=v` statements (spark_corpus.h). The tool
// prints, overall, by folder and by first word:
//   valid parsed  Spark accepts it and so does the parser;
//   typed         ... into typed nodes: anything but an OtherStatement (a
//                 statement recognised by its first word and kept as text);
//   rejected      Spark rejects it and so does the parser;
// then the failures of valid statements grouped by first error message (top
// N, with an example). --list prints every failing valid statement whose
// message contains the substring; --list=ACCEPTED prints the invalid ones
// the parser accepts.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spark_corpus.h"
#include "base/arena.h"
#include "base/strings.h"
#include "nlohmann/json.hpp"
#include "parser/parser.h"

using namespace hivelineage;

namespace {

struct Tally {
  size_t valid = 0, parsed = 0, typed = 0, invalid = 0, rejected = 0;
  void Add(const Tally& o) {
    valid += o.valid, parsed += o.parsed, typed += o.typed, invalid += o.invalid, rejected += o.rejected;
  }
};

double Pct(size_t n, size_t of) { return of == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(of); }

void PrintRow(const std::string& name, const Tally& t) {
  std::printf("  %-34s %6zu %6zu %7.2f%% %6zu %7.2f%%   %4zu %4zu %7.2f%%\n", name.c_str(), t.valid, t.parsed,
              Pct(t.parsed, t.valid), t.typed, Pct(t.typed, t.valid), t.invalid, t.rejected,
              Pct(t.rejected, t.invalid));
}

void PrintTable(const char* title, const std::map<std::string, Tally>& rows, size_t limit) {
  std::vector<std::pair<std::string, Tally>> sorted(rows.begin(), rows.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second.valid - a.second.typed > b.second.valid - b.second.typed;
  });
  std::printf("\nby %s (most untyped valid statements first):\n", title);
  std::printf("  %-34s %6s %6s %8s %6s %8s   %4s %4s %8s\n", title, "valid", "parsed", "", "typed", "", "inv", "rej",
              "");
  for (size_t i = 0; i < sorted.size() && i < limit; ++i) PrintRow(sorted[i].first, sorted[i].second);
}

// The first word of a statement, lower case ("(" for a parenthesised query).
std::string FirstWord(std::string_view sql) {
  size_t i = 0;
  while (i < sql.size()) {
    if (sql[i] == ' ' || sql[i] == '\n' || sql[i] == '\t' || sql[i] == '\r') {
      ++i;
    } else if (sql.substr(i, 2) == "--") {
      const size_t eol = sql.find('\n', i);
      i = eol == std::string_view::npos ? sql.size() : eol + 1;
    } else if (sql.substr(i, 2) == "/*") {
      const size_t end = sql.find("*/", i + 2);
      i = end == std::string_view::npos ? sql.size() : end + 2;
    } else {
      break;
    }
  }
  size_t j = i;
  while (j < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[j])) || sql[j] == '_')) ++j;
  if (j == i) return std::string(sql.substr(i, std::min<size_t>(1, sql.size() - i)));
  return ToLower(sql.substr(i, j - i));
}

struct Group {
  int count = 0;
  std::string example;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: spark_parse_rate CORPUS [--dialect hive|spark] [--top=N] [--list=SUBSTRING]\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  parser::ParseOptions options;
  options.dialect = Dialect::Spark;
  size_t top = 30, words = 40;
  std::string list;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--dialect" && i + 1 < argc) {
      const auto d = DialectByName(argv[++i]);
      if (!d) {
        std::fprintf(stderr, "spark_parse_rate: --dialect expects hive or spark\n");
        return 2;
      }
      options.dialect = *d;
    } else if (a.rfind("--top=", 0) == 0) {
      top = std::stoul(a.substr(6));
    } else if (a.rfind("--words=", 0) == 0) {
      words = std::stoul(a.substr(8));
    } else if (a.rfind("--list=", 0) == 0) {
      list = a.substr(7);
    } else {
      std::fprintf(stderr, "spark_parse_rate: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }
  std::ifstream in(dir / "statements.jsonl");
  if (!in) {
    std::fprintf(stderr, "spark_parse_rate: no statements.jsonl in %s\n", dir.string().c_str());
    return 2;
  }
  Tally total;
  std::map<std::string, Tally> by_folder, by_word;
  std::map<std::string, Group> groups;
  std::map<std::string, int> untyped;  // OtherStatement kinds of valid statements
  std::string line;
  // Each file's settings and SET statements apply to its later statements (spark_corpus.h).
  corpus::SparkFileOptions file_options(dir, options);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const nlohmann::json rec = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    // Spark's verdict: a statement the corpus builder could not match has none.
    if (!rec.is_object() || !rec.contains("sql") || !rec["sql"].is_string() || !rec.contains("valid") ||
        !rec["valid"].is_boolean())
      continue;
    const std::string sql = rec["sql"].get<std::string>();
    const std::string file = rec.value("file", "");
    const bool valid = rec.value("valid", true);
    const size_t slash = file.rfind('/');
    const std::string folder = slash == std::string::npos ? "." : file.substr(0, slash);
    const std::string word = FirstWord(sql);

    Arena arena;
    Diagnostics diags;
    const ast::Statement* stmt = parser::ParseStatement(sql, arena, file_options.For(file, sql), diags);
    Tally t;
    if (valid) {
      t.valid = 1;
      t.parsed = stmt != nullptr;
      t.typed = stmt != nullptr && stmt->stmt_kind() != ast::StmtKind::OtherStatement;
      if (stmt != nullptr && !t.typed) ++untyped[std::string(static_cast<const ast::OtherStatement*>(stmt)->what)];
    } else {
      t.invalid = 1;
      t.rejected = stmt == nullptr;
      if (stmt != nullptr && list == "ACCEPTED")
        std::printf("ACCEPTED %s#%d\n  %.*s\n", file.c_str(), rec.value("index", -1),
                    static_cast<int>(std::min<size_t>(sql.size(), 400)), sql.data());
    }
    total.Add(t);
    by_folder[folder].Add(t);
    by_word[word].Add(t);
    if (!valid || stmt != nullptr) continue;
    std::string msg = "(no diagnostic)";
    for (const Diagnostic& d : diags) {
      if (d.severity == Severity::Error) {
        msg = d.message;
        break;
      }
    }
    Group& g = groups[msg];
    if (g.count++ == 0) g.example = Cat(file, "#", rec.value("index", -1));
    if (!list.empty() && msg.find(list) != std::string::npos)
      std::printf("FAIL %s#%d %s\n  %.*s\n", file.c_str(), rec.value("index", -1), msg.c_str(),
                  static_cast<int>(std::min<size_t>(sql.size(), 600)), sql.data());
  }
  std::printf("dialect %s: %zu statements Spark accepts, %zu parsed (%.2f%%), %zu typed (%.2f%%); "
              "%zu Spark rejects, %zu rejected (%.2f%%)\n",
              std::string(DialectName(options.dialect)).c_str(), total.valid, total.parsed,
              Pct(total.parsed, total.valid), total.typed, Pct(total.typed, total.valid), total.invalid,
              total.rejected, Pct(total.rejected, total.invalid));
  PrintTable("folder", by_folder, by_folder.size());
  PrintTable("first word", by_word, words);
  std::vector<std::pair<std::string, int>> kinds(untyped.begin(), untyped.end());
  std::stable_sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::printf("\nparsed but kept as text (OtherStatement), by what:\n");
  for (const auto& [what, n] : kinds) std::printf("  %5d  %s\n", n, what.c_str());
  std::vector<std::pair<std::string, Group>> sorted(groups.begin(), groups.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
  std::printf("\ntop failure groups of statements Spark accepts:\n");
  for (size_t i = 0; i < sorted.size() && i < top; ++i)
    std::printf("  %5d  %-60s  e.g. %s\n", sorted[i].second.count, sorted[i].first.c_str(),
                sorted[i].second.example.c_str());
  return 0;
}
