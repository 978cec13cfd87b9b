#include "store/facts_codec.h"

#include <charconv>

namespace hivelineage::store {
namespace {

// One line per record, fields separated by tabs, read at every update for
// every script (a plain text format parses several times faster than JSON):
//   T table declared declared_line like [location]  a table's facts; the lines below belong to it
//   C name type                             a declared column
//   P name type                             a declared partition column
//   I name uses line order                  an inferred column
//   R a b count                             a column precedence
//   O column line candidate...              an open reference
// Tabs, line breaks and backslashes in names are escaped (\t, \n, \\).

void Put(std::string& out, std::string_view field) {
  out += '\t';
  for (char c : field) {
    if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += c;
    }
  }
}

void Put(std::string& out, uint32_t n) {
  out += '\t';
  out += std::to_string(n);
}

// One record: its letter, then its fields.
template <typename... Field>
void Line(std::string& out, char record, const Field&... fields) {
  out += record;
  (Put(out, fields), ...);
  out += '\n';
}

std::string Unescape(std::string_view field) {
  if (field.find('\\') == std::string_view::npos) return std::string(field);
  std::string out;
  for (size_t i = 0; i < field.size(); ++i) {
    if (field[i] != '\\' || i + 1 == field.size()) {
      out += field[i];
      continue;
    }
    const char c = field[++i];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
  }
  return out;
}

// The fields of one line, after its record letter.
class Fields {
 public:
  explicit Fields(std::string_view line) : rest_(line) {}
  bool Text(std::string& out) {
    if (rest_.empty() || rest_[0] != '\t') return false;
    rest_.remove_prefix(1);
    const size_t end = std::min(rest_.find('\t'), rest_.size());
    out = Unescape(rest_.substr(0, end));
    rest_.remove_prefix(end);
    return true;
  }
  bool Number(uint32_t& out) {
    std::string text;
    if (!Text(text)) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
  }
  bool Done() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

}  // namespace

std::string EncodeFacts(const lineage::ScriptFacts& facts) {
  std::string out;
  for (const lineage::TableFacts& t : facts.tables) {
    Line(out, 'T', t.table, uint32_t{t.declared}, t.declared_line, t.like);
    if (!t.location.empty()) {  // only when given: the stored facts of other tables stay as they were
      out.pop_back();
      Put(out, t.location);
      out += '\n';
    }
    for (const lineage::DeclaredColumn& c : t.columns) Line(out, 'C', c.name, c.type);
    for (const lineage::DeclaredColumn& c : t.partition_columns) Line(out, 'P', c.name, c.type);
    for (const lineage::InferredColumn& c : t.inferred) Line(out, 'I', c.name, c.uses, c.line, c.order);
    for (const lineage::ColumnPrecedence& p : t.precedence) Line(out, 'R', p.a, p.b, p.count);
  }
  for (const lineage::OpenReference& o : facts.open) {
    out += 'O';
    Put(out, o.column);
    Put(out, o.line);
    for (const std::string& c : o.candidates) Put(out, c);
    out += '\n';
  }
  return out;
}

bool DecodeFacts(std::string_view text, std::string file, lineage::ScriptFacts& facts) {
  facts = lineage::ScriptFacts();
  facts.file = std::move(file);
  lineage::TableFacts* table = nullptr;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    if (end == std::string_view::npos) return false;
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    if (line.empty()) return false;
    Fields f(line.substr(1));
    bool ok = false;
    switch (line[0]) {
      case 'T': {
        table = &facts.tables.emplace_back();
        uint32_t declared = 0;
        ok = f.Text(table->table) && f.Number(declared) && f.Number(table->declared_line) && f.Text(table->like) &&
             (f.Done() || f.Text(table->location));
        table->declared = declared != 0;
        break;
      }
      case 'C':
      case 'P': {
        if (table == nullptr) return false;
        lineage::DeclaredColumn& c = (line[0] == 'C' ? table->columns : table->partition_columns).emplace_back();
        ok = f.Text(c.name) && f.Text(c.type);
        break;
      }
      case 'I': {
        if (table == nullptr) return false;
        lineage::InferredColumn& c = table->inferred.emplace_back();
        ok = f.Text(c.name) && f.Number(c.uses) && f.Number(c.line) && f.Number(c.order);
        break;
      }
      case 'R': {
        if (table == nullptr) return false;
        lineage::ColumnPrecedence& p = table->precedence.emplace_back();
        ok = f.Text(p.a) && f.Text(p.b) && f.Number(p.count);
        break;
      }
      case 'O': {
        lineage::OpenReference& o = facts.open.emplace_back();
        ok = f.Text(o.column) && f.Number(o.line);
        for (std::string c; ok && !f.Done();) {
          ok = f.Text(c);
          o.candidates.push_back(c);
        }
        break;
      }
      default:
        return false;
    }
    if (!ok || !f.Done()) return false;
  }
  return true;
}

std::string EncodeLearnedEntry(const lineage::CatalogTable& t) {
  std::string out;
  Line(out, 'E', uint32_t{t.open}, uint32_t{t.is_view}, uint32_t{t.temporary}, uint32_t{t.view_lineage_known},
       t.view_text);
  if (!t.location.empty()) {  // only when given, as a facts line's
    out.pop_back();
    Put(out, t.location);
    out += '\n';
  }
  auto columns = [&](const std::vector<lineage::CatalogColumn>& cols, char record) {
    for (const lineage::CatalogColumn& c : cols) {
      out += record;
      Put(out, c.name);
      Put(out, c.type);
      Put(out, uint32_t{c.inferred});
      Put(out, uint32_t{c.view_expression});
      Put(out, static_cast<uint32_t>(c.view_derivation));
      Put(out, uint32_t{c.view_masking});
      for (const std::string& v : c.view_sources) Put(out, v);
      out += '\n';
    }
  };
  columns(t.columns, 'C');
  columns(t.partition_columns, 'P');
  return out;
}

bool DecodeLearnedEntry(std::string_view text, std::string name, lineage::CatalogTable& t) {
  t = lineage::CatalogTable();
  t.name = std::move(name);
  t.learned = true;
  bool first = true;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    if (end == std::string_view::npos) return false;
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    if (line.empty() || (line[0] == 'E') != first) return false;
    first = false;
    Fields f(line.substr(1));
    bool ok = false;
    uint32_t a = 0, b = 0, c = 0, d = 0;
    switch (line[0]) {
      case 'E':
        ok = f.Number(a) && f.Number(b) && f.Number(c) && f.Number(d) && f.Text(t.view_text) &&
             (f.Done() || f.Text(t.location));
        t.open = a != 0;
        t.is_view = b != 0;
        t.temporary = c != 0;
        t.view_lineage_known = d != 0;
        break;
      case 'C':
      case 'P': {
        lineage::CatalogColumn& col = (line[0] == 'C' ? t.columns : t.partition_columns).emplace_back();
        ok = f.Text(col.name) && f.Text(col.type) && f.Number(a) && f.Number(b) && f.Number(c) && f.Number(d) &&
             c <= static_cast<uint32_t>(lineage::Derivation::Window);
        col.inferred = a != 0;
        col.view_expression = b != 0;
        col.view_derivation = static_cast<lineage::Derivation>(c);
        col.view_masking = d != 0;
        for (std::string v; ok && !f.Done();) {
          ok = f.Text(v);
          col.view_sources.push_back(v);
        }
        break;
      }
      default:
        return false;
    }
    if (!ok || !f.Done()) return false;
  }
  return !first;
}

}  // namespace hivelineage::store
