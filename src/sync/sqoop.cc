#include "sync/sqoop.h"

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "base/strings.h"

namespace hivelineage::sync {
namespace {

struct Word {
  std::string text;
  uint32_t at = 0;  // offset of its first byte in the script
};

// A command: its words, where it starts and ends.
struct Command {
  std::vector<Word> words;
  Span span;
};

bool IsNameChar(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

class ShellReader {
 public:
  ShellReader(std::string_view text, const SyncOptions& options, Diagnostics& diags)
      : text_(text), options_(options), diags_(diags) {}

  // The next command (words up to a newline not continued, `;`, `&&`, `||`, `|`), or nothing at the end.
  std::optional<Command> Next() {
    while (pos_ < text_.size()) {
      Command cmd;
      bool end = false;
      while (!end && pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
          pos_ += 2;
        } else if (c == '\\' && pos_ + 2 < text_.size() && text_[pos_ + 1] == '\r' && text_[pos_ + 2] == '\n') {
          pos_ += 3;
        } else if (c == ' ' || c == '\t' || c == '\r') {
          ++pos_;
        } else if (c == '\n' || c == ';' || c == '|' || c == '&') {
          ++pos_;
          end = true;
        } else if (c == '#') {  // at a word's start: a comment to the end of the line
          while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        } else {
          if (cmd.words.empty()) cmd.span.begin = static_cast<uint32_t>(pos_);
          cmd.words.push_back(ReadWord());
          cmd.span.end = static_cast<uint32_t>(pos_);  // the command ends with its last word
        }
      }
      if (cmd.words.empty()) continue;
      // NAME=value alone (or after `export`) defines a shell variable for the lines after it.
      size_t first = cmd.words[0].text == "export" || cmd.words[0].text == "local" ? 1 : 0;
      bool assignments = first < cmd.words.size();
      for (size_t i = first; i < cmd.words.size(); ++i) {
        const std::string& w = cmd.words[i].text;
        const size_t eq = w.find('=');
        if (eq == std::string::npos || eq == 0) {
          assignments = false;
          break;
        }
        for (size_t k = 0; k < eq; ++k) assignments = assignments && IsNameChar(w[k]);
      }
      if (assignments) {
        for (size_t i = first; i < cmd.words.size(); ++i) {
          const std::string& w = cmd.words[i].text;
          const size_t eq = w.find('=');
          vars_[w.substr(0, eq)] = w.substr(eq + 1);
        }
        continue;
      }
      return cmd;
    }
    return std::nullopt;
  }

 private:
  // One word: quotes removed, variables substituted ($CONDITIONS stays).
  Word ReadWord() {
    Word w;
    w.at = static_cast<uint32_t>(pos_);
    char quote = 0;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (quote == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '|' || c == '&')) break;
      if (quote == 0 && c == '\\' && pos_ + 1 < text_.size()) {
        if (text_[pos_ + 1] == '\n') break;  // a continuation ends the word
        w.text.push_back(text_[pos_ + 1]);
        pos_ += 2;
        continue;
      }
      if ((c == '"' || c == '\'') && (quote == 0 || quote == c)) {
        quote = quote == 0 ? c : 0;
        ++pos_;
        continue;
      }
      if (c == '$' && quote != '\'') {
        Substitute(w.text);
        continue;
      }
      if (c == '\\' && quote == '"' && pos_ + 1 < text_.size() &&
          (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '$' || text_[pos_ + 1] == '\\')) {
        w.text.push_back(text_[pos_ + 1]);
        pos_ += 2;
        continue;
      }
      w.text.push_back(c);
      ++pos_;
    }
    return w;
  }

  // At `$`: $NAME, ${NAME}, ${NAME:-default}; an unknown one stays as written, with a warning.
  void Substitute(std::string& out) {
    const size_t start = pos_;
    ++pos_;
    std::string name, fallback;
    bool has_fallback = false;
    if (pos_ < text_.size() && text_[pos_] == '{') {
      const size_t close = text_.find('}', pos_);
      if (close == std::string_view::npos) {
        out.push_back('$');
        return;
      }
      std::string_view inner = text_.substr(pos_ + 1, close - pos_ - 1);
      if (const size_t d = inner.find(":-"); d != std::string_view::npos) {
        fallback = std::string(inner.substr(d + 2));
        has_fallback = true;
        inner = inner.substr(0, d);
      }
      name = std::string(inner);
      pos_ = close + 1;
    } else {
      while (pos_ < text_.size() && IsNameChar(text_[pos_])) name.push_back(text_[pos_++]);
      if (name.empty()) {
        out.push_back('$');
        return;
      }
    }
    if (name == "CONDITIONS") {
      out.append("$CONDITIONS");
      return;
    }
    if (auto it = vars_.find(name); it != vars_.end()) {
      out.append(it->second);
      return;
    }
    if (options_.variables != nullptr)
      if (std::optional<std::string> v = options_.variables->Lookup(name)) {
        out.append(*v);
        return;
      }
    if (has_fallback) {
      out.append(fallback);
      return;
    }
    diags_.push_back(Diagnostic{
        Severity::Warning, Span{static_cast<uint32_t>(start), static_cast<uint32_t>(pos_)},
        Cat("Sqoop: unknown shell variable `", name, "` (give it with --var ", name, "=VALUE); kept as written"),
        DiagnosticCode::SyncUnknownVariable});
    out.append(text_.substr(start, pos_ - start));
  }

