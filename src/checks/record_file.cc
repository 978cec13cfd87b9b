#include "checks/record_file.h"

#include "base/file_kind.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/strings.h"

namespace hivelineage::checks {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

bool LooksLikeJson(const std::string& path, std::string_view text) {
  if (ToLower(std::filesystem::path(path).extension().string()) == ".json") return true;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    return c == '[' || c == '{';
  }
  return false;
}

// 1-based line of byte `offset` in `text`.
int LineAt(std::string_view text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

bool ParseJsonRecords(const std::string& path, std::string_view text, std::string_view list_key, RecordFile& out,
                      std::string& error) {
  try {
    out.document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    error = Cat(path, ":", LineAt(text, e.byte > 0 ? e.byte - 1 : 0), ": invalid JSON: ", e.what());
    return false;
  } catch (const nlohmann::json::exception& e) {
    // A number too large for a double (out_of_range.406) comes without a
    // position; its text is in the message. Found by schedule_jobs_fuzzer:
    // it ended the program.
    error = Cat(path, ": invalid JSON: ", e.what());
    return false;
  }
  const nlohmann::json* list = &out.document;
  std::string where = std::string(list_key);
  if (out.document.is_object()) {
    auto it = out.document.find(std::string(list_key));
    if (it == out.document.end()) {
      error = Cat(path, ": expected an array of objects, or an object with a \"", list_key, "\" array");
      return false;
    }
    list = &*it;
  } else {
    where.clear();
  }
  if (!list->is_array()) {
    error = Cat(path, ": \"", list_key, "\" must be an array of objects");
    return false;
  }
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string origin = Cat(path, ": ", where, "[", i, "]");
    if (!(*list)[i].is_object()) {
      error = Cat(origin, ": expected an object");
      return false;
    }
    out.records.push_back(Record{origin, (*list)[i]});
  }
  return true;
}

bool ParseCsvRecords(const std::string& path, std::string_view text, RecordFile& out, std::string& error) {
  std::vector<CsvRow> rows;
  if (!ParseCsv(text, rows, error)) {
    error = Cat(path, ":", error);
    return false;
  }
  std::vector<std::string>& header = out.header;
  for (CsvRow& row : rows) {
    const bool blank = row.fields.size() == 1 && Trim(row.fields[0]).empty();
    if (blank || (!row.fields.empty() && Trim(row.fields[0]).starts_with("#"))) continue;
    if (header.empty()) {
      for (const std::string& f : row.fields) header.push_back(ToLower(Trim(f)));
      continue;
    }
    const std::string origin = Cat(path, ":", row.line);
    if (row.fields.size() > header.size()) {
      error = Cat(origin, ": ", row.fields.size(), " fields, but the header names ", header.size());
      return false;
    }
    nlohmann::json fields = nlohmann::json::object();
    for (size_t i = 0; i < row.fields.size(); ++i) fields[header[i]] = std::string(Trim(row.fields[i]));
    out.records.push_back(Record{origin, std::move(fields)});
  }
  return true;
}

}  // namespace

bool ParseCsv(std::string_view text, std::vector<CsvRow>& rows, std::string& error) {
  int line = 1;
  size_t i = 0;
  if (text.starts_with("\xEF\xBB\xBF")) i = 3;  // a byte-order mark, as spreadsheets write
  while (i < text.size()) {
    CsvRow row;
    row.line = line;
    std::string field;
    for (;;) {
      if (i < text.size() && text[i] == '"' && Trim(field).empty()) {
        field.clear();
        const int opened = line;
        ++i;
        for (;;) {
          if (i >= text.size()) {
            error = Cat(opened, ": unterminated quoted field");
            return false;
          }
          if (text[i] == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              field += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          line += text[i] == '\n';
          field += text[i++];
        }
        while (i < text.size() && IsBlank(text[i])) ++i;
        if (i < text.size() && text[i] != ',' && text[i] != '\n') {
          error = Cat(line, ": text after a closing quote");
          return false;
        }
      }
      while (i < text.size() && text[i] != ',' && text[i] != '\n') field += text[i++];
      row.fields.push_back(std::move(field));
      field.clear();
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    if (i < text.size()) {  // at '\n'
      ++i;
      ++line;
    }
    rows.push_back(std::move(row));
  }
  return true;
}

bool ParseRecordFile(const std::string& path, std::string_view text, std::string_view list_key, RecordFile& out,
                     std::string& error) {
  out = RecordFile();
  out.path = path;
  out.is_json = LooksLikeJson(path, text);
  return out.is_json ? ParseJsonRecords(path, text, list_key, out, error) : ParseCsvRecords(path, text, out, error);
}

bool ReadRecordFile(const std::string& path, std::string_view list_key, RecordFile& out, std::string& error) {
  if (std::string problem = NotAFileProblem(path); !problem.empty()) {
    error = Cat(path, ": ", problem);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = Cat(path, ": cannot open");
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ParseRecordFile(path, ss.str(), list_key, out, error);
}

std::string FieldString(const Record& r, std::string_view key) {
  auto it = r.fields.find(std::string(key));
  if (it == r.fields.end() || it->is_null()) return {};
  // Trimmed as a CSV cell is, so that a value reads the same from either.
  if (it->is_string()) return std::string(Trim(it->get_ref<const std::string&>()));
  if (it->is_number() || it->is_boolean()) return it->dump();
  return {};
}

std::vector<std::string> FieldList(const Record& r, std::string_view key) {
  std::vector<std::string> out;
  auto it = r.fields.find(std::string(key));
  if (it == r.fields.end() || it->is_null()) return out;
  if (it->is_array()) {
    for (const nlohmann::json& v : *it)
      if (v.is_string())
        if (const std::string_view item = Trim(v.get_ref<const std::string&>()); !item.empty()) out.emplace_back(item);
    return out;
  }
  const std::string s = FieldString(r, key);
  std::string cur;
  for (char c : s) {
    // Every blank separates: a \r or line break kept inside an item would be
    // lost to the cell's trimming once the item began a cell of its own.
    if (c == ',' || c == ';' || IsBlank(c) || c == '\n') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

}  // namespace hivelineage::checks
