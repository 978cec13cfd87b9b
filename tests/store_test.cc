// The SQLite store (`hivelineage store update`, `--store DB`), end to end on
// real databases in a temporary folder: a store answers as the scripts do,
// incremental updates answer as a store built from scratch (also when one
// script's DDL changes what another reads), an update killed midway leaves
// the previous state whole, and older stores are migrated.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "base/strings.h"
#include "driver/gather.h"
#include "driver/load_graph.h"
#include "graph/model/builder.h"
#include "graph/queries/graph_source.h"
#include "query_answers.h"
#include "shell_run.h"
#include "store/facts_codec.h"
#include "store/schema.h"
#include "store/sqlite.h"
#include "store/store_source.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using testing::ShellQuote;

fs::path Scratch() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_store_test_");
  return dir;
}

testing::ShellRun Cli(const std::string& args, const fs::path& dir) { return testing::RunCli(args, dir, Scratch()); }

std::string Q(const fs::path& p) { return ShellQuote(p.string()); }

// A small warehouse whose scripts depend on each other: DDL scripts declare
// ods and dwd tables, loads read them (through SELECT * too, which needs the
// declared columns), a staging script goes through a temporary table, a view
// is declared and read. Deterministic for a seed; Mutate() changes it the way
// a team does (a column added to a DDL, a load rewritten, a script added,
// removed, or a statement inserted at the top).
class Warehouse {
 public:
  explicit Warehouse(fs::path root, unsigned seed) : root_(std::move(root)), rng_(seed) {
    for (int i = 0; i < 4; ++i) columns_["ods.src" + std::to_string(i)] = RandomColumns();
    for (int i = 0; i < 3; ++i) columns_["dwd.t" + std::to_string(i)] = RandomColumns();
    for (const auto& [table, cols] : columns_) files_["ddl/" + table + ".sql"] = Ddl(table, cols);
    for (int i = 0; i < 3; ++i) files_["etl/dwd_t" + std::to_string(i) + ".sql"] = Load(i);
    files_["etl/dws_stage.sql"] =
        "CREATE TEMPORARY TABLE tmp_stage AS SELECT id, c1 FROM dwd.t0 WHERE dt = '${etl_date}';\n"
        "INSERT OVERWRITE TABLE dws.stage SELECT t.id, count(t.c1) AS n FROM tmp_stage t GROUP BY t.id;\n";
    files_["etl/view.sql"] = "CREATE VIEW IF NOT EXISTS dws.v_t1 AS SELECT * FROM dwd.t1;\n";
    files_["etl/read_view.sql"] = "INSERT OVERWRITE TABLE ads.report SELECT v.* FROM dws.v_t1 v;\n";
    // Declares ods.src0 again, IF NOT EXISTS: in a sequence the first declaration wins.
    files_["ddl/zz_again.sql"] = Ddl("ods.src0", {"id", "again"}, true);
    Write();
  }

  const fs::path& root() const { return root_; }

  // Writes the files and the sequence list (DDL first, then loads, in name order).
  void Write() {
    fs::remove_all(root_ / "wh");
    std::string sequence;
    for (const char* folder : {"ddl/", "etl/"})
      for (const auto& [name, text] : files_)
        if (name.starts_with(folder)) sequence += "wh/" + name + "\n";
    for (const auto& [name, text] : files_) testing::WriteFile(root_ / "wh", name, text);
    testing::WriteFile(root_, "sequence.txt", sequence);
  }

