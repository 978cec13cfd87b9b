#include "driver/encoding.h"

#include <iconv.h>

#include <cerrno>
#include <cstring>

#include "base/source_file.h"

namespace hivelineage::driver {

std::optional<std::string> Gb18030ToUtf8(std::string_view text) {
  iconv_t cd = iconv_open("UTF-8", "GB18030");
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  // Converted through a small buffer and appended: the output is written
  // once, and room reserved but not needed is never touched. SQL is mostly
  // ASCII (1 byte either way); a 2-byte GBK character takes 3 in UTF-8.
  std::string out;
  out.reserve(text.size() + text.size() / 4 + SourceFile::kPadding + 16);
  char buf[1 << 16];
  char* in_ptr = const_cast<char*>(text.data());
  size_t in_left = text.size();
  bool ok = true;
  while (in_left > 0) {
    char* out_ptr = buf;
    size_t out_left = sizeof(buf);
    const size_t r = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
    out.append(buf, static_cast<size_t>(out_ptr - buf));
    if (r == static_cast<size_t>(-1) && errno != E2BIG) {
      ok = false;  // EILSEQ / EINVAL: not GB18030
      break;
    }
  }
  iconv_close(cd);
  if (!ok) return std::nullopt;
  return out;
}

namespace {

// Whether all of `text` is GB18030 (converted through a small buffer, the output thrown away).
bool IsGb18030(std::string_view text) {
  iconv_t cd = iconv_open("UTF-8", "GB18030");
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  char buf[1 << 16];
  char* in_ptr = const_cast<char*>(text.data());
  size_t in_left = text.size();
  bool ok = true;
  while (in_left > 0 && ok) {
    char* out_ptr = buf;
    size_t out_left = sizeof(buf);
    if (iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left) == static_cast<size_t>(-1) && errno != E2BIG) ok = false;
  }
  iconv_close(cd);
  return ok;
}

// At most how many bytes longer than `text` (valid GB18030) its UTF-8 is,
// and than any prefix of it that ends between two characters: a one-byte
// character above ASCII (0x80, 0xFF in glibc's table) may take 3 bytes, a
// two-byte one 3, a four-byte one (lead byte, then a digit) at most 4.
size_t Gb18030Growth(std::string_view text) {
  size_t growth = 0;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
    } else if (c == 0x80 || c == 0xFF) {
      growth += 2;
      ++i;
    } else if (i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      i += 4;
    } else {
      growth += 1;
      i += 2;
    }
  }
  return growth;
}

}  // namespace

size_t Gb18030Room(size_t size) { return size >= (1u << 20) ? size / 2 : 0; }

bool Gb18030ToUtf8InPlace(std::string& text) {
  if (!IsGb18030(text)) return false;
  const size_t n = text.size();
  const size_t shift = Gb18030Growth(text);
  if (text.capacity() < n + shift + SourceFile::kPadding + 1) {
    std::optional<std::string> copy = Gb18030ToUtf8(text);
    if (!copy) return false;
    text = std::move(*copy);
    return true;
  }
  iconv_t cd = iconv_open("UTF-8", "GB18030");
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  // The text moved `shift` bytes up, then converted to the front of the
  // buffer: the output never passes the input not yet read, as no prefix
  // grows by more than `shift`.
  text.resize(n + shift);
  std::memmove(text.data() + shift, text.data(), n);
  char buf[1 << 16];
  char* in_ptr = text.data() + shift;
  size_t in_left = n;
  size_t written = 0;
  while (in_left > 0) {
    char* out_ptr = buf;
    size_t out_left = sizeof(buf);
    const size_t r = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
    const size_t produced = static_cast<size_t>(out_ptr - buf);
    std::memcpy(text.data() + written, buf, produced);
    written += produced;
    if (r == static_cast<size_t>(-1) && errno != E2BIG) break;  // checked valid above: never
  }
  iconv_close(cd);
  text.resize(written);
  return true;
}

}  // namespace hivelineage::driver
