// What the CLI would print for a run, captured in memory: cli::RunAndWrite
// into memory streams (no summary line, no progress bar).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/analyze_command.h"
#include "driver/run.h"

namespace hivelineage::testing {

struct CapturedRun {
  std::string out, err;
  driver::RunSummary summary;
};

inline CapturedRun CaptureRun(const std::vector<driver::InputFile>& inputs, const driver::RunOptions& options,
                              output::Format format = output::Format::Json) {
  char* out_buf = nullptr;
  size_t out_size = 0;
  char* err_buf = nullptr;
  size_t err_size = 0;
  FILE* out = open_memstream(&out_buf, &out_size);
  FILE* err = open_memstream(&err_buf, &err_size);
  CapturedRun c;
  c.summary = cli::RunAndWrite(inputs, options, format, out, err);
  std::fclose(out);
  std::fclose(err);
  c.out.assign(out_buf, out_size);
  c.err.assign(err_buf, err_size);
  std::free(out_buf);
  std::free(err_buf);
  return c;
}

}  // namespace hivelineage::testing
