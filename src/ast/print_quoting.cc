// The printer: names, backquotes and string literals' quoting (see print_sql.h).
#include <vector>

#include "ast/print_sql.h"
#include "ast/printer.h"
#include "base/diagnostic.h"
#include "lexer/lexer.h"
#include "lexer/token.h"

namespace hivelineage::ast {

namespace {

bool IsNameChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

}  // namespace

bool SimpleName(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9') || name[0] == '_') return false;
  for (char c : name)
    if (!IsNameChar(c)) return false;
  return true;
}

namespace {

// Keywords that would start another form before `(`: as a function's name
// they print in backquotes.
constexpr lexer::KeywordSet kQuotedFunctionNames{
    lexer::Keyword::In,       lexer::Keyword::Values,    lexer::Keyword::Using,     lexer::Keyword::Over,
    lexer::Keyword::As,       lexer::Keyword::Select,    lexer::Keyword::From,      lexer::Keyword::Where,
    lexer::Keyword::Join,     lexer::Keyword::Table,     lexer::Keyword::Partition, lexer::Keyword::Tablesample,
    lexer::Keyword::When,     lexer::Keyword::Then,      lexer::Keyword::Else,      lexer::Keyword::End,
    lexer::Keyword::And,      lexer::Keyword::Or,        lexer::Keyword::Is,        lexer::Keyword::Between,
    lexer::Keyword::Like,     lexer::Keyword::Rlike,     lexer::Keyword::Regexp,    lexer::Keyword::On,
    lexer::Keyword::Union,    lexer::Keyword::Intersect, lexer::Keyword::Except,    lexer::Keyword::Minus,
    lexer::Keyword::Group,    lexer::Keyword::Order,     lexer::Keyword::Having,    lexer::Keyword::Window,
    lexer::Keyword::With,     lexer::Keyword::Into,      lexer::Keyword::By,        lexer::Keyword::Distinct,
    lexer::Keyword::Case,     lexer::Keyword::Cast,      lexer::Keyword::Extract,   lexer::Keyword::Exists,
    lexer::Keyword::Interval, lexer::Keyword::Not,       lexer::Keyword::Null,      lexer::Keyword::True,
    lexer::Keyword::False,
};

}  // namespace

// Function names: keywords print bare unless they would start another form.
bool FunctionNameNeedsQuotes(std::string_view name) {
  return !SimpleName(name) || kQuotedFunctionNames.contains(lexer::LookupKeyword(name));
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

void Printer::Name(std::string_view n) { AppendIdent(out, n); }

void Printer::Name(const Ident& id) { AppendIdent(out, id.name); }

void Printer::Names(List<Ident> parts) {
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += '.';
    Name(parts[i]);
  }
}

// A column named by a lone ${...} came from backquotes: unquoted, it would
// read back as a variable left in the text.
void Printer::ColumnNames(List<Ident> parts) {
  if (!parts.empty() && IsLoneVariable(parts[0].name)) {
    AppendBackquoted(out, parts[0].name);
    for (size_t i = 1; i < parts.size(); ++i) {
      out += '.';
      Name(parts[i]);
    }
    return;
  }
  Names(parts);
}

void Printer::Qualified(const QualifiedName& q) { Names(q.parts); }

void Printer::IdentList(List<Ident> ids) {
  out += '(';
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += ", ";
    Name(ids[i]);
  }
  out += ')';
}

// The kind of the one token `name` lexes to, or Error when it is not one token.
lexer::TokenKind LoneTokenKind(std::string_view name) {
  std::vector<lexer::Token> tokens;
  Diagnostics diags;
  lexer::Tokenize(name, lexer::LexOptions{}, tokens, diags);
  if (diags.empty() && tokens.size() == 2 && tokens[0].begin == 0 && tokens[0].end == name.size() &&
      tokens[1].kind == lexer::TokenKind::Eof)
    return tokens[0].kind;
  return lexer::TokenKind::Error;
}

bool IsLoneVariable(std::string_view name) {
  return name.starts_with("${") && LoneTokenKind(name) == lexer::TokenKind::Variable;
}

// A word the lexer reads back as one name although it is not a simple one:
// a name with a variable left in it (tbl_${suffix}, db_${env:a.b}). Printed
// as written, since in backquotes a table name splits at its dots.
bool WordWithVariable(std::string_view name) {
  if (name.find("${") == std::string_view::npos) return false;
  const lexer::TokenKind kind = LoneTokenKind(name);
  if (kind == lexer::TokenKind::Variable) return true;  // a lone ${...}: the lexer keeps it as written
  if (kind != lexer::TokenKind::Word) return false;
  // A word is read in lower case, the ${...} in it too: a capital anywhere
  // came from backquotes.
  for (char c : name)
    if (c >= 'A' && c <= 'Z') return false;
  return true;
}

bool IdentNeedsQuotes(std::string_view name) {
  if (WordWithVariable(name)) return false;
  if (!SimpleName(name)) return true;
  const lexer::Keyword kw = lexer::LookupKeyword(name);
  return kw != lexer::Keyword::None && lexer::IsReserved(kw);
}

void AppendBackquoted(std::string& out, std::string_view name) {
  out += '`';
  for (char c : name) {
    if (c == '`') out += '`';
    out += c;
  }
  out += '`';
}

void AppendIdent(std::string& out, std::string_view name) {
  if (IdentNeedsQuotes(name))
    AppendBackquoted(out, name);
  else
    out += name;
}

void AppendQuotedString(std::string& out, std::string_view value) {
  out += '\'';
  for (char c : value) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  out += '\'';
}

}  // namespace hivelineage::ast
