#include "driver/gather.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "base/arena.h"
#include "base/strings.h"
#include "driver/encoding.h"
#include "lexer/lexer.h"
#include "lexer/script.h"
#include "parser/parser.h"
#include "sync/sync_job.h"

namespace hivelineage::driver {
namespace {

// Statements worth parsing for facts (FactsGatherer reads nothing else):
// skipping EXPLAIN, SHOW, DROP, LOAD, ... keeps the gather phase cheap.
bool MaySayAboutSchema(StatementKind kind) {
  switch (kind) {
    case StatementKind::Query:
    case StatementKind::Insert:
    case StatementKind::Ctas:
    case StatementKind::CreateTable:
    case StatementKind::CreateView:
    case StatementKind::Merge:
    case StatementKind::Update:
    case StatementKind::Delete:
    case StatementKind::Use:
    case StatementKind::Alter:
      return true;
    case StatementKind::Command:
    case StatementKind::Explain:
    case StatementKind::Drop:
    case StatementKind::Truncate:
    case StatementKind::Load:
    case StatementKind::Export:
    case StatementKind::Import:
    case StatementKind::Sync:
    case StatementKind::Other:
      return false;
  }
  return false;
}

using lexer::Keyword;
using lexer::Token;
using lexer::TokenKind;

// An ALTER statement says something only when it adds, replaces or changes
// columns (FactsGatherer::AlterTable) or is ALTER VIEW ... AS SELECT (a view
// declared again): never without one of these words.
bool AlterMaySayAboutSchema(std::string_view text) {
  for (size_t i = 0; i + 4 <= text.size(); ++i) {
    const std::string_view at = text.substr(i);
    if (EqualsIgnoreCase(at.substr(0, 4), "view") || EqualsIgnoreCase(at.substr(0, 6), "column") ||
        EqualsIgnoreCase(at.substr(0, 6), "change"))
      return true;
  }
  return false;
}

bool IsNamePart(const Token& t) {
  return t.kind == TokenKind::Word || t.kind == TokenKind::QuotedIdent || t.kind == TokenKind::Variable;
}

// The parts of the qualified name that starts at toks[i], as the parser reads
// a table name (name ('.' name)*, a backquoted `db.tbl` split at its dots);
// `i` is left on its last token.
void NameParts(std::string_view text, std::span<const Token> toks, size_t& i, std::vector<std::string>& parts) {
  parts.clear();
  while (true) {
    const Token& t = toks[i];
    std::string_view s = text.substr(t.begin, t.end - t.begin);
    if (t.kind == TokenKind::QuotedIdent) {
      const std::string name = lexer::UnquoteIdentifier(s);
      for (const std::string_view part : lexer::SplitQuotedDots(name)) parts.emplace_back(part);
    } else {
      parts.emplace_back(s);
    }
    if (i + 2 < toks.size() && toks[i + 1].kind == TokenKind::Dot && IsNamePart(toks[i + 2])) {
      i += 2;
      continue;
    }
    return;
  }
}

// MayNameUndeclaredTable's vectors, kept from one statement to the next.
struct NameScratch {
  std::vector<uint8_t> in_from;  // per parenthesis depth
  std::vector<std::string> parts;
  std::vector<std::string_view> views;
};

// Whether a query or DML statement's tokens may name a table the script has
// not declared; one that names none says nothing FactsGatherer keeps (its
// facts are all about real tables not of the script's own: uses, open
// references, column order), so it need not be parsed. Conservative: every
// name where the grammar can put a table is taken for one (after FROM, JOIN,
// USING, UNIQUEJOIN, PRESERVE, INTO, OVERWRITE, TABLE, UPDATE, and after `,`
// and `(` inside a FROM clause, which lasts until SELECT, WHERE, GROUP,
// HAVING, ORDER or WINDOW at its depth), and a name that is not certainly a
// declared table means "may".
bool MayNameUndeclaredTable(std::string_view text, std::span<const Token> toks, const lineage::FactsGatherer& facts,
                            bool sql11_keywords_as_names, NameScratch& scratch) {
  std::vector<uint8_t>& in_from = scratch.in_from;
  std::vector<std::string>& parts = scratch.parts;
  std::vector<std::string_view>& views = scratch.views;
  in_from.assign(1, false);
  bool table_next = false;         // the previous token puts a table name here
  bool after_insert_word = false;  // INTO / OVERWRITE: an optional TABLE follows
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    const bool keyword_table = t.kind == TokenKind::Word && t.keyword == Keyword::Table &&
                               (after_insert_word || (i + 1 < toks.size() && toks[i + 1].kind == TokenKind::LParen));
    if (table_next && IsNamePart(t) && t.keyword != Keyword::Select && !keyword_table) {
      NameParts(text, toks, i, parts);
      views.assign(parts.begin(), parts.end());
      if (!facts.Declared(views)) return true;
      table_next = after_insert_word = false;
      continue;
    }
    table_next = after_insert_word = false;
    if (t.kind == TokenKind::Comma) {
      table_next = in_from.back();
    } else if (t.kind == TokenKind::LParen) {
      table_next = in_from.back();
      in_from.push_back(in_from.back());
    } else if (t.kind == TokenKind::RParen) {
      if (in_from.size() > 1) in_from.pop_back();
    } else if (t.kind == TokenKind::Word && !(i > 0 && toks[i - 1].kind == TokenKind::Dot)) {
      const Keyword k = t.keyword;
      if (k == Keyword::From || k == Keyword::Join || k == Keyword::Using || k == Keyword::Uniquejoin) {
        in_from.back() = true;
        table_next = true;
      } else if (k == Keyword::Into || k == Keyword::Overwrite) {
        table_next = after_insert_word = true;
      } else if (k == Keyword::Table || k == Keyword::Update || k == Keyword::Preserve) {
        table_next = true;
      } else if (k == Keyword::Select || k == Keyword::Where || k == Keyword::Having || k == Keyword::Window) {
        in_from.back() = false;
      } else if ((k == Keyword::Group || k == Keyword::Order) && !sql11_keywords_as_names) {
        // GROUP and ORDER are names under hive.support.sql11.reserved.keywords=false.
        in_from.back() = false;
      }
    }
  }
  return false;
}

// The lines of the few offsets the gather records (first uses,
// declarations), counted forward from the last one asked in the statement or
// from the statement's start: statements come in file order, so the whole
// file is counted about once and no line table is built for it. Line ends
// are those of SourceFile::Locate: LF, CRLF, a lone CR.
class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : t_(text) {}

