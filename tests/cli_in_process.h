// Runs the hivelineage command line in this process (cli::Main), as the
// binary would run from folder `dir` with `input` on standard input: no shell,
// no fork. What needs a real process (signals, SIGPIPE, a terminal, install)
// runs the binary through RunShell (test_support.h) instead.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "test_support.h"

namespace hivelineage::testing {

// The words /bin/sh would make of `line`: split at blanks, with '...',
// "..." and backslash quoting. A line that needs more of the shell (pipes,
// redirections, globs, $, ;) throws: such a test must run a real shell.
inline std::vector<std::string> ShellWords(const std::string& line) {
  std::vector<std::string> words;
  std::optional<std::string> word;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (word) words.push_back(std::move(*word));
      word.reset();
    } else if (c == '\'') {
      const size_t end = line.find('\'', i + 1);
      if (end == std::string::npos) throw std::invalid_argument("unterminated ' in: " + line);
      word = word.value_or("") + line.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      std::string text;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '$' || line[i] == '`') throw std::invalid_argument("needs a shell ($ or `): " + line);
        if (line[i] == '\\' && i + 1 < line.size() && std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)
          ++i;
        text += line[i];
      }
      if (i >= line.size()) throw std::invalid_argument("unterminated \" in: " + line);
      word = word.value_or("") + text;
    } else if (c == '\\' && i + 1 < line.size()) {
      word = word.value_or("") + line[++i];
    } else if (std::string_view("|&;<>()$`*?[~#").find(c) != std::string_view::npos) {
      throw std::invalid_argument(std::string("needs a shell (") + c + "): " + line);
    } else {
      word = word.value_or("") + c;
    }
  }
  if (word) words.push_back(std::move(*word));
  return words;
}

// cli::Main on `args` (the words after the program's name), from `dir`, with
// `input` on standard input and `env` (NAME=VALUE words) in the environment
// for the call. Standard output and error are captured in memory.
inline ShellResult RunMain(const std::vector<std::string>& args, const std::filesystem::path& dir,
                           const std::string& input = "", const std::vector<std::string>& env = {}) {
  std::vector<std::string> words = {"hivelineage"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  // Standard input from a file (as the binary had it from a shell's <),
  // never the terminal the tests may run from.
  static int n = 0;
  const std::filesystem::path in_path =
      std::filesystem::temp_directory_path() /
      ("hivelineage_in_process_" + std::to_string(::getpid()) + "_" + std::to_string(++n));
  WriteFile(in_path.parent_path(), in_path.filename().string(), input);
  std::fflush(stdin);
  const int saved_stdin = ::dup(STDIN_FILENO);
  const int in_fd = ::open(in_path.c_str(), O_RDONLY);
  ::dup2(in_fd, STDIN_FILENO);
  ::close(in_fd);
  std::clearerr(stdin);

  std::vector<std::pair<std::string, std::optional<std::string>>> saved_env;
  for (const std::string& e : env) {
    const size_t eq = e.find('=');
    const std::string name = e.substr(0, eq);
    const char* old = std::getenv(name.c_str());
    saved_env.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
    ::setenv(name.c_str(), e.substr(eq + 1).c_str(), 1);
  }
  const std::filesystem::path cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);

  char* out_buf = nullptr;
  size_t out_size = 0;
  char* err_buf = nullptr;
  size_t err_size = 0;
  std::FILE* out = open_memstream(&out_buf, &out_size);
  std::FILE* err = open_memstream(&err_buf, &err_size);
  ShellResult r;
  r.code = cli::Main(static_cast<int>(words.size()), argv.data(), out, err);
  std::fclose(out);
  std::fclose(err);
  r.out.assign(out_buf, out_size);
  r.err.assign(err_buf, err_size);
  std::free(out_buf);
  std::free(err_buf);

  std::filesystem::current_path(cwd);
  for (const auto& [name, value] : saved_env) {
    if (value)
      ::setenv(name.c_str(), value->c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }
  ::dup2(saved_stdin, STDIN_FILENO);
  ::close(saved_stdin);
  std::clearerr(stdin);
  std::filesystem::remove(in_path);
  return r;
}

// RunMain on a command line written as for the shell (ShellWords).
inline ShellResult RunMain(const std::string& args, const std::filesystem::path& dir, const std::string& input = "",
                           const std::string& env = "") {
  return RunMain(ShellWords(args), dir, input, ShellWords(env));
}

}  // namespace hivelineage::testing
