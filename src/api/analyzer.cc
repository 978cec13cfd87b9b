// The public C++ API: a façade over driver::AnalyzeScript and the output
// writers, converting internal results into the plain types of
// include/hivelineage/hivelineage.hpp.
#include <exception>

#include "driver/analyze.h"
#include "driver/run.h"
#include "hivelineage/hivelineage.hpp"
#include "output/writer.h"

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
      out.columns.push_back({c.target, c.sources, c.expression, lineage::TransformName(c.transform)});
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
  lineage::Session session;  // catalog after loading the options' catalogs
  std::vector<Message> errors;
};

Analyzer::Analyzer(const Options& options) : impl_(std::make_unique<Impl>()) {
  Impl& im = *impl_;
  im.options.default_database = options.default_database;
  im.options.variables = options.variables;
  im.options.allow_env = options.allow_env;
  im.session.current_database = options.default_database;
  try {
    for (size_t i = 0; i < options.catalog_json.size(); ++i) {
      const std::string err = im.session.catalog.LoadJson(options.catalog_json[i]);
      if (!err.empty()) im.errors.push_back(OptionError("catalog_json[" + std::to_string(i) + "]: " + err));
    }
    for (size_t i = 0; i < options.catalog_ddl.size(); ++i) {
      auto src = std::make_shared<SourceFile>("catalog_ddl[" + std::to_string(i) + "]", options.catalog_ddl[i]);
      driver::FileResult r = driver::AnalyzeScript(src, im.session, im.options);
      for (const auto& st : r.statements)
        for (const Diagnostic& d : st.diagnostics)
          if (d.severity == Severity::Error) im.errors.push_back(ToMessage(*src, d));
      im.session.current_database = options.default_database;
    }
  } catch (const std::exception& e) {
    im.errors.push_back(OptionError(std::string("internal error while loading catalogs: ") + e.what()));
  }
}

Analyzer::~Analyzer() = default;
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;

const std::vector<Message>& Analyzer::errors() const { return impl_->errors; }

Script Analyzer::Analyze(std::string_view text, std::string_view file_name) const {
  try {
    driver::LoadedInput in = driver::DecodeInput(std::string(file_name), text);
    lineage::Session session = impl_->session;  // each script starts from the same state
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
  std::unique_ptr<output::Writer> w = output::MakeWriter(ToFormat(format));
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
