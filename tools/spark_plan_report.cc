// spark_plan_report: which agreements with Spark's analyzed plans hivelineage
// settles on its own, and which only Spark's catalog or the suite's settings
// could settle.
//
//   spark_plan_report SPLIT --details DETAILS.jsonl [--catalog SUITE.sql] [--json OUT] [--dialect spark]
//
// DETAILS is what ../shared/tools/spark_plan_oracle.py writes with --details
// (one line per valid statement: Spark's facts, whether hivelineage agreed on
// each measure); SUITE.sql the suite's tables it gave hivelineage (its --work
// folder's suite-tables.sql). The oracle counts every agreement alike. This
// tool prints the same figures, then splits each measure's agreements into
// settled and guessed, and its differences into hivelineage's own and those
// that need what the run did not have:
//   catalog   hivelineage warned that what it gave rests on a schema it did
//             not have ('*' over a table of unknown schema, a column that
//             could be in several tables, an unresolved column, a name known
//             only at run time): an agreement there is a guess that came
//             right, not a proof, so it is not counted as settled;
//   settings  (differences only) the file runs in Spark's suite with settings the oracle's run
//             does not pass (files.jsonl `settings`: time zone, timestamp
//             type, legacy and parser flags; files under timestampNTZ/ run
//             with spark.sql.timestampType=TIMESTAMP_NTZ). Settings that only
//             steer execution (codegen, joins, the optimizer) do not count. To find the warnings it analyses each
// file's statements again as the oracle laid them out (one script per file,
// the statements joined by ";\n") with the library, and pairs records with
// statements by where their spans begin, as the oracle does.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "hivelineage/hivelineage.hpp"
#include "nlohmann/json.hpp"
#include "spark_corpus.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The measures of the oracle, with the category each one counts and the
// agreement flag of its details records.
struct Measure {
  const char* name;   // as printed and as the --json key
  const char* flag;   // details "agree" key
  bool query_only;    // output names: queries only
  bool writing_only;  // target, target cols: INSERT, CTAS, views
};
constexpr Measure kMeasures[] = {
    {"tables_direct", "tables_direct", false, false},
    {"names_exact", "names_exact", true, false},
    {"target", "target", false, true},
    {"target_cols", "target_cols", false, true},
};

bool IsWriting(const std::string& category) {
  return category == "insert" || category == "insert_overwrite" || category == "ctas" || category == "create_view";
}
bool IsPlanCategory(const std::string& category) { return category == "query" || IsWriting(category); }

// Warning codes (docs/diagnostics.md) that say the answer rests on a schema
// or a name hivelineage did not have.
const std::set<std::string>& CatalogCodes() {
  static const std::set<std::string> codes = {"star-over-unknown-table", "possible-column", "unresolved-column",
                                              "unresolved-star", "name-not-constant",
                                              "merge-target-columns-unknown"};
  return codes;
}

// A suite setting that changes only how Spark executes a query, not what its
// analyzer names or reads.
bool ExecutionOnly(std::string_view key) {
  static constexpr std::string_view kPrefixes[] = {
      "spark.sql.codegen.",           "spark.sql.autoBroadcastJoinThreshold", "spark.sql.join.",
      "spark.sql.optimizeNullAwareAntiJoin", "spark.sql.optimizer.",      "spark.sql.adaptive.",
      "spark.sql.cbo.",               "spark.sql.maxMetadataStringLength",  "spark.sql.leafNodeDefaultParallelism",
      "spark.sql.subexpressionElimination.", "spark.sql.cteRecursionLevelLimit", "spark.sql.cteRecursionRowLimit",
      "spark.sql.analyzer.singlePassResolver.", "spark.sql.binaryOutputStyle",
  };
  for (std::string_view p : kPrefixes)
    if (key.substr(0, p.size()) == p) return true;
  return false;
}

// The settings of `file` the oracle's run withholds and that can change the
// plan's names or reads, "k=v" each; empty when none.
std::vector<std::string> WithheldSettings(const std::string& file, const hivelineage::corpus::Settings& settings) {
  std::vector<std::string> out;
  for (const auto& [key, value] : settings)
    if (!ExecutionOnly(key)) out.push_back(key + "=" + value);
  // SQLQueryTestSuite runs the files of this folder with TIMESTAMP_NTZ as the
  // default timestamp type (not written in the file).
  if (file.rfind("timestampNTZ/", 0) == 0) out.push_back("spark.sql.timestampType=TIMESTAMP_NTZ");
  return out;
}

