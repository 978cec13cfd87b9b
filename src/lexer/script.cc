#include "lexer/script.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <cstdlib>
#include <initializer_list>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "base/strings.h"
#include "lexer/scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hivelineage::lexer {
namespace {

constexpr int kMaxSubstitutionDepth = 40;  // Hive gives up after 40 rounds too
// Values may reference each other (`set x=${x}${x}`), which grows
// exponentially; expansion of one statement stops at this size,
constexpr size_t kMaxExpansionBytes = 1 << 20;
// and of one script at this size or 4 times the script's, whichever is
// larger (found by lex_fuzzer: 14 KB of statements each growing to 1 MiB
// made 14 MiB of expansion, work out of all proportion to the input).
constexpr size_t kMaxScriptExpansionBytes = 4 << 20;

// What a script may still expand, shared by its statements.
struct ScriptExpansion {
  size_t left;
  bool stopped = false;  // spent: no more substitution in this script
};

// Byte classes for the splitter: 0 ordinary, 1 white space, 2 may start a
// quote, comment or separator (0xEF: a full-width semicolon).
constexpr std::array<uint8_t, 256> MakeSplitTable() {
  std::array<uint8_t, 256> t{};
  for (unsigned char c : std::string_view(" \t\n\r\f\v")) t[c] = 1;
  for (unsigned char c : std::string_view(";'\"`-/#")) t[c] = 2;
  t[0xEF] = 2;  // may start a full-width semicolon
  return t;
}
constexpr std::array<uint8_t, 256> kSplitClass = MakeSplitTable();

inline bool IsSpace(char c) { return kSplitClass[static_cast<unsigned char>(c)] == 1; }

// First i >= from with t[i] of split class 2 (; ' " ` - / #), or n. Statements
// are mostly ordinary bytes, so this runs 16 bytes a step where it can.
size_t FindSplitSpecial(const char* t, size_t from, size_t n) {
  size_t i = from;
#if defined(__SSE2__)
  const __m128i semi = _mm_set1_epi8(';'), apos = _mm_set1_epi8('\''), dq = _mm_set1_epi8('"'), bq = _mm_set1_epi8('`'),
                dash = _mm_set1_epi8('-'), slash = _mm_set1_epi8('/'), hash = _mm_set1_epi8('#'),
                fullwidth = _mm_set1_epi8('\xEF');
  while (i + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + i));
    const __m128i m = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, semi), _mm_cmpeq_epi8(v, apos)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, bq))),
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, dash), _mm_cmpeq_epi8(v, slash)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, hash), _mm_cmpeq_epi8(v, fullwidth))));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(m));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
    i += 16;
  }
#endif
  while (i < n && kSplitClass[static_cast<unsigned char>(t[i])] != 2) ++i;
  return i;
}

// The end of the quote that opens at t[start] ('...' and "..." with
// backslash escapes, `...` without): the index of the closing quote, or >= n
// when it is not closed.
size_t FindQuoteEnd(std::string_view t, size_t start) {
  const char q = t[start];
  const auto* b = reinterpret_cast<const unsigned char*>(t.data());
  const auto* e = b + t.size();
  const unsigned char escape = q == '`' ? '`' : '\\';
  size_t i = start + 1;
  while (true) {
    i = static_cast<size_t>(scan::FindEither(b + i, e, static_cast<unsigned char>(q), escape) - b);
    if (i >= t.size() || t[i] == q) return i;
    i = std::min(i + 2, t.size());  // a backslash and the byte it escapes
  }
}

// First i >= from with t[i] one of ; ' " ` (what a CLI command's end depends on), or n.
size_t FindCommandSpecial(const char* t, size_t from, size_t n) {
  size_t i = from;
#if defined(__SSE2__)
  const __m128i semi = _mm_set1_epi8(';'), apos = _mm_set1_epi8('\''), dq = _mm_set1_epi8('"'), bq = _mm_set1_epi8('`');
  while (i + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + i));
    const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, semi), _mm_cmpeq_epi8(v, apos)),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, bq)));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(m));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
    i += 16;
  }
#endif
  while (i < n && t[i] != ';' && t[i] != '\'' && t[i] != '"' && t[i] != '`') ++i;
  return i;
}

// End of a CLI command starting at `from`: the next `;` outside '...',
// "..." (backslash escapes) and `...` (compile's code block), or n.
size_t FindCommandEnd(std::string_view t, size_t from) {
  const size_t n = t.size();
  size_t i = from;
  while ((i = FindCommandSpecial(t.data(), i, n)) < n && t[i] != ';') {
    i = FindQuoteEnd(t, i);
    if (i < n) ++i;
  }
  return i < n ? i : n;
}

