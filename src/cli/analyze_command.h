// `hivelineage [analyze]`: the lineage of every statement of the inputs, in
// the chosen format on stdout, diagnostics on stderr (the default command).
#pragma once

#include <cstdio>
#include <vector>

#include "cli/console.h"
#include "driver/run.h"
#include "output/writer.h"

namespace hivelineage::cli {

// argv[1] may be "analyze". Returns the exit status (ExitStatus, or 2 on a
// usage error).
int AnalyzeCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err);

// The command's run loop: analyses `inputs` and streams `format` to `out`
// and GCC-style diagnostics to `err`, file by file, with the progress bar and
// summary line `report` asks for.
driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               output::Format format, std::FILE* out, std::FILE* err, const ReportOptions& report = {});

// The exit status of every command: 0 all fine, 1 some statement had errors,
// 2 unreadable input or a catalog that could not be loaded.
int ExitStatus(const driver::RunSummary& summary);

}  // namespace hivelineage::cli
