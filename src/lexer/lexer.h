// The HiveQL tokenizer.
//
// Turns one statement's text into a flat token vector ending in Eof. It never
// fails: bad input becomes an Error token plus a diagnostic, and scanning goes
// on, so the parser always sees the whole statement. Offsets in tokens and
// diagnostics are relative to `text`; callers map them back to the file.
#pragma once

#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "lexer/token.h"

namespace hivelineage::lexer {

struct LexOptions {
  // hive.support.quoted.identifiers=standard: "x" is an identifier, not a string.
  bool double_quoted_identifiers = false;
  // SQL Server's [bracketed] names (a sync job's reader query): `[a b]` is an
  // identifier, `]]` a `]` in it. Off for Hive and Spark, whose `[` indexes.
  bool bracketed_identifiers = false;
};

// What Tokenize saw, so callers need not rescan tokens or diagnostics.
struct TokenizeSummary {
  bool has_error = false;  // an Error diagnostic was added
  bool has_hint = false;   // a Hint token was emitted
};

// Appends tokens of `text` to `out` (always ending with an Eof token) and any
// problems to `diags` (spans relative to `text`).
TokenizeSummary Tokenize(std::string_view text, const LexOptions& options, std::vector<Token>& out, Diagnostics& diags);

// Decoded contents of a String token: quotes removed, backslash escapes applied
// (Hive's unescaper: \n \t \0 \uXXXX, 3-digit octal), adjacent pieces glued.
std::string UnescapeString(std::string_view token_text);

// Name of a QuotedIdent token: backquotes removed, `` doubled `` undone.
std::string UnquoteIdentifier(std::string_view token_text);

// The parts of a table name written `db.tbl` in one pair of backquotes
// (legacy Hive), split at its dots: views of `name`, in order.
std::vector<std::string_view> SplitQuotedDots(std::string_view name);

// The parts of a name written as text (Spark's IDENTIFIER('`db`.t')): split at
// the dots outside backquotes; a backquoted stretch is taken as written, its
// `` doubled `` read as one backquote.
std::vector<std::string> SplitNameText(std::string_view text);

}  // namespace hivelineage::lexer
