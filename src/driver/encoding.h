// Input decoding: scripts are analysed as UTF-8.
//
// Chinese ETL scripts are still often saved as GBK / GB18030. A file that is
// not valid UTF-8 but is valid GB18030 is transcoded to UTF-8 (with glibc's
// iconv, no extra dependency) before analysis; offsets in the output then
// refer to the transcoded text. Anything else is analysed byte for byte.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hivelineage::driver {

// Converts GB18030 (a superset of GBK and GB2312) to UTF-8; nullopt when
// `text` is not valid GB18030 or iconv does not know the encoding.
std::optional<std::string> Gb18030ToUtf8(std::string_view text);

// The same, in `text`'s own buffer when its capacity has room for what the
// UTF-8 may grow by (else through a copy, as above): a big script is not held
// twice while it is transcoded. False, `text` untouched, when it is not valid
// GB18030.
bool Gb18030ToUtf8InPlace(std::string& text);

// The spare capacity to reserve when reading a file of `size` bytes, so that
// Gb18030ToUtf8InPlace has room should it be GB18030 (pages never written
// cost no memory); none for small files, which a copy costs little.
size_t Gb18030Room(size_t size);

}  // namespace hivelineage::driver
