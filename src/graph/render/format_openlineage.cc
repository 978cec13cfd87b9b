// --format openlineage: one OpenLineage RunEvent (COMPLETE) per statement
// that reads or writes a table, one JSON object per line, with the SQL job
// facet, the schema facet on every dataset whose columns are declared, and,
// on each written dataset, the columnLineage facet. Jobs are named by script
// and written tables (JobName), runs by job and event time (StableRunId).
//
// Value sources are DIRECT inputFields with the written column's subtype
// (its lineage::Derivation, and its masking flag); condition columns are
// INDIRECT, with the subtype of their clause (FILTER, JOIN, GROUP_BY,
// WINDOW, SORT, see transform.h): on the dataset when the condition governs
// every written column of it (the usual case), else on the fields it governs.
#include <map>
#include <set>
#include <tuple>

#include "base/md5.h"
#include "base/strings.h"
#include "graph/render/formats.h"
#include "graph/render/subtype.h"
#include "nlohmann/json.hpp"
#include "sync/system_name.h"

namespace hivelineage::graph {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kEventSchema[] = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent";
constexpr char kColumnLineageSchema[] =
    "https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet";
constexpr char kSqlSchema[] = "https://openlineage.io/spec/facets/1-1-0/SQLJobFacet.json#/$defs/SQLJobFacet";
constexpr char kSchemaSchema[] =
    "https://openlineage.io/spec/facets/1-2-0/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet";

// The eventTime of a script with no modification time (standard input) and no
// --event-time: fixed, so that the same input gives the same output.
constexpr char kNoTime[] = "1970-01-01T00:00:00Z";

struct DatasetName {
  std::string ns;
  std::string name;
};

// `db.table` in the Hive namespace; `directory:PATH` by its URI scheme
// (hdfs://nn:8020/x is namespace hdfs://nn:8020, name /x; a bare path is a file).
DatasetName Dataset(const std::string& table, const OpenLineageOptions& o) {
  constexpr std::string_view kDir = "directory:";
  // A table of another system (a sync job's side, sync/system_name.h): the
  // system is the namespace, as OpenLineage's naming does it.
  if (const std::string_view system = sync::SystemOf(table); !system.empty())
    return {std::string(system), std::string(sync::LocalOf(table))};
  if (!table.starts_with(kDir)) return {o.dataset_namespace, table};
  const std::string path = table.substr(kDir.size());
  const size_t scheme = path.find("://");
  if (scheme != std::string::npos && scheme > 0) {
    const size_t slash = path.find('/', scheme + 3);
    if (slash != std::string::npos) return {path.substr(0, slash), path.substr(slash)};
    return {path, "/"};
  }
  return {"file", path};
}

// One input field's transformations, merged across sources of the same column.
using FieldKey = std::tuple<std::string, std::string, std::string>;  // namespace, dataset, field
struct Transformation {
  bool direct = true;
  Subtype subtype = Subtype::Identity;
  std::string description;
  bool masking = false;
  auto Key() const { return std::tie(direct, subtype, description, masking); }
  bool operator<(const Transformation& o) const { return Key() < o.Key(); }
};
using InputFields = std::map<FieldKey, std::set<Transformation>>;

Json InputFieldsJson(const InputFields& fields) {
  Json arr = Json::array();
  for (const auto& [key, ts] : fields) {
    Json f;
    f["namespace"] = std::get<0>(key);
    f["name"] = std::get<1>(key);
    f["field"] = std::get<2>(key);
    Json tr = Json::array();
    for (const Transformation& t : ts) {
      Json j;
      j["type"] = t.direct ? "DIRECT" : "INDIRECT";
      j["subtype"] = SubtypeName(t.subtype);
      j["description"] = t.description;
      j["masking"] = t.masking;
      tr.push_back(std::move(j));
    }
    f["transformations"] = std::move(tr);
    arr.push_back(std::move(f));
  }
  return arr;
}

// The dataset and field of a column node.
FieldKey Field(const Graph& g, ColumnId c, const OpenLineageOptions& o) {
  const DatasetName d = Dataset(g.tables[g.columns[c].table].name, o);
  return FieldKey{d.ns, d.name, std::string(g.columns[c].short_name())};
}

// The value edges and conditions of each statement.
struct ByStatement {
  std::vector<std::vector<uint32_t>> edges;
  std::vector<std::vector<uint32_t>> conditions;
  explicit ByStatement(const Graph& g) : edges(g.statements.size()), conditions(g.statements.size()) {
    for (uint32_t i = 0; i < g.edges.size(); ++i) edges[g.edges[i].statement()].push_back(i);
    for (uint32_t i = 0; i < g.conditions.size(); ++i) conditions[g.conditions[i].statement].push_back(i);
  }
};

// The dataset `table`, with the schema facet when its columns are declared.
Json DatasetJson(const Graph& g, const std::string& table, const OpenLineageOptions& o, const std::string& producer) {
  const DatasetName d = Dataset(table, o);
  Json ds{{"namespace", d.ns}, {"name", d.name}};
  auto it = g.declared.find(table);
  if (it == g.declared.end() || (it->second.columns.empty() && it->second.partition_columns.empty())) return ds;
  Json fields = Json::array();
  for (const auto* list : {&it->second.columns, &it->second.partition_columns})
    for (const lineage::CatalogColumn& c : *list) {
      Json f{{"name", c.name}};
      if (!c.type.empty()) f["type"] = c.type;
      fields.push_back(std::move(f));
    }
  Json facet;
  facet["_producer"] = producer;
  facet["_schemaURL"] = kSchemaSchema;
  facet["fields"] = std::move(fields);
  ds["facets"] = Json{{"schema", std::move(facet)}};
  return ds;
}

Json Event(const Graph& g, StatementId id, const std::string& job_name, const ByStatement& by,
           const OpenLineageOptions& o, const std::string& producer) {
  const StatementInfo& st = g.statements[id];
  // Per output: field -> input fields, and the dataset-wide ones.
  struct Output {
    std::map<std::string, InputFields> fields;
    InputFields dataset;
  };
  std::map<std::string, Output> outputs;
  for (TableId t : st.outputs) outputs[g.tables[t].name];
  auto output_of = [&](ColumnId c) -> Output& { return outputs[g.tables[g.columns[c].table].name]; };

  for (const WrittenColumn& w : st.written) output_of(w.column).fields[std::string(g.columns[w.column].short_name())];
  for (uint32_t i : by.edges[id]) {
    const Edge& e = g.edges[i];
    const WrittenColumn& w = g.Written(e.steps.back());
    output_of(e.target).fields[std::string(g.columns[e.target].short_name())][Field(g, e.source, o)].insert(
        Transformation{true, ProjectionSubtype(g.EdgeDerivation(e)), w.expression, g.Masking(e)});
  }
  for (uint32_t i : by.conditions[id]) {
    const Condition& k = g.conditions[i];
    const Transformation t{false, PredicateSubtype(k.clause), k.expression, false};
    // The written columns it governs, by output table.
    std::map<std::string, std::set<std::string>> governed;
    for (ColumnId c : g.Targets(k))
      governed[g.tables[g.columns[c].table].name].insert(std::string(g.columns[c].short_name()));
    for (auto& [table, columns] : governed) {
      Output& out = outputs[table];
      bool all = true;
      for (const auto& [field, unused] : out.fields) all = all && columns.contains(field);
      for (ColumnId c : k.columns) {
        const FieldKey key = Field(g, c, o);
        if (all) {
          out.dataset[key].insert(t);
        } else {
          for (const std::string& f : columns) out.fields[f][key].insert(t);
        }
      }
    }
  }

  std::string event_time = o.event_time;
  if (event_time.empty()) {
    auto t = g.modified_at.find(st.file);
    event_time = t != g.modified_at.end() && !t->second.empty() ? t->second : kNoTime;
  }
  Json ev;
  ev["eventType"] = "COMPLETE";
  ev["eventTime"] = event_time;
  ev["producer"] = producer;
  ev["schemaURL"] = kEventSchema;
  ev["run"] = Json{{"runId", StableRunId(o.job_namespace, job_name, event_time)}};
  Json job;
  job["namespace"] = o.job_namespace;
  job["name"] = job_name;
  if (!st.sql.empty()) {
    Json sql;
    sql["_producer"] = producer;
    sql["_schemaURL"] = kSqlSchema;
    sql["query"] = st.sql;
    sql["dialect"] = "hive";
    job["facets"] = Json{{"sql", std::move(sql)}};
  }
  ev["job"] = std::move(job);
  Json inputs = Json::array();
  for (TableId t : st.inputs) inputs.push_back(DatasetJson(g, g.tables[t].name, o, producer));
  ev["inputs"] = std::move(inputs);
  Json outs = Json::array();
  for (const auto& [table, out] : outputs) {
    Json ds = DatasetJson(g, table, o, producer);
    if (!out.fields.empty() || !out.dataset.empty()) {
      Json facet;
      facet["_producer"] = producer;
      facet["_schemaURL"] = kColumnLineageSchema;
      Json fields = Json::object();
      for (const auto& [name, in] : out.fields) fields[name] = Json{{"inputFields", InputFieldsJson(in)}};
      facet["fields"] = std::move(fields);
      if (!out.dataset.empty()) facet["dataset"] = InputFieldsJson(out.dataset);
      ds["facets"]["columnLineage"] = std::move(facet);
    }
    outs.push_back(std::move(ds));
  }
  ev["outputs"] = std::move(outs);
  return ev;
}

}  // namespace

