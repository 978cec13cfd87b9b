// A bump allocator for AST nodes.
//
// Nodes are trivially destructible, so freeing the arena frees the tree in one
// step (no recursive destructors to overflow on deep trees). Blocks grow
// geometrically; strings copied in (normalized identifiers) live here too.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace hivelineage {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) = default;
  Arena& operator=(Arena&&) = default;

  void* Allocate(size_t size, size_t align) {
    size_t p = (pos_ + align - 1) & ~(align - 1);
    if (p + size > cap_) {
      Grow(size + align);
      p = (pos_ + align - 1) & ~(align - 1);
    }
    pos_ = p + size;
    used_ += size;
    return cur_ + p;
  }

  template <typename T, typename... Args>
  T* New(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    return new (Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }

  // Copies a range into the arena.
  template <typename T>
  std::span<T> CopyOf(const std::vector<T>& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (v.empty()) return {};
    T* p = static_cast<T*>(Allocate(sizeof(T) * v.size(), alignof(T)));
    std::memcpy(static_cast<void*>(p), v.data(), sizeof(T) * v.size());
    return {p, v.size()};
  }

  std::string_view CopyString(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(Allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }

  size_t bytes_used() const { return used_; }

 private:
  void Grow(size_t at_least) {
    size_t size = blocks_.empty() ? 4096 : cap_ * 2;
    if (size > (1u << 20)) size = 1u << 20;
    if (size < at_least) size = at_least;
    // new[] without value-initialisation: zero-filling blocks showed up in profiles.
    blocks_.push_back(std::unique_ptr<std::byte[]>(new std::byte[size]));
    cur_ = blocks_.back().get();
    cap_ = size;
    pos_ = 0;
  }

  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::byte* cur_ = nullptr;
  size_t cap_ = 0;
  size_t pos_ = 0;
  size_t used_ = 0;
};

}  // namespace hivelineage