  // One change; returns what it did, for the failure message.
  std::string Mutate() {
    std::vector<std::string> names;
    for (const auto& [name, text] : files_) names.push_back(name);
    const std::string pick = names[Pick(names.size())];
    switch (Pick(9)) {
      case 0: {  // a column added to or removed from a DDL
        if (!pick.starts_with("ddl/") || pick == "ddl/zz_again.sql") break;
        const std::string table = pick.substr(4, pick.size() - 8);
        std::vector<std::string>& cols = columns_[table];
        if (cols.size() > 2 && Pick(2) == 0)
          cols.pop_back();
        else
          cols.push_back(Cat("c", 10 + Pick(20)));
        files_[pick] = Ddl(table, cols);
        return "columns of " + table;
      }
      case 1:  // a load rewritten
        if (!pick.starts_with("etl/dwd_t")) break;
        files_[pick] = Load(pick[9] - '0');
        return "load " + pick;
      case 2: {  // a statement inserted at the top
        files_[pick] = "SET hive.exec.parallel=true;\nINSERT INTO TABLE ads.audit SELECT count(*) AS n FROM " +
                       RandomSource() + ";\n" + files_[pick];
        return "statement above in " + pick;
      }
      case 3:  // a script removed (never the last DDL of a table the others need... any will do)
        if (files_.size() <= 6) break;
        files_.erase(pick);
        return "removed " + pick;
      case 4: {  // a script added
        const std::string name = "etl/extra_" + std::to_string(next_++) + ".sql";
        files_[name] = "INSERT OVERWRITE TABLE dws.extra SELECT s.id, s.c1 FROM " + RandomSource() +
                       " s JOIN dwd.t2 d ON s.id = d.id WHERE d.dt = '${etl_date}';\n";
        return "added " + name;
      }
      case 5:  // a table dropped and declared again by a script of its own
        files_["ddl/zz_drop.sql"] = "DROP TABLE IF EXISTS dwd.t1;\n" + Ddl("dwd.t1", RandomColumns());
        return "dwd.t1 declared again";
      case 6: {  // a join of raw tables declared nowhere, or one table's columns named: the learned schema settles the bare columns
        const std::string name = "etl/raw_" + std::to_string(next_++) + ".sql";
        const std::string a = Cat("raw.r", Pick(4)), b = Cat("raw.r", Pick(4)), col = Cat("v", Pick(4));
        files_[name] = Pick(2) == 0 ? "INSERT OVERWRITE TABLE ads.raw_" + name.substr(8, name.size() - 12) +
                                          " SELECT x.k, " + col + " FROM " + a + " x JOIN " + b + " y ON x.k = y.k;\n"
                                    : "INSERT OVERWRITE TABLE ads.raw_" + name.substr(8, name.size() - 12) +
                                          " SELECT r.k, r." + col + " FROM " + a + " r;\n";
        return "added " + name + ": " + files_[name];
      }
      case 7: {  // a raw table declared (its columns now closed) or its declaration removed
        const std::string table = Cat("raw.r", Pick(4));
        const std::string name = "ddl/" + table + ".sql";
        if (files_.erase(name) == 0) files_[name] = "CREATE TABLE " + table + " (k bigint, v" + std::to_string(Pick(4)) + " string);\n";
        return "declaration of " + table;
      }
      case 8: {  // a table declared LIKE another, and read
        const std::string name = "ddl/like_" + std::to_string(next_++) + ".sql";
        const std::string table = "dwd.like_" + name.substr(9, name.size() - 13);
        files_[name] = "CREATE TABLE IF NOT EXISTS " + table + " LIKE " + (Pick(2) ? RandomSource() : Cat("raw.r", Pick(4))) +
                       ";\nINSERT OVERWRITE TABLE ads.from_like SELECT * FROM " + table + ";\n";
        return "added " + name;
      }
    }
    return Mutate();
  }

 private:
  size_t Pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  std::vector<std::string> RandomColumns() {
    std::vector<std::string> cols = {"id", "c1"};
    const size_t extra = Pick(3);
    for (size_t i = 0; i < extra; ++i) cols.push_back(Cat("c", 2 + i));
    return cols;
  }

  std::string RandomSource() { return "ods.src" + std::to_string(Pick(4)); }

  static std::string Ddl(const std::string& table, const std::vector<std::string>& cols, bool if_not_exists = false) {
    std::string s = std::string("CREATE TABLE ") + (if_not_exists ? "IF NOT EXISTS " : "") + table + " (";
    for (size_t i = 0; i < cols.size(); ++i) s += (i ? ", " : "") + cols[i] + (i == 0 ? " bigint" : " string");
    return s + ") PARTITIONED BY (dt string);\n";
  }

  std::string Load(int i) {
    const std::string target = "dwd.t" + std::to_string(i);
    if (Pick(2) == 0)
      return "INSERT OVERWRITE TABLE " + target + " PARTITION (dt = '${etl_date}')\nSELECT * FROM " + RandomSource() +
             " WHERE dt = '${etl_date}';\n";
    return "INSERT OVERWRITE TABLE " + target + " PARTITION (dt = '${etl_date}')\nSELECT a.id, upper(b.c1) AS c1\nFROM " +
           RandomSource() + " a JOIN " + RandomSource() + " b ON a.id = b.id AND b.dt = '${etl_date}';\n";
  }

  fs::path root_;
  std::mt19937 rng_;
  std::map<std::string, std::vector<std::string>> columns_;
  std::map<std::string, std::string> files_;
  int next_ = 0;
};

// The store learns the warehouse schema as a run over the scripts does,
// unless --no-learn-schema is given to both.
constexpr char kVars[] = "--var etl_date=2024-03-01";
constexpr char kVarsNoLearning[] = "--no-learn-schema --var etl_date=2024-03-01";

// The answers compared: the whole graph in two formats.
std::vector<std::string> Answers(const std::string& source, const fs::path& dir) {
  std::vector<std::string> out;
  for (const char* format : {"json", "openlineage"}) {
    const testing::ShellRun r = Cli("graph --format " + std::string(format) + " " + source, dir);
    INFO(r.err);
    CHECK(r.code <= 1);
    out.push_back(r.out);
  }
  return out;
}

std::string Inputs(bool sequenced) { return sequenced ? "--sequence sequence.txt" : "wh"; }

// Every query's answers over the graph of the warehouse in `root`, analysed
// in this process as the command line does (from `root`, so that the scripts
// have the same names).
std::string AnswersFromScripts(const fs::path& root, bool sequenced, bool learn) {
  const fs::path cwd = fs::current_path();
  fs::current_path(root);
  driver::RunOptions options;
  options.analyze.variables = {{"etl_date", "2024-03-01"}};
  options.analyze.learn_schema = learn;
  options.sequenced = sequenced;
  const driver::ExpandedInputs inputs = sequenced ? driver::ReadSequence("sequence.txt") : driver::ExpandPaths({"wh"});
  graph::GraphBuilder builder;
  driver::AnalyzeIntoGraph(inputs.files, options, builder, [](driver::FilePart&&) {});
  const graph::Graph g = builder.Finish();
  fs::current_path(cwd);
  return testing::AllAnswers(graph::GraphSource(g), 10);
}

