#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

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
  return context.run();
}
