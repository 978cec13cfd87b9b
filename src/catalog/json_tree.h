// A JSON document with the position of every value and object key, so that a
// catalog's mistakes can be reported at their line and column. nlohmann-json
// parses (its SAX interface); positions come from watching which byte it
// reads when each event fires.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/diagnostic.h"

namespace hivelineage::catalog {

struct JsonNode {
  enum class Kind : uint8_t { Null, Boolean, Integer, Number, String, Array, Object };
  struct Member;

  Kind kind = Kind::Null;
  uint32_t begin = 0;  // byte offset of the value's first character
  bool boolean = false;
  int64_t integer = 0;  // Integer (a JSON number without fraction or exponent that fits)
  std::string string;
  std::vector<JsonNode> items;  // Array
  std::vector<Member> members;  // Object, in document order

  // "a string", "an array", ... for messages.
  const char* KindName() const;
};

struct JsonNode::Member {
  std::string key;
  uint32_t key_begin = 0;  // the key's opening quote
  JsonNode value;
};

// Parses `text`; on invalid JSON returns the error at the byte where nlohmann
// gave up.
struct ParsedJson {
  JsonNode root;
  std::optional<Diagnostic> error;
};
ParsedJson ParseJsonTree(std::string_view text);

}  // namespace hivelineage::catalog