std::string AnswersFromStore(const fs::path& db) {
  store::Database d(db.string(), false);
  return testing::AllAnswers(store::StoreSource(d), 10);
}

// The learned schema as stored (with a digest of each entry's evidence) and
// the tables each script's facts name, one line each.
std::string LearnedRows(const fs::path& db) {
  store::Database d(db.string(), false);
  std::string out;
  store::Statement s = d.Prepare(
      "SELECT name || ' ' || digest || ' ' || fingerprint || ' ' || coalesce(entry, 'NULL') FROM learned_tables "
      "UNION ALL SELECT 'fact ' || s.path || ' ' || f.name FROM fact_tables f JOIN scripts s ON s.id = f.script_id "
      "ORDER BY 1");
  while (s.Step()) Append(out, s.Text(0), "\n");
  return out;
}

void CheckIncrementalMatchesScratch(bool sequenced, bool learn = true) {
  const fs::path root = Scratch() / Cat(sequenced ? "seq" : "indep", learn ? "" : "_no_learning");
  Warehouse wh(root, sequenced ? 7 : learn ? 11 : 13);
  const std::string inputs = Inputs(sequenced);
  const std::string vars = learn ? kVars : kVarsNoLearning;
  testing::ShellRun r = Cli("store update inc.db " + vars + " " + inputs, root);
  INFO(r.err);
  REQUIRE(r.code <= 1);
  CHECK(r.err.find("all analysed (a new store)") != std::string::npos);

  for (int step = 0; step < 14; ++step) {
    const std::string change = wh.Mutate();
    wh.Write();
    CAPTURE(step);
    CAPTURE(change);
    r = Cli("store update inc.db " + vars + " " + inputs, root);
    INFO(r.err);
    REQUIRE(r.code <= 1);
    fs::remove(root / "scratch.db");
    REQUIRE(Cli("store update scratch.db " + vars + " " + inputs, root).code <= 1);
    const auto paths = Answers(vars + " " + inputs, root);
    CHECK(Answers("--store inc.db", root) == paths);
    CHECK(Answers("--store scratch.db", root) == paths);
    // And every query, at every level.
    const std::string queries = AnswersFromScripts(root, sequenced, learn);
    CHECK(testing::FirstDifference(AnswersFromStore(root / "inc.db"), queries) == "");
    CHECK(testing::FirstDifference(AnswersFromStore(root / "scratch.db"), queries) == "");
    // The learned schema merged in part is the one merged whole, evidence and all.
    CHECK(LearnedRows(root / "inc.db") == LearnedRows(root / "scratch.db"));
    // Nothing changed since: nothing is analysed.
    r = Cli("store update inc.db " + vars + " " + inputs, root);
    CHECK(r.err.find("nothing changed: nothing analysed") != std::string::npos);
  }
}

// Sets the file's modification time (seconds since 1970, UTC).
void SetModified(const fs::path& p, int64_t seconds) {
  const timespec times[2] = {{static_cast<time_t>(seconds), 0}, {static_cast<time_t>(seconds), 0}};
  REQUIRE(::utimensat(AT_FDCWD, p.c_str(), times, 0) == 0);
}

int64_t QueryInt(const fs::path& db, const std::string& sql) {
  store::Database d(db.string(), false);
  return d.QueryInt(sql);
}

std::string QueryText(const fs::path& db, const std::string& sql) {
  store::Database d(db.string(), false);
  store::Statement s = d.Prepare(sql);
  return s.Step() ? std::string(s.Text(0)) : std::string();
}

}  // namespace

TEST_CASE("store: a store answers as the scripts do, in every graph format") {
  const fs::path db = Scratch() / "corpus.db";
  const fs::path src = testing::SourceDir();
  const std::string args = "--catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts";
  const testing::ShellRun r = Cli("store update " + Q(db) + " " + args, src);
  // corpus/scripts/14_syntax_error_in_middle.sql has an error on purpose.
  CHECK(r.code == 1);
  CHECK(r.err.find("35 scripts, all analysed (a new store)") != std::string::npos);
  CHECK(r.err.find("1 script in the store has errors") != std::string::npos);
  for (const char* format : {"json", "dot", "mermaid", "openlineage"}) {
    CAPTURE(format);
    const testing::ShellRun paths = Cli(std::string("graph --format ") + format + " " + args, src);
    const testing::ShellRun stored = Cli(std::string("graph --format ") + format + " --store " + Q(db), src);
    CHECK(stored.code == paths.code);
    CHECK(!paths.out.empty());
    CHECK(stored.out == paths.out);
  }
  CHECK(QueryInt(db, "SELECT count(*) FROM scripts") == 35);
  CHECK(QueryInt(db, "SELECT count(*) FROM v_value_edges") > 100);
  CHECK(QueryText(db, "SELECT kind FROM v_tables WHERE name = 'default.tmp_paid_orders'") == "temporary");
  CHECK(QueryText(db, "SELECT kind FROM v_tables WHERE name = 'ads.v_province_gmv'") == "view");
  // A table the catalog declares, with its columns.
  CHECK(QueryInt(db,
                 "SELECT count(*) FROM declared_tables d JOIN declared_columns c ON c.declared_table_id = d.id "
                 "WHERE d.script_id IS NULL AND d.name = 'ods.order_info'") >= 4);
  // The learned schema is kept apart from the --catalog's tables, with its evidence.
  CHECK(QueryInt(db, "SELECT count(*) FROM learned_tables") > 0);
  CHECK(QueryInt(db,
                 "SELECT count(*) FROM learned_tables l JOIN declared_tables d ON d.name = l.name "
                 "WHERE d.script_id IS NULL") == 0);
  CHECK(QueryInt(db, "SELECT count(*) FROM script_facts") == 35);
  // --store takes no analysis options: they were given to store update.
  const testing::ShellRun bad = Cli("graph --store " + Q(db) + " corpus/scripts", src);
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--store reads what `store update` analysed") != std::string::npos);
}

