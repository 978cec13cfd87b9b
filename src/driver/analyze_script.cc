#include "driver/analyze_script.h"

#include <fnmatch.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>

#include "base/arena.h"
#include "base/strings.h"
#include "lexer/script.h"
#include "rewrite/pipeline.h"
#include "sync/load_data.h"
#include "sync/sync_job.h"

namespace hivelineage::driver {
namespace {

constexpr uint64_t kOffsetCeiling = std::numeric_limits<uint32_t>::max() - SourceFile::kPadding - 1;

// A LOAD DATA INPATH of a path the run's sync jobs write reads what they wrote (sync/load_data.h).
void LinkLoadToJobs(const ast::Statement& stmt, const AnalyzeOptions& options, const lineage::Session& session,
                    lineage::StatementLineage& lineage) {
  const auto* load = ast::DynCast<ast::LoadDataStatement>(&stmt);
  if (load == nullptr || load->local || options.job_outputs == nullptr || lineage.outputs.size() != 1) return;
  sync::SyncOptions sync_options;
  sync_options.systems = options.systems.get();
  sync_options.warehouse_dir = options.warehouse_dir;
  sync_options.catalog = &session.catalog;
  sync::LinkLoadData(load->path, lineage.outputs.front(), *options.job_outputs, sync_options, lineage);
}

void AnalyzeSql(const lexer::StatementText& st, const parser::ParseOptions& parse, lineage::Session& session,
                const AnalyzeOptions& options, StatementResult& r) {
  AstObserver* observer = options.ast_observer;
  Diagnostics diags;
  // One arena per statement: the AST dies as soon as its lineage is known.
  Arena arena;
  const std::string_view text = st.text();
  try {
    ast::Statement* stmt = parser::ParseStatement(text, arena, parse, diags);
    if (stmt != nullptr) {
      r.parsed = true;
      r.kind = parser::StatementKindOf(stmt);
      // Lineage runs over the rewritten tree, with what the passes recorded.
      r.lineage = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
      LinkLoadToJobs(*stmt, options, session, r.lineage);
      for (Diagnostic& d : r.lineage.diagnostics) diags.push_back(std::move(d));
      r.lineage.diagnostics.clear();
      if (observer != nullptr) observer->Statement(*stmt, session, r);
    } else {
      r.kind = lexer::GuessStatementKind(text);
      // One error for a statement that does not parse (the first: later
      // ones are mostly its echoes, and a stretch of junk would give dozens).
      bool first_error = true;
      std::erase_if(diags, [&](const Diagnostic& d) {
        if (d.severity != Severity::Error) return false;
        const bool drop = !first_error;
        first_error = false;
        return drop;
      });
      if (first_error)
        diags.push_back(Diagnostic{Severity::Error, Span{0, 0}, "statement could not be parsed",
                                   DiagnosticCode::StatementNotParsed});
    }
  } catch (const std::exception& e) {
    // A bug in one statement's analysis must not take the whole run down.
    if (!r.parsed) r.kind = lexer::GuessStatementKind(text);
    r.lineage = lineage::StatementLineage{};
    diags.push_back(
        Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what()), DiagnosticCode::InternalError});
  }
  for (Diagnostic& d : diags) {
    d.span = st.ToOriginal(d.span);
    r.diagnostics.push_back(std::move(d));
  }
}

// The other dialect when `text`, which does not parse in its own, parses in it.
std::optional<Dialect> OtherDialectOf(std::string_view text, const parser::ParseOptions& parse) {
  parser::ParseOptions other = parse;
  other.dialect = parse.dialect == Dialect::Spark ? Dialect::Hive : Dialect::Spark;
  Arena arena;
  Diagnostics diags;
  const ast::Statement* stmt = parser::ParseStatement(text, arena, other, diags);
  // A statement the other dialect only keeps as text (Hive's CREATE FUNCTION ... RETURN) is no sign.
  if (stmt == nullptr || stmt->kind == ast::NodeKind::OtherStatement) return std::nullopt;
  return other.dialect;
}

// "Spark SQL", "HiveQL": a dialect as people call it.
std::string_view DialectTitle(Dialect d) { return d == Dialect::Spark ? "Spark SQL" : "HiveQL"; }

