// parse_rate: how much of a HiveQL corpus the parser accepts, and how fast.
//
//   parse_rate DIR [--roundtrip] [--lex-only] [--repeat=N] [--top=N] [--list=MESSAGE_SUBSTRING]
//
// Splits every .q file below DIR (recursively, sorted) with SplitScript,
// applying `set` commands; `set hive.support.quoted.identifiers=none` turns
// on regex column specs for the rest of that file. Every non-command
// statement is parsed; the tool prints the parse rate, the failures grouped
// by first error message (top N, with an example file:line each) and the
// tokenize+parse throughput. --roundtrip also prints, parses and compares
// dumps of every parsed statement. --list prints every failing statement
// whose message contains the substring.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "base/arena.h"
#include "base/source_file.h"
#include "base/strings.h"
#include "corpus_walk.h"
#include "lexer/lexer.h"
#include "lexer/script.h"
#include "parser/parser.h"

using namespace hivelineage;

namespace {

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Group {
  int count = 0;
  std::string example;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: parse_rate DIR [--roundtrip] [--top=N] [--list=SUBSTRING]\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  bool roundtrip = false;
  bool lex_only = false;
  int repeat = 1;  // parse each statement this many times (steadier MB/s)
  size_t top = 30;
  std::string list;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--roundtrip")
      roundtrip = true;
    else if (a == "--lex-only")
      lex_only = true;
    else if (a.rfind("--repeat=", 0) == 0)
      repeat = std::stoi(a.substr(9));
    else if (a.rfind("--top=", 0) == 0)
      top = std::stoul(a.substr(6));
    else if (a.rfind("--list=", 0) == 0)
      list = a.substr(7);
  }
  const std::vector<std::filesystem::path> files = corpus::QueryFiles(dir);

  size_t total = 0, ok = 0, bytes = 0, rt_mismatch = 0;
  double seconds = 0;
  std::map<std::string, Group> groups;
  for (const auto& path : files) {
    SourceFile src(path.lexically_relative(dir).string(), ReadFile(path));
    Arena arena;
    corpus::ForEachStatement(src, [&](const lexer::StatementText& st, const parser::ParseOptions& options) {
      const std::string_view text = st.text();
      ++total;
      bytes += text.size();
      Diagnostics diags;
      if (lex_only) {
        static std::vector<lexer::Token> toks;
        toks.clear();
        const auto t0 = std::chrono::steady_clock::now();
        lexer::Tokenize(text, options.lex, toks, diags);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++ok;
        return;
      }
      const auto t0 = std::chrono::steady_clock::now();
      ast::Statement* stmt = parser::ParseStatement(text, arena, options, diags);
      for (int r = 1; r < repeat; ++r) {
        Diagnostics more;
        parser::ParseStatement(text, arena, options, more);
      }
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      bytes += text.size() * (repeat - 1);
      if (stmt != nullptr) {
        ++ok;
        if (roundtrip) {
          const corpus::RoundTrip rt = corpus::PrintAndReparse(stmt, options);
          if (!rt.same) {
            ++rt_mismatch;
            const LineCol lc = src.Locate(st.span.begin);
            std::printf("ROUNDTRIP %s:%d\n  in:  %.*s\n  out: %s\n", std::string(src.name()).c_str(), lc.line,
                        static_cast<int>(std::min<size_t>(text.size(), 400)), text.data(), rt.printed.c_str());
            if (!rt.error.empty()) std::printf("  err: %s\n", rt.error.c_str());
          }
        }
        return;
      }
      std::string msg = "(no diagnostic)";
      uint32_t at = 0;
      for (const Diagnostic& d : diags) {
        if (d.severity == Severity::Error) {
          msg = d.message;
          at = d.span.begin;
          break;
        }
      }
      const LineCol lc = src.Locate(st.ToOriginal(at));
      Group& g = groups[msg];
      if (g.count++ == 0) g.example = Cat(src.name(), ":", lc.line, ":", lc.column);
      if (!list.empty() && msg.find(list) != std::string::npos) {
        std::printf("FAIL %s:%d:%d %s\n  %.*s\n", std::string(src.name()).c_str(), lc.line, lc.column, msg.c_str(),
                    static_cast<int>(std::min<size_t>(text.size(), 600)), text.data());
      }
    });
  }
  std::vector<std::pair<std::string, Group>> sorted(groups.begin(), groups.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
  std::printf("files: %zu  statements: %zu  parsed: %zu  failed: %zu  rate: %.3f%%\n", files.size(), total, ok,
              total - ok, total == 0 ? 0.0 : 100.0 * ok / total);
  std::printf("throughput: %.1f MB in %.3f s = %.1f MB/s (tokenize + parse)\n", bytes / 1e6, seconds,
              seconds > 0 ? bytes / 1e6 / seconds : 0.0);
  if (roundtrip) std::printf("round-trip mismatches: %zu\n", rt_mismatch);
  std::printf("top failure groups:\n");
  for (size_t i = 0; i < sorted.size() && i < top; ++i)
    std::printf("  %5d  %-60s  e.g. %s\n", sorted[i].second.count, sorted[i].first.c_str(),
                sorted[i].second.example.c_str());
  return 0;
}
