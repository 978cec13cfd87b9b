// The lineage page's data (src/view/page_data.cc) and the page around it:
// what the page is given for a graph, a restricted graph and a focus, that
// nothing in the data can break out of its <script> element, and that the
// page needs nothing outside itself. The page's behaviour in a browser is
// tests/browser/page_test.py.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/queries/explain.h"
#include "graph/queries/graph_source.h"
#include "graph/queries/impact.h"
#include "store/schema.h"
#include "store/store_source.h"
#include "store/update.h"
#include "test_support.h"
#include "view/api.h"
#include "view/graph_page.h"
#include "view/page.h"
#include "view/page_assets.h"
#include "view/page_data.h"
#include "view/server.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using nlohmann::json;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_view_test_");
  return dir;
}

// The graph of `scripts` ({name, text}), analysed as `hivelineage graph` does.
graph::Graph GraphOf(const std::vector<std::pair<std::string, std::string>>& scripts) {
  std::vector<driver::InputFile> inputs;
  for (const auto& [name, text] : scripts) inputs.push_back({testing::WriteFile(TempDir(), name, text).string(), name});
  graph::GraphBuilder builder;
  driver::RunOptions options;
  options.jobs = 1;
  driver::AnalyzeIntoGraph(inputs, options, builder, [](driver::FilePart&&) {});
  return builder.Finish();
}

const char kWarehouse[] =
    "create table ods.orders (id bigint, user_id bigint, amount double, dt string);\n"
    "create table dws.user_day (user_id bigint, total double, orders bigint);\n"
    "insert overwrite table dws.user_day\n"
    "select user_id, sum(amount), count(id) from ods.orders where dt = '2024-01-01' group by user_id;\n";

// The page data decoded back into names: {"source -> target": [expressions]} and the like.
struct Decoded {
  json doc;
  std::vector<std::string> tables;
  std::map<std::string, std::vector<std::string>> edges;  // "a.b.c -> d.e.f" -> expression per step of each way
  std::map<std::string, std::pair<std::set<std::string>, std::set<std::string>>>
      conditions;  // clause expr -> cols, targets
  std::set<std::string> table_edges;
  std::vector<std::string> where;  // "file:line" of every statement listed

  explicit Decoded(const std::string& text) : doc(json::parse(text)) {
    for (const auto& t : doc["tables"]) tables.push_back(t[0]);
    auto col = [&](const json& table, const json& column) {
      return tables.at(table.get<size_t>()) + "." + column.get<std::string>();
    };
    const auto& exprs = doc["expressions"];
    for (const auto& e : doc["edges"]) {
      auto& list = edges[col(e[0], e[1]) + " -> " + col(e[2], e[3])];
      for (const auto& way : e[4])
        for (const auto& step : way) list.push_back(exprs.at(step[1].get<size_t>()));
    }
    for (const auto& c : doc["conditions"]) {
      auto& [cols, targets] =
          conditions[c[1].get<std::string>() + " " + exprs.at(c[2].get<size_t>()).get<std::string>()];
      for (const auto& x : c[3]) cols.insert(col(x[0], x[1]));
      for (const auto& x : c[4]) targets.insert(col(x[0], x[1]));
    }
    for (const auto& e : doc["table_edges"])
      table_edges.insert(tables.at(e[0].get<size_t>()) + " -> " + tables.at(e[1].get<size_t>()));
    for (const auto& s : doc["statements"])
      where.push_back(doc["files"].at(s[0].get<size_t>()).get<std::string>() + ":" + std::to_string(s[1].get<int>()));
  }
};

std::string DataOf(const graph::Graph& g, const view::PageData& data) {
  std::string out;
  view::WritePageData(g, data, out);
  return out;
}

// The data a page carries, read back out of its <script type="application/json"> element.
std::string DataInPage(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"hl-data\">";
  const size_t begin = page.find(open);
  REQUIRE(begin != std::string::npos);
  const size_t end = page.find("</script>", begin);
  REQUIRE(end != std::string::npos);
  return page.substr(begin + open.size(), end - begin - open.size());
}

}  // namespace

