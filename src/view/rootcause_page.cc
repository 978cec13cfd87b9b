#include "view/rootcause_page.h"

#include <set>

#include "base/strings.h"
#include "view/page.h"
#include "view/page_data.h"

namespace hivelineage::view {

void WriteRootCausePage(const graph::Graph& graph, const checks::RootCauseReport& report, const std::string& title,
                        std::string& out) {
  Focus focus;
  focus.start = report.name;
  std::set<std::string> tables, highlighted;
  auto table_of = [&](const std::string& column) -> std::string {
    const std::optional<graph::ColumnId> id = graph.FindColumn(column);
    return id ? graph.tables[graph.columns[*id].table].name : std::string();
  };
  tables.insert(report.is_table ? report.name : table_of(report.name));
  for (const checks::Suspect& s : report.suspects) {
    tables.insert(s.table);
    if (s.table != focus.start && highlighted.insert(s.table).second) focus.highlight.push_back(s.table);
    for (const graph::Link& l : s.path) {
      for (const std::string& column : {l.source, l.target}) {
        const std::string t = table_of(column);
        if (!t.empty()) tables.insert(t);
        if (column != focus.start && highlighted.insert(column).second) focus.highlight.push_back(column);
      }
    }
  }
  focus.direction = "upstream";
  std::string first;  // the first suspect upstream (NAME's own table is where the check failed)
  for (const checks::Suspect& s : report.suspects)
    if (s.distance > 0) {
      first = Cat(", first suspect upstream ", s.table);
      break;
    }
  focus.title =
      Cat("root cause of ", report.name, report.partition.empty() ? "" : Cat(" (", report.partition, ")"), first);
  std::string data;
  WritePageData(graph, PageData{Cat(title, ": ", focus.title), focus, &tables}, data);
  WritePage(data, out);
}

}  // namespace hivelineage::view
