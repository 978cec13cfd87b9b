#include "lexer/lexer.h"

#include <array>

#include "absl/strings/str_format.h"
#include "base/strings.h"
#include "base/utf8.h"
#include "lexer/keyword_hash.h"
#include "lexer/scan.h"

namespace hivelineage::lexer {
namespace {

enum CharClass : uint8_t {
  kOther = 0,
  kSpace,
  kNewline,
  kLetter,
  kDigit,
  kUnderscore,
  kQuote,      // ' "
  kBackquote,  // `
  kPunct,
  kHigh,  // >= 0x80
};

constexpr std::array<uint8_t, 256> MakeClassTable() {
  std::array<uint8_t, 256> t{};
  t[' '] = t['\t'] = t['\f'] = t['\v'] = kSpace;
  t['\n'] = t['\r'] = kNewline;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kLetter;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kLetter;
  for (int c = '0'; c <= '9'; ++c) t[c] = kDigit;
  t['_'] = kUnderscore;
  t['\''] = t['"'] = kQuote;
  t['`'] = kBackquote;
  for (unsigned char c : std::string_view(".,;()[]{}:=<>!+-*/%&~|^?@$#")) t[c] = kPunct;
  for (int c = 0x80; c < 256; ++c) t[c] = kHigh;
  return t;
}
constexpr std::array<uint8_t, 256> kClass = MakeClassTable();

constexpr std::array<bool, 256> MakeWordTable() {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = kClass[c] == kLetter || kClass[c] == kDigit || kClass[c] == kUnderscore;
  return t;
}
constexpr std::array<bool, 256> kWordChar = MakeWordTable();

// Word characters for the word scanner: 0 ends a word, 2 is an upper-case
// letter (the name then needs lower-casing), 1 any other word character.
constexpr std::array<uint8_t, 256> MakeWordClassTable() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = kWordChar[c] ? 1 : 0;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = 2;
  return t;
}
constexpr std::array<uint8_t, 256> kWordClass = MakeWordClassTable();

// Punctuation that is always a one-byte token, whatever follows it.
constexpr std::array<TokenKind, 256> MakeSinglePunctTable() {
  std::array<TokenKind, 256> t{};
  for (auto& k : t) k = TokenKind::Eof;  // Eof = not a single-byte token
  t[','] = TokenKind::Comma;
  t[';'] = TokenKind::Semicolon;
  t['('] = TokenKind::LParen;
  t[')'] = TokenKind::RParen;
  t['['] = TokenKind::LBracket;
  t[']'] = TokenKind::RBracket;
  t['{'] = TokenKind::LBrace;
  t['}'] = TokenKind::RBrace;
  t[':'] = TokenKind::Colon;
  t['+'] = TokenKind::Plus;
  t['*'] = TokenKind::Star;
  t['%'] = TokenKind::Percent;
  t['&'] = TokenKind::Ampersand;
  t['~'] = TokenKind::Tilde;
  t['^'] = TokenKind::Caret;
  t['?'] = TokenKind::Question;
  t['@'] = TokenKind::At;
  return t;
}
constexpr std::array<TokenKind, 256> kSinglePunct = MakeSinglePunctTable();

inline bool IsWordChar(unsigned char c) { return kWordChar[c]; }
inline bool IsDigit(unsigned char c) { return c >= '0' && c <= '9'; }
inline unsigned char Upper(unsigned char c) { return (c >= 'a' && c <= 'z') ? c - 32 : c; }

// Length of a valid UTF-8 sequence starting at p (0 if invalid): base/utf8.h's check.
size_t Utf8Length(const unsigned char* p, const unsigned char* end) {
  return Utf8SequenceLength(p, 0, static_cast<size_t>(end - p));
}

uint32_t DecodeUtf8(const unsigned char* p, size_t n) {
  uint32_t cp = p[0] & (0x7F >> n);
  for (size_t i = 1; i < n; ++i) cp = (cp << 6) | (p[i] & 0x3F);
  return cp;
}

class Lexer {
 public:
  Lexer(std::string_view text, const LexOptions& options, std::vector<Token>& out, Diagnostics& diags)
      : begin_(reinterpret_cast<const unsigned char*>(text.data())),
        p_(begin_),
        end_(begin_ + text.size()),
        options_(options),
        out_(out),
        diags_(diags) {}

