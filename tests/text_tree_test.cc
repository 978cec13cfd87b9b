// The one text-tree writer (graph/render/text_tree.h) that impact and explain
// draw with, and the one UTF-8 check (base/utf8.h) that the lexer, the input
// decoder, the JSON writer and the drawings share.
#include "graph/render/text_tree.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/utf8.h"

namespace {

using hivelineage::graph::AppendDepthMark;
using hivelineage::graph::kMaxTreeIndent;
using hivelineage::graph::WriteTextTree;

// A tree of ints: node n's children are `kids[n]`, its depth `depth[n]`.
std::string Draw(const std::vector<std::vector<int>>& kids, const std::vector<int>& depth) {
  std::string out = "root\n";
  WriteTextTree(
      kids[0], [&](int n) -> const std::vector<int>& { return kids[static_cast<size_t>(n)]; },
      [&](int n, std::string& line) {
        AppendDepthMark(depth[static_cast<size_t>(n)], line);
        line += "n" + std::to_string(n) + "\n";
      },
      [&](int n) { return depth[static_cast<size_t>(n)]; }, out);
  return out;
}

}  // namespace

TEST_CASE("text tree: connectors and rails show who hangs under whom") {
  // root -> 1, 2; 1 -> 3, 4; 3 -> 5
  const std::vector<std::vector<int>> kids = {{1, 2}, {3, 4}, {}, {5}, {}, {}};
  const std::vector<int> depth = {0, 1, 1, 2, 2, 3};
  CHECK(Draw(kids, depth) ==
        "root\n"
        "├── n1\n"
        "│   ├── n3\n"
        "│   │   └── n5\n"
        "│   └── n4\n"
        "└── n2\n");
}

TEST_CASE("text tree: past the indentation limit a chain stops growing and says its depth") {
  const int n = kMaxTreeIndent + 3;
  std::vector<std::vector<int>> kids(static_cast<size_t>(n) + 1);
  std::vector<int> depth(static_cast<size_t>(n) + 1);
  for (int i = 0; i < n; ++i) {
    kids[static_cast<size_t>(i)] = {i + 1};
    depth[static_cast<size_t>(i)] = i;
  }
  depth[static_cast<size_t>(n)] = n;
  const std::string out = Draw(kids, depth);
  const std::string deep_prefix(4 * static_cast<size_t>(kMaxTreeIndent - 1), ' ');
  // The last node at the limit, the first past it (same indentation, with its depth), the last one.
  CHECK(out.find("\n" + deep_prefix + "└── n" + std::to_string(kMaxTreeIndent) + "\n") != std::string::npos);
  CHECK(out.find("\n" + deep_prefix + "└── (depth " + std::to_string(kMaxTreeIndent + 1) + ") n" +
                 std::to_string(kMaxTreeIndent + 1) + "\n") != std::string::npos);
  CHECK(out.find("\n" + deep_prefix + "└── (depth " + std::to_string(n) + ") n" + std::to_string(n) + "\n") !=
        std::string::npos);
}

TEST_CASE("utf8: one check, and the repair built on it") {
  auto length = [](std::string_view s) {
    return hivelineage::Utf8SequenceLength(reinterpret_cast<const unsigned char*>(s.data()), 0, s.size());
  };
  CHECK(length("\xC3\xA9") == 2);
  CHECK(length("\xE4\xB8\xAD") == 3);
  CHECK(length("\xF0\x9F\x98\x80") == 4);
  CHECK(length("a") == 0);                 // ASCII is the caller's
  CHECK(length("\xC0\x80") == 0);          // overlong
  CHECK(length("\xED\xA0\x80") == 0);      // surrogate
  CHECK(length("\xF4\x90\x80\x80") == 0);  // above U+10FFFF
  CHECK(length("\xE4\xB8") == 0);          // cut short
  CHECK(hivelineage::ValidUtf8("a\xFF"
                               "b\xE4\xB8\xAD") ==
        "a\xEF\xBF\xBD"
        "b\xE4\xB8\xAD");
  std::string s = "ok \xE4\xB8\xAD";
  const char* before = s.data();
  hivelineage::MakeValidUtf8(s);
  CHECK(s == "ok \xE4\xB8\xAD");
  CHECK(s.data() == before);  // valid text is left where it is
}
