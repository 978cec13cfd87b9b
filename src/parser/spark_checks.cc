// Spark SQL's parse-time checks over a parsed statement (spark_checks.h).
// One walk over the tree with an explicit stack (trees can be thousands of
// nodes deep along AND chains); the first problem found is reported.
#include "parser/spark_checks.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "ast/children.h"
#include "base/strings.h"
#include "lexer/lexer.h"
#include "parser/spark_literal_check.h"

namespace hivelineage::parser {

namespace {

using ast::NodeKind;

// Functions whose first argument Spark's grammar takes as a bare unit
// (DATEADD(MICROSECOND, ...)); a quoted unit is an error there.
constexpr std::string_view kUnitFunctions[] = {"dateadd",   "date_add",      "timestampadd", "datediff",
                                               "date_diff", "timestampdiff", "timediff"};

const ast::Literal* AsLiteral(const ast::Expr* e, ast::Literal::Type type) {
  const auto* lit = ast::DynCast<ast::Literal>(e);
  return lit != nullptr && lit->type == type ? lit : nullptr;
}

// A string literal, also under a sign (`INTERVAL -'1-2' YEAR TO MONTH`).
const ast::Literal* SignedString(const ast::Expr* e) {
  if (const auto* u = ast::DynCast<ast::UnaryExpr>(e);
      u != nullptr && (u->op == ast::UnaryOp::Minus || u->op == ast::UnaryOp::Plus))
    e = u->operand;
  return AsLiteral(e, ast::Literal::Type::String);
}

class Checker {
 public:
  Checker(std::string_view text, Diagnostics& diags) : text_(text), diags_(diags) {}

  bool Run(const ast::Statement& stmt) {
    stack_.push_back(&stmt);
    while (!stack_.empty() && ok_) {
      const ast::Node* n = stack_.back();
      stack_.pop_back();
      Check(*n);
      if (!ok_) break;
      ast::VisitChildren(*n, [&](const auto* child) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(child)>>;
        if constexpr (std::is_same_v<T, ast::WindowSpec>) {
          CheckWindow(*child);
          ast::VisitChildren(*child, [&](const ast::Expr* e) { stack_.push_back(e); });
        } else {
          stack_.push_back(child);
        }
      });
    }
    return ok_;
  }

 private:
  void Reject(Span span, std::string message) {
    if (!ok_) return;
    ok_ = false;
    diags_.push_back(Diagnostic{Severity::Error, span, Cat("Spark rejects this: ", message),
                                DiagnosticCode::SparkRejects});
  }

  std::string_view Between(uint32_t begin, uint32_t end) const {
    if (begin > end || end > text_.size()) return {};
    return text_.substr(begin, end - begin);
  }

  static bool Blank(std::string_view s) {
    for (char c : s)
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
    return true;
  }

