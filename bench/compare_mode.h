// Side-by-side runs against a second binary (another build, an older commit),
// interleaved in one run so the load of a shared machine hits both alike and
// only their ratio is read.
#pragma once

#include <string>
#include <vector>

namespace hivelineage::bench {

// `hivelineage_bench lex|parse|pipeline --baseline-bin BENCH [--rounds N] ...`:
// runs this binary and BENCH (a hivelineage_bench of another build) with the
// same `args` (mode first, --baseline-bin and --rounds left out), one child
// process each, alternating which goes first every round; prints each one's
// median MB/s by CPU time and by wall time, and the median of the per-round
// ratios. Returns the exit status.
int CompareBenchMode(const std::string& self, const std::string& baseline, const std::vector<std::string>& args,
                     const std::string& mode, int rounds);

// `hivelineage_bench cli --baseline-bin CLI [--cli-bin CLI] [--rounds N]
// [-j N] [--catalog FILE | --no-catalog] [PATH ...]`: the CLI end to end on a
// folder (read, analyse, JSON to a file), this build's CLI against CLI, same
// interleaving; prints MB/s by the child's CPU time (user + system) and by
// wall time, the ratio, and whether both wrote the same bytes.
int CompareCliMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
