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
#include <memory>
#include <string>

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

class Server {
 public:
  // `api` must outlive the server.
  Server(const LineageApi& api, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds to options.host and options.port. Returns the port, or -1 with
  // `error` set (address in use, no such address).
  int Bind(std::string& error);
  // Serves until Stop() is called (from another thread). False when the
  // server could not run.
  bool Run();
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// True for 127.0.0.0/8, ::1 and localhost.
bool IsLoopbackHost(const std::string& host);

}  // namespace hivelineage::view