std::string JobName(std::string_view file, const std::vector<std::string>& outputs, int occurrence) {
  std::string name = Cat(file, ":");
  for (size_t i = 0; i < outputs.size(); ++i) Append(name, i ? "," : "", outputs[i]);
  if (outputs.empty()) name += "query";
  if (occurrence > 1) Append(name, "#", occurrence);
  return name;
}

std::string StableRunId(std::string_view job_namespace, std::string_view job, std::string_view event_time) {
  std::string hex = output::Md5Hex(Cat("hivelineage\n", job_namespace, "\n", job, "\n", event_time));
  hex[12] = '3';  // version 3: name based, MD5
  static constexpr char kVariant[] = "89ab";
  const char c = hex[16];
  const int nibble = c >= 'a' ? c - 'a' + 10 : c - '0';
  hex[16] = kVariant[nibble & 3];  // RFC 4122 variant
  return Cat(hex.substr(0, 8), "-", hex.substr(8, 4), "-", hex.substr(12, 4), "-", hex.substr(16, 4), "-",
             hex.substr(20));
}

bool IsRfc3339DateTime(std::string_view s) {
  auto digits = [&](size_t at, size_t n) {
    if (at + n > s.size()) return false;
    for (size_t i = at; i < at + n; ++i)
      if (s[i] < '0' || s[i] > '9') return false;
    return true;
  };
  // YYYY-MM-DDTHH:MM:SS
  if (!digits(0, 4) || s.size() < 20 || s[4] != '-' || !digits(5, 2) || s[7] != '-' || !digits(8, 2) ||
      (s[10] != 'T' && s[10] != 't') || !digits(11, 2) || s[13] != ':' || !digits(14, 2) || s[16] != ':' ||
      !digits(17, 2))
    return false;
  const int month = (s[5] - '0') * 10 + (s[6] - '0');
  const int day = (s[8] - '0') * 10 + (s[9] - '0');
  const int hour = (s[11] - '0') * 10 + (s[12] - '0');
  const int minute = (s[14] - '0') * 10 + (s[15] - '0');
  const int second = (s[17] - '0') * 10 + (s[18] - '0');
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return false;
  size_t i = 19;
  if (s[i] == '.') {
    size_t j = i + 1;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    if (j == i + 1) return false;
    i = j;
  }
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) return i + 1 == s.size();
  if (i < s.size() && (s[i] == '+' || s[i] == '-'))
    return i + 6 == s.size() && digits(i + 1, 2) && s[i + 3] == ':' && digits(i + 4, 2) &&
           (s[i + 1] - '0') * 10 + (s[i + 2] - '0') <= 23 && (s[i + 4] - '0') * 10 + (s[i + 5] - '0') <= 59;
  return false;
}

void WriteOpenLineage(const Graph& graph, const OpenLineageOptions& options, std::string& out, const Flush& flush) {
  const std::string producer =
      options.producer.empty() ? Cat("urn:hivelineage:", HIVELINEAGE_VERSION) : options.producer;
  const ByStatement by(graph);
  // Statements of one script writing the same tables: the second is job "...#2".
  std::map<std::string, int> occurrences;
  std::vector<std::string> outputs;
  for (StatementId id = 0; id < graph.statements.size(); ++id) {
    const StatementInfo& st = graph.statements[id];
    outputs.clear();
    for (TableId t : st.outputs) outputs.push_back(graph.tables[t].name);
    const std::string job = JobName(st.file, outputs, ++occurrences[JobName(st.file, outputs, 1)]);
    out += Event(graph, id, job, by, options, producer).dump(-1, ' ', false, Json::error_handler_t::replace);
    out += '\n';
    MaybeFlush(out, flush);
  }
}

}  // namespace hivelineage::graph
