// `check sensitive`: where tagged (confidential) columns flow, and where a
// copy lands in a table allowed a lower level than the tag's (permission
// amplification).
//
// Tags start at the graph's columns that a TAGS rule matches and follow value
// edges (a column's value flowing into another), never conditions: a phone
// number in a WHERE clause decides which rows are written, not what they
// hold. On each step a masking function or shape the lineage layer saw on the
// way (graph::Graph::MaskedBy, per source) stops the tag or lowers its level, as the rules
// say (StepMasking). Every column a tag reaches is reported once per tag, at the highest
// level it arrives with, through the first path found at that level: the walk
// goes breadth-first from the highest levels down, over the sorted edges, so
// the answer is always the same.
#pragma once

#include <string>
#include <vector>

#include "checks/sensitivity_rules.h"
#include "graph/model/graph.h"

namespace hivelineage::checks {

// One edge of a tag's path, and what the masking on it did.
struct TagHop {
  const graph::Edge* edge = nullptr;  // a value edge of the graph
  int level = 0;                      // the tag's level in edge->target
  std::vector<std::string> masking;   // masking met on the edge's steps (empty: none)
};

struct TagReach {
  std::string tag;
  std::string column;  // db.table.column
  std::string table;
  int level = 0;          // the highest level the tag reaches the column with
  bool declared = false;  // a TAGS rule gives the column this tag itself
  std::string rule;       // declared: "pattern, file:line"
  std::string origin;     // the tagged column the path starts from (the column itself when the path is empty)
  std::vector<TagHop> path;
  int allowed = -1;          // the table's highest allowed level; -1: no LEVELS rule applies
  std::string allowed_rule;  // the LEVELS rule: "pattern, file:line"
  bool violation = false;    // level > allowed (never for temporary tables)
};

// Where masking stopped a tag (the first edge, per tag and target column).
struct TagStop {
  std::string tag;
  int level = 0;  // the level it had before
  const graph::Edge* edge = nullptr;
  std::vector<std::string> masking;
};

// A statement that had errors and read a table a tag reached: its lineage
// may be partial, so the tag may flow further than reported.
struct TagUncertain {
  std::string tag;
  std::string table;  // the tagged table it read
  graph::StatementId statement = 0;
};

struct SensitiveReport {
  std::vector<TagReach> reached;  // sorted by tag, then path length, then column
  std::vector<TagStop> stopped;   // sorted by tag, then target column
  std::vector<TagUncertain> uncertain;
  std::vector<std::string> unused_rules;  // TAGS rules that match no column of the graph ("pattern, file:line")
  size_t origins = 0;                     // columns the TAGS rules tag
  size_t violations = 0;
};

SensitiveReport CheckSensitive(const graph::Graph& graph, const SensitivityRules& rules);

// The masking a value step's source passes through on its way into the
// target, one name per way it arrives (rules match `md5`, `mask_*`,
// `shape:NAME`; nested masking is `inner+outer`); empty when it arrives
// unmasked some way (lineage::MaskedSource).
const std::vector<std::string>& StepMasking(const graph::Graph& graph, const graph::Step& step);

// A summary line, the amplifications with their whole paths, then every tag
// with the columns it reaches.
void WriteSensitiveText(const graph::Graph& graph, const SensitiveReport& report, std::string& out);

// {"summary": {...}, "violations": [...], "reached": [...], "stopped": [...],
//  "uncertain": [...], "unused_rules": [...]}, edges as {"source", "target",
//  "steps": [{"file", "line", "statement", "source", "target", "expression",
//  "masking"}]} (docs/checks.md).
void WriteSensitiveJson(const graph::Graph& graph, const SensitiveReport& report, std::string& out);

}  // namespace hivelineage::checks
