#include "catalog/json_tree.h"

#include <algorithm>
#include <iterator>
#include <limits>

#include "base/strings.h"
#include "nlohmann/json.hpp"

namespace hivelineage::catalog {

const char* JsonNode::KindName() const {
  switch (kind) {
    case Kind::Null:
      return "null";
    case Kind::Boolean:
      return "a boolean";
    case Kind::Integer:
      return "an integer";
    case Kind::Number:
      return "a number";
    case Kind::String:
      return "a string";
    case Kind::Array:
      return "an array";
    case Kind::Object:
      return "an object";
  }
  return "a value";
}

namespace {

// A byte iterator that remembers, in `*last`, the byte nlohmann read last:
// when a SAX event fires, that byte ends the token just scanned (a string's
// closing quote, a `{`, a literal's last letter, or the byte after a number).
class WatchedIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  WatchedIterator(const char* p, const char** last) : p_(p), last_(last) {}
  const char& operator*() const {
    *last_ = p_;
    return *p_;
  }
  WatchedIterator& operator++() {
    ++p_;
    return *this;
  }
  WatchedIterator operator++(int) {
    WatchedIterator old = *this;
    ++p_;
    return old;
  }
  friend bool operator==(const WatchedIterator& a, const WatchedIterator& b) { return a.p_ == b.p_; }

 private:
  const char* p_;
  const char** last_;
};

class TreeBuilder {
 public:
  using json = nlohmann::json;

  TreeBuilder(std::string_view text, const char** last) : text_(text), last_(last) {}

  bool null() { return Add(Scalar(JsonNode::Kind::Null, LastOffset() + 1 - 4)); }
  bool boolean(bool v) {
    JsonNode n = Scalar(JsonNode::Kind::Boolean, LastOffset() + 1 - (v ? 4 : 5));
    n.boolean = v;
    return Add(std::move(n));
  }
  bool number_integer(json::number_integer_t v) { return Integer(v); }
  bool number_unsigned(json::number_unsigned_t v) {
    if (v > static_cast<json::number_unsigned_t>(std::numeric_limits<int64_t>::max())) return Add(NumberNode());
    return Integer(static_cast<int64_t>(v));
  }
  bool number_float(json::number_float_t, const std::string&) { return Add(NumberNode()); }
  bool string(std::string& v) {
    JsonNode n = Scalar(JsonNode::Kind::String, OpeningQuote());
    n.string = std::move(v);
    return Add(std::move(n));
  }
  bool binary(json::binary_t&) { return Add(Scalar(JsonNode::Kind::Null, LastOffset())); }
  bool start_object(std::size_t) { return Open(JsonNode::Kind::Object); }
  bool start_array(std::size_t) { return Open(JsonNode::Kind::Array); }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool key(std::string& k) {
    key_ = std::move(k);
    key_begin_ = OpeningQuote();
    return true;
  }
  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& e) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...".
    std::string_view what = e.what();
    if (const size_t at = what.find(": "); at != std::string_view::npos) what.remove_prefix(at + 2);
    // `position` counts the bytes read, the offending token included: point
    // at its start, or at the end when the text stopped short.
    const size_t end = std::min(position, text_.size());
    const bool cut_short = what.find("unexpected end of input") != std::string_view::npos;
    const uint32_t offset = static_cast<uint32_t>(cut_short ? text_.size() : end - std::min(last_token.size(), end));
    error_ =
        Diagnostic{Severity::Error, Span{offset, offset}, Cat("invalid JSON: ", what), DiagnosticCode::InvalidJson};
    return false;
  }

  JsonNode TakeRoot() { return std::move(root_); }
  std::optional<Diagnostic> TakeError() { return std::move(error_); }

 private:
  uint32_t LastOffset() const { return *last_ == nullptr ? 0 : static_cast<uint32_t>(*last_ - text_.data()); }

  // The opening quote of the string whose closing quote was read last.
  uint32_t OpeningQuote() const {
    size_t i = LastOffset();
    while (i > 0) {
      --i;
      if (text_[i] != '"') continue;
      size_t slashes = 0;
      while (i > slashes && text_[i - slashes - 1] == '\\') ++slashes;
      if (slashes % 2 == 0) break;
    }
    return static_cast<uint32_t>(i);
  }

  static JsonNode Scalar(JsonNode::Kind kind, uint32_t begin) {
    JsonNode n;
    n.kind = kind;
    n.begin = begin;
    return n;
  }

  // A number ends just before the byte read last (the one that ended it), or
  // at the end of the text.
  uint32_t NumberBegin() const {
    size_t end = LastOffset();
    if (end + 1 == text_.size() && IsNumberByte(text_[end])) end = text_.size();
    size_t i = end;
    while (i > 0 && IsNumberByte(text_[i - 1])) --i;
    return static_cast<uint32_t>(i);
  }
  static bool IsNumberByte(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
  }
  JsonNode NumberNode() const { return Scalar(JsonNode::Kind::Number, NumberBegin()); }
  bool Integer(int64_t v) {
    JsonNode n = Scalar(JsonNode::Kind::Integer, NumberBegin());
    n.integer = v;
    return Add(std::move(n));
  }

  // Places a finished value in its parent (or as the root); returns where it went.
  JsonNode* Place(JsonNode&& n) {
    if (open_.empty()) {
      root_ = std::move(n);
      return &root_;
    }
    JsonNode& parent = *open_.back();
    if (parent.kind == JsonNode::Kind::Array) {
      parent.items.push_back(std::move(n));
      return &parent.items.back();
    }
    parent.members.push_back(JsonNode::Member{std::move(key_), key_begin_, std::move(n)});
    return &parent.members.back().value;
  }
  bool Add(JsonNode&& n) {
    Place(std::move(n));
    return true;
  }
  bool Open(JsonNode::Kind kind) {
    // A catalog nests five levels; a pathological file must not make the
    // tree (and its recursive destruction) deeper than the stack allows.
    constexpr size_t kMaxDepth = 256;
    if (open_.size() >= kMaxDepth) {
      const uint32_t at = LastOffset();
      error_ = Diagnostic{Severity::Error, Span{at, at + 1}, Cat("invalid catalog: nested deeper than ", kMaxDepth),
                          DiagnosticCode::InvalidJson};
      return false;
    }
    // Children are placed in their parent's vectors, which may move when they
    // grow; the open chain is only ever appended to at its innermost node, so
    // the pointers above it stay valid.
    open_.push_back(Place(Scalar(kind, LastOffset())));
    return true;
  }
  bool Close() {
    open_.pop_back();
    return true;
  }

  std::string_view text_;
  const char** last_;
  JsonNode root_;
  std::vector<JsonNode*> open_;
  std::string key_;
  uint32_t key_begin_ = 0;
  std::optional<Diagnostic> error_;
};

}  // namespace

ParsedJson ParseJsonTree(std::string_view text) {
  const char* last = nullptr;
  TreeBuilder builder(text, &last);
  nlohmann::json::sax_parse(WatchedIterator(text.data(), &last), WatchedIterator(text.data() + text.size(), &last),
                            &builder, nlohmann::json::input_format_t::json, /*strict=*/true);
  ParsedJson out;
  out.error = builder.TakeError();
  if (!out.error) out.root = builder.TakeRoot();
  return out;
}

}  // namespace hivelineage::catalog
