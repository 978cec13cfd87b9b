// A set of enumerators, built at compile time and tested with one bit lookup:
//   constexpr KeywordSet kQueryStarts{Keyword::Select, Keyword::With};
//   if (kQueryStarts.contains(t.keyword)) ...
// It replaces a switch that answers "is it one of these": such a switch needs
// a `default:`, and a switch over a kind must not have one (the compiler
// names every switch a new kind must join only when none has a default).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace hivelineage {

// E's enumerators are below N.
template <typename E, size_t N>
class EnumSet {
 public:
  constexpr EnumSet(std::initializer_list<E> members) {
    for (E e : members) words_[Index(e) / 64] |= uint64_t{1} << (Index(e) % 64);
  }

  constexpr bool contains(E e) const {
    const size_t i = Index(e);
    return i < N && ((words_[i / 64] >> (i % 64)) & 1) != 0;
  }

  constexpr EnumSet operator|(const EnumSet& other) const {
    EnumSet out = *this;
    for (size_t i = 0; i < words_.size(); ++i) out.words_[i] |= other.words_[i];
    return out;
  }

 private:
  static constexpr size_t Index(E e) { return static_cast<size_t>(e); }
  std::array<uint64_t, (N + 63) / 64> words_{};
};

}  // namespace hivelineage