TEST_CASE("store: every sql example of docs/store.md runs on the bundled warehouse's store and finds rows") {
  const fs::path db = Scratch() / "docs.db";
  const testing::ShellRun r = Cli("store update " + Q(db) + " --var etl_date=2024-03-01 corpus/warehouse", testing::SourceDir());
  REQUIRE(r.code <= 1);
  const std::string doc = testing::ReadFile(testing::SourceDir() / "docs" / "store.md");
  store::Database d(db.string(), false);
  size_t blocks = 0;
  for (size_t at = doc.find("```sql\n"); at != std::string::npos; at = doc.find("```sql\n", at + 1)) {
    const size_t begin = at + 7;
    const std::string sql = doc.substr(begin, doc.find("```", begin) - begin);
    CAPTURE(sql);
    store::Statement st = d.Prepare(sql);
    size_t rows = 0;
    while (st.Step()) ++rows;
    // The bundled warehouse has no script with errors; every other question has answers.
    if (sql.find("statements_with_errors > 0") == std::string::npos) CHECK(rows > 0);
    ++blocks;
  }
  CHECK(blocks >= 10);
}

TEST_CASE("store: incremental updates answer as a store built from scratch and as the scripts") {
  SUBCASE("independent scripts") { CheckIncrementalMatchesScratch(false); }
  SUBCASE("a --sequence run, where one script's DDL changes what the later ones read") {
    CheckIncrementalMatchesScratch(true);
  }
  SUBCASE("independent scripts, --no-learn-schema") { CheckIncrementalMatchesScratch(false, false); }
}

namespace {

// raw.r2 is declared nowhere: `v` in the join is raw.r2's only because
// raw.r1 is declared without it (elimination ties the two tables).
void WriteTiedWarehouse(const fs::path& root) {
  testing::WriteFile(root, "wh/ddl/r1.sql", "CREATE TABLE raw.r1 (k bigint, a string);\n");
  testing::WriteFile(root, "wh/etl/j.sql",
                     "INSERT OVERWRITE TABLE ads.j SELECT x.k, v FROM raw.r1 x JOIN raw.r2 y ON x.k = y.k;\n");
  testing::WriteFile(root, "wh/etl/r2.sql", "INSERT OVERWRITE TABLE ads.r2 SELECT * FROM raw.r2;\n");
}

}  // namespace

TEST_CASE("store: a declaration changed in one script settles another script's bare column again") {
  // Adding v to raw.r1 (WriteTiedWarehouse) makes it raw.r1's, and
  // the update must merge raw.r2 again although the changed script does not
  // name it, and raw.r3 (LIKE raw.r1) although no changed script declares it.
  const fs::path root = Scratch() / "tied";
  WriteTiedWarehouse(root);
  testing::WriteFile(root, "wh/ddl/like.sql", "CREATE TABLE IF NOT EXISTS raw.r3 LIKE raw.r1;\n");
  testing::WriteFile(root, "wh/etl/r3.sql", "INSERT OVERWRITE TABLE ads.r3 SELECT * FROM raw.r3;\n");
  REQUIRE(Cli("store update inc.db wh", root).code == 0);
  CHECK(QueryText(root / "inc.db", "SELECT group_concat(name) FROM learned_columns WHERE table_name = 'raw.r2'") ==
        "k,v");
  for (const char* ddl : {"CREATE TABLE raw.r1 (k bigint, a string, v string);\n",
                          "CREATE TABLE raw.r1 (k bigint, a string);\n"}) {
    CAPTURE(ddl);
    testing::WriteFile(root, "wh/ddl/r1.sql", ddl);
    const testing::ShellRun r = Cli("store update inc.db wh", root);
    REQUIRE(r.code == 0);
    fs::remove(root / "scratch.db");
    REQUIRE(Cli("store update scratch.db wh", root).code == 0);
    CHECK(LearnedRows(root / "inc.db") == LearnedRows(root / "scratch.db"));
    CHECK(Cli("graph --store inc.db", root).out == Cli("graph wh", root).out);
    // The scripts reading raw.r1, raw.r2 and raw.r3 (LIKE raw.r1) are analysed again.
    INFO(r.err);
    CHECK(r.err.find("5 analysed (1 changed, 4 reading a table another script changed)") != std::string::npos);
  }
}

