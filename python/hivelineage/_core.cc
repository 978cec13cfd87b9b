// hivelineage._core: the Python package's way into the C++ analyser.
//
// The package runs the same code as the command line: each function takes
// the arguments of a `hivelineage` command (the Python layer builds them
// from checked keyword arguments) and calls that command's own function
// (src/cli/) with its output and diagnostics written to memory, so the
// package's JSON is the CLI's JSON byte for byte and nothing is analysed
// twice or differently. The GIL is released while C++ works, so Python
// threads (and Dask's threaded workers) run analyses at once.
//
// Besides the commands: one part of a run split across processes
// (analyze_part: phase one learns the schema of the whole run) and usage
// counts that merge across processes (usage_count, usage_report), for
// hivelineage.dask.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cli/analyze_command.h"
#include "cli/args.h"
#include "cli/catalog_command.h"
#include "cli/check_command.h"
#include "cli/explain_command.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"
#include "cli/input_options.h"
#include "cli/query_command.h"
#include "cli/store_command.h"
#include "cli/usage_command.h"
#include "driver/run.h"
#include "hivelineage/hivelineage.hpp"
#include "usage/query_log.h"
#include "usage/usage_report.h"
#include "usage/usage_run.h"
#include "usage/usage_stats_codec.h"

namespace py = pybind11;

