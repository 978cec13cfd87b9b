#include "output/buffered_json.h"

#include <cstdlib>

#include "base/json_out.h"

namespace hivelineage::output {

void BufferedJson::Flush() {
  out_->append(block_, static_cast<size_t>(p_ - block_));
  p_ = block_;
}

void BufferedJson::Push(Frame f) {
  if (depth_ == kMaxDepth) std::abort();
  stack_[depth_++] = f;
}

void BufferedJson::ContinueArray(int depth, bool first) {
  for (int i = 0; i < depth; ++i) Push(Frame{false, false});
  if (depth > 0) stack_[depth_ - 1].first = first;
}

void BufferedJson::DeepNewLine() {
  // Deeper than the writers go: straight to the target.
  Flush();
  out_->push_back('\n');
  out_->append(depth_ * 2, ' ');
}

void BufferedJson::Open(char c, bool inline_) {
  Room(kSeparatorRoom + 1);
  Separator();
  *p_++ = c;
  const bool parent_flat = depth_ != 0 && stack_[depth_ - 1].flat;
  Push(Frame{true, inline_ || parent_flat});
}

void BufferedJson::Close(char c) {
  const Frame f = stack_[--depth_];
  Room(kSeparatorRoom + 1);
  if (pretty_ && !f.flat && !f.first) NewLine();
  *p_++ = c;
}

void BufferedJson::String(std::string_view s) {
  if (s.size() <= kLongString) {
    Room(kSeparatorRoom + JsonStringRoom(s.size()));
    Separator();
    p_ = WriteJsonString(p_, s);
  } else {
    Room(kSeparatorRoom);
    Separator();
    Flush();
    AppendJsonString(*out_, s);
  }
}

void BufferedJson::Bool(bool v) {
  Room(kSeparatorRoom + 5);
  Separator();
  if (v) {
    std::memcpy(p_, "true", 4);
    p_ += 4;
  } else {
    std::memcpy(p_, "false", 5);
    p_ += 5;
  }
}

void BufferedJson::StringArray(const std::vector<std::string>& items) {
  Room(kSeparatorRoom + 1);
  Separator();
  *p_++ = '[';
  const size_t comma = pretty_ ? 2 : 1;  // ", " or ","
  bool first = true;
  for (const std::string& s : items) {
    const bool long_string = s.size() > kLongString;
    Room(2 + (long_string ? 0 : JsonStringRoom(s.size())));
    if (!first) {
      std::memcpy(p_, ", ", 2);
      p_ += comma;
    }
    first = false;
    if (long_string) {
      Flush();
      AppendJsonString(*out_, s);
    } else {
      p_ = WriteJsonString(p_, s);
    }
  }
  Room(1);
  *p_++ = ']';
}

}  // namespace hivelineage::output
