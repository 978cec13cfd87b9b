// Spark SQL's parse-time checks of literal values: what Spark's parser
// rejects for a literal's value although its grammar allows the literal
// (DATE '1999 Jan 08', 128Y, INTERVAL '15:40' HOUR TO SECOND, ...).
//
// Each function takes the literal's value (a string literal already
// unescaped, a number as written) and returns why Spark rejects it, or an
// empty string when Spark accepts it. The rules are Spark's date, timestamp
// and interval formats (docs/dialects.md, "What Spark rejects"); where a
// format is uncertain the value is accepted, so a statement Spark reads is
// never rejected here.
#pragma once

#include <string>
#include <string_view>

namespace hivelineage::parser {

// DATE 'text': [+-]yyyy*[-[m]m[-[d]d[( |T)anything]]], a real day; or
// epoch/now/today/tomorrow/yesterday.
std::string SparkDateError(std::string_view value);
// TIMESTAMP 'text' (also TIMESTAMP_NTZ / _LTZ): a date as above, then
// [h]h[:[m]m[:[s]s[.fraction]]] and a zone; or a time alone; or a special word.
std::string SparkTimestampError(std::string_view value);
// TIME 'text': [h]h:[m]m[:[s]s[.fraction]], or 1 to 12 o'clock with AM / PM.
std::string SparkTimeError(std::string_view value);
// X'text': hex digits only.
std::string SparkHexError(std::string_view value);
// A number literal as written (`128Y`, `1E309`, `1.2BD`), `negative` when a
// minus sign precedes it (Spark's grammar makes the sign part of the literal).
std::string SparkNumberError(std::string_view text, bool negative);

// An interval unit's group: Spark does not mix year-month and day-time fields.
enum class IntervalGroup { None, YearMonth, DayTime };
IntervalGroup SparkIntervalUnitGroup(std::string_view unit);

// INTERVAL 'text' with the units in the string ('1 day 2 hours'). *group is
// set to the group of its units (None when it has none).
std::string SparkIntervalStringError(std::string_view value, IntervalGroup* group);
// INTERVAL 'text' unit: a number, nothing else.
std::string SparkIntervalUnitValueError(std::string_view value);
// INTERVAL 'text' from TO to: an allowed pair, the pair's format, fields in
// range; `negated` when a minus precedes the string (INTERVAL -'1-2' ...).
std::string SparkIntervalFromToError(std::string_view value, std::string_view from, std::string_view to,
                                     bool negated);

}  // namespace hivelineage::parser
