#include "store/fingerprint.h"

#include <sys/stat.h>

#include <cstdio>
#include <ctime>

#include "base/file_kind.h"
#include "base/file_time.h"
#include "base/md5.h"
#include "nlohmann/json.hpp"

namespace hivelineage::store {
namespace {

using Json = nlohmann::ordered_json;

// False for what is not a file: /dev/zero would be read for ever, a FIFO
// waited on (the catalog load that follows names the problem).
bool ReadBytes(const std::string& path, std::string& out) {
  if (!NotAFileProblem(path).empty()) return false;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  char buf[1 << 16];
  for (size_t n; (n = std::fread(buf, 1, sizeof(buf), f)) > 0;) out.append(buf, n);
  const bool ok = !std::ferror(f);
  std::fclose(f);
  return ok;
}

}  // namespace

FileStamp StatFile(const std::string& path) {
  FileStamp s;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    s.error = "cannot read";
    return s;
  }
  s.size = static_cast<int64_t>(st.st_size);
  s.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  s.modified_at = Rfc3339Utc(st.st_mtim.tv_sec);
  return s;
}

FileStamp StampFile(const std::string& path) {
  FileStamp s = StatFile(path);
  std::string bytes;
  if (!s.error.empty() || !ReadBytes(path, bytes)) {
    s.error = "cannot read";
    return s;
  }
  s.content_hash = output::Md5Hex(bytes);
  s.size = static_cast<int64_t>(bytes.size());
  return s;
}

int64_t NowNanoseconds() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

std::string AnalysisSettings(const driver::RunOptions& options) {
  const driver::AnalyzeOptions& a = options.analyze;
  Json j;
  j["hivelineage"] = HIVELINEAGE_VERSION;
  j["default_database"] = a.default_database;
  Json vars = Json::array();
  for (const auto& [name, value] : a.variables) vars.push_back(Json::array({name, value}));
  j["variables"] = std::move(vars);
  j["allow_env"] = a.allow_env;
  j["sequenced"] = options.sequenced;
  j["learn_schema"] = a.learn_schema;
  j["limits"] = Json{{"max_file_bytes", a.limits.max_file_bytes},
                     {"max_statement_bytes", a.limits.max_statement_bytes},
                     {"max_statements", a.limits.max_statements},
                     {"max_nesting_depth", a.limits.max_nesting_depth}};
  // Semantics has one value today; its number tells a future one apart.
  j["semantics"] = static_cast<int>(a.semantics);
  Json catalogs = Json::array();
  for (const driver::CatalogSource& c : a.catalogs) {
    std::string bytes;
    const bool read = c.text ? (bytes = *c.text, true) : ReadBytes(c.name, bytes);
    catalogs.push_back(Json{{"path", c.name},
                            {"format", c.format ? static_cast<int>(*c.format) : -1},
                            {"md5", read ? output::Md5Hex(bytes) : "unreadable"}});
  }
  j["catalogs"] = std::move(catalogs);
  return j.dump();
}

std::string SettingsChange(const std::string& before, const std::string& now) {
  if (before == now) return {};
  const Json b = Json::parse(before, nullptr, false);
  const Json n = Json::parse(now, nullptr, false);
  if (b.is_discarded() || !b.is_object()) return "the store's settings are unreadable";
  if (b.value("hivelineage", "") != n.value("hivelineage", "")) return "hivelineage's version changed";
  if (b.value("catalogs", Json()) != n.value("catalogs", Json())) return "the --catalog files changed";
  if (b.value("sequenced", false) != n.value("sequenced", false)) return "--sequence was given or left out";
  // Stores made before the store learned the schema analysed as --no-learn-schema does.
  if (b.value("learn_schema", false) != n.value("learn_schema", false))
    return n.value("learn_schema", false) ? "the warehouse schema is learned from the scripts now"
                                          : "--no-learn-schema was given";
  return "the analysis options changed (--default-db, --var, --allow-env, --semantics or a limit)";
}

}  // namespace hivelineage::store
