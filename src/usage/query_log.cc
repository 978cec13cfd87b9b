#include "usage/query_log.h"

#include <nlohmann/json.hpp>

#include "absl/time/time.h"
#include "base/strings.h"

namespace hivelineage::usage {
namespace {

using nlohmann::json;

const json* Field(const json& obj, const char* key) {
  auto it = obj.find(key);
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}

std::string String(const json* v) {
  if (v == nullptr) return {};
  if (v->is_string()) return v->get<std::string>();
  if (v->is_number()) return v->dump();
  return {};
}

bool ReadTime(const json* v, int64_t& out, std::string& error) {
  if (v == nullptr) {
    error = "no time";
    return false;
  }
  std::optional<int64_t> t = v->is_number()   ? ParseLogTime(v->dump())
                             : v->is_string() ? ParseLogTime(v->get<std::string>())
                                              : std::nullopt;
  if (!t) {
    error = Cat("time ", v->dump(), " is not RFC 3339, 'YYYY-MM-DD HH:MM:SS' or seconds since 1970");
    return false;
  }
  out = *t;
  return true;
}

}  // namespace

std::optional<LogFormat> ParseLogFormat(std::string_view name) {
  if (name == "auto") return LogFormat::Auto;
  if (name == "jsonl") return LogFormat::JsonLines;
  if (name == "ranger") return LogFormat::Ranger;
  return std::nullopt;
}

std::optional<int64_t> ParseLogTime(std::string_view text) {
  if (text.empty()) return std::nullopt;
  bool digits = true;
  for (char c : text) digits = digits && ((c >= '0' && c <= '9') || c == '.');
  if (digits) {
    const double v = std::strtod(std::string(text).c_str(), nullptr);
    return static_cast<int64_t>(v > 1e11 ? v / 1000 : v);
  }
  absl::Time t;
  std::string err;
  const std::string s(text);
  for (const char* format : {absl::RFC3339_full, "%Y-%m-%d %H:%M:%E*S", "%Y-%m-%d %H:%M:%E*S%Ez", "%Y-%m-%d"})
    if (absl::ParseTime(format, s, absl::UTCTimeZone(), &t, &err)) return absl::ToUnixSeconds(t);
  return std::nullopt;
}

std::string FormatLogTime(int64_t seconds) {
  return absl::FormatTime("%Y-%m-%d %H:%M:%S", absl::FromUnixSeconds(seconds), absl::UTCTimeZone());
}

bool ParseLogLine(std::string_view line, LogFormat format, LogEntry& e, std::string& error) {
  e = LogEntry();
  const json doc = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    error = "not a JSON object (malformed JSON)";
    return false;
  }
  if (!doc.is_object()) {
    error = "not a JSON object";
    return false;
  }
  if (format == LogFormat::Auto) format = doc.contains("reqData") ? LogFormat::Ranger : LogFormat::JsonLines;
  if (format == LogFormat::JsonLines) {
    const json* q = Field(doc, "query");
    if (q == nullptr || !q->is_string()) {
      error = "no \"query\" string";
      return false;
    }
    e.query = q->get<std::string>();
    e.user = String(Field(doc, "user"));
    e.database = ToLower(String(Field(doc, "database")));
    return ReadTime(Field(doc, "time"), e.time, error);
  }
  const json* q = Field(doc, "reqData");
  if (q == nullptr || !q->is_string()) {
    error = "no \"reqData\" string (not a Ranger Hive audit event)";
    return false;
  }
  e.query = q->get<std::string>();
  e.user = String(Field(doc, "reqUser"));
  e.session = String(Field(doc, "sess"));
  const json* result = Field(doc, "result");
  e.denied = result != nullptr && result->is_number() && result->get<int64_t>() == 0;
  // resource: db, db/table or db/table/col1,col2
  const std::string resource = String(Field(doc, "resource"));
  e.database = ToLower(resource.substr(0, resource.find('/')));
  return ReadTime(Field(doc, "evtTime"), e.time, error);
}

bool SameStatement(const LogEntry& prev, const LogEntry& next) {
  return !next.session.empty() && prev.session == next.session && prev.user == next.user && prev.query == next.query;
}

}  // namespace hivelineage::usage