// First i >= from with t[i] a line break, or n (the end of a `--` comment).
size_t FindLineEnd(const char* t, size_t from, size_t n) {
  size_t i = from;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
  while (i + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + i));
    const unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr))));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
    i += 16;
  }
#endif
  while (i < n && t[i] != '\n' && t[i] != '\r') ++i;
  return i;
}

// True when only blanks stand between the start of t[i]'s line and t[i].
bool AtLineStart(std::string_view t, size_t i) {
  while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t')) --i;
  return i == 0 || t[i - 1] == '\n' || t[i - 1] == '\r' || (i == 3 && t.substr(0, 3) == "\xEF\xBB\xBF");
}

std::string_view Strip(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

constexpr bool IsWordByte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

constexpr std::array<bool, 256> MakeWordByteTable() {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = IsWordByte(static_cast<char>(c));
  return t;
}
constexpr std::array<bool, 256> kWordByte = MakeWordByteTable();

// The one word scanner of statement text: splits off the next word (letters,
// digits, `_`) after white space, or a quoted string whole ('...', "...",
// `...`), or else the next single byte; empty at the end.
std::string_view NextWord(std::string_view& rest) {
  size_t i = 0;
  while (i < rest.size() && IsSpace(rest[i])) ++i;
  size_t j = i;
  if (j < rest.size() && (rest[j] == '\'' || rest[j] == '"' || rest[j] == '`')) {
    const char q = rest[j++];
    while (j < rest.size() && rest[j] != q) j += (rest[j] == '\\' && q != '`') ? 2 : 1;
    j = std::min(j + 1, rest.size());
  }
  while (j < rest.size() && kWordByte[static_cast<unsigned char>(rest[j])]) ++j;
  if (j == i && j < rest.size()) ++j;
  const std::string_view w = rest.substr(i, j - i);
  rest.remove_prefix(j);
  return w;
}

// A word of up to 7 bytes, lower-cased and packed with its length into one
// integer, so the command words are told by one switch instead of a string
// compare per command (ClassifyCommand runs twice per statement).
constexpr uint64_t PackWord(std::string_view w) {
  uint64_t k = static_cast<uint64_t>(w.size()) << 56;
  for (size_t i = 0; i < w.size() && i < 7; ++i) {
    const auto c = static_cast<unsigned char>(w[i]);
    k |= static_cast<uint64_t>(c >= 'A' && c <= 'Z' ? c + 32 : c) << (8 * i);
  }
  return k;
}

// The word bytes (A-Z a-z 0-9 _) at the start of 8 bytes, all eight tested
// at once (SWAR: each byte's range test is an add that carries into its top
// bit, never into the next byte, since only bytes < 0x80 are tested), and
// the word lower-cased and packed as PackWord packs it when it is shorter
// than 8 bytes.
struct FirstWord8 {
  size_t length;    // 0..8
  uint64_t packed;  // PackWord of the word when length < 8
};
inline FirstWord8 ReadFirstWord8(const char* p) {
  constexpr uint64_t k01 = 0x0101010101010101ull, k80 = 0x8080808080808080ull;
  uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
  const uint64_t low7 = x & ~k80;
  // 0x80 in each byte of v (bytes < 0x80) that lies in [lo, hi].
  auto in_range = [&](uint64_t v, uint64_t lo, uint64_t hi) {
    return (v + k01 * (0x80 - lo)) & ~(v + k01 * (0x7F - hi)) & k80;
  };
  const uint64_t ascii = ~x & k80;
  const uint64_t upper = in_range(low7, 'A', 'Z') & ascii;
  const uint64_t word =
      (in_range(low7 | k01 * 0x20, 'a', 'z') | in_range(low7, '0', '9') | in_range(low7, '_', '_')) & ascii;
  const uint64_t stop = ~word & k80;
  const size_t length = stop == 0 ? 8 : static_cast<size_t>(std::countr_zero(stop)) / 8;
  if (length >= 8) return FirstWord8{8, 0};
  const uint64_t lower = x | (upper >> 2);  // 0x80 >> 2 is the 0x20 that lower-cases A-Z
  return FirstWord8{length, (lower & ((uint64_t{1} << (8 * length)) - 1)) | static_cast<uint64_t>(length) << 56};
}

CommandKind ClassifyCommand(std::string_view text) {
  if (!text.empty() && text[0] == '!') return CommandKind::Shell;
  // The first word, read only as far as a command word can go: NextWord's
  // word, except that one that starts with a quote or is not a word at all
  // is no command word either.
  size_t i = 0;
  while (i < text.size() && IsSpace(text[i])) ++i;
  size_t j = i;
  uint64_t packed = 0;  // PackWord of the word, built as it is read
  if (text.size() - i >= 8) {
    const FirstWord8 first = ReadFirstWord8(text.data() + i);
    j = i + first.length;
    packed = first.packed;
  } else {
    for (; j < text.size(); ++j) {
      const auto c = static_cast<unsigned char>(text[j]);
      if (!kWordByte[c]) break;
      packed |= static_cast<uint64_t>(c >= 'A' && c <= 'Z' ? c + 32 : c) << (8 * (j - i));
    }
  }
  // Command words are 3 to 7 letters; SQL statements mostly are not.
  if (j - i < 3 || j - i > 7) return CommandKind::None;
  packed |= static_cast<uint64_t>(j - i) << 56;
  std::string_view rest = text.substr(j);
  std::string_view next;
  bool have_next = false;
  auto next_word = [&]() {  // the second word, found only when needed
    if (!have_next) {
      next = NextWord(rest);
      have_next = true;
    }
    return next;
  };
  auto next_is = [&](std::string_view k) { return EqualsIgnoreCase(next_word(), k); };
  auto next_is_resource = [&]() {
    return next_is("jar") || next_is("jars") || next_is("file") || next_is("files") || next_is("archive") ||
           next_is("archives");
  };
  switch (packed) {
    case PackWord("set"):
      // SET ROLE and SET AUTOCOMMIT are SQL statements.
      if (next_is("role") || next_is("autocommit")) return CommandKind::None;
      return CommandKind::Set;
    case PackWord("reset"):
      return CommandKind::Reset;
    case PackWord("add"):
      return next_is_resource() ? CommandKind::Add : CommandKind::None;
    case PackWord("list"):
      return next_is_resource() ? CommandKind::List : CommandKind::None;
    case PackWord("delete"):
      return !next_is("from") ? CommandKind::Delete : CommandKind::None;
    case PackWord("dfs"):
      return CommandKind::Dfs;
    case PackWord("source"):
      return CommandKind::Source;
    case PackWord("compile"):
      return CommandKind::Compile;
    case PackWord("reload"):
      return !next_is("function") && !next_is("functions") ? CommandKind::Reload : CommandKind::None;
    case PackWord("crypto"):
      return CommandKind::Crypto;
    case PackWord("llap"):
      return next_is("cluster") || next_is("cache") ? CommandKind::Llap : CommandKind::None;
    case PackWord("quit"):
    case PackWord("exit"):
      // Alone in its statement (the splitter asks before it has found the `;`).
      return next_word().empty() || next_word() == ";" ? CommandKind::Quit : CommandKind::None;
    default:
      return CommandKind::None;
  }
}

// Finds the `}` that closes the `${` at s[pos]; npos when unclosed.
size_t FindVariableEnd(std::string_view s, size_t pos) {
  int depth = 0;
  for (size_t i = pos; i < s.size(); ++i) {
    if (s[i] == '$' && i + 1 < s.size() && s[i + 1] == '{') {
      ++depth;
      ++i;
    } else if (s[i] == '}') {
      if (--depth == 0) return i;
    } else if (s[i] == '\n' || s[i] == ';') {
      return std::string_view::npos;
    }
  }
  return std::string_view::npos;
}

// The undefined variables of a file already warned about: one warning per
// variable and file, at its first use, counting the uses (20 identical lines
// for 20 uses said nothing more than one).
struct UndefinedWarnings {
  std::string_view file_text;
  absl::flat_hash_set<std::string> warned;

  void Warn(Diagnostics& diags, const std::string& name, uint32_t begin, uint32_t end) {
    if (!warned.insert(name).second) return;
    const std::string ref = Cat("${", name, "}");
    size_t uses = 0;
    for (size_t at = file_text.find(ref, begin); at != std::string_view::npos; at = file_text.find(ref, at + 1)) ++uses;
    diags.push_back(Diagnostic{
        Severity::Warning, Span{begin, end},
        uses > 1 ? Cat("undefined variable ", ref, " left in place (", uses, " uses in this file, warned once)")
                 : Cat("undefined variable ", ref, " left in place"),
        DiagnosticCode::UndefinedVariable});
  }
};

class Substituter {
 public:
  Substituter(const Variables& vars, Diagnostics& diags, UndefinedWarnings& undefined, ScriptExpansion& script)
      : vars_(vars), diags_(diags), undefined_(undefined), script_(script) {}

  bool exhausted() const { return exhausted_; }

  // Expands every ${...} in `s` (recursively, inner first). `orig` is the
  // original offset of s[0] when s is file text, used for warnings; -1 in values.
  std::string Expand(std::string_view s, int depth, int64_t orig, bool* changed) {
    std::string out;
    size_t i = 0;
    while (i < s.size()) {
      const size_t at = s.find("${", i);
      if (at == std::string_view::npos) break;
      const size_t close = FindVariableEnd(s, at);
      if (close == std::string_view::npos) break;
      out.append(s.substr(i, at - i));
      const std::string inner = depth < kMaxSubstitutionDepth
                                    ? Expand(s.substr(at + 2, close - at - 2), depth + 1, -1, changed)
                                    : std::string(s.substr(at + 2, close - at - 2));
      std::optional<std::string> value = depth < kMaxSubstitutionDepth ? vars_.Lookup(inner) : std::nullopt;
      if (value && !exhausted_) {
        *changed = true;
        bool again = false;
        const std::string expanded = Expand(*value, depth + 1, -1, &again);
        if (expanded.size() > budget_ || expanded.size() > script_.left) {
          exhausted_ = true;
          script_.stopped = expanded.size() > script_.left;
          // The work was done even if its result is not kept.
          script_.left -= std::min(script_.left, expanded.size());
          budget_ = 0;
          Append(out, "${", inner, "}");
        } else {
          budget_ -= expanded.size();
          script_.left -= expanded.size();
          out += expanded;
        }
      } else if (value) {
        Append(out, "${", inner, "}");
      } else {
        if (orig >= 0) {
          const uint32_t b = static_cast<uint32_t>(orig + static_cast<int64_t>(at));
          undefined_.Warn(diags_, inner, b, static_cast<uint32_t>(orig + static_cast<int64_t>(close) + 1));
        }
        Append(out, "${", inner, "}");
      }
      i = close + 1;
    }
    out.append(s.substr(i));
    return out;
  }

 private:
  const Variables& vars_;
  Diagnostics& diags_;
  UndefinedWarnings& undefined_;
  ScriptExpansion& script_;
  size_t budget_ = kMaxExpansionBytes;
  bool exhausted_ = false;
};

// Substitutes variables in `st` in place (fills substituted + pieces).
void SubstituteStatement(StatementText& st, const Variables& vars, Diagnostics& diags, UndefinedWarnings& undefined,
                         ScriptExpansion& script) {
  const std::string_view s = st.original;
  if (script.stopped || s.find("${") == std::string_view::npos) return;
  Substituter sub(vars, diags, undefined, script);
  std::string out;
  std::vector<TextPiece> pieces;
  size_t i = 0;
  bool any = false;
  auto literal = [&](size_t from, size_t to) {
    if (to <= from) return;
    pieces.push_back(TextPiece{static_cast<uint32_t>(out.size()), st.span.begin + static_cast<uint32_t>(from),
                               st.span.begin + static_cast<uint32_t>(to), false});
    out.append(s.substr(from, to - from));
  };
  while (i < s.size()) {
    const size_t at = s.find("${", i);
    if (at == std::string_view::npos) break;
    const size_t close = FindVariableEnd(s, at);
    if (close == std::string_view::npos) break;
    literal(i, at);
    bool changed = false;
    const bool was_exhausted = sub.exhausted();
    std::string piece = sub.Expand(s.substr(at, close + 1 - at), 0, st.span.begin + at, &changed);
    if (sub.exhausted() && !was_exhausted) {
      diags.push_back(Diagnostic{
          Severity::Error,
          Span{st.span.begin + static_cast<uint32_t>(at), st.span.begin + static_cast<uint32_t>(close + 1)},
          script.stopped ? "variable expansions of this script exceed 4 MiB (or 4 times its size); substitution "
                           "stopped here and for the rest of the script"
                         : "variable expansion exceeds 1 MiB; substitution stopped here",
          DiagnosticCode::VariableExpansionTooLarge});
    }
    if (changed) {
      any = true;
      pieces.push_back(TextPiece{static_cast<uint32_t>(out.size()), st.span.begin + static_cast<uint32_t>(at),
                                 st.span.begin + static_cast<uint32_t>(close + 1), true});
      out += piece;
    } else {
      literal(at, close + 1);
    }
    i = close + 1;
  }
  if (!any) return;
  literal(i, s.size());
  st.substituted = std::move(out);
  st.pieces = std::move(pieces);
}

// `set k=v` names a setting; `set k` / `set` / `set -v` only print.
void ReadSet(StatementText& st) {
  const std::string_view text = st.text();
  const std::string_view t = CommandArgument(text);
  const size_t eq = t.find('=');
  if (eq == std::string_view::npos) return;
  const std::string_view key = Strip(t.substr(0, eq));
  if (key.empty()) return;
  const std::string_view value = Strip(t.substr(eq + 1));
  auto span_of = [&](std::string_view part) {
    const auto begin = static_cast<uint32_t>(part.data() - text.data());
    return Span{begin, begin + static_cast<uint32_t>(part.size())};
  };
  st.set_key = span_of(key);
  st.set_value = span_of(value);
}

}  // namespace

