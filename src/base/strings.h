// Small string helpers.
//
// Debian's abseil is built with its own absl::string_view (not an alias of
// std::string_view), so absl::StrCat cannot take std::string_view. Cat() does
// the same job for std types.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <type_traits>

namespace hivelineage {

namespace strings_internal {
inline void AppendOne(std::string& out, std::string_view s) { out.append(s); }
inline void AppendOne(std::string& out, const char* s) { out.append(s); }
inline void AppendOne(std::string& out, const std::string& s) { out.append(s); }
inline void AppendOne(std::string& out, char c) { out.push_back(c); }
template <typename T>
requires std::is_integral_v<T>
inline void AppendOne(std::string& out, T v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out.append(buf, r.ptr);
}
}  // namespace strings_internal

template <typename... Args>
std::string Cat(const Args&... args) {
  std::string out;
  (strings_internal::AppendOne(out, args), ...);
  return out;
}

template <typename... Args>
void Append(std::string& out, const Args&... args) {
  (strings_internal::AppendOne(out, args), ...);
}

inline char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

inline std::string ToLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiLower(c);
  return out;
}

inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  return true;
}

}  // namespace hivelineage
