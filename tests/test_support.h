// Shared helpers for the doctest suites: source locations, file reading,
// scratch folders, running shell commands. (The shared/ corpus is known to
// the corpus suite only: tests/corpus/corpus_support.h.)
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hivelineage::testing {

extern bool g_update_golden;

inline std::filesystem::path SourceDir() { return HIVELINEAGE_SOURCE_DIR; }

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A per-process scratch folder under the system temp dir: `<prefix><pid>`,
// emptied first (an earlier process with the same pid may have left files).
// Removed when the process ends (not by a forked child that exits: only by
// the process that made it), so that test runs do not fill /tmp.
inline std::filesystem::path ProcessTempDir(const std::string& prefix) {
  struct RemovedAtExit {
    std::vector<std::filesystem::path> dirs;
    pid_t owner = ::getpid();
    ~RemovedAtExit() {
      if (::getpid() != owner) return;
      std::error_code ignored;
      for (const auto& d : dirs) std::filesystem::remove_all(d, ignored);
    }
  };
  static RemovedAtExit made;
  std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  if (std::find(made.dirs.begin(), made.dirs.end(), d) == made.dirs.end()) made.dirs.push_back(d);
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

// A test that cannot run here (a privilege the machine does not give) says
// so through Skip: the reason goes to stderr at once, test_main lists every
// skip again after the summary, and with HIVELINEAGE_NO_SKIPS=1 a skip fails
// the run. Missing tools are no reason to skip: those tests fail.
inline std::vector<std::string>& Skipped() {
  static std::vector<std::string> skipped;
  return skipped;
}
inline void Skip(const std::string& what, const std::string& why) {
  Skipped().push_back(what + ": " + why);
  std::fprintf(stderr, "SKIPPED %s: %s\n", what.c_str(), why.c_str());
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

struct ShellResult {
  int code = -1;  // exit status; -1 when killed by a signal
  std::string out, err;
};

// Runs `command` with /bin/sh from `dir`, with `input` on standard input,
// capturing standard output and error through files in `scratch`.
inline ShellResult RunShell(const std::string& command, const std::filesystem::path& dir,
                            const std::filesystem::path& scratch, const std::string& input = "") {
  static int n = 0;
  const std::string id = std::to_string(++n);
  const std::filesystem::path in = WriteFile(scratch, "shell_in" + id + ".txt", input);
  const std::filesystem::path out = scratch / ("shell_out" + id + ".txt");
  const std::filesystem::path err = scratch / ("shell_err" + id + ".txt");
  const std::string cmd = "cd " + ShellQuote(dir.string()) + " && " + command + " <" + ShellQuote(in.string()) + " >" +
                          ShellQuote(out.string()) + " 2>" + ShellQuote(err.string());
  const int status = std::system(cmd.c_str());
  ShellResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  return r;
}

}  // namespace hivelineage::testing
