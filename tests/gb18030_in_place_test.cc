// A GB18030 script is transcoded to UTF-8 in its own buffer when the buffer
// has room (driver/encoding.h), so a big one is not held twice; the text is
// the same as a transcoding through a copy.
#include <doctest/doctest.h>

#include <string>

#include "base/source_file.h"
#include "driver/encoding.h"

namespace {

using namespace hivelineage;

// CJK in a comment and strings (two-byte characters, 3 bytes of UTF-8 each),
// four-byte characters (one that shrinks to 2 bytes), and plain ASCII around them.
std::string Gb18030Sample() {
  std::string s = "-- \xD6\xD0\xCE\xC4 \xD7\xA2\xCA\xCD\nselect '\xB1\xED' as c, '\xA1\xA1' as d, '\x81\x30\x84\x36\x95\x32\x82\x36' as e\n";
  for (int i = 0; i < 200; ++i) s += "from t where \xC1\xD0 = 1 and x = '\xB1\xED\xB1\xED';\n";
  return s;
}

TEST_CASE("gb18030 in place: with room, the buffer itself holds the UTF-8") {
  const std::string gb = Gb18030Sample();
  const std::optional<std::string> want = driver::Gb18030ToUtf8(gb);
  REQUIRE(want.has_value());
  REQUIRE(want->size() > gb.size());  // it grows: the worst case for converting in place
  std::string text;
  text.reserve(gb.size() + SourceFile::kPadding + 1 + gb.size());
  text = gb;
  const char* buffer = text.data();
  REQUIRE(driver::Gb18030ToUtf8InPlace(text));
  CHECK(text == *want);
  CHECK(text.data() == buffer);
}

TEST_CASE("gb18030 in place: without room, through a copy, the same text") {
  const std::string gb = Gb18030Sample();
  std::string text = gb;
  text.shrink_to_fit();
  REQUIRE(driver::Gb18030ToUtf8InPlace(text));
  CHECK(text == *driver::Gb18030ToUtf8(gb));
}

TEST_CASE("gb18030 in place: text that is not GB18030 is left as it is") {
  std::string text = "select '\x81' as c";  // a lead byte with nothing after it
  text.reserve(1 << 12);
  const std::string before = text;
  CHECK_FALSE(driver::Gb18030ToUtf8InPlace(text));
  CHECK(text == before);
}

TEST_CASE("gb18030 in place: room is set aside for big files only") {
  CHECK(driver::Gb18030Room(1000) == 0);
  CHECK(driver::Gb18030Room(100u << 20) == (50u << 20));
}

}  // namespace
