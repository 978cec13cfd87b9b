// A small streaming JSON emitter that appends to a std::string.
//
// Output is written by hand rather than through nlohmann trees: building a
// tree per statement cost more than parsing it. Strings are escaped in one
// pass that also repairs invalid UTF-8 (each bad byte becomes U+FFFD), so
// any input bytes give valid JSON.
//
// Pretty mode indents objects and arrays by two spaces; an object or array
// opened with `inline_` (and everything inside it) stays on one line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/inlined_vector.h"

namespace hivelineage::output {

// Appends `s` as a JSON string literal (with quotes) to `out`.
void AppendJsonString(std::string& out, std::string_view s);
// `[` the strings, quoted and escaped, comma-separated `]`, compact.
void AppendJsonStringArray(std::string& out, const std::vector<std::string>& items);

// The most bytes WriteJsonString writes for a string of `n` bytes: a control
// byte becomes six (\u00XX), quotes around.
constexpr size_t JsonStringRoom(size_t n) { return 6 * n + 2; }
// Writes `s` as a JSON string literal (with quotes) at `dst`, which has room
// for JsonStringRoom(s.size()) bytes; returns the end of what it wrote.
char* WriteJsonString(char* dst, std::string_view s);

class JsonOut {
 public:
  JsonOut(std::string& out, bool pretty) : out_(&out), pretty_(pretty) {}
  // Continues the same document in another buffer (after the caller flushed).
  void set_output(std::string& out) { out_ = &out; }

  // For a fresh JsonOut: continue as if inside an array open at `depth`
  // (pretty indentation as there), its first element still to come when
  // `first`. Elements written so go into another document with RawElements.
  void ContinueArray(int depth, bool first);
  // Inside an open array: adds elements rendered by a JsonOut that continued
  // this array at the same depth with first set (so no leading comma).
  void RawElements(std::string_view text);

  void BeginObject(bool inline_ = false) { Open('{', inline_); }
  void EndObject() { Close('}'); }
  void BeginArray(bool inline_ = false) { Open('[', inline_); }
  void EndArray() { Close(']'); }

  void Key(std::string_view key);
  void String(std::string_view s) {
    Value();
    AppendJsonString(*out_, s);
  }
  void Int(int64_t v);
  void Bool(bool v);
  // An array of strings on one line.
  void StringArray(const std::vector<std::string>& items);

 private:
  struct Frame {
    bool first = true;
    bool flat = false;  // no newlines inside
  };
  void Open(char c, bool inline_);
  void Close(char c);
  // Separator and indentation before a value: inline, as every value and key
  // of a statement's output passes here.
  void Value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (stack_.empty()) return;
    Frame& f = stack_.back();
    if (pretty_ && f.flat) {
      if (!f.first) out_->append(", ", 2);
    } else {
      if (!f.first) out_->push_back(',');
      if (pretty_) NewLine();
    }
    f.first = false;
  }
  void NewLine();

  std::string* out_;
  bool pretty_;
  bool after_key_ = false;
  // Documents nest a few levels deep: no allocation per JsonOut.
  absl::InlinedVector<Frame, 16> stack_;
};

}  // namespace hivelineage::output
