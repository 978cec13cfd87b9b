// Reading spark-sqltests (../shared/corpus/spark-sqltests) as Spark's test
// runner does: each file's settings (files.jsonl `settings`, its `--SET k=v`
// header lines) and its `SET k=v` statements apply to the file's later
// statements through parser::ApplySetting. Shared by spark_parse_rate and
// the corpus unit test so both read the corpus the same way.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "corpus_walk.h"
#include "nlohmann/json.hpp"
#include "parser/parser.h"

namespace hivelineage::corpus {

using Settings = std::vector<std::pair<std::string, std::string>>;

// Each file's header settings, by file name; empty when files.jsonl is missing.
inline std::map<std::string, Settings> SparkFileSettings(const std::filesystem::path& dir) {
  std::map<std::string, Settings> out;
  std::ifstream in(dir / "files.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    const nlohmann::json rec = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!rec.is_object() || !rec.contains("file") || !rec["file"].is_string() || !rec.contains("settings") ||
        !rec["settings"].is_array())
      continue;
    Settings& s = out[rec["file"].get<std::string>()];
    for (const nlohmann::json& kv : rec["settings"])
      if (kv.is_array() && kv.size() == 2 && kv[0].is_string() && kv[1].is_string())
        s.emplace_back(kv[0].get<std::string>(), kv[1].get<std::string>());
  }
  return out;
}

// The parse options of one statement of `file`: `base` with the file's
// settings when a new file starts, then the statement's own SET, if any.
class SparkFileOptions {
 public:
  SparkFileOptions(const std::filesystem::path& dir, const parser::ParseOptions& base)
      : settings_(SparkFileSettings(dir)), base_(base), options_(base) {}

  const parser::ParseOptions& For(const std::string& file, std::string_view sql) {
    if (file != file_) {
      file_ = file;
      options_ = base_;
      if (const auto it = settings_.find(file); it != settings_.end())
        for (const auto& [key, value] : it->second) parser::ApplySetting(key, value, options_);
    }
    if (const auto [key, value] = SetKeyValue(sql); !key.empty()) parser::ApplySetting(key, value, options_);
    return options_;
  }

 private:
  std::map<std::string, Settings> settings_;
  parser::ParseOptions base_;
  parser::ParseOptions options_;
  std::string file_;
};

}  // namespace hivelineage::corpus
