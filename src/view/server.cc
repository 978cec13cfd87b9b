#include "view/server.h"

#include <httplib.h>

#include <chrono>
#include <mutex>

#include "base/json_out.h"
#include "base/strings.h"

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

class HttpServer final : public Server {
 public:
  HttpServer(ServedContent content, ServerOptions options);
  int Bind(std::string& error) override;
  bool Run() override { return http_.listen_after_bind(); }
  void Stop() override { http_.stop(); }

 private:
  ServedContent content_;
  ServerOptions options_;
  httplib::Server http_;
  int port_ = -1;
  std::mutex api_lock_;  // options_.one_api_request_at_a_time

  static std::string QueryOf(const httplib::Request& req) {
    std::string q;
    for (const auto& [name, value] : req.params) Append(q, q.empty() ? "" : "&", name, "=", value);
    return q;
  }

  // On a loopback address only requests for that address (or localhost) are answered.
  bool HostAllowed(const std::string& host) const {
    if (!IsLoopbackHost(options_.host)) return true;
    const std::string p = Cat(":", port_);
    for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
      if (host == Cat(name, p) || (port_ == 80 && host == name)) return true;
    return host == Cat(options_.host, p);
  }
};

HttpServer::HttpServer(ServedContent c, ServerOptions o) : content_(std::move(c)), options_(std::move(o)) {
  http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" && req.method != "HEAD") {
      SetJson(res, 405, ErrorBody(Cat("method ", req.method, " not allowed: the server only answers GET")));
      res.set_header("Allow", "GET, HEAD");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!HostAllowed(req.get_header_value("Host"))) {
      SetJson(res, 403,
              ErrorBody(Cat("the Host header '", req.get_header_value("Host"), "' names another server than ",
                            options_.host, ":", port_)));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  auto serve_page = [this](const httplib::Request&, httplib::Response& res) {
    SetCommonHeaders(res);
    res.set_header("Content-Security-Policy", kContentSecurityPolicy);
    res.set_content(content_.page, "text/html; charset=utf-8");
  };
  http_.Get("/", serve_page);
  http_.Get("/index.html", serve_page);
  http_.Get("/api/.*", [this](const httplib::Request& req, httplib::Response& res) {
    std::map<std::string, std::string> params;
    for (const auto& [name, value] : req.params) {
      if (!params.emplace(name, value).second) {
        SetJson(res, 400, ErrorBody(Cat("parameter '", name, "' given more than once")));
        return;
      }
    }
    std::unique_lock<std::mutex> one_at_a_time(api_lock_, std::defer_lock);
    if (options_.one_api_request_at_a_time && LineageApi::ReadsSource(req.path)) one_at_a_time.lock();
    const ApiAnswer answer = content_.answer(req.path, params);
    if (one_at_a_time.owns_lock()) one_at_a_time.unlock();
    SetJson(res, answer.status, answer.body);
  });
  http_.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
    if (res.status == 404 && res.body.empty()) {
      SetJson(res, 404,
              ErrorBody(Cat("not found: ", req.path, " (this server has the page at / and the API under /api/)")));
    } else if (res.body.empty()) {
      SetJson(res, res.status, ErrorBody(Cat("HTTP ", res.status)));
    }
    return httplib::Server::HandlerResponse::Handled;
  }));
  http_.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = Cat("internal error: ", e.what());
    } catch (...) {
    }
    SetJson(res, 500, ErrorBody(what));
  });
  if (options_.log) {
    http_.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      std::fprintf(options_.log, "%s %s%s%s %d %zu\n", req.method.c_str(), req.path.c_str(),
                   req.params.empty() ? "" : "?", req.params.empty() ? "" : QueryOf(req).c_str(), res.status,
                   res.body.size());
      std::fflush(options_.log);
    });
  }
  // A slow or half-open client holds a worker until its read times out: with
  // 64 workers (httplib's default is 8), a 5 s read timeout and 2 s between
  // keep-alive requests, a few such clients do not keep a new request from
  // being answered (tests/faults_test.cc holds 24 open).
  http_.new_task_queue = [] { return new httplib::ThreadPool(64); };
  http_.set_read_timeout(std::chrono::seconds(5));
  http_.set_keep_alive_timeout(2);
  http_.set_payload_max_length(64 * 1024);
  // An answer goes out in more than one write: without TCP_NODELAY the
  // second waits for the client's delayed ACK, 40 ms a request on
  // loopback (bench serve: 44 ms for what takes under 1 ms).
  http_.set_tcp_nodelay(true);
}

int HttpServer::Bind(std::string& error) {
  if (options_.port == 0) {
    port_ = http_.bind_to_any_port(options_.host);
  } else if (http_.bind_to_port(options_.host, options_.port)) {
    port_ = options_.port;
  }
  if (port_ <= 0) {
    port_ = -1;
    error = Cat("cannot listen on ", options_.host, ":", options_.port, " (in use, or not an address of this machine)");
  }
  return port_;
}

}  // namespace

std::unique_ptr<Server> MakeHttpServer(ServedContent content, ServerOptions options) {
  return std::make_unique<HttpServer>(std::move(content), std::move(options));
}

}  // namespace hivelineage::view
