// Shared helpers for the doctest suites: corpus locations, file reading.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hivelineage::testing {

extern bool g_update_golden;

inline std::filesystem::path SharedDir() { return HIVELINEAGE_SHARED_DIR; }
inline std::filesystem::path SourceDir() { return HIVELINEAGE_SOURCE_DIR; }
inline std::filesystem::path HiveCorpus() { return SharedDir() / "corpus" / "hive-qtests"; }

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every .q file below the Hive corpus, sorted.
inline std::vector<std::filesystem::path> HiveQueryFiles() {
  std::vector<std::filesystem::path> files;
  const auto dir = HiveCorpus() / "queries";
  if (!std::filesystem::exists(dir)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".q") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A per-process scratch folder under the system temp dir: `<prefix><pid>`,
// emptied first (an earlier process with the same pid may have left files).
inline std::filesystem::path ProcessTempDir(const std::string& prefix) {
  std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// Writes `text` to `dir`/`rel`, creating folders, and returns the path.
inline std::filesystem::path WriteFile(const std::filesystem::path& dir, const std::string& rel,
                                       const std::string& text) {
  const std::filesystem::path p = dir / rel;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// `s` quoted for /bin/sh.
inline std::string ShellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

}  // namespace hivelineage::testing
