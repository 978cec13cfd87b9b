// tests/openlineage_server.py, a real HTTP server on 127.0.0.1 that keeps the
// OpenLineage events POSTed to it, run in the background by a test.
#pragma once

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/strings.h"
#include "shell_run.h"
#include "test_support.h"

namespace hivelineage::testing {

// tests/openlineage_server.py in the background, stopped when this goes.
class Server {
 public:
  explicit Server(const std::filesystem::path& dir, const std::string& options = "") : dir_(dir) {
    std::filesystem::create_directories(dir_);
    const std::filesystem::path script = SourceDir() / "tests" / "openlineage_server.py";
    const std::string cmd = Cat("cd ", ShellQuote(dir_.string()), "; python3 ", ShellQuote(script.string()),
                                " port.txt events.jsonl ", options, " >server.log 2>&1 & echo $! > pid.txt");
    REQUIRE(std::system(cmd.c_str()) == 0);
    for (int i = 0; i < 200 && !std::filesystem::exists(dir_ / "port.txt"); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    INFO(ReadFile(dir_ / "server.log"));
    REQUIRE(std::filesystem::exists(dir_ / "port.txt"));
    pid_ = static_cast<pid_t>(std::stol(ReadFile(dir_ / "pid.txt")));
    url_ = Cat("http://127.0.0.1:", ReadFile(dir_ / "port.txt"), "/api/v1/lineage");
  }
  ~Server() {
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 100 && ProcessRunning(pid_); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::string& url() const { return url_; }
  std::vector<nlohmann::json> Received() const {
    std::vector<nlohmann::json> events;
    std::istringstream lines(ReadFile(dir_ / "events.jsonl"));
    for (std::string line; std::getline(lines, line);) events.push_back(nlohmann::json::parse(line));
    return events;
  }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = 0;
  std::string url_;
};

}  // namespace hivelineage::testing
