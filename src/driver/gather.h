// The first phase of a run: every script's schema facts (lineage/schema_facts.h),
// gathered in parallel by splitting and parsing each script — no rewrite, no
// lineage — and merged into the warehouse catalog the second phase analyses
// every script against (lineage/warehouse_schema.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "base/source_file.h"
#include "driver/options.h"
#include "driver/run.h"
#include "lexer/script.h"
#include "lineage/schema_facts.h"
#include "lineage/warehouse_schema.h"

namespace hivelineage::driver {

// One script's facts: its statements split and parsed as AnalyzeScript would
// (variables, `set` lines, limits), each walked by a FactsGatherer. Statements
// that cannot carry facts are not parsed: those of kinds that say nothing about
// schema, ALTERs that touch no columns or views, and queries and DML whose
// tokens name no table but the script's own.
// Where the statements were found goes to `statements` when given.
lineage::ScriptFacts GatherScript(const SourceFile& source, const AnalyzeOptions& options,
                                  lexer::StatementSpans* statements = nullptr);

// A file the gather read, and where it found its statements.
struct KeptInput {
  LoadedInput loaded;
  lexer::StatementSpans statements;
};

// The files a gather read, kept for the analysis that follows it, so that a
// run reads, decodes and splits each script once: input i's at files[i] (a
// null source: not kept), as long as they total at most `max_bytes` (the rest
// are read again). The analysis takes each over (driver::RunScheduled) and
// frees it with the file's results.
struct KeptInputs {
  KeptInputs(size_t inputs, uint64_t max_bytes) : files(inputs), max_bytes(max_bytes) {}

  std::vector<KeptInput> files;
  const uint64_t max_bytes;
  std::atomic<uint64_t> bytes{0};  // kept so far
};

// Every input's facts, in input order, on up to `jobs` threads. Inputs that
// cannot be read give empty facts (the analysis reports them).
std::vector<lineage::ScriptFacts> GatherScripts(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                int jobs);

// The same, each input's facts handed to `sink` with the input's index as
// soon as they are gathered, on the gathering threads: a caller keeping them
// in a compact form (a store encodes them) never holds them all. The files
// read go to `keep` when given.
void GatherScripts(const std::vector<InputFile>& inputs, const AnalyzeOptions& options, int jobs,
                   const std::function<void(size_t, lineage::ScriptFacts&&)>& sink, KeptInputs* keep = nullptr);

// What `inputs` say about the warehouse, over the --catalog tables `given`:
// gathered on up to `jobs` threads and merged (lineage::MergeFacts).
lineage::WarehouseSchema LearnWarehouse(const std::vector<InputFile>& inputs, const AnalyzeOptions& options, int jobs,
                                        const lineage::Catalog& given);

// The catalog a run analyses `inputs` against: what they say about the
// warehouse put above `given` (not null), without the evidence LearnWarehouse
// keeps for `catalog` and the store; `given` itself when they say nothing.
// Each script's facts are merged (lineage::FactsMerger) once those of every
// script before it are, then dropped: never all held at once. The files
// read go to `keep` when given, for the analysis.
std::shared_ptr<const lineage::Catalog> LearnCatalog(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                     int jobs, std::shared_ptr<const lineage::Catalog> given,
                                                     KeptInputs* keep = nullptr);

}  // namespace hivelineage::driver
