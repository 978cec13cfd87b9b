#include "checks/expression_key.h"

#include <algorithm>
#include <vector>

#include "base/strings.h"

namespace hivelineage::checks {
namespace {

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// Words (lower case, unquoted), quoted strings (as written), and operator
// characters; a qualifier `x.` before a word is dropped.
std::vector<std::string> Tokens(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == '\'' || c == '"') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != c) j += s[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, s.size());
      out.emplace_back(s.substr(i, j - i));
      i = j;
    } else if (c == '`') {
      const size_t j = s.find('`', i + 1);
      const size_t end = j == std::string_view::npos ? s.size() : j;
      out.push_back(ToLower(s.substr(i + 1, end - i - 1)));
      i = end + 1;
    } else if (IsWordChar(c)) {
      size_t j = i;
      while (j < s.size() && IsWordChar(s[j])) ++j;
      out.push_back(ToLower(s.substr(i, j - i)));
      i = j;
    } else if (c == '.' && !out.empty() && i + 1 < s.size() && (IsWordChar(s[i + 1]) || s[i + 1] == '`') &&
               !(out.back()[0] >= '0' && out.back()[0] <= '9')) {
      out.pop_back();  // a qualifier
      ++i;
    } else {
      // Two-character operators.
      const std::string_view two = s.substr(i, 2);
      if (two == "<>" || two == "!=" || two == "<=" || two == ">=" || two == "||") {
        out.emplace_back(two == "!=" ? "<>" : two);
        i += 2;
      } else {
        out.emplace_back(1, c);
        ++i;
      }
    }
  }
  return out;
}

using Span = std::pair<size_t, size_t>;  // [begin, end) into the tokens

bool Opens(const std::string& t) { return t == "(" || t == "[" || t == "case"; }
bool Closes(const std::string& t) { return t == ")" || t == "]" || t == "end"; }

std::string Key(const std::vector<std::string>& t, Span span);

// The operands of `span` split at depth 0 by the operators of `ops`, with the operators met.
bool Split(const std::vector<std::string>& t, Span span, const std::vector<std::string>& ops, std::vector<Span>& parts,
           std::vector<std::string>& met) {
  int depth = 0;
  bool in_between = false;
  size_t from = span.first;
  for (size_t i = span.first; i < span.second; ++i) {
    if (Opens(t[i])) ++depth;
    if (Closes(t[i])) --depth;
    if (depth != 0) continue;
    if (t[i] == "between") in_between = true;
    const bool is_op = std::find(ops.begin(), ops.end(), t[i]) != ops.end();
    if (!is_op) continue;
    if (t[i] == "and" && in_between) {
      in_between = false;
      continue;
    }
    // A sign, not an operator: at the start or after another operator.
    if ((t[i] == "-" || t[i] == "+") && (i == from)) continue;
    parts.emplace_back(from, i);
    met.push_back(t[i]);
    from = i + 1;
  }
  if (met.empty()) return false;
  parts.emplace_back(from, span.second);
  return true;
}

std::string Key(const std::vector<std::string>& t, Span span) {
  if (span.first >= span.second) return "";
  // Redundant parentheses around the whole.
  if (t[span.first] == "(" && t[span.second - 1] == ")") {
    int depth = 0;
    bool whole = true;
    for (size_t i = span.first; i < span.second; ++i) {
      if (Opens(t[i])) ++depth;
      if (Closes(t[i])) --depth;
      if (depth == 0 && i + 1 < span.second) whole = false;
    }
    if (whole) return Key(t, {span.first + 1, span.second - 1});
  }
  static const std::vector<std::vector<std::string>> kLevels = {
      {"or"}, {"and"}, {"=", "<>", "<", ">", "<=", ">="}, {"+", "-", "||"}, {"*", "/", "%"}};
  for (const std::vector<std::string>& ops : kLevels) {
    std::vector<Span> parts;
    std::vector<std::string> met;
    if (!Split(t, span, ops, parts, met)) continue;
    std::vector<std::string> keys;
    for (const Span& p : parts) {
      const std::string k = Key(t, p);
      // A nested operation keeps its parentheses.
      keys.push_back(p.second - p.first > 1 ? Cat("(", k, ")") : k);
    }
    const bool same = std::all_of(met.begin(), met.end(), [&](const std::string& m) { return m == met[0]; });
    const bool commutative =
        met[0] == "or" || met[0] == "and" || met[0] == "=" || met[0] == "<>" || met[0] == "+" || met[0] == "*";
    if (same && commutative) {
      std::sort(keys.begin(), keys.end());
      std::string out;
      for (size_t i = 0; i < keys.size(); ++i) Append(out, i ? Cat(" ", met[0], " ") : "", keys[i]);
      return out;
    }
    std::string out = keys[0];
    for (size_t i = 0; i < met.size(); ++i) Append(out, " ", met[i], " ", keys[i + 1]);
    return out;
  }
  // A function call, a CASE, a literal: tokens, each parenthesised argument list normalised.
  std::string out;
  for (size_t i = span.first; i < span.second; ++i) {
    if (t[i] == "(") {
      int depth = 1;
      size_t j = i + 1;
      for (; j < span.second && depth > 0; ++j) {
        if (Opens(t[j])) ++depth;
        if (Closes(t[j])) --depth;
      }
      // Arguments split at depth-0 commas, each normalised.
      const size_t close = j - 1;
      std::string args;
      size_t from = i + 1;
      int d = 0;
      for (size_t k = i + 1; k <= close; ++k) {
        if (k < close && Opens(t[k])) ++d;
        if (k < close && Closes(t[k])) --d;
        if (k == close || (d == 0 && t[k] == ",")) {
          Append(args, args.empty() && from == i + 1 ? "" : ", ", Key(t, {from, k}));
          from = k + 1;
        }
      }
      Append(out, "(", args, ")");
      i = close;
      continue;
    }
    if (!out.empty() && out.back() != '(') out += ' ';
    out += t[i];
  }
  return out;
}

}  // namespace

std::string ExpressionKey(std::string_view expression) {
  const std::vector<std::string> t = Tokens(expression);
  return Key(t, {0, t.size()});
}

}  // namespace hivelineage::checks
