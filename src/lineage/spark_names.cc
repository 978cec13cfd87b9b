#include "lineage/spark_names.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <span>
#include <utility>
#include <vector>

#include "ast/children.h"
#include "ast/print_sql.h"
#include "base/strings.h"
#include "lexer/lexer.h"
#include "lineage/function_kind.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

std::string JavaDouble(std::string_view text, bool is_float = false);

// A number as Spark prints its value: the suffix dropped, a float written
// as Java writes it (`1F` is 1.0, `.10F` is 0.1), a decimal with its
// leading zero (`.5` is 0.5).
std::string NumberName(std::string_view text) {
  if (text.size() > 1 && AsciiLower(text.back()) == 'f') return JavaDouble(text.substr(0, text.size() - 1), true);
  std::string t(text);
  bool floating = false;
  if (t.size() > 2 && EqualsIgnoreCase(t.substr(t.size() - 2), "bd")) {
    t.resize(t.size() - 2);
  } else if (!t.empty()) {
    const char c = AsciiLower(t.back());
    if (c == 'l' || c == 's' || c == 'y') t.pop_back();
    if (c == 'f' || c == 'd') {
      t.pop_back();
      floating = true;
    }
  }
  if (floating && t.find_first_of(".eE") == std::string::npos) t += ".0";
  if (!t.empty() && t[0] == '.') t = "0" + t;
  // An integer's value: `07` is 7.
  if (t.find_first_not_of("0123456789") == std::string::npos) {
    const size_t nonzero = t.find_first_not_of('0');
    t = nonzero == std::string::npos ? "0" : t.substr(nonzero);
  }
  return t;
}

// Spark names an operator as Hive writes it (ast::BinaryOpSpelling), except
// where its analyzer normalises the spelling: `==` is `=`, `<>` is `!=`,
// `DIV` is `div`.
std::string_view BinarySpelling(BinaryOp op) {
  if (op == BinaryOp::EqEq) return "=";
  if (op == BinaryOp::NotEq) return "!=";
  if (op == BinaryOp::IntDiv) return "div";
  return BinaryOpSpelling(op);
}


// A double as Java's Double.toString writes it, which is how Spark prints a
// double literal (`6.8e0` is 6.8, `3.14e8` is 3.14E8): the shortest digits
// that read back the same, plain between 10^-3 and 10^7, else d.dddE<n>.
std::string JavaDouble(std::string_view text, bool is_float) {
  std::string t(text);
  if (!t.empty() && (AsciiLower(t.back()) == 'd')) t.pop_back();
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end != '\0' || !std::isfinite(v)) return std::string(text);
  char buf[64];
  auto r = is_float ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), std::chars_format::scientific)
                    : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // d[.ddd]e[+-]nn
  const size_t epos = sci.find('e');
  std::string mant = sci.substr(0, epos);
  const int exp = std::atoi(sci.c_str() + epos + 1);
  std::string sign;
  if (!mant.empty() && mant[0] == '-') {
    sign = "-";
    mant.erase(0, 1);
  }
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  const double a = std::fabs(v);
  if (v == 0) return sign + "0.0";
  if (a >= 1e-3 && a < 1e7) {
    std::string out;
    if (exp >= 0) {
      std::string ip = digits.substr(0, std::min<size_t>(digits.size(), static_cast<size_t>(exp) + 1));
      while (ip.size() < static_cast<size_t>(exp) + 1) ip += '0';
      std::string fp = digits.size() > static_cast<size_t>(exp) + 1 ? digits.substr(static_cast<size_t>(exp) + 1) : "0";
      out = ip + "." + fp;
    } else {
      out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  return sign + out + "E" + std::to_string(exp);
}

// ------------------------------------------------------------------ types

// A small reader of a type's text: words, numbers and the marks < > ( ) , :
struct TypeReader {
  std::string_view s;
  size_t i = 0;
  void Space() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool Mark(char c) {
    Space();
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  std::string Word() {
    Space();
    if (i < s.size() && s[i] == '`') {
      const size_t close = s.find('`', i + 1);
      if (close == std::string_view::npos) return {};
      std::string w(s.substr(i + 1, close - i - 1));
      i = close + 1;
      return w;
    }
    const size_t b = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
    return std::string(s.substr(b, i - b));
  }
  bool Done() {
    Space();
    return i >= s.size();
  }
};

bool TypeSql(TypeReader& r, std::string& out);

// `(p[, s])` after a type word, as written; empty when none.
std::vector<std::string> TypeParams(TypeReader& r) {
  std::vector<std::string> ps;
  if (!r.Mark('(')) return ps;
  do ps.push_back(r.Word());
  while (r.Mark(','));
  r.Mark(')');
  return ps;
}

bool IsIntervalField(const std::string& w) {
  return w == "year" || w == "month" || w == "day" || w == "hour" || w == "minute" || w == "second";
}

bool TypeSql(TypeReader& r, std::string& out) {
  const std::string w = ToLower(r.Word());
  if (w.empty()) return false;
  if (w == "array") {
    if (!r.Mark('<')) return false;
    out += "ARRAY<";
    if (!TypeSql(r, out) || !r.Mark('>')) return false;
    out += '>';
    return true;
  }
  if (w == "map") {
    if (!r.Mark('<')) return false;
    out += "MAP<";
    if (!TypeSql(r, out) || !r.Mark(',')) return false;
    out += ", ";
    if (!TypeSql(r, out) || !r.Mark('>')) return false;
    out += '>';
    return true;
  }
  if (w == "struct") {
    if (!r.Mark('<')) return false;
    out += "STRUCT<";
    if (r.Mark('>')) {
      out += '>';
      return true;
    }
    bool first = true;
    do {
      const std::string field = r.Word();
      if (field.empty()) return false;
      r.Mark(':');
      if (!first) out += ", ";
      first = false;
      out += field;
      out += ": ";
      if (!TypeSql(r, out)) return false;
    } while (r.Mark(','));
    if (!r.Mark('>')) return false;
    out += '>';
    return true;
  }
  if (w == "interval") {  // INTERVAL DAY TO SECOND; one field when both ends are the same
    const std::string from = ToLower(r.Word());
    if (!IsIntervalField(from)) return false;
    out += "INTERVAL " + Upper(from);
    const size_t save = r.i;
    if (ToLower(r.Word()) == "to") {
      const std::string to = ToLower(r.Word());
      if (!IsIntervalField(to)) return false;
      if (to != from) out += " TO " + Upper(to);
    } else {
      r.i = save;
    }
    return true;
  }
  const std::vector<std::string> ps = TypeParams(r);
  if (w == "decimal" || w == "dec" || w == "numeric") {
    out += "DECIMAL(" + (ps.empty() ? "10" : ps[0]) + "," + (ps.size() < 2 ? "0" : ps[1]) + ")";
    return true;
  }
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"long", "BIGINT"},     {"bigint", "BIGINT"},   {"int", "INT"},         {"integer", "INT"},
      {"short", "SMALLINT"},  {"smallint", "SMALLINT"}, {"byte", "TINYINT"},  {"tinyint", "TINYINT"},
      {"float", "FLOAT"},     {"real", "FLOAT"},      {"double", "DOUBLE"},   {"boolean", "BOOLEAN"},
      {"bool", "BOOLEAN"},    {"binary", "BINARY"},   {"date", "DATE"},       {"string", "STRING"},
      {"variant", "VARIANT"}, {"void", "VOID"}};
  for (const auto& [from, to] : kNames)
    if (w == from && ps.empty()) {
      out += to;
      if (w == "string") {  // STRING COLLATE name
        const size_t save = r.i;
        if (ToLower(r.Word()) == "collate") {
          out += " COLLATE " + Upper(r.Word());
        } else {
          r.i = save;
        }
      }
      return true;
    }
  // Timestamps and times: microseconds (6) are the default precision Spark
  // leaves out of TIMESTAMP / TIMESTAMP_NTZ; TIMESTAMP_LTZ is TIMESTAMP; TIME
  // always shows its precision.
  if (w == "timestamp" || w == "timestamp_ltz" || w == "timestamp_ntz") {
    const bool ntz = w == "timestamp_ntz";
    if (ps.empty() || ps[0] == "6") {
      out += ntz ? "TIMESTAMP_NTZ" : "TIMESTAMP";
    } else {
      out += (ntz ? "TIMESTAMP_NTZ(" : w == "timestamp" ? "TIMESTAMP(" : "TIMESTAMP_LTZ(") + ps[0] + ")";
    }
    return true;
  }
  if (w == "time") {
    out += "TIME(" + (ps.empty() ? std::string("6") : ps[0]) + ")";
    return true;
  }
  out += Upper(w);
  if (!ps.empty()) {
    out += '(';
    for (size_t k = 0; k < ps.size(); ++k) out += (k ? "," : "") + ps[k];
    out += ')';
  }
  return true;
}

// ------------------------------------------------------------------ intervals

// Spark's ANSI interval literals print in one canonical form per type
// (IntervalUtils.toYearMonthIntervalString / toDayTimeIntervalString):
// `INTERVAL '2-4' YEAR TO MONTH`, `INTERVAL '02' SECOND`, `INTERVAL '1 02:03'
// DAY TO MINUTE`; hours, minutes and seconds two digits, microseconds at most.
enum Field { kYear, kMonth, kDay, kHour, kMinute, kSecond, kMillisecond, kMicrosecond, kNoField };

Field FieldOf(std::string_view w) {
  std::string u = ToLower(w);
  if (u.size() > 1 && u.back() == 's') u.pop_back();
  if (u == "year") return kYear;
  if (u == "month") return kMonth;
  if (u == "day") return kDay;
  if (u == "hour") return kHour;
  if (u == "minute") return kMinute;
  if (u == "second") return kSecond;
  if (u == "millisecond") return kMillisecond;
  if (u == "microsecond") return kMicrosecond;
  return kNoField;
}