  // The next statement starts at `offset` (statements come in file order).
  void StartStatement(uint32_t offset) {
    start_ = Advance(offset >= start_.offset ? start_ : Mark{}, offset);
    last_ = start_;
  }

  uint32_t LineOf(uint32_t offset) {
    last_ = Advance(offset >= last_.offset ? last_ : offset >= start_.offset ? start_ : Mark{}, offset);
    return last_.line;
  }

 private:
  struct Mark {
    uint32_t offset = 0;
    uint32_t line = 1;
  };

  Mark Advance(Mark from, uint32_t to) const {
    to = static_cast<uint32_t>(std::min<size_t>(to, t_.size()));
    if (from.offset >= to) return from;
    const char* begin = t_.data() + from.offset;
    const char* end = t_.data() + to;
    if (std::memchr(begin, '\r', static_cast<size_t>(end - begin)) == nullptr) {
      // No CR: count the LFs (the compiler counts many bytes a step).
      from.line += static_cast<uint32_t>(std::count(begin, end, '\n'));
    } else {
      for (uint32_t i = from.offset; i < to; ++i) {
        const char c = t_[i];
        if (c == '\n' || (c == '\r' && (i + 1 == t_.size() || t_[i + 1] != '\n'))) ++from.line;
      }
    }
    from.offset = to;
    return from;
  }

  std::string_view t_;
  Mark start_, last_;
};

// A regular file's bytes read straight into a string of its size, with room
// for the SourceFile's padding; nullopt for anything else (standard input, a
// file that changes while read, an error), which LoadInput reads and reports.
// The gather reads every script before the analysis reads it again, so the
// path lookups and the copy through a stdio buffer that LoadInput makes are
// worth saving here.
std::optional<std::string> ReadRegularFile(const std::string& path, uint64_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // a FIFO: no wait for a writer
  if (fd < 0) return std::nullopt;
  std::optional<std::string> out;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) <= max_bytes) {
    // One byte more than the size asked: a read that stops short of it has
    // met the end of the file (a regular file's reads stop short only there),
    // so no second read is needed to see that the file did not grow.
    const size_t size = static_cast<size_t>(st.st_size);
    std::string bytes;
    bytes.reserve(size + SourceFile::kPadding + 1 + Gb18030Room(size));
    bytes.resize(size + 1);
    size_t got = 0;
    while (got <= size) {
      const size_t want = size + 1 - got;
      const ssize_t n = ::read(fd, bytes.data() + got, want);
      if (n <= 0) break;
      got += static_cast<size_t>(n);
      if (static_cast<size_t>(n) < want) break;
    }
    if (got == size) {
      bytes.resize(size);
      out = std::move(bytes);
    }
  }
  ::close(fd);
  return out;
}

LoadedInput LoadForGather(const InputFile& input, uint64_t max_bytes) {
  if (!input.text && input.path != "-")
    if (std::optional<std::string> bytes = ReadRegularFile(input.path, max_bytes))
      return DecodeOwnedInput(input.name, std::move(*bytes));
  return LoadInput(input, max_bytes);
}

// Keeps `in` (its source shared, its diagnostics copied) for the analysis
// when it fits in what `keep` has left; where its statements are goes to
// the slot returned (null: not kept).
lexer::StatementSpans* Keep(const LoadedInput& in, size_t i, KeptInputs& keep) {
  if (in.unreadable || in.source == nullptr) return nullptr;
  const uint64_t size = in.source->text().size();
  uint64_t kept = keep.bytes.load(std::memory_order_relaxed);
  do {
    if (kept + size > keep.max_bytes) return nullptr;
  } while (!keep.bytes.compare_exchange_weak(kept, kept + size, std::memory_order_relaxed));
  keep.files[i].loaded = in;
  return &keep.files[i].statements;
}

}  // namespace