TEST_CASE("page data: tables, value edges, each condition once, table edges, where each statement is") {
  const graph::Graph g = GraphOf({{"etl/user_day.sql", kWarehouse}});
  const Decoded d(DataOf(g, {"lineage of etl", std::nullopt}));
  CHECK(d.doc["format"] == "hivelineage-page");
  CHECK(d.doc["version"] == 1);
  CHECK(d.doc["title"] == "lineage of etl");
  CHECK(d.tables == std::vector<std::string>{"dws.user_day", "ods.orders"});
  CHECK(d.edges == std::map<std::string, std::vector<std::string>>{
                       {"ods.orders.amount -> dws.user_day.total", {"sum(amount)"}},
                       {"ods.orders.id -> dws.user_day.orders", {"count(id)"}},
                       {"ods.orders.user_id -> dws.user_day.user_id", {"user_id"}},
                   });
  // The WHERE and the GROUP BY once each, governing every written column, not one edge per pair.
  const std::set<std::string> written = {"dws.user_day.orders", "dws.user_day.total", "dws.user_day.user_id"};
  REQUIRE(d.conditions.size() == 2);
  CHECK(d.conditions.at("where (dt = '2024-01-01')").first == std::set<std::string>{"ods.orders.dt"});
  CHECK(d.conditions.at("where (dt = '2024-01-01')").second == written);
  CHECK(d.conditions.at("group_by user_id").first == std::set<std::string>{"ods.orders.user_id"});
  CHECK(d.conditions.at("group_by user_id").second == written);
  CHECK(d.table_edges == std::set<std::string>{"ods.orders -> dws.user_day"});
  CHECK(d.where == std::vector<std::string>{"etl/user_day.sql:3"});
  CHECK(d.doc["statements"][0][3] == 2);  // its index in the file
  CHECK(d.doc["statements"][0][4] == "insert");
  CHECK_FALSE(d.doc.contains("focus"));
  // Deterministic.
  CHECK(DataOf(g, {"lineage of etl", std::nullopt}) ==
        DataOf(GraphOf({{"etl/user_day.sql", kWarehouse}}), {"lineage of etl", std::nullopt}));
}

TEST_CASE("page data: restricted to some tables, with a focus") {
  const graph::Graph g = GraphOf({{"a.sql", kWarehouse},
                                  {"b.sql",
                                   "create table ads.top (user_id bigint, total double);\n"
                                   "insert overwrite table ads.top select user_id, total from dws.user_day;\n"}});
  const std::set<std::string> only = {"dws.user_day", "ads.top"};
  view::Focus focus{"dws.user_day.total", {"ads.top.total"}, "downstream", "downstream of dws.user_day.total"};
  const Decoded d(DataOf(g, {"t", focus, &only}));
  CHECK(d.tables == std::vector<std::string>{"ads.top", "dws.user_day"});
  CHECK(d.edges == std::map<std::string, std::vector<std::string>>{
                       {"dws.user_day.total -> ads.top.total", {"total"}},
                       {"dws.user_day.user_id -> ads.top.user_id", {"user_id"}},
                   });
  CHECK(d.conditions.empty());  // those of a.sql read ods.orders, which is left out
  CHECK(d.table_edges == std::set<std::string>{"dws.user_day -> ads.top"});
  CHECK(d.where == std::vector<std::string>{"b.sql:2"});  // only the statements still referred to
  CHECK(d.doc["focus"] == json{{"start", "dws.user_day.total"},
                               {"highlight", {"ads.top.total"}},
                               {"direction", "downstream"},
                               {"title", "downstream of dws.user_day.total"}});
}

