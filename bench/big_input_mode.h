// hivelineage_bench big: the inputs of tens of megabytes the unit suite used
// to build (a 10 MB identifier and string literal, a 10 MB script of ordinary
// statements, a 50 MB statement), each analysed once, checked and timed. The
// unit suite keeps the same cases at one megabyte.
#pragma once

namespace hivelineage::bench {

// `hivelineage_bench big`: prints one line per input (size, seconds) and
// returns 1 when one of them is not analysed as expected.
int BigInputMode();

}  // namespace hivelineage::bench
