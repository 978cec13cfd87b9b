// What --warnings leaves of the diagnostics on stderr: all of them, the
// errors and a count of the warnings per kind, or the errors alone. Every
// command that analyses scripts renders its diagnostics through it.
#pragma once

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/strings.h"
#include "cli/console.h"
#include "driver/run.h"
#include "output/writer.h"

namespace hivelineage::cli {

// The kind of a warning, for --warnings summary: its message up to the
// first name, quote, number or detail ("undefined variable", "reserved word").
inline std::string WarningKind(std::string_view message) {
  const size_t cut = message.find_first_of("'`\"$:;(0123456789");
  std::string_view kind = message.substr(0, cut);
  while (!kind.empty() && kind.back() == ' ') kind.remove_suffix(1);
  return std::string(kind.empty() ? message : kind);
}

// Renders diagnostics for stderr as --warnings says; counts the warnings and
// notes left out. Called from the analysing threads.
class DiagnosticFilter {
 public:
  explicit DiagnosticFilter(ReportOptions::Warnings mode) : mode_(mode) {}

  // The file's own diagnostics, then each statement's.
  void Render(const driver::FileResult& file, std::string& out) const {
    Render(*file.source, file.diagnostics, out);
    for (const driver::StatementResult& st : file.statements) Render(*file.source, st.diagnostics, out);
  }
  void Render(const SourceFile& source, const Diagnostics& diagnostics, std::string& out) const {
    if (mode_ == ReportOptions::Warnings::All) {
      output::RenderDiagnostics(source, diagnostics, out);
      return;
    }
    Diagnostics errors;
    for (const Diagnostic& d : diagnostics) {
      if (d.severity == Severity::Error) {
        errors.push_back(d);
      } else if (mode_ == ReportOptions::Warnings::Summary) {
        const std::lock_guard<std::mutex> lock(mu_);
        ++counts_[WarningKind(d.message)];
      }
    }
    output::RenderDiagnostics(source, errors, out);
  }

  // "hivelineage: warnings: 20 undefined variable, 3 reserved word\n", most
  // frequent first (then by name); empty when there were none.
  std::string SummaryLine() const {
    const std::lock_guard<std::mutex> lock(mu_);
    if (counts_.empty()) return {};
    std::vector<std::pair<std::string, size_t>> kinds(counts_.begin(), counts_.end());
    std::stable_sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string line = "hivelineage: warnings:";
    for (size_t i = 0; i < kinds.size(); ++i) line += Cat(i == 0 ? " " : ", ", kinds[i].second, " ", kinds[i].first);
    return line + "\n";
  }

 private:
  const ReportOptions::Warnings mode_;
  mutable std::mutex mu_;
  mutable std::map<std::string, size_t> counts_;  // sorted: the summary is the same for every -j
};

}  // namespace hivelineage::cli
