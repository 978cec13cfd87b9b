// The agreement measure's statement matching (tools/hive_agreement.h); the
// measure itself runs in the corpus suite (tests/corpus/agreement_test.cc).
#include "../tools/hive_agreement.h"

#include <doctest/doctest.h>

TEST_CASE("hive agreement: squash matches hive_agreement.py") {
  using hivelineage::agreement::Squash;
  CHECK(Squash("SELECT a -- c\n FROM /* x */ t ;;") == "selectafromt");
  // Like the Python regex, comments are found without regard to quotes.
  CHECK(Squash("select '/*' /* a */ x") == "select'x");
  CHECK(Squash("a /* unterminated") == "a/*unterminated");
  CHECK(Squash("a--x") == "a");
}
