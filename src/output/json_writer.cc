#include "output/json_writer.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "base/json_out.h"

namespace hivelineage::output {
namespace {

// For a statement's problems (BufferedJson) and the document's top-level ones (JsonOut).
template <class Json>
void WriteDiagnostic(Json& json, const SourceFile& src, const Diagnostic& d, bool with_file, bool with_severity) {
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
  // The stable name of what the message says (docs/diagnostics.md): tools
  // match it, never the wording.
  json.Key("code");
  json.String(DiagnosticCodeName(d.code));
  json.Key("message");
  json.String(d.message);
  json.Key("line");
  json.Int(lc.line);
  json.Key("column");
  json.Int(lc.column);
  json.EndObject();
}

// Errors and then the rest (warnings, notes) of a diagnostics list.
template <class Json>
void WriteDiagnostics(Json& json, const SourceFile& src, const Diagnostics& diags, bool with_file) {
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

// Depth of the document's arrays (statements, errors, warnings) in pretty mode.
constexpr int kArrayDepth = 2;

class JsonWriter : public Writer {
 public:
  void Statement(const FileOutput& file, const StatementOutput& st, std::string& text) const override {
    if (file.is_catalog) return;
    BufferedJson json(text, /*pretty=*/true);
    json.ContinueArray(kArrayDepth, /*first=*/text.empty());
    WriteStatement(json, file, st);
  }

  // The document's frame is written by a JsonOut made for the purpose at
  // each end; in between, statements go straight into `out`, and this
  // writer keeps the one fact the end needs: whether any was written.
  void Begin(std::string& out) override {
    any_statement_ = false;
    JsonOut json(out, /*pretty=*/true);
    json.BeginObject();
    json.Key("statements");
    json.BeginArray();
  }

  void End(std::string& out) override {
    JsonOut json(out, /*pretty=*/true);
    json.ContinueArray(kArrayDepth, /*first=*/!any_statement_);
    json.EndArray();
    json.Key("errors");
    json.BeginArray();
    json.RawElements(top_errors_);
    json.EndArray();
    json.Key("warnings");
    json.BeginArray();
    json.RawElements(top_warnings_);
    json.EndArray();
    json.EndObject();
    out.push_back('\n');
  }

  void Piece(const FileOutput& file, std::string_view rendered, std::string& out) override {
    AddTopLevel(*file.source, *file.diagnostics);
    if (file.is_catalog) {
      // A catalog's statements are not listed, so their problems go to the top.
      for (const StatementOutput& st : file.statements) AddTopLevel(*file.source, *st.diagnostics);
      return;
    }
    if (!rendered.empty()) {
      // Rendered as the array's first elements (Statement): a comma joins them to earlier ones.
      if (any_statement_) out.push_back(',');
      out.append(rendered);
      any_statement_ = true;
    }
    if (file.statements.empty()) return;
    BufferedJson json(out, /*pretty=*/true);
    json.ContinueArray(kArrayDepth, /*first=*/!any_statement_);
    for (const StatementOutput& st : file.statements) WriteStatement(json, file, st);
    any_statement_ = true;
  }

 private:
  // Problems reported at the top of the document rather than on a statement,
  // rendered at once so that their files need not be kept.
  void AddTopLevel(const SourceFile& src, const Diagnostics& diags) {
    for (const Diagnostic& d : diags) {
      const bool error = d.severity == Severity::Error;
      std::string& to = error ? top_errors_ : top_warnings_;
      JsonOut json(to, /*pretty=*/true);
      json.ContinueArray(kArrayDepth, /*first=*/to.empty());
      WriteDiagnostic(json, src, d, /*with_file=*/true, /*with_severity=*/!error);
    }
  }

  bool any_statement_ = false;  // in the document's "statements"
  std::string top_errors_;
  std::string top_warnings_;
};

class JsonlWriter : public Writer {
 public:
  void Statement(const FileOutput& file, const StatementOutput& st, std::string& text) const override {
    if (file.is_catalog) return;
    {
      BufferedJson json(text, /*pretty=*/false);
      WriteStatement(json, file, st);
    }
    text.push_back('\n');
  }
  void Begin(std::string&) override {}
  void End(std::string&) override {}

  void Piece(const FileOutput& file, std::string_view rendered, std::string& out) override {
    if (file.is_catalog) return;
    out.append(rendered);
    for (const StatementOutput& st : file.statements) {
      {
        BufferedJson json(out, /*pretty=*/false);
        WriteStatement(json, file, st);
      }
      out.push_back('\n');
    }
  }
};

}  // namespace

void WriteStatement(BufferedJson& json, const FileOutput& file, const StatementOutput& st) {
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
  json.String(StatementKindName(st.kind));
  json.Key("inputs");
  json.StringArray(st.lineage->inputs);
  json.Key("outputs");
  json.StringArray(st.lineage->outputs);
  json.Key("columns");
  json.BeginArray();
  for (const lineage::ColumnLineage& c : st.lineage->columns) {
    json.BeginObject(/*inline_=*/true);
    json.Key("target");
    json.String(c.target);
    json.Key("sources");
    json.StringArray(c.sources);
    if (!c.possible.empty()) {
      // Uncertain references, apart from the certain sources (README.md, "possible").
      json.Key("possible");
      json.BeginArray();
      for (const lineage::PossibleSource& p : c.possible) {
        json.BeginObject(/*inline_=*/true);
        json.Key("column");
        json.String(p.column);
        json.Key("candidates");
        json.StringArray(p.candidates);
        json.EndObject();
      }
      json.EndArray();
    }
    if (!c.masked.empty()) {
      // The sources that arrive masked, and by what (docs/output-format.md).
      json.Key("masked");
      json.BeginArray();
      for (const lineage::MaskedSource& m : c.masked) {
        json.BeginObject(/*inline_=*/true);
        json.Key("source");
        json.String(m.source);
        json.Key("masking");
        json.StringArray(m.masking);
        json.EndObject();
      }
      json.EndArray();
    }
    if (!c.inferred.empty()) {
      // The sources that rest on a schema no script or catalog declares.
      json.Key("inferred");
      json.StringArray(c.inferred);
    }
    json.Key("expression");
    json.String(c.expression);
    json.EndObject();
  }
  json.EndArray();
  // Condition columns, apart from the value sources above: they decide which
  // rows are written (or how they are grouped and ordered), never a value.
  json.Key("conditions");
  json.BeginArray();
  for (const lineage::PredicateLineage& p : st.lineage->predicates) {
    json.BeginObject(/*inline_=*/true);
    json.Key("clause");
    json.String(lineage::ClauseName(p.clause));
    json.Key("expression");
    json.String(p.expression);
    json.Key("columns");
    json.StringArray(p.sources);
    // Only when it governs part of what the statement writes (one body of a multi-insert).
    if (!p.governs_all) {
      std::vector<std::string> targets = p.targets;
      std::sort(targets.begin(), targets.end());
      json.Key("targets");
      json.StringArray(targets);
    }
    json.EndObject();
  }
  json.EndArray();
  WriteDiagnostics(json, src, *st.diagnostics, /*with_file=*/false);
  json.EndObject();
}

std::unique_ptr<Writer> MakeJsonWriter() { return std::make_unique<JsonWriter>(); }
std::unique_ptr<Writer> MakeJsonlWriter() { return std::make_unique<JsonlWriter>(); }

}  // namespace hivelineage::output
