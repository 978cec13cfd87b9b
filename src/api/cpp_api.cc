// The public C++ API: a façade over driver::AnalyzeScript and the output
// writers, converting internal results into the plain types of
// include/hivelineage/hivelineage.hpp.
#include <exception>

#include "driver/analyze_script.h"
#include "driver/output_writer.h"
#include "driver/run.h"
#include "driver/session.h"
#include "hivelineage/hivelineage.hpp"

namespace hivelineage {
namespace {

Message::Severity ToSeverity(Severity s) {
  switch (s) {
    case Severity::Error:
      return Message::Severity::Error;
    case Severity::Warning:
      return Message::Severity::Warning;
    case Severity::Note:
      return Message::Severity::Note;
  }
  return Message::Severity::Error;
}

Message ToMessage(const SourceFile& src, const Diagnostic& d) {
  Message m;
  m.severity = ToSeverity(d.severity);
  m.code = DiagnosticCodeName(d.code);
  m.text = d.message;
  const LineCol lc = src.Locate(d.span.begin);
  m.position = Position{d.span.begin, lc.line, lc.column};
  m.rendered = Render(src, d);
  return m;
}

Message OptionError(std::string text) {
  Message m;
  m.text = text;
  m.rendered = "hivelineage: error: " + text + "\n";
  return m;
}

Script ToScript(std::shared_ptr<const driver::FileResult> r) {
  Script s;
  const SourceFile& src = *r->source;
  s.file = std::string(src.name());
  for (const Diagnostic& d : r->diagnostics) s.messages.push_back(ToMessage(src, d));
  for (const driver::StatementResult& st : r->statements) {
    Statement out;
    out.index = st.index;
    out.begin = st.span.begin;
    out.end = st.span.end;
    out.start = Position{st.span.begin, st.start.line, st.start.column};
    out.kind = std::string(StatementKindName(st.kind));
    out.inputs = st.lineage.inputs;
    out.outputs = st.lineage.outputs;
    for (const auto& c : st.lineage.columns)
      out.columns.push_back({c.target, c.sources, c.expression, lineage::DerivationName(c.derivation)});
    for (const auto& p : st.lineage.predicates)
      out.predicates.push_back({p.sources, p.targets, p.expression, lineage::ClauseName(p.clause)});
    for (const Diagnostic& d : st.diagnostics) out.messages.push_back(ToMessage(src, d));
    s.statements.push_back(std::move(out));
  }
  s.detail = std::move(r);
  return s;
}

output::Format ToFormat(Format f) {
  switch (f) {
    case Format::Json:
      return output::Format::Json;
    case Format::Jsonl:
      return output::Format::Jsonl;
    case Format::Hive:
      return output::Format::Hive;
  }
  return output::Format::Json;
}

// The library's options as the driver's: the one place they are converted.
driver::AnalyzeOptions ToAnalyzeOptions(const Options& options) {
  driver::AnalyzeOptions o;
  o.default_database = options.default_database;
  o.variables = options.variables;
  o.allow_env = options.allow_env;
  o.semantics = options.semantics == Semantics::Hive ? lineage::Semantics::Hive : lineage::Semantics::Precise;
  o.parse.dialect = options.dialect == SqlDialect::Spark ? Dialect::Spark : Dialect::Hive;
  using Format = catalog::CatalogFormat;
  for (size_t i = 0; i < options.catalog_json.size(); ++i)
    o.catalogs.push_back({"catalog_json[" + std::to_string(i) + "]", options.catalog_json[i], Format::Json});
  for (size_t i = 0; i < options.catalog_ddl.size(); ++i)
    o.catalogs.push_back({"catalog_ddl[" + std::to_string(i) + "]", options.catalog_ddl[i], Format::Ddl});
  return o;
}

}  // namespace

bool Statement::has_error() const {
  for (const Message& m : messages)
    if (m.severity == Message::Severity::Error) return true;
  return false;
}

bool Script::has_error() const {
  for (const Message& m : messages)
    if (m.severity == Message::Severity::Error) return true;
  for (const Statement& st : statements)
    if (st.has_error()) return true;
  return false;
}

struct Analyzer::Impl {
  driver::AnalyzeOptions options;
  std::shared_ptr<const lineage::Catalog> catalog;  // the options' catalogs, loaded
  std::vector<Message> errors;
};

Analyzer::Analyzer(const Options& options) : impl_(std::make_unique<Impl>()) {
  Impl& im = *impl_;
  im.options = ToAnalyzeOptions(options);
  try {
    std::vector<Message> ddl_errors;
    driver::LoadedCatalog loaded = driver::LoadCatalog(im.options, [&](driver::FileResult&& r) {
      for (const auto& st : r.statements)
        for (const Diagnostic& d : st.diagnostics)
          if (d.severity == Severity::Error) ddl_errors.push_back(ToMessage(*r.source, d));
    });
    // JSON catalogs come first in the options, so their errors do too.
    for (const std::string& e : loaded.errors) im.errors.push_back(OptionError(e));
    im.errors.insert(im.errors.end(), ddl_errors.begin(), ddl_errors.end());
    im.catalog = std::make_shared<const lineage::Catalog>(std::move(loaded.catalog));
  } catch (const std::exception& e) {
    im.errors.push_back(OptionError(std::string("internal error while loading catalogs: ") + e.what()));
    im.catalog = std::make_shared<const lineage::Catalog>();
  }
}

Analyzer::~Analyzer() = default;
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;

const std::vector<Message>& Analyzer::errors() const { return impl_->errors; }

Script Analyzer::Analyze(std::string_view text, std::string_view file_name) const {
  try {
    driver::LoadedInput in = driver::DecodeInput(std::string(file_name), text);
    lineage::Session session = driver::NewSession(impl_->options, lineage::Catalog(impl_->catalog));
    auto result = std::make_shared<driver::FileResult>(driver::AnalyzeScript(in.source, session, impl_->options));
    result->diagnostics.insert(result->diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    return ToScript(std::move(result));
  } catch (const std::exception& e) {
    Script s;
    s.file = std::string(file_name);
    s.messages.push_back(OptionError(std::string("internal error: ") + e.what()));
    return s;
  }
}

std::string ToJson(const Script& script, Format format) { return ToJson(std::vector<Script>{script}, format); }

std::string ToJson(const std::vector<Script>& scripts, Format format) {
  std::unique_ptr<driver::OutputWriter> w = driver::MakeWriter(ToFormat(format));
  std::string out;
  w->Begin(out);
  for (const Script& s : scripts) {
    if (auto r = std::static_pointer_cast<const driver::FileResult>(s.detail)) w->File(*r, out);
  }
  w->End(out);
  return out;
}

const char* Version() { return HIVELINEAGE_VERSION; }

}  // namespace hivelineage
