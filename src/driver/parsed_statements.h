// The statements of one script the gather phase parsed, kept for the
// analysis that follows it (driver::KeptInputs), so that a two-phase run
// tokenizes and parses each statement once: the analysis takes the kept AST
// of a statement instead of parsing its text again.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "base/arena.h"
#include "base/diagnostic.h"
#include "base/source_file.h"

namespace hivelineage::driver {

struct ParsedStatement {
  // Which statement of the split it is: the splitter hands statements out in
  // the same order whenever a script is split with the same options.
  uint32_t ordinal = 0;
  Span span;  // original file offsets, as the splitter gave them (a check)
  ast::Statement* statement = nullptr;
  // What parser::ParseStatement reported besides the AST (warnings).
  Diagnostics diagnostics;
};

struct ParsedStatements {
  Arena arena;  // the ASTs
  // The texts the ASTs point into that are not the file's own bytes (a
  // statement with variables substituted); each string on the heap, so that
  // its characters never move.
  std::vector<std::unique_ptr<std::string>> texts;
  std::vector<ParsedStatement> statements;  // by ordinal

  // The kept statement `ordinal`, when it was kept and is the one at `span`.
  const ParsedStatement* Find(uint32_t ordinal, Span span) const;
};

}  // namespace hivelineage::driver
