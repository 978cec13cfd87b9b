#include "sync/sync_job.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <utility>

#include "base/arena.h"
#include "base/strings.h"
#include "parser/parser.h"
#include "rewrite/pipeline.h"
#include "sync/datax.h"
#include "sync/seatunnel.h"
#include "sync/sqoop.h"

namespace hivelineage::sync {
namespace {

std::string Extension(std::string_view name) {
  return ToLower(std::filesystem::path(std::string(name)).extension().string());
}

void SortUnique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// `prefix` + rest when `name` starts with `from` + '.', else `name`.
std::string Rename(const std::string& name, const std::vector<std::pair<std::string, std::string>>& tables) {
  for (const auto& [from, to] : tables)
    if (name.size() > from.size() && name.starts_with(from) && name[from.size()] == '.')
      return Cat(to, name.substr(from.size()));
  return name;
}

// Drops the scheme and authority of a URI path: hdfs://ns:8020/a/b -> /a/b.
std::string_view PathPart(std::string_view path) {
  if (const size_t scheme = path.find("://"); scheme != std::string_view::npos) {
    const size_t slash = path.find('/', scheme + 3);
    return slash == std::string_view::npos ? std::string_view("/") : path.substr(slash);
  }
  return path;
}

std::string TrimSlashes(std::string_view p) {
  std::string out;
  for (char c : p)
    if (c != '/' || out.empty() || out.back() != '/') out.push_back(c);
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

parser::ParseOptions SourceParseOptions(std::string_view system) {
  parser::ParseOptions options;
  const std::string_view scheme = system.substr(0, system.find("://"));
  // MySQL's (and its kin's) backquotes are Hive's too; the others quote
  // names with "...", PostgreSQL casts with `::`, Oracle marks outer joins `(+)`,
  // SQL Server brackets names `[...]` and limits rows with `SELECT TOP n`.
  if (scheme == "postgresql" || scheme == "oracle" || scheme == "sqlserver")
    options.lex.double_quoted_identifiers = true;
  options.postfix_casts = scheme == "postgresql";
  options.outer_join_marks = scheme == "oracle";
  options.lex.bracketed_identifiers = scheme == "sqlserver";
  options.select_top = scheme == "sqlserver";
  return options;
}

bool IsJobFileName(std::string_view name) {
  const std::string ext = Extension(name);
  return ext == ".json" || ext == ".conf" || ext == ".hocon" || ext == ".sh";
}

bool LooksLikeJobJson(std::string_view text) {
  // Top-level keys only: a cheap look that never parses a large file.
  size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) ++i;
  if (i >= text.size() || text[i] != '{') return false;
  const std::string_view head = text.substr(0, 1 << 16);
  const bool datax = head.find("\"job\"") != std::string_view::npos && head.find("\"content\"") != std::string_view::npos;
  const bool seatunnel = head.find("\"source\"") != std::string_view::npos && head.find("\"sink\"") != std::string_view::npos;
  return datax || seatunnel;
}

JobResult ReadJob(const SourceFile& file, const SyncOptions& options) {
  const std::string ext = Extension(file.name());
  const std::string_view text = file.text();
  if (ext == ".sh") return ReadSqoopScript(text, options);
  if (ext == ".conf" || ext == ".hocon") return ReadSeaTunnel(text, /*json=*/false, options);
  // .json: DataX has `job`, SeaTunnel `source`/`sink`.
  size_t i = 0;
  while (i < text.size() && text[i] != '"' && text[i] != '{') ++i;
  const std::string_view head = text.substr(0, 1 << 16);
  if (head.find("\"job\"") == std::string_view::npos && head.find("\"source\"") != std::string_view::npos)
    return ReadSeaTunnel(text, /*json=*/true, options);
  return ReadDataX(text, options);
}

Side TableSide(const std::string& table, const std::vector<std::string>& columns, uint32_t at) {
  Side side;
  side.tables.push_back(table);
  side.at = at;
  side.columns_known = !columns.empty() && std::find(columns.begin(), columns.end(), "*") == columns.end();
  if (!side.columns_known) return side;
  for (const std::string& c : columns) {
    const std::string name = ToLower(c);
    side.columns.push_back(SideColumn{name, {Cat(table, ".", name)}, name});
  }
  return side;
}

Side QuerySide(std::string_view sql, std::string_view system, std::string_view database, const SyncOptions& options,
               uint32_t at, Diagnostics& diagnostics) {
  Side side;
  side.at = at;
  // Read by the analyzer's one grammar, with the switches of the source's
  // dialect: the select list and the tables are what column lineage needs.
  std::string text(sql);
  while (!text.empty() && (text.back() == ';' || text.back() == ' ' || text.back() == '\n')) text.pop_back();
  text.append(SourceFile::kPadding + 1, '\0');
  const std::string_view body(text.data(), text.size() - SourceFile::kPadding - 1);
  Arena arena;
  Diagnostics diags;
  lineage::Session session;
  session.current_database = database.empty() ? "default" : ToLower(database);
  lineage::StatementLineage lin;
  try {
    ast::Statement* stmt = parser::ParseStatement(body, arena, SourceParseOptions(system), diags);
    if (stmt == nullptr) {
      std::string first = "could not be parsed";
      for (const Diagnostic& d : diags)
        if (d.severity == Severity::Error) {
          first = d.message;
          break;
        }
      diagnostics.push_back(
          Diagnostic{Severity::Error, Span{at, at}, Cat("query: ", first), DiagnosticCode::SyncQueryError});
      return side;
    }
    lin = lineage::ComputeLineage(rewrite::RunPipeline(*stmt, arena), session);
  } catch (const std::exception& e) {
    diagnostics.push_back(Diagnostic{Severity::Error, Span{at, at}, Cat("internal error in the query: ", e.what()),
                                     DiagnosticCode::InternalError});
    return side;
  }
  for (const Diagnostic& d : lin.diagnostics)
    if (d.severity != Severity::Note)
      diagnostics.push_back(Diagnostic{d.severity, Span{at, at}, Cat("query: ", d.message), d.code});
  std::vector<std::pair<std::string, std::string>> names;
  for (const std::string& t : lin.inputs) {
    std::string full = system.empty() ? t : QualifiedName(system, t, options.systems);
    names.emplace_back(t, full);
    side.tables.push_back(std::move(full));
  }
  // Longest table first, so that `a.b` never takes a name of `a.bc`.
  std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  side.columns_known = true;
  for (const lineage::ColumnLineage& c : lin.columns) {
    SideColumn col{ToLower(c.target), {}, c.expression, c.derivation};
    for (const std::string& s : c.sources) col.sources.push_back(Rename(s, names));
    side.columns.push_back(std::move(col));
  }
  for (lineage::PredicateLineage p : lin.predicates) {
    for (std::string& s : p.sources) s = Rename(s, names);
    p.targets.clear();
    side.predicates.push_back(std::move(p));
  }
  return side;
}

std::vector<std::string> CatalogColumns(const std::string& table, const SyncOptions& options) {
  std::vector<std::string> out;
  if (options.catalog == nullptr) return out;
  const lineage::CatalogTable* t = options.catalog->Find(table);
  if (t == nullptr) return out;
  for (const lineage::CatalogColumn& c : t->columns) out.push_back(c.name);
  for (const lineage::CatalogColumn& c : t->partition_columns) out.push_back(c.name);
  return out;
}

namespace {

// The folders of a path, `/a/b/c` -> {a, b, c}.
std::vector<std::string_view> Folders(std::string_view p) {
  std::vector<std::string_view> parts;
  while (!p.empty()) {
    const size_t slash = p.find('/');
    if (slash != 0) parts.push_back(p.substr(0, slash));
    p = slash == std::string_view::npos ? std::string_view() : p.substr(slash + 1);
  }
  return parts;
}

bool IsPartitionFolder(std::string_view folder) { return folder.find('=') != std::string_view::npos; }

// Whether what follows a table's folder, parts [from, end), is its partition
// folders (k=v, any depth) and at most a file name at the end.
bool InTableFolder(const std::vector<std::string_view>& parts, size_t from) {
  for (size_t i = from; i < parts.size(); ++i)
    if (!IsPartitionFolder(parts[i]) && i + 1 != parts.size()) return false;
  return true;
}

// `p` (normalised) below the folder `folder` (normalised), as a table's folder holds it.
bool UnderFolder(const std::string& p, const std::string& folder) {
  if (folder.empty() || folder == "/") return false;
  if (p == folder) return true;
  if (p.size() <= folder.size() + 1 || !p.starts_with(folder) || p[folder.size()] != '/') return false;
  return InTableFolder(Folders(std::string_view(p).substr(folder.size() + 1)), 0);
}

}  // namespace

std::vector<std::string> FileColumns(const std::string& table, const SyncOptions& options) {
  std::vector<std::string> out;
  const lineage::CatalogTable* t = options.catalog != nullptr ? options.catalog->Find(table) : nullptr;
  if (t != nullptr)
    for (const lineage::CatalogColumn& c : t->columns) out.push_back(c.name);
  return out;
}

std::string NormalPath(std::string_view path) { return TrimSlashes(PathPart(path)); }

std::string TableOfPath(std::string_view path, const SyncOptions& options, bool* linked) {
  if (linked != nullptr) *linked = false;
  const std::string p = NormalPath(path);
  // A LOCATION declared in DDL or the catalog first: the longest that holds the path.
  if (options.catalog != nullptr) {
    const lineage::CatalogTable* best = nullptr;
    size_t best_size = 0;
    for (const lineage::CatalogTable* t : options.catalog->Tables()) {
      if (t->location.empty()) continue;
      const std::string folder = NormalPath(t->location);
      if (folder.size() > best_size && UnderFolder(p, folder)) {
        best = t;
        best_size = folder.size();
      }
    }
    if (best != nullptr) {
      if (linked != nullptr) *linked = true;
      return best->name;
    }
  }
  // Hive's default folder: <warehouse>/<db>.db/<table>[/k=v...] or <warehouse>/<table>[/k=v...] (default).
  const std::string warehouse = NormalPath(options.warehouse_dir);
  if (!warehouse.empty() && p.size() > warehouse.size() + 1 && p.starts_with(warehouse) && p[warehouse.size()] == '/') {
    const std::vector<std::string_view> parts = Folders(std::string_view(p).substr(warehouse.size() + 1));
    std::string table;
    size_t used = 0;
    if (parts.size() >= 2 && parts[0].ends_with(".db")) {
      table = Cat(ToLower(parts[0].substr(0, parts[0].size() - 3)), ".", ToLower(parts[1]));
      used = 2;
    } else if (!parts.empty() && !IsPartitionFolder(parts[0])) {
      table = Cat("default.", ToLower(parts[0]));
      used = 1;
    }
    if (!table.empty() && InTableFolder(parts, used)) {
      if (linked != nullptr) *linked = true;
      return table;
    }
  }
  return DirectoryOfPath(path);
}

std::string DirectoryOfPath(std::string_view path) {
  // The folder that partition folders are made in: `/staging/crm/dt=1` is `/staging/crm`'s.
  std::string p = NormalPath(path);
  while (true) {
    const size_t slash = p.rfind('/');
    if (slash == std::string::npos || slash == 0 || !IsPartitionFolder(std::string_view(p).substr(slash + 1))) break;
    p.resize(slash);
  }
  return Cat("directory:", p);
}

uint32_t ValueEnd(std::string_view text, uint32_t begin) {
  if (begin >= text.size() || (text[begin] != '{' && text[begin] != '[')) return begin + 1;
  int depth = 0;
  for (size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      if (text.substr(i, 3) == R"(""")") {  // HOCON's triple-quoted string
        const size_t end = text.find(R"(""")", i + 3);
        if (end == std::string_view::npos) break;
        i = end + 2;
        continue;
      }
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
    } else if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return static_cast<uint32_t>(i + 1);
    }
  }
  return begin + 1;
}

