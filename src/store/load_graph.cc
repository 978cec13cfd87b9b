#include "store/load_graph.h"

#include <algorithm>

#include "base/strings.h"
#include "driver/analyze_script.h"
#include "lineage/catalog_json.h"

namespace hivelineage::store {
namespace {

lineage::ColumnLineage::Type ParseDependency(std::string_view s) {
  if (s == "expression") return lineage::ColumnLineage::Type::Expression;
  if (s == "script") return lineage::ColumnLineage::Type::Script;
  return lineage::ColumnLineage::Type::Simple;
}

// Rebuilds a statement's analysis result from its rows.
class StatementReader {
 public:
  explicit StatementReader(Database& db)
      : roles_(db.Prepare("SELECT r.role, t.name FROM statement_tables r JOIN tables t ON t.id = r.table_id "
                          "WHERE r.statement_id = ? ORDER BY t.name")),
        lineage_(db.Prepare(
            "SELECT l.id, c.full_name, l.expression, l.dependency, l.transform, l.masking FROM column_lineage l "
            "LEFT JOIN columns c ON c.id = l.target_id WHERE l.statement_id = ? ORDER BY l.id")),
        sources_(db.Prepare(
            "SELECT c.full_name, EXISTS (SELECT 1 FROM inferred_edges i WHERE i.lineage_id = e.lineage_id "
            "AND i.source_id = e.source_id), e.masking FROM value_edges e JOIN columns c ON c.id = e.source_id "
            "WHERE e.lineage_id = ? ORDER BY c.full_name")),
        possible_(db.Prepare(
            "SELECT reference, candidate FROM possible_sources WHERE lineage_id = ? ORDER BY reference, candidate")),
        conditions_(db.Prepare(
            "SELECT id, clause, expression, governs_all FROM conditions WHERE statement_id = ? ORDER BY id")),
        condition_columns_(
            db.Prepare("SELECT cc.role, c.full_name FROM condition_columns cc JOIN columns c ON c.id = cc.column_id "
                       "WHERE cc.condition_id = ? ORDER BY c.full_name")),
        declared_(db.Prepare("SELECT c.full_name FROM statement_columns d JOIN columns c ON c.id = d.column_id "
                             "WHERE d.statement_id = ? ORDER BY d.position")) {}

  void Read(int64_t statement_id, lineage::StatementLineage& lin) {
    roles_.Bind(1, statement_id);
    while (roles_.Step()) {
      const std::string_view role = roles_.Text(0);
      std::vector<std::string>& list = role == "input"       ? lin.inputs
                                       : role == "output"    ? lin.outputs
                                       : role == "temporary" ? lin.temporary_outputs
                                                             : lin.view_outputs;
      list.emplace_back(roles_.Text(1));
    }
    roles_.Reset();

    lineage_.Bind(1, statement_id);
    while (lineage_.Step()) {
      lineage::ColumnLineage& c = lin.columns.emplace_back();
      c.target = std::string(lineage_.Text(1));  // empty: a plain query's output, which is no column
      c.expression = std::string(lineage_.Text(2));
      c.type = ParseDependency(lineage_.Text(3));
      if (!lineage::ParseDerivation(lineage_.Text(4), c.derivation))
        throw StoreError(Cat("unknown transform '", lineage_.Text(4), "' in column_lineage"));
      c.masking = lineage_.Int(5) != 0;
      sources_.Bind(1, lineage_.Int(0));
      while (sources_.Step()) {
        c.sources.emplace_back(sources_.Text(0));
        if (sources_.Int(1) != 0) c.inferred.emplace_back(sources_.Text(0));
        // NULL: unmasked, or a row of a store before version 6, which flags masking per column only.
        if (!sources_.IsNull(2)) {
          lineage::MaskedSource& m = c.masked.emplace_back(lineage::MaskedSource{c.sources.back(), {}});
          const std::string_view ways = sources_.Text(2);
          for (size_t at = 0; at <= ways.size();) {
            const size_t end = std::min(ways.find(',', at), ways.size());
            m.masking.emplace_back(ways.substr(at, end - at));
            at = end + 1;
          }
        } else if (c.masking) {
          c.masked.push_back(lineage::MaskedSource{c.sources.back(), {"mask"}});
        }
      }
      sources_.Reset();
      possible_.Bind(1, lineage_.Int(0));
      while (possible_.Step()) {
        if (c.possible.empty() || c.possible.back().column != possible_.Text(0))
          c.possible.push_back(lineage::PossibleSource{std::string(possible_.Text(0)), {}});
        c.possible.back().candidates.emplace_back(possible_.Text(1));
      }
      possible_.Reset();
    }
    lineage_.Reset();

    conditions_.Bind(1, statement_id);
    while (conditions_.Step()) {
      lineage::PredicateLineage& p = lin.predicates.emplace_back();
      if (!lineage::ParseClause(conditions_.Text(1), p.clause))
        throw StoreError(Cat("unknown clause '", conditions_.Text(1), "' in conditions"));
      p.expression = std::string(conditions_.Text(2));
      condition_columns_.Bind(1, conditions_.Int(0));
      while (condition_columns_.Step())
        (condition_columns_.Text(0) == "read" ? p.sources : p.targets).emplace_back(condition_columns_.Text(1));
      condition_columns_.Reset();
      p.governs_all = conditions_.Int(3) != 0;
    }
    conditions_.Reset();

    declared_.Bind(1, statement_id);
    while (declared_.Step()) lin.declared_columns.emplace_back(declared_.Text(0));
    declared_.Reset();
  }

