// hivelineage_bench store: the SQLite store at warehouse scale.
//
//   hivelineage_bench store DIR [--db FILE] [--catalog FILE] [--var NAME=VALUE] [-j N]
//                         [--change-percent P] [--queries N]
//
// On the scripts under DIR (e.g. a warehouse from `hivelineage_bench
// warehouse --scripts 100000 --max-columns 12 --out DIR`): a full update into
// a new store, an update after P% of the scripts changed (default 1: every
// 100th script in name order gets a comment line appended, removed again at
// the end), an update with nothing changed, and N impact queries on the
// store. Prints wall and CPU time and the peak resident set size of each step,
// the store's size, and for each impact query the CPU time it spent reading
// the store (graph::ImpactNeighbourhood) apart from walking and writing.
#pragma once

namespace hivelineage::bench {

int StoreMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