  TokenizeSummary Run() {
    out_.reserve(out_.size() + static_cast<size_t>(end_ - begin_) / 5 + 2);
    // One dispatch per byte of white space or token start: the common cases
    // first, then comments, then everything else in LexOne.
    while (p_ < end_) {
      const unsigned char c = *p_;
      const uint8_t k = kClass[c];
      if (k == kSpace || k == kNewline) {
        ++p_;
        pending_space_ = true;
        continue;
      }
      if (k == kLetter) {
        LexWord(p_);
        continue;
      }
      if (const TokenKind single = kSinglePunct[c];
          single != TokenKind::Eof && (single != TokenKind::LBracket || !options_.bracketed_identifiers)) {
        const unsigned char* start = p_++;
        Emit(single, start, p_);
        continue;
      }
      if ((c == '-' || c == '/' || c == '#' || k == kHigh) && SkipComment()) continue;
      LexOne();
    }
    Emit(TokenKind::Eof, p_, p_);
    return summary_;
  }

 private:
  uint32_t Off(const unsigned char* p) const { return static_cast<uint32_t>(p - begin_); }

  [[gnu::always_inline]] inline void Emit(TokenKind kind, const unsigned char* b, const unsigned char* e,
                                          uint8_t flags = 0, Keyword kw = Keyword::None) {
    if (pending_space_) flags |= kLeadingSpace;
    pending_space_ = false;
    out_.push_back(Token{kind, flags, kw, Off(b), Off(e)});
  }

  // Out of line: building messages must not weigh on the scanning loops.
  [[gnu::noinline, gnu::cold]] void Report(Severity sev, DiagnosticCode code, const unsigned char* b,
                                           const unsigned char* e, std::string msg) {
    if (sev == Severity::Error) summary_.has_error = true;
    diags_.push_back(Diagnostic{sev, Span{Off(b), Off(e)}, std::move(msg), code});
  }

  // At `-`, `/`, `#` or a byte >= 0x80: skips one comment or Unicode space
  // and returns true, or returns false when a token starts here.
  bool SkipComment() {
    const unsigned char c = *p_;
    if ((c == '-' && p_ + 1 < end_ && p_[1] == '-') || (c == '#' && AfterLineBreak(p_))) {
      p_ = scan::FindEither(p_ + 1, end_, '\n', '\r');
    } else if (c == '/' && p_ + 1 < end_ && p_[1] == '*' && !(p_ + 2 < end_ && p_[2] == '+')) {
      SkipBlockComment();
    } else if (c == 0xC2 && p_ + 1 < end_ && p_[1] == 0xA0) {  // NBSP
      Report(Severity::Warning, DiagnosticCode::WhiteSpaceVariant, p_, p_ + 2,
             "non-breaking space treated as white space");
      p_ += 2;
    } else if (c == 0xE3 && p_ + 2 < end_ && p_[1] == 0x80 && p_[2] == 0x80) {  // U+3000
      Report(Severity::Warning, DiagnosticCode::WhiteSpaceVariant, p_, p_ + 3,
             "full-width space treated as white space");
      p_ += 3;
    } else {
      return false;
    }
    pending_space_ = true;
    return true;
  }

  // True when only blanks stand between a line break and `p`: a `#` there
  // starts a comment line, which Beeline (Oozie's hive2 action) skips.
  bool AfterLineBreak(const unsigned char* p) const {
    while (p > begin_ && (p[-1] == ' ' || p[-1] == '\t')) --p;
    return p > begin_ && (p[-1] == '\n' || p[-1] == '\r');
  }

  // Block comments nest: /* a /* b */ c */ is one comment.
  void SkipBlockComment() {
    const unsigned char* start = p_;
    p_ += 2;
    int depth = 1;
    while ((p_ = scan::FindEither(p_, end_, '*', '/')) < end_) {
      if (p_[0] == '*' && p_ + 1 < end_ && p_[1] == '/') {
        p_ += 2;
        if (--depth == 0) return;
      } else if (p_[0] == '/' && p_ + 1 < end_ && p_[1] == '*') {
        p_ += 2;
        ++depth;
      } else {
        ++p_;
      }
    }
    Report(Severity::Error, DiagnosticCode::UnterminatedComment, start, start + 2, "unterminated comment");
  }

