// The statement writers' JSON emitter (output/buffered_json.h) and the string
// escaping under it (WriteJsonString, base/json_out.h): the text must be
// JsonOut's byte for byte, whatever the bytes, the depth or the length.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/json_out.h"
#include "output/buffered_json.h"

namespace hivelineage::output {
namespace {

std::string Written(std::string_view s) {
  std::string out(JsonStringRoom(s.size()), '\0');
  char* end = WriteJsonString(out.data(), s);
  out.resize(static_cast<size_t>(end - out.data()));
  return out;
}

std::string Appended(std::string_view s) {
  std::string out = "x";
  AppendJsonString(out, s);
  return out.substr(1);
}

}  // namespace

TEST_CASE("WriteJsonString: escapes, control bytes and invalid UTF-8") {
  CHECK(Written("") == "\"\"");
  CHECK(Written("plain") == "\"plain\"");
  CHECK(Written("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(Written("\n\r\t\b\f") == "\"\\n\\r\\t\\b\\f\"");
  CHECK(Written(std::string_view("\x01\x1f\x00", 3)) == "\"\\u0001\\u001f\\u0000\"");
  CHECK(Written("\x7f") == "\"\x7f\"");  // DEL is not a control byte to JSON
  // Valid UTF-8 of two, three and four bytes is copied.
  CHECK(Written("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80") == "\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"");
  // Each byte that is not UTF-8 becomes U+FFFD: a lone continuation byte, a
  // truncated sequence at the end, an overlong form.
  CHECK(Written("a\x80z") == "\"a\xEF\xBF\xBDz\"");
  CHECK(Written("a\xE2\x82") == "\"a\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(Written("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
}

TEST_CASE("WriteJsonString: an escape anywhere in a string (16 bytes a step, the tail by an overlapping load)") {
  for (size_t len : {1u, 3u, 7u, 8u, 9u, 12u, 15u, 16u, 17u, 20u, 31u, 32u, 33u, 40u, 100u}) {
    for (size_t at = 0; at < len; ++at) {
      for (char c : {'"', '\\', '\n', '\x01'}) {
        std::string s(len, 'a');
        s[at] = c;
        const std::string w = Written(s);
        CHECK(w == Appended(s));
        CHECK(w.size() == len + 2 + (c == '\x01' ? 5 : 1));
      }
      std::string u(len, 'b');
      u[at] = '\xFF';
      CHECK(Written(u) == Appended(u));
      CHECK(Written(u).size() == len + 2 + 2);
    }
  }
}

TEST_CASE("WriteJsonString: the worst case fills JsonStringRoom exactly") {
  const std::string controls(300, '\x02');
  CHECK(Written(controls).size() == JsonStringRoom(controls.size()));
  CHECK(Written(controls) == Appended(controls));
}

TEST_CASE("JsonKey: the key with its quotes, colon and space, made at compile time") {
  constexpr JsonKey key("column");
  CHECK(key.size == 6);
  CHECK(std::string_view(key.text, key.size + 4) == "\"column\": ");
}

namespace {

// One document, written by both emitters: the same calls to each.
template <class Json>
void WriteSample(Json& j, const std::string& long_string, int depth) {
  j.BeginObject();
  j.Key("name");
  j.String("t\"1\n");
  j.Key("index");
  j.Int(-1234567890123);
  j.Key("ok");
  j.Bool(true);
  j.Key("no");
  j.Bool(false);
  j.Key("span");
  j.BeginObject(/*inline_=*/true);
  j.Key("begin");
  j.Int(0);
  j.Key("inner");
  j.BeginArray();  // inside a flat object: flat too
  j.Int(1);
  j.Int(2);
  j.EndArray();
  j.EndObject();
  j.Key("empty");
  j.BeginArray();
  j.EndArray();
  j.Key("names");
  j.StringArray({"a", "b\\", long_string, "\xFF"});
  j.Key("none");
  j.StringArray({});
  j.Key("long");
  j.String(long_string);
  j.Key("deep");
  for (int i = 0; i < depth; ++i) j.BeginArray();
  j.String("bottom");
  j.Int(7);
  for (int i = 0; i < depth; ++i) j.EndArray();
  j.Key("many");
  j.BeginArray();
  for (int i = 0; i < 3000; ++i) {  // more than one block of the BufferedJson
    j.BeginObject(/*inline_=*/true);
    j.Key("i");
    j.Int(i);
    j.Key("s");
    j.String("value\t");
    j.EndObject();
  }
  j.EndArray();
  j.EndObject();
}

}  // namespace

TEST_CASE("BufferedJson: the same text as JsonOut, pretty and compact, shallow and deep") {
  for (const bool pretty : {true, false}) {
    for (const size_t long_size : {10u, 2048u, 2049u, 20000u}) {
      for (const int depth : {1, 30, 31, 32, 40}) {
        std::string long_string(long_size, 'x');
        long_string[long_size / 2] = '\x03';
        std::string expected = "prefix";
        {
          JsonOut j(expected, pretty);
          WriteSample(j, long_string, depth);
        }
        std::string got = "prefix";
        {
          BufferedJson j(got, pretty);
          WriteSample(j, long_string, depth);
        }
        CAPTURE(pretty);
        CAPTURE(long_size);
        CAPTURE(depth);
        CHECK(got == expected);
      }
    }
  }
}

TEST_CASE("BufferedJson: an array continued at a depth, as a statement of the document is") {
  for (const bool first : {true, false}) {
    std::string expected, got;
    {
      JsonOut j(expected, true);
      j.ContinueArray(2, first);
      j.BeginObject();
      j.Key("k");
      j.String("v");
      j.EndObject();
    }
    {
      BufferedJson j(got, true);
      j.ContinueArray(2, first);
      j.BeginObject();
      j.Key("k");
      j.String("v");
      j.EndObject();
    }
    CHECK(got == expected);
    CHECK(got == std::string(first ? "" : ",") + "\n    {\n      \"k\": \"v\"\n    }");
  }
}

TEST_CASE("BufferedJson: the target gets the text at Flush and at destruction") {
  std::string out;
  BufferedJson j(out, false);
  j.BeginArray();
  j.Int(1);
  CHECK(out.empty());
  j.Flush();
  CHECK(out == "[1");
  j.Int(2);
  j.EndArray();
  j.Flush();
  CHECK(out == "[1,2]");
}

}  // namespace hivelineage::output