std::string_view CommandArgument(std::string_view text) {
  NextWord(text);
  return Strip(text);
}

StatementKind GuessStatementKind(std::string_view text, bool tell_ctas) {
  std::string_view rest = text;
  std::string_view w = NextWord(rest);
  while (w == "(") w = NextWord(rest);
  auto is = [&](std::string_view word, std::initializer_list<std::string_view> any) {
    for (std::string_view a : any)
      if (EqualsIgnoreCase(word, a)) return true;
    return false;
  };
  if (is(w, {"select", "with", "from", "values", "map", "reduce", "table"})) return StatementKind::Query;
  static constexpr std::pair<std::string_view, StatementKind> kFirstWords[] = {
      {"insert", StatementKind::Insert}, {"merge", StatementKind::Merge}, {"update", StatementKind::Update},
      {"delete", StatementKind::Delete}, {"use", StatementKind::Use},     {"explain", StatementKind::Explain},
      {"drop", StatementKind::Drop},     {"alter", StatementKind::Alter}, {"load", StatementKind::Load},
  };
  for (const auto& [word, kind] : kFirstWords)
    if (EqualsIgnoreCase(w, word)) return kind;
  if (EqualsIgnoreCase(w, "create")) {
    // CREATE [OR REPLACE] [TEMPORARY|EXTERNAL|TRANSACTIONAL|MATERIALIZED] TABLE|VIEW ...
    for (int i = 0; i < 5; ++i) {
      const std::string_view next = NextWord(rest);
      if (EqualsIgnoreCase(next, "view")) return StatementKind::CreateView;
      if (EqualsIgnoreCase(next, "table")) {
        if (!tell_ctas) return StatementKind::CreateTable;
        // CREATE TABLE ... AS SELECT: look for `AS` followed by a query.
        bool after_as = false;
        for (std::string_view t = NextWord(rest); !t.empty(); t = NextWord(rest)) {
          if (after_as && is(t, {"select", "with", "from", "("})) return StatementKind::Ctas;
          if (t != "(") after_as = EqualsIgnoreCase(t, "as");
        }
        return StatementKind::CreateTable;
      }
      if (next.empty()) break;
    }
  }
  return StatementKind::Other;
}

