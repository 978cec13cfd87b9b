#include "driver/encoding.h"

#include <iconv.h>

#include <cerrno>

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

}  // namespace hivelineage::driver
