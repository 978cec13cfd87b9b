#include "output/run_report.h"

#include <string>

namespace hivelineage::output {
namespace {

// Output is buffered and written in large chunks; a few MB of JSON in one
// string is cheaper than many small stdio calls.
constexpr size_t kFlushAt = 1 << 20;

void Flush(std::string& buf, std::FILE* f) {
  if (buf.empty()) return;
  std::fwrite(buf.data(), 1, buf.size(), f);
  buf.clear();
}

}  // namespace

driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               Format format, std::FILE* out, std::FILE* err) {
  std::unique_ptr<Writer> writer = MakeWriter(format);
  std::string buf;
  std::string diag;
  bool begun = false;
  auto sink = [&](driver::FileResult&& file) {
    if (!begun) {
      writer->Begin(buf);
      begun = true;
    }
    writer->File(file, buf);
    RenderDiagnostics(file, diag);
    Flush(diag, err);
    if (buf.size() >= kFlushAt) Flush(buf, out);
  };
  driver::RunSummary summary = driver::Run(inputs, options, sink);
  if (!summary.fatal_error.empty()) {
    std::fprintf(err, "hivelineage: %s\n", summary.fatal_error.c_str());
    return summary;
  }
  if (!begun) writer->Begin(buf);
  writer->End(buf);
  Flush(buf, out);
  std::fflush(out);
  return summary;
}

int ExitStatus(const driver::RunSummary& summary) {
  if (!summary.fatal_error.empty() || summary.unreadable_input) return 2;
  return summary.any_error ? 1 : 0;
}

}  // namespace hivelineage::output