  void Check(const ast::Node& n) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wswitch-enum"
    switch (n.kind) {  // only the kinds checked

      case NodeKind::Literal:
        return CheckLiteral(static_cast<const ast::Literal&>(n));
      case NodeKind::UnaryExpr: {
        const auto& u = static_cast<const ast::UnaryExpr&>(n);
        if (const ast::Literal* lit = AsLiteral(u.operand, ast::Literal::Type::Number);
            lit != nullptr && u.op == ast::UnaryOp::Minus) {
          negated_.push_back(lit);
          if (std::string why = SparkNumberError(lit->text, true); !why.empty()) Reject(u.span, why);
        }
        return;
      }
      case NodeKind::IntervalExpr:
        return CheckInterval(static_cast<const ast::IntervalExpr&>(n));
      case NodeKind::BinaryExpr:
        return CheckIntervalUnits(static_cast<const ast::BinaryExpr&>(n));
      case NodeKind::InListExpr:
        if (static_cast<const ast::InListExpr&>(n).items.empty()) Reject(n.span, "IN () needs at least one value");
        return;
      case NodeKind::FunctionCall:
        return CheckCall(static_cast<const ast::FunctionCall&>(n));
      case NodeKind::ColumnRef:
        for (const ast::Ident& part : static_cast<const ast::ColumnRef&>(n).parts) {
          // An empty name in backquotes (`` or IDENTIFIER('``')) is a name; IDENTIFIER('') is none.
          if (part.name.empty() && Between(part.span.begin, part.span.end).find('`') == std::string_view::npos)
            Reject(part.span, "an empty name");
          CheckIdentifierString(part);
        }
        return;
      case NodeKind::JoinRef: {
        const auto& j = static_cast<const ast::JoinRef&>(n);
        const auto* right = ast::DynCast<ast::SubqueryRef>(j.right);
        if (!j.using_columns.empty() && right != nullptr && right->lateral)
          Reject(j.span, "a LATERAL join cannot have USING");
        return;
      }
      case NodeKind::CastExpr: {
        // `x::t` binds tighter than IS: `a IS NOT NULL :: string` is an error.
        const auto& c = static_cast<const ast::CastExpr&>(n);
        if (c.operand != nullptr && c.operand->kind == NodeKind::IsExpr &&
            Between(c.operand->span.end, c.span.end).find("::") != std::string_view::npos &&
            Between(c.span.begin, c.span.end).starts_with("(") == false)
          Reject(c.span, "`::` applies to the word before it, and `IS NOT` needs NULL, TRUE or FALSE there");
        return;
      }
      case NodeKind::Query:
        return CheckCtes(static_cast<const ast::Query&>(n));
      case NodeKind::SelectCore:
        return CheckNamedWindows(static_cast<const ast::SelectCore&>(n));
      case NodeKind::ValuesQuery:
        return CheckValues(static_cast<const ast::ValuesQuery&>(n), nullptr);
      case NodeKind::ValuesRef: {
        const auto& v = static_cast<const ast::ValuesRef&>(n);
        if (v.values != nullptr) CheckValues(*v.values, &v);
        return;
      }
      case NodeKind::OtherStatement:
        return CheckDescribe(static_cast<const ast::OtherStatement&>(n));
      case NodeKind::DescribeStatement: {
        const auto& d = static_cast<const ast::DescribeStatement&>(n);
        if (d.as_json && d.option.empty()) Reject(d.span, "DESCRIBE ... AS JSON needs EXTENDED or FORMATTED");
        return;
      }
      case NodeKind::SetStatement: {
        const auto& st = static_cast<const ast::SetStatement&>(n);
        if (st.form == ast::SetStatement::Form::TimeZone) CheckTimeZoneValue(st.span, st.value);
        return;
      }
      case NodeKind::DeclareVariableStatement: {
        const auto& d = static_cast<const ast::DeclareVariableStatement&>(n);
        if (d.type.text.empty() && d.default_value == nullptr) Reject(d.span, "DECLARE needs a type or a DEFAULT");
        return;
      }
      case NodeKind::ShowStatement: {
        const auto& sh = static_cast<const ast::ShowStatement&>(n);
        if (sh.what == "table extended" && sh.rest_text.find("LIKE") == std::string_view::npos &&
            sh.rest_text.find("like") == std::string_view::npos)
          Reject(sh.span, "SHOW TABLE EXTENDED needs LIKE 'pattern'");
        return;
      }
      case NodeKind::CreateViewStatement: {
        const auto& v = static_cast<const ast::CreateViewStatement&>(n);
        if (v.temporary && v.name.parts.size() > 1)
          Reject(v.name.span, "a temporary view's name is one name, without a database");
        return;
      }
      case NodeKind::CreateFunctionStatement: {
        const auto& f = static_cast<const ast::CreateFunctionStatement&>(n);
        if (f.temporary && InDatabase(f.name.name))
          Reject(f.name.name.span, "a temporary function's name is one name, without a database");
        return;
      }
      case NodeKind::DropStatement: {
        const auto& d = static_cast<const ast::DropStatement&>(n);
        if (d.object == "temporary function" && InDatabase(d.name))
          Reject(d.name.span, "a temporary function's name is one name, without a database");
        return;
      }
      default:
        return;
    }
#pragma GCC diagnostic pop
  }

  // A name with a database other than Spark's session namespace (`session.f`, `system.session.f`).
  static bool InDatabase(const ast::QualifiedName& name) {
    const size_t n = name.parts.size();
    if (n < 2) return false;
    if (n == 2 && EqualsIgnoreCase(name.parts[0].name, "session")) return false;
    if (n == 3 && EqualsIgnoreCase(name.parts[0].name, "system") && EqualsIgnoreCase(name.parts[1].name, "session"))
      return false;
    return true;
  }

  // Whether `written` ('...') is one string literal, not several ('a' || 'b', 'a' 'b': not checked).
  static bool OneString(std::string_view written) {
    size_t i = 1;
    while (i < written.size()) {
      if (written[i] == '\\') {
        i += 2;
      } else if (written[i] == '\'') {
        if (i + 1 < written.size() && written[i + 1] == '\'') {
          i += 2;
        } else {
          return i + 1 == written.size();
        }
      } else {
        ++i;
      }
    }
    return false;
  }

