#include "driver/run.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "base/strings.h"
#include "driver/encoding.h"

namespace hivelineage::driver {
namespace {

namespace fs = std::filesystem;

bool IsScriptExtension(const fs::path& p) {
  const std::string ext = ToLower(p.extension().string());
  return ext == ".sql" || ext == ".hql" || ext == ".q";
}

// Reads a whole stream; false (errno kept) on a read error.
bool ReadAll(FILE* f, std::string& out) {
  char buf[1 << 16];
  for (;;) {
    const size_t n = std::fread(buf, 1, sizeof(buf), f);
    out.append(buf, n);
    if (n < sizeof(buf)) return !std::ferror(f);
  }
}

bool ReadPath(const std::string& path, std::string& out, std::string& error) {
  if (path == "-") {
    if (!ReadAll(stdin, out)) {
      error = Cat("cannot read standard input: ", std::strerror(errno));
      return false;
    }
    return true;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = "is a directory";
    return false;
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = Cat("cannot open: ", std::strerror(errno));
    return false;
  }
  const bool ok = ReadAll(f, out);
  if (!ok) error = Cat("cannot read: ", std::strerror(errno));
  std::fclose(f);
  return ok;
}

bool LooksLikeJson(const std::string& path, std::string_view text) {
  const std::string ext = ToLower(fs::path(path).extension().string());
  if (ext == ".json") return true;
  if (ext == ".sql" || ext == ".hql" || ext == ".q") return false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    return c == '{';
  }
  return false;
}

}  // namespace

ExpandedInputs ExpandPaths(const std::vector<std::string>& paths) {
  ExpandedInputs out;
  for (const std::string& arg : paths) {
    if (arg == "-") {
      out.files.push_back(InputFile{"-", "<stdin>"});
      continue;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(arg, ec);
    if (ec || !fs::exists(st)) {
      out.errors.push_back(Cat(arg, ": no such file or directory"));
      continue;
    }
    if (!fs::is_directory(st)) {
      out.files.push_back(InputFile{arg, arg});
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(arg, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
      out.errors.push_back(Cat(arg, ": cannot list folder: ", ec.message()));
      continue;
    }
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      std::error_code fec;
      if (it->is_regular_file(fec) && IsScriptExtension(it->path())) found.push_back(it->path().generic_string());
    }
    if (ec) out.errors.push_back(Cat(arg, ": cannot list folder: ", ec.message()));
    std::sort(found.begin(), found.end());
    for (std::string& f : found) out.files.push_back(InputFile{f, f});
  }
  return out;
}

LoadedInput DecodeInput(std::string name, std::string_view bytes) {
  LoadedInput in;
  const std::optional<size_t> bad = FindInvalidUtf8(bytes);
  if (!bad) {
    in.source = std::make_shared<const SourceFile>(std::move(name), bytes);
    return in;
  }
  if (std::optional<std::string> utf8 = Gb18030ToUtf8(bytes)) {
    in.source = std::make_shared<const SourceFile>(std::move(name), *utf8);
    in.diagnostics.push_back(Diagnostic{
        Severity::Warning, Span{0, 0},
        "file is not UTF-8; decoded as GB18030/GBK (offsets refer to the UTF-8 text)"});
    return in;
  }
  in.source = std::make_shared<const SourceFile>(std::move(name), bytes);
  const uint32_t at = static_cast<uint32_t>(std::min<size_t>(*bad, UINT32_MAX));
  in.diagnostics.push_back(Diagnostic{Severity::Warning, Span{at, at + 1},
                                      "file is neither UTF-8 nor GB18030; invalid bytes kept as they are"});
  return in;
}

LoadedInput LoadInput(const InputFile& input) {
  std::string bytes;
  std::string error;
  if (!ReadPath(input.path, bytes, error)) {
    LoadedInput in;
    in.source = std::make_shared<const SourceFile>(input.name, std::string_view());
    in.diagnostics.push_back(Diagnostic{Severity::Error, Span{0, 0}, error});
    in.unreadable = true;
    return in;
  }
  return DecodeInput(input.name, bytes);
}

std::string LoadCatalogs(const RunOptions& options, lineage::Session& session, const FileSink& sink,
                         bool* any_error) {
  for (const std::string& path : options.catalog_files) {
    std::string bytes;
    std::string error;
    if (!ReadPath(path, bytes, error)) return Cat(path, ": ", error);
    if (LooksLikeJson(path, bytes)) {
      const std::string msg = session.catalog.LoadJson(bytes);
      if (!msg.empty()) return Cat(path, ": invalid catalog: ", msg);
      continue;
    }
    // A DDL catalog is a script like any other; its CREATE statements fill the catalog.
    LoadedInput in = DecodeInput(path, bytes);
    session.current_database = options.analyze.default_database;
    FileResult r = AnalyzeScript(in.source, session, options.analyze);
    r.is_catalog = true;
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    if (r.has_error() && any_error != nullptr) *any_error = true;
    sink(std::move(r));
  }
  session.current_database = options.analyze.default_database;
  return {};
}

RunSummary Run(const std::vector<InputFile>& inputs, const RunOptions& options, const FileSink& sink) {
  RunSummary summary;
  lineage::Session session;
  summary.fatal_error = LoadCatalogs(options, session, sink, &summary.any_error);
  if (!summary.fatal_error.empty()) return summary;

  for (const InputFile& input : inputs) {
    LoadedInput in = LoadInput(input);
    session.current_database = options.analyze.default_database;
    FileResult r;
    if (in.unreadable) {
      r.source = in.source;
      r.unreadable = true;
      summary.unreadable_input = true;
    } else {
      r = AnalyzeScript(in.source, session, options.analyze);
    }
    r.diagnostics.insert(r.diagnostics.begin(), in.diagnostics.begin(), in.diagnostics.end());
    ++summary.files;
    summary.bytes += r.source->text().size();
    summary.statements += r.statements.size();
    for (const StatementResult& s : r.statements)
      if (s.has_error()) ++summary.statements_with_errors;
    if (r.has_error()) summary.any_error = true;
    sink(std::move(r));
  }
  return summary;
}

}  // namespace hivelineage::driver
