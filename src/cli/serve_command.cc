#include "cli/serve_command.h"

#include <pthread.h>
#include <signal.h>

#include <charconv>
#include <string>
#include <thread>

#include "base/strings.h"
#include "cli/graph_command.h"
#include "cli/net_module.h"
#include "cli/open_source.h"
#include "view/api.h"
#include "view/graph_page.h"
#include "view/server.h"

namespace hivelineage::cli {
namespace {

const char kServeUsage[] =
    "usage: hivelineage serve [OPTIONS] [PATH ...]\n"
    "\n"
    "Serves the interactive lineage page and its JSON API (docs/viewer.md) on a local HTTP\n"
    "server, for warehouses too large to draw in one page: the page asks the server for the\n"
    "tables it shows. The lineage is that of the PATHs, or of the store --store DB (where each\n"
    "answer reads only what it holds).\n"
    "Stops on Ctrl-C (SIGINT) or SIGTERM.\n"
    "\n"
    "options:\n";

// The option's value as a whole number from `low` to `high`; false when it is missing or not one.
bool TakeInt(ArgCursor& c, int low, int high, int& out, std::string_view& value) {
  if (!c.TakeValue(value)) return false;
  int n = 0;
  const auto r = std::from_chars(value.data(), value.data() + value.size(), n);
  if (r.ec != std::errc() || r.ptr != value.data() + value.size() || n < low || n > high) return false;
  out = n;
  return true;
}

// What serve reads from its command line beyond the shared options.
struct ServeArgs : GraphInputArgs {
  view::ServerOptions options;
  int overview = 2000;
};

// serve's own options: the parsing and, in this order, its --help lines.
const Option<ServeArgs> kServeOptions[] = {
    {{"--port"}, "--port N", "port to listen on (default 8080; 0 picks a free one)\n", true,
     [](ArgCursor& c, ServeArgs& a, std::string& error) {
       std::string_view value;
       if (!TakeInt(c, 0, 65535, a.options.port, value))
         error = Cat("--port expects a port number from 0 to 65535, got '", value, "'");
     }},
    {{"--host"},
     "--host ADDR",
     "address to listen on (default 127.0.0.1, this machine only;\n"
     "another address makes the lineage readable from the network,\n"
     "with no password)\n",
     true,
     [](ArgCursor& c, ServeArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--host needs an address";
       else
         a.options.host = std::string(value);
     }},
    {{"--overview"},
     "--overview N",
     "draw the whole graph when the page opens if it has at most N\n"
     "tables (default 2000); past that the page starts from a search\n",
     true,
     [](ArgCursor& c, ServeArgs& a, std::string& error) {
       std::string_view value;
       if (!TakeInt(c, 0, 100'000'000, a.overview, value))
         error = Cat("--overview expects a number of tables, got '", value, "'");
     }},
};

}  // namespace

int ServeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  ServeArgs args;
  std::string error = ParseSubcommand<ServeArgs>(argc, argv, {kServeOptions}, args,
                                                 [&](std::string_view path) { args.input.paths.emplace_back(path); });
  if (error.empty() && args.help) {
    std::fputs(
        SubcommandUsageText(Cat(kServeUsage, TableHelp(std::span<const Option<ServeArgs>>(kServeOptions)))).c_str(),
        out);
    return 0;
  }
  view::ServerOptions& options = args.options;
  const int overview = args.overview;
  if (error.empty() && args.possible) error = "--possible does not apply to serve (its page cannot mark a possible edge)";
  if (!error.empty()) return UsageError(err, "hivelineage serve", error);

  const NetModule* net = LoadNetModule(error);  // before the lineage is read, which can take a while
  if (net == nullptr) {
    std::fprintf(err, "hivelineage serve: %s\n", error.c_str());
    return 2;
  }
  OpenedSource opened;
  if (const int stop = OpenLineageSource(args, "serve", opened, err); stop >= 0) return stop;
  const std::string title = view::InputsTitle(args.input.paths, args.input.sequence, args.store);
  const view::LineageApi api(*opened.source, title, overview);
  if (!args.input.common.quiet) options.log = err;
  options.one_api_request_at_a_time = !args.store.empty();

  // SIGINT and SIGTERM are taken by a thread of their own (blocked everywhere
  // else, the server's threads included, which inherit the mask), which stops the server.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const std::unique_ptr<view::Server> served = net->make_server(view::ContentOf(api), options);
  view::Server& server = *served;
  const int port = server.Bind(error);
  if (port < 0) {
    std::fprintf(err, "hivelineage serve: %s\n", error.c_str());
    return 2;
  }
  if (!view::IsLoopbackHost(options.host))
    std::fprintf(err, "hivelineage serve: warning: listening on %s: anyone who can reach it can read the lineage\n",
                 options.host.c_str());
  const std::string shown_host =
      options.host.find(':') != std::string::npos ? Cat("[", options.host, "]") : options.host;
  std::fprintf(err, "hivelineage serve: %s (%zu tables) on http://%s:%d/ (Ctrl-C stops)\n", title.c_str(),
               api.table_count(), shown_host.c_str(), port);
  std::fflush(err);

  std::thread watcher([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    server.Stop();
  });
  const bool ran = server.Run();
  // Run() also returns when the server fails: wake the watcher if no signal did.
  pthread_kill(watcher.native_handle(), SIGTERM);
  watcher.join();
  if (!ran) {
    std::fprintf(err, "hivelineage serve: the server stopped on an error\n");
    return 2;
  }
  std::fprintf(err, "hivelineage serve: stopped\n");
  return 0;
}

}  // namespace hivelineage::cli
