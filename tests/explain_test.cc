// explain: a column's derivation hop by hop from real SQL, conditions apart,
// constants, columns met twice, cycles, --depth, and both output formats.
#include "graph/render/explain_format.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "graph_of_sql.h"

namespace {

using namespace hivelineage;
using graph::ExplainNode;
using testing::GraphOf;

const graph::Graph& Warehouse() {
  static const graph::Graph g = GraphOf({
      {"stage.sql",
       "create temporary table tmp_paid as\n"
       "select o.user_id, o.amount from ods.orders o join ods.pay p on o.id = p.order_id where o.dt = '2024-03-01';\n"
       "insert overwrite table dws.user_amount select user_id, sum(amount) as total, 'cny' as currency\n"
       "from tmp_paid group by user_id;\n"},
      {"td.sql",
       "insert overwrite table dws.user_td select n.user_id, nvl(o.total, 0) + n.total as total\n"
       "from dws.user_amount n left join dws.user_td o on n.user_id = o.user_id;\n"},
  });
  return g;
}

}  // namespace

TEST_CASE("explain: hops with expressions and script lines, conditions apart, down to the sources") {
  graph::ExplainResult r;
  std::string error;
  REQUIRE(graph::Explain(Warehouse(), "DWS.User_Amount.Total", -1, r, error));
  REQUIRE(r.nodes.size() == 3);
  const ExplainNode& total = r.nodes[0];
  CHECK(total.column == "dws.user_amount.total");
  CHECK(total.state == ExplainNode::State::Derived);
  REQUIRE(total.hops.size() == 1);
  const graph::ExplainHop& hop = total.hops[0];
  CHECK(hop.expression == "sum(amount)");
  CHECK(Warehouse().statements[hop.statement].file == "stage.sql");
  CHECK(Warehouse().statements[hop.statement].start.line == 3);
  REQUIRE(hop.conditions.size() == 1);
  CHECK(hop.conditions[0].clause == lineage::Clause::GroupBy);
  CHECK(hop.conditions[0].columns == std::vector<std::string>{"default.tmp_paid.user_id"});
  REQUIRE(hop.sources == std::vector<int>{1});
  const ExplainNode& amount = r.nodes[1];
  CHECK(amount.column == "default.tmp_paid.amount");
  REQUIRE(amount.hops.size() == 1);
  CHECK(amount.hops[0].expression == "o.amount");
  CHECK(amount.hops[0].conditions.size() == 2);  // JOIN ON and WHERE
  CHECK(r.nodes[2].column == "ods.orders.amount");
  CHECK(r.nodes[2].state == ExplainNode::State::Source);

  std::string text;
  graph::WriteExplainText(Warehouse(), r, text);
  CHECK(text ==
        "dws.user_amount.total\n"
        "└── = sum(amount)  at stage.sql:3 (statement 1)\n"
        "    ├── [group_by] user_id  reads default.tmp_paid.user_id\n"
        "    └── default.tmp_paid.amount\n"
        "        └── = o.amount  at stage.sql:1 (statement 0)\n"
        "            ├── [join_on] (o.id = p.order_id)  reads ods.orders.id, ods.pay.order_id\n"
        "            ├── [where] (o.dt = '2024-03-01')  reads ods.orders.dt\n"
        "            └── ods.orders.amount  (source: no statement writes it)\n");
}

TEST_CASE("explain: a constant has a hop and no sources; a table that reads itself ends; --depth") {
  graph::ExplainResult r;
  std::string error;
  REQUIRE(graph::Explain(Warehouse(), "dws.user_amount.currency", -1, r, error));
  REQUIRE(r.nodes.size() == 1);
  REQUIRE(r.nodes[0].hops.size() == 1);
  CHECK(r.nodes[0].hops[0].expression == "'cny'");
  CHECK(r.nodes[0].hops[0].sources.empty());

  REQUIRE(graph::Explain(Warehouse(), "dws.user_td.total", -1, r, error));
  // dws.user_td.total reads itself (yesterday's rows): explained once, then referred to.
  int see_above = 0;
  for (const ExplainNode& n : r.nodes) {
    see_above += n.state == ExplainNode::State::SeeAbove;
    if (n.state == ExplainNode::State::SeeAbove) CHECK(n.column == "dws.user_td.total");
  }
  CHECK(see_above == 1);
  CHECK(r.nodes.back().column == "ods.orders.amount");

  REQUIRE(graph::Explain(Warehouse(), "dws.user_td.total", 1, r, error));
  for (const ExplainNode& n : r.nodes)
    if (n.depth == 1 && n.column == "dws.user_amount.total") CHECK(n.state == ExplainNode::State::DepthLimit);
  CHECK(r.nodes.size() == 3);

  std::string json;
  graph::WriteExplainJson(Warehouse(), r, json);
  const nlohmann::json j = nlohmann::json::parse(json);
  CHECK(j["column"] == "dws.user_td.total");
  CHECK(j["max_depth"] == 1);
  CHECK(j["nodes"][0]["derivations"][0]["file"] == "td.sql");
  CHECK(j["nodes"][0]["derivations"][0]["conditions"][0]["clause"] == "join_on");
  CHECK(j["nodes"][0]["derivations"][0]["sources"] == nlohmann::json::array({1, 2}));
  CHECK(j["nodes"][1]["state"] == "depth_limit");
}

TEST_CASE("explain: unknown names and tables are errors; a long chain neither recurses nor loops") {
  graph::ExplainResult r;
  std::string error;
  CHECK_FALSE(graph::Explain(Warehouse(), "dws.user_amount.nope", -1, r, error));
  CHECK(error ==
        "no column named 'dws.user_amount.nope' in the lineage of the scripts; dws.user_amount has currency "
        "total user_id");
  CHECK_FALSE(graph::Explain(Warehouse(), "dws.user_amount", -1, r, error));
  CHECK(error == "'dws.user_amount' is a table; explain takes a column (db.table.column)");

  std::string sql;
  constexpr int kHops = 20000;
  for (int i = 0; i < kHops; ++i)
    sql += "insert into t.c" + std::to_string(i + 1) + " select x from t.c" + std::to_string(i) + ";\n";
  const graph::Graph chain = GraphOf({{"chain.sql", sql}});
  REQUIRE(graph::Explain(chain, "t.c" + std::to_string(kHops) + ".x", -1, r, error));
  CHECK(r.nodes.size() == kHops + 1);
  std::string text;
  graph::WriteExplainText(chain, r, text);
  CHECK(text.find("(depth 20000) t.c0.x  (source") != std::string::npos);
  text.clear();
  graph::WriteExplainJson(chain, r, text);
  CHECK(nlohmann::json::parse(text)["nodes"].size() == kHops + 1);
}
