// `hivelineage store update`: brings a store up to date with a set of
// scripts, in one transaction.
//
// Only scripts whose content changed (or that are new) are analysed; scripts
// no longer among the inputs are removed with everything they brought. As a
// run does, an update learns the warehouse's schema from all the scripts: it
// gathers the schema facts of the changed ones, reads the others' from the
// store, and merges them; an unchanged script is analysed again when a
// learned table it looked up changed (its stored reads say which and how it
// was). In a --sequence run each script also starts from what the earlier
// ones declared, with the same check; otherwise what it declared is applied
// in its place. A change of the analysis settings (store/fingerprint.h)
// analyses everything again.
//
// Results stream into the database as they are analysed (nothing holds the
// graph), and the transaction commits at the end: a process killed midway
// leaves the previous state whole.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "driver/run.h"
#include "store/sqlite.h"

namespace hivelineage::store {

struct UpdateOptions {
  driver::RunOptions run;  // catalogs, analysis options, -j, sequenced
  bool full = false;       // analyse every script again
  // For the interruption test: after this many scripts were written, say so
  // on stderr and sleep, transaction open (0: never).
  size_t pause_after_scripts = 0;
};

struct UpdateSummary {
  size_t scripts = 0;     // in the store afterwards
  size_t analysed = 0;    // analysed by this update
  size_t added = 0;       // of which new
  size_t changed = 0;     // of which with new content
  size_t dependants = 0;  // of which unchanged, analysed again because a table they read (learned or declared) changed
  size_t removed = 0;     // no longer among the inputs
  std::string full_reason;  // why every script was analysed ("a new store", ...); empty when incremental
  size_t statements = 0;    // statements analysed
  size_t statements_with_errors = 0;
  size_t scripts_with_errors = 0;  // in the whole store afterwards
  std::string fatal_error;         // nothing was changed (a catalog could not be loaded)
};

// Diagnostics of what is analysed go to `on_part` (catalog DDL files' only
// when they are read for a full analysis). Throws StoreError for a database
// problem (the transaction is rolled back).
UpdateSummary UpdateStore(Database& db, const std::vector<driver::InputFile>& inputs, const UpdateOptions& options,
                          const driver::PartSink& on_part);

// The scripts in the store whose analysis had errors.
size_t ScriptsWithErrors(Database& db);

// One line: "hivelineage store: 120 scripts: 3 analysed (1 new, 2 changed), 1 removed, in 0.21 s".
std::string UpdateSummaryLine(const UpdateSummary& s, double seconds);

}  // namespace hivelineage::store