  void LexOne() {
    const unsigned char* start = p_;
    const unsigned char c = *p_;
    switch (kClass[c]) {
      case kLetter:
        LexWord(start);
        return;
      case kDigit:
        LexNumberOrWord(start);
        return;
      case kUnderscore:
        LexUnderscore(start);
        return;
      case kQuote:
        if (c == '"' && options_.double_quoted_identifiers) {
          LexQuoted(start, '"', TokenKind::QuotedIdent, 0);
        } else {
          LexString(start);
        }
        return;
      case kBackquote:
        LexQuoted(start, '`', TokenKind::QuotedIdent, 0);
        return;
      case kPunct:
        LexPunct(start);
        return;
      case kHigh:
        LexHigh(start);
        return;
      default:
        LexBadByte(start);
        return;
    }
  }

  [[gnu::noinline, gnu::cold]] void LexBadByte(const unsigned char* start) {
    const unsigned char c = *p_;
    ++p_;
    Report(Severity::Error, DiagnosticCode::UnexpectedCharacter, start, p_,
           c == 0 ? std::string("unexpected NUL byte") : absl::StrFormat("unexpected character 0x%02X", c));
    Emit(TokenKind::Error, start, p_);
  }

  // Scans word characters plus embedded ${...} references (tbl_${suffix}).
  void ScanWordTail() {
    while (p_ < end_) {
      if (IsWordChar(*p_)) {
        ++p_;
      } else if (*p_ == '$' && p_ + 1 < end_ && p_[1] == '{') {
        if (!ScanVariable()) return;
      } else if (*p_ >= 0x80) {
        // Unquoted non-ASCII letters (Chinese column names) are not Hive, but
        // real scripts have them; keep them inside the word.
        const size_t n = Utf8Length(p_, end_);
        if (n == 0 || IsFullWidthPunct(p_, n)) return;
        p_ += n;
      } else {
        return;
      }
    }
  }

  // ${...} with nesting; returns false (consuming nothing) when unclosed.
  bool ScanVariable() {
    const unsigned char* end = VariableEnd(p_);
    if (end == nullptr) return false;
    p_ = end;
    return true;
  }

  // Where the ${...} starting at `p` ends (past its `}`), or null when it is unclosed.
  const unsigned char* VariableEnd(const unsigned char* p) const {
    const unsigned char* q = p + 2;
    int depth = 1;
    while (q < end_ && depth > 0) {
      if (q[0] == '$' && q + 1 < end_ && q[1] == '{') {
        ++depth;
        q += 2;
      } else if (*q == '}') {
        --depth;
        ++q;
      } else if (*q == '\n' || *q == ';') {
        return nullptr;
      } else {
        ++q;
      }
    }
    return depth == 0 ? q : nullptr;
  }

  [[gnu::always_inline]] inline void LexWord(const unsigned char* start) {
    const unsigned char* p = p_ + 1;
    unsigned seen = kWordClass[*start];
    // Four bytes per bounds check while they fit.
    while (p + 4 <= end_) {
      const unsigned w0 = kWordClass[p[0]];
      if (w0 == 0) goto done;
      const unsigned w1 = kWordClass[p[1]];
      if (w1 == 0) {
        p += 1;
        seen |= w0;
        goto done;
      }
      const unsigned w2 = kWordClass[p[2]];
      if (w2 == 0) {
        p += 2;
        seen |= w0 | w1;
        goto done;
      }
      const unsigned w3 = kWordClass[p[3]];
      seen |= w0 | w1 | w2;
      if (w3 == 0) {
        p += 3;
        goto done;
      }
      seen |= w3;
      p += 4;
    }
    while (p < end_) {
      const unsigned w = kWordClass[*p];
      if (w == 0) break;
      seen |= w;
      ++p;
    }
  done:
    p_ = p;
    if (p_ < end_ && (*p_ == '$' || *p_ >= 0x80)) {
      const unsigned char* before = p_;
      ScanWordTail();
      if (p_ != before) {
        Emit(TokenKind::Word, start, p_);
        return;
      }
    }
    const size_t n = static_cast<size_t>(p_ - start);
    const char* w = reinterpret_cast<const char*>(start);
    const Keyword kw =
        (n >= 2 && n <= kMaxKeywordLength) ? LookupKeywordHashed(w, n, KeywordHash(w, n)) : Keyword::None;
    Emit(TokenKind::Word, start, p_, (seen & 2) ? 0 : kNoUpper, kw);
  }