TEST_CASE("page: self-contained, and no string in the data can end its script element") {
  const graph::Graph g =
      GraphOf({{"x.sql",
                "create table db.t (a string, b string);\ncreate table db.u (a string);\n"
                "insert into db.u select concat(a, '</script><script>alert(1)</script><!--') from db.t "
                "where b <> '</SCRIPT>';\n"}});
  std::string page;
  view::WriteGraphPage(g, "lineage of <x.sql>", page);
  CHECK(page.starts_with("<!doctype html>"));
  CHECK(page.size() == view::kPageHead.size() + DataInPage(page).size() + view::kPageTail.size());
  const std::string data = DataInPage(page);
  CHECK(data.find('<') == std::string::npos);
  const Decoded d(data);  // and it still reads back as written
  CHECK(d.doc["title"] == "lineage of <x.sql>");
  REQUIRE(d.edges.size() == 1);
  CHECK(d.edges.begin()->second.front() == "concat(a, '</script><script>alert(1)</script><!--')");
  // Nothing is fetched: no external script, style, font or image, and the page says so to the browser.
  for (const char* outside : {"<script src", "<link", "@import", "url(http", "src=\"http", "href=\"http"})
    CHECK_MESSAGE(page.find(outside) == std::string::npos, outside);
  CHECK(page.find("Content-Security-Policy\" content=\"default-src 'none'") != std::string::npos);
  // The vendored scripts and their licences are in.
  CHECK(view::kVendoredScriptBytes > 50'000);
  CHECK(page.find("== @dagrejs/dagre 3.1.3 (MIT) ==") != std::string::npos);
  CHECK(page.find("== d3-zoom 3.0.1 (ISC) ==") != std::string::npos);
  CHECK(page.find("sourceMappingURL") == std::string::npos);
}

TEST_CASE("impact page: opens on its start with what the walk reached") {
  const graph::Graph g = GraphOf({{"a.sql", kWarehouse},
                                  {"b.sql",
                                   "create table ads.top (user_id bigint, total double);\n"
                                   "insert overwrite table ads.top select user_id, total from dws.user_day;\n"}});
  graph::ImpactResult result;
  REQUIRE(graph::Impact(g, "ods.orders.amount", {graph::Direction::Downstream, -1}, result));
  std::string page;
  view::WriteImpactPage(g, result, "lineage of a.sql, b.sql", page);
  const Decoded d(DataInPage(page));
  CHECK(d.doc["title"] == "lineage of a.sql, b.sql: downstream of ods.orders.amount");
  CHECK(d.doc["focus"]["start"] == "ods.orders.amount");
  CHECK(d.doc["focus"]["highlight"] == json{"ads.top.total", "dws.user_day.total", "ads.top", "dws.user_day"});
  CHECK(d.doc["focus"]["direction"] == "downstream");
  CHECK(d.tables == std::vector<std::string>{"ads.top", "dws.user_day", "ods.orders"});

  REQUIRE(graph::Impact(g, "ads.top", {graph::Direction::Upstream, 1}, result));
  page.clear();
  view::WriteImpactPage(g, result, "t", page);
  const Decoded t(DataInPage(page));
  CHECK(t.doc["focus"]["start"] == "ads.top");
  CHECK(t.doc["focus"]["title"] == "upstream of ads.top (depth <= 1)");
  CHECK(t.tables == std::vector<std::string>{"ads.top", "dws.user_day"});
}

TEST_CASE("explain page: opens on the column with what it is made of") {
  const graph::Graph g = GraphOf({{"a.sql", kWarehouse},
                                  {"b.sql",
                                   "create table ads.top (user_id bigint, total double);\n"
                                   "insert overwrite table ads.top select user_id, total from dws.user_day;\n"},
                                  {"c.sql",
                                   "create table ads.other (n bigint);\n"
                                   "insert overwrite table ads.other select count(*) from ods.orders;\n"}});
  graph::ExplainResult result;
  std::string error;
  REQUIRE(graph::Explain(g, "ADS.top.total", -1, result, error));
  std::string page;
  view::WriteExplainPage(g, result, "lineage of a.sql, b.sql, c.sql", page);
  const Decoded d(DataInPage(page));
  CHECK(d.doc["title"] == "lineage of a.sql, b.sql, c.sql: how ads.top.total is made");
  CHECK(d.doc["focus"]["start"] == "ads.top.total");
  CHECK(d.doc["focus"]["highlight"] == json{"dws.user_day.total", "ods.orders.amount", "dws.user_day", "ods.orders"});
  CHECK(d.doc["focus"]["direction"] == "upstream");
  // Only the tables the explanation names: not ads.other, which reads ods.orders too.
  CHECK(d.tables == std::vector<std::string>{"ads.top", "dws.user_day", "ods.orders"});
  // A condition's table is drawn (the toggle shows its edges), not highlighted.
  const graph::Graph j = GraphOf({{"a.sql",
                                   "create table ods.orders (id bigint, amount double);\n"
                                   "create table ods.ok (id bigint);\n"
                                   "create table dws.paid (amount double);\n"
                                   "insert overwrite table dws.paid\n"
                                   "select o.amount from ods.orders o join ods.ok k on o.id = k.id;\n"}});
  REQUIRE(graph::Explain(j, "dws.paid.amount", -1, result, error));
  page.clear();
  view::WriteExplainPage(j, result, "t", page);
  const Decoded c(DataInPage(page));
  CHECK(c.tables == std::vector<std::string>{"dws.paid", "ods.ok", "ods.orders"});
  CHECK(c.doc["focus"]["highlight"] == json{"ods.orders.amount", "ods.orders"});

  REQUIRE(graph::Explain(g, "ads.top.total", 1, result, error));
  page.clear();
  view::WriteExplainPage(g, result, "t", page);
  const Decoded t(DataInPage(page));
  CHECK(t.doc["focus"]["title"] == "how ads.top.total is made (depth <= 1)");
  CHECK(t.tables == std::vector<std::string>{"ads.top", "dws.user_day"});
}

TEST_CASE("page titles name the inputs") {
  CHECK(view::InputsTitle({"etl/"}, "", "") == "lineage of etl/");
  CHECK(view::InputsTitle({"a.sql", "b.sql", "c.sql", "d.sql", "e.sql"}, "", "") ==
        "lineage of a.sql, b.sql, c.sql and 2 more");
  CHECK(view::InputsTitle({}, "", "") == "lineage of standard input");
  CHECK(view::InputsTitle({}, "nightly.txt", "") == "lineage of nightly.txt");
  CHECK(view::InputsTitle({}, "", "wh.db") == "lineage in wh.db");
}

// ---- the JSON API, without a socket ------------------------------------------------

namespace {

const std::vector<std::pair<std::string, std::string>> kTwoScripts = {
    {"a.sql", kWarehouse},
    {"b.sql",
     "create table ads.top (user_id bigint, total double);\n"
     "insert overwrite table ads.top select user_id, total from dws.user_day where total > 100;\n"}};

struct Answer {
  int status;
  json body;
};

Answer Get(const view::LineageApi& api, std::string_view path, std::map<std::string, std::string> params = {}) {
  const view::ApiAnswer a = api.Get(path, params);
  return {a.status, json::parse(a.body)};
}

std::vector<std::string> Strings(const json& j) { return j.get<std::vector<std::string>>(); }

}  // namespace

TEST_CASE("api: search, node, neighbours") {
  const graph::Graph g = GraphOf(kTwoScripts);
  const graph::GraphSource source(g);
  const view::LineageApi api(source, "lineage of a.sql, b.sql");
  Answer r = Get(api, "/api/search", {{"q", "TOTAL"}});
  REQUIRE(r.status == 200);
  CHECK(r.body["results"] == json::parse(R"([{"name": "ads.top.total", "type": "column"},
                                             {"name": "dws.user_day.total", "type": "column"}])"));
  CHECK(r.body["truncated"] == false);
  r = Get(api, "/api/search", {{"q", "user"}, {"limit", "2"}});
  CHECK(r.body["results"].size() == 2);
  CHECK(r.body["results"][0]["name"] == "dws.user_day");  // a table's short name starting with it comes first
  CHECK(r.body["truncated"] == true);

  r = Get(api, "/api/node", {{"name", "dws.user_day"}});
  CHECK(r.status == 200);
  CHECK(r.body["type"] == "table");
  CHECK(r.body["kind"] == "table");
  CHECK(Strings(r.body["columns"]) == std::vector<std::string>{"orders", "total", "user_id"});
  CHECK(r.body["data"]["tables"].size() == 1);
  r = Get(api, "/api/node", {{"name", "ADS.top.Total"}});
  CHECK(r.body["type"] == "column");
  CHECK(r.body["table"] == "ads.top");

  r = Get(api, "/api/neighbours", {{"name", "dws.user_day.total"}});
  CHECK(r.status == 200);
  CHECK(Strings(r.body["tables"]) == std::vector<std::string>{"ads.top", "dws.user_day", "ods.orders"});
  CHECK(r.body["data"]["table_edges"].size() == 2);
}

TEST_CASE("api: impact and path follow value edges, conditions on request") {
  const graph::Graph g = GraphOf(kTwoScripts);
  const graph::GraphSource source(g);
  const view::LineageApi api(source, "t");
  Answer r = Get(api, "/api/impact", {{"name", "dws.user_day.total"}});
  REQUIRE(r.status == 200);
  CHECK(Strings(r.body["upstream"]) == std::vector<std::string>{"ods.orders.amount"});
  CHECK(Strings(r.body["downstream"]) == std::vector<std::string>{"ads.top.total"});
  CHECK(r.body["data"]["tables"].size() == 3);
  // b.sql's WHERE total > 100 decides which rows of ads.top are written, so with conditions total also
  // reaches ads.top.user_id; and a.sql's WHERE dt and GROUP BY user_id feed dws.user_day.total.
  r = Get(api, "/api/impact", {{"name", "dws.user_day.total"}, {"conditions", "1"}});
  CHECK(Strings(r.body["downstream"]) == std::vector<std::string>{"ads.top.total", "ads.top.user_id"});
  CHECK(Strings(r.body["upstream"]) ==
        std::vector<std::string>{"ods.orders.amount", "ods.orders.dt", "ods.orders.user_id"});
  r = Get(api, "/api/impact", {{"name", "ods.orders.amount"}, {"direction", "downstream"}, {"depth", "1"}});
  CHECK(Strings(r.body["downstream"]) == std::vector<std::string>{"dws.user_day.total"});
  CHECK(r.body["upstream"].empty());
  r = Get(api, "/api/impact", {{"name", "ods.orders"}});
  CHECK(Strings(r.body["downstream"]) == std::vector<std::string>{"ads.top", "dws.user_day"});

  r = Get(api, "/api/path", {{"from", "ods.orders.amount"}, {"to", "ads.top.total"}});
  REQUIRE(r.status == 200);
  CHECK(r.body["found"] == true);
  CHECK(Strings(r.body["nodes"]) ==
        std::vector<std::string>{"ads.top.total", "dws.user_day.total", "ods.orders.amount"});
  CHECK(r.body["paths"] == json::parse(R"([["ods.orders.amount", "dws.user_day.total", "ads.top.total"]])"));
  CHECK(r.body["data"]["tables"].size() == 3);
  r = Get(api, "/api/path", {{"from", "ads.top.total"}, {"to", "ods.orders.amount"}});
  CHECK(r.body["found"] == false);
  CHECK(r.body["nodes"].empty());
  r = Get(api, "/api/path", {{"from", "ods.orders.dt"}, {"to", "ads.top.user_id"}, {"conditions", "1"}});
  CHECK(r.body["found"] == true);
}

TEST_CASE("api: the overview, and bad requests answered 4xx with a message") {
  const graph::Graph g = GraphOf(kTwoScripts);
  const graph::GraphSource source(g);
  const view::LineageApi api(source, "t", 2);
  Answer r = Get(api, "/api/graph");
  CHECK(r.body["tables"] == 3);
  CHECK(r.body["truncated"] == true);  // more than the overview limit of 2
  CHECK(r.body["data"]["tables"].empty());
  r = Get(api, "/api/graph", {{"limit", "3"}});
  CHECK(r.body["truncated"] == false);
  CHECK(r.body["data"]["tables"].size() == 3);
  CHECK(json::parse(api.Bootstrap()) ==
        json{{"format", "hivelineage-page"}, {"version", 1}, {"title", "t"}, {"mode", "server"}});

  const std::vector<std::tuple<std::string, std::map<std::string, std::string>, int, std::string>> bad = {
      {"/api/search", {}, 400, "missing parameter 'q'"},
      {"/api/search", {{"q", std::string(300, 'x')}}, 400, "longer than 256"},
      {"/api/search", {{"q", "a"}, {"limit", "0"}}, 400, "'limit' must be a whole number from 1 to 500, got '0'"},
      {"/api/search", {{"q", "a"}, {"limit", "ten"}}, 400, "got 'ten'"},
      {"/api/node", {{"name", "dws.user_dya"}}, 404, "no table or column named 'dws.user_dya'"},
      {"/api/impact", {{"name", "ods.orders"}, {"direction", "sideways"}}, 400, "'direction' must be"},
      {"/api/impact", {{"name", "ods.orders"}, {"depth", "-1"}}, 400, "'depth'"},
      {"/api/impact", {{"name", "ods.orders"}, {"conditions", "yes"}}, 400, "'conditions' must be 0 or 1"},
      {"/api/path", {{"from", "ods.orders"}}, 400, "missing parameter 'to'"},
      {"/api/path", {{"from", "ods.orders"}, {"to", "ads.top.total"}}, 400, "both be tables or both be columns"},
      {"/api/graph", {{"limit", "-5"}}, 400, "'limit'"},
      {"/api/nothing", {}, 404, "no such endpoint: /api/nothing"},
  };
  for (const auto& [path, params, status, message] : bad) {
    const auto& path_ = path;  // clang 14 cannot capture a structured binding
    CAPTURE(path_);
    r = Get(api, path, params);
    CHECK(r.status == status);
    CHECK(r.body["error"].get<std::string>().find(message) != std::string::npos);
  }
  r = Get(api, "/api/node", {{"name", "dws.user_dya"}});
  CHECK(Strings(r.body["did_you_mean"]) == std::vector<std::string>{"dws.user_day"});
  r = Get(api, "/api/node", {{"name", "ods.ordrs.amount"}});
  CHECK(Strings(r.body["did_you_mean"]) == std::vector<std::string>{"ods.orders.amount"});
}

TEST_CASE("api: a store answers as the scripts it was updated with") {
  std::vector<driver::InputFile> inputs;
  for (const auto& [name, text] : kTwoScripts)
    inputs.push_back({testing::WriteFile(TempDir(), name, text).string(), name});
  const fs::path db_path = TempDir() / "lineage.db";
  fs::remove(db_path);
  {
    auto db = store::OpenStore(db_path.string(), store::OpenMode::Update);
    store::UpdateOptions options;
    options.run.jobs = 1;
    store::UpdateStore(*db, inputs, options, [](driver::FilePart&&) {});
  }
  auto db = store::OpenStore(db_path.string(), store::OpenMode::Read);
  const store::StoreSource from_store(*db);
  const graph::Graph g = GraphOf(kTwoScripts);
  const graph::GraphSource from_scripts(g);
  const view::LineageApi a(from_store, "t"), b(from_scripts, "t");
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> requests = {
      {"/api/graph", {}},
      {"/api/search", {{"q", "user"}}},
      {"/api/node", {{"name", "dws.user_day"}}},
      {"/api/neighbours", {{"name", "dws.user_day.total"}}},
      {"/api/impact", {{"name", "dws.user_day.total"}}},
      {"/api/impact", {{"name", "ods.orders"}, {"conditions", "1"}}},
      {"/api/impact", {{"name", "dws.user_day.total"}, {"conditions", "1"}, {"depth", "1"}}},
      {"/api/path", {{"from", "ods.orders.dt"}, {"to", "ads.top.user_id"}, {"conditions", "1"}}},
      {"/api/node", {{"name", "dws.usr_day"}}},
  };
  for (const auto& [path, params] : requests) {
    const auto& path_ = path;  // clang 14 cannot capture a structured binding
    CAPTURE(path_);
    const view::ApiAnswer x = a.Get(path, params), y = b.Get(path, params);
    CHECK(x.status == y.status);
    CHECK(x.body == y.body);
  }
}

// ---- the server, over a real socket ------------------------------------------------

namespace {

struct Reply {
  int status = 0;
  std::string head, body;
};

// Sends `request` as is (no client library to tidy its path) to 127.0.0.1:`port` and reads the reply.
Reply Send(int port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  REQUIRE(write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size()));
  std::string raw;
  char buf[65536];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) raw.append(buf, static_cast<size_t>(n));
  close(fd);
  Reply r;
  const size_t split = raw.find("\r\n\r\n");
  r.head = raw.substr(0, split);
  r.body = split == std::string::npos ? "" : raw.substr(split + 4);
  if (raw.starts_with("HTTP/1.1 ")) r.status = std::stoi(raw.substr(9, 3));
  return r;
}

