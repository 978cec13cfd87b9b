// Spark SQL's parse-time checks of literal values (spark_literal_check.h).
// The formats are those Spark documents for its date, timestamp and interval
// literals and its number suffixes; each check is written from the format,
// small scanners over the text, no regular expressions.
#include "parser/spark_literal_check.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "base/strings.h"

namespace hivelineage::parser {

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Spark trims white space and control characters around a literal's text.
bool IsTrimmed(char c) { return static_cast<unsigned char>(c) <= ' '; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsTrimmed(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsTrimmed(s.back())) s.remove_suffix(1);
  return s;
}

// Reads digits at s[*i]; returns how many, the value in *value (saturated).
size_t Digits(std::string_view s, size_t* i, uint64_t* value) {
  const size_t start = *i;
  uint64_t v = 0;
  while (*i < s.size() && IsDigit(s[*i])) {
    if (v < UINT64_MAX / 20) v = v * 10 + static_cast<uint64_t>(s[*i] - '0');
    ++*i;
  }
  *value = v;
  return *i - start;
}

// 'epoch', 'now', 'today', 'tomorrow', 'yesterday', maybe followed by a zone.
bool IsSpecialDatetime(std::string_view s) {
  const size_t space = s.find(' ');
  const std::string_view word = s.substr(0, space);
  for (std::string_view w : {"epoch", "now", "today", "tomorrow", "yesterday"})
    if (EqualsIgnoreCase(word, w)) return true;
  return false;
}

bool LeapYear(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool ValidDay(int64_t year, uint64_t month, uint64_t day) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1) return false;
  const uint64_t last = month == 2 && LeapYear(year) ? 29 : static_cast<uint64_t>(kDays[month - 1]);
  return day <= last;
}

// A zone after a timestamp: Z, +hh:mm, UTC+8, Area/City, ... (ASCII only).
bool ValidZone(std::string_view z) {
  z = Trim(z);
  if (z.empty()) return false;
  for (char c : z)
    if (!IsAsciiLetter(c) && !IsDigit(c) && c != '_' && c != '/' && c != '+' && c != '-' && c != ':' && c != '.')
      return false;
  return true;
}

// The date part [+-]yyyy*[-[m]m[-[d]d]] at the start of s; *i ends after it.
// `rest_ok`: what may follow a full date (' ' or 'T' and more); false when the
// date is malformed or impossible.
bool ScanDate(std::string_view s, size_t* i) {
  if (*i < s.size() && (s[*i] == '+' || s[*i] == '-')) ++*i;
  uint64_t year = 0, month = 1, day = 1;
  const size_t yd = Digits(s, i, &year);
  if (yd < 4 || yd > 7) return false;
  if (*i == s.size()) return true;
  if (s[*i] != '-') return false;
  ++*i;
  const size_t md = Digits(s, i, &month);
  if (md < 1 || md > 2) return false;
  if (*i == s.size()) return month >= 1 && month <= 12;
  if (s[*i] != '-') return false;
  ++*i;
  const size_t dd = Digits(s, i, &day);
  if (dd < 1 || dd > 2) return false;
  return ValidDay(static_cast<int64_t>(year), month, day);
}

// [h]h[:[m]m[:[s]s[.fraction]]][zone] from s[i].
bool ScanTime(std::string_view s, size_t i) {
  uint64_t v = 0;
  static constexpr uint64_t kMax[] = {23, 59, 59};
  for (int field = 0; field < 3; ++field) {
    const size_t n = Digits(s, &i, &v);
    if (n < 1 || n > 2 || v > kMax[field]) return false;
    if (i == s.size()) return true;
    if (field < 2 && s[i] == ':') {
      ++i;
      continue;
    }
    break;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i;
  }
  return i == s.size() || ValidZone(s.substr(i));
}