  // Numbers: digits [. digits] [e[+-]digits] [Y|S|L|D|BD]; a digit-led run
  // that continues with word characters is an identifier (2024_sales, 12ab).
  void LexNumberOrWord(const unsigned char* start) {
    while (p_ < end_ && IsDigit(*p_)) ++p_;
    const unsigned char* int_end = p_;
    bool frac = false;
    if (p_ < end_ && *p_ == '.' &&
        !(p_ + 1 < end_ && IsWordChar(p_[1]) && !IsDigit(p_[1]) && Upper(p_[1]) != 'E' && Upper(p_[1]) != 'D' &&
          !(Upper(p_[1]) == 'B' && p_ + 2 < end_ && Upper(p_[2]) == 'D'))) {
      // 1.5, 1., 1.e3, 1.D but not "1.x" (a dot then a name).
      ++p_;
      frac = true;
      while (p_ < end_ && IsDigit(*p_)) ++p_;
    }
    const unsigned char* before_exp = p_;
    if (p_ < end_ && Upper(*p_) == 'E') {
      const unsigned char* q = p_ + 1;
      if (q < end_ && (*q == '+' || *q == '-')) ++q;
      if (q < end_ && IsDigit(*q)) {
        while (q < end_ && IsDigit(*q)) ++q;
        p_ = q;
      }
    }
    const unsigned char* num_end = p_;
    // Suffixes.
    if (p_ < end_) {
      const unsigned char u = Upper(*p_);
      if (u == 'B' && p_ + 1 < end_ && Upper(p_[1]) == 'D') {
        num_end = p_ + 2;
      } else if (u == 'Y' || u == 'S' || u == 'L' || u == 'D') {
        num_end = p_ + 1;
      } else if (!frac && before_exp == p_ && (u == 'K' || u == 'M' || u == 'G')) {
        if (!(p_ + 1 < end_ && IsWordChar(p_[1]))) {
          p_ += 1;
          Emit(TokenKind::ByteLength, start, p_);
          return;
        }
      }
    }
    // A word character, or a closed ${variable}, glued to the digits makes a
    // name (2024_sales, 12${n}); a lone `$` or an unclosed `${` does not: it is
    // a token of its own, so the number stays a number whether or not a space
    // comes between.
    if (num_end < end_ && (IsWordChar(*num_end) || (*num_end == '$' && num_end + 1 < end_ && num_end[1] == '{' &&
                                                    VariableEnd(num_end) != nullptr))) {
      if (frac) {
        // "1.5abc": keep the number and let the parser complain about the rest.
        p_ = num_end == p_ ? p_ : num_end;
        Emit(TokenKind::Number, start, p_);
        return;
      }
      // Identifier that starts with digits.
      p_ = int_end;
      ScanWordTail();
      Emit(TokenKind::Word, start, p_);
      return;
    }
    p_ = num_end;
    Emit(TokenKind::Number, start, p_);
  }

  // `_utf8 'abc'` is a charset literal prefix; `_c0` is lenient identifier.
  void LexUnderscore(const unsigned char* start) {
    ++p_;
    while (p_ < end_ && (IsWordChar(*p_))) ++p_;
    // Charset names may also hold `-.:` (_UTF-8 'x'); only a following string
    // or hex literal makes it a charset literal.
    const unsigned char* name_end = p_;
    while (name_end < end_ && (IsWordChar(*name_end) || *name_end == '-' || *name_end == '.' || *name_end == ':'))
      ++name_end;
    const unsigned char* q = name_end;
    while (q < end_ && kClass[*q] == kSpace) ++q;
    if (q < end_ && (*q == '\'' || *q == '"' || (q[0] == '0' && q + 1 < end_ && (q[1] | 32) == 'x'))) {
      p_ = name_end;
      Emit(TokenKind::Charset, start, p_);
      return;
    }
    ScanWordTail();
    Emit(TokenKind::Word, start, p_);
  }

