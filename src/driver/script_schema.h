// What a script's analysis took from the catalog it started with and what it
// declared in it: the facts an incremental store (src/store/) keeps per
// script. A script needs analysing again when a table it read changed in the
// catalog it starts from (a --sequence run: an earlier script's DDL); what it
// declared is applied in its place when it does not.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "lineage/catalog.h"

namespace hivelineage::driver {

struct ScriptSchema {
  // Every table the analysis looked up before the script itself changed it,
  // with the TableFingerprint of what the starting catalog held (empty: no
  // such table); sorted by name.
  std::vector<std::pair<std::string, std::string>> reads;
  // The last version of every table the script created or changed, sorted
  // by name (one it dropped again at the end too: it still declared it).
  std::vector<lineage::CatalogTable> declared;
  // The tables the script changed that are gone at its end, sorted.
  std::vector<std::string> dropped;

  // Applies the script's effect on the catalog: what it declared and did not
  // drop is put, what it dropped is removed.
  void ApplyTo(lineage::Catalog& catalog) const;
};

// A digest of everything the catalog keeps about `table` (equal tables, equal
// fingerprints).
std::string TableFingerprint(const lineage::CatalogTable& table);

// Attach to the catalog a script is analysed with (Catalog::SetObserver);
// Take() afterwards.
class SchemaRecorder : public lineage::CatalogObserver {
 public:
  void Looked(const std::string& name, const lineage::CatalogTable* found) override;
  void Changed(const std::string& name, const lineage::CatalogTable* now) override;
  ScriptSchema Take();

 private:
  absl::flat_hash_map<std::string, std::string> reads_;
  absl::flat_hash_map<std::string, lineage::CatalogTable> declared_;
  absl::flat_hash_map<std::string, bool> present_;  // changed names: there at the end?
};

// A SchemaRecorder attached to `catalog` for as long as this lives (when
// `enabled`), detached however the scope is left: a cancelled or failed
// analysis must not leave the catalog pointing at a dead recorder.
class ScopedSchemaRecording {
 public:
  explicit ScopedSchemaRecording(lineage::Catalog& catalog, bool enabled = true) : catalog_(catalog), enabled_(enabled) {
    if (enabled_) catalog_.SetObserver(&recorder_);
  }
  ~ScopedSchemaRecording() {
    if (enabled_) catalog_.SetObserver(nullptr);
  }
  ScopedSchemaRecording(const ScopedSchemaRecording&) = delete;
  ScopedSchemaRecording& operator=(const ScopedSchemaRecording&) = delete;
  ScriptSchema Take() { return recorder_.Take(); }

 private:
  lineage::Catalog& catalog_;
  bool enabled_;
  SchemaRecorder recorder_;
};

}  // namespace hivelineage::driver