Reply GetPath(int port, const std::string& target, const std::string& host = "") {
  return Send(port, "GET " + target + " HTTP/1.1\r\nHost: " +
                        (host.empty() ? "127.0.0.1:" + std::to_string(port) : host) + "\r\nConnection: close\r\n\r\n");
}

// A server on a free port for the duration of a test.
struct RunningServer {
  graph::Graph graph = GraphOf(kTwoScripts);
  graph::GraphSource source{graph};
  view::LineageApi api{source, "lineage of <a.sql>"};
  std::unique_ptr<view::Server> server =
      view::MakeHttpServer(view::ContentOf(api), view::ServerOptions{"127.0.0.1", 0, nullptr});
  int port = -1;
  std::thread thread;
  RunningServer() {
    std::string error;
    port = server->Bind(error);
    REQUIRE_MESSAGE(port > 0, error);
    thread = std::thread([this] { server->Run(); });
  }
  ~RunningServer() {
    server->Stop();
    thread.join();
  }
};

}  // namespace

TEST_CASE("server: the page at /, the API under /api/, JSON errors") {
  RunningServer s;
  Reply r = GetPath(s.port, "/");
  REQUIRE(r.status == 200);
  CHECK(r.head.find("Content-Type: text/html; charset=utf-8") != std::string::npos);
  CHECK(r.head.find("Content-Security-Policy: default-src 'none'") != std::string::npos);
  CHECK(r.head.find("X-Content-Type-Options: nosniff") != std::string::npos);
  CHECK(json::parse(DataInPage(r.body)) == json::parse(s.api.Bootstrap()));

  r = GetPath(s.port, "/api/search?q=total&limit=1");
  REQUIRE(r.status == 200);
  CHECK(r.head.find("Content-Type: application/json") != std::string::npos);
  CHECK(json::parse(r.body)["results"][0]["name"] == "ads.top.total");
  r = GetPath(s.port, "/api/impact?name=dws.user_day.total&direction=upstream");
  CHECK(json::parse(r.body)["upstream"] == json{"ods.orders.amount"});
  r = GetPath(s.port, "/api/search?q=%3C%2Fscript%3E");  // decoded and answered as data
  CHECK(r.status == 200);
  CHECK(json::parse(r.body)["query"] == "</script>");

  r = GetPath(s.port, "/api/search");
  CHECK(r.status == 400);
  CHECK(json::parse(r.body)["error"] == "missing parameter 'q'");
  r = GetPath(s.port, "/api/search?q=a&q=b");
  CHECK(r.status == 400);
  CHECK(json::parse(r.body)["error"] == "parameter 'q' given more than once");
  r = GetPath(s.port, "/api/node?name=nothing.here");
  CHECK(r.status == 404);
  r = Send(s.port, "POST /api/search?q=a HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(s.port) +
                       "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  CHECK(r.status == 405);
  CHECK(r.head.find("Allow: GET, HEAD") != std::string::npos);
  r = Send(s.port, "BREW / HTTP/1.1\r\nConnection: close\r\n\r\n");
  CHECK(r.status >= 400);
  CHECK(r.status < 500);
}

TEST_CASE("server: no path reaches a file, and only requests for this host are answered") {
  RunningServer s;
  // The server holds no files; whatever the spelling, these are 404s with a JSON message.
  for (const std::string target :
       {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
        "/api/../../../etc/passwd", "//etc/passwd", "/index.html/../../etc/passwd", "/%252e%252e/etc/passwd",
        "/etc/passwd", "/./api/../etc/hostname", "/api/graph/../../../../etc/passwd", "/src/view/page.cc",
        "/..\\..\\etc\\passwd", "/.git/config"}) {
    CAPTURE(target);
    const Reply r = GetPath(s.port, target);
    CHECK((r.status == 404 || r.status == 400));
    CHECK(r.body.find("root:") == std::string::npos);
    CHECK(r.body.find("[core]") == std::string::npos);
    if (r.status == 404) CHECK(json::parse(r.body).contains("error"));
  }
  const Reply absolute =
      Send(s.port, "GET http://127.0.0.1/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(s.port) +
                       "\r\nConnection: close\r\n\r\n");
  CHECK(absolute.status >= 400);
  CHECK(absolute.body.find("root:") == std::string::npos);

  // DNS rebinding: another name pointed at 127.0.0.1 is refused; localhost and the address itself are not.
  Reply r = GetPath(s.port, "/api/graph", "attacker.example:" + std::to_string(s.port));
  CHECK(r.status == 403);
  CHECK(json::parse(r.body)["error"].get<std::string>().find("attacker.example") != std::string::npos);
  CHECK(GetPath(s.port, "/", "127.0.0.1").status == 403);  // wrong port
  CHECK(GetPath(s.port, "/", "localhost:" + std::to_string(s.port)).status == 200);
  CHECK(view::IsLoopbackHost("127.0.0.1"));
  CHECK(view::IsLoopbackHost("::1"));
  CHECK_FALSE(view::IsLoopbackHost("0.0.0.0"));
}