TEST_CASE("store: a version 6 store, without the tables of each script's facts, merges whole once, then in part") {
  const fs::path root = Scratch() / "version6";
  WriteTiedWarehouse(root);
  REQUIRE(Cli("store update v6.db wh", root).code == 0);
  {
    store::Database db((root / "v6.db").string(), false);
    db.Exec(
        "DROP TABLE fact_tables; ALTER TABLE learned_tables DROP COLUMN entry; DROP INDEX value_edges_source;"
        "CREATE INDEX value_edges_source ON value_edges(source_id); PRAGMA user_version = 6;");
  }
  // Queries read it as it was; the next update fills what version 7 added.
  CHECK(Cli("graph --store v6.db", root).out == Cli("graph wh", root).out);
  CHECK(QueryInt(root / "v6.db", "PRAGMA user_version") == store::kSchemaVersion);
  CHECK(QueryInt(root / "v6.db", "SELECT count(*) FROM meta WHERE key = 'fact_tables'") == 1);
  testing::ShellRun r = Cli("store update v6.db wh", root);
  CHECK(r.code == 0);
  CHECK(QueryInt(root / "v6.db", "SELECT count(*) FROM meta WHERE key = 'fact_tables'") == 0);
  REQUIRE(Cli("store update scratch.db wh", root).code == 0);
  CHECK(LearnedRows(root / "v6.db") == LearnedRows(root / "scratch.db"));
  CHECK(QueryInt(root / "v6.db", "SELECT count(*) FROM learned_tables WHERE entry IS NULL") == 0);
  // And the next change merges in part, as a new store would.
  testing::WriteFile(root, "wh/ddl/r1.sql", "CREATE TABLE raw.r1 (k bigint, a string, v string);\n");
  r = Cli("store update v6.db wh", root);
  CHECK(r.code == 0);
  fs::remove(root / "scratch.db");
  REQUIRE(Cli("store update scratch.db wh", root).code == 0);
  CHECK(LearnedRows(root / "v6.db") == LearnedRows(root / "scratch.db"));
  CHECK(Cli("graph --store v6.db", root).out == Cli("graph wh", root).out);
}

TEST_CASE("store: only what changed is analysed; a --sequence script is analysed again when a table it read changed") {
  const fs::path root = Scratch() / "deps";
  testing::WriteFile(root, "wh/a_ddl.sql", "CREATE TABLE ods.s (id bigint, name string);\n");
  testing::WriteFile(root, "wh/b_load.sql", "INSERT OVERWRITE TABLE dwd.t SELECT * FROM ods.s;\n");
  testing::WriteFile(root, "wh/c_other.sql", "INSERT OVERWRITE TABLE dwd.u SELECT x FROM ods.other;\n");
  testing::WriteFile(root, "seq.txt", "wh/a_ddl.sql\nwh/b_load.sql\nwh/c_other.sql\n");
  testing::ShellRun r = Cli("store update s.db --sequence seq.txt", root);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("3 scripts, all analysed (a new store)") != std::string::npos);
  CHECK(QueryInt(root / "s.db", "SELECT count(*) FROM v_value_edges WHERE target LIKE 'dwd.t.%'") == 2);

  // The DDL gains a column: the DDL script changed, the load that reads the
  // table through SELECT * is analysed again, the unrelated one is not.
  testing::WriteFile(root, "wh/a_ddl.sql", "CREATE TABLE ods.s (id bigint, name string, city string);\n");
  r = Cli("store update s.db --sequence seq.txt", root);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("2 analysed (1 changed, 1 reading a table another script changed)") != std::string::npos);
  CHECK(QueryInt(root / "s.db", "SELECT count(*) FROM v_value_edges WHERE target = 'dwd.t.city'") == 1);

  // Without --sequence every script starts from the catalog and the schema
  // learned from all the scripts: the load reads ods.s as the DDL declares it,
  // and is analysed again when that declaration changes; the unrelated
  // script is not.
  r = Cli("store update i.db wh", root);
  REQUIRE(r.code == 0);
  CHECK(QueryInt(root / "i.db", "SELECT count(*) FROM v_value_edges WHERE target LIKE 'dwd.t.%'") == 3);
  CHECK(QueryText(root / "i.db", "SELECT evidence FROM learned_tables WHERE name = 'ods.s'") == "declared");
  testing::WriteFile(root, "wh/a_ddl.sql", "CREATE TABLE ods.s (id bigint);\n");
  r = Cli("store update i.db wh", root);
  CHECK(r.err.find("2 analysed (1 changed, 1 reading a table another script changed)") != std::string::npos);
  CHECK(QueryInt(root / "i.db", "SELECT count(*) FROM v_value_edges WHERE target LIKE 'dwd.t.%'") == 1);
  CHECK(Cli("graph --store i.db", root).out == Cli("graph wh", root).out);
  // A change that learns nothing new analyses the changed script alone.
  testing::WriteFile(root, "wh/c_other.sql", "INSERT OVERWRITE TABLE dwd.u SELECT x FROM ods.other WHERE x > 0;\n");
  r = Cli("store update i.db wh", root);
  CHECK(r.err.find("1 analysed (1 changed)") != std::string::npos);
  // A script that disappears takes its statements, edges and tables with it.
  fs::remove(root / "wh/c_other.sql");
  r = Cli("store update i.db wh", root);
  CHECK(r.err.find("2 scripts, nothing changed: nothing analysed, 1 removed") != std::string::npos);
  CHECK(QueryInt(root / "i.db", "SELECT count(*) FROM tables WHERE name IN ('dwd.u', 'ods.other')") == 0);
  CHECK(QueryInt(root / "i.db", "SELECT count(*) FROM columns WHERE full_name LIKE 'dwd.u.%'") == 0);
  CHECK(QueryInt(root / "i.db", "SELECT count(*) FROM statements") == 2);

  // Other options: everything is analysed again, and the summary says why.
  r = Cli("store update i.db --default-db dw wh", root);
  CHECK(r.err.find("all analysed (the analysis options changed") != std::string::npos);
  r = Cli("store update i.db --default-db dw --full wh", root);
  CHECK(r.err.find("all analysed (--full was given)") != std::string::npos);

  // With --no-learn-schema the load does not see the DDL, and a change to it
  // analyses the DDL script alone.
  r = Cli("store update n.db --no-learn-schema wh", root);
  REQUIRE(r.code == 0);
  CHECK(QueryInt(root / "n.db", "SELECT count(*) FROM learned_tables") == 0);
  testing::WriteFile(root, "wh/a_ddl.sql", "CREATE TABLE ods.s (id bigint, name string);\n");
  r = Cli("store update n.db --no-learn-schema wh", root);
  CHECK(r.err.find("1 analysed (1 changed)") != std::string::npos);
  CHECK(Cli("graph --store n.db", root).out == Cli("graph --no-learn-schema wh", root).out);
  r = Cli("store update n.db wh", root);
  CHECK(r.err.find("all analysed (the warehouse schema is learned from the scripts now)") != std::string::npos);
}

