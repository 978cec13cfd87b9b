#include "checks/record_lines.h"

#include <fstream>
#include <sstream>

#include "base/strings.h"

namespace hivelineage::checks {
namespace {

bool ParseLines(const std::string& path, std::string_view text, RecordFile& out, std::string& error) {
  out.path = path;
  out.is_json = true;
  int line = 0;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t end = std::min(text.find('\n', at), text.size());
    std::string_view row = text.substr(at, end - at);
    ++line;
    at = end + 1;
    while (!row.empty() && (row.back() == '\r' || row.back() == ' ' || row.back() == '\t')) row.remove_suffix(1);
    while (!row.empty() && (row.front() == ' ' || row.front() == '\t')) row.remove_prefix(1);
    if (row.empty() || row.front() == '#') continue;
    nlohmann::json doc = nlohmann::json::parse(row, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
      error = Cat(path, ":", line, ": expected a JSON object on the line");
      return false;
    }
    out.records.push_back(Record{Cat(path, ":", line), std::move(doc)});
  }
  return true;
}

}  // namespace

bool ReadRecordsOrLines(const std::string& path, std::string_view list_key, RecordFile& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = Cat(path, ": cannot read the file");
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const bool lines_by_name = path.ends_with(".jsonl") || path.ends_with(".ndjson");
  bool lines = lines_by_name;
  if (!lines && !text.empty() && text.find_first_not_of(" \t\r\n") != std::string::npos &&
      text[text.find_first_not_of(" \t\r\n")] == '{' && nlohmann::json::parse(text, nullptr, false).is_discarded())
    lines = true;  // several objects, one a line
  // A broken JSON document that merely starts with `{` is better told as such.
  if (lines && (ParseLines(path, text, out, error) || lines_by_name)) return error.empty();
  error.clear();
  return ParseRecordFile(path, text, list_key, out, error);
}

}  // namespace hivelineage::checks
