// The bump allocator: alignment, copies, and the per-thread spare blocks
// that let a statement's several arenas allocate nothing in the steady state.
#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <string>

#include "base/arena.h"

using namespace hivelineage;

TEST_CASE("arena: allocations are aligned and copies hold their bytes") {
  Arena arena;
  for (size_t align : {1, 2, 4, 8, 16}) {
    arena.Allocate(1, 1);
    void* p = arena.Allocate(24, align);
    CHECK(reinterpret_cast<uintptr_t>(p) % align == 0);
  }
  const std::string big(10000, 'x');  // past the first block
  CHECK(arena.CopyString(big) == big);
  CHECK(arena.CopyString("abc") == "abc");
  CHECK(arena.CopyString("").empty());
}

TEST_CASE("arena: the first blocks of released arenas go to the next ones") {
  std::set<void*> released;
  {
    Arena a, b, c;  // a statement's parse, interner and resolver arenas
    released = {a.Allocate(8, 8), b.Allocate(8, 8), c.Allocate(8, 8)};
  }
  Arena d, e, f;
  const std::set<void*> reused = {d.Allocate(8, 8), e.Allocate(8, 8), f.Allocate(8, 8)};
  CHECK(reused == released);
}
