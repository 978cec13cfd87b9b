// hivelineage_bench memory: peak memory of the CLI's run on one big script.
#pragma once

#include <string>
#include <vector>

#include "driver/run.h"

namespace hivelineage::bench {

// Writes a script of `megabytes` MB made of `inputs` repeated (each copy's
// tables renamed, so that DDL keeps adding to the catalog as a real script
// would), analyses it as `hivelineage FILE > /dev/null` does on `jobs`
// threads, and prints the peak resident set size against the script's size.
int MemoryMode(const std::vector<driver::InputFile>& inputs, const std::vector<driver::CatalogSource>& catalogs,
               int megabytes, int jobs);

}  // namespace hivelineage::bench
