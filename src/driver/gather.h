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
#include "driver/parsed_statements.h"
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
// With `parsed`, every statement the analysis would parse is parsed (those
// that carry no facts too) and kept there for it, while the ASTs kept by the
// whole run stay within their budget; the facts are the same.
struct ParseKeeping {
  ParsedStatements* into;
  std::atomic<uint64_t>* used;  // arena bytes kept by the whole run so far
  uint64_t max_bytes;
};
lineage::ScriptFacts GatherScript(const SourceFile& source, const AnalyzeOptions& options,
                                  lexer::StatementSpans* statements = nullptr, const ParseKeeping* parsed = nullptr);

// A file the gather read, where it found its statements, and those it parsed.
struct KeptInput {
  LoadedInput loaded;
  lexer::StatementSpans statements;
  ParsedStatements parsed;
};

// The files a gather read, kept for the analysis that follows it, so that a
// run reads, decodes and splits each script once: input i's at files[i] (a
// null source: not kept), as long as they total at most `max_bytes` (the rest
// are read again). The analysis takes each over (driver::RunScheduled) and
// frees it with the file's results. The statements of a kept file are
// parsed by the gather and kept too, as long as their ASTs total at most
// `max_parsed_bytes` (the rest are parsed by the analysis).
struct KeptInputs {
  KeptInputs(size_t inputs, uint64_t max_bytes, uint64_t max_parsed_bytes = 0)
      : files(inputs), max_bytes(max_bytes), max_parsed_bytes(max_parsed_bytes) {}

  std::vector<KeptInput> files;
  const uint64_t max_bytes;
  const uint64_t max_parsed_bytes;
  std::atomic<uint64_t> bytes{0};         // kept so far
  std::atomic<uint64_t> parsed_bytes{0};  // of ASTs kept so far
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
