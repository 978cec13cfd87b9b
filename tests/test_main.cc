#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "test_support.h"

namespace hivelineage::testing {
bool g_update_golden = false;
}

// --update (or HIVELINEAGE_UPDATE_GOLDEN=1) rewrites golden files in place.
int main(int argc, char** argv) {
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--update") == 0) {
      hivelineage::testing::g_update_golden = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  if (const char* env = std::getenv("HIVELINEAGE_UPDATE_GOLDEN"); env && std::string(env) == "1")
    hivelineage::testing::g_update_golden = true;
  doctest::Context context;
  context.applyCommandLine(static_cast<int>(args.size()), args.data());
  int status = context.run();
  const std::vector<std::string>& skipped = hivelineage::testing::Skipped();
  if (!skipped.empty()) {
    std::fprintf(stderr, "[hivelineage] %zu part(s) of tests SKIPPED:\n", skipped.size());
    for (const std::string& s : skipped) std::fprintf(stderr, "  %s\n", s.c_str());
    if (const char* strict = std::getenv("HIVELINEAGE_NO_SKIPS"); strict && std::string(strict) == "1" && status == 0)
      status = 1;
  }
  return status;
}