namespace hivelineage::python {
namespace {

using CommandFn = int (*)(int, const char* const*, std::FILE*, std::FILE*);

// A FILE* writing to memory; the text is complete once Close() is called.
class MemoryFile {
 public:
  MemoryFile() : file_(open_memstream(&data_, &size_)) {}
  ~MemoryFile() {
    Close();
    std::free(data_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  std::FILE* get() const { return file_; }
  // The text written, valid until the MemoryFile goes.
  std::string_view Close() {
    if (file_ != nullptr) {
      std::fclose(file_);
      file_ = nullptr;
    }
    return data_ == nullptr ? std::string_view() : std::string_view(data_, size_);
  }

 private:
  char* data_ = nullptr;
  size_t size_ = 0;
  std::FILE* file_;
};

// (exit status, stdout bytes, stderr text), as the command line would give them.
using Outcome = std::tuple<int, py::bytes, py::bytes>;

template <typename Body>
Outcome Capture(Body body) {
  MemoryFile out, err;
  if (out.get() == nullptr || err.get() == nullptr) throw std::runtime_error("hivelineage: out of memory");
  int status = 0;
  std::string_view out_text, err_text;
  {
    py::gil_scoped_release release;
    status = body(out.get(), err.get());
    out_text = out.Close();
    err_text = err.Close();
  }
  // One copy, from the stream's buffer into the bytes object.
  return {status, py::bytes(out_text.data(), out_text.size()), py::bytes(err_text.data(), err_text.size())};
}

std::vector<const char*> Argv(const std::vector<std::string>& args) {
  std::vector<const char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  return argv;
}

CommandFn FindCommand(const std::string& name) {
  if (name == "analyze") return &cli::AnalyzeCommand;
  if (name == "graph") return &cli::GraphCommand;
  if (name == "catalog") return &cli::CatalogCommand;
  if (name == "impact") return &cli::ImpactCommand;
  if (name == "store") return &cli::StoreCommand;
  if (name == "check") return &cli::CheckCommand;
  if (name == "explain") return &cli::ExplainCommand;
  if (name == "usage") return &cli::UsageCommand;
  if (cli::IsQueryCommand(name)) return &cli::QueryCommand;
  return nullptr;  // serve is not offered: it never returns
}

// `hivelineage NAME ARGS...`. Never reads standard input: the Python layer
// always gives the inputs.
Outcome Command(const std::string& name, const std::vector<std::string>& args) {
  const CommandFn fn = FindCommand(name);
  if (fn == nullptr) throw py::value_error("hivelineage: unknown command '" + name + "'");
  std::vector<std::string> full = {"hivelineage", name};
  full.insert(full.end(), args.begin(), args.end());
  return Capture([&](std::FILE* out, std::FILE* err) {
    const std::vector<const char*> argv = Argv(full);
    return fn(static_cast<int>(full.size()), argv.data(), out, err);
  });
}

// `hivelineage [OPTIONS] PATHS...` where phase one learns the warehouse's
// schema from `schema_paths` (the whole run) rather than from `paths` (this
// part): the statements come out as in the whole run's output.
Outcome AnalyzePart(const std::vector<std::string>& args, const std::vector<std::string>& schema_paths,
                    const std::vector<std::string>& paths) {
  std::vector<std::string> full = {"hivelineage"};
  full.insert(full.end(), args.begin(), args.end());
  full.push_back("--");
  full.insert(full.end(), paths.begin(), paths.end());
  return Capture([&](std::FILE* out, std::FILE* err) {
    const std::vector<const char*> argv = Argv(full);
    cli::CliArgs parsed;
    if (std::string error = cli::ParseArgs(static_cast<int>(full.size()), argv.data(), parsed); !error.empty())
      return cli::UsageError(err, "hivelineage", error);
    if (paths.empty()) return cli::UsageError(err, "hivelineage", "no scripts in this part");
    const auto inputs = cli::ResolveInputs(parsed.input, "hivelineage", err);
    if (!inputs) return 2;
    driver::RunOptions options = cli::MakeRunOptions(parsed.input);
    if (options.analyze.learn_schema) {
      driver::ExpandedInputs schema = driver::ExpandPaths(schema_paths);
      if (!schema.errors.empty()) {
        for (const std::string& e : schema.errors) std::fprintf(err, "hivelineage: %s\n", e.c_str());
        return 2;
      }
      options.schema_inputs = std::move(schema.files);
    }
    cli::ReportOptions report;
    report.warnings = parsed.input.common.warnings;
    return cli::ExitStatus(cli::RunAndWrite(*inputs, options, parsed.format, out, err, report));
  });
}

bool ParseCount(std::string_view v, uint64_t& out) {
  const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
  return !v.empty() && r.ec == std::errc() && r.ptr == v.data() + v.size();
}

std::vector<std::string> SplitList(std::string_view v) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || v[i] == ',') {
      if (i > start) {
        std::string word(v.substr(start, i - start));
        for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        out.push_back(std::move(word));
      }
      start = i + 1;
    }
  }
  return out;
}

// The counts of `hivelineage usage [OPTIONS] LOGS...` before any report:
// (status, counts as bytes for usage_report, problems "file:line: ..." text).
// OPTIONS: the input options (--catalog, --default-db, --var, ...),
// --log-format, --partition-columns, --layers, --max-errors.
Outcome UsageCount(const std::vector<std::string>& args, const std::vector<std::string>& logs) {
  std::vector<std::string> full = {"hivelineage", "usage"};
  full.insert(full.end(), args.begin(), args.end());
  return Capture([&](std::FILE* out, std::FILE* err) {
    const std::vector<const char*> argv = Argv(full);
    cli::InputArgs input;
    usage::UsageOptions options;
    uint64_t max_errors = 100;
    std::string error;
    cli::ArgCursor c(static_cast<int>(full.size()), argv.data(), 2);
    while (error.empty() && c.Next()) {
      if (cli::ParseInputOption(c, input, error)) continue;
      std::string_view name = c.name(), value;
      if (name == "--log-format") {
        const auto f = c.TakeValue(value) ? usage::ParseLogFormat(value) : std::nullopt;
        if (!f)
          error = "unknown log format '" + std::string(value) + "' (expected auto, jsonl or ranger)";
        else
          options.format = *f;
      } else if (name == "--partition-columns" || name == "--layers") {
        if (!c.TakeValue(value) || SplitList(value).empty())
          error = std::string(name) + " needs a comma-separated list";
        else
          (name == "--layers" ? options.layers : options.partition_columns) = SplitList(value);
      } else if (name == "--max-errors") {
        if (!c.TakeValue(value) || !ParseCount(value, max_errors)) error = "--max-errors expects a number";
      } else {
        error = "unknown option '" + std::string(c.arg()) + "'";
      }
    }
    if (!error.empty()) return cli::UsageError(err, "hivelineage usage", error);
    const driver::RunOptions run_options = cli::MakeRunOptions(input);
    options.analyze = run_options.analyze;
    options.jobs = run_options.jobs;
    options.max_messages = max_errors == 0 ? SIZE_MAX : max_errors;
    usage::UsageRun run =
        usage::RunUsage(logs, options, [&](const std::string& m) { std::fprintf(err, "%s\n", m.c_str()); });
    if (!run.fatal_error.empty()) {
      std::fprintf(err, "hivelineage usage: %s\n", run.fatal_error.c_str());
      return 2;
    }
    if (run.messages_dropped > 0)
      std::fprintf(err, "hivelineage usage: %zu more problems not shown (--max-errors)\n", run.messages_dropped);
    const std::string bytes = usage::EncodeUsageStats(run.stats);
    std::fwrite(bytes.data(), 1, bytes.size(), out);
    return run.stats.malformed > 0 || run.stats.with_errors > 0 ? 1 : 0;
  });
}

// The report of `hivelineage usage --format json` over the merged `parts`
// (usage_count's counts, in log order). OPTIONS: --hot-reads, --hot-days,
// --warm-days, --cold-days, --now, --layers.
Outcome UsageReport(const std::vector<std::string>& args, const std::vector<py::bytes>& parts) {
  std::vector<std::string> encoded;
  for (const py::bytes& p : parts) encoded.emplace_back(p);
  std::vector<std::string> full = {"hivelineage", "usage"};
  full.insert(full.end(), args.begin(), args.end());
  return Capture([&](std::FILE* out, std::FILE* err) {
    const std::vector<const char*> argv = Argv(full);
    usage::HeatRules heat;
    std::vector<std::string> layers = usage::UsageOptions().layers;
    std::string error;
    cli::ArgCursor c(static_cast<int>(full.size()), argv.data(), 2);
    while (error.empty() && c.Next()) {
      std::string_view name = c.name(), value;
      uint64_t n = 0;
      if (name == "--hot-reads" || name == "--hot-days" || name == "--warm-days" || name == "--cold-days") {
        if (!c.TakeValue(value) || !ParseCount(value, n) || n > 100000000)
          error = std::string(name) + " expects a number, got '" + std::string(value) + "'";
        else if (name == "--hot-reads")
          heat.hot_reads = n;
        else
          (name == "--hot-days" ? heat.hot_days : name == "--warm-days" ? heat.warm_days : heat.cold_days) =
              static_cast<int>(n);
      } else if (name == "--now") {
        const auto t = c.TakeValue(value) ? usage::ParseLogTime(value) : std::nullopt;
        if (!t)
          error = "--now expects a time such as 2024-03-01T00:00:00Z, got '" + std::string(value) + "'";
        else
          heat.now = *t;
      } else if (name == "--layers") {
        if (!c.TakeValue(value) || SplitList(value).empty())
          error = "--layers needs a comma-separated list";
        else
          layers = SplitList(value);
      } else {
        error = "unknown option '" + std::string(c.arg()) + "'";
      }
    }
    if (error.empty() && !(heat.hot_days <= heat.warm_days && heat.warm_days <= heat.cold_days))
      error = "expected --hot-days <= --warm-days <= --cold-days";
    if (!error.empty()) return cli::UsageError(err, "hivelineage usage", error);
    usage::UsageStats stats;
    for (const std::string& p : encoded) {
      usage::UsageStats part;
      if (!usage::DecodeUsageStats(p, part, error)) {
        std::fprintf(err, "hivelineage usage: %s\n", error.c_str());
        return 2;
      }
      stats.Merge(std::move(part));
    }
    const usage::UsageReport report = usage::BuildUsageReport(stats, nullptr, heat, layers);
    std::string text;
    usage::WriteUsageJson(stats, report, heat, text);
    std::fwrite(text.data(), 1, text.size(), out);
    return 0;
  });
}

}  // namespace
}  // namespace hivelineage::python

