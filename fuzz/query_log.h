// The query log fuzz targets (JSON Lines and Ranger audit): every line of
// the input parsed as `usage` parses it, in the given format and told by
// content. Differential: each line parsed twice agrees; a parsed time,
// formatted and parsed back, is the same time; Ranger events of one
// statement are one statement both ways round.
#pragma once

#include "fuzz_support.h"
#include "usage/query_log.h"

namespace hivelineage::fuzz {

inline std::string EntryText(const usage::LogEntry& e) {
  return nlohmann::json{e.query, e.user, e.time, e.database, e.denied, e.session}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
}

inline void CheckQueryLog(usage::LogFormat format, std::string_view text) {
  usage::LogEntry prev;
  bool have_prev = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    for (usage::LogFormat f : {format, usage::LogFormat::Auto}) {
      usage::LogEntry a, b;
      std::string ea, eb;
      const bool oka = usage::ParseLogLine(line, f, a, ea);
      const bool okb = usage::ParseLogLine(line, f, b, eb);
      Require(oka == okb && ea == eb, "a line parsed twice gave another answer");
      if (!oka) {
        Require(!ea.empty(), "a line was refused without a reason");
        continue;
      }
      Require(EntryText(a) == EntryText(b), "a line parsed twice gave another entry");
      // Times before 1970 or past year 9999 are not printed as they were read.
      if (a.time >= 0 && a.time < 253402300800) {
        const std::optional<int64_t> back = usage::ParseLogTime(usage::FormatLogTime(a.time));
        Require(back && *back == a.time, "a time formatted and read back differs");
      }
      if (f == format && have_prev)
        Require(usage::SameStatement(prev, a) == usage::SameStatement(prev, b), "SameStatement is not stable");
      if (f == format) {
        prev = a;
        have_prev = true;
      }
    }
    if (end == text.size()) break;
  }
}

}  // namespace hivelineage::fuzz
