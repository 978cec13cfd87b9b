#include "store/update.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "base/file_time.h"
#include "base/md5.h"
#include "base/statement_kind.h"
#include "base/strings.h"
#include "driver/gather.h"
#include "driver/script_schema.h"
#include "driver/session.h"
#include "lineage/catalog_json.h"
#include "lineage/warehouse_schema.h"
#include "store/deferred_indexes.h"
#include "store/facts_codec.h"
#include "store/fingerprint.h"
#include "store/learned_tables.h"
#include "store/writer.h"
#include "sync/sync_job.h"

namespace hivelineage::store {
namespace {

struct StoredScript {
  int64_t id = 0;
  std::string content_hash;
  int64_t size = 0;
  int64_t mtime_ns = 0;
  int64_t position = 0;
};

absl::flat_hash_map<std::string, StoredScript> LoadScripts(Database& db) {
  absl::flat_hash_map<std::string, StoredScript> out;
  Statement s = db.Prepare("SELECT path, id, content_hash, size, mtime_ns, position FROM scripts");
  while (s.Step())
    out.emplace(std::string(s.Text(0)),
                StoredScript{s.Int(1), std::string(s.Text(2)), s.Int(3), s.Int(4), s.Int(5)});
  return out;
}

// Whether a script is as stored, `stamp` set to what it is now. Its size and
// modification time decide when both are as stored and were not recent at
// the last update (modified in the same clock tick as it was read, a file
// would look the same: git's "racily clean" case); otherwise its content does.
bool Unchanged(const std::string& path, const StoredScript* stored, int64_t trusted_before, FileStamp& stamp) {
  stamp = StatFile(path);
  if (!stamp.error.empty()) return false;
  if (stored != nullptr && stored->size == stamp.size && stored->mtime_ns == stamp.mtime_ns &&
      stamp.mtime_ns < trusted_before) {
    stamp.content_hash = stored->content_hash;
    return true;
  }
  stamp = StampFile(path);
  return stamp.error.empty() && stored != nullptr && stored->content_hash == stamp.content_hash;
}

std::string GetMeta(Database& db, std::string_view key) {
  Statement s = db.Prepare("SELECT value FROM meta WHERE key = ?");
  s.Bind(1, key);
  return s.Step() ? std::string(s.Text(0)) : std::string();
}

void SetMeta(Database& db, std::string_view key, std::string_view value) {
  db.Prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").Bind(1, key).Bind(2, value).Run();
}

// What a script declared, as stored (the --sequence reuse path).
driver::ScriptSchema LoadScriptSchema(Statement& query, int64_t script_id) {
  driver::ScriptSchema schema;
  query.Bind(1, script_id);
  while (query.Step()) {
    if (query.Int(1) != 0) schema.dropped.emplace_back(query.Text(0));
    if (query.IsNull(2)) continue;
    lineage::CatalogTable t;
    const nlohmann::json j = nlohmann::json::parse(query.Text(2), nullptr, false);
    if (!lineage::CatalogTableFromJson(j, t)) throw StoreError(Cat("unreadable declared table '", query.Text(0), "'"));
    schema.declared.push_back(std::move(t));
  }
  query.Reset();
  std::sort(schema.dropped.begin(), schema.dropped.end());
  return schema;
}

// Whether the tables a script read from its starting catalog are still as
// they were. Fingerprints of the running catalog are cached until a script
// changes that table.
class ReadCheck {
 public:
  explicit ReadCheck(Database& db)
      : reads_(db.Prepare("SELECT name, fingerprint FROM script_reads WHERE script_id = ?")) {}

  bool Holds(int64_t script_id, const lineage::Catalog& catalog) {
    bool holds = true;
    reads_.Bind(1, script_id);
    while (holds && reads_.Step()) {
      const std::string name(reads_.Text(0));
      auto it = cache_.find(name);
      if (it == cache_.end()) {
        const lineage::CatalogTable* t = catalog.Find(name);
        it = cache_.emplace(name, t != nullptr ? driver::TableFingerprint(*t) : std::string()).first;
      }
      holds = it->second == reads_.Text(1);
    }
    reads_.Reset();
    return holds;
  }

  void Forget(const driver::ScriptSchema& schema) {
    for (const lineage::CatalogTable& t : schema.declared) cache_.erase(t.name);
    for (const std::string& name : schema.dropped) cache_.erase(name);
  }

