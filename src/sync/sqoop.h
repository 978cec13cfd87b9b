// Sqoop `import` / `export` command lines in shell scripts (.sh, a
// scheduler's shell task): docs/systems.md lists the options read.
#pragma once

#include <string_view>

#include "sync/sync_job.h"

namespace hivelineage::sync {

// One statement per `sqoop import` / `sqoop export` command of `text`;
// backslash-continued lines are one command, `$VAR` / `${VAR}` are
// substituted from the script's own `VAR=value` lines and the --var
// variables. Other lines are not read.
JobResult ReadSqoopScript(std::string_view text, const SyncOptions& options);

}  // namespace hivelineage::sync
