// hive_agreement: agreement with Hive's own column lineage, in-process.
//
// Usage: hive_agreement [CORPUS_DIR] [--show N] [--min-agree PCT] [--min-parse PCT]
// Prints the same summary line as shared/tools/hive_agreement.py (and with
// --show N, the top parse failures and N examples per disagreement cause, from
// dev files only), then the figures of the dev and held-out files apart.
// Exit status 1 when a minimum is not reached.
#include "hive_agreement.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
  std::string corpus = HIVELINEAGE_SHARED_DIR "/corpus/hive-qtests";
  size_t show = 0;
  double min_agree = 0, min_parse = 0;
  for (int i = 1; i < argc; ++i) {
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", argv[i]);
        std::exit(2);
      }
      return argv[++i];
    };
    if (std::strcmp(argv[i], "--show") == 0) {
      show = std::strtoul(next(), nullptr, 10);
    } else if (std::strcmp(argv[i], "--min-agree") == 0) {
      min_agree = std::strtod(next(), nullptr);
    } else if (std::strcmp(argv[i], "--min-parse") == 0) {
      min_parse = std::strtod(next(), nullptr);
    } else if (argv[i][0] == '-') {
      std::fprintf(stderr, "usage: hive_agreement [CORPUS_DIR] [--show N] [--min-agree PCT] [--min-parse PCT]\n");
      return 2;
    } else {
      corpus = argv[i];
    }
  }
  if (!std::filesystem::exists(std::filesystem::path(corpus) / "lineage.jsonl")) {
    std::fprintf(stderr, "hive_agreement: no lineage.jsonl in %s\n", corpus.c_str());
    return 2;
  }
  hivelineage::agreement::Report r = hivelineage::agreement::Measure(corpus, show);
  if (show > 0) std::fputs(hivelineage::agreement::Details(r).c_str(), stdout);
  std::printf("%s\n", hivelineage::agreement::SummaryLine(r).c_str());
  std::printf("%s\n", hivelineage::agreement::SplitLine(r).c_str());
  return r.agree_rate() >= min_agree && r.parse_rate() >= min_parse ? 0 : 1;
}