// Offset of the first error of `text` parsed alone, or nullopt when it parses.
std::optional<uint32_t> FirstError(std::string_view text, const parser::ParseOptions& parse) {
  Arena arena;
  Diagnostics diags;
  if (parser::ParseStatement(text, arena, parse, diags) != nullptr) return std::nullopt;
  for (const Diagnostic& d : diags)
    if (d.severity == Severity::Error) return d.span.begin;
  return 0;
}

// Where a statement that does not parse should be cut so that the text
// after the cut is analysed on its own: the first line at or after the line
// of the parse error that starts a statement (lexer::StatementLineStarts)
// and parses, or fails only where another such line starts (a `;` missing
// there too). Pasted shell lines, prompts, prose and missing semicolons cost
// one error, never the statements after them; a statement's own FROM and
// SELECT lines are no cut, as the text after them does not parse. 0 when
// there is no such line.
uint32_t FindResumption(std::string_view text, const parser::ParseOptions& parse) {
  const std::optional<uint32_t> error_at = FirstError(text, parse);
  if (!error_at) return 0;
  constexpr size_t kMaxTries = 8;  // each try parses the rest of the statement
  for (uint32_t at : lexer::StatementLineStarts(text, *error_at, kMaxTries)) {
    if (at == 0) continue;
    const std::string_view rest = text.substr(at);
    const std::optional<uint32_t> rest_error = FirstError(rest, parse);
    if (!rest_error) return at;
    const std::vector<uint32_t> next = lexer::StatementLineStarts(rest, *rest_error, 1);
    if (*rest_error > 0 && !next.empty() && next[0] == *rest_error) return at;
  }
  return 0;
}

// A sync job file (sync/sync_job.h): each transfer is handed out as a
// statement, so the graph, the store and the checks take it as they take SQL.
void AnalyzeJob(FileResult& file, lineage::Session& session, const AnalyzeOptions& options,
                StatementObserver& observer) {
  const SourceFile& source = *file.source;
  const ScriptReading reading = StartReading(options, source);
  sync::SyncOptions sync_options;
  sync_options.systems = options.systems.get();
  sync_options.warehouse_dir = options.warehouse_dir;
  sync_options.catalog = &session.catalog;
  sync_options.variables = &reading.vars;
  sync::JobResult job;
  try {
    job = sync::ReadJob(source, sync_options);
  } catch (const std::exception& e) {
    file.diagnostics.push_back(
        Diagnostic{Severity::Error, Span{0, 0}, Cat("internal error: ", e.what()), DiagnosticCode::InternalError});
    return;
  }
  for (Diagnostic& d : job.diagnostics) file.diagnostics.push_back(std::move(d));
  uint32_t index = 0;
  for (sync::JobStatement& js : job.statements) {
    StatementResult r;
    r.index = index++;
    r.span = js.span;
    r.start = source.Locate(js.span.begin);
    r.kind = StatementKind::Sync;
    r.parsed = true;
    r.database = options.default_database;
    r.lineage = std::move(js.lineage);
    r.diagnostics = std::move(js.diagnostics);
    std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
    observer.Statement(file, std::move(r));
  }
}

}  // namespace

uint64_t MaxFileBytes(const Limits& limits) { return std::min<uint64_t>(limits.max_file_bytes, kOffsetCeiling); }

Dialect ScriptDialect(const AnalyzeOptions& options, const SourceFile& source) {
  if (const std::optional<Dialect> said = DialectOfFirstLine(source.text())) return *said;
  // The whole path, or any tail of it after a `/`: `spark/*` matches warehouse/spark/a.sql.
  const std::string name(source.name());
  for (const auto& [glob, dialect] : options.dialect_map) {
    for (size_t from = 0; from != std::string::npos;) {
      if (fnmatch(glob.c_str(), name.c_str() + from, 0) == 0) return dialect;
      const size_t slash = name.find('/', from);
      from = slash == std::string::npos ? slash : slash + 1;
    }
  }
  return options.parse.dialect;
}

