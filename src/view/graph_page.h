// The pages the commands write with --format html: the whole lineage graph,
// or an impact or explain answer opened on its start node (a Focus, page_data.h).
#pragma once

#include <string>
#include <vector>

#include "graph/model/graph.h"
#include "graph/queries/explain.h"
#include "graph/queries/impact.h"

namespace hivelineage::view {

// "lineage of a.sql, etl/" (at most a few inputs named, then how many more),
// "lineage of nightly.txt" for a --sequence, "lineage in lineage.db" for a --store.
std::string InputsTitle(const std::vector<std::string>& paths, const std::string& sequence, const std::string& store);

// `hivelineage graph --format html`: every table and edge of `graph`.
void WriteGraphPage(const graph::Graph& graph, const std::string& title, std::string& out);

// `hivelineage impact --format html`: the tables the answer reaches (and the
// start's), with the start selected and what it reached highlighted.
void WriteImpactPage(const graph::Graph& graph, const graph::ImpactResult& result, const std::string& title,
                     std::string& out);

// `hivelineage explain --format html`: the tables of the columns the
// explanation names (its conditions' included), with the column selected and
// the columns it is made of (and their tables) highlighted upstream.
void WriteExplainPage(const graph::Graph& graph, const graph::ExplainResult& result, const std::string& title,
                      std::string& out);

}  // namespace hivelineage::view
