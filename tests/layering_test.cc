// The folders of src/ include one another one way only (docs/architecture.md,
// "Which folder may include which"): a folder includes its own layer and the
// layers below it, never one above. An include that reaches up fails here,
// naming the file and the header.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;

// Each folder's layer, from the ground up; folders of one layer may include
// each other. The graph's model sits below the driver, which runs the
// analysis into it (graph/load.*, going to the driver); so do the output
// writers, which take plain values (output/file_output.h) that the driver
// makes from its results (driver/output_writer.h).
const std::map<std::string, int>& Layers() {
  static const std::map<std::string, int> layers = {
      {"base", 0},    {"lexer", 1},   {"ast", 2},    {"parser", 3},         {"rewrite", 3},
      {"lineage", 4}, {"catalog", 5}, {"sync", 6},   {"graph/model", 7},    {"output", 7},
      {"driver", 8},  {"graph", 8},   {"api", 9},    {"graph/queries", 10}, {"graph/render", 11},
      {"store", 12},  {"checks", 12}, {"usage", 12}, {"view", 13},          {"cli", 13},
  };
  return layers;
}

// The folder a path under src/ (or an include, "graph/model/graph.h") is in:
// its first part, and for graph/ its second when that is a folder.
std::string FolderOf(const std::string& path) {
  const size_t slash = path.find('/');
  if (slash == std::string::npos) return "";
  std::string folder = path.substr(0, slash);
  if (folder == "graph") {
    const size_t next = path.find('/', slash + 1);
    if (next != std::string::npos) folder = path.substr(0, next);
  }
  return folder;
}

}  // namespace

TEST_CASE("layering: no folder of src/ includes a folder above it") {
  const fs::path src = hivelineage::testing::SourceDir() / "src";
  size_t files = 0, includes = 0;
  std::string reaching_up;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cc")) continue;
    const std::string path = fs::relative(entry.path(), src).generic_string();
    const auto from = Layers().find(FolderOf(path));
    REQUIRE_MESSAGE(from != Layers().end(), "a folder of src/ without a layer: ", path);
    ++files;
    std::istringstream text(hivelineage::testing::ReadFile(entry.path()));
    for (std::string line; std::getline(text, line);) {
      if (!line.starts_with("#include \"")) continue;
      const std::string header = line.substr(10, line.find('"', 10) - 10);
      const auto to = Layers().find(FolderOf(header));
      if (to == Layers().end()) continue;  // a library's header (absl, nlohmann) or the public API
      ++includes;
      if (to->second > from->second) reaching_up += path + " includes " + header + "\n";
    }
  }
  CHECK(files > 250);
  CHECK(includes > 500);
  CHECK_MESSAGE(reaching_up.empty(), reaching_up);
}

TEST_CASE("layering: the check sees an include that reaches up") {
  CHECK(FolderOf("graph/model/graph.h") == "graph/model");
  CHECK(FolderOf("graph/load.h") == "graph");
  CHECK(FolderOf("base/utf8.h") == "base");
  CHECK(Layers().at(FolderOf("graph/render/formats.h")) > Layers().at(FolderOf("graph/queries/impact.h")));
  CHECK(Layers().at(FolderOf("driver/encoding.h")) > Layers().at(FolderOf("base/md5.h")));
  CHECK(Layers().at(FolderOf("driver/run.h")) > Layers().at(FolderOf("graph/model/graph.h")));
  // The writers take plain values: src/output including src/driver reaches up.
  CHECK(Layers().at(FolderOf("driver/file_part.h")) > Layers().at(FolderOf("output/writer.h")));
  CHECK(Layers().at(FolderOf("output/writer.h")) > Layers().at(FolderOf("lineage/lineage.h")));
}
