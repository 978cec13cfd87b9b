// The threads of a run (driver::Run): helpers analyse files while the
// calling thread passes their results to the sink in input order, piece by
// piece, and analyses files itself when it has nothing to pass on.
//
// Memory stays bounded (M = RunOptions::max_waiting_bytes, 16 MB): a file's
// results leave as pieces of about M/16; a helper whose file is the one being
// written pauses once M/4 of its pieces wait; a helper ahead of it pauses
// once M of pieces wait in all; files are not taken while that much waits;
// and the calling thread, when it analyses a later file itself, passes on the
// waiting pieces of the file being written after each of its own pieces.
#pragma once

#include <memory>
#include <vector>

#include "driver/gather.h"
#include "driver/run.h"

namespace hivelineage::driver {

// CPU time of the calling thread, in seconds.
double ThreadCpuSeconds();

// Analyses `inputs` on `jobs` threads. `shared` is the session of a
// sequenced run (one helper analyses, the caller only passes results on);
// null for independent scripts, each analysed on a catalog over `base`.
// Fills `summary`'s counters; an exception thrown by `sink` ends the run and
// is rethrown here once the helpers have stopped. A file in `kept` (read by
// the gather) is taken from there, not read again.
void RunScheduled(const std::vector<InputFile>& inputs, const RunOptions& options,
                  std::shared_ptr<const lineage::Catalog> base, lineage::Session* shared, int jobs,
                  const PartSink& sink, RunSummary& summary, KeptInputs* kept = nullptr);

}  // namespace hivelineage::driver