TEST_CASE("store: a file's time and size spare reading it; a change in the same clock tick is still seen") {
  const fs::path root = Scratch() / "stamps";
  const fs::path a = testing::WriteFile(root, "wh/a.sql", "INSERT OVERWRITE TABLE dw.t SELECT x FROM ods.s;\n");
  REQUIRE(Cli("store update t.db wh", root).code == 0);

  // Touched, content unchanged: nothing analysed, the new time kept (OpenLineage's eventTime).
  SetModified(a, 1714528800);  // 2024-05-01T02:00:00Z
  testing::ShellRun r = Cli("store update t.db wh", root);
  CHECK(r.err.find("nothing changed: nothing analysed") != std::string::npos);
  CHECK(QueryText(root / "t.db", "SELECT modified_at FROM scripts") == "2024-05-01T02:00:00Z");
  CHECK(Cli("graph --format openlineage --store t.db", root).out == Cli("graph --format openlineage wh", root).out);

  // Rewritten with the same size and given back the time it had at the last
  // update, a time not older than that update: the content is read, the change seen.
  const int64_t recent = static_cast<int64_t>(std::time(nullptr)) + 10;
  SetModified(a, recent);
  REQUIRE(Cli("store update t.db wh", root).code == 0);
  testing::WriteFile(root, "wh/a.sql", "INSERT OVERWRITE TABLE dw.t SELECT y FROM ods.s;\n");
  SetModified(a, recent);
  r = Cli("store update t.db wh", root);
  CHECK(r.err.find("1 analysed (1 changed)") != std::string::npos);
  CHECK(QueryText(root / "t.db", "SELECT source FROM v_value_edges") == "ods.s.y");
}

TEST_CASE("store: an update killed midway leaves the previous state whole") {
  const fs::path root = Scratch() / "kill";
  for (int i = 0; i < 30; ++i)
    testing::WriteFile(root, "wh/s" + std::to_string(100 + i) + ".sql",
                       "INSERT OVERWRITE TABLE dw.t" + std::to_string(i) + " SELECT a, b FROM ods.src" +
                           std::to_string(i % 5) + ";\n");
  REQUIRE(Cli("store update k.db wh", root).code == 0);
  const std::string before = Cli("graph --store k.db", root).out;
  REQUIRE(!before.empty());

  for (int i = 0; i < 30; ++i)
    testing::WriteFile(root, "wh/s" + std::to_string(100 + i) + ".sql",
                       "INSERT OVERWRITE TABLE dw.t" + std::to_string(i) + " SELECT a, b, c FROM ods.changed;\n");
  // The update pauses after 5 scripts with its transaction open; killed there.
  const std::string cmd = "cd " + Q(root) + "; HIVELINEAGE_STORE_PAUSE_AFTER=5 " + ShellQuote(HIVELINEAGE_CLI) +
                          " store update k.db -j 1 wh >/dev/null 2>paused.txt & echo $! > pid.txt";
  REQUIRE(std::system(cmd.c_str()) == 0);
  bool paused = false;
  for (int i = 0; i < 300 && !paused; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    paused = testing::ReadFile(root / "paused.txt").find("paused after 5 scripts") != std::string::npos;
  }
  const pid_t pid = static_cast<pid_t>(std::stol(testing::ReadFile(root / "pid.txt")));
  REQUIRE(paused);
  CHECK(fs::exists(root / "k.db-wal"));
  REQUIRE(::kill(pid, SIGKILL) == 0);
  for (int i = 0; i < 100 && testing::ProcessRunning(pid); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));

  CHECK(QueryText(root / "k.db", "PRAGMA integrity_check") == "ok");
  CHECK(Cli("graph --store k.db", root).out == before);
  CHECK(QueryInt(root / "k.db", "SELECT count(*) FROM columns WHERE full_name LIKE 'ods.changed.%'") == 0);

  // The next update does the whole job.
  const testing::ShellRun r = Cli("store update k.db wh", root);
  CHECK(r.err.find("30 analysed (30 changed)") != std::string::npos);
  CHECK(Cli("graph --store k.db", root).out == Cli("graph wh", root).out);
}

