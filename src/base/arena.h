// A bump allocator for AST nodes.
//
// Nodes are trivially destructible, so freeing the arena frees the tree in one
// step (no recursive destructors to overflow on deep trees). Blocks grow
// geometrically; strings copied in (normalized identifiers) live here too.
// Blocks form a list through a small header, and each thread keeps a few
// first-size blocks for the next arenas (a statement has several: the parse
// tree's, the lineage interner's and the resolver's), so an arena per
// statement costs no malloc in the steady state.
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
  Arena(Arena&& o) noexcept { Take(o); }
  Arena& operator=(Arena&& o) noexcept {
    if (this != &o) {
      Release();
      Take(o);
    }
    return *this;
  }
  ~Arena() { Release(); }

  void* Allocate(size_t size, size_t align) {
    size_t p = (pos_ + align - 1) & ~(align - 1);
    if (p + size > cap_) [[unlikely]] {
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
  std::span<T> CopyOf(std::span<const T> v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (v.empty()) return {};
    T* p = static_cast<T*>(Allocate(sizeof(T) * v.size(), alignof(T)));
    std::memcpy(static_cast<void*>(p), v.data(), sizeof(T) * v.size());
    return {p, v.size()};
  }
  template <typename T>
  std::span<T> CopyOf(const std::vector<T>& v) {
    return CopyOf(std::span<const T>(v));
  }
  template <typename T>
  std::span<T> CopyOf(std::span<T> v) {
    return CopyOf(std::span<const T>(v));
  }

  std::string_view CopyString(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(Allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }

  size_t bytes_used() const { return used_; }

 private:
  // Block header; the block's bytes follow it (16-byte aligned, as new[] was).
  struct alignas(16) Block {
    Block* prev;
    size_t size;
  };
  static constexpr size_t kFirstBlock = 4096;

  // Spare first-size blocks per thread, chained through `prev`. `closed` is
  // trivially destructible, so arenas destroyed after the holder
  // (thread_local arenas) still see it.
  static constexpr int kSpares = 4;
  struct Spare {
    Block* list = nullptr;
    int count = 0;
    Block* Pop() {
      Block* b = list;
      if (b != nullptr) {
        list = b->prev;
        --count;
      }
      return b;
    }
    bool Push(Block* b) {
      if (count == kSpares) return false;
      b->prev = list;
      list = b;
      ++count;
      return true;
    }
    ~Spare() {
      closed = true;
      while (Block* b = Pop()) ::operator delete(b);
    }
    static inline thread_local bool closed = false;
  };
  static Spare& ThreadSpare() {
    static thread_local Spare spare;
    return spare;
  }

  static std::byte* Data(Block* b) { return reinterpret_cast<std::byte*>(b + 1); }

  [[gnu::noinline]] void Grow(size_t at_least) {
    size_t size = head_ == nullptr ? kFirstBlock : cap_ * 2;
    if (size > (1u << 20)) size = 1u << 20;
    if (size < at_least) size = at_least;
    Block* b = nullptr;
    if (size == kFirstBlock && !Spare::closed) b = ThreadSpare().Pop();
    // Not value-initialised: zero-filling blocks showed up in profiles.
    if (b == nullptr) b = static_cast<Block*>(::operator new(sizeof(Block) + size));
    b->prev = head_;
    b->size = size;
    head_ = b;
    cur_ = Data(b);
    cap_ = size;
    pos_ = 0;
  }

  void Release() {
    Block* b = head_;
    while (b != nullptr) {
      Block* prev = b->prev;
      if (b->size != kFirstBlock || Spare::closed || !ThreadSpare().Push(b)) ::operator delete(b);
      b = prev;
    }
    head_ = nullptr;
  }

  void Take(Arena& o) {
    head_ = o.head_;
    cur_ = o.cur_;
    cap_ = o.cap_;
    pos_ = o.pos_;
    used_ = o.used_;
    o.head_ = nullptr;
    o.cur_ = nullptr;
    o.cap_ = o.pos_ = o.used_ = 0;
  }

  Block* head_ = nullptr;
  std::byte* cur_ = nullptr;
  size_t cap_ = 0;
  size_t pos_ = 0;
  size_t used_ = 0;
};

}  // namespace hivelineage