 private:
  Statement roles_, lineage_, sources_, possible_, conditions_, condition_columns_, declared_;
};

}  // namespace

graph::Graph LoadGraph(Database& db, const graph::BuildOptions& options) {
  graph::GraphBuilder builder(options);
  {
    Statement marks = db.Prepare("SELECT name, kind FROM catalog_marks ORDER BY name, kind");
    while (marks.Step())
      builder.SetTableKind(std::string(marks.Text(0)),
                           marks.Text(1) == "view" ? graph::TableKind::View : graph::TableKind::Temporary);
  }
  {
    // The catalog files first, then each script's declarations in run order.
    Statement declared = db.Prepare(
        "SELECT d.definition FROM declared_tables d LEFT JOIN scripts s ON s.id = d.script_id "
        "WHERE d.definition IS NOT NULL ORDER BY d.script_id IS NOT NULL, s.position, d.id");
    while (declared.Step()) {
      lineage::CatalogTable t;
      if (!lineage::CatalogTableFromJson(nlohmann::json::parse(declared.Text(0), nullptr, false), t))
        throw StoreError("unreadable declared table definition");
      builder.Declare(t);
    }
  }
  {
    Statement scripts = db.Prepare("SELECT path, modified_at FROM scripts ORDER BY position");
    while (scripts.Step()) builder.SetModifiedAt(std::string(scripts.Text(0)), std::string(scripts.Text(1)));
  }
  StatementReader reader(db);
  Statement statements = db.Prepare(
      "SELECT st.id, sc.path, st.idx, st.kind, st.line, st.col, st.begin_offset, st.end_offset, st.database, "
      "st.has_error, st.sql FROM statements st JOIN scripts sc ON sc.id = st.script_id "
      "ORDER BY sc.position, st.idx");
  while (statements.Step()) {
    driver::StatementResult st;
    st.index = static_cast<uint32_t>(statements.Int(2));
    if (!ParseStatementKind(statements.Text(3), st.kind))
      throw StoreError(Cat("unknown statement kind '", statements.Text(3), "' in statements"));
    st.start = LineCol{static_cast<int>(statements.Int(4)), static_cast<int>(statements.Int(5))};
    st.span = Span{static_cast<uint32_t>(statements.Int(6)), static_cast<uint32_t>(statements.Int(7))};
    st.database = std::string(statements.Text(8));
    st.parsed = true;
    if (statements.Int(9) != 0)
      st.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, "(stored)", DiagnosticCode::StoredError});
    reader.Read(statements.Int(0), st.lineage);
    const std::string file(statements.Text(1));
    builder.AddStatement(file, st.Facts(), statements.Text(10));  // marks its temporary tables and views
  }
  return builder.Finish();
}

}  // namespace hivelineage::store
