#include "driver/gather.h"

#include <atomic>
#include <thread>

#include "base/arena.h"
#include "lexer/script.h"
#include "parser/parser.h"

namespace hivelineage::driver {
namespace {

// Statements worth parsing for facts (FactsGatherer reads nothing else):
// skipping EXPLAIN, SHOW, DROP, LOAD, ... keeps the gather phase cheap.
bool MaySayAboutSchema(StatementKind kind) {
  switch (kind) {
    case StatementKind::Query:
    case StatementKind::Insert:
    case StatementKind::Ctas:
    case StatementKind::CreateTable:
    case StatementKind::CreateView:
    case StatementKind::Merge:
    case StatementKind::Update:
    case StatementKind::Delete:
    case StatementKind::Use:
    case StatementKind::Alter:
      return true;
    case StatementKind::Command:
    case StatementKind::Explain:
    case StatementKind::Drop:
    case StatementKind::Truncate:
    case StatementKind::Load:
    case StatementKind::Export:
    case StatementKind::Import:
    case StatementKind::Other:
      return false;
  }
  return false;
}

}  // namespace

lineage::ScriptFacts GatherScript(const SourceFile& source, const AnalyzeOptions& options) {
  lineage::FactsGatherer gatherer(std::string(source.name()), options.default_database);
  const Limits& limits = options.limits;
  if (source.text().size() > MaxFileBytes(limits)) return gatherer.Finish();
  // Named references, not a structured binding: lambdas below capture them (clang 14).
  ScriptReading reading = StartReading(options);
  auto& vars = reading.vars;
  auto& split = reading.split;
  auto& parse = reading.parse;
  Diagnostics ignored;
  lexer::SplitScript(source, vars, ignored, split, [&](lexer::StatementText&& st) {
    if (st.command == lexer::CommandKind::Set) parser::ApplySetting(st.SetKey(), st.SetValue(), parse);
    if (st.command != lexer::CommandKind::None || st.text().size() > limits.max_statement_bytes) return;
    if (!MaySayAboutSchema(lexer::GuessStatementKind(st.text()))) return;
    Arena arena;
    Diagnostics diags;
    try {
      const ast::Statement* stmt = parser::ParseStatement(st.text(), arena, parse, diags);
      if (stmt == nullptr) return;
      gatherer.Statement(
          *stmt, [&](Span span) { return static_cast<uint32_t>(source.Locate(st.ToOriginal(span).begin).line); });
    } catch (const std::exception&) {
      // The analysis meets the same statement and reports what went wrong.
    }
  });
  return gatherer.Finish();
}

std::vector<lineage::ScriptFacts> GatherScripts(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                int jobs) {
  std::vector<lineage::ScriptFacts> out(inputs.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < inputs.size(); i = next++) {
      LoadedInput in = LoadInput(inputs[i], MaxFileBytes(options.limits));
      out[i].file = inputs[i].name;
      if (in.unreadable) continue;
      out[i] = GatherScript(*in.source, options);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return out;
}

lineage::WarehouseSchema LearnWarehouse(const std::vector<InputFile>& inputs, const AnalyzeOptions& options, int jobs,
                                        const lineage::Catalog& given) {
  return lineage::MergeFacts(GatherScripts(inputs, options, jobs), given);
}

std::shared_ptr<const lineage::Catalog> LearnCatalog(const std::vector<InputFile>& inputs, const AnalyzeOptions& options,
                                                     int jobs, std::shared_ptr<const lineage::Catalog> given) {
  return lineage::LearnedCatalog(GatherScripts(inputs, options, jobs), std::move(given));
}

}  // namespace hivelineage::driver