constexpr int64_t kMicrosPerSecond = 1000000;
constexpr int64_t kMicros[] = {0, 0, 86400 * kMicrosPerSecond, 3600 * kMicrosPerSecond, 60 * kMicrosPerSecond,
                               kMicrosPerSecond, 1000, 1};
constexpr std::string_view kFieldName[] = {"YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"};

// A decimal `[+-]digits[.digits]` scaled by `unit` micros (fractions below a
// microsecond dropped), or false.
bool ScaledValue(std::string_view t, int64_t unit, bool allow_fraction, int64_t& out) {
  bool neg = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    neg = t[0] == '-';
    t.remove_prefix(1);
  }
  const size_t dot = t.find('.');
  std::string_view ip = t.substr(0, dot);
  std::string_view fp = dot == std::string_view::npos ? std::string_view() : t.substr(dot + 1);
  if (ip.empty() || ip.size() > 18 || ip.find_first_not_of("0123456789") != std::string_view::npos) return false;
  if (!fp.empty() && (!allow_fraction || fp.find_first_not_of("0123456789") != std::string_view::npos)) return false;
  int64_t v = 0;
  if (__builtin_mul_overflow(static_cast<int64_t>(std::stoll(std::string(ip))), unit, &v)) return false;
  if (!fp.empty()) {
    std::string f(fp.substr(0, 6));
    while (f.size() < 6) f += '0';
    v += std::stoll(f);
  }
  out = neg ? -v : v;
  return true;
}

std::string TwoDigits(uint64_t v) { return v < 10 ? Cat("0", v) : Cat(v); }

std::string DayTimeText(int64_t micros, Field start, Field end) {
  std::string sign;
  uint64_t rest = static_cast<uint64_t>(micros);
  if (micros < 0) {
    sign = "-";
    rest = 0 - rest;  // the magnitude, Long.MIN_VALUE's too
  }
  std::string out = sign;
  for (int f = start; f <= end; ++f) {
    if (f == kSecond) {
      const uint64_t secs = rest / kMicrosPerSecond;
      const uint64_t frac = rest % kMicrosPerSecond;
      if (f != start) out += ':';
      out += f == start ? Cat(secs) : TwoDigits(secs);
      if (f == start && secs < 10) out = sign + TwoDigits(secs);
      if (frac != 0) {
        std::string fs = Cat(frac);
        fs = std::string(6 - fs.size(), '0') + fs;
        while (fs.back() == '0') fs.pop_back();
        out += '.' + fs;
      }
      break;
    }
    const uint64_t n = rest / static_cast<uint64_t>(kMicros[f]);
    rest %= static_cast<uint64_t>(kMicros[f]);
    if (f == start) {
      out += f == kDay ? Cat(n) : TwoDigits(n);
    } else {
      out += f == kHour ? ' ' : ':';
      out += TwoDigits(n);
    }
  }
  return out;
}

// An interval from per-field values (`2 YEAR 4 MONTH`, '1 day 2 hours'):
// all year-month or all day-time fields, printed with the first and last
// field written; false for a mix (a calendar interval) or a value it cannot read.
bool IntervalFromParts(const std::vector<std::pair<std::string, Field>>& parts, std::string& out) {
  if (parts.empty()) return false;
  Field lo = kNoField, hi = kYear;
  bool ym = false, dt = false;
  int64_t total = 0;
  for (const auto& [value, field] : parts) {
    if (field == kNoField) return false;
    (field <= kMonth ? ym : dt) = true;
    lo = std::min(lo, std::min(field, kSecond));  // milli- and microseconds are seconds' fractions
    hi = std::max(hi, std::min(field, kSecond));
    int64_t v = 0;
    if (field <= kMonth) {
      if (!ScaledValue(value, field == kYear ? 12 : 1, false, v)) return false;
    } else if (!ScaledValue(value, kMicros[field], field == kSecond, v)) {
      return false;
    }
    if (__builtin_add_overflow(total, v, &total)) return false;
  }
  if (ym && dt) return false;
  if (ym) {
    const bool neg = total < 0;
    const int64_t m = static_cast<int64_t>(neg ? -total : total);
    const std::string sign = neg ? "-" : "";
    if (lo == kYear && hi == kYear) {
      out = Cat("INTERVAL '", sign, m / 12, "' YEAR");
    } else if (lo == kMonth) {
      out = Cat("INTERVAL '", sign, m, "' MONTH");
    } else {
      out = Cat("INTERVAL '", sign, m / 12, "-", m % 12, "' YEAR TO MONTH");
    }
    return true;
  }
  out = "INTERVAL '" + DayTimeText(total, lo, hi) + "' " + std::string(kFieldName[lo]);
  if (hi != lo) out += " TO " + std::string(kFieldName[hi]);
  return true;
}