std::string_view CommandKindName(CommandKind k) {
  switch (k) {
    case CommandKind::None:
      return "sql";
    case CommandKind::Set:
      return "set";
    case CommandKind::Reset:
      return "reset";
    case CommandKind::Add:
      return "add";
    case CommandKind::List:
      return "list";
    case CommandKind::Delete:
      return "delete";
    case CommandKind::Dfs:
      return "dfs";
    case CommandKind::Source:
      return "source";
    case CommandKind::Shell:
      return "shell";
    case CommandKind::Compile:
      return "compile";
    case CommandKind::Reload:
      return "reload";
    case CommandKind::Crypto:
      return "crypto";
    case CommandKind::Llap:
      return "llap";
    case CommandKind::Quit:
      return "quit";
  }
  return "sql";
}

void Variables::Define(std::string_view name, std::string_view value) {
  if (name.find(':') != std::string_view::npos) {
    values_[ToLower(name.substr(0, name.find(':'))) + std::string(name.substr(name.find(':')))] = std::string(value);
    return;
  }
  values_[Cat("hivevar:", name)] = std::string(value);
  values_[Cat("hiveconf:", name)] = std::string(value);
}

void Variables::DefineFromSet(std::string_view name, std::string_view value) {
  if (name.find(':') != std::string_view::npos) {
    Define(name, value);
  } else {
    values_[Cat("hiveconf:", name)] = std::string(value);
  }
}

