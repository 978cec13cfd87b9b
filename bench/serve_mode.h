// hivelineage_bench serve: `hivelineage serve` under load, on loopback.
//
//   hivelineage_bench serve (--store DB | PATH...) [--seconds S] [--clients 1,8,64]
//                           [--soak SECONDS] [--sample SECONDS]
//
// Starts `hivelineage serve --port 0 --quiet --overview 0` (the CLI built
// beside this bench) on the store or the PATHs, picks names from its own
// search answers, then for each of search, node, impact (a column,
// downstream) and path (a table to one it reaches) runs N clients, each
// asking as fast as it is answered over a kept-alive connection, for S
// seconds (default 10); prints requests/s, p50 and p99 latency and the
// answers that were not 200. --soak runs the four mixed on 8 clients for
// SECONDS and prints the server's resident memory every --sample seconds
// (default 10). Stops the server and ends by itself.
#pragma once

namespace hivelineage::bench {

int ServeMode(int argc, char** argv, int first);

}  // namespace hivelineage::bench
