// The JSON emitter of the statement writers (json, jsonl, hive), where the
// output is four and a half times the size of the SQL, so its cost per byte
// counts as much as the parser's.
//
// Same text as JsonOut (base/json_out.h) byte for byte, written cheaper:
// every piece goes through a pointer into a block this object owns (copies
// of a size known at compile time, which the compiler inlines, instead of a
// std::string::append per piece), and the block is appended to the target
// string when full, at Flush and at destruction. A key is a literal made at
// compile time with its quotes and colon; the line break and indentation
// before a value are one fixed-size copy from a literal, cut to the depth.
//
// The target string must not be touched by anyone else while this object
// lives (or before a Flush).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace hivelineage::output {

// A key written in the code: `"name": ` made at compile time (a key that is
// not plain ASCII, or longer than kMaxSize, does not compile).
struct JsonKey {
  static constexpr size_t kMaxSize = 28;

  template <size_t N>
  consteval JsonKey(const char (&key)[N]) : size(N - 1) {  // NOLINT: implicit from a literal, by design
    static_assert(N - 1 <= kMaxSize, "key too long for a JsonKey");
    text[0] = '"';
    for (size_t i = 0; i + 1 < N; ++i) {
      const char c = key[i];
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x7f) throw "a JsonKey is plain ASCII";
      text[i + 1] = c;
    }
    text[N] = '"';
    text[N + 1] = ':';
    text[N + 2] = ' ';
  }

  char text[kMaxSize + 4] = {};  // "key": and zeros
  size_t size;                   // of the key alone
};

class BufferedJson {
 public:
  BufferedJson(std::string& out, bool pretty) : out_(&out), pretty_(pretty) {}
  ~BufferedJson() { Flush(); }
  BufferedJson(const BufferedJson&) = delete;
  BufferedJson& operator=(const BufferedJson&) = delete;

  // Appends what is written so far to the target.
  void Flush();

  // As JsonOut::ContinueArray: continue as if inside an array open at
  // `depth`, its first element still to come when `first`.
  void ContinueArray(int depth, bool first);

  void BeginObject(bool inline_ = false) { Open('{', inline_); }
  void EndObject() { Close('}'); }
  void BeginArray(bool inline_ = false) { Open('[', inline_); }
  void EndArray() { Close(']'); }

  [[gnu::always_inline]] void Key(const JsonKey& key) {
    Room(kSeparatorRoom + sizeof key.text);
    Separator();
    std::memcpy(p_, key.text, sizeof key.text);
    p_ += key.size + (pretty_ ? 4 : 3);
    after_key_ = true;
  }
  void String(std::string_view s);
  void Int(int64_t v) {
    Room(kSeparatorRoom + 24);
    Separator();
    p_ = std::to_chars(p_, p_ + 24, v).ptr;
  }
  void Bool(bool v);
  // An array of strings on one line.
  void StringArray(const std::vector<std::string>& items);

 private:
  struct Frame {
    bool first = true;
    bool flat = false;  // no newlines inside
  };
  // The block lives in the object, on the caller's stack (one per statement
  // or piece): 16 KB, a few statements' worth.
  static constexpr size_t kBlock = 16 * 1024;
  // A line break and the indentation of 31 levels, copied whole and cut.
  static constexpr size_t kIndentCopy = 64;
  // The most a separator takes: a comma, a line break and the indentation.
  static constexpr size_t kSeparatorRoom = 1 + kIndentCopy;
  // The longest string escaped into the block; longer ones go straight to the target.
  static constexpr size_t kLongString = 2048;

  static constexpr auto kIndent = [] {
    struct Text {
      char v[kIndentCopy];
    } t;
    t.v[0] = '\n';
    for (size_t i = 1; i < kIndentCopy; ++i) t.v[i] = ' ';
    return t;
  }();

  // At least `n` bytes free at p_ (n <= kBlock).
  void Room(size_t n) {
    if (static_cast<size_t>(block_ + kBlock - p_) < n) Flush();
  }
  // The separator and indentation before a value or key (room made by the caller).
  [[gnu::always_inline]] void Separator() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ == 0) return;
    Frame& f = stack_[depth_ - 1];
    if (pretty_ && f.flat) {
      if (!f.first) {
        std::memcpy(p_, ", ", 2);
        p_ += 2;
      }
    } else {
      if (!f.first) *p_++ = ',';
      if (pretty_) NewLine();
    }
    f.first = false;
  }
  [[gnu::always_inline]] void NewLine() {
    const size_t n = 1 + depth_ * 2;
    if (n > kIndentCopy) return DeepNewLine();
    std::memcpy(p_, kIndent.v, kIndentCopy);
    p_ += n;
  }
  void DeepNewLine();
  void Push(Frame f);
  void Open(char c, bool inline_);
  void Close(char c);

  std::string* out_;
  bool pretty_;
  bool after_key_ = false;
  // The open objects and arrays: a fixed array, as the writers nest a few
  // levels deep (a statement six); deeper than kMaxDepth is a bug (abort).
  static constexpr size_t kMaxDepth = 64;
  Frame stack_[kMaxDepth];
  size_t depth_ = 0;
  char block_[kBlock];
  char* p_ = block_;
};

}  // namespace hivelineage::output
