// `hivelineage serve`: the lineage page and its JSON API (api.h) over HTTP,
// on cpp-httplib (Debian's libcpp-httplib-dev).
//
// It serves only what it holds in memory: the page at /, the API under
// /api/. Nothing is read from disk, so no path, however it is spelled
// (../, %2e%2e, //etc), reaches a file: every other path is a 404. Methods
// other than GET and HEAD get a 405. Bound to a loopback address (the
// default), it also refuses requests whose Host header names another host
// (403), so that a web page elsewhere cannot read the lineage through the
// user's browser by pointing its own name at 127.0.0.1 (DNS rebinding).
#pragma once

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "view/api.h"

namespace hivelineage::view {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;           // 0: any free port
  std::FILE* log = nullptr;  // one line per request when set
  // The API is asked one request at a time: a store's lineage source reads
  // through one SQLite connection and caches what it read, neither safe to
  // share between the server's threads (the page, searches and errors stay parallel).
  bool one_api_request_at_a_time = false;
};

// What the server answers: the page at / and the API under /api/. Given
// as a page and a function, not as a LineageApi, because the server lives in
// the network module (cli/net_module.h), loaded only by `serve`, which calls
// back into the command line's own code through these alone.
struct ServedContent {
  std::string page;  // the HTML at /
  // GET /api/...: (path, parameters) -> answer; called from the server's threads.
  std::function<ApiAnswer(std::string_view path, const std::map<std::string, std::string>& params)> answer;
};

class Server {
 public:
  virtual ~Server() = default;
  // Binds to options.host and options.port. Returns the port, or -1 with
  // `error` set (address in use, no such address).
  virtual int Bind(std::string& error) = 0;
  // Serves until Stop() is called (from another thread). False when the
  // server could not run.
  virtual bool Run() = 0;
  virtual void Stop() = 0;
};

// The cpp-httplib server (server.cc).
std::unique_ptr<Server> MakeHttpServer(ServedContent content, ServerOptions options);

// What `api` serves: its page and its answers (served_content.cc). `api`
// must outlive the content.
ServedContent ContentOf(const LineageApi& api);

// True for 127.0.0.0/8, ::1 and localhost.
inline bool IsLoopbackHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.starts_with("127.");
}

}  // namespace hivelineage::view