ScriptReading StartReading(const AnalyzeOptions& options, const SourceFile& source) {
  ScriptReading r;
  r.vars.allow_env = options.allow_env;
  r.parse = options.parse;
  r.parse.dialect = ScriptDialect(options, source);
  r.parse.max_depth = options.limits.max_nesting_depth;
  for (const auto& [name, value] : options.variables) {
    r.vars.Define(name, value);
    // --hiveconf NAME=VALUE is a setting too (hive.support.quoted.identifiers).
    std::string_view key = name;
    if (constexpr std::string_view kHiveconf = "hiveconf:"; key.starts_with(kHiveconf)) key.remove_prefix(kHiveconf.size());
    parser::ApplySetting(key, value, r.parse);
  }
  r.split.max_statements = options.limits.max_statements;
  return r;
}

lineage::StatementFacts StatementResult::Facts() const {
  lineage::StatementFacts f = lineage::MakeStatementFacts(kind, parsed, lineage);
  f.index = index;
  f.span = span;
  f.start = start;
  f.database = database;
  f.has_error = has_error();
  return f;
}

bool StatementResult::has_error() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

bool FileResult::has_error() const {
  if (unreadable) return true;
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  for (const StatementResult& s : statements)
    if (s.has_error()) return true;
  return false;
}

