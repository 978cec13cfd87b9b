// Input decoding: scripts are analysed as UTF-8.
//
// Chinese ETL scripts are still often saved as GBK / GB18030. A file that is
// not valid UTF-8 but is valid GB18030 is transcoded to UTF-8 (with glibc's
// iconv, no extra dependency) before analysis; offsets in the output then
// refer to the transcoded text. Anything else is analysed byte for byte.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hivelineage::driver {

// Converts GB18030 (a superset of GBK and GB2312) to UTF-8; nullopt when
// `text` is not valid GB18030 or iconv does not know the encoding.
std::optional<std::string> Gb18030ToUtf8(std::string_view text);

}  // namespace hivelineage::driver