  // '...' or "..." with backslash escapes. Touching pieces ('a''b', 'a'"b")
  // glue into one token as in Hive's lexer.
  void LexString(const unsigned char* start) {
    uint8_t flags = *p_ == '"' ? kDoubleQuoted : 0;
    while (p_ < end_ && (*p_ == '\'' || (*p_ == '"' && !options_.double_quoted_identifiers))) {
      const unsigned char quote = *p_;
      const unsigned char* piece = p_;
      ++p_;
      bool closed = false;
      while ((p_ = scan::FindEither(p_, end_, quote, '\\')) < end_) {
        if (*p_ == '\\') {
          p_ += (p_ + 1 < end_) ? 2 : 1;
        } else {
          ++p_;
          closed = true;
          break;
        }
      }
      if (!closed) {
        Report(Severity::Error, DiagnosticCode::UnterminatedString, piece, piece + 1, "unterminated string literal");
        Emit(TokenKind::Error, start, p_, kUnterminated);
        return;
      }
    }
    Emit(TokenKind::String, start, p_, flags);
  }

  void LexQuoted(const unsigned char* start, unsigned char quote, TokenKind kind, uint8_t flags) {
    ++p_;
    while ((p_ = scan::FindEither(p_, end_, quote, quote)) < end_) {
      if (p_ + 1 < end_ && p_[1] == quote) {
        p_ += 2;
        continue;
      }
      ++p_;
      Emit(kind, start, p_, flags);
      return;
    }
    Report(Severity::Error, DiagnosticCode::UnterminatedString, start, start + 1,
           quote == '`' || quote == ']' ? "unterminated quoted identifier" : "unterminated string literal");
    Emit(TokenKind::Error, start, p_, kUnterminated);
  }

  void LexPunct(const unsigned char* start) {
    const unsigned char c = *p_;
    const unsigned char n = (p_ + 1 < end_) ? p_[1] : 0;
    auto one = [&](TokenKind k) {
      p_ += 1;
      Emit(k, start, p_);
    };
    auto two = [&](TokenKind k) {
      p_ += 2;
      Emit(k, start, p_);
    };
    switch (c) {
      case '.':
        if (IsDigit(n) && !PrevIsOperand()) {
          // Lenient ".5" number.
          ++p_;
          LexFractionTail(start);
          return;
        }
        return one(TokenKind::Dot);
      case ',':
        return one(TokenKind::Comma);
      case ';':
        return one(TokenKind::Semicolon);
      case '(':
        return one(TokenKind::LParen);
      case ')':
        return one(TokenKind::RParen);
      case '[':
        if (options_.bracketed_identifiers) return LexQuoted(start, ']', TokenKind::QuotedIdent, 0);
        return one(TokenKind::LBracket);
      case ']':
        return one(TokenKind::RBracket);
      case '{':
        return one(TokenKind::LBrace);
      case '}':
        return one(TokenKind::RBrace);
      case ':':
        return one(TokenKind::Colon);
      case '=':
        return n == '=' ? two(TokenKind::EqualEqual) : one(TokenKind::Equal);
      case '<':
        if (n == '=' && p_ + 2 < end_ && p_[2] == '>') {
          p_ += 3;
          Emit(TokenKind::NullSafeEqual, start, p_);
          return;
        }
        if (n == '=') return two(TokenKind::LessEqual);
        if (n == '>') return two(TokenKind::NotEqual);
        return one(TokenKind::Less);
      case '>':
        return n == '=' ? two(TokenKind::GreaterEqual) : one(TokenKind::Greater);
      case '!':
        return n == '=' ? two(TokenKind::BangEqual) : one(TokenKind::Bang);
      case '+':
        return one(TokenKind::Plus);
      case '-':
        return n == '>' ? two(TokenKind::Arrow) : one(TokenKind::Minus);
      case '*':
        return one(TokenKind::Star);
      case '/':
        if (n == '*') return LexHint(start);
        return one(TokenKind::Slash);
      case '%':
        return one(TokenKind::Percent);
      case '&':
        return one(TokenKind::Ampersand);
      case '~':
        return one(TokenKind::Tilde);
      case '|':
        return n == '|' ? two(TokenKind::PipePipe) : one(TokenKind::Pipe);
      case '^':
        return one(TokenKind::Caret);
      case '?':
        return one(TokenKind::Question);
      case '@':
        return one(TokenKind::At);
      case '$':
        if (n == '{' && ScanVariable()) {
          const unsigned char* var_end = p_;
          if (p_ < end_ && (IsWordChar(*p_) || *p_ == '$')) {
            ScanWordTail();
            Emit(TokenKind::Word, start, p_);
          } else {
            Emit(TokenKind::Variable, start, var_end);
          }
          return;
        }
        return one(TokenKind::Dollar);
      default:
        return LexBadPunct(start);
    }
  }