lineage::ScriptFacts GatherScript(const SourceFile& source, const AnalyzeOptions& options,
                                  lexer::StatementSpans* statements) {
  lineage::FactsGatherer gatherer(std::string(source.name()), options.default_database,
                                 ScriptDialect(options, source) == Dialect::Spark);
  const Limits& limits = options.limits;
  if (source.text().size() > MaxFileBytes(limits)) return gatherer.Finish();
  // Named references, not a structured binding: lambdas below capture them (clang 14).
  ScriptReading reading = StartReading(options, source);
  auto& vars = reading.vars;
  auto& split = reading.split;
  auto& parse = reading.parse;
  split.record = statements;
  Diagnostics ignored;
  LineCounter lines(source.text());
  NameScratch scratch;
  lexer::SplitScript(source, vars, ignored, split, [&](lexer::StatementText&& st) {
    if (st.command == lexer::CommandKind::Set) parser::ApplySetting(st.SetKey(), st.SetValue(), parse);
    if (st.command != lexer::CommandKind::None || st.text().size() > limits.max_statement_bytes) return;
    const StatementKind kind = lexer::GuessStatementKind(st.text(), /*tell_ctas=*/false);
    if (!MaySayAboutSchema(kind)) return;
    if (kind == StatementKind::Alter && !AlterMaySayAboutSchema(st.text())) return;
    const bool names_tables = kind == StatementKind::Query || kind == StatementKind::Insert ||
                              kind == StatementKind::Update || kind == StatementKind::Delete ||
                              kind == StatementKind::Merge;
    Arena arena;
    Diagnostics diags;
    try {
      const ast::Statement* stmt =
          parser::ParseStatementIf(st.text(), arena, parse, diags, [&](std::span<const lexer::Token> toks) {
            return !names_tables ||
                   MayNameUndeclaredTable(st.text(), toks, gatherer, parse.sql11_keywords_as_names, scratch);
          });
      if (stmt == nullptr) return;
      lines.StartStatement(st.span.begin);
      gatherer.Statement(*stmt, [&](Span span) { return lines.LineOf(st.ToOriginal(span).begin); });
    } catch (const std::exception&) {
      // The analysis meets the same statement and reports what went wrong.
    }
  });
  return gatherer.Finish();
}

void GatherScripts(const std::vector<InputFile>& inputs, const AnalyzeOptions& options, int jobs,
                   const std::function<void(size_t, lineage::ScriptFacts&&)>& sink, KeptInputs* keep) {
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < inputs.size(); i = next++) {
      LoadedInput in = LoadForGather(inputs[i], MaxFileBytes(options.limits));
      lexer::StatementSpans* statements = keep != nullptr ? Keep(in, i, *keep) : nullptr;
      lineage::ScriptFacts facts;
      facts.file = inputs[i].name;
      // A sync job (sync/sync_job.h) says nothing of the schema as SQL does.
      if (!in.unreadable && !sync::IsJobFileName(inputs[i].name)) facts = GatherScript(*in.source, options, statements);
      sink(i, std::move(facts));
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
}

std::vector<lineage::ScriptFacts> GatherScripts(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                int jobs) {
  std::vector<lineage::ScriptFacts> out(inputs.size());
  GatherScripts(inputs, options, jobs, [&](size_t i, lineage::ScriptFacts&& facts) { out[i] = std::move(facts); });
  return out;
}

lineage::WarehouseSchema LearnWarehouse(const std::vector<InputFile>& inputs, const AnalyzeOptions& options, int jobs,
                                        const lineage::Catalog& given) {
  return lineage::MergeFacts(GatherScripts(inputs, options, jobs), given);
}

std::shared_ptr<const lineage::Catalog> LearnCatalog(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                     int jobs, std::shared_ptr<const lineage::Catalog> given,
                                                     KeptInputs* keep) {
  // Each script's facts merged as soon as those of every script before it
  // are (the merge goes in input order), then dropped: a run over a big
  // warehouse holds the merged tables, not every script's facts. Threads take
  // inputs in order; those finished while an earlier, longer one is still
  // being gathered wait for it.
  lineage::FactsMerger merger(*given, /*evidence=*/false);
  std::mutex mu;
  std::map<size_t, lineage::ScriptFacts> waiting;
  size_t next = 0;
  GatherScripts(inputs, options, jobs, [&](size_t i, lineage::ScriptFacts&& facts) {
    std::lock_guard<std::mutex> lock(mu);
    if (i != next) {
      waiting.emplace(i, std::move(facts));
      return;
    }
    merger.Add(facts);
    for (++next; !waiting.empty() && waiting.begin()->first == next; ++next) {
      merger.Add(waiting.begin()->second);
      waiting.erase(waiting.begin());
    }
  }, keep);
  return lineage::LearnedCatalog(merger.Finish(), std::move(given));
}

}  // namespace hivelineage::driver