void AnalyzeScript(FileResult& file, lineage::Session& session, const AnalyzeOptions& options,
                   StatementObserver& observer, VariableDefinitions* final_variables,
                   const lexer::StatementSpans* statements) {
  const SourceFile& source = *file.source;
  session.current_database = options.default_database;  // USE does not reach the next script
  session.autogen_label = "_c";                          // nor does a set line
  session.map_aggr = true;
  session.cbo_returnpath = false;
  session.session_variables.clear();  // nor a Spark session variable
  // The line table is built on first use and then only read. Build it now,
  // before any result is handed to another thread (which renders positions
  // from the same SourceFile), so that it is never built by two at once.
  source.Locate(0);
  const Limits& limits = options.limits;
  // Offsets are 32-bit throughout, so 4 GiB is a hard ceiling whatever the limit says.
  const uint64_t size = source.text().size();
  if (size > MaxFileBytes(limits)) {
    file.diagnostics.push_back(Diagnostic{
        Severity::Error, Span{0, 0},
        Cat("file is ", size, " bytes, more than the limit of ", MaxFileBytes(limits), " bytes; not analysed"),
        DiagnosticCode::FileTooLarge});
    return;
  }
  if (sync::IsJobFileName(source.name())) {
    AnalyzeJob(file, session, options, observer);
    return;
  }

  // Named references, not a structured binding: lambdas below capture them (clang 14).
  ScriptReading reading = StartReading(options, source);
  auto& vars = reading.vars;
  auto& split = reading.split;
  auto& parse = reading.parse;
  split.replay = statements;
  session.spark_names = parse.dialect == Dialect::Spark;
  session.spark_case_sensitive = false;  // Spark's settings hold for one script

  // Statements are analysed as the splitter finds them, so only the one at
  // hand is held. Splitting diagnostics go to the statement they fall in, or
  // to the file when they fall between statements.
  Diagnostics split_diags;
  uint32_t index = 0;
  auto take_split_diags = [&](const Span* statement, Diagnostics& to) {
    size_t kept = 0;  // diagnostics past this statement wait, at the front, for the next one
    for (size_t i = 0; i < split_diags.size(); ++i) {
      Diagnostic& d = split_diags[i];
      if (statement != nullptr && d.span.begin > statement->end) {
        if (kept != i) split_diags[kept] = std::move(d);  // never onto itself: that would empty it
        ++kept;
      } else if (statement != nullptr && d.span.begin >= statement->begin) {
        to.push_back(std::move(d));
      } else {
        file.diagnostics.push_back(std::move(d));
      }
    }
    split_diags.resize(kept);
  };

  // A statement of the other dialect (docs/dialects.md, "A script of the
  // other dialect"): the first gets one error naming the dialect and the
  // flag, the later ones a note each, so a Spark script run as HiveQL costs
  // one error, not one per statement; each statement stays located.
  bool other_dialect_said = false;
  bool other_dialect = false;  // the statement at hand reads as the other dialect (no cut)
  auto note_other_dialect = [&](const lexer::StatementText& st, StatementResult& r) {
    other_dialect = false;
    if (r.parsed || st.command != lexer::CommandKind::None) return;
    const auto said = OtherDialectOf(st.text(), parse);
    if (!said) return;
    other_dialect = true;
    for (Diagnostic& d : r.diagnostics) {
      if (d.severity != Severity::Error) continue;
      const std::string_view name = DialectTitle(*said);
      const std::string_view flag = DialectName(*said);
      if (!other_dialect_said) {
        d.message = Cat("this is ", name, ", not ", DialectTitle(parse.dialect), "; run with --dialect ", flag,
                        " (or make `-- dialect: ", flag, "` the file's first line); as ",
                        DialectTitle(parse.dialect), ": ", d.message);
      } else {
        d.severity = Severity::Note;
        d.message = Cat("read as ", name, " (see this file's first error): ", d.message);
      }
      d.code = DiagnosticCode::OtherDialect;
      other_dialect_said = true;
      break;
    }
  };

  // One statement's result; its index and the splitter's diagnostics come when it is handed out.
  auto analyze = [&](const lexer::StatementText& st) {
    StatementResult r;
    r.span = st.span;
    r.start = source.Locate(st.span.begin);
    r.database = session.current_database;
    if (st.command != lexer::CommandKind::None) {
      r.kind = StatementKind::Command;
      if (st.command == lexer::CommandKind::Set) {
        parser::ApplySetting(st.SetKey(), st.SetValue(), parse);
        lineage::ApplySetting(st.SetKey(), st.SetValue(), session);
      }
      if (st.command == lexer::CommandKind::Source) {
        r.diagnostics.push_back(Diagnostic{
            Severity::Note, st.span,
            Cat("source ", lexer::CommandArgument(st.text()), " is not followed; analyse that file separately"),
            DiagnosticCode::SourceNotFollowed});
      }
    } else if (st.text().size() > limits.max_statement_bytes) {
      r.kind = lexer::GuessStatementKind(st.text());
      r.diagnostics.push_back(Diagnostic{Severity::Error, Span{st.span.begin, st.span.begin},
                                         Cat("statement is ", st.text().size(), " bytes, more than the limit of ",
                                             limits.max_statement_bytes, " bytes; not analysed"),
                                         DiagnosticCode::StatementTooLarge});
    } else {
      AnalyzeSql(st, parse, session, options, r);
      note_other_dialect(st, r);
    }
    return r;
  };
  auto hand_out = [&](StatementResult&& r) {
    r.index = index++;
    take_split_diags(&r.span, r.diagnostics);
    std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
    observer.Statement(file, std::move(r));
  };

  lexer::SplitScript(source, vars, split_diags, split, [&](lexer::StatementText&& st) {
    if (index >= limits.max_statements) {
      // The splitter stops one past the limit: report there and drop it.
      take_split_diags(nullptr, file.diagnostics);
      file.diagnostics.push_back(Diagnostic{
          Severity::Error, Span{st.span.begin, st.span.begin},
          Cat("more than ", limits.max_statements, " statements in one file; the rest of the file is not analysed"),
          DiagnosticCode::TooManyStatements});
      return;
    }
    // A statement that does not parse is cut before a line that starts one
    // (junk or a missing `;` before it): each part is analysed on its own.
    while (true) {
      StatementResult r = analyze(st);
      const bool sql = st.command == lexer::CommandKind::None && st.text().size() <= limits.max_statement_bytes;
      const uint32_t cut =
          !sql || r.parsed || other_dialect || index + 1 >= limits.max_statements ? 0 : FindResumption(st.text(), parse);
      if (cut == 0) {
        hand_out(std::move(r));
        return;
      }
      lexer::StatementText rest = lexer::SubStatement(st, cut, static_cast<uint32_t>(st.text().size()));
      hand_out(analyze(lexer::SubStatement(st, 0, cut)));
      st = std::move(rest);
    }
  });
  take_split_diags(nullptr, file.diagnostics);  // after the last statement
  if (final_variables != nullptr) *final_variables = vars.Definitions();
}

FileResult AnalyzeScript(std::shared_ptr<const SourceFile> source, lineage::Session& session,
                         const AnalyzeOptions& options, VariableDefinitions* final_variables) {
  class Collect : public StatementObserver {
   public:
    void Statement(const FileResult&, StatementResult&& statement) override {
      statements.push_back(std::move(statement));
    }
    std::vector<StatementResult> statements;
  };
  FileResult result;
  result.source = std::move(source);
  Collect collect;
  AnalyzeScript(result, session, options, collect, final_variables);
  result.statements = std::move(collect.statements);
  return result;
}

}  // namespace hivelineage::driver
