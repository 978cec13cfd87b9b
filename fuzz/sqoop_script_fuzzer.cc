// libFuzzer target: Sqoop import/export command lines in a shell script
// (sync/sqoop.h), as a .sh job file runs (job_support.h), with --var
// variables for the shell's $VAR.
#include "job_support.h"
#include "sync/sqoop.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  lexer::Variables vars;
  vars.Define("DB", "crm");
  vars.Define("LOOP", "${LOOP}");  // a self-reference
  sync::SyncOptions options;
  options.systems = fuzz::JobSystems().get();
  options.catalog = fuzz::JobCatalog().get();
  options.variables = &vars;
  const sync::JobResult a = sync::ReadSqoopScript(text, options), b = sync::ReadSqoopScript(text, options);
  fuzz::Require(a.statements.size() == b.statements.size() && a.diagnostics.size() == b.diagnostics.size(),
                "Sqoop read twice gave another number of commands or problems");
  for (const sync::JobStatement& s : a.statements)
    fuzz::Require(s.span.begin <= s.span.end && s.span.end <= size, "a command's span leaves the script");
  fuzz::CheckJob("job.sh", text);
  return 0;
}