  std::string_view text_;
  size_t pos_ = 0;
  const SyncOptions& options_;
  Diagnostics& diags_;
  std::map<std::string, std::string> vars_;
};

struct Opt {
  std::string value;
  uint32_t at = 0;
  bool given = false;
};

std::vector<std::string> SplitList(std::string_view s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string_view::npos) comma = s.size();
    std::string_view one = s.substr(pos, comma - pos);
    while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
    while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
    if (!one.empty()) out.push_back(ToLower(one));
    pos = comma + 1;
  }
  return out;
}

std::string Qualified(const Connection& c, std::string_view table, const SyncOptions& options) {
  std::string local = ToLower(table);
  if (local.find('.') == std::string::npos && !c.database.empty()) local = Cat(c.database, ".", local);
  return QualifiedName(c.system, local, options.systems);
}

std::string HiveName(std::string_view database, std::string_view table) {
  const std::string t = ToLower(table);
  if (t.find('.') != std::string::npos) return t;
  return Cat(database.empty() ? std::string("default") : ToLower(database), ".", t);
}

// `unlinked`: the paths of the script found in no table's folder, each noted once.
void ReadCommand(const Command& cmd, size_t tool, const SyncOptions& options, JobResult& out, Diagnostics diags,
                 std::set<std::string>& unlinked) {
  const bool import = cmd.words[tool].text == "import";
  std::map<std::string, Opt> opts;
  for (size_t i = tool + 1; i < cmd.words.size(); ++i) {
    const Word& w = cmd.words[i];
    if (!w.text.starts_with("--")) continue;
    std::string name = w.text.substr(2);
    Opt o;
    o.at = w.at;
    o.given = true;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      o.value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (i + 1 < cmd.words.size() && !cmd.words[i + 1].text.starts_with("--")) {
      o.value = cmd.words[i + 1].text;
      o.at = cmd.words[i + 1].at;
      ++i;
    }
    opts[name] = std::move(o);
  }
  auto get = [&](const char* name) -> const Opt& {
    static const Opt kNone;
    auto it = opts.find(name);
    return it == opts.end() ? kNone : it->second;
  };
  JobStatement failed;
  failed.span = cmd.span;
  const Opt& connect = get("connect");
  std::optional<Connection> conn = ParseJdbcUrl(connect.value);
  if (!conn) {
    const uint32_t at = connect.given ? connect.at : cmd.span.begin;
    diags.push_back(Diagnostic{
        Severity::Warning, Span{at, at},
        Cat("Sqoop: ", connect.given ? Cat("cannot read --connect '", connect.value, "'") : std::string("no --connect"),
            "; the command has no lineage"),
        DiagnosticCode::SyncBadConnection});
    failed.diagnostics = std::move(diags);
    out.statements.push_back(std::move(failed));
    return;
  }
  const Opt& table = get("table");
  const Opt& columns = get("columns");
  const Opt& hcat_table = get("hcatalog-table");
  const std::string hcat = hcat_table.given ? HiveName(get("hcatalog-database").value, hcat_table.value) : "";
  auto path_table = [&](const Opt& dir) {
    bool linked = false;
    std::string t = TableOfPath(dir.value, options, &linked);
    if (!linked && unlinked.insert(t).second)
      diags.push_back(Diagnostic{Severity::Note, Span{dir.at, dir.at},
                                 Cat("Sqoop: path '", dir.value, "' is in no Hive table's folder; kept as ", t),
                                 DiagnosticCode::SyncPathNotInTable});
    return t;
  };
  if (import) {
    Side reader;
    if (const Opt& q = get("query").given ? get("query") : get("e"); q.given) {
      std::string sql = q.value;
      for (size_t k; (k = sql.find("$CONDITIONS")) != std::string::npos;) sql.replace(k, 11, "1 = 1");
      reader = QuerySide(sql, conn->system, conn->database, options, q.at, diags);
    } else if (table.given) {
      const std::vector<std::string> cols = SplitList(columns.value);
      if (cols.empty()) {
        reader = TableSide(Qualified(*conn, table.value, options), {}, table.at);
      } else {
        std::string select;
        for (const std::string& c : cols) Append(select, select.empty() ? "" : ", ", c);
        const std::string where = get("where").value;
        reader = QuerySide(Cat("SELECT ", select, " FROM ", table.value, where.empty() ? "" : " WHERE ", where),
                           conn->system, conn->database, options, columns.at, diags);
      }
    } else {
      diags.push_back(Diagnostic{Severity::Warning, Span{cmd.words[tool].at, cmd.words[tool].at},
                                 "Sqoop: import names neither --table nor --query; the command has no lineage",
                                 DiagnosticCode::SyncMissingSetting});
      failed.diagnostics = std::move(diags);
      out.statements.push_back(std::move(failed));
      return;
    }
    std::string target;
    uint32_t target_at = cmd.words[tool].at;
    if (hcat_table.given) {
      target = hcat;
      target_at = hcat_table.at;
    } else if (get("hive-import").given || get("hive-table").given) {
      const Opt& ht = get("hive-table");
      target = HiveName(get("hive-database").value, ht.given ? ht.value : table.value);
      target_at = ht.given ? ht.at : target_at;
    } else if (const Opt& dir = get("target-dir"); dir.given) {
      target = path_table(dir);
      target_at = dir.at;
    } else if (const Opt& wdir = get("warehouse-dir"); wdir.given && table.given) {
      target = path_table(Opt{Cat(wdir.value, "/", table.value), wdir.at, true});
      target_at = wdir.at;
    }
    if (target.empty()) {
      diags.push_back(Diagnostic{Severity::Warning, Span{cmd.words[tool].at, cmd.words[tool].at},
                                 "Sqoop: import names no --hive-table, --hcatalog-table or --target-dir",
                                 DiagnosticCode::SyncMissingSetting});
      failed.lineage.inputs = reader.tables;
      failed.diagnostics = std::move(diags);
      out.statements.push_back(std::move(failed));
      return;
    }
    // Sqoop names the Hive columns after the source's; the files it writes
    // hold the table's columns but the partition ones (HCatalog's are by name).
    Side writer =
        TableSide(target, hcat_table.given ? CatalogColumns(target, options) : FileColumns(target, options), target_at);
    JobStatement st = Transfer(std::move(reader), writer, /*by_name=*/!writer.columns_known, cmd.span, "Sqoop");
    st.diagnostics.insert(st.diagnostics.begin(), diags.begin(), diags.end());
    out.statements.push_back(std::move(st));
    return;
  }
  // export: an HDFS folder (or an HCatalog table) into a database table.
  std::string source;
  uint32_t source_at = cmd.words[tool].at;
  if (hcat_table.given) {
    source = hcat;
    source_at = hcat_table.at;
  } else if (const Opt& dir = get("export-dir"); dir.given) {
    source = path_table(dir);
    source_at = dir.at;
  }
  if (source.empty() || !table.given) {
    diags.push_back(Diagnostic{Severity::Warning, Span{cmd.words[tool].at, cmd.words[tool].at},
                               "Sqoop: export needs --export-dir (or --hcatalog-table) and --table; no lineage",
                               DiagnosticCode::SyncMissingSetting});
    failed.diagnostics = std::move(diags);
    out.statements.push_back(std::move(failed));
    return;
  }
  Side reader =
      TableSide(source, hcat_table.given ? CatalogColumns(source, options) : FileColumns(source, options), source_at);
  Side writer = TableSide(Qualified(*conn, table.value, options), SplitList(columns.value),
                          columns.given ? columns.at : table.at);
  if (!reader.columns_known && writer.columns_known)
    diags.push_back(Diagnostic{Severity::Note, Span{source_at, source_at},
                               Cat("Sqoop: no catalog lists the columns of ", source,
                                   "; the --columns are taken to be its columns of the same names"),
                               DiagnosticCode::SyncColumnsUnknown});
  JobStatement st = Transfer(std::move(reader), writer, /*by_name=*/false, cmd.span, "Sqoop");
  st.diagnostics.insert(st.diagnostics.begin(), diags.begin(), diags.end());
  out.statements.push_back(std::move(st));
}

}  // namespace

JobResult ReadSqoopScript(std::string_view text, const SyncOptions& options) {
  JobResult out;
  Diagnostics diags;
  std::set<std::string> unlinked;
  ShellReader shell(text, options, diags);
  while (std::optional<Command> cmd = shell.Next()) {
    size_t tool = 0;
    bool found = false;
    for (size_t i = 0; i + 1 < cmd->words.size() && !found; ++i) {
      const std::string& w = cmd->words[i].text;
      if ((w == "sqoop" || w.ends_with("/sqoop")) &&
          (cmd->words[i + 1].text == "import" || cmd->words[i + 1].text == "export")) {
        tool = i + 1;
        found = true;
      }
    }
    if (!found) {
      diags.clear();  // a variable unknown on a line that is no Sqoop command does not matter
      continue;
    }
    ReadCommand(*cmd, tool, options, out, std::move(diags), unlinked);
    diags.clear();
  }
  return out;
}

}  // namespace hivelineage::sync