JobStatement Transfer(Side reader, const Side& writer, bool by_name, Span span, std::string_view tool) {
  JobStatement st;
  st.span = span;
  lineage::StatementLineage& lin = st.lineage;
  lin.inputs = reader.tables;
  lin.outputs = writer.tables;
  SortUnique(lin.inputs);
  SortUnique(lin.outputs);
  const std::string target_table = writer.tables.empty() ? std::string() : writer.tables.front();
  if (target_table.empty()) return st;
  if (writer.columns_known)
    for (const SideColumn& c : writer.columns) st.written_columns.push_back(c.name);
  auto add = [&](const SideColumn& from, const std::string& to) {
    lineage::ColumnLineage c;
    c.target = Cat(target_table, ".", to);
    c.sources = from.sources;
    SortUnique(c.sources);
    c.expression = from.expression;
    c.derivation = from.derivation;
    c.type = c.derivation == lineage::Derivation::Identity ? lineage::ColumnLineage::Type::Simple
                                                          : lineage::ColumnLineage::Type::Expression;
    lin.columns.push_back(std::move(c));
  };
  if ((!reader.columns_known && !reader.names_carry) || (!writer.columns_known && !writer.names_carry)) {
    // Table lineage only (the side said why).
  } else if (!reader.columns_known && !writer.columns_known) {
    st.diagnostics.push_back(Diagnostic{Severity::Note, Span{writer.at, writer.at},
                                        Cat(tool, ": neither side lists its columns; table lineage only"),
                                        DiagnosticCode::SyncColumnsUnknown});
  } else if (by_name || !reader.columns_known || !writer.columns_known) {
    // By name: a writer column takes the reader column of its name; a side
    // that lists none takes the other's names.
    const std::vector<SideColumn>& names = writer.columns_known ? writer.columns : reader.columns;
    for (const SideColumn& w : names) {
      if (!reader.columns_known) {
        add(SideColumn{w.name, {Cat(reader.tables.empty() ? "" : reader.tables.front(), ".", w.name)}, w.name}, w.name);
        continue;
      }
      auto it = std::find_if(reader.columns.begin(), reader.columns.end(),
                             [&](const SideColumn& r) { return r.name == w.name; });
      if (it != reader.columns.end()) {
        add(*it, w.name);
      } else {
        st.diagnostics.push_back(Diagnostic{Severity::Warning, Span{writer.at, writer.at},
                                            Cat(tool, ": column `", w.name, "` is not among the reader's columns"),
                                            DiagnosticCode::SyncColumnMismatch});
      }
    }
    if (!reader.columns_known && reader.tables.size() != 1) lin.columns.clear();
  } else {
    const size_t n = std::min(reader.columns.size(), writer.columns.size());
    if (reader.columns.size() != writer.columns.size())
      st.diagnostics.push_back(
          Diagnostic{Severity::Warning, Span{writer.at, writer.at},
                     Cat(tool, ": the reader has ", reader.columns.size(), " columns and the writer ",
                         writer.columns.size(), "; the first ", n, " are mapped by position, the rest have no lineage"),
                     DiagnosticCode::SyncColumnMismatch});
    for (size_t i = 0; i < n; ++i) add(reader.columns[i], writer.columns[i].name);
  }
  std::vector<std::string> targets;
  for (const lineage::ColumnLineage& c : lin.columns) targets.push_back(c.target);
  for (lineage::PredicateLineage& p : reader.predicates) {
    p.targets = targets;
    p.governs_all = true;  // a reader's condition chooses the rows of every column written
    lin.predicates.push_back(std::move(p));
  }
  std::sort(lin.columns.begin(), lin.columns.end(),
            [](const lineage::ColumnLineage& a, const lineage::ColumnLineage& b) { return a.target < b.target; });
  return st;
}

}  // namespace hivelineage::sync
