#include "sync/hocon.h"

#include <charconv>
#include <string>

#include "base/strings.h"

namespace hivelineage::sync {
namespace {

using catalog::JsonNode;

struct SyntaxError {
  uint32_t at;
  std::string message;
};

class HoconParser {
 public:
  explicit HoconParser(std::string_view text) : t_(text) {}

  // root := '{' members '}' | members
  JsonNode Root() {
    SkipSpace(true);
    JsonNode root;
    if (Peek() == '{') return Object();
    root.kind = JsonNode::Kind::Object;
    root.begin = static_cast<uint32_t>(pos_);
    Members(root, /*closing=*/0);
    return root;
  }

 private:
  char Peek() const { return pos_ < t_.size() ? t_[pos_] : '\0'; }

  [[noreturn]] void Fail(std::string message) const { throw SyntaxError{static_cast<uint32_t>(pos_), std::move(message)}; }

  // Spaces and comments; newlines too when `newlines`.
  void SkipSpace(bool newlines) {
    while (pos_ < t_.size()) {
      const char c = t_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || (newlines && c == '\n')) {
        ++pos_;
      } else if (c == '#' || (c == '/' && pos_ + 1 < t_.size() && t_[pos_ + 1] == '/')) {
        while (pos_ < t_.size() && t_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  // members := { key ( '=' | ':' )? value ( ',' | newline ) }
  void Members(JsonNode& obj, char closing) {
    for (;;) {
      SkipSpace(true);
      while (Peek() == ',') {
        ++pos_;
        SkipSpace(true);
      }
      if (pos_ >= t_.size()) {
        if (closing != 0) Fail(Cat("expected `", closing, "` before the end of the file"));
        return;
      }
      if (Peek() == closing) {
        ++pos_;
        return;
      }
      JsonNode::Member m;
      m.key_begin = static_cast<uint32_t>(pos_);
      m.key = Key();
      SkipSpace(false);
      if (Peek() == '=' || Peek() == ':') {
        ++pos_;
      } else if (Peek() != '{') {
        Fail(Cat("expected `=`, `:` or `{` after the key `", m.key, "`"));
      }
      SkipSpace(false);
      m.value = Value();
      obj.members.push_back(std::move(m));
      SkipSpace(false);
      const char c = Peek();
      if (c == ',' || c == '\n') {
        ++pos_;
      } else if (c != closing && pos_ < t_.size()) {
        Fail(Cat("expected a newline, `,` or `", closing == 0 ? '}' : closing, "` after the value of `",
                 obj.members.back().key, "`"));
      }
    }
  }

  // key := string | unquoted-key
  std::string Key() {
    if (Peek() == '"') return QuotedString();
    std::string key;
    while (pos_ < t_.size()) {
      const char c = t_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '=' || c == ':' || c == '{' || c == '}' ||
          c == '[' || c == ']' || c == ',' || c == '#' || c == '"')
        break;
      key.push_back(c);
      ++pos_;
    }
    if (key.empty()) Fail("expected a key");
    return key;
  }

  JsonNode Object() {
    JsonNode obj;
    obj.kind = JsonNode::Kind::Object;
    obj.begin = static_cast<uint32_t>(pos_);
    ++pos_;  // {
    Members(obj, '}');
    return obj;
  }

  // array := '[' { value ( ',' | newline ) } ']'
  JsonNode Array() {
    JsonNode arr;
    arr.kind = JsonNode::Kind::Array;
    arr.begin = static_cast<uint32_t>(pos_);
    ++pos_;  // [
    for (;;) {
      SkipSpace(true);
      while (Peek() == ',') {
        ++pos_;
        SkipSpace(true);
      }
      if (pos_ >= t_.size()) Fail("expected `]` before the end of the file");
      if (Peek() == ']') {
        ++pos_;
        return arr;
      }
      arr.items.push_back(Value());
    }
  }

  // value := object | array | string | number | true | false | null | unquoted
  JsonNode Value() {
    const char c = Peek();
    if (c == '{') return Object();
    if (c == '[') return Array();
    JsonNode v;
    v.begin = static_cast<uint32_t>(pos_);
    if (c == '"') {
      v.kind = JsonNode::Kind::String;
      v.string = QuotedString();
      return v;
    }
    // An unquoted value: to the end of the line, a `,`, `}`, `]` or a comment.
    std::string s;
    while (pos_ < t_.size()) {
      const char d = t_[pos_];
      if (d == '\n' || d == ',' || d == '}' || d == ']' || d == '#' ||
          (d == '/' && pos_ + 1 < t_.size() && t_[pos_ + 1] == '/'))
        break;
      s.push_back(d);
      ++pos_;
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    if (s.empty()) Fail("expected a value");
    if (s == "true" || s == "false") {
      v.kind = JsonNode::Kind::Boolean;
      v.boolean = s == "true";
      return v;
    }
    if (s == "null") return v;
    int64_t n = 0;
    if (auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n); ec == std::errc() && end == s.data() + s.size()) {
      v.kind = JsonNode::Kind::Integer;
      v.integer = n;
      v.string = s;
      return v;
    }
    v.kind = JsonNode::Kind::String;
    v.string = std::move(s);
    return v;
  }

  // string := '"' chars '"' | '"""' any '"""'
  std::string QuotedString() {
    if (t_.substr(pos_, 3) == "\"\"\"") {
      const size_t end = t_.find("\"\"\"", pos_ + 3);
      if (end == std::string_view::npos) Fail("unterminated `\"\"\"` string");
      std::string s(t_.substr(pos_ + 3, end - pos_ - 3));
      pos_ = end + 3;
      return s;
    }
    const size_t start = pos_;
    ++pos_;
    std::string s;
    while (pos_ < t_.size() && t_[pos_] != '"') {
      if (t_[pos_] == '\n') {
        pos_ = start;
        Fail("unterminated string");
      }
      if (t_[pos_] == '\\' && pos_ + 1 < t_.size()) {
        const char e = t_[pos_ + 1];
        s.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
        pos_ += 2;
        continue;
      }
      s.push_back(t_[pos_++]);
    }
    if (pos_ >= t_.size()) {
      pos_ = start;
      Fail("unterminated string");
    }
    ++pos_;
    return s;
  }

  std::string_view t_;
  size_t pos_ = 0;
};

}  // namespace

catalog::ParsedJson ParseHocon(std::string_view text) {
  catalog::ParsedJson out;
  try {
    HoconParser p(text);
    out.root = p.Root();
  } catch (const SyntaxError& e) {
    out.error =
        Diagnostic{Severity::Error, Span{e.at, e.at}, Cat("HOCON: ", e.message), DiagnosticCode::InvalidSyncJob};
  }
  return out;
}

}  // namespace hivelineage::sync