 private:
  Statement reads_;
  absl::flat_hash_map<std::string, std::string> cache_;
};

// The catalogs loaded as a run loads them, with the views and temporary
// tables their DDL created (which mark those tables' kind).
struct StartingCatalog {
  std::shared_ptr<const lineage::Catalog> given;
  std::vector<std::pair<std::string, std::string>> marks;  // name, "view" | "temporary"
  std::string error;
};

StartingCatalog LoadStartingCatalog(const driver::AnalyzeOptions& options, const driver::PartSink* on_part) {
  StartingCatalog c;
  driver::LoadedCatalog loaded = driver::LoadCatalog(options, [&](driver::FileResult&& file) {
    for (const driver::StatementResult& st : file.statements) {
      for (const std::string& t : st.lineage.temporary_outputs) c.marks.emplace_back(t, "temporary");
      for (const std::string& t : st.lineage.view_outputs) c.marks.emplace_back(t, "view");
    }
    if (on_part != nullptr) (*on_part)(driver::WholeFilePart(std::move(file)));
  });
  for (const std::string& e : loaded.errors) Append(c.error, c.error.empty() ? "" : "; ", e);
  c.given = std::make_shared<const lineage::Catalog>(std::move(loaded.catalog));
  return c;
}

// A digest of everything a learned entry holds, its evidence included:
// stable across processes (FNV-1a) and cheap enough to take of every learned
// table at every update; the TableFingerprint is taken only when it changed.
std::string EntryDigest(const lineage::LearnedTable& t) {
  uint64_t h = 14695981039346656037ull;
  auto add = [&h](std::string_view s) {
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;  // a separator no byte of UTF-8 text makes
  };
  auto flag = [&](bool b) { add(b ? "1" : "0"); };
  auto evidence = [&](const lineage::Evidence& e) {
    add(lineage::EvidenceKindName(e.kind));
    add(std::to_string(e.uses));
    for (const std::string& w : e.where) add(w);
  };
  auto columns = [&](const std::vector<lineage::CatalogColumn>& cols) {
    add(std::to_string(cols.size()));
    for (const lineage::CatalogColumn& c : cols) {
      add(c.name);
      add(c.type);
      for (const std::string& v : c.view_sources) add(v);
      flag(c.view_expression);
      add(std::to_string(static_cast<int>(c.view_derivation)));
      flag(c.view_masking);
      flag(c.inferred);
    }
  };
  const lineage::CatalogTable& table = t.table;
  add(table.name);
  columns(table.columns);
  columns(table.partition_columns);
  flag(table.is_view);
  flag(table.temporary);
  add(table.view_text);
  flag(table.view_lineage_known);
  flag(table.open);
  evidence(t.evidence);
  for (const lineage::Evidence& e : t.columns) evidence(e);
  for (const std::string& c : t.conflicts) add(c);
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// The learned tables as the store holds them: digest and fingerprint by
// name, and whether the entry the analysis reads (learned_tables.entry) is
// there (a store of version 6 and before has none).
struct StoredLearned {
  std::string digest, fingerprint;
  bool has_entry = false;
};

absl::flat_hash_map<std::string, StoredLearned> LoadLearnedRows(Database& db) {
  absl::flat_hash_map<std::string, StoredLearned> rows;
  Statement s = db.Prepare("SELECT name, digest, fingerprint, entry IS NOT NULL FROM learned_tables");
  while (s.Step()) rows.emplace(s.Text(0), StoredLearned{std::string(s.Text(1)), std::string(s.Text(2)), s.Int(3) != 0});
  return rows;
}

// The same for the tables of `names` only.
absl::flat_hash_map<std::string, StoredLearned> LoadLearnedRows(Database& db,
                                                               const absl::flat_hash_set<std::string>& names) {
  absl::flat_hash_map<std::string, StoredLearned> rows;
  Statement s = db.Prepare("SELECT digest, fingerprint, entry IS NOT NULL FROM learned_tables WHERE name = ?");
  for (const std::string& name : names) {
    s.Bind(1, name);
    if (s.Step()) rows.emplace(name, StoredLearned{std::string(s.Text(0)), std::string(s.Text(1)), s.Int(2) != 0});
    s.Reset();
  }
  return rows;
}

// The learned schema as the store holds it (learned_tables, learned_columns)
// brought up to the merged one, table by table, for the tables of `before`
// (as LoadLearnedRows read them) and those Put; Finish returns the names of
// the tables whose entry, as the scripts look it up, changed (added and
// removed ones too). Rows whose evidence alone changed are rewritten and not
// returned: no lineage depends on where a column was seen.
class LearnedSchemaUpdate {
 public:
  LearnedSchemaUpdate(StoreWriter& writer, absl::flat_hash_map<std::string, StoredLearned> before)
      : writer_(writer), before_(std::move(before)) {}

  void Put(const lineage::LearnedTable& t) {
    const std::string digest = EntryDigest(t);
    auto it = before_.find(t.table.name);
    if (it != before_.end() && it->second.digest == digest && it->second.has_entry) {
      before_.erase(it);
      return;
    }
    lineage::CatalogTable entry = t.table;
    entry.learned = true;  // as lineage::LearnedCatalog puts it
    const std::string fingerprint = driver::TableFingerprint(entry);
    if (it == before_.end() || it->second.fingerprint != fingerprint) changed_.insert(t.table.name);
    writer_.PutLearnedTable(t, fingerprint, digest);
    if (it != before_.end()) before_.erase(it);
  }

  // The tables of `before` no Put named are no longer learned.
  absl::flat_hash_set<std::string> Finish() && {
    for (const auto& [name, row] : before_) {
      writer_.RemoveLearnedTable(name);
      changed_.insert(name);
    }
    return std::move(changed_);
  }

 private:
  StoreWriter& writer_;
  absl::flat_hash_map<std::string, StoredLearned> before_;
  absl::flat_hash_set<std::string> changed_;
};

// What a part of the learned schema is merged from: the tables some changed
// scripts' facts name, grown until no script's facts tie them to another
// (lineage::AddTiedTables), and the facts of every script naming one of
// them, by input position.
struct LearnedPart {
  absl::flat_hash_set<std::string> tables;
  std::map<size_t, lineage::ScriptFacts> facts;
};

// Reads the stored facts of the scripts naming the tables of `frontier`, and
// grows the part until nothing ties it to another table. `position_of` maps
// the ids of the unchanged scripts to their input positions (scripts not in
// it are being replaced: their new facts are in the part already). False
// when a script's facts are not stored or do not read back.
bool GrowLearnedPart(Database& db, const std::vector<driver::InputFile>& inputs,
                     const absl::flat_hash_map<int64_t, size_t>& position_of, std::vector<std::string> frontier,
                     LearnedPart& part) {
  Statement by_table = db.Prepare("SELECT script_id FROM fact_tables WHERE name = ?");
  Statement facts_of = db.Prepare("SELECT facts FROM script_facts WHERE script_id = ?");
  while (!frontier.empty()) {
    for (const std::string& name : frontier) {
      by_table.Bind(1, name);
      while (by_table.Step()) {
        auto it = position_of.find(by_table.Int(0));
        if (it == position_of.end() || part.facts.contains(it->second)) continue;
        facts_of.Bind(1, by_table.Int(0));
        const bool read = facts_of.Step() &&
                          DecodeFacts(facts_of.Text(0), inputs[it->second].name, part.facts[it->second]);
        facts_of.Reset();
        if (!read) return false;
      }
      by_table.Reset();
    }
    frontier.clear();
    for (const auto& [position, facts] : part.facts) lineage::AddTiedTables(facts, part.tables, frontier);
  }
  return true;
}

// The scripts (by id) that looked up one of `tables` when they were analysed.
absl::flat_hash_set<int64_t> ScriptsReading(Database& db, const absl::flat_hash_set<std::string>& tables) {
  absl::flat_hash_set<int64_t> ids;
  Statement s = db.Prepare("SELECT script_id FROM script_reads WHERE name = ?");
  for (const std::string& name : tables) {
    s.Bind(1, name);
    while (s.Step()) ids.insert(s.Int(0));
    s.Reset();
  }
  return ids;
}

// A full update's gather (driver::GatherScripts, on its threads): each
// script's row and encoded facts go into the store as soon as they are
// gathered, under a lock (one connection), so the warehouse's facts are never
// held in memory; the merge reads them back one at a time. The tables are
// empty: each script's id is its position + 1, as writing them in input order
// would give. `streamed` says the rows are there (the update rolls back otherwise).
void GatherIntoStore(StoreWriter& writer, const std::vector<driver::InputFile>& inputs,
                     const std::vector<FileStamp>& stamps, const driver::RunOptions& run, bool& streamed) {
  std::mutex mu;
  std::exception_ptr error;  // a thread of the gather must not throw: rethrown here
  driver::GatherScripts(inputs, run.analyze, driver::ResolveJobs(run.jobs), [&](size_t i, lineage::ScriptFacts&& f) {
    const std::string facts = EncodeFacts(f);
    const FileStamp& s = stamps[i];
    std::lock_guard<std::mutex> lock(mu);
    if (error) return;
    try {
      const int64_t id = static_cast<int64_t>(i) + 1;
      writer.AddScript(ScriptRow{inputs[i].name, static_cast<int64_t>(i), s.content_hash, s.size, s.mtime_ns, s.modified_at},
                       id);
      writer.AddScriptFacts(id, facts, {});
    } catch (...) {
      error = std::current_exception();
    }
  });
  if (error) std::rethrow_exception(error);
  streamed = true;
}

// Writes the pieces of analysed scripts into the store as they arrive.
class PartWriter {
 public:
  struct Pending {
    int64_t position = 0;
    FileStamp stamp;
    std::optional<std::string> facts;  // encoded schema facts (store/facts_codec.h), when learning
    std::vector<std::string> fact_tables;  // the tables they name (lineage::FactTables)
    int64_t script_id = 0;  // the script's row and facts are in the store already (a full update's gather)
  };

  PartWriter(StoreWriter& writer, bool keep_reads, size_t pause_after, const driver::PartSink& on_part,
             UpdateSummary& summary)
      : writer_(writer), keep_reads_(keep_reads), pause_after_(pause_after), on_part_(on_part), summary_(summary) {}

  void Expect(const std::string& name, Pending p) { pending_[name] = std::move(p); }

  void operator()(driver::FilePart&& part) {
    if (part.file.is_catalog) return;  // read again by the run; its facts are stored once
    const std::string name(part.file.source->name());
    if (part.first) {
      auto it = pending_.find(name);
      if (it == pending_.end()) throw StoreError(Cat("analysed a script it did not expect: ", name));
      const Pending& p = it->second;
      script_id_ = p.script_id;
      if (script_id_ == 0)
        script_id_ = writer_.AddScript(
            ScriptRow{name, p.position, p.stamp.content_hash, p.stamp.size, p.stamp.mtime_ns, p.stamp.modified_at});
      if (p.facts) writer_.AddScriptFacts(script_id_, *p.facts, p.fact_tables);
      pending_.erase(it);
      statements_ = statements_with_errors_ = file_errors_ = 0;
    }
    // A sync job's text is no SQL and may hold credentials (DataX's `password`): not kept.
    for (const driver::StatementResult& st : part.file.statements)
      writer_.AddStatement(script_id_, st.Facts(),
                           st.kind == StatementKind::Sync ? std::string_view() : part.file.source->Slice(st.span));
    statements_ += part.statements;
    statements_with_errors_ += part.statements_with_errors;
    for (const Diagnostic& d : part.file.diagnostics) file_errors_ += d.severity == Severity::Error;
    if (part.file.unreadable && file_errors_ == 0) file_errors_ = 1;
    if (part.last) {
      writer_.FinishScript(script_id_, statements_, statements_with_errors_, file_errors_);
      if (part.file.schema != nullptr) writer_.AddScriptSchema(script_id_, *part.file.schema, keep_reads_);
      ++summary_.analysed;
      summary_.statements += statements_;
      summary_.statements_with_errors += statements_with_errors_;
    }
    const bool last = part.last;
    on_part_(std::move(part));
    if (last && pause_after_ != 0 && summary_.analysed == pause_after_) {
      std::fprintf(stderr, "hivelineage store: paused after %zu scripts, transaction open\n", pause_after_);
      std::fflush(stderr);
      std::this_thread::sleep_for(std::chrono::minutes(10));
    }
  }

 private:
  StoreWriter& writer_;
  const bool keep_reads_;
  const size_t pause_after_;
  const driver::PartSink& on_part_;
  UpdateSummary& summary_;
  absl::flat_hash_map<std::string, Pending> pending_;
  int64_t script_id_ = 0;
  int64_t statements_ = 0, statements_with_errors_ = 0, file_errors_ = 0;
};

// Analyses one script of a --sequence run on the running session, as the
// run's scheduler would, recording what it read and declared.
driver::FileResult AnalyzeInSequence(const driver::InputFile& input, lineage::Session& session,
                                     const driver::AnalyzeOptions& options) {
  driver::LoadedInput in = driver::LoadInput(input, driver::MaxFileBytes(options.limits));
  driver::FileResult file;
  if (in.unreadable) {
    file.source = in.source;
    file.diagnostics = std::move(in.diagnostics);
    file.unreadable = true;
    return file;
  }
  driver::ScopedSchemaRecording recording(session.catalog);
  file = driver::AnalyzeScript(in.source, session, options);
  file.diagnostics.insert(file.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
  file.schema = std::make_shared<const driver::ScriptSchema>(recording.Take());
  return file;
}

}  // namespace

UpdateSummary UpdateStore(Database& db, const std::vector<driver::InputFile>& inputs, const UpdateOptions& options,
                          const driver::PartSink& on_part) {
  UpdateSummary summary;
  const driver::RunOptions& run = options.run;
  // Learning the warehouse's schema (driver/gather.h) needs every script's
  // facts: the store keeps them (script_facts), so an update gathers only the
  // scripts that changed and merges with the stored facts of the others.
  const bool learn = run.analyze.learn_schema;
  {
    absl::flat_hash_set<std::string> seen;
    for (const driver::InputFile& in : inputs) {
      if (in.path == "-") {
        summary.fatal_error = "a store keeps files: standard input cannot be stored";
        return summary;
      }
      if (!seen.insert(in.name).second) {
        summary.fatal_error = Cat(in.name, " is listed twice; a store keeps each script once");
        return summary;
      }
    }
  }
  const std::string settings = AnalysisSettings(run);
  const int64_t started = NowNanoseconds();

  Transaction transaction(db);
  StoreWriter writer(db);
  const std::string before = GetMeta(db, "settings");
  if (options.full)
    summary.full_reason = "--full was given";
  else if (before.empty())
    summary.full_reason = "a new store";
  else
    summary.full_reason = SettingsChange(before, settings);
  const bool full = !summary.full_reason.empty();
  // A full update fills empty tables: their secondary indexes are built once at the end.
  std::optional<DeferredIndexes> deferred;
  if (full) deferred.emplace(db);
  if (full) writer.DeleteAll();
  // Files modified since a second before the last update began are read again whatever their time says.
  const std::string stamped_at = GetMeta(db, "stamped_at_ns");
  const int64_t trusted_before = stamped_at.empty() ? 0 : std::stoll(stamped_at) - 1'000'000'000;

  absl::flat_hash_map<std::string, StoredScript> stored = LoadScripts(db);
  std::vector<int64_t> replaced_ids;  // scripts removed or changed: their stored facts are no longer the script's
  bool jobs_changed = false;          // a sync job came, went or changed (LOAD DATA reads what jobs write)
  {
    absl::flat_hash_set<std::string> names;
    for (const driver::InputFile& in : inputs) names.insert(in.name);
    std::vector<std::pair<std::string, int64_t>> gone;
    for (const auto& [path, s] : stored)
      if (!names.contains(path)) gone.emplace_back(path, s.id);
    std::sort(gone.begin(), gone.end());
    for (const auto& [path, id] : gone) {
      jobs_changed = jobs_changed || sync::IsJobFileName(path);
      replaced_ids.push_back(id);
      writer.ForgetScript(id);
      stored.erase(path);
      ++summary.removed;
    }
  }

  // What each analysed script looked up is kept when what it finds can change
  // without the script changing (--sequence, the learned schema).
  PartWriter write(writer, run.sequenced || learn, options.pause_after_scripts, on_part, summary);
  StartingCatalog catalog;
  if (full || run.sequenced || learn) {
    catalog = LoadStartingCatalog(run.analyze, full ? &on_part : nullptr);
    if (!catalog.error.empty()) {
      summary.fatal_error = catalog.error;
      return summary;  // rolled back: the store is left as it was
    }
  }
  if (full) {
    // The --catalog's tables only: learned ones are kept apart (learned_tables).
    for (const lineage::CatalogTable* t : catalog.given->Tables()) writer.AddCatalogTable(*t);
    for (const auto& [name, kind] : catalog.marks) writer.AddCatalogMark(name, kind);
    Statement files = db.Prepare("INSERT INTO catalog_files(position, path, content_hash, size) VALUES (?, ?, ?, ?)");
    for (size_t i = 0; i < run.analyze.catalogs.size(); ++i) {
      const driver::CatalogSource& c = run.analyze.catalogs[i];
      FileStamp s;
      if (c.text) {
        s.content_hash = output::Md5Hex(*c.text);
        s.size = static_cast<int64_t>(c.text->size());
      } else {
        s = StampFile(c.name);
      }
      files.Bind(1, static_cast<int64_t>(i)).Bind(2, c.name).Bind(3, s.content_hash).Bind(4, s.size).Run();
    }
  }

  auto find = [&](const std::string& name) -> const StoredScript* {
    auto it = stored.find(name);
    return it == stored.end() ? nullptr : &it->second;
  };
  const size_t n = inputs.size();
  std::vector<FileStamp> stamps(n);
  std::vector<char> same(n);  // content as stored
  for (size_t i = 0; i < n; ++i) same[i] = Unchanged(inputs[i].path, find(inputs[i].name), trusted_before, stamps[i]);

  // The learned schema (driver/gather.h): the facts of the changed scripts
  // gathered and merged with the stored facts of the others. Only the part
  // of the schema their facts touch is merged again (LearnedPart), from the
  // facts of the scripts that name it, unless the store cannot tell which
  // scripts those are (a store of version 6 and before) or the unchanged
  // scripts changed order (ties between declarations go by input order).
  std::vector<std::optional<std::string>> encoded_facts(n);  // as gathered, encoded once to be merged and stored
  bool streamed = false;  // a full update: every script's row (id: position + 1) and facts written as gathered
  std::vector<std::vector<std::string>> fact_tables(n);      // lineage::FactTables of the gathered ones
  std::shared_ptr<const lineage::TableLoader> learned;       // the learned tables the analysis looks up
  std::shared_ptr<const StoredLearnedTables> learned_tables;  // unless merged whole: the stored entries (and the part)
  absl::flat_hash_set<std::string> relearned;                // learned tables whose entry changed
  std::vector<char> dependant(n);                            // unchanged, analysed again: what it read changed
  // When no script came, went or changed, the facts and the schema merged
  // from them are as stored: nothing to merge (a --sequence walk still needs
  // the learned catalog).
  const bool facts_changed =
      full || summary.removed > 0 || std::find(same.begin(), same.end(), false) != same.end();
  // A store of version 6 and before has no entries to read back: merged whole once.
  const bool index_missing = GetMeta(db, "fact_tables") == "missing";
  if (learn && (facts_changed || index_missing)) {
    bool whole = full || index_missing;
    absl::flat_hash_map<int64_t, size_t> position_of;  // unchanged scripts: id -> input position
    for (size_t i = 0; i < n; ++i) {
      const StoredScript* s = find(inputs[i].name);
      if (s == nullptr) continue;
      if (!same[i]) {
        replaced_ids.push_back(s->id);
        continue;
      }
      position_of.emplace(s->id, i);
    }
    {
      int64_t last = -1;
      for (size_t i = 0; i < n && !whole; ++i) {
        if (!same[i]) continue;
        const int64_t p = find(inputs[i].name)->position;
        whole = p <= last;
        last = p;
      }
    }
    // The scripts' facts are held encoded (a third of their size as values), each decoded when it is merged.
    auto gather = [&](const std::vector<size_t>& at) {
      std::vector<driver::InputFile> files;
      for (size_t i : at) files.push_back(inputs[i]);
      driver::GatherScripts(files, run.analyze, driver::ResolveJobs(run.jobs),
                            [&](size_t k, lineage::ScriptFacts&& f) { encoded_facts[at[k]] = EncodeFacts(f); });
    };
    // A gathered script's facts as they will be read back, so that every update merges the same values.
    auto read_back = [&](size_t i, lineage::ScriptFacts& facts) {
      if (!DecodeFacts(*encoded_facts[i], inputs[i].name, facts))
        throw StoreError(Cat("schema facts of ", inputs[i].name, " do not read back"));
      fact_tables[i] = lineage::FactTables(facts);
    };
    std::vector<size_t> changed_at;
    for (size_t i = 0; i < n; ++i)
      if (!same[i]) changed_at.push_back(i);
    if (!whole) {
      gather(changed_at);
      LearnedPart part;
      std::vector<std::string> frontier;
      for (size_t i : changed_at) {
        read_back(i, part.facts[i]);
        for (const std::string& t : fact_tables[i])
          if (part.tables.insert(t).second) frontier.push_back(t);
      }
      Statement named = db.Prepare("SELECT name FROM fact_tables WHERE script_id = ?");
      for (int64_t id : replaced_ids) {
        named.Bind(1, id);
        while (named.Step())
          if (part.tables.insert(std::string(named.Text(0))).second) frontier.emplace_back(named.Text(0));
        named.Reset();
      }
      if (GrowLearnedPart(db, inputs, position_of, std::move(frontier), part)) {
        std::vector<lineage::ScriptFacts> narrowed;
        for (const auto& [position, f] : part.facts) narrowed.push_back(lineage::NarrowFacts(f, part.tables));
        const lineage::WarehouseSchema merged = lineage::MergeFacts(narrowed, *catalog.given);
        LearnedSchemaUpdate stored(writer, LoadLearnedRows(db, part.tables));
        for (const lineage::LearnedTable& t : merged.tables) stored.Put(t);
        relearned = std::move(stored).Finish();
        learned_tables = std::make_shared<const StoredLearnedTables>(db.path(), merged, std::move(part.tables));
        learned = learned_tables;
      } else {
        whole = true;  // a script's facts are missing: merged whole, where it is analysed again
      }
    }
    if (whole) {
      const bool index = index_missing;
      if (index) db.Exec("DELETE FROM fact_tables");
      std::vector<size_t> to_gather;
      for (size_t i = 0; i < n; ++i)
        if (!same[i] && !encoded_facts[i]) to_gather.push_back(i);
      if (full)
        GatherIntoStore(writer, inputs, stamps, run, streamed);
      else
        gather(to_gather);
      // Merged one script at a time, in input order: the warehouse's facts are never all held as values.
      lineage::FactsMerger merger(*catalog.given);
      Statement stored_facts = db.Prepare("SELECT facts FROM script_facts WHERE script_id = ?");
      lineage::ScriptFacts facts;
      for (size_t i = 0; i < n; ++i) {
        if (same[i]) {
          const int64_t id = find(inputs[i].name)->id;
          stored_facts.Bind(1, id);
          const bool read = stored_facts.Step() && DecodeFacts(stored_facts.Text(0), inputs[i].name, facts);
          stored_facts.Reset();
          if (read) {
            if (index) writer.AddFactTables(id, lineage::FactTables(facts));
            merger.Add(facts);
            continue;
          }
          dependant[i] = true;  // its facts are missing: analysed again to store them
          if (!encoded_facts[i]) gather({i});
        }
        if (streamed) {
          // Read back from the store, where the gather put it; the tables it names go there now.
          const int64_t id = static_cast<int64_t>(i) + 1;
          stored_facts.Bind(1, id);
          const bool read = stored_facts.Step() && DecodeFacts(stored_facts.Text(0), inputs[i].name, facts);
          stored_facts.Reset();
          if (!read) throw StoreError(Cat("schema facts of ", inputs[i].name, " do not read back"));
          writer.AddFactTables(id, lineage::FactTables(facts));
        } else {
          read_back(i, facts);
        }
        merger.Add(facts);
      }
      // Each table stored with its evidence as the merge makes it; the analysis looks up the tables alone.
      LearnedSchemaUpdate stored(writer, LoadLearnedRows(db));
      lineage::WarehouseSchema tables;
      merger.Finish([&](lineage::LearnedTable&& t) {
        stored.Put(t);
        tables.tables.emplace_back().table = std::move(t.table);
      });
      relearned = std::move(stored).Finish();
      learned = lineage::LearnedTables(std::move(tables));
      if (index) db.Prepare("DELETE FROM meta WHERE key = 'fact_tables'").Run();
    }
  }
  // The learned schema the analysis looks up: as merged whole, or the
  // stored entries with what was merged in part (when nothing was merged, as stored).
  auto learned_loader = [&] {
    if (learned == nullptr) {
      learned_tables = std::make_shared<const StoredLearnedTables>(db.path(), lineage::WarehouseSchema(),
                                                                   absl::flat_hash_set<std::string>());
      learned = learned_tables;
    }
    return learned;
  };
  // A stored entry that did not read back was taken as unknown: the update fails (rolled back).
  auto check_learned_tables = [&] {
    if (learned_tables == nullptr) return;
    if (std::string error = learned_tables->error(); !error.empty()) throw StoreError(error);
  };

  auto keep = [&](const StoredScript& s, int64_t position, const FileStamp& stamp) {
    if (s.position != position) writer.SetPosition(s.id, position);
    if (s.mtime_ns != stamp.mtime_ns || s.size != stamp.size)
      writer.SetFileTime(s.id, stamp.size, stamp.mtime_ns, stamp.modified_at);
  };
  // The script will be analysed: its stored rows go (DeleteForgotten).
  Statement stored_text = db.Prepare("SELECT facts FROM script_facts WHERE script_id = ?");
  Statement stored_names = db.Prepare("SELECT name FROM fact_tables WHERE script_id = ? ORDER BY name");
  auto replace = [&](size_t i) {
    const driver::InputFile& in = inputs[i];
    if (const StoredScript* s = find(in.name)) {
      if (s->content_hash != stamps[i].content_hash) ++summary.changed;
      writer.ForgetScript(s->id);
    } else if (!full) {
      ++summary.added;
    }
    PartWriter::Pending pending{static_cast<int64_t>(i), std::move(stamps[i]), std::nullopt, {}};
    if (streamed) {
      pending.script_id = static_cast<int64_t>(i) + 1;
    } else if (encoded_facts[i]) {
      pending.facts = std::move(*encoded_facts[i]);
      pending.fact_tables = std::move(fact_tables[i]);
    } else if (learn) {
      // Unchanged, analysed again: its facts as stored.
      const StoredScript* s = find(in.name);
      stored_text.Bind(1, s->id);
      if (stored_text.Step()) pending.facts = std::string(stored_text.Text(0));
      stored_text.Reset();
      stored_names.Bind(1, s->id);
      while (stored_names.Step()) pending.fact_tables.emplace_back(stored_names.Text(0));
      stored_names.Reset();
    }
    write.Expect(in.name, std::move(pending));
  };

  // A LOAD DATA reads the dataset a sync job of the run writes at its path
  // (sync/load_data.h): when a job came, went or changed, the unchanged
  // scripts that load data are analysed again, so no link goes stale.
  for (size_t i = 0; i < n && !jobs_changed; ++i) jobs_changed = !same[i] && sync::IsJobFileName(inputs[i].name);
  if (jobs_changed) {
    absl::flat_hash_set<int64_t> loading;
    Statement loads = db.Prepare("SELECT DISTINCT script_id FROM statements WHERE kind = ?");
    loads.Bind(1, std::string_view(StatementKindName(StatementKind::Load)));
    while (loads.Step()) loading.insert(loads.Int(0));
    for (size_t i = 0; i < n; ++i)
      if (same[i] && loading.contains(find(inputs[i].name)->id)) dependant[i] = true;
  }

  if (!run.sequenced) {
    // An unchanged script is analysed again when a learned table it looked up changed.
    if (!relearned.empty()) {
      const absl::flat_hash_set<int64_t> affected = ScriptsReading(db, relearned);
      for (size_t i = 0; i < n; ++i)
        if (same[i] && affected.contains(find(inputs[i].name)->id)) dependant[i] = true;
    }
    std::vector<size_t> todo_at;
    for (size_t i = 0; i < n; ++i) {
      if (same[i] && !dependant[i]) {
        keep(*find(inputs[i].name), static_cast<int64_t>(i), stamps[i]);
        continue;
      }
      if (same[i]) ++summary.dependants;
      replace(i);
      todo_at.push_back(i);
    }
    // The scripts analysed: the inputs themselves when all are (no copy of a warehouse's list of files).
    std::vector<driver::InputFile> some;
    if (todo_at.size() < n)
      for (size_t i : todo_at) some.push_back(inputs[i]);
    const std::vector<driver::InputFile>& todo = todo_at.size() < n ? some : inputs;
    todo_at = std::vector<size_t>();
    writer.DeleteForgotten();
    if (!todo.empty()) {
      driver::RunOptions ro = run;
      ro.record_schema = true;
      ro.renderer = nullptr;
      if (learn) ro.learned_tables = learned_loader();
      ro.job_inputs = &inputs;  // a LOAD DATA finds the job writing its path among all of them
      const driver::RunSummary r = driver::Run(todo, ro, [&](driver::FilePart&& part) { write(std::move(part)); });
      if (!r.fatal_error.empty()) {
        summary.fatal_error = r.fatal_error;
        return summary;
      }
    }
  } else {
    // In run order on one session that starts from the --catalog and the
    // learned schema: an unchanged script whose reads still hold is replaced
    // by what it declared; any other is analysed.
    std::shared_ptr<const lineage::Catalog> start =
        learn ? std::make_shared<const lineage::Catalog>(learned_loader(), catalog.given) : catalog.given;
    lineage::Session session = driver::NewSession(run.analyze, lineage::Catalog(start));
    ReadCheck reads(db);
    Statement declared =
        db.Prepare("SELECT name, dropped, definition FROM declared_tables WHERE script_id = ? ORDER BY id");
    writer.DeleteForgotten();
    for (size_t i = 0; i < n; ++i) {
      const StoredScript* s = find(inputs[i].name);
      if (same[i] && !dependant[i] && reads.Holds(s->id, session.catalog)) {
        const driver::ScriptSchema schema = LoadScriptSchema(declared, s->id);
        schema.ApplyTo(session.catalog);
        reads.Forget(schema);
        keep(*s, static_cast<int64_t>(i), stamps[i]);
        continue;
      }
      if (same[i]) ++summary.dependants;
      replace(i);
      writer.DeleteForgotten();
      driver::FileResult file = AnalyzeInSequence(inputs[i], session, run.analyze);
      if (file.schema != nullptr) reads.Forget(*file.schema);
      write(driver::WholeFilePart(std::move(file)));
    }
  }

  if (deferred) deferred->Rebuild();
  check_learned_tables();
  writer.CollectGarbage();
  SetMeta(db, "settings", settings);
  SetMeta(db, "stamped_at_ns", Cat(started));
  SetMeta(db, "store_version_written_by", HIVELINEAGE_VERSION);
  SetMeta(db, "updated_at", NowRfc3339());
  summary.scripts = static_cast<size_t>(db.QueryInt("SELECT count(*) FROM scripts"));
  summary.scripts_with_errors = ScriptsWithErrors(db);
  transaction.Commit();
  return summary;
}

size_t ScriptsWithErrors(Database& db) {
  return static_cast<size_t>(
      db.QueryInt("SELECT count(*) FROM scripts WHERE statements_with_errors > 0 OR file_errors > 0"));
}

std::string UpdateSummaryLine(const UpdateSummary& s, double seconds) {
  std::string line = Cat("hivelineage store: ", s.scripts, s.scripts == 1 ? " script" : " scripts");
  if (!s.full_reason.empty()) {
    Append(line, ", all analysed (", s.full_reason, ")");
  } else if (s.analysed == 0) {
    line += ", nothing changed: nothing analysed";
  } else {
    Append(line, ", ", s.analysed, " analysed (");
    std::string parts;
    auto part = [&](size_t n, const char* what) {
      if (n == 0) return;
      if (!parts.empty()) parts += ", ";
      Append(parts, n, " ", what);
    };
    part(s.added, "new");
    part(s.changed, "changed");
    part(s.dependants, "reading a table another script changed");
    Append(line, parts, ")");
  }
  if (s.removed > 0) Append(line, ", ", s.removed, " removed");
  Append(line, ", ", s.statements, " statements analysed");
  char buf[32];
  std::snprintf(buf, sizeof(buf), " in %.2f s", seconds);
  line += buf;
  if (s.scripts_with_errors > 0)
    Append(line, "; ", s.scripts_with_errors,
           s.scripts_with_errors == 1 ? " script in the store has errors" : " scripts in the store have errors");
  line += "\n";
  return line;
}

}  // namespace hivelineage::store