struct Statement {
  json record;                  // the details line
  std::set<std::string> codes;  // warning codes of hivelineage's record(s)
};

// One measure's statements. An agreement is settled (hivelineage had what
// it needed) or a guess (catalog); a disagreement is hivelineage's own,
// or needs the catalog, or else the withheld settings.
struct Tally {
  long plans = 0, compared = 0, ok = 0;
  long ok_settled = 0, ok_catalog = 0;
  long bad_own = 0, bad_catalog = 0, bad_settings = 0;
};

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Analyses the file's statements as the oracle's script and fills each
// statement's warning codes.
void FindCodes(const hivelineage::Analyzer& analyzer, const std::string& file, std::vector<Statement>& stmts) {
  std::string script;
  std::vector<uint32_t> starts;
  for (const Statement& s : stmts) {
    const std::string sql = s.record.value("sql", "");
    starts.push_back(static_cast<uint32_t>(script.size()));
    const size_t nl = sql.rfind('\n');
    const std::string_view last = nl == std::string::npos ? std::string_view(sql) : std::string_view(sql).substr(nl + 1);
    script += sql;
    script += last.find("--") != std::string_view::npos ? "\n;\n" : ";\n";
  }
  const hivelineage::Script result = analyzer.Analyze(script, file);
  for (const hivelineage::Statement& st : result.statements) {
    const auto it = std::upper_bound(starts.begin(), starts.end(), st.begin);
    const size_t i = it == starts.begin() ? 0 : static_cast<size_t>(it - starts.begin()) - 1;
    for (const hivelineage::Message& m : st.messages) stmts[i].codes.insert(m.code);
  }
}

double Pct(long n, long of) { return of == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(of); }

