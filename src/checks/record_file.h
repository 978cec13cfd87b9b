// The governance files the checks read (tags, levels, jobs) come as CSV or
// JSON; both are read into the same records, so each check reads its fields
// one way.
//
// CSV: RFC 4180 fields (quoted with "...", "" inside quotes for a quote),
// comma separated; the first row that is not blank and does not start with
// `#` is the header naming the columns; later `#` lines and blank lines are
// skipped. Every row becomes a JSON object of strings keyed by the header.
// JSON: an array of objects, either the whole document or under `list_key`.
// The file type is told by the extension (.json) or, failing that, by a
// leading `[` or `{`.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace hivelineage::checks {

struct Record {
  std::string origin;  // "tags.csv:4", or "tags.json: tags[3]": where to point a message
  nlohmann::json fields;
};

struct RecordFile {
  std::string path;
  bool is_json = false;
  std::vector<std::string> header;  // CSV: the column names, lower case
  nlohmann::json document;          // the whole JSON document (other sections than the list), null for CSV
  std::vector<Record> records;
};

// Reads `path`. Returns false with `error` set (naming the file and, for
// syntax errors, the line) when it cannot be read or parsed.
bool ReadRecordFile(const std::string& path, std::string_view list_key, RecordFile& out, std::string& error);

// The same from text already read (`path` is used in origins and messages).
bool ParseRecordFile(const std::string& path, std::string_view text, std::string_view list_key, RecordFile& out,
                     std::string& error);

// A record's string field: a JSON string (trimmed of blanks, as a CSV cell
// is) or number as text; empty when absent.
std::string FieldString(const Record& r, std::string_view key);

// A record's list field: a JSON array of strings (each trimmed, empty ones
// left out), or a string split at commas, semicolons, blanks and line breaks
// (how a CSV cell holds a list).
std::vector<std::string> FieldList(const Record& r, std::string_view key);

// Splits CSV text into rows of fields, each with its 1-based line. Quoted
// fields may span lines. Returns false with `error` ("line N: ...") on an
// unterminated quote or text after a closing quote.
struct CsvRow {
  int line = 0;
  std::vector<std::string> fields;
};
bool ParseCsv(std::string_view text, std::vector<CsvRow>& rows, std::string& error);

}  // namespace hivelineage::checks