TEST_CASE("store: an older store is migrated; a newer one or another file is refused with the reason") {
  const fs::path root = Scratch() / "versions";
  testing::WriteFile(root, "wh/a.sql",
                     "CREATE TABLE ods.s (a INT, b INT);\nINSERT OVERWRITE TABLE dw.t SELECT a FROM ods.s WHERE b > 0;\n");
  REQUIRE(Cli("store update v.db wh", root).code == 0);
  const std::string answer = Cli("graph --store v.db", root).out;

  // By hand, a version 1 store: the views, tables and indexes of versions 2 to 6 are not there yet.
  {
    store::Database db((root / "v.db").string(), false);
    std::string drop =
        "DROP INDEX declared_columns_name; DROP TABLE fact_tables; DROP TABLE possible_sources; DROP TABLE inferred_edges; DROP TABLE script_facts; DROP TABLE learned_columns; "
        "DROP TABLE learned_tables; DROP INDEX script_reads_name; DROP INDEX scripts_with_errors; "
        "PRAGMA user_version = 1;";
    store::Statement views = db.Prepare("SELECT name FROM sqlite_master WHERE type = 'view'");
    while (views.Step()) drop += Cat("DROP VIEW ", views.Text(0), ";");
    views.Reset();
    db.Exec(drop + "DROP INDEX value_edges_source; CREATE INDEX value_edges_source ON value_edges(source_id);"
            "ALTER TABLE value_edges DROP COLUMN masking;");
  }
  CHECK(QueryInt(root / "v.db", "SELECT count(*) FROM sqlite_master WHERE name = 'v_value_edges'") == 0);
  testing::ShellRun r = Cli("graph --store v.db", root);
  CHECK(r.code == 0);
  CHECK(r.out == answer);
  CHECK(QueryInt(root / "v.db", "PRAGMA user_version") == store::kSchemaVersion);
  CHECK(QueryText(root / "v.db", "SELECT target FROM v_value_edges") == "dw.t.a");
  // Version 4: the scripts with errors, which every query counts, are found through their index.
  {
    store::Database db((root / "v.db").string(), false);
    store::Statement plan = db.Prepare(
        "EXPLAIN QUERY PLAN SELECT count(*) FROM scripts WHERE statements_with_errors > 0 OR file_errors > 0");
    REQUIRE(plan.Step());
    CHECK(plan.Text(3) == "SCAN scripts USING INDEX scripts_with_errors");
  }

  // The version 1 layout, made from its own statements, is migrated too.
  {
    store::Database db((root / "v1.db").string(), true);
    db.Exec(store::SchemaSql(1));
    db.Exec("PRAGMA user_version = 1");
  }
  r = Cli("store update v1.db wh", root);
  CHECK(r.code == 0);
  CHECK(Cli("graph --store v1.db", root).out == answer);

  // A version 2 store gains the later versions' tables, which the next update fills.
  {
    store::Database db((root / "v2.db").string(), true);
    db.Exec(store::SchemaSql(1));
    db.Exec(store::SchemaSql(2));
    db.Exec("PRAGMA user_version = 2");
  }
  CHECK(QueryInt(root / "v2.db", "SELECT count(*) FROM sqlite_master WHERE name = 'possible_sources'") == 0);
  r = Cli("store update v2.db wh", root);
  CHECK(r.code == 0);
  CHECK(QueryInt(root / "v2.db", "PRAGMA user_version") == store::kSchemaVersion);
  CHECK(QueryInt(root / "v2.db", "SELECT count(*) FROM sqlite_master WHERE name IN "
                                 "('possible_sources', 'inferred_edges', 'v_possible_edges')") == 3);
  CHECK(Cli("graph --store v2.db", root).out == answer);

  {
    store::Database db((root / "v.db").string(), false);
    db.Exec("PRAGMA user_version = 99");
  }
  r = Cli("graph --store v.db", root);
  CHECK(r.code == 2);
  CHECK(r.err.find(Cat("store version 99 was made by a newer hivelineage; this one reads up to version ",
                       store::kSchemaVersion)) != std::string::npos);

  {
    store::Database db((root / "other.db").string(), true);
    db.Exec("CREATE TABLE customers(id INTEGER)");
  }
  r = Cli("store update other.db wh", root);
  CHECK(r.code == 2);
  CHECK(r.err.find("not a hivelineage store") != std::string::npos);
  CHECK(QueryInt(root / "other.db", "SELECT count(*) FROM sqlite_master") == 1);

  testing::WriteFile(root, "notes.txt", "these are not the droids\n");
  r = Cli("graph --store notes.txt", root);
  CHECK(r.code == 2);
  CHECK(r.err.find("not a hivelineage store") != std::string::npos);

  r = Cli("graph --store missing.db", root);
  CHECK(r.code == 2);
  CHECK(r.err.find("no such store") != std::string::npos);
}