// The field values of `'d h:m:s'` read as `start TO end`.
bool SplitFieldText(std::string_view t, Field start, Field end, std::vector<std::pair<std::string, Field>>& parts) {
  std::string sign;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    if (t[0] == '-') sign = "-";
    t.remove_prefix(1);
  }
  std::vector<std::string> vals;
  std::string cur;
  for (char c : t) {
    if (c == ' ' || c == ':' || (c == '-' && start == kYear)) {
      vals.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  vals.push_back(cur);
  if (vals.size() != static_cast<size_t>(end - start + 1)) return false;
  for (size_t k = 0; k < vals.size(); ++k) {
    if (vals[k].empty() || vals[k][0] == '-' || vals[k][0] == '+') return false;
    parts.emplace_back(sign + vals[k], static_cast<Field>(start + static_cast<int>(k)));
  }
  return true;
}

// The value and sign of an interval's value: `'2'`, `2`, `-'2'`, `-2`.
bool IntervalValueText(const Expr* v, std::string& out) {
  bool neg = false;
  if (const auto* u = DynCast<UnaryExpr>(v); u && (u->op == UnaryOp::Minus || u->op == UnaryOp::Plus)) {
    neg = u->op == UnaryOp::Minus;
    v = u->operand;
  }
  const auto* lit = DynCast<Literal>(v);
  if (lit == nullptr) return false;
  std::string t;
  if (lit->type == Literal::Type::String) {
    t = lexer::UnescapeString(lit->text);
  } else if (lit->type == Literal::Type::Number) {
    t = std::string(lit->text);
  } else {
    return false;
  }
  for (char& c : t)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  while (!t.empty() && t[0] == ' ') t.erase(0, 1);
  while (!t.empty() && t.back() == ' ') t.pop_back();
  if (t.size() > 1 && (t[0] == '-' || t[0] == '+'))  // '- 1'
    while (t.size() > 1 && t[1] == ' ') t.erase(1, 1);
  if (neg) {
    if (!t.empty() && t[0] == '-') {
      t.erase(0, 1);
    } else {
      t = "-" + t;
    }
  }
  out = t;
  return true;
}

// A value in weeks is seven times as many days (`2 WEEKS` is `14 DAY`);
// false for a value it cannot read. Any other unit is left as it is.
bool WeeksAsDays(std::string_view unit, std::string& value, Field& field) {
  const std::string u = ToLower(unit);
  if (u != "week" && u != "weeks") return true;
  int64_t days = 0;
  if (!ScaledValue(value, 7, false, days)) return false;
  value = Cat(days);
  field = kDay;
  return true;
}

// The per-field values of one interval node, or false.
bool IntervalParts(const IntervalExpr* i, std::vector<std::pair<std::string, Field>>& parts) {
  std::string t;
  if (!IntervalValueText(i->value, t)) return false;
  if (i->unit.empty()) {  // '1 day 2 hours', 'interval 3 year 1 month'
    std::vector<std::string> words;
    std::string cur;
    for (char c : t + " ") {
      if (c == ' ') {
        if (!cur.empty()) words.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    size_t k = 0;
    if (!words.empty() && EqualsIgnoreCase(words[0], "interval")) k = 1;
    if (k >= words.size() || (words.size() - k) % 2 != 0) return false;
    for (; k < words.size(); k += 2) {
      std::string value = words[k];
      Field f = FieldOf(words[k + 1]);
      if (!WeeksAsDays(words[k + 1], value, f)) return false;
      parts.emplace_back(value, f);
    }
    return true;
  }
  if (i->to_unit.empty()) {
    Field from = FieldOf(i->unit);
    if (!WeeksAsDays(i->unit, t, from)) return false;
    parts.emplace_back(t, from);
    return true;
  }
  const Field from = FieldOf(i->unit);
  const Field to = FieldOf(i->to_unit);
  if (from == kNoField || to == kNoField || to < from) return false;
  return SplitFieldText(t, from, to, parts);
}

// Spark's INTERVAL 1 YEAR 2 MONTHS is one literal; the parser makes it a
// sum of one interval per unit, each after the first starting at its value
// (no INTERVAL keyword): gather them back.
bool IntervalSumParts(const Expr* e, std::vector<std::pair<std::string, Field>>& parts, bool first) {
  if (const auto* i = DynCast<IntervalExpr>(e)) {
    if (!first && (i->value == nullptr || i->value->span.begin != i->span.begin)) return false;
    return IntervalParts(i, parts);
  }
  const auto* b = DynCast<BinaryExpr>(e);
  if (b == nullptr || b->op != BinaryOp::Add || b->lhs == nullptr || b->span.begin != b->lhs->span.begin) return false;
  return IntervalSumParts(b->lhs, parts, true) && IntervalSumParts(b->rhs, parts, false);
}

const Literal* StringLit(const Expr* e) {
  const auto* l = DynCast<Literal>(e);
  return l != nullptr && l->type == Literal::Type::String ? l : nullptr;
}

// A string known without running anything: 'a', 'a' || 'b'.
bool ConstantString(const Expr* e, std::string& out) {
  if (const Literal* l = StringLit(e)) {
    out += lexer::UnescapeString(l->text);
    return true;
  }
  const auto* b = DynCast<BinaryExpr>(e);
  return b != nullptr && b->op == BinaryOp::Concat && ConstantString(b->lhs, out) && ConstantString(b->rhs, out);
}

// A value that is plainly a TIME: TIME '..', CAST(.. AS TIME(p)).
bool PlainlyTime(const Expr* e) {
  if (const auto* l = DynCast<Literal>(e)) return l->type == Literal::Type::Typed && l->type_name == "time";
  const auto* c = DynCast<CastExpr>(e);
  return c != nullptr && SparkTypeSql(c->type.text).starts_with("TIME(");
}

// A TIME literal's value as Spark prints it: hh:mm:ss[.ffffff], a 12-hour
// clock's AM / PM read, trailing zeros of the fraction dropped.
bool TimeText(std::string t, std::string& out) {
  for (char& c : t) c = AsciiLower(c);
  enum { kNone, kAm, kPm } half = kNone;
  if (t.size() > 3 && (t.ends_with(" am") || t.ends_with(" pm"))) {
    half = t.ends_with(" pm") ? kPm : kAm;
    t.resize(t.size() - 3);
  }
  std::vector<std::string> parts{""};
  for (char c : t) {
    if (c == ':') {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  if (parts.size() < 2 || parts.size() > 3) return false;
  std::string frac;
  if (parts.size() == 3) {
    const size_t dot = parts[2].find('.');
    if (dot != std::string::npos) {
      frac = parts[2].substr(dot + 1);
      parts[2].resize(dot);
    }
  } else {
    parts.push_back("0");
  }
  uint64_t v[3];
  for (int k = 0; k < 3; ++k) {
    if (parts[k].empty() || parts[k].size() > 2 || parts[k].find_first_not_of("0123456789") != std::string::npos)
      return false;
    v[k] = static_cast<uint64_t>(std::stoi(parts[k]));
  }
  if (frac.find_first_not_of("0123456789") != std::string::npos || frac.size() > 9) return false;
  if (half == kPm && v[0] < 12) v[0] += 12;  // 1 PM is 13:00
  if (half == kAm && v[0] == 12) v[0] = 0;   // 12 AM is midnight
  out = TwoDigits(v[0]) + ":" + TwoDigits(v[1]) + ":" + TwoDigits(v[2]);
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  if (!frac.empty()) out += "." + frac;
  return true;
}

// Spark trims a datetime literal's text of white space and control characters.
std::string_view TrimDatetimeText(std::string_view t) {
  while (!t.empty() && static_cast<unsigned char>(t.front()) <= ' ') t.remove_prefix(1);
  while (!t.empty() && static_cast<unsigned char>(t.back()) <= ' ') t.remove_suffix(1);
  return t;
}

// Reads up to `max` digits (at least one) at `i` into `v`.
bool ReadDigits(std::string_view t, size_t& i, size_t max, uint64_t& v) {
  const size_t start = i;
  v = 0;
  while (i < t.size() && i - start < max && t[i] >= '0' && t[i] <= '9') v = v * 10 + static_cast<uint64_t>(t[i++] - '0');
  return i > start;
}

// A DATE or TIMESTAMP literal's value as Spark prints it: `yyyy-MM-dd`, or
// `yyyy-MM-dd HH:mm:ss[.f]` (the fraction's trailing zeros dropped, a
// nanosecond one kept as written), from what Spark's parser accepts: `yyyy`,
// `yyyy-[m]m`, `yyyy-[m]m-[d]d`, then ` ` or `T` and `[h]h:[m]m[:[s]s[.f]]`.
// A time zone or a signed year is not read (false).
bool DatetimeText(std::string_view t, bool date, std::string& out) {
  t = TrimDatetimeText(t);
  size_t i = 0;
  uint64_t year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
  if (!ReadDigits(t, i, 6, year) || i < 4) return false;
  if (i < t.size() && t[i] == '-') {
    ++i;
    if (!ReadDigits(t, i, 2, month)) return false;
    if (i < t.size() && t[i] == '-') {
      ++i;
      if (!ReadDigits(t, i, 2, day)) return false;
    }
  }
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  std::string frac;
  if (i < t.size() && (t[i] == ' ' || t[i] == 'T')) {
    if (date) {
      i = t.size();  // a date ignores the time after it
    } else {
      ++i;
      if (!ReadDigits(t, i, 2, hour) || i >= t.size() || t[i] != ':') return false;
      ++i;
      if (!ReadDigits(t, i, 2, minute)) return false;
      if (i < t.size() && t[i] == ':') {
        ++i;
        if (!ReadDigits(t, i, 2, second)) return false;
        if (i < t.size() && t[i] == '.') {
          ++i;
          while (i < t.size() && t[i] >= '0' && t[i] <= '9') frac += t[i++];
          if (frac.size() > 9) return false;
        }
      }
      if (hour > 23 || minute > 59 || second > 59) return false;
    }
  }
  if (i != t.size()) return false;
  std::string y = Cat(year);
  if (y.size() < 4) y.insert(0, 4 - y.size(), '0');
  out = y + "-" + TwoDigits(month) + "-" + TwoDigits(day);
  if (date) return true;
  out += " " + TwoDigits(hour) + ":" + TwoDigits(minute) + ":" + TwoDigits(second);
  if (frac.size() <= 6)
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
  if (!frac.empty()) out += "." + frac;
  return true;
}

// An interval literal of day-time fields.
bool DayTimeInterval(const Expr* e) {
  const auto* i = DynCast<IntervalExpr>(e);
  if (i == nullptr || i->unit.empty()) return false;
  const Field f = FieldOf(i->unit);
  return f >= kDay && f <= kSecond;
}

bool IsNullLiteral(const Expr* e) {
  const auto* l = DynCast<Literal>(e);
  return l != nullptr && l->type == Literal::Type::Null;
}

// A value that is plainly a date: DATE '..', CAST(.. AS DATE).
bool PlainlyDate(const Expr* e) {
  if (const auto* l = DynCast<Literal>(e)) return l->type == Literal::Type::Typed && l->type_name == "date";
  if (const auto* c = DynCast<CastExpr>(e)) return c->format == nullptr && SparkTypeSql(c->type.text) == "DATE";
  return false;
}

// An interval literal of days alone (`INTERVAL 2 DAY`).
bool WholeDays(const Expr* e) {
  const auto* i = DynCast<IntervalExpr>(e);
  return i != nullptr && i->unit == "day" && i->to_unit.empty();
}

// A value that is plainly a timestamp, a time or a string: TIMESTAMP '..',
// TIME '..', '..', CAST(.. AS STRING / TIMESTAMP / TIME).
bool PlainlyDatetime(const Expr* e) {
  if (const auto* l = DynCast<Literal>(e)) {
    if (l->type == Literal::Type::String) return true;
    return l->type == Literal::Type::Typed && (l->type_name.starts_with("timestamp") || l->type_name == "time");
  }
  if (const auto* c = DynCast<CastExpr>(e)) {
    const std::string t = SparkTypeSql(c->type.text);
    return t == "STRING" || t.starts_with("TIMESTAMP") || t.starts_with("TIME(");
  }
  return false;
}

// ------------------------------------------------------------------ functions

// Functions whose analyzer fills in trailing arguments left out: the
// defaults from the `first`-th argument on, as Spark prints them.
struct DefaultArgs {
  std::string_view function;
  size_t first;
  std::vector<std::string_view> values;
};
const std::vector<DefaultArgs>& DefaultArgTable() {
  static const std::vector<DefaultArgs> table = {
      {"theta_sketch_agg", 1, {"12"}},
      {"theta_union_agg", 1, {"12"}},
      {"theta_union", 2, {"12"}},
      {"hll_sketch_agg", 1, {"12"}},
      {"hll_union", 2, {"false"}},
      {"tuple_sketch_agg_double", 2, {"12", "sum"}},
      {"tuple_sketch_agg_integer", 2, {"12", "sum"}},
      {"tuple_union_double", 2, {"12", "sum"}},
      {"tuple_union_integer", 2, {"12", "sum"}},
      {"tuple_union_theta_double", 2, {"12", "sum"}},
      {"tuple_union_theta_integer", 2, {"12", "sum"}},
      {"tuple_intersection_double", 2, {"sum"}},
      {"tuple_intersection_integer", 2, {"sum"}},
      {"tuple_intersection_theta_double", 2, {"sum"}},
      {"tuple_intersection_theta_integer", 2, {"sum"}},
      {"tuple_sketch_summary_double", 1, {"sum"}},
      {"tuple_sketch_summary_integer", 1, {"sum"}},
      {"split", 2, {"-1"}},
      {"substr", 2, {"2147483647"}},
      {"substring", 2, {"2147483647"}},
      {"regexp_instr", 2, {"0"}},
      {"regexp_extract", 2, {"1"}},
      {"regexp_extract_all", 2, {"1"}},
      {"locate", 2, {"1"}},
      {"position", 2, {"1"}},
      {"overlay", 3, {"-1"}},
      {"replace", 2, {""}},
      {"percentile", 2, {"1"}},
      {"percentile_approx", 2, {"10000"}},
      {"approx_percentile", 2, {"10000"}},
      {"sort_array", 1, {"true"}},
      {"lpad", 2, {" "}},
      {"rpad", 2, {" "}},
      {"st_geomfromwkb", 1, {"0"}},
      {"st_asbinary", 1, {"NDR"}},
      {"make_dt_interval", 1, {"0", "0", "0.000000"}},
      {"make_interval", 1, {"0", "0", "0", "0", "0", "0.000000"}},
      {"make_ym_interval", 1, {"0"}},
      {"mask", 1, {"X", "x", "n", "NULL"}},
      {"tuple_union_agg_double", 1, {"12", "sum"}},
      {"tuple_union_agg_integer", 1, {"12", "sum"}},
      {"sentences", 1, {"", ""}},
      {"unix_timestamp", 1, {"yyyy-MM-dd HH:mm:ss"}},
      {"to_unix_timestamp", 1, {"yyyy-MM-dd HH:mm:ss"}},
      {"vector_norm", 1, {"2.0"}},
      {"vector_normalize", 1, {"2.0"}},
      {"instr", 3, {"1"}},
      {"regexp_replace", 3, {"1"}},
      {"lag", 1, {"1", "NULL"}},
      {"lead", 1, {"1", "NULL"}},
      {"listagg", 1, {"NULL"}},
      {"string_agg", 1, {"NULL"}},
  };
  return table;
}

const DefaultArgs* DefaultsOf(std::string_view fn) {
  for (const DefaultArgs& d : DefaultArgTable())
    if (d.function == fn) return &d;
  return nullptr;
}

// Spark's casts by a type's name (`float(x)`, `date(s)`) are casts its
// analyzer did not see written as CAST, and such a cast is named after its
// operand.
bool IsCastFunction(std::string_view fn) {
  static constexpr std::string_view kNames[] = {"boolean", "tinyint", "smallint", "int",  "bigint", "float",
                                                "double",  "decimal", "date",     "timestamp", "binary", "string",
                                                "time"};
  for (std::string_view n : kNames)
    if (fn == n) return true;
  return false;
}

// A format of to_char / to_varchar that is a number's (digits 0 and 9,
// separators, sign and currency marks); any other is a datetime pattern, and
// Spark names that call date_format.
bool IsNumberFormat(std::string_view f) {
  if (f.find_first_of("09") == std::string_view::npos) return false;
  return f.find_first_not_of("09.,$SMIPRDGLsmiprdgl ") == std::string_view::npos;
}

// A value that is plainly binary: X'..', unhex(..), binary(..), CAST(.. AS BINARY).
bool IsBinary(const Expr* e) {
  if (const auto* l = DynCast<Literal>(e)) return l->type == Literal::Type::Typed && l->type_name == "x";
  if (const auto* c = DynCast<CastExpr>(e)) return EqualsIgnoreCase(c->type.text, "binary");
  if (const auto* f = DynCast<FunctionCall>(e); f && f->name.size() == 1)
    return EqualsIgnoreCase(f->name[0].name, "unhex") || EqualsIgnoreCase(f->name[0].name, "binary");
  return false;
}

// An ident the parser made up (a call it wrote for an operator or clause):
// it has no place in the text.
bool Synthetic(const Ident& id) { return id.span.begin == 0 && id.span.end == 0; }

// A collation's name as Spark prints it: UTF8_BINARY, UTF8_LCASE and UNICODE[_...] upper case; a
// locale's language lower case, its script capitalised (Latn), its country and its CI / AI / RTRIM
// specifiers upper case: `sr_latn_ai` is sr_Latn_AI.
std::string CanonicalCollation(std::string_view name) {
  const std::string lower = ToLower(name);
  if (lower.starts_with("utf8_binary") || lower.starts_with("utf8_lcase") || lower.starts_with("unicode"))
    return Upper(name);
  std::string out;
  size_t start = 0;
  for (int part = 0; start <= lower.size(); ++part) {
    size_t end = lower.find('_', start);
    if (end == std::string::npos) end = lower.size();
    std::string seg = lower.substr(start, end - start);
    if (part > 0) {
      out += '_';
      if (seg.size() == 4 && seg != "rtrim") seg[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(seg[0])));
      else seg = Upper(seg);
    }
    out += seg;
    start = end + 1;
  }
  return out;
}

// The collation `collate(x, 'name')` gives its value; empty for any other expression.
std::string ExplicitCollation(const Expr* e) {
  const auto* f = DynCast<FunctionCall>(e);
  if (f == nullptr || f->name.size() != 1 || !EqualsIgnoreCase(f->name[0].name, "collate") || f->args.size() != 2)
    return std::string();
  const auto* name = DynCast<Literal>(f->args[1]);
  if (name == nullptr || name->type != Literal::Type::String) return std::string();
  return CanonicalCollation(lexer::UnescapeString(name->text));
}


// ------------------------------------------------------------------ subqueries

// The columns a subquery reads from the query around it, by name, in
// order: references whose qualifier names no FROM item inside it, and
// unqualified ones in a SELECT without FROM. (Without a schema, another
// unqualified outer reference cannot be told from an inner one.)
void OuterRefs(const Query* q, const SparkNameContext& context, std::vector<std::string>& out) {
  std::vector<std::string> aliases;
  std::vector<std::pair<const ColumnRef*, bool>> refs;  // and: in a SELECT without FROM
  std::vector<std::pair<const Node*, bool>> stack{{q, false}};
  size_t visited = 0;
  while (!stack.empty() && visited++ < 100000) {
    auto [n, no_from] = stack.back();
    stack.pop_back();
    if (const auto* core = DynCast<SelectCore>(n)) no_from = core->from == nullptr;
    if (const auto* t = DynCast<TableName>(n)) {
      aliases.push_back(ToLower(!t->alias.name.empty()         ? t->alias.name
                                : !t->name.parts.empty() ? t->name.parts.back().name
                                                         : std::string_view()));
    } else if (const auto* s = DynCast<SubqueryRef>(n)) {
      aliases.push_back(ToLower(s->alias.name));
    } else if (const auto* v = DynCast<ValuesRef>(n)) {
      aliases.push_back(ToLower(v->alias.name));
    } else if (const auto* l = DynCast<LateralViewRef>(n)) {
      aliases.push_back(ToLower(l->table_alias.name));
    } else if (const auto* f = DynCast<TableFunctionRef>(n)) {
      aliases.push_back(ToLower(f->alias.name.empty() ? f->name.name : f->alias.name));  // Spark's default: its name
    } else if (const auto* c = DynCast<ColumnRef>(n)) {
      refs.emplace_back(c, no_from);
    }
    std::vector<const Node*> kids;
    VisitChildren(*n, Overloaded{[&](const Expr* c) { kids.push_back(c); }, [&](const Query* c) { kids.push_back(c); },
                                 [&](const QueryExpr* c) { kids.push_back(c); },
                                 [&](const TableRef* c) { kids.push_back(c); },
                                 [&](const WindowSpec* w) {
                                   VisitChildren(*w, [&](const Expr* c) { kids.push_back(c); });
                                 }});
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.emplace_back(*it, no_from);
  }
  // Spark lists each reference, a column read twice twice.
  for (const auto& [c, no_from] : refs) {
    if (c->parts.empty()) continue;
    if (c->parts.size() >= 2) {
      const std::string qualifier = ToLower(c->parts[c->parts.size() - 2].name);
      if (std::find(aliases.begin(), aliases.end(), qualifier) != aliases.end()) continue;
    } else if (!no_from && !(context.outer_ref && context.outer_ref(c, aliases))) {
      continue;
    }
    out.push_back(std::string(c->parts.back().name));
  }
}

std::string OuterRefList(const Query* q, const SparkNameContext& context) {
  std::vector<std::string> refs;
  if (q != nullptr) OuterRefs(q, context, refs);
  std::string out;
  for (size_t k = 0; k < refs.size(); ++k) out += (k ? ", " : "") + refs[k];
  return out;
}

std::string LastVariantField(std::string_view path);

// A VARIANT path of plain field names and numeric subscripts (`a.b[0]`),
// which Spark's JSON path writes as it stands.
bool PlainVariantPath(std::string_view path) {
  if (path.empty()) return false;
  for (char c : path)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' || c == ']')) return false;
  return true;
}

// ------------------------------------------------------------------ the namer

class Namer {
 public:
  explicit Namer(const SparkNameContext& context) : context_(context) {}
  void Name(const Expr* e, std::string& out);

 private:
  void Names(List<Expr*> es, std::string& out) {
    for (size_t i = 0; i < es.size(); ++i) {
      if (i > 0) out += ", ";
      Name(es[i], out);
    }
  }
  std::string Of(const Expr* e) {
    std::string s;
    Name(e, s);
    return s;
  }
  bool Function(const FunctionCall* f, std::string& out);
  void SortOrder(const OrderItem& o, std::string& out);
  void Window(const FunctionCall* f, std::string_view fn, std::string& out);
  bool UncastRangeOffset(const Expr* offset, const std::vector<const OrderItem*>& order) const;

  void Coerce(std::span<const Expr* const> group);
  void CoerceArguments(const FunctionCall* f, std::string_view fn);

  const SparkNameContext& context_;
  int aggregate_depth_ = 0;  // inside an aggregate call's arguments
  // The string literals Spark's collation coercion gave a collation other than UTF8_BINARY.
  std::vector<std::pair<const Expr*, std::string>> coerced_;
};

// Spark's collation coercion over the string values of one group (a string
// function's arguments, the two sides of a comparison, CASE's results): an
// explicit COLLATE beats the collations of the columns read (implicit), which
// beat the default (a view's DEFAULT COLLATION, else UTF8_BINARY). Conflicting
// implicit collations leave the literals `collate null`. The string literals
// of the group take the collation.
// Nothing is decided when a value's collation is not known (a column of
// undeclared type, any other expression).
void Namer::Coerce(std::span<const Expr* const> group) {
  if (!context_.column_collation) return;
  std::vector<std::string> explicit_collations, implicit_collations;
  std::vector<const Expr*> literals;
  for (const Expr* e : group) {
    if (e == nullptr) continue;
    if (std::string c = ExplicitCollation(e); !c.empty()) {
      if (std::find(explicit_collations.begin(), explicit_collations.end(), c) == explicit_collations.end())
        explicit_collations.push_back(c);
    } else if (const auto* ref = DynCast<ColumnRef>(e)) {
      const std::optional<std::string> c = context_.column_collation(ref);
      if (!c) return;
      if (!c->empty() && std::find(implicit_collations.begin(), implicit_collations.end(), *c) == implicit_collations.end())
        implicit_collations.push_back(*c);
    } else if (const auto* l = DynCast<Literal>(e)) {
      if (l->type == Literal::Type::String) literals.push_back(e);
    } else {
      return;
    }
  }
  std::string collation;
  if (explicit_collations.size() == 1) collation = explicit_collations[0];
  else if (explicit_collations.empty() && implicit_collations.size() == 1) collation = implicit_collations[0];
  else if (explicit_collations.empty() && implicit_collations.size() > 1) collation = "null";
  if (collation.empty()) return;  // the default's
  for (const Expr* l : literals) coerced_.emplace_back(l, collation);
}

// The argument groups of the string functions whose arguments Spark's
// collation coercion makes one collation: all arguments (elt: all but the
// index; map: its keys, and its values), or the first two.
void Namer::CoerceArguments(const FunctionCall* f, std::string_view fn) {
  if (f->name.size() != 1 || f->args.empty()) return;
  const std::span<const Expr* const> args(f->args.data(), f->args.size());
  if (fn == "concat_ws" || fn == "contains" || fn == "startswith" || fn == "endswith" || fn == "find_in_set" ||
      fn == "translate" || fn == "replace" || fn == "array" || fn == "concat" || fn == "coalesce" ||
      fn == "greatest" || fn == "least" || fn == "nullif") {
    Coerce(args);
  } else if (fn == "elt") {
    Coerce(args.subspan(1));
  } else if (fn == "levenshtein" || fn == "split_part" || fn == "substring_index" || fn == "instr" ||
             fn == "locate" || fn == "overlay") {
    Coerce(args.first(std::min<size_t>(2, args.size())));
  } else if (fn == "map") {
    std::vector<const Expr*> keys, values;
    for (size_t k = 0; k < args.size(); ++k) (k % 2 == 0 ? keys : values).push_back(args[k]);
    Coerce(keys);
    Coerce(values);
  }
}

// `x ASC NULLS FIRST`: a sort key as Spark prints it, its direction and
// null order always written.
void Namer::SortOrder(const OrderItem& o, std::string& out) {
  Name(o.expr, out);
  const bool desc = o.direction == OrderItem::Direction::Desc;
  out += desc ? " DESC" : " ASC";
  const bool nulls_first = o.nulls == OrderItem::Nulls::Default ? !desc : o.nulls == OrderItem::Nulls::First;
  out += nulls_first ? " NULLS FIRST" : " NULLS LAST";
}

// Whether a RANGE frame's integer offset keeps its type over the one sort
// key: Spark casts it to a BIGINT, FLOAT, DOUBLE, ... key, not to an INT or
// DECIMAL one (a key of unknown type: cast).
bool Namer::UncastRangeOffset(const Expr* offset, const std::vector<const OrderItem*>& order) const {
  const auto* lit = DynCast<Literal>(offset);
  if (lit == nullptr || lit->type != Literal::Type::Number ||
      lit->text.find_first_not_of("0123456789") != std::string_view::npos || order.size() != 1 ||
      !context_.column_type)
    return false;
  const auto* key = DynCast<ColumnRef>(order[0]->expr);
  if (key == nullptr) return false;
  const std::string type = ToLower(context_.column_type(key));
  return type == "int" || type == "integer" || type.starts_with("decimal") || type.starts_with("numeric");
}

// `f(x) OVER (PARTITION BY p ORDER BY o ASC NULLS FIRST frame)`: Spark
// spells out the specification, a named window's included, and the frame
// its analyzer chose when none is written: ranking functions run from the
// partition's start to the current row, lag and lead read one row at their
// offset, other functions take RANGE UNBOUNDED PRECEDING to CURRENT ROW when
// ordered and the whole partition when not.
void Namer::Window(const FunctionCall* f, std::string_view fn, std::string& out) {
  std::vector<const Expr*> partition;
  std::vector<const OrderItem*> order;
  const WindowFrame* frame = nullptr;
  auto take = [&](const WindowSpec* w) {
    for (const Expr* p : w->partition_by) partition.push_back(p);
    for (const OrderItem& o : w->order_by) order.push_back(&o);
    if (w->frame != nullptr) frame = w->frame;
  };
  if (!f->over->base.name.empty()) {
    for (const NamedWindow& nw : context_.windows)
      if (EqualsIgnoreCase(nw.name.name, f->over->base.name) && nw.spec != nullptr) take(nw.spec);
  }
  take(f->over);
  out += " OVER (";
  std::string spec;
  if (!partition.empty()) {
    spec += "PARTITION BY ";
    for (size_t k = 0; k < partition.size(); ++k) {
      if (k) spec += ", ";
      Name(partition[k], spec);
    }
  }
  if (!order.empty()) {
    if (!spec.empty()) spec += ' ';
    spec += "ORDER BY ";
    for (size_t k = 0; k < order.size(); ++k) {
      if (k) spec += ", ";
      SortOrder(*order[k], spec);
    }
  }
  std::string frame_text;
  const bool range = frame != nullptr && frame->unit == WindowFrame::Unit::Range;
  auto bound = [&](const FrameBound& b) {
    switch (b.type) {
      case FrameBound::Type::UnboundedPreceding:
        return std::string("UNBOUNDED PRECEDING");
      case FrameBound::Type::UnboundedFollowing:
        return std::string("UNBOUNDED FOLLOWING");
      case FrameBound::Type::CurrentRow:
        return std::string("CURRENT ROW");
      case FrameBound::Type::Preceding:
        // A RANGE frame's `n PRECEDING` is Spark's `(- n) FOLLOWING` once
        // the offset is cast to the key's type; over an INT or DECIMAL key an
        // integer offset is not cast and stays `n PRECEDING`.
        return range && !UncastRangeOffset(b.offset, order) ? "(- " + Of(b.offset) + ") FOLLOWING"
                                                            : Of(b.offset) + " PRECEDING";
      case FrameBound::Type::Following:
        return Of(b.offset) + " FOLLOWING";
    }
    return std::string();
  };
  // cume_dist's frame is RANGE (the ordering's default), the other ranking functions' ROWS.
  const bool ranking = fn == "row_number" || fn == "rank" || fn == "dense_rank" || fn == "percent_rank" ||
                       fn == "ntile";
  if (frame != nullptr) {
    FrameBound end;
    if (frame->has_end) end = frame->end;
    frame_text = std::string(frame->unit == WindowFrame::Unit::Rows ? "ROWS" : "RANGE") + " BETWEEN " +
                 bound(frame->start) + " AND " + bound(end);
  } else if (ranking) {
    frame_text = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";
  } else if (fn == "lag" || fn == "lead") {
    std::string offset = f->args.size() > 1 ? Of(f->args[1]) : "1";
    if (fn == "lag") offset = offset[0] == '-' ? offset.substr(1) : "-" + offset;
    frame_text = "ROWS BETWEEN " + offset + " FOLLOWING AND " + offset + " FOLLOWING";
  } else if (!order.empty()) {
    frame_text = "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";
  } else {
    frame_text = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING";
  }
  if (!spec.empty()) spec += ' ';
  spec += frame_text;
  out += spec;
  out += ')';
}

// Calls Spark names otherwise than `f(args)`; false when none applies.
bool Namer::Function(const FunctionCall* f, std::string& out) {
  if (f->name.size() != 1 || f->distinct || f->star) return false;
  const std::string fn = ToLower(f->name[0].name);
  const auto& a = f->args;
  const bool synthetic = Synthetic(f->name[0]);
  if (a.size() == 1 && IsCastFunction(fn) && f->over == nullptr) {
    Name(a[0], out);
    return true;
  }
  if (synthetic && a.size() == 2 && (fn == "shiftleft" || fn == "shiftright" || fn == "shiftrightunsigned")) {
    out += '(' + Of(a[0]) + (fn == "shiftleft" ? " << " : fn == "shiftright" ? " >> " : " >>> ") + Of(a[1]) + ')';
    return true;
  }
  if (fn == "positive" && a.size() == 1) {
    out += "(+ " + Of(a[0]) + ')';
    return true;
  }
  if ((fn == "isnull" || fn == "isnotnull") && a.size() == 1) {
    out += '(' + Of(a[0]) + (fn == "isnull" ? " IS NULL)" : " IS NOT NULL)");
    return true;
  }
  if (fn == "div" && a.size() == 2) {
    out += '(' + Of(a[0]) + " div " + Of(a[1]) + ')';
    return true;
  }
  if (synthetic && fn == "if" && a.size() == 3 && f->over == nullptr) return false;
  if ((fn == "to_char" || fn == "to_varchar") && a.size() == 2 && StringLit(a[1]) != nullptr &&
      !IsNumberFormat(lexer::UnescapeString(StringLit(a[1])->text))) {
    out += "date_format(" + Of(a[0]) + ", " + Of(a[1]) + ')';
    return true;
  }
  if ((fn == "trim" || fn == "ltrim" || fn == "rtrim") && a.size() == 2) {
    // TRIM(LEADING x FROM s), which the parser reads as ltrim(s, x); Spark
    // prints its trims with a trim string so.
    out += "TRIM(";
    out += fn == "trim" ? "BOTH " : fn == "ltrim" ? "LEADING " : "TRAILING ";
    out += Of(a[1]) + " FROM " + Of(a[0]) + ')';
    return true;
  }
  if ((fn == "from_json" || fn == "from_csv" || fn == "from_xml" || fn == "to_json" || fn == "to_csv" ||
       fn == "to_xml" || fn == "schema_of_json" || fn == "schema_of_csv" || fn == "schema_of_xml") &&
      a.size() >= 2) {
    // The schema and options are not among the arguments Spark prints.
    out += fn + '(' + Of(a[0]) + ')';
    return true;
  }
  if (fn == "mode" && a.size() == 2 && f->within_group.empty()) {
    if (const auto* l = DynCast<Literal>(a[1]); l && l->type == Literal::Type::Boolean && EqualsIgnoreCase(l->text, "false")) {
      out += "mode(" + Of(a[0]) + ')';
      return true;
    }
  }
  static constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {
      {"timediff", "timestampdiff"},
      {"current_database", "current_schema"},
      {"array_agg", "collect_list"},
      {"make_timestamp_ltz", "make_timestamp"},
      {"try_make_timestamp_ltz", "make_timestamp"}};
  std::string_view renamed;
  for (const auto& [from, to] : kRenamed)
    // make_timestamp_ltz(date, time[, zone]) is make_timestamp's form; its field-by-field form keeps the name.
    if (fn == from && (a.size() <= 3 || (!fn.starts_with("make") && !fn.starts_with("try_make")))) renamed = to;
  if (fn == "identifier" && a.size() == 1) {
    // IDENTIFIER('name') names the column it names, once the string is known.
    std::string text;
    if (ConstantString(a[0], text)) {
      if (text.size() >= 2 && text.front() == '`' && text.back() == '`') text = text.substr(1, text.size() - 2);
      out += text;
      return true;
    }
  }
  if (fn == "time_bucket" && a.size() == 2) {
    // A TIMESTAMP_NTZ is bucketed from the epoch, which Spark adds as the
    // origin; any other timestamp's origin depends on the session's zone.
    if (const auto* l = DynCast<Literal>(a[1]); l && l->type == Literal::Type::Typed && l->type_name == "timestamp_ntz") {
      out += "time_bucket(" + Of(a[0]) + ", " + Of(a[1]) + ", TIMESTAMP_NTZ '1970-01-01 00:00:00')";
      return true;
    }
  }
  if (fn == "try_make_timestamp_ntz" && a.size() == 2) {
    // The date-and-time form wraps the make_timestamp_ntz it calls.
    out += "try_make_timestamp_ntz(make_timestamp_ntz(" + Of(a[0]) + ", " + Of(a[1]) + "))";
    return true;
  }
  if (fn == "mode" && a.size() == 2 && f->within_group.empty()) {
    // mode(x, true) is the deterministic mode: Spark prints it as mode()
    // WITHIN GROUP (ORDER BY x DESC).
    if (const auto* l = DynCast<Literal>(a[1]); l && l->type == Literal::Type::Boolean && EqualsIgnoreCase(l->text, "true")) {
      out += "mode() WITHIN GROUP (ORDER BY " + Of(a[0]) + " DESC)";
      return true;
    }
  }
  if (fn == "typeof" && a.size() == 1) {
    // A parameterless datetime function inside typeof prints bare.
    if (const auto* l = DynCast<Literal>(a[0]);
        l && (l->type == Literal::Type::CurrentDate || l->type == Literal::Type::CurrentTimestamp)) {
      out += l->type == Literal::Type::CurrentDate ? "typeof(current_date)" : "typeof(current_timestamp)";
      return true;
    }
  }
  if (!renamed.empty()) {
    out += renamed;
    out += '(';
    Names(a, out);
    out += ')';
    return true;
  }
  if (fn == "datepart" && a.size() == 2) {
    std::string unit = Of(a[0]);
    out += "datepart(" + unit + " FROM " + Of(a[1]) + ')';
    return true;
  }
  if (fn == "try_to_time" && !a.empty() && a.size() <= 2) {
    out += "try_to_time(to_time(";
    Names(a, out);
    out += "))";
    return true;
  }
  if (fn == "raise_error" && a.size() == 1) {
    out += "raise_error(USER_RAISED_EXCEPTION, map(errorMessage, " + Of(a[0]) + "))";
    return true;
  }
  if (fn == "assert_true" && a.size() == 1) {
    const std::string x = Of(a[0]);
    out += "assert_true(" + x + ", '" + x + "' is not true!)";
    return true;
  }
  return false;
}

void Namer::Name(const Expr* e, std::string& out) {
  if (e == nullptr) return;
  switch (e->expr_kind()) {
    case ExprKind::Literal: {
      const auto* l = static_cast<const Literal*>(e);
      switch (l->type) {
        case Literal::Type::String: {
          const std::string text = lexer::UnescapeString(l->text);
          // Spark's collation coercion, else the view's default collation; UTF8_BINARY is named bare.
          std::string collation =
              context_.default_collation.empty() ? std::string() : CanonicalCollation(context_.default_collation);
          for (const auto& [literal, coerced] : coerced_)
            if (literal == e) collation = coerced;
          if (!collation.empty() && collation != "UTF8_BINARY" && text.find('\'') == std::string::npos) {
            out += "'" + text + "' collate " + collation;
            return;
          }
          out += text;
          return;
        }
        case Literal::Type::Number: {
          const std::string_view t = l->text;
          const bool is_double = t.find_first_of("eE") != std::string_view::npos ||
                                 (t.size() > 1 && AsciiLower(t.back()) == 'd' && AsciiLower(t[t.size() - 2]) != 'b');
          out += is_double ? JavaDouble(t) : NumberName(t);
          return;
        }
        case Literal::Type::Boolean:
          out += ToLower(l->text);
          return;
        case Literal::Type::Null:
          out += "NULL";
          return;
        case Literal::Type::Typed:
          if (l->type_name == "x") {  // a binary literal: X'..', the digits upper case, no space
            out += 'X';
            out += Upper(l->text);
            return;
          }
          if (l->type_name == "time") {
            if (std::string t; TimeText(std::string(TrimDatetimeText(lexer::UnescapeString(l->text))), t)) {
              out += "TIME '" + t + "'";
              return;
            }
          }
          if (l->type_name == "date" || l->type_name.starts_with("timestamp")) {
            const bool date = l->type_name == "date";
            const std::string_view kind = date                                  ? "DATE"
                                          : l->type_name == "timestamp_ntz"       ? "TIMESTAMP_NTZ"
                                          : l->type_name == "timestamp_ltz"       ? "TIMESTAMP_LTZ"
                                          : l->type_name == "timestamp"           ? "TIMESTAMP"
                                                                                  : "";
            if (std::string t; !kind.empty() && DatetimeText(lexer::UnescapeString(l->text), date, t)) {
              out += std::string(kind) + " '" + t + "'";
              return;
            }
          }
          out += Upper(l->type_name);
          out += ' ';
          if (l->text.size() >= 2 && l->text.front() == '"') {  // "..." prints in single quotes
            out += '\'';
            out += l->text.substr(1, l->text.size() - 2);
            out += '\'';
          } else {
            out += l->text;
          }
          return;
        case Literal::Type::CurrentDate:
          out += "current_date()";
          return;
        case Literal::Type::CurrentTimestamp:
          out += "current_timestamp()";
          return;
        case Literal::Type::Charset:
        case Literal::Type::Variable:
        case Literal::Type::Parameter:
          out += l->text;
          return;
      }
      return;
    }
    case ExprKind::ColumnRef: {
      const auto* c = static_cast<const ColumnRef*>(e);
      if (context_.variable) {
        if (std::string v = context_.variable(c); !v.empty()) {
          out += v;
          return;
        }
      }
      // Spark reads Hive's virtual column as its grouping_id() function.
      if (c->parts.size() == 1 && ToLower(c->parts[0].name) == "grouping__id") {
        out += "grouping_id()";
        return;
      }
      if (context_.outer_column) {
        if (std::string outer = context_.outer_column(c); !outer.empty()) {
          out += "outer(" + outer + ')';
          return;
        }
      }
      if (context_.grouped_field_path && aggregate_depth_ == 0 && c->parts.size() > 1) {
        if (std::string path = context_.grouped_field_path(c); !path.empty()) {
          out += path;
          return;
        }
      }
      if (!c->parts.empty()) out += c->parts.back().name;
      return;
    }
    case ExprKind::FieldAccess: {
      const auto* f = static_cast<const FieldAccess*>(e);
      Name(f->base, out);
      out += '.';
      out += f->field.name;
      return;
    }
    case ExprKind::Subscript: {
      const auto* s = static_cast<const Subscript*>(e);
      Name(s->base, out);
      out += '[';
      Name(s->index, out);
      out += ']';
      return;
    }
    case ExprKind::UnaryExpr: {
      const auto* u = static_cast<const UnaryExpr*>(e);
      switch (u->op) {
        case UnaryOp::Not:
          out += "(NOT ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::Minus:
          if (const auto* lit = DynCast<Literal>(u->operand); lit && lit->type == Literal::Type::Number) {
            // A negative number is a literal of its own; -0 is 0.
            const std::string value = Of(lit);
            if (value.find_first_not_of("0.") != std::string::npos) out += '-';
            out += value;
            return;
          }
          out += "(- ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::Plus:
          out += "(+ ";
          Name(u->operand, out);
          out += ')';
          return;
        case UnaryOp::BitNot:
          out += '~';
          Name(u->operand, out);
          return;
      }
      return;
    }
    case ExprKind::BinaryExpr: {
      const auto* b = static_cast<const BinaryExpr*>(e);
      if (std::vector<std::pair<std::string, Field>> parts; IntervalSumParts(b, parts, true)) {
        if (std::string text; IntervalFromParts(parts, text)) {
          out += text;
          return;
        }
      }
      if (b->op == BinaryOp::Concat) {
        out += "concat(";
        Name(b->lhs, out);
        out += ", ";
        Name(b->rhs, out);
        out += ')';
        return;
      }
      if ((b->op == BinaryOp::Add || b->op == BinaryOp::Sub) && (DayTimeInterval(b->rhs) || (b->op == BinaryOp::Add && DayTimeInterval(b->lhs)))) {
        // A datetime plus a day-time interval (Spark's TimeAdd) prints
        // without parentheses, the datetime first.
        const bool rhs_interval = DayTimeInterval(b->rhs);
        const Expr* when = rhs_interval ? b->lhs : b->rhs;
        const Expr* interval = rhs_interval ? b->rhs : b->lhs;
        if (PlainlyDate(when) && WholeDays(interval)) {
          // A date plus whole days is Spark's date_add of the interval's days.
          const std::string days = "extractansiintervaldays(" + Of(interval) + ')';
          out += "date_add(" + Of(when) + ", " + (b->op == BinaryOp::Add ? days : "(- " + days + ')') + ')';
          return;
        }
        if (PlainlyDatetime(when)) {
          out += Of(when) + (b->op == BinaryOp::Add ? " + " : " - ") + Of(rhs_interval ? b->rhs : b->lhs);
          return;
        }
      }
      if ((b->op == BinaryOp::Add || b->op == BinaryOp::Sub) && (PlainlyTime(b->lhs) || PlainlyTime(b->rhs)) &&
          (IsNullLiteral(b->lhs) || IsNullLiteral(b->rhs) || (b->op == BinaryOp::Sub && StringLit(b->lhs) != nullptr))) {
        // A time and NULL (or a time from a string): Spark's time arithmetic
        // prints bare, a sum with the time first.
        const bool swap = b->op == BinaryOp::Add && !PlainlyTime(b->lhs);
        out += Of(swap ? b->rhs : b->lhs) + (b->op == BinaryOp::Add ? " + " : " - ") + Of(swap ? b->lhs : b->rhs);
        return;
      }
      if (b->op == BinaryOp::Sub && PlainlyTime(b->lhs) && PlainlyTime(b->rhs)) {
        out += Of(b->lhs) + " - " + Of(b->rhs);  // the difference of two times prints bare
        return;
      }
      if (b->op == BinaryOp::Mul && DynCast<IntervalExpr>(b->rhs) && !DynCast<IntervalExpr>(b->lhs)) {
        // An interval times a number is written interval first.
        out += '(' + Of(b->rhs) + " * " + Of(b->lhs) + ')';
        return;
      }
      const bool negate = b->op == BinaryOp::NotEq || b->op == BinaryOp::BangEq;
      // A string literal compared with a collated value takes its collation:
      // `'a' COLLATE unicode < 'A'` names the right side 'A' collate UNICODE.
      const bool comparison = b->op == BinaryOp::Eq || b->op == BinaryOp::EqEq || negate ||
                              b->op == BinaryOp::NullSafeEq || b->op == BinaryOp::Less ||
                              b->op == BinaryOp::LessEq || b->op == BinaryOp::Greater || b->op == BinaryOp::GreaterEq;
      if (comparison) {
        const Expr* sides[] = {b->lhs, b->rhs};
        Coerce(sides);
      }
      out += negate ? "(NOT (" : "(";
      Name(b->lhs, out);
      out += ' ';
      out += negate ? "=" : BinarySpelling(b->op);
      out += ' ';
      Name(b->rhs, out);
      out += negate ? "))" : ")";
      return;
    }
    case ExprKind::IsExpr: {
      // Spark reads `x IS [NOT] TRUE | FALSE` as `[NOT] (x <=> true | false)`, and IS UNKNOWN as IS NULL.
      const auto* i = static_cast<const IsExpr*>(e);
      if (i->what == IsExpr::What::True || i->what == IsExpr::What::False) {
        if (i->negated) out += "(NOT ";
        out += '(';
        Name(i->operand, out);
        out += i->what == IsExpr::What::True ? " <=> true)" : " <=> false)";
        if (i->negated) out += ')';
        return;
      }
      out += '(';
      Name(i->operand, out);
      out += i->negated ? " IS NOT NULL)" : " IS NULL)";
      return;
    }
    case ExprKind::BetweenExpr: {
      // Spark 4 keeps BETWEEN as one expression: between(v, low, high).
      const auto* b = static_cast<const BetweenExpr*>(e);
      if (b->negated) out += "(NOT ";
      out += "between(";
      Name(b->value, out);
      out += ", ";
      Name(b->low, out);
      out += ", ";
      Name(b->high, out);
      out += ')';
      if (b->negated) out += ')';
      return;
    }
    case ExprKind::InListExpr: {
      const auto* i = static_cast<const InListExpr*>(e);
      std::vector<const Expr*> values{i->value};  // coerced to one collation
      values.insert(values.end(), i->items.begin(), i->items.end());
      Coerce(values);
      if (i->negated) out += "(NOT ";
      out += '(';
      Name(i->value, out);
      out += " IN (";
      Names(i->items, out);
      out += "))";
      if (i->negated) out += ')';
      return;
    }
    case ExprKind::CaseExpr: {
      const auto* c = static_cast<const CaseExpr*>(e);
      std::vector<const Expr*> results;  // coerced to one collation
      for (const WhenClause& w : c->whens) results.push_back(w.result);
      results.push_back(c->else_result);
      Coerce(results);
      // CASE x WHEN v is CASE WHEN (x = v): Spark keeps only the searched form.
      out += "CASE";
      for (const WhenClause& w : c->whens) {
        out += " WHEN ";
        if (c->operand != nullptr) out += '(' + Of(c->operand) + " = ";
        Name(w.condition, out);
        if (c->operand != nullptr) out += ')';
        out += " THEN ";
        Name(w.result, out);
      }
      if (c->else_result != nullptr) {
        out += " ELSE ";
        Name(c->else_result, out);
      }
      out += " END";
      return;
    }
    case ExprKind::CastExpr: {
      const auto* c = static_cast<const CastExpr*>(e);
      const std::string type = SparkTypeSql(c->type.text);
      const auto* lit = DynCast<Literal>(c->operand);
      if (lit != nullptr && lit->type == Literal::Type::Null &&
          (type.starts_with("ARRAY<") || type.starts_with("MAP<") || type.starts_with("STRUCT<"))) {
        out += "NULL";  // the parser makes a typed NULL of it
        return;
      }
      const auto* empty_array = DynCast<FunctionCall>(c->operand);
      if (empty_array != nullptr && empty_array->args.empty() && empty_array->name.size() == 1 &&
          EqualsIgnoreCase(empty_array->name[0].name, "array") && type.starts_with("ARRAY<")) {
        out += "array()";  // an empty array literal takes the element type it is cast to
        return;
      }
      if (DynCast<ColumnRef>(c->operand) && (type.starts_with("TIME(") || type.starts_with("INTERVAL "))) {
        Name(c->operand, out);  // an up-cast Spark's analyzer makes its own
        return;
      }
      out += "CAST(";
      Name(c->operand, out);
      out += " AS ";
      out += type;
      out += ')';
      return;
    }
    case ExprKind::IntervalExpr: {
      const auto* i = static_cast<const IntervalExpr*>(e);
      if (std::vector<std::pair<std::string, Field>> parts; IntervalParts(i, parts)) {
        if (std::string text; IntervalFromParts(parts, text)) {
          out += text;
          return;
        }
      }
      // Otherwise INTERVAL '2' YEAR: the value quoted, the unit upper case.
      const auto* lit = DynCast<Literal>(i->value);
      if (lit == nullptr || i->unit.empty() ||
          (lit->type != Literal::Type::Number && lit->type != Literal::Type::String))
        break;
      // INTERVAL 3 WEEK is Spark's INTERVAL '21' DAY.
      if (i->unit == "week" && i->to_unit.empty() && lit->type == Literal::Type::Number && !lit->text.empty() &&
          lit->text.size() < 15 &&
          std::all_of(lit->text.begin(), lit->text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        out += "INTERVAL '" + std::to_string(std::stoll(std::string(lit->text)) * 7) + "' DAY";
        return;
      }
      out += "INTERVAL '";
      out += lit->type == Literal::Type::String ? lexer::UnescapeString(lit->text) : std::string(lit->text);
      out += "' ";
      out += Upper(i->unit);
      if (!i->to_unit.empty()) {
        out += " TO ";
        out += Upper(i->to_unit);
      }
      return;
    }
    case ExprKind::FunctionCall: {
      const auto* f = static_cast<const FunctionCall*>(e);
      // An aggregate's arguments are read from the rows, not the groups.
      struct AggregateScope {
        int& depth;
        bool on;
        ~AggregateScope() {
          if (on) --depth;
        }
      } aggregate{aggregate_depth_, ClassifyFunction(*f).aggregate && f->over == nullptr};
      if (aggregate.on) ++aggregate_depth_;
      if (f->name.size() == 1 && EqualsIgnoreCase(f->name[0].name, "if") && f->args.size() == 3 && !f->distinct &&
          f->over == nullptr && !Synthetic(f->name[0])) {
        out += "(IF(";  // Spark writes its IF in parentheses
        Names(f->args, out);
        out += "))";
        return;
      }
      const std::string fn = f->name.empty() ? std::string() : ToLower(f->name.back().name);
      CoerceArguments(f, fn);
      // extract('year', d) is named as EXTRACT(year FROM d) is.
      if (fn == "extract" && f->name.size() == 1 && f->args.size() == 2 && f->over == nullptr) {
        if (const auto* unit = DynCast<Literal>(f->args[0]); unit && unit->type == Literal::Type::String) {
          out += "extract(" + Of(unit) + " FROM " + Of(f->args[1]) + ')';
          return;
        }
      }
      // `agg(x) FILTER (WHERE c)`, which the parser reads as agg(if(c, x, NULL)).
      // An aggregate with no arguments but a WITHIN GROUP order (mode()) has
      // the filter read into its sort key.
      const FunctionCall* filter = nullptr;
      const Expr* filtered = !f->args.empty()                                  ? f->args[0]
                             : f->within_group.size() == 1 && fn == "mode" ? f->within_group[0].expr
                                                                             : nullptr;
      if (const auto* g = DynCast<FunctionCall>(filtered);
          g && g->name.size() == 1 && Synthetic(g->name[0]) && EqualsIgnoreCase(g->name[0].name, "if") &&
          g->args.size() == 3)
        filter = g;
      const bool filter_in_order = filter != nullptr && f->args.empty();
      if (filter == nullptr && f->within_group.empty() && Function(f, out)) {
        if (f->over != nullptr) Window(f, fn, out);
        return;
      }
      if (std::string qualified = context_.sql_function ? context_.sql_function(f->name) : std::string();
          !qualified.empty())
        out += qualified;  // a persistent SQL function is named by its catalog and database
      else if (!f->name.empty())
        out += fn;
      out += '(';
      if (f->star) {
        const std::vector<std::string> covered =
            fn == "count" || !context_.star_columns ? std::vector<std::string>() : context_.star_columns(nullptr);
        if (covered.empty()) out += '1';  // count(*) is count(1)
        for (size_t k = 0; k < covered.size(); ++k) out += (k > 0 ? ", " : "") + covered[k];
      } else {
        if (f->distinct) out += "DISTINCT ";
        if (filter_in_order) {
          // mode(): the filtered value is the sort key, printed below.
        } else if (filter != nullptr) {
          Name(filter->args[1], out);
          for (size_t k = 1; k < f->args.size(); ++k) {
            out += ", ";
            Name(f->args[k], out);
          }
        } else {
          Names(f->args, out);
          if ((fn == "lpad" || fn == "rpad") && f->args.size() == 2 && IsBinary(f->args[0])) {
            out += ", X'00'";  // a binary is padded with zero bytes
          } else if (const DefaultArgs* d = DefaultsOf(fn); d && f->args.size() >= d->first &&
                                                     f->args.size() < d->first + d->values.size()) {
            for (size_t k = f->args.size() - d->first; k < d->values.size(); ++k) {
              out += ", ";
              out += d->values[k];
            }
          }
        }
      }
      out += ')';
      if (!f->within_group.empty()) {
        // percentile_cont(p) WITHIN GROUP (ORDER BY x [DESC]); mode() prints
        // the opposite direction (Spark's Mode keeps a `reverse` flag); others
        // print full sort orders.
        out += " WITHIN GROUP (ORDER BY ";
        for (size_t k = 0; k < f->within_group.size(); ++k) {
          const OrderItem& o = f->within_group[k];
          if (k) out += ", ";
          const bool desc = o.direction == OrderItem::Direction::Desc;
          if (fn == "mode") {
            Name(filter_in_order ? filter->args[1] : o.expr, out);
            if (!desc) out += " DESC";
          } else if (fn == "percentile_cont" || fn == "percentile_disc" || fn == "median") {
            Name(o.expr, out);
            if (desc) out += " DESC";
          } else {
            SortOrder(o, out);
          }
        }
        out += ')';
      }
      if (filter != nullptr) {
        out += " FILTER (WHERE ";
        Name(filter->args[0], out);
        out += ')';
      }
      if (f->over != nullptr) Window(f, fn, out);
      return;
    }
    case ExprKind::StructExpr: {
      // `(a, b)` is named_struct(a, a, b, b): each field named after its column.
      const auto* s = static_cast<const StructExpr*>(e);
      out += "named_struct(";
      for (size_t k = 0; k < s->fields.size(); ++k) {
        if (k) out += ", ";
        const auto* c = DynCast<ColumnRef>(s->fields[k]);
        out += c != nullptr && !c->parts.empty() ? std::string(c->parts.back().name) : Cat("col", k + 1);
        out += ", ";
        Name(s->fields[k], out);
      }
      out += ')';
      return;
    }
    case ExprKind::SubqueryExpr: {
      // A scalar subquery is named scalarsubquery(outer columns it reads).
      const auto* s = static_cast<const SubqueryExpr*>(e);
      if (s->quantifier != SubqueryExpr::Quantifier::None) break;
      out += "scalarsubquery(" + OuterRefList(s->query, context_) + ')';
      return;
    }
    case ExprKind::ExistsExpr:
      out += "exists(" + OuterRefList(static_cast<const ExistsExpr*>(e)->query, context_) + ')';
      return;
    case ExprKind::InSubqueryExpr: {
      const auto* i = static_cast<const InSubqueryExpr*>(e);
      if (i->negated) out += "(NOT ";
      out += '(';
      Name(i->value, out);
      out += " IN (listquery(" + OuterRefList(i->query, context_) + ")))";
      if (i->negated) out += ')';
      return;
    }
    case ExprKind::ExtractExpr: {
      const auto* x = static_cast<const ExtractExpr*>(e);
      if (x->is_floor) break;
      out += "extract(" + std::string(x->unit) + " FROM " + Of(x->operand) + ')';
      return;
    }
    case ExprKind::LikeExpr: {
      // `a LIKE p` and `a RLIKE p` print without parentheses (a LIKE's escape after them); `a ILIKE p`
      // is the call ilike(a, p), its escape not named.
      const auto* l = static_cast<const LikeExpr*>(e);
      if (l->quantifier != LikeExpr::Quantifier::None || l->patterns.size() != 1) break;
      if (l->negated) out += "(NOT ";
      if (l->op == LikeExpr::Op::ILike) {
        out += "ilike(" + Of(l->value) + ", " + Of(l->patterns[0]) + ")";
      } else {
        out += Of(l->value) + (l->op == LikeExpr::Op::Like ? " LIKE " : " RLIKE ") + Of(l->patterns[0]);
        if (!l->escape.empty()) out += Cat(" ESCAPE ", l->escape);
      }
      if (l->negated) out += ')';
      return;
    }
    case ExprKind::StarExpr: {
      // A star argument is named by the columns it covers: `array(t.*)` is `array(a, b)`.
      const std::vector<std::string> covered = context_.star_columns
                                                   ? context_.star_columns(static_cast<const StarExpr*>(e))
                                                   : std::vector<std::string>();
      if (covered.empty()) break;
      for (size_t k = 0; k < covered.size(); ++k) out += (k > 0 ? ", " : "") + covered[k];
      return;
    }
    case ExprKind::VariantPathExpr: {
      // Inside an expression `v:a.b` is Spark's aliased extraction,
      // `variant_get(v, $.a.b) AS b` (a plain path only: names and subscripts).
      const auto* v = static_cast<const VariantPathExpr*>(e);
      const std::string last = LastVariantField(v->path);
      if (last.empty() || v->base == nullptr || !PlainVariantPath(v->path)) break;
      out += "variant_get(" + Of(v->base) + (v->path.front() == '[' ? ", $" : ", $.") + std::string(v->path) +
             ") AS " + last;
      return;
    }
    case ExprKind::LambdaExpr:
    case ExprKind::LambdaVariable:
      break;
  }
  out += PrintExpr(e);
}

}  // namespace

namespace {

// The last field a constant VARIANT path names, skipping array subscripts:
// `item[0].model` is model, `tags[0]` is tags, `['f.n']` is f.n. Spark aliases
// the extraction by it, and a backquoted name by its last dotted part.
std::string LastVariantField(std::string_view path) {
  std::string last;
  for (size_t i = 0; i < path.size();) {
    const char c = path[i];
    if (c == '.') {
      ++i;
    } else if (c == '`') {
      const size_t end = path.find('`', i + 1);
      const std::string_view name = path.substr(i + 1, (end == std::string_view::npos ? path.size() : end) - i - 1);
      const size_t dot = name.rfind('.');
      last = std::string(dot == std::string_view::npos ? name : name.substr(dot + 1));
      i = end == std::string_view::npos ? path.size() : end + 1;
    } else if (c == '[') {
      const size_t end = path.find(']', i);
      const std::string_view inside = path.substr(i + 1, (end == std::string_view::npos ? path.size() : end) - i - 1);
      if (inside.size() >= 2 && (inside.front() == '\'' || inside.front() == '"'))
        last = std::string(inside.substr(1, inside.size() - 2));
      i = end == std::string_view::npos ? path.size() : end + 1;
    } else {
      size_t end = i;
      while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
      last = std::string(path.substr(i, end - i));
      i = end;
    }
  }
  return last;
}

}  // namespace

std::string SparkExprName(const Expr* e, const SparkNameContext& context) {
  // `v:a.b` and `v:a.b::type` are named by the path's last field, as Spark aliases them.
  const Expr* path = e;
  if (const auto* c = DynCast<CastExpr>(path); c != nullptr && c->format == nullptr) path = c->operand;
  if (const auto* v = DynCast<VariantPathExpr>(path)) {
    if (std::string last = LastVariantField(v->path); !last.empty()) return last;
  }
  // In a view of a DEFAULT COLLATION Spark names a column cast to a string type after the column.
  if (const auto* c = DynCast<CastExpr>(e); c != nullptr && !context.default_collation.empty()) {
    const auto* ref = DynCast<ColumnRef>(c->operand);
    if (ref != nullptr && !ref->parts.empty() && !SparkStringCollation(c->type.text).empty())
      return std::string(ref->parts.back().name);
  }
  std::string out;
  Namer(context).Name(e, out);
  return out;
}

std::string SparkStringCollation(std::string_view type) {
  const std::string t = ToLower(type);
  if (!t.starts_with("string") && !t.starts_with("varchar") && !t.starts_with("char")) return std::string();
  const size_t at = t.find(" collate ");
  if (at == std::string::npos) return "UTF8_BINARY";
  std::string name = t.substr(at + 9);
  while (!name.empty() && (name.back() == ' ' || name.back() == ')')) name.pop_back();
  while (!name.empty() && name.front() == ' ') name.erase(0, 1);
  if (name.size() >= 2 && (name.front() == '`' || name.front() == '\'')) name = name.substr(1, name.size() - 2);
  return name.empty() ? std::string() : CanonicalCollation(name);
}

std::string SparkTypeSql(std::string_view type) {
  TypeReader r{type};
  std::string out;
  if (TypeSql(r, out) && r.Done()) return out;
  out.clear();
  for (char ch : Upper(type))
    if (ch != ' ') out += ch;
  return out;
}

}  // namespace hivelineage::lineage
