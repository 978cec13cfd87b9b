// MD5 of a byte string as 32 lower-case hex digits: the "hash" field of Hive's
// LineageLogger records (an MD5 of the UTF-8 query text). Not for security.
#pragma once

#include <string>
#include <string_view>

namespace hivelineage::output {

std::string Md5Hex(std::string_view data);

}  // namespace hivelineage::output