  [[gnu::noinline, gnu::cold]] void LexBadPunct(const unsigned char* start) {
    const unsigned char c = *p_;
    ++p_;
    Report(Severity::Error, DiagnosticCode::UnexpectedCharacter, start, p_,
           absl::StrFormat("unexpected character '%c'", c));
    Emit(TokenKind::Error, start, p_);
  }

  void LexFractionTail(const unsigned char* start) {
    while (p_ < end_ && IsDigit(*p_)) ++p_;
    if (p_ < end_ && Upper(*p_) == 'E') {
      const unsigned char* q = p_ + 1;
      if (q < end_ && (*q == '+' || *q == '-')) ++q;
      if (q < end_ && IsDigit(*q)) {
        while (q < end_ && IsDigit(*q)) ++q;
        p_ = q;
      }
    }
    if (p_ < end_) {
      const unsigned char u = Upper(*p_);
      if (u == 'B' && p_ + 1 < end_ && Upper(p_[1]) == 'D')
        p_ += 2;
      else if (u == 'D')
        p_ += 1;
    }
    Emit(TokenKind::Number, start, p_);
  }

  bool PrevIsOperand() const {
    if (out_.empty()) return false;
    const Token& t = out_.back();
    if (pending_space_) return false;
    return t.kind == TokenKind::Word || t.kind == TokenKind::QuotedIdent || t.kind == TokenKind::RParen ||
           t.kind == TokenKind::RBracket || t.kind == TokenKind::Variable;
  }

  // /*+ hint */: kept as one token; the parser decides whether it is legal.
  void LexHint(const unsigned char* start) {
    p_ += 3;
    while ((p_ = scan::FindEither(p_, end_, '*', '*')) < end_) {
      if (p_ + 1 < end_ && p_[1] == '/') {
        p_ += 2;
        summary_.has_hint = true;
        Emit(TokenKind::Hint, start, p_);
        return;
      }
      ++p_;
    }
    Report(Severity::Error, DiagnosticCode::UnterminatedComment, start, start + 3, "unterminated hint comment");
    Emit(TokenKind::Error, start, p_, kUnterminated);
  }

  static bool IsFullWidthPunct(const unsigned char* p, size_t n) {
    if (n != 3) return false;
    const uint32_t cp = DecodeUtf8(p, n);
    return cp == 0xFF0C || cp == 0xFF08 || cp == 0xFF09 || cp == 0xFF1B || cp == 0x3001 || cp == 0xFF1D;
  }