  // A name from IDENTIFIER('text') (its span is the string): Spark reads the
  // text as a name, so each dotted part is a plain word or backquoted.
  void CheckIdentifierString(const ast::Ident& part) {
    const std::string_view written = Between(part.span.begin, part.span.end);
    if (written.empty() || written.front() != '\'' || !OneString(written)) return;
    const std::string spelled = lexer::UnescapeString(written);
    bool quoted = false;
    for (char c : spelled) {
      if (c == '`') quoted = !quoted;
      const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '.' || c == '`' || static_cast<unsigned char>(c) >= 0x80;
      if (!quoted && !word) {
        Reject(part.span, Cat("IDENTIFIER(", written, ") is not a name: quote it in backquotes inside the string"));
        return;
      }
    }
  }

  // DESCRIBE kept as text (its canonical text: keywords upper case, single
  // spaces): Spark describes a query, never an INSERT; AS JSON needs EXTENDED
  // or FORMATTED.
  // The words of a statement kept as text, upper case, each with its bracket
  // depth; quoted strings and names are skipped.
  struct Word {
    std::string text;
    int depth;
  };
  static std::vector<Word> Words(std::string_view t) {
    std::vector<Word> out;
    int depth = 0;
    for (size_t i = 0; i < t.size();) {
      const char c = t[i];
      if (c == '\'' || c == '"' || c == '`') {
        const size_t end = t.find(c, i + 1);
        i = end == std::string_view::npos ? t.size() : end + 1;
      } else if (c == '(') {
        ++depth, ++i;
        out.push_back(Word{"(", depth});
      } else if (c == ')') {
        out.push_back(Word{")", depth});
        --depth, ++i;
      } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
        size_t j = i;
        while (j < t.size() && ((t[j] >= 'a' && t[j] <= 'z') || (t[j] >= 'A' && t[j] <= 'Z') || t[j] == '_' ||
                                (t[j] >= '0' && t[j] <= '9')))
          ++j;
        std::string w(t.substr(i, j - i));
        for (char& ch : w)
          if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
        out.push_back(Word{std::move(w), depth});
        i = j;
      } else {
        ++i;
      }
    }
    return out;
  }

  // Session variables, SHOW TABLE EXTENDED and SQL functions, kept as text:
  // the forms Spark's parser refuses although the text reads.
  void CheckTextStatement(const ast::OtherStatement& o) {
    const std::vector<Word> w = Words(o.text);
    auto at = [&](size_t i, std::string_view s) { return i < w.size() && w[i].text == s; };
    if (at(0, "DROP") && at(1, "VARIABLE"))
      return Reject(o.span, "a session variable is dropped with DROP TEMPORARY VARIABLE");
    if (at(0, "DECLARE")) {
      for (size_t i = 0; i + 2 < w.size(); ++i)
        if (at(i, "IF") && at(i + 1, "NOT") && at(i + 2, "EXISTS"))
          return Reject(o.span, "DECLARE has no IF NOT EXISTS");
      // Nothing at all after the name (the words skip `= 1`, so count the text's pieces).
      const size_t name = at(1, "VARIABLE") ? 2 : 1;
      size_t pieces = 0;
      for (size_t k = 0; k < o.text.size(); ++k)
        if (o.text[k] != ' ' && (k == 0 || o.text[k - 1] == ' ')) ++pieces;
      if (pieces == name + 1) return Reject(o.span, "DECLARE needs a type or a DEFAULT");
      return;
    }
    if (at(0, "SHOW") && at(1, "TABLE") && at(2, "EXTENDED")) {
      for (const Word& x : w)
        if (x.text == "LIKE") return;
      return Reject(o.span, "SHOW TABLE EXTENDED needs LIKE 'pattern'");
    }
    if (!at(0, "CREATE")) return;
    size_t i = 1;
    while (i < w.size() && w[i].text != "FUNCTION" && w[i].text != "(") ++i;
    if (!at(i, "FUNCTION")) return;
    // The parameters: the first bracket after the name; then RETURNS TABLE (...).
    while (i < w.size() && w[i].text != "(") ++i;
    for (++i; i < w.size() && !(w[i].text == ")" && w[i].depth == 1); ++i) {
      const std::string& x = w[i].text;
      if (x == "GENERATED" || x == "UNIQUE" || x == "CHECK" || x == "PRIMARY" || x == "REFERENCES" ||
          x == "CONSTRAINT")
        return Reject(o.span, Cat("a function's parameter cannot have ", x));
    }
    for (++i; i + 2 < w.size(); ++i) {
      if (!at(i, "RETURNS") || !at(i + 1, "TABLE") || !at(i + 2, "(")) continue;
      if (at(i + 3, ")")) return Reject(o.span, "RETURNS TABLE () names no column");
      for (size_t k = i + 3; k < w.size() && !(w[k].text == ")" && w[k].depth == 1); ++k)
        if (w[k].text == "DEFAULT" && w[k].depth == 1)
          return Reject(o.span, "a returned table's column cannot have a DEFAULT");
      return;
    }
  }

  void CheckDescribe(const ast::OtherStatement& o) {
    if (o.what == "set") return CheckSetTimeZone(o);
    if (o.what != "describe") return CheckTextStatement(o);
    if (o.what != "describe") return;
    const std::string_view t = o.text;
    const auto has_word = [&](std::string_view w) {
      for (size_t at = t.find(w); at != std::string_view::npos; at = t.find(w, at + 1)) {
        const size_t end = at + w.size();
        if ((at == 0 || t[at - 1] == ' ') && (end == t.size() || t[end] == ' ')) return true;
      }
      return false;
    };
    if (has_word("INSERT")) {
      Reject(o.span, "DESCRIBE describes a query, not an INSERT");
    } else if (t.ends_with(" AS JSON") && !has_word("EXTENDED") && !has_word("FORMATTED")) {
      Reject(o.span, "DESCRIBE ... AS JSON needs EXTENDED or FORMATTED");
    }
  }

  // SET TIME ZONE (kept as text): a value is required, and an interval is
  // one interval of whole seconds within 18 hours either way. Units or
  // forms not recognised here are accepted.
  void CheckSetTimeZone(const ast::OtherStatement& o) {
    std::string_view t = o.text;
    if (t.size() < 13 || !EqualsIgnoreCase(t.substr(0, 13), "SET TIME ZONE")) return;
    CheckTimeZoneValue(o.span, t.substr(13));
  }

  // The value after SET TIME ZONE, as written (the typed statement's) or as
  // the canonical text of one kept as text.
  void CheckTimeZoneValue(Span span, std::string_view written) {
    std::string spaced(written);
    for (char& c : spaced)
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    std::string_view t = spaced;
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    if (t.empty()) return Reject(span, "SET TIME ZONE needs LOCAL, a zone or an interval");
    if (t.size() < 9 || !EqualsIgnoreCase(t.substr(0, 9), "INTERVAL ")) return;
    std::vector<std::string_view> words;
    for (size_t at = 9; at < t.size();) {
      const size_t space = t.find(' ', at);
      const size_t end = space == std::string_view::npos ? t.size() : space;
      if (end > at) words.push_back(t.substr(at, end - at));
      at = end + 1;
    }
    double seconds = 0;
    size_t i = 0;
    if (words.size() >= 4 && words[0].starts_with("'") && EqualsIgnoreCase(words[2], "TO")) {
      // '[+-]h:m[:s]' HOUR TO SECOND / MINUTE: fields from the hour.
      std::string_view v = words[0].substr(1, words[0].size() > 1 ? words[0].size() - 2 : 0);
      const bool minus = v.starts_with("-");
      if (minus || v.starts_with("+")) v.remove_prefix(1);
      double factor = EqualsIgnoreCase(words[1], "MINUTE") ? 60 : 3600;
      for (size_t at = 0; at <= v.size() && factor >= 1;) {
        const size_t colon = v.find(':', at);
        const size_t end = colon == std::string_view::npos ? v.size() : colon;
        seconds += std::strtod(std::string(v.substr(at, end - at)).c_str(), nullptr) * factor;
        factor /= 60;
        at = end + 1;
      }
      if (minus) seconds = -seconds;
      i = 4;
    } else {
      while (i + 1 < words.size()) {
        double sign = 1;
        if (words[i] == "-" || words[i] == "+") sign = words[i++] == "-" ? -1 : 1;
        if (i + 1 >= words.size()) break;
        std::string unit = ToLower(words[i + 1]);
        if (unit.size() > 1 && unit.back() == 's') unit.pop_back();
        const double factor = unit == "day"      ? 86400
                              : unit == "hour"   ? 3600
                              : unit == "minute" ? 60
                              : unit == "second" ? 1
                                                 : 0;
        if (unit == "millisecond" || unit == "microsecond")
          return Reject(span, "a time zone offset is whole seconds");
        if (factor == 0) return;  // not an interval unit read here
        seconds += sign * std::strtod(std::string(words[i]).c_str(), nullptr) * factor;
        i += 2;
      }
    }
    if (i != words.size()) return Reject(span, "SET TIME ZONE takes one interval and nothing after it");
    if (seconds > 18 * 3600 || seconds < -18 * 3600)
      Reject(span, "a time zone offset is within 18 hours either way");
  }

  void CheckLiteral(const ast::Literal& lit) {
    if (lit.type == ast::Literal::Type::Number) {
      for (const ast::Literal* n : negated_)
        if (n == &lit) return;  // checked with its sign
      if (std::string why = SparkNumberError(lit.text, false); !why.empty()) Reject(lit.span, why);
      return;
    }
    if (lit.type != ast::Literal::Type::Typed) return;
    const std::string_view type = lit.type_name;
    std::string why;
    if (type == "date") {
      why = SparkDateError(lexer::UnescapeString(lit.text));
    } else if (type == "timestamp" || type == "timestamp_ntz" || type == "timestamp_ltz") {
      why = SparkTimestampError(lexer::UnescapeString(lit.text));
    } else if (type == "time") {
      why = SparkTimeError(lexer::UnescapeString(lit.text));
    } else if (type == "x") {
      why = SparkHexError(lexer::UnescapeString(lit.text));
    }
    if (!why.empty()) Reject(lit.span, Cat(ToUpper(type), " ", lit.text, " is ", why));
  }

  static std::string ToUpper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    return out;
  }

  void CheckInterval(const ast::IntervalExpr& e) {
    if (!e.to_unit.empty()) {
      if (AsLiteral(e.value, ast::Literal::Type::Number) != nullptr ||
          (ast::DynCast<ast::UnaryExpr>(e.value) != nullptr && SignedString(e.value) == nullptr)) {
        Reject(e.span, "the value of an interval FROM TO unit must be a string");
        return;
      }
      if (const ast::Literal* s = SignedString(e.value)) {
        const auto* sign = ast::DynCast<ast::UnaryExpr>(e.value);
        const bool negated = sign != nullptr && sign->op == ast::UnaryOp::Minus;
        if (std::string why = SparkIntervalFromToError(lexer::UnescapeString(s->text), e.unit, e.to_unit, negated);
            !why.empty())
          Reject(e.span, why);
      }
      return;
    }
    const ast::Literal* s = AsLiteral(e.value, ast::Literal::Type::String);
    if (s == nullptr) return;
    const std::string value = lexer::UnescapeString(s->text);
    if (e.unit.empty()) {
      IntervalGroup group;
      if (std::string why = SparkIntervalStringError(value, &group); !why.empty()) Reject(e.span, why);
    } else if (std::string why = SparkIntervalUnitValueError(value); !why.empty()) {
      Reject(e.span, why);
    }
  }

  // Spark's `INTERVAL 1 YEAR 2 MONTHS` is read as a sum of one interval per
  // unit, its pieces side by side with no `+` between them.
  void CheckIntervalUnits(const ast::BinaryExpr& b) {
    if (b.op != ast::BinaryOp::Add || b.lhs == nullptr || b.rhs == nullptr) return;
    if (b.rhs->kind != NodeKind::IntervalExpr || !Blank(Between(b.lhs->span.end, b.rhs->span.begin))) return;
    std::vector<const ast::IntervalExpr*> pieces;
    const ast::Expr* e = &b;
    while (const auto* sum = ast::DynCast<ast::BinaryExpr>(e)) {
      if (sum->op != ast::BinaryOp::Add || sum->rhs->kind != NodeKind::IntervalExpr ||
          !Blank(Between(sum->lhs->span.end, sum->rhs->span.begin)))
        break;
      pieces.push_back(static_cast<const ast::IntervalExpr*>(sum->rhs));
      e = sum->lhs;
    }
    if (const auto* first = ast::DynCast<ast::IntervalExpr>(e)) pieces.push_back(first);
    IntervalGroup group = IntervalGroup::None;
    for (const ast::IntervalExpr* p : pieces) {
      if (!p->to_unit.empty()) {
        Reject(b.span, "an interval of several units can have no FROM TO unit");
        return;
      }
      const IntervalGroup g = SparkIntervalUnitGroup(p->unit);
      if (group != IntervalGroup::None && g != IntervalGroup::None && g != group) {
        Reject(b.span, "Spark does not mix year-month and day-time fields in one interval");
        return;
      }
      if (g != IntervalGroup::None) group = g;
    }
  }

  void CheckCall(const ast::FunctionCall& f) {
    if (f.name.size() != 1 || f.name[0].quoted) return;
    const std::string_view name = f.name[0].name;
    if (f.args.size() == 3 && AsLiteral(f.args[0], ast::Literal::Type::String) != nullptr) {
      for (std::string_view u : kUnitFunctions) {
        if (EqualsIgnoreCase(name, u)) {
          Reject(f.args[0]->span, Cat(name, " takes its unit as a word (", name, "(DAY, ...)), not a string"));
          return;
        }
      }
    }
    // IDENTIFIER((SELECT 'a', 'b')): a name is one value, not a row of several.
    if (EqualsIgnoreCase(name, "identifier") && f.args.size() == 1) {
      const auto* sub = ast::DynCast<ast::SubqueryExpr>(f.args[0]);
      const auto* core = sub != nullptr && sub->query != nullptr ? ast::DynCast<ast::SelectCore>(sub->query->body)
                                                                 : nullptr;
      if (core != nullptr && core->items.size() > 1) Reject(f.args[0]->span, "IDENTIFIER takes one value, not a row");
    }
  }

  void CheckCtes(const ast::Query& q) {
    for (size_t i = 0; i < q.ctes.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (EqualsIgnoreCase(q.ctes[i].name.name, q.ctes[j].name.name)) {
          Reject(q.ctes[i].name.span, Cat("WITH names `", q.ctes[i].name.name, "` twice"));
          return;
        }
  }

  static bool OnlyReference(const ast::WindowSpec* w) {
    return w != nullptr && !w->base.name.empty() && w->partition_by.empty() && w->order_by.empty() &&
           w->frame == nullptr;
  }

  void CheckNamedWindows(const ast::SelectCore& core) {
    for (size_t i = 0; i < core.windows.size(); ++i) {
      const ast::NamedWindow& w = core.windows[i];
      for (size_t j = 0; j < core.windows.size(); ++j) {
        if (j < i && EqualsIgnoreCase(w.name.name, core.windows[j].name.name)) {
          Reject(w.name.span, Cat("the window `", w.name.name, "` is defined twice"));
          return;
        }
        // `WINDOW w2 AS w1` where w1 is itself only a name: Spark does not follow chains.
        if (OnlyReference(w.spec) && EqualsIgnoreCase(w.spec->base.name, core.windows[j].name.name) &&
            OnlyReference(core.windows[j].spec)) {
          Reject(w.spec->span, Cat("the window `", w.spec->base.name, "` it names is itself only a name"));
          return;
        }
      }
    }
  }

  void CheckWindow(const ast::WindowSpec& w) {
    if (w.frame == nullptr) return;
    for (const ast::FrameBound* bound : {&w.frame->start, &w.frame->end}) {
      const ast::Expr* offset = bound->offset;
      if (offset == nullptr) continue;
      if (offset->kind == NodeKind::ColumnRef || offset->kind == NodeKind::FunctionCall ||
          offset->kind == NodeKind::SubqueryExpr ||
          AsLiteral(offset, ast::Literal::Type::CurrentDate) != nullptr ||
          AsLiteral(offset, ast::Literal::Type::CurrentTimestamp) != nullptr) {
        Reject(offset->span, "a window frame bound must be a constant");
        return;
      }
    }
  }

  void CheckValues(const ast::ValuesQuery& v, const ast::ValuesRef* ref) {
    if (v.rows.empty()) return;
    const size_t width = v.rows[0].size();
    for (const auto& row : v.rows) {
      if (row.size() != width) {
        Reject(v.span, "the rows of VALUES differ in their number of columns");
        return;
      }
    }
    if (ref != nullptr && !ref->column_aliases.empty() && ref->column_aliases.size() != width)
      Reject(ref->span, Cat("VALUES has ", width, " columns but its alias names ", ref->column_aliases.size()));
  }

  std::string_view text_;
  Diagnostics& diags_;
  std::vector<const ast::Node*> stack_;
  std::vector<const ast::Literal*> negated_;
  bool ok_ = true;
};

}  // namespace

bool CheckSparkStatement(const ast::Statement& stmt, std::string_view text, Diagnostics& diags) {
  return Checker(text, diags).Run(stmt);
}

}  // namespace hivelineage::parser
