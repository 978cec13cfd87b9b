#include "output/json_writer.h"

#include <vector>

namespace hivelineage::output {
namespace {

void WriteDiagnostic(JsonOut& json, const SourceFile& src, const Diagnostic& d, bool with_file,
                     bool with_severity) {
  const LineCol lc = src.Locate(d.span.begin);
  json.BeginObject(/*inline_=*/true);
  if (with_file) {
    json.Key("file");
    json.String(src.name());
  }
  if (with_severity) {
    json.Key("severity");
    json.String(SeverityName(d.severity));
  }
  json.Key("message");
  json.String(d.message);
  json.Key("line");
  json.Int(lc.line);
  json.Key("column");
  json.Int(lc.column);
  json.EndObject();
}

// Errors and then the rest (warnings, notes) of a diagnostics list.
void WriteDiagnostics(JsonOut& json, const SourceFile& src, const Diagnostics& diags, bool with_file) {
  json.Key("errors");
  json.BeginArray();
  for (const Diagnostic& d : diags)
    if (d.severity == Severity::Error) WriteDiagnostic(json, src, d, with_file, false);
  json.EndArray();
  json.Key("warnings");
  json.BeginArray();
  for (const Diagnostic& d : diags)
    if (d.severity != Severity::Error) WriteDiagnostic(json, src, d, with_file, true);
  json.EndArray();
}

// Problems reported at the top of the document rather than on a statement.
struct TopLevel {
  std::shared_ptr<const SourceFile> source;
  Diagnostic diagnostic;
};

void CollectTopLevel(const driver::FileResult& file, std::vector<TopLevel>& out) {
  for (const Diagnostic& d : file.diagnostics) out.push_back(TopLevel{file.source, d});
  if (!file.is_catalog) return;
  // A catalog's statements are not listed, so their problems go to the top.
  for (const driver::StatementResult& st : file.statements)
    for (const Diagnostic& d : st.diagnostics) out.push_back(TopLevel{file.source, d});
}

class JsonWriter : public Writer {
 public:
  void Begin(std::string& out) override {
    json_ = std::make_unique<JsonOut>(out, /*pretty=*/true);
    json_->BeginObject();
    json_->Key("statements");
    json_->BeginArray();
  }

  void File(const driver::FileResult& file, std::string& out) override {
    json_->set_output(out);
    CollectTopLevel(file, top_);
    if (file.is_catalog) return;
    for (const driver::StatementResult& st : file.statements) WriteStatement(*json_, file, st);
  }

  void End(std::string& out) override {
    json_->set_output(out);
    json_->EndArray();
    json_->Key("errors");
    json_->BeginArray();
    for (const TopLevel& t : top_)
      if (t.diagnostic.severity == Severity::Error) WriteDiagnostic(*json_, *t.source, t.diagnostic, true, false);
    json_->EndArray();
    json_->Key("warnings");
    json_->BeginArray();
    for (const TopLevel& t : top_)
      if (t.diagnostic.severity != Severity::Error) WriteDiagnostic(*json_, *t.source, t.diagnostic, true, true);
    json_->EndArray();
    json_->EndObject();
    out.push_back('\n');
  }

 private:
  std::unique_ptr<JsonOut> json_;
  std::vector<TopLevel> top_;
};

class JsonlWriter : public Writer {
 public:
  void Begin(std::string&) override {}
  void File(const driver::FileResult& file, std::string& out) override {
    if (file.is_catalog) return;
    for (const driver::StatementResult& st : file.statements) {
      JsonOut json(out, /*pretty=*/false);
      WriteStatement(json, file, st);
      out.push_back('\n');
    }
  }
  void End(std::string&) override {}
};

}  // namespace

void WriteStatement(JsonOut& json, const driver::FileResult& file, const driver::StatementResult& st) {
  const SourceFile& src = *file.source;
  json.BeginObject();
  json.Key("file");
  json.String(src.name());
  json.Key("index");
  json.Int(st.index);
  json.Key("span");
  json.BeginObject(/*inline_=*/true);
  json.Key("begin");
  json.Int(st.span.begin);
  json.Key("end");
  json.Int(st.span.end);
  json.Key("line");
  json.Int(st.start.line);
  json.Key("column");
  json.Int(st.start.column);
  json.EndObject();
  json.Key("kind");
  json.String(st.kind);
  json.Key("inputs");
  json.StringArray(st.lineage.inputs);
  json.Key("outputs");
  json.StringArray(st.lineage.outputs);
  json.Key("columns");
  json.BeginArray();
  for (const lineage::ColumnLineage& c : st.lineage.columns) {
    json.BeginObject(/*inline_=*/true);
    json.Key("target");
    json.String(c.target);
    json.Key("sources");
    json.StringArray(c.sources);
    json.Key("expression");
    json.String(c.expression);
    json.EndObject();
  }
  json.EndArray();
  WriteDiagnostics(json, src, st.diagnostics, /*with_file=*/false);
  json.EndObject();
}

std::unique_ptr<Writer> MakeJsonWriter() { return std::make_unique<JsonWriter>(); }
std::unique_ptr<Writer> MakeJsonlWriter() { return std::make_unique<JsonlWriter>(); }

}  // namespace hivelineage::output
