// A growable pool whose elements never move (like std::deque, which the
// lineage keeps pointers into) but which allocates nothing until first used:
// most statements (DDL, USE, SET) never need one, and a default-constructed
// std::deque already allocates.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace hivelineage::lineage {

template <typename T>
class StablePool {
 public:
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (chunks_.empty() || used_ == chunk_size_) {
      chunk_size_ = chunks_.empty() ? 8 : chunk_size_ * 2;
      chunks_.push_back(std::make_unique<Slot[]>(chunk_size_));
      used_ = 0;
    }
    Slot& slot = chunks_.back()[used_++];
    T* p = new (&slot.storage) T(std::forward<Args>(args)...);
    ++size_;
    return *p;
  }
  size_t size() const { return size_; }

  StablePool() = default;
  StablePool(const StablePool&) = delete;
  StablePool& operator=(const StablePool&) = delete;
  ~StablePool() {
    for (size_t c = 0; c < chunks_.size(); ++c) {
      size_t n = c + 1 == chunks_.size() ? used_ : ChunkSize(c);
      for (size_t i = 0; i < n; ++i) std::launder(reinterpret_cast<T*>(&chunks_[c][i].storage))->~T();
    }
  }

 private:
  struct Slot {
    alignas(T) unsigned char storage[sizeof(T)];
  };
  static size_t ChunkSize(size_t index) { return size_t{8} << index; }

  std::vector<std::unique_ptr<Slot[]>> chunks_;
  size_t chunk_size_ = 0;
  size_t used_ = 0;
  size_t size_ = 0;
};

}  // namespace hivelineage::lineage