TEST_CASE("store: a version 2 store, made before the store learned the schema, is migrated and analysed again") {
  const fs::path root = Scratch() / "version2";
  testing::WriteFile(root, "wh/a_ddl.sql", "CREATE TABLE ods.s (id bigint, name string);\n");
  testing::WriteFile(root, "wh/b_load.sql", "INSERT OVERWRITE TABLE dwd.t SELECT * FROM ods.s;\n");
  REQUIRE(Cli("store update v2.db --no-learn-schema wh", root).code == 0);
  const std::string old_answer = Cli("graph --no-learn-schema wh", root).out;
  // As version 2 left it: no facts, no learned schema, settings without learn_schema, no
  // masking per source (and v_value_edges, which reads it, made again by the upgrade).
  {
    store::Database db((root / "v2.db").string(), false);
    db.Exec(
        "DROP VIEW v_value_edges; DROP INDEX value_edges_source; CREATE INDEX value_edges_source ON value_edges(source_id);"
        "ALTER TABLE value_edges DROP COLUMN masking;"
        "DROP TABLE script_facts; DROP TABLE learned_columns; DROP TABLE learned_tables; DROP INDEX script_reads_name;"
        "DROP INDEX scripts_with_errors; DROP VIEW v_possible_edges; DROP TABLE possible_sources;"
        "DROP TABLE inferred_edges; DROP TABLE fact_tables;"
        "UPDATE meta SET value = json_remove(value, '$.learn_schema') WHERE key = 'settings';"
        "PRAGMA user_version = 2;");
  }
  REQUIRE(QueryInt(root / "v2.db", "SELECT count(*) FROM sqlite_master WHERE name = 'script_facts'") == 0);
  // Queries read it as it was.
  testing::ShellRun r = Cli("graph --store v2.db", root);
  CHECK(r.code == 0);
  CHECK(r.out == old_answer);
  CHECK(QueryInt(root / "v2.db", "PRAGMA user_version") == store::kSchemaVersion);
  // The next update learns, so it analyses everything and says why.
  r = Cli("store update v2.db wh", root);
  CHECK(r.code == 0);
  CHECK(r.err.find("all analysed (the warehouse schema is learned from the scripts now)") != std::string::npos);
  CHECK(QueryInt(root / "v2.db", "SELECT count(*) FROM script_facts") == 2);
  const std::string learned_answer = Cli("graph wh", root).out;
  CHECK(learned_answer != old_answer);
  CHECK(Cli("graph --store v2.db", root).out == learned_answer);
  r = Cli("store update v2.db wh", root);
  CHECK(r.err.find("nothing changed: nothing analysed") != std::string::npos);
}

TEST_CASE("store: a script's schema facts read back as they were gathered") {
  const auto source = std::make_shared<const SourceFile>(
      "etl/load.sql",
      "CREATE TABLE dw.d (id bigint, name string) PARTITIONED BY (dt string);\n"
      "CREATE TABLE dw.copy LIKE dw.d;\n"
      "ALTER TABLE dw.e ADD COLUMNS (extra int);\n"
      "INSERT INTO TABLE dw.t (a, b, c) SELECT o.user_id, o.amount, city FROM ods.orders o JOIN ods.users u\n"
      "  ON o.user_id = u.id WHERE u.`名` IS NOT NULL;\n");
  const lineage::ScriptFacts facts = driver::GatherScript(*source, {});
  REQUIRE(facts.tables.size() >= 5);
  REQUIRE(!facts.open.empty());
  const std::string text = store::EncodeFacts(facts);
  lineage::ScriptFacts back;
  REQUIRE(store::DecodeFacts(text, "etl/load.sql", back));
  CHECK(back == facts);
  CHECK(!store::DecodeFacts("T\tdw.t\tyes\t1\t\n", "x.sql", back));
  CHECK(!store::DecodeFacts("C\tid\tbigint\n", "x.sql", back));  // a column of no table
  CHECK(!store::DecodeFacts("not facts", "x.sql", back));
  // Names with tabs, line breaks and backslashes (quoted identifiers) read back as they were.
  lineage::ScriptFacts odd;
  odd.file = "odd.sql";
  lineage::TableFacts odd_table;
  odd_table.table = "dw.`a\tb`";
  odd_table.inferred = {{"x\\y\nz", 2, 3, 0}};
  odd.tables.push_back(std::move(odd_table));
  odd.open.push_back(lineage::OpenReference{"c", {"dw.a", "dw.b"}, 7});
  REQUIRE(store::DecodeFacts(store::EncodeFacts(odd), "odd.sql", back));
  CHECK(back == odd);
}