PYBIND11_MODULE(_core, m) {
  using namespace hivelineage::python;
  m.doc() = "The C++ analyser behind the hivelineage package (use the package, not this module).";
  m.def("command", &Command, py::arg("name"), py::arg("args"),
        "Runs `hivelineage NAME ARGS...` in this process: (exit status, stdout bytes, stderr bytes).");
  m.def("analyze_part", &AnalyzePart, py::arg("args"), py::arg("schema_paths"), py::arg("paths"),
        "Analyses `paths`, the schema learned from `schema_paths`: (exit status, stdout bytes, stderr bytes).");
  m.def("usage_count", &UsageCount, py::arg("args"), py::arg("logs"),
        "Counts query logs: (exit status, counts as bytes, problems).");
  m.def("usage_report", &UsageReport, py::arg("args"), py::arg("parts"),
        "The usage report (JSON) of merged counts: (exit status, JSON bytes, stderr bytes).");
  m.def(
      "expand_paths",
      [](const std::vector<std::string>& paths) {
        py::gil_scoped_release release;
        std::vector<std::string> names;
        for (const hivelineage::driver::InputFile& f : hivelineage::driver::ExpandPaths(paths).files)
          names.push_back(f.path);
        return names;
      },
      py::arg("paths"), "The scripts under `paths`, in the order a run takes them (missing paths are left out).");
  m.def("version", [] { return std::string(hivelineage::Version()); });
}