  // Non-ASCII outside quotes: full-width punctuation is read as its ASCII twin
  // (with a warning), other valid UTF-8 letters as part of a word, and bytes
  // that are not UTF-8 (GBK text that was not decoded) as an error.
  void LexHigh(const unsigned char* start) {
    const size_t n = Utf8Length(p_, end_);
    if (n == 0) {
      ++p_;
      while (p_ < end_ && *p_ >= 0x80 && Utf8Length(p_, end_) == 0) ++p_;
      Report(Severity::Error, DiagnosticCode::InvalidUtf8, start, p_,
             absl::StrFormat("invalid UTF-8 byte 0x%02X outside a string (is the file GBK-encoded?)", *start));
      Emit(TokenKind::Error, start, p_);
      return;
    }
    if (n == 3) {
      const uint32_t cp = DecodeUtf8(p_, n);
      TokenKind k = TokenKind::Error;
      const char* ascii = nullptr;
      switch (cp) {
        case 0xFF0C:
        case 0x3001:
          k = TokenKind::Comma;
          ascii = ",";
          break;
        case 0xFF08:
          k = TokenKind::LParen;
          ascii = "(";
          break;
        case 0xFF09:
          k = TokenKind::RParen;
          ascii = ")";
          break;
        case 0xFF1B:
          k = TokenKind::Semicolon;
          ascii = ";";
          break;
        case 0xFF1D:
          k = TokenKind::Equal;
          ascii = "=";
          break;
        default:
          break;
      }
      if (ascii != nullptr) {
        p_ += 3;
        Report(Severity::Warning, DiagnosticCode::FullWidthPunctuation, start, p_,
               Cat("full-width punctuation read as '", ascii, "'"));
        Emit(k, start, p_, kFullWidth);
        return;
      }
    }
    p_ += n;
    ScanWordTail();
    Emit(TokenKind::Word, start, p_);
  }

  const unsigned char* begin_;
  const unsigned char* p_;
  const unsigned char* end_;
  const LexOptions& options_;
  std::vector<Token>& out_;
  Diagnostics& diags_;
  bool pending_space_ = false;
  TokenizeSummary summary_;
};

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

TokenizeSummary Tokenize(std::string_view text, const LexOptions& options, std::vector<Token>& out,
                         Diagnostics& diags) {
  return Lexer(text, options, out, diags).Run();
}

std::string UnescapeString(std::string_view t) {
  std::string out;
  out.reserve(t.size());
  size_t i = 0;
  while (i < t.size()) {
    const char quote = t[i];
    if (quote != '\'' && quote != '"') break;
    ++i;
    while (i < t.size() && t[i] != quote) {
      if (t[i] != '\\' || i + 1 >= t.size()) {
        out += t[i++];
        continue;
      }
      const char e = t[i + 1];
      if (e >= '0' && e <= '7' && i + 3 < t.size() && t[i + 2] >= '0' && t[i + 2] <= '7' && t[i + 3] >= '0' &&
          t[i + 3] <= '7') {
        out += static_cast<char>(((e - '0') << 6) | ((t[i + 2] - '0') << 3) | (t[i + 3] - '0'));
        i += 4;
        continue;
      }
      if (e == 'u' && i + 5 < t.size()) {
        int v = 0;
        bool ok = true;
        for (size_t k = 2; k < 6; ++k) {
          const int h = HexValue(t[i + k]);
          if (h < 0) ok = false;
          v = v * 16 + (h < 0 ? 0 : h);
        }
        if (ok) {
          AppendUtf8(out, static_cast<uint32_t>(v));
          i += 6;
          continue;
        }
      }
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case '0':
          out += '\0';
          break;
        case 'Z':
          out += '\x1A';
          break;
        case '%':
          out += "\\%";
          break;
        case '_':
          out += "\\_";
          break;
        default:
          out += e;
          break;
      }
      i += 2;
    }
    ++i;  // closing quote
    // The next of adjacent strings ('a' 'b' is 'ab'), after the white space between them.
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) ++i;
  }
  return out;
}

std::vector<std::string_view> SplitQuotedDots(std::string_view name) {
  std::vector<std::string_view> parts;
  for (size_t from = 0;;) {
    const size_t dot = name.find('.', from);
    parts.push_back(name.substr(from, dot == std::string_view::npos ? std::string_view::npos : dot - from));
    if (dot == std::string_view::npos) return parts;
    from = dot + 1;
  }
}

std::vector<std::string> SplitNameText(std::string_view text) {
  std::vector<std::string> parts(1);
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '`' && quoted && i + 1 < text.size() && text[i + 1] == '`') {
      parts.back() += '`';
      ++i;
    } else if (c == '`') {
      quoted = !quoted;
    } else if (c == '.' && !quoted) {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  return parts;
}

std::string UnquoteIdentifier(std::string_view t) {
  if (t.size() < 2) return std::string(t);
  const char q = t.front();
  std::string out;
  out.reserve(t.size());
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    out += t[i];
    if (t[i] == q && i + 2 < t.size() && t[i + 1] == q) ++i;
  }
  return out;
}

}  // namespace hivelineage::lexer
