// A script split into statements, with Hive CLI variable substitution.
//
// Hive's CLI splits a script on `;` outside quotes and comments, then
// substitutes ${...} references in each statement using the variables known
// at that point (command-line values plus earlier `set` commands). We do the
// same, and keep a piece map so every offset in a substituted statement can be
// mapped back to the original file for diagnostics.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/diagnostic.h"
#include "base/source_file.h"
#include "base/statement_kind.h"

namespace hivelineage::lexer {

// Hive CLI commands that are not SQL (handled before the parser).
enum class CommandKind : uint8_t {
  None,  // SQL
  Set,
  Reset,
  Add,
  List,
  Delete,
  Dfs,
  Source,
  Shell,
  Compile,
  Reload,
  Crypto,
  Llap,
  Quit,
};
std::string_view CommandKindName(CommandKind k);

// Variables in Hive's namespaces: hivevar, hiveconf, system, env.
class Variables {
 public:
  // `name` may carry a namespace prefix ("hivevar:dt"); a bare name defines
  // both hivevar and hiveconf, as --var / --hivevar does.
  void Define(std::string_view name, std::string_view value);
  // What `set name=value` does: a bare name is a hiveconf setting.
  void DefineFromSet(std::string_view name, std::string_view value);
  // Resolves the text between ${ and }. Env lookups only when allow_env.
  std::optional<std::string> Lookup(std::string_view ref) const;
  // Every variable defined, as ("namespace:name", value), sorted: Define()
  // of each gives the same variables again.
  std::vector<std::pair<std::string, std::string>> Definitions() const;

  bool allow_env = false;

 private:
  absl::flat_hash_map<std::string, std::string> values_;  // "hivevar:x" -> value
};

// One piece of a substituted statement: text bytes [text_begin, next piece's
// text_begin) came from the original bytes [orig_begin, orig_end). A
// substituted piece maps all its bytes to orig_begin (the `${`).
struct TextPiece {
  uint32_t text_begin;
  uint32_t orig_begin;
  uint32_t orig_end;
  bool substituted;
};

struct StatementText {
  Span span;  // original file offsets, without surrounding space/comments and `;`
  CommandKind command = CommandKind::None;
  // For `set key=value`: where the key and the value are in text(), white
  // space stripped (empty for `set`, `set -v` and `set key`, which only print).
  Span set_key;
  Span set_value;
  std::string substituted;        // text after substitution (empty if none happened)
  std::vector<TextPiece> pieces;  // empty if no substitution happened
  std::string_view original;      // the file's bytes at `span`

  std::string_view text() const { return pieces.empty() ? original : substituted; }
  std::string_view SetKey() const { return text().substr(set_key.begin, set_key.size()); }
  std::string_view SetValue() const { return text().substr(set_value.begin, set_value.size()); }
  uint32_t ToOriginal(uint32_t offset_in_text) const;
  Span ToOriginal(Span s) const;
};

// Where SplitScript found a file's statements, and what it reported while
// looking for them (not what substituting variables reports, which depends
// on the variables): all a second split of the same text needs to hand out
// the same statements without scanning the text again.
struct StatementSpans {
  struct ScanDiagnostic {
    uint32_t before;  // statements handed out when it was reported
    Diagnostic diagnostic;
  };
  size_t max_statements = SIZE_MAX;  // the SplitOptions the spans were found with
  std::vector<Span> statements;
  std::vector<ScanDiagnostic> diagnostics;
  bool complete = false;  // the split ran to its end
};

struct SplitOptions {
  // Define the variables of `set` commands as they are met (later
  // statements see them).
  bool apply_set_commands = true;
  // Stop after this many statements plus one (the extra one tells the caller
  // the limit was passed), so a huge file of tiny statements stays bounded.
  size_t max_statements = SIZE_MAX;
  // Where to record the statements' spans as they are found, when set.
  StatementSpans* record = nullptr;
  // The spans a split of the same text recorded, when set: the statements
  // are handed out from them (if they are complete and were found with the
  // same max_statements) instead of scanning the text.
  const StatementSpans* replay = nullptr;
};

// What a statement is, read from its first words, for one that did not
// parse: CREATE ... TABLE ... AS SELECT is a Ctas, SELECT a Query, ...;
// Other when the words do not tell. Without `tell_ctas`, every CREATE ...
// TABLE is a CreateTable and only the first words are read (telling a CTAS
// reads the whole statement).
StatementKind GuessStatementKind(std::string_view text, bool tell_ctas = true);

// A CLI command's text after its first word, white space stripped: the path
// of `source path`.
std::string_view CommandArgument(std::string_view text);

// Where analysis may resume after a stretch that is not SQL (pasted shell
// lines, prompts, prose, a missing `;`): the offsets in `text` of the first
// words of the lines at or after the line of `from` that start a statement
// (INSERT, CREATE, WITH, SELECT, FROM, ...); at most `max` of them.
std::vector<uint32_t> StatementLineStarts(std::string_view text, size_t from, size_t max);

// The bytes [begin, end) of `st`'s text (white space trimmed) as a statement
// of its own, with its original span and substitution pieces.
StatementText SubStatement(const StatementText& st, uint32_t begin, uint32_t end);

// Splits `file` into statements and substitutes variables. `vars` is updated
// by `set` commands. Diagnostics (original offsets) go to `diags`.
std::vector<StatementText> SplitScript(const SourceFile& file, Variables& vars, Diagnostics& diags,
                                       const SplitOptions& options = {});

// The same, handing each statement to `each` as soon as it is split, so the
// caller can analyse it before the next is read and never hold them all.
// Diagnostics found so far are in `diags` when `each` is called.
void SplitScript(const SourceFile& file, Variables& vars, Diagnostics& diags, const SplitOptions& options,
                 const std::function<void(StatementText&&)>& each);

}  // namespace hivelineage::lexer
