#include "view/server.h"

#include <httplib.h>

#include <chrono>
#include <mutex>

#include "base/json_out.h"
#include "base/strings.h"
#include "view/page.h"

namespace hivelineage::view {
namespace {

// The same policy as the page's own <meta> (src/view/web/page.html): its scripts and styles are inline, it
// fetches only from this server.
const char kContentSecurityPolicy[] =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

void SetCommonHeaders(httplib::Response& res) {
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Cache-Control", "no-store");
  res.set_header("Referrer-Policy", "no-referrer");
}

void SetJson(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  SetCommonHeaders(res);
  res.set_content(body, "application/json; charset=utf-8");
}

std::string ErrorBody(std::string_view message) {
  std::string body = "{\"error\":";
  output::AppendJsonString(body, message);
  body += '}';
  return body;
}

}  // namespace

bool IsLoopbackHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.starts_with("127.");
}

struct Server::Impl {
  const LineageApi& api;
  ServerOptions options;
  httplib::Server http;
  std::string page;
  int port = -1;
  std::mutex api_lock;  // options.one_api_request_at_a_time

  Impl(const LineageApi& a, ServerOptions o) : api(a), options(std::move(o)) {
    WritePage(api.Bootstrap(), page);
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (req.method != "GET" && req.method != "HEAD") {
        SetJson(res, 405, ErrorBody(Cat("method ", req.method, " not allowed: the server only answers GET")));
        res.set_header("Allow", "GET, HEAD");
        return httplib::Server::HandlerResponse::Handled;
      }
      if (!HostAllowed(req.get_header_value("Host"))) {
        SetJson(res, 403,
                ErrorBody(Cat("the Host header '", req.get_header_value("Host"), "' names another server than ",
                              options.host, ":", port)));
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    auto serve_page = [this](const httplib::Request&, httplib::Response& res) {
      SetCommonHeaders(res);
      res.set_header("Content-Security-Policy", kContentSecurityPolicy);
      res.set_content(page, "text/html; charset=utf-8");
    };
    http.Get("/", serve_page);
    http.Get("/index.html", serve_page);
    http.Get("/api/.*", [this](const httplib::Request& req, httplib::Response& res) {
      std::map<std::string, std::string> params;
      for (const auto& [name, value] : req.params) {
        if (!params.emplace(name, value).second) {
          SetJson(res, 400, ErrorBody(Cat("parameter '", name, "' given more than once")));
          return;
        }
      }
      std::unique_lock<std::mutex> one_at_a_time(api_lock, std::defer_lock);
      if (options.one_api_request_at_a_time && LineageApi::ReadsSource(req.path)) one_at_a_time.lock();
      const ApiAnswer answer = api.Get(req.path, params);
      if (one_at_a_time.owns_lock()) one_at_a_time.unlock();
      SetJson(res, answer.status, answer.body);
    });
    http.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request& req,
                                                                   httplib::Response& res) {
      if (res.status == 404 && res.body.empty()) {
        SetJson(res, 404,
                ErrorBody(Cat("not found: ", req.path, " (this server has the page at / and the API under /api/)")));
      } else if (res.body.empty()) {
        SetJson(res, res.status, ErrorBody(Cat("HTTP ", res.status)));
      }
      return httplib::Server::HandlerResponse::Handled;
    }));
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what = Cat("internal error: ", e.what());
      } catch (...) {
      }
      SetJson(res, 500, ErrorBody(what));
    });
    if (options.log) {
      http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
        std::fprintf(options.log, "%s %s%s%s %d %zu\n", req.method.c_str(), req.path.c_str(),
                     req.params.empty() ? "" : "?", req.params.empty() ? "" : QueryOf(req).c_str(), res.status,
                     res.body.size());
        std::fflush(options.log);
      });
    }
    // A slow or half-open client holds a worker until its read times out: with
    // 64 workers (httplib's default is 8), a 5 s read timeout and 2 s between
    // keep-alive requests, a few such clients do not keep a new request from
    // being answered (tests/faults_test.cc holds 24 open).
    http.new_task_queue = [] { return new httplib::ThreadPool(64); };
    http.set_read_timeout(std::chrono::seconds(5));
    http.set_keep_alive_timeout(2);
    http.set_payload_max_length(64 * 1024);
    // An answer goes out in more than one write: without TCP_NODELAY the
    // second waits for the client's delayed ACK, 40 ms a request on
    // loopback (bench serve: 44 ms for what takes under 1 ms).
    http.set_tcp_nodelay(true);
  }

  static std::string QueryOf(const httplib::Request& req) {
    std::string q;
    for (const auto& [name, value] : req.params) Append(q, q.empty() ? "" : "&", name, "=", value);
    return q;
  }

  // On a loopback address only requests for that address (or localhost) are answered.
  bool HostAllowed(const std::string& host) const {
    if (!IsLoopbackHost(options.host)) return true;
    const std::string p = Cat(":", port);
    for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
      if (host == Cat(name, p) || (port == 80 && host == name)) return true;
    return host == Cat(options.host, p);
  }
};

Server::Server(const LineageApi& api, ServerOptions options) : impl_(std::make_unique<Impl>(api, std::move(options))) {}

Server::~Server() = default;

int Server::Bind(std::string& error) {
  Impl& s = *impl_;
  if (s.options.port == 0) {
    s.port = s.http.bind_to_any_port(s.options.host);
  } else if (s.http.bind_to_port(s.options.host, s.options.port)) {
    s.port = s.options.port;
  }
  if (s.port <= 0) {
    s.port = -1;
    error =
        Cat("cannot listen on ", s.options.host, ":", s.options.port, " (in use, or not an address of this machine)");
  }
  return s.port;
}

bool Server::Run() { return impl_->http.listen_after_bind(); }

void Server::Stop() { impl_->http.stop(); }

}  // namespace hivelineage::view