int Usage() {
  std::fprintf(stderr,
               "usage: spark_plan_report SPLIT --details DETAILS.jsonl [--catalog SUITE.sql] [--json OUT]\n"
               "  DETAILS: spark_plan_oracle.py --details; SUITE.sql: the suite tables it gave hivelineage\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string split, details, catalog, json_out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    std::string* target = a == "--details" ? &details : a == "--catalog" ? &catalog : a == "--json" ? &json_out : nullptr;
    if (target != nullptr && i + 1 < argc) {
      *target = argv[++i];
    } else if (!a.empty() && a[0] != '-' && split.empty()) {
      split = a;
    } else {
      return Usage();
    }
  }
  if (split.empty() || details.empty()) return Usage();
  std::ifstream in(details);
  if (!in) {
    std::fprintf(stderr, "spark_plan_report: cannot read %s\n", details.c_str());
    return 2;
  }

  // The statements of each file, in the oracle's order.
  std::map<std::string, std::vector<Statement>> files;
  std::vector<std::string> order;
  std::string line;
  long lines = 0;
  while (std::getline(in, line)) {
    json r = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!r.is_object() || !r.contains("file")) {
      std::fprintf(stderr, "spark_plan_report: %s:%ld: not a details record\n", details.c_str(), lines + 1);
      return 2;
    }
    ++lines;
    const std::string file = r["file"].get<std::string>();
    if (!files.count(file)) order.push_back(file);
    files[file].push_back(Statement{std::move(r), {}});
  }
  if (lines == 0) {
    std::fprintf(stderr, "spark_plan_report: %s has no records\n", details.c_str());
    return 2;
  }

  hivelineage::Options options;
  options.dialect = hivelineage::SqlDialect::Spark;
  if (!catalog.empty()) options.catalog_ddl.push_back(ReadFile(catalog));
  const hivelineage::Analyzer analyzer(options);
  const auto settings = hivelineage::corpus::SparkFileSettings(split);

  std::map<std::string, Tally> tallies;
  std::map<std::string, long> catalog_files, settings_files;  // compared statements of each class, by file
  for (const std::string& file : order) {
    std::vector<Statement>& stmts = files[file];
    FindCodes(analyzer, file, stmts);
    const auto it = settings.find(file);
    const bool withheld = !WithheldSettings(file, it == settings.end() ? hivelineage::corpus::Settings{} : it->second).empty();
    for (const Statement& s : stmts) {
      const json& facts = s.record.value("facts", json::object());
      const std::string category = facts.value("category", "");
      if (!IsPlanCategory(category)) continue;
      const bool compared = s.record.value("status", "") == "compared";
      bool by_catalog = false;
      for (const std::string& c : s.codes) by_catalog |= CatalogCodes().count(c) > 0;
      const json agree = s.record.value("agree", json::object());
      bool differs = false;
      for (const auto& [key, flag] : agree.items()) differs |= flag.is_boolean() && !flag.get<bool>() && key != "tables_base" && key != "names_auto";
      if (compared && by_catalog) ++catalog_files[file];
      if (compared && differs && !by_catalog && withheld) ++settings_files[file];
      for (const Measure& m : kMeasures) {
        if (m.query_only && category != "query") continue;
        if (m.writing_only && !IsWriting(category)) continue;
        Tally& t = tallies[m.name];
        ++t.plans;
        if (!compared || !agree.contains(m.flag)) continue;
        ++t.compared;
        const bool ok = agree[m.flag].is_boolean() && agree[m.flag].get<bool>();
        t.ok += ok;
        if (ok) {
          t.ok_catalog += by_catalog, t.ok_settled += !by_catalog;
        } else {
          t.bad_catalog += by_catalog, t.bad_settings += !by_catalog && withheld, t.bad_own += !by_catalog && !withheld;
        }
      }
    }
  }

  std::printf("spark_plan_report: %ld statements of %zu files (%s)\n\n", lines, order.size(), details.c_str());
  std::printf("%-14s %6s %8s %16s %8s   %-22s %8s   %s\n", "measure", "plans", "compared", "agree", "of all",
              "agree: settled / guess", "settled", "differ: own / catalog / settings");
  json out = json::object();
  for (const Measure& m : kMeasures) {
    const Tally& t = tallies[m.name];
    char agree[64], ok_split[64], bad_split[64];
    std::snprintf(agree, sizeof agree, "%ld %6.2f%%", t.ok, Pct(t.ok, t.compared));
    std::snprintf(ok_split, sizeof ok_split, "%ld / %ld", t.ok_settled, t.ok_catalog);
    std::snprintf(bad_split, sizeof bad_split, "%ld / %ld / %ld", t.bad_own, t.bad_catalog, t.bad_settings);
    std::printf("%-14s %6ld %8ld %16s %7.2f%%   %-22s %7.2f%%   %s\n", m.name, t.plans, t.compared, agree,
                Pct(t.ok, t.plans), ok_split, Pct(t.ok_settled, t.plans), bad_split);
    out[m.name] = {{"plans", t.plans},       {"compared", t.compared},       {"ok", t.ok},
                   {"ok_settled", t.ok_settled}, {"ok_catalog", t.ok_catalog}, {"bad_own", t.bad_own},
                   {"bad_catalog", t.bad_catalog}, {"bad_settings", t.bad_settings}};
  }
  std::printf(
      "\n'agree' and 'of all' are the oracle's figures. A 'guess' is an agreement where hivelineage warned that its\n"
      "answer rests on a schema or a name it did not have: only Spark's catalog settles it, so 'settled' (of all\n"
      "plans) leaves it out. A difference is hivelineage's 'own', or needs Spark's 'catalog' (the same warning), or\n"
      "else comes from a file run with suite 'settings' the oracle does not pass.\n");
  auto print_files = [](const char* title, const std::map<std::string, long>& by_file) {
    std::vector<std::pair<long, std::string>> rows;
    for (const auto& [f, n] : by_file) rows.emplace_back(-n, f);
    std::sort(rows.begin(), rows.end());
    std::printf("\n%s (compared statements):\n", title);
    for (size_t i = 0; i < rows.size() && i < 10; ++i) std::printf("  %5ld  %s\n", -rows[i].first, rows[i].second.c_str());
  };
  print_files("resting on a schema or name only Spark's catalog has (agreeing or not), by file", catalog_files);
  print_files("differing in files run with settings the oracle withholds, by file", settings_files);
  if (!json_out.empty()) {
    std::ofstream o(json_out);
    o << out.dump(2) << "\n";
    if (!o) {
      std::fprintf(stderr, "spark_plan_report: cannot write %s\n", json_out.c_str());
      return 2;
    }
  }
  return 0;
}
