// libFuzzer target: DataX job JSON (sync/datax.h), as a .json job file runs
// (job_support.h), and the reader itself read twice.
#include "job_support.h"
#include "sync/datax.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  sync::SyncOptions options;
  options.systems = fuzz::JobSystems().get();
  options.catalog = fuzz::JobCatalog().get();
  const sync::JobResult a = sync::ReadDataX(text, options), b = sync::ReadDataX(text, options);
  fuzz::Require(a.statements.size() == b.statements.size() && a.diagnostics.size() == b.diagnostics.size(),
                "DataX read twice gave another number of transfers or problems");
  // A .json file is DataX or SeaTunnel by its content: both paths run.
  fuzz::CheckJob("job.json", text);
  return 0;
}
