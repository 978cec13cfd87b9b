// Runs the analysis over a set of inputs and streams the chosen format to
// `out` and GCC-style diagnostics to `err`, file by file. This is the whole
// CLI minus argument parsing.
#pragma once

#include <cstdio>

#include "driver/run.h"
#include "output/writer.h"

namespace hivelineage::output {

driver::RunSummary RunAndWrite(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                               Format format, std::FILE* out, std::FILE* err);

// The contract's exit status: 0 all fine, 1 some statement had errors,
// 2 unreadable input or a catalog that could not be loaded.
int ExitStatus(const driver::RunSummary& summary);

}  // namespace hivelineage::output
