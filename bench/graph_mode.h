// hivelineage_bench graph: what `hivelineage graph` costs against the plain
// analysis of the same scripts.
#pragma once

namespace hivelineage::bench {

// `hivelineage_bench graph [--catalog FILE] [--var NAME=VALUE] [--format F]
// [--collapse] [--threads N] [--repeat N] PATH...`: runs the analysis as
// `hivelineage --format json` does and `hivelineage graph --format F`, each
// in a child process (so each has its own peak RSS), and prints wall time,
// peak RSS and output bytes of both, and the ratios.
int GraphMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