std::optional<std::string> Variables::Lookup(std::string_view ref) const {
  const size_t colon = ref.find(':');
  if (colon != std::string_view::npos) {
    const std::string ns = ToLower(ref.substr(0, colon));
    const std::string_view name = ref.substr(colon + 1);
    if (ns == "env") {
      if (!allow_env) return std::nullopt;
      const std::string n(name);
      const char* v = std::getenv(n.c_str());
      if (v == nullptr) return std::nullopt;
      return std::string(v);
    }
    if (ns == "hivevar" || ns == "hiveconf" || ns == "system" || ns == "define") {
      auto it = values_.find(Cat(ns == "define" ? "hivevar" : ns, ":", name));
      if (it != values_.end()) return it->second;
      return std::nullopt;
    }
  }
  for (const char* ns : {"hivevar:", "hiveconf:"}) {
    auto it = values_.find(Cat(ns, ref));
    if (it != values_.end()) return it->second;
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> Variables::Definitions() const {
  std::vector<std::pair<std::string, std::string>> out(values_.begin(), values_.end());
  std::sort(out.begin(), out.end());
  return out;
}

uint32_t StatementText::ToOriginal(uint32_t offset) const {
  if (pieces.empty()) return span.begin + std::min<uint32_t>(offset, span.size());
  auto it = std::upper_bound(pieces.begin(), pieces.end(), offset,
                             [](uint32_t o, const TextPiece& p) { return o < p.text_begin; });
  if (it == pieces.begin()) return span.begin;
  const TextPiece& p = *(it - 1);
  if (p.substituted) return p.orig_begin;
  return std::min(p.orig_begin + (offset - p.text_begin), p.orig_end);
}

Span StatementText::ToOriginal(Span s) const {
  const uint32_t b = ToOriginal(s.begin);
  uint32_t e = ToOriginal(s.end);
  if (e < b) e = b;
  return Span{b, e};
}

namespace {
// The words a line may start with to begin a statement after a stretch that
// is not SQL (no `set`: a command runs to the next `;`, so it cannot end a
// stretch that has none).
bool StartsStatement(std::string_view word) {
  static constexpr std::string_view kWords[] = {"insert", "create", "with",  "select", "from",    "drop",
                                                "alter",  "use",    "load",  "merge",  "truncate", "explain",
                                                "msck",   "analyze"};
  for (std::string_view w : kWords)
    if (EqualsIgnoreCase(word, w)) return true;
  return false;
}

// Offset of the start of the line after the one holding text[i] (or text.size()).
size_t NextLineStart(std::string_view text, size_t i) {
  while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
  if (i < text.size() && text[i] == '\r') ++i;
  if (i < text.size() && text[i] == '\n') ++i;
  return i;
}

size_t LineStartOf(std::string_view text, size_t i) {
  while (i > 0 && text[i - 1] != '\n' && text[i - 1] != '\r') --i;
  return i;
}
}  // namespace

std::vector<uint32_t> StatementLineStarts(std::string_view text, size_t from, size_t max) {
  std::vector<uint32_t> out;
  if (from >= text.size()) return out;
  for (size_t line = LineStartOf(text, from); line < text.size() && out.size() < max;
       line = NextLineStart(text, line)) {
    std::string_view rest = text.substr(line);
    const std::string_view first = NextWord(rest);
    if (StartsStatement(first) && static_cast<size_t>(first.data() - text.data()) < NextLineStart(text, line))
      out.push_back(static_cast<uint32_t>(first.data() - text.data()));
  }
  return out;
}

StatementText SubStatement(const StatementText& st, uint32_t begin, uint32_t end) {
  const std::string_view text = st.text();
  end = std::min<uint32_t>(end, static_cast<uint32_t>(text.size()));
  while (begin < end && IsSpace(text[begin])) ++begin;
  while (end > begin && IsSpace(text[end - 1])) --end;
  StatementText out;
  // The original end of text byte end - 1 (a substituted piece ends where its ${...} ends).
  auto original_end = [&](uint32_t e) -> uint32_t {
    if (e == 0) return st.span.begin;
    if (st.pieces.empty()) return st.span.begin + e;
    auto it = std::upper_bound(st.pieces.begin(), st.pieces.end(), e - 1,
                               [](uint32_t o, const TextPiece& p) { return o < p.text_begin; });
    const TextPiece& p = *(it - 1);
    return p.substituted ? p.orig_end : std::min(p.orig_begin + (e - p.text_begin), p.orig_end);
  };
  const uint32_t ob = st.ToOriginal(begin);
  out.span = Span{ob, std::max(ob, original_end(end))};
  out.original = st.original.substr(out.span.begin - st.span.begin, out.span.size());
  if (!st.pieces.empty()) {
    out.substituted = std::string(text.substr(begin, end - begin));
    for (size_t k = 0; k < st.pieces.size(); ++k) {
      const TextPiece& p = st.pieces[k];
      const uint32_t p_end = k + 1 < st.pieces.size() ? st.pieces[k + 1].text_begin : static_cast<uint32_t>(text.size());
      if (p_end <= begin || p.text_begin >= end) continue;
      const uint32_t from = std::max(p.text_begin, begin);
      out.pieces.push_back(TextPiece{from - begin, p.substituted ? p.orig_begin : p.orig_begin + (from - p.text_begin),
                                     p.orig_end, p.substituted});
    }
  }
  out.command = ClassifyCommand(out.text());
  if (out.command == CommandKind::Set) ReadSet(out);
  return out;
}

std::vector<StatementText> SplitScript(const SourceFile& file, Variables& vars, Diagnostics& diags,
                                       const SplitOptions& options) {
  std::vector<StatementText> out;
  out.reserve(std::min(file.text().size() / 128, options.max_statements) + 8);
  SplitScript(file, vars, diags, options, [&](StatementText&& st) { out.push_back(std::move(st)); });
  return out;
}

namespace {

// Makes each statement found (substituted, its command told, a `set` applied)
// and hands it out, recording its span when asked.
class StatementMaker {
 public:
  StatementMaker(std::string_view text, Variables& vars, Diagnostics& diags, const SplitOptions& options,
                 const std::function<void(StatementText&&)>& each)
      : t_(text),
        vars_(vars),
        diags_(diags),
        options_(options),
        each_(each),
        undefined_{text, {}},
        expansion_{std::max(kMaxScriptExpansionBytes, 4 * text.size())} {}

  size_t count() const { return count_; }

  void Make(Span span) {
    if (count_ > options_.max_statements) return;
    StatementText st;
    st.span = span;
    st.original = t_.substr(st.span.begin, st.span.size());
    SubstituteStatement(st, vars_, diags_, undefined_, expansion_);
    st.command = ClassifyCommand(st.text());
    if (st.command == CommandKind::Set) {
      ReadSet(st);
      if (options_.apply_set_commands && !st.SetKey().empty()) vars_.DefineFromSet(st.SetKey(), st.SetValue());
    }
    ++count_;
    if (options_.record != nullptr) options_.record->statements.push_back(span);
    each_(std::move(st));
  }

  // A diagnostic of the scan (not of the substitution).
  void Report(Diagnostic d) {
    if (options_.record != nullptr)
      options_.record->diagnostics.push_back(StatementSpans::ScanDiagnostic{static_cast<uint32_t>(count_), d});
    diags_.push_back(std::move(d));
  }

 private:
  std::string_view t_;
  Variables& vars_;
  Diagnostics& diags_;
  const SplitOptions& options_;
  const std::function<void(StatementText&&)>& each_;
  UndefinedWarnings undefined_;
  ScriptExpansion expansion_;
  size_t count_ = 0;  // statements handed out
};

// The statements `spans` recorded, with the scan's diagnostics where they were reported.
void Replay(const StatementSpans& spans, Diagnostics& diags, StatementMaker& maker) {
  size_t d = 0;
  for (const Span& span : spans.statements) {
    for (; d < spans.diagnostics.size() && spans.diagnostics[d].before <= maker.count(); ++d)
      diags.push_back(spans.diagnostics[d].diagnostic);
    maker.Make(span);
  }
  for (; d < spans.diagnostics.size(); ++d) diags.push_back(spans.diagnostics[d].diagnostic);
}

}  // namespace

void SplitScript(const SourceFile& file, Variables& vars, Diagnostics& diags, const SplitOptions& options,
                 const std::function<void(StatementText&&)>& each) {
  const std::string_view t = file.text();
  StatementMaker maker(t, vars, diags, options, each);
  if (const StatementSpans* r = options.replay;
      r != nullptr && r->complete && r->max_statements == options.max_statements) {
    Replay(*r, diags, maker);
    return;
  }
  if (options.record != nullptr) {
    *options.record = StatementSpans{};
    options.record->max_statements = options.max_statements;
  }
  const size_t n = t.size();
  size_t i = 0;
  // A UTF-8 byte-order mark is not part of the first statement.
  if (n >= 3 && static_cast<unsigned char>(t[0]) == 0xEF && static_cast<unsigned char>(t[1]) == 0xBB &&
      static_cast<unsigned char>(t[2]) == 0xBF)
    i = 3;
  int64_t stmt_begin = -1;  // first significant byte of the current statement
  size_t last_end = 0;      // end of the last significant byte
  auto finish = [&]() {
    if (stmt_begin < 0) return;
    maker.Make(Span{static_cast<uint32_t>(stmt_begin), static_cast<uint32_t>(last_end)});
    stmt_begin = -1;
  };
  auto mark = [&](size_t b, size_t e) {
    if (stmt_begin < 0) stmt_begin = static_cast<int64_t>(b);
    last_end = e;
  };
  while (i < n && maker.count() <= options.max_statements) {
    // Up to the next byte that may start a quote, comment or separator there
    // are only white space and ordinary bytes: mark the non-space stretch.
    const size_t j = FindSplitSpecial(t.data(), i, n);
    if (j > i) {
      size_t f = i;
      while (f < j && IsSpace(t[f])) ++f;
      if (f < j) {
        if (stmt_begin < 0 && ClassifyCommand(t.substr(f)) != CommandKind::None) {
          // Hive CLI commands (dfs -cat /a/*, crypto ... --keyName k) run to
          // the next `;` outside quotes: `--` and `/*` are not comments there.
          i = FindCommandEnd(t, f);
          size_t l = i;
          while (l > f && IsSpace(t[l - 1])) --l;
          mark(f, l);
          finish();
          if (i < n) ++i;
          continue;
        }
        size_t l = j;
        while (IsSpace(t[l - 1])) --l;
        mark(f, l);
      }
      i = j;
      if (i >= n) break;
    }
    const char c = t[i];
    if ((c == '-' && i + 1 < n && t[i + 1] == '-') || (c == '#' && AtLineStart(t, i))) {
      // `--` to the end of the line; so is a line starting with `#`, which
      // Beeline (run by Oozie's hive2 action) skips.
      i = FindLineEnd(t.data(), i, n);
    } else if (c == '/' && i + 1 < n && t[i + 1] == '*' && !(i + 2 < n && t[i + 2] == '+')) {
      const size_t start = i;
      i += 2;
      int depth = 1;
      while (i < n && depth > 0) {
        if (t[i] == '*' && i + 1 < n && t[i + 1] == '/') {
          --depth;
          i += 2;
        } else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
          ++depth;
          i += 2;
        } else
          ++i;
      }
      if (depth > 0) {
        // Unterminated: it swallows the rest; the lexer reports it.
        mark(start, n);
      }
    } else if (c == ';') {
      finish();
      ++i;
    } else if (c == '\'' || c == '"' || c == '`') {
      const size_t start = i;
      i = FindQuoteEnd(t, start);
      if (i < n) {
        mark(start, ++i);
        continue;
      }
      // Unterminated: the statement ends before the next line that starts
      // one, where splitting resumes (the lexer reports the quote itself).
      const std::vector<uint32_t> resume = StatementLineStarts(t, NextLineStart(t, start), 1);
      size_t end = resume.empty() ? n : LineStartOf(t, resume[0]);
      while (end > start && IsSpace(t[end - 1])) --end;
      mark(start, end);
      const int first_line = file.Locate(static_cast<uint32_t>(start)).line;
      const int last_line = file.Locate(static_cast<uint32_t>(end > start ? end - 1 : start)).line;
      maker.Report(
          Diagnostic{Severity::Warning, Span{static_cast<uint32_t>(start), static_cast<uint32_t>(end)},
                     Cat("unterminated quote: ",
                         first_line == last_line ? Cat("line ", first_line) : Cat("lines ", first_line, "-", last_line),
                         resume.empty() ? " (to the end of the file) not analysed"
                                        : Cat(" not analysed; analysis resumes at line ", file.Locate(resume[0]).line)),
                     DiagnosticCode::UnterminatedQuote});
      if (resume.empty()) break;
      finish();
      i = LineStartOf(t, resume[0]);
    } else if (c == '/' && i + 2 < n && t[i + 1] == '*' && t[i + 2] == '+') {
      const size_t start = i;
      const size_t close = t.find("*/", i + 3);
      i = close == std::string_view::npos ? n : close + 2;
      mark(start, i);
    } else if (c == '\xEF' && i + 2 < n && t[i + 1] == '\xBC' && t[i + 2] == '\x9B') {
      // Full-width semicolon: the lexer reads it as `;` (with a warning), so
      // the script splits there too.
      maker.Report(Diagnostic{Severity::Warning, Span{static_cast<uint32_t>(i), static_cast<uint32_t>(i + 3)},
                              "full-width semicolon read as ';'", DiagnosticCode::FullWidthSemicolon});
      finish();
      i += 3;
    } else {
      // A lone `-`, `/` or 0xEF is an ordinary byte.
      mark(i, i + 1);
      ++i;
    }
  }
  finish();
  if (options.record != nullptr) options.record->complete = true;
}

}  // namespace hivelineage::lexer
