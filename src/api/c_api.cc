// The C API (include/hivelineage/hivelineage.h) over the C++ API. No C++
// exception crosses this boundary.
#include <cstdlib>
#include <cstring>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#include "hivelineage/hivelineage.h"
#include "hivelineage/hivelineage.hpp"

struct hivelineage_analyzer {
  hivelineage::Analyzer analyzer;
};

namespace {

char* CopyOut(const std::string& s) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p == nullptr) return nullptr;
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  return p;
}

void SetError(char** error, const std::string& text) {
  if (error != nullptr) *error = CopyOut(text);
}

// Options JSON -> Options; returns an error text, empty when fine.
std::string ParseOptions(const char* options_json, hivelineage::Options& o) {
  if (options_json == nullptr || *options_json == '\0') return {};
  nlohmann::json j = nlohmann::json::parse(options_json, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return "options: not a JSON object";
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    const nlohmann::json& v = it.value();
    if (key == "default_db" && v.is_string()) {
      o.default_database = v.get<std::string>();
    } else if (key == "allow_env" && v.is_boolean()) {
      o.allow_env = v.get<bool>();
    } else if (key == "semantics" && v.is_string()) {
      const std::string name = v.get<std::string>();
      if (name == "precise")
        o.semantics = hivelineage::Semantics::Precise;
      else if (name == "hive")
        o.semantics = hivelineage::Semantics::Hive;
      else
        return "options: semantics must be \"precise\" or \"hive\", got \"" + name + "\"";
    } else if (key == "dialect" && v.is_string()) {
      const std::string name = v.get<std::string>();
      if (name != "hive" && name != "spark") return "options: dialect must be \"hive\" or \"spark\", got \"" + name + "\"";
      o.dialect = name == "spark" ? hivelineage::SqlDialect::Spark : hivelineage::SqlDialect::Hive;
    } else if (key == "variables" && v.is_object()) {
      for (auto var = v.begin(); var != v.end(); ++var) {
        if (!var.value().is_string()) return "options: variables values must be strings";
        o.variables.emplace_back(var.key(), var.value().get<std::string>());
      }
    } else if (key == "catalog" && v.is_object()) {
      o.catalog_json.push_back(v.dump());
    } else if (key == "catalog_ddl" && v.is_string()) {
      o.catalog_ddl.push_back(v.get<std::string>());
    } else {
      return "options: unknown or mistyped key '" + key + "'";
    }
  }
  return {};
}

}  // namespace

extern "C" {

hivelineage_analyzer* hivelineage_new(const char* options_json, char** error) {
  if (error != nullptr) *error = nullptr;
  try {
    hivelineage::Options o;
    const std::string err = ParseOptions(options_json, o);
    if (!err.empty()) {
      SetError(error, err);
      return nullptr;
    }
    auto* a = new hivelineage_analyzer{hivelineage::Analyzer(o)};
    if (!a->analyzer.errors().empty()) {
      SetError(error, a->analyzer.errors().front().text);
      delete a;
      return nullptr;
    }
    return a;
  } catch (const std::exception& e) {
    SetError(error, e.what());
    return nullptr;
  }
}

char* hivelineage_analyze(const hivelineage_analyzer* analyzer, const char* sql, size_t len, const char* file_name,
                          const char* format) {
  if (analyzer == nullptr || (sql == nullptr && len != 0)) return nullptr;
  try {
    hivelineage::Format f = hivelineage::Format::Json;
    const std::string fmt = format ? format : "json";
    if (fmt == "jsonl")
      f = hivelineage::Format::Jsonl;
    else if (fmt == "hive")
      f = hivelineage::Format::Hive;
    else if (fmt != "json")
      return nullptr;
    const hivelineage::Script s =
        analyzer->analyzer.Analyze(std::string_view(sql ? sql : "", len), file_name ? file_name : "<input>");
    return CopyOut(hivelineage::ToJson(s, f));
  } catch (...) {
    return nullptr;
  }
}

char* hivelineage_analyze_json(const char* sql, size_t len, const char* options_json) {
  char* error = nullptr;
  hivelineage_analyzer* a = hivelineage_new(options_json, &error);
  if (a == nullptr) {
    std::string msg = error ? error : "cannot create analyzer";
    std::free(error);
    return CopyOut(nlohmann::json{{"statements", nlohmann::json::array()},
                                  {"errors", {{{"message", msg}, {"line", 0}, {"column", 0}}}}}
                       .dump());
  }
  char* out = hivelineage_analyze(a, sql, len, "<input>", "json");
  hivelineage_free(a);
  return out;
}

void hivelineage_string_free(char* s) { std::free(s); }

void hivelineage_free(hivelineage_analyzer* analyzer) { delete analyzer; }

const char* hivelineage_version(void) { return hivelineage::Version(); }

}  // extern "C"
