#include "cli/store_command.h"

#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/strings.h"
#include "cli/diagnostic_filter.h"
#include "cli/input_options.h"
#include "cli/option_table.h"
#include "output/writer.h"
#include "store/neo4j_export.h"
#include "store/schema.h"
#include "store/update.h"

namespace hivelineage::cli {
namespace {

const char kStoreUsage[] =
    "usage: hivelineage store update DB [OPTIONS] [PATH ...]\n"
    "       hivelineage store info DB\n"
    "       hivelineage store export DB --neo4j-csv DIR | --neo4j-cypher FILE\n"
    "\n"
    "Keeps the lineage of a warehouse's scripts in the SQLite database DB (created when\n"
    "missing; docs/store.md documents its tables). `update` analyses only the scripts whose\n"
    "content changed, removes those no longer among the PATHs, and re-analyses a --sequence\n"
    "script when a table an earlier script declared for it changed; one update is one\n"
    "transaction. The query commands (graph, impact, ...) read a store with --store DB.\n"
    "\n"
    "update options:\n";

// `store update DB [OPTIONS] [PATH ...]`: the command line.
struct UpdateArgs {
  InputArgs input;
  std::string db_path;
  bool full = false;
};

// update's own options, before the input options: the parsing and its --help lines.
const Option<UpdateArgs> kUpdateOptions[] = {
    {{"--full"}, "--full", "analyse every script again\n", false,
     [](ArgCursor&, UpdateArgs& a, std::string&) { a.full = true; }},
};

// `store export DB --neo4j-csv DIR | --neo4j-cypher FILE`: the command line.
struct ExportArgs {
  std::string db_path, csv_dir, cypher_file;
  CommonArgs common;
};

const Option<ExportArgs> kExportOptions[] = {
    {{"--neo4j-csv"}, "--neo4j-csv DIR", "node and relationship CSV files for neo4j-admin database import\n", true,
     [](ArgCursor& c, ExportArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--neo4j-csv needs a folder";
       else
         a.csv_dir = std::string(value);
     }},
    {{"--neo4j-cypher"},
     "--neo4j-cypher FILE",
     "idempotent MERGE statements for incremental loads (- for stdout)\n",
     true,
     [](ArgCursor& c, ExportArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--neo4j-cypher needs a file (- for stdout)";
       else
         a.cypher_file = std::string(value);
     }},
};

// -h and --help anywhere are found before any parsing (StoreCommand).
void PrintStoreUsage(std::FILE* f) {
  std::fputs(kStoreUsage, f);
  std::fputs(TableHelp(std::span<const Option<UpdateArgs>>(kUpdateOptions)).c_str(), f);
  std::fputs(InputOptionsHelp().c_str(), f);
  std::fputs(HelpEntry("--help", "show this help\n").c_str(), f);
  std::fputs("\nexport options:\n", f);
  std::fputs(TableHelp(std::span<const Option<ExportArgs>>(kExportOptions)).c_str(), f);
  std::fputs(
      "\n"
      "exit status: 0 fine, 1 some scripts in the store have errors, 2 usage error, unreadable\n"
      "input or a store problem. Diagnostics go to stderr as file:line:col: severity: message.\n",
      f);
}

int Usage(const std::string& error, std::FILE* err) { return UsageError(err, "hivelineage store", error); }

int Update(int argc, const char* const* argv, std::FILE* err) {
  UpdateArgs args;
  InputArgs& input = args.input;
  const bool done = false;  // --help is found before (StoreCommand)
  ArgCursor c(argc, argv, 3);
  std::string error = ParseCommandLine<UpdateArgs>(
      c, {kUpdateOptions}, args, done, [&](ArgCursor& cursor, std::string& e) { return ParseInputOption(cursor, input, e); },
      [&](std::string_view arg) {
        if (args.db_path.empty())
          args.db_path = std::string(arg);
        else
          input.paths.emplace_back(arg);
      });
  const std::string& db_path = args.db_path;
  const bool full = args.full;
  if (error.empty() && db_path.empty()) error = "store update needs a database file";
  if (error.empty() && input.paths.empty() && input.sequence.empty())
    error = "store update needs the scripts: PATH... or --sequence FILE";
  if (!error.empty()) return Usage(error, err);
  const auto inputs = ResolveInputs(input, "hivelineage store", err);
  if (!inputs) return 2;

  store::UpdateOptions options;
  options.run = MakeRunOptions(input);
  options.full = full;
  // For the interruption test (tests/store_test.cc): pause with the transaction open.
  if (const char* n = std::getenv("HIVELINEAGE_STORE_PAUSE_AFTER")) options.pause_after_scripts = std::strtoul(n, nullptr, 10);

  const auto begin = std::chrono::steady_clock::now();
  const DiagnosticFilter filter(input.common.warnings);
  std::string diag;
  auto on_part = [&](driver::FilePart&& part) {
    diag.clear();
    filter.Render(part.file, diag);
    if (!diag.empty()) std::fwrite(diag.data(), 1, diag.size(), err);
  };
  store::UpdateSummary summary;
  try {
    auto db = store::OpenStore(db_path, store::OpenMode::Update);
    summary = store::UpdateStore(*db, *inputs, options, on_part);
  } catch (const store::StoreError& e) {
    std::fprintf(err, "hivelineage store: %s\n", e.what());
    return 2;
  }
  if (!summary.fatal_error.empty()) {
    std::fprintf(err, "hivelineage store: %s; the store was not changed\n", summary.fatal_error.c_str());
    return 2;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  if (!input.common.quiet) {
    std::fputs(filter.SummaryLine().c_str(), err);
    std::fputs(store::UpdateSummaryLine(summary, seconds).c_str(), err);
  }
  return summary.scripts_with_errors > 0 ? 1 : 0;
}

// `store export DB --neo4j-csv DIR | --neo4j-cypher FILE`.
int Export(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  ExportArgs args;
  const bool done = false;  // --help is found before (StoreCommand)
  ArgCursor c(argc, argv, 3);
  std::string error = ParseCommandLine<ExportArgs>(
      c, {kExportOptions}, args, done,
      [&](ArgCursor& cursor, std::string& e) { return ParseCommonOption(cursor, args.common, e); },
      [&](std::string_view arg, std::string& e) {
        if (args.db_path.empty())
          args.db_path = std::string(arg);
        else
          e = Cat("unexpected argument '", arg, "'");
      });
  const std::string &db_path = args.db_path, &csv_dir = args.csv_dir, &cypher_file = args.cypher_file;
  const CommonArgs& common = args.common;
  if (error.empty() && db_path.empty()) error = "store export needs a database file";
  if (error.empty() && csv_dir.empty() && cypher_file.empty()) error = "give --neo4j-csv DIR or --neo4j-cypher FILE";
  if (!error.empty()) return Usage(error, err);
  try {
    auto db = store::OpenStore(db_path, store::OpenMode::Read);
    if (!csv_dir.empty()) {
      const store::Neo4jCounts n = store::ExportNeo4jCsv(*db, csv_dir);
      if (!common.quiet)
        std::fprintf(err, "hivelineage store: %zu nodes, %zu relationships written to %s\n", n.nodes, n.relationships,
                   csv_dir.c_str());
    }
    if (!cypher_file.empty()) {
      std::FILE* f = cypher_file == "-" ? out : std::fopen(cypher_file.c_str(), "wb");
      if (f == nullptr) throw store::StoreError(Cat(cypher_file, ": cannot write"));
      const store::Neo4jCounts n = store::ExportNeo4jCypher(*db, f);
      if (f != out && std::fclose(f) != 0) throw store::StoreError(Cat(cypher_file, ": cannot write"));
      if (!common.quiet)
        std::fprintf(err, "hivelineage store: %zu nodes, %zu relationships as Cypher MERGE statements\n", n.nodes,
                   n.relationships);
    }
  } catch (const store::StoreError& e) {
    std::fprintf(err, "hivelineage store: %s\n", e.what());
    return 2;
  }
  return 0;
}

// `store info DB`: what the store holds and how it was made.
int Info(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  if (argc != 4) return Usage("store info takes one database file", err);
  try {
    auto db = store::OpenStore(argv[3], store::OpenMode::Read);
    std::string settings;
    {
      store::Statement s = db->Prepare("SELECT value FROM meta WHERE key = 'settings'");
      if (s.Step()) settings = std::string(s.Text(0));
    }
    std::string updated;
    {
      store::Statement s = db->Prepare("SELECT value FROM meta WHERE key = 'updated_at'");
      if (s.Step()) updated = std::string(s.Text(0));
    }
    std::fprintf(out, "store version %lld, last updated %s\n", static_cast<long long>(db->QueryInt("PRAGMA user_version")),
                 updated.empty() ? "never" : updated.c_str());
    const std::pair<const char*, const char*> counts[] = {
        {"scripts", "SELECT count(*) FROM scripts"},
        {"scripts with errors", "SELECT count(*) FROM scripts WHERE statements_with_errors > 0 OR file_errors > 0"},
        {"statements", "SELECT count(*) FROM statements"},
        {"tables", "SELECT count(*) FROM tables"},
        {"columns", "SELECT count(*) FROM columns"},
        {"value edges", "SELECT count(*) FROM value_edges"},
        {"conditions", "SELECT count(*) FROM conditions"},
        {"declared tables", "SELECT count(DISTINCT name) FROM declared_tables"},
    };
    for (const auto& [what, sql] : counts)
      std::fprintf(out, "%-20s %lld\n", what, static_cast<long long>(db->QueryInt(sql)));
    std::fprintf(out, "settings             %s\n", settings.c_str());
  } catch (const store::StoreError& e) {
    std::fprintf(err, "hivelineage store: %s\n", e.what());
    return 2;
  }
  return 0;
}

}  // namespace

int StoreCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  const std::string_view verb = argc > 2 ? std::string_view(argv[2]) : std::string_view();
  if (verb == "--help" || verb == "-h" || verb == "help") {
    PrintStoreUsage(out);
    return 0;
  }
  for (int i = 3; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "--help" || a == "-h") {
      PrintStoreUsage(out);
      return 0;
    }
  }
  if (verb == "update") return Update(argc, argv, err);
  if (verb == "export") return Export(argc, argv, out, err);
  if (verb == "info") return Info(argc, argv, out, err);
  if (verb.empty()) return Usage("give a subcommand: update, info or export", err);
  return Usage(Cat("unknown subcommand '", verb, "' (expected update, info or export)"), err);
}

}  // namespace hivelineage::cli