bool SignedDigitsOnly(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = 0;
  bool dot = false;
  for (; i < s.size(); ++i) {
    if (IsDigit(s[i])) {
      ++digits;
    } else if (s[i] == '.' && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  return digits > 0;
}

// Compares an unsigned decimal digit string (no leading zeros) with a limit.
bool DigitsAbove(std::string_view digits, std::string_view limit) {
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  if (digits.size() != limit.size()) return digits.size() > limit.size();
  return digits > limit;
}

}  // namespace

std::string SparkDateError(std::string_view value) {
  const std::string_view s = Trim(value);
  if (IsSpecialDatetime(s)) return {};
  size_t i = 0;
  if (ScanDate(s, &i) && (i == s.size() || s[i] == ' ' || s[i] == 'T')) {
    // A year or year-month alone must be all of the text.
    return {};
  }
  return "not a date Spark reads ([+-]yyyy[-[m]m[-[d]d]], a real day)";
}

std::string SparkTimestampError(std::string_view value) {
  const std::string_view s = Trim(value);
  if (IsSpecialDatetime(s)) return {};
  const char* const kWhy = "not a timestamp Spark reads ([+-]yyyy-[m]m-[d]d [h]h:[m]m:[s]s[.f][zone], a real time)";
  if (!s.empty() && s[0] == 'T') return ScanTime(s, 1) ? std::string() : kWhy;
  // A time alone: the first field ends with ':'.
  size_t k = 0;
  while (k < s.size() && IsDigit(s[k])) ++k;
  if (k < s.size() && s[k] == ':') return ScanTime(s, 0) ? std::string() : kWhy;
  size_t i = 0;
  if (!ScanDate(s, &i)) return kWhy;
  if (i == s.size()) return {};
  if (s[i] != ' ' && s[i] != 'T') {
    // After a full date only ' ' or 'T'; a year or year-month ends the text.
    return kWhy;
  }
  ++i;
  while (i < s.size() && s[i] == ' ') ++i;
  if (i == s.size()) return {};
  if (!IsDigit(s[i])) return ValidZone(s.substr(i)) ? std::string() : kWhy;
  return ScanTime(s, i) ? std::string() : kWhy;
}

std::string SparkTimeError(std::string_view value) {
  const std::string_view s = Trim(value);
  const char* const kWhy = "not a time Spark reads ([h]h:[m]m[:[s]s[.f]] [AM|PM], a real time)";
  size_t i = 0;
  uint64_t hour = 0, v = 0;
  size_t n = Digits(s, &i, &hour);
  if (n < 1 || n > 2 || i == s.size() || s[i] != ':') return kWhy;
  ++i;
  n = Digits(s, &i, &v);
  if (n < 1 || n > 2 || v > 59) return kWhy;
  if (i < s.size() && s[i] == ':') {
    ++i;
    n = Digits(s, &i, &v);
    if (n < 1 || n > 2 || v > 59) return kWhy;
    if (i < s.size() && s[i] == '.') {
      ++i;
      n = Digits(s, &i, &v);
      if (n < 1 || n > 9) return kWhy;
    }
  }
  while (i < s.size() && s[i] == ' ') ++i;
  const std::string_view rest = s.substr(i);
  if (rest.empty()) return hour <= 23 ? std::string() : kWhy;
  // A 12-hour clock: 1 to 12.
  if (EqualsIgnoreCase(rest, "am") || EqualsIgnoreCase(rest, "pm"))
    return hour >= 1 && hour <= 12 ? std::string() : kWhy;
  return kWhy;
}

std::string SparkHexError(std::string_view value) {
  for (char c : value)
    if (!IsDigit(c) && !((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return "not hexadecimal digits";
  return {};
}

std::string SparkNumberError(std::string_view text, bool negative) {
  if (text.empty()) return {};
  std::string_view body = text;
  char suffix = 0;
  if (body.size() > 2 && EqualsIgnoreCase(body.substr(body.size() - 2), "bd")) {
    suffix = 'B';
    body.remove_suffix(2);
  } else if (IsAsciiLetter(body.back()) && body.back() != 'e' && body.back() != 'E') {
    suffix = static_cast<char>(body.back() & ~0x20);
    body.remove_suffix(1);
  }
  const bool integral = body.find_first_not_of("0123456789") == std::string_view::npos;
  auto integer_range = [&](std::string_view max, std::string_view min, const char* type) -> std::string {
    if (!integral) return {};
    if (DigitsAbove(body, negative ? min : max))
      return Cat("numeric literal ", negative ? "-" : "", text, " is outside the range of ", type);
    return {};
  };
  switch (suffix) {
    case 'Y':
      return integer_range("127", "128", "TINYINT");
    case 'S':
      return integer_range("32767", "32768", "SMALLINT");
    case 'L':
      return integer_range("9223372036854775807", "9223372036854775808", "BIGINT");
    case 'F': {
      // Rounded to the nearest float, as Java reads it: 3.4028235E38 is the largest.
      const float v = std::strtof(std::string(body).c_str(), nullptr);
      if (!(std::fabs(v) <= FLT_MAX)) return Cat("numeric literal ", text, " is outside the range of FLOAT");
      return {};
    }
    case 'D':
    case 0: {
      // Without a suffix only an exponent makes a DOUBLE (1E309).
      if (suffix == 0 && body.find_first_of("eE") == std::string_view::npos) return {};
      const double v = std::strtod(std::string(body).c_str(), nullptr);
      if (!(std::fabs(v) <= DBL_MAX)) return Cat("numeric literal ", text, " is outside the range of DOUBLE");
      return {};
    }
    case 'B': {
      // Precision of the BigDecimal: significant digits, or the scale when larger.
      const size_t e = body.find_first_of("eE");
      const std::string_view mantissa = body.substr(0, e);
      int64_t exponent = 0;
      if (e != std::string_view::npos) exponent = std::strtoll(std::string(body.substr(e + 1)).c_str(), nullptr, 10);
      std::string digits;
      int64_t fraction = 0;
      bool after_dot = false;
      for (char c : mantissa) {
        if (c == '.') {
          after_dot = true;
        } else if (IsDigit(c)) {
          digits.push_back(c);
          if (after_dot) ++fraction;
        }
      }
      const size_t nz = digits.find_first_not_of('0');
      const int64_t significant = nz == std::string::npos ? 1 : static_cast<int64_t>(digits.size() - nz);
      const int64_t scale = fraction - exponent;
      const int64_t precision = scale < 0 ? significant - scale : std::max(significant, scale);
      if (precision > 38) return Cat("decimal literal ", text, " needs precision ", precision, ", more than 38");
      return {};
    }
    default:
      return {};
  }
}

IntervalGroup SparkIntervalUnitGroup(std::string_view unit) {
  std::string u = ToLower(unit);
  if (u.size() > 1 && u.back() == 's') u.pop_back();
  if (u == "year" || u == "month") return IntervalGroup::YearMonth;
  if (u == "week" || u == "day" || u == "hour" || u == "minute" || u == "second" || u == "millisecond" ||
      u == "microsecond")
    return IntervalGroup::DayTime;
  return IntervalGroup::None;
}

std::string SparkIntervalStringError(std::string_view value, IntervalGroup* group) {
  *group = IntervalGroup::None;
  std::string_view s = Trim(value);
  const char* const kWhy = "not an interval Spark reads: pairs of a number and a unit ('1 day 2 hours')";
  if (s.size() >= 8 && EqualsIgnoreCase(s.substr(0, 8), "interval")) {
    s.remove_prefix(8);
    if (!s.empty() && !IsTrimmed(s.front())) return kWhy;
  }
  size_t i = 0;
  int pairs = 0;
  auto skip_space = [&] {
    while (i < s.size() && IsTrimmed(s[i])) ++i;
  };
  for (;;) {
    skip_space();
    if (i == s.size()) break;
    if (s[i] == '+' || s[i] == '-') {
      ++i;
      skip_space();
    }
    size_t digits = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
      ++i;
      while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
    }
    if (digits == 0) return kWhy;
    skip_space();
    const size_t ubegin = i;
    while (i < s.size() && IsAsciiLetter(s[i])) ++i;
    if (i < s.size() && !IsTrimmed(s[i])) return kWhy;
    const IntervalGroup g = SparkIntervalUnitGroup(s.substr(ubegin, i - ubegin));
    if (g == IntervalGroup::None) return kWhy;
    if (*group != IntervalGroup::None && *group != g) return "Spark does not mix year-month and day-time fields";
    *group = g;
    ++pairs;
  }
  if (pairs == 0) return kWhy;
  return {};
}

std::string SparkIntervalUnitValueError(std::string_view value) {
  std::string_view s = Trim(value);
  // A sign may stand apart from the number ('-\t 1').
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s = Trim(s.substr(1));
  if (SignedDigitsOnly(s)) return {};
  return "the value of an interval with a unit must be a number";
}

std::string SparkIntervalFromToError(std::string_view value, std::string_view from, std::string_view to,
                                     bool negated) {
  // The fields from `from` to `to`, in order: year month | day hour minute second.
  static constexpr std::string_view kFields[] = {"day", "hour", "minute", "second"};
  const bool year_month = from == "year" && to == "month";
  int first = -1, last = -1;
  for (int k = 0; k < 4; ++k) {
    if (from == kFields[k]) first = k;
    if (to == kFields[k]) last = k;
  }
  if (!year_month && (first < 0 || last <= first))
    return Cat("Spark has no interval from ", ToLower(from), " to ", ToLower(to));
  std::string_view s = Trim(value);
  if (s.size() >= 8 && EqualsIgnoreCase(s.substr(0, 8), "interval")) return {};  // the ANSI form in the string
  const std::string why = Cat("'", s, "' does not match the form of an interval ", from, " to ", to);
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (negated) negative = !negative;
  uint64_t lead = 0, v = 0;
  const size_t lead_digits = Digits(s, &i, &lead);
  if (lead_digits == 0) return why;
  if (year_month) {
    if (i == s.size() || s[i] != '-') return why;
    ++i;
    if (Digits(s, &i, &v) == 0 || i != s.size()) return why;
    if (v > 11) return Cat("month ", v, " is outside [0, 11]");
    const uint64_t limit = negative ? 2147483648ULL : 2147483647ULL;
    if (lead_digits > 10 || lead * 12 + v > limit) return Cat("interval '", s, "' is out of range");
    return {};
  }
  static constexpr uint64_t kLeadMax[] = {106751991ULL, 2562047788ULL, 153722867280ULL, 9223372036854ULL};
  static constexpr uint64_t kFieldMax[] = {0, 23, 59, 59};
  if (lead_digits > 15 || lead > kLeadMax[first]) return Cat(from, " ", lead, " is out of range");
  for (int k = first + 1; k <= last; ++k) {
    const char sep = k == 1 ? ' ' : ':';
    if (i == s.size() || s[i] != sep) return why;
    ++i;
    const size_t n = Digits(s, &i, &v);
    if (n < 1 || n > 2) return why;
    if (v > kFieldMax[k]) return Cat(kFields[k], " ", v, " is outside [0, ", kFieldMax[k], "]");
  }
  if (last == 3 && i < s.size() && s[i] == '.') {
    ++i;
    const size_t n = Digits(s, &i, &v);
    if (n < 1 || n > 9) return why;
  }
  if (i != s.size()) return why;
  return {};
}

}  // namespace hivelineage::parser
