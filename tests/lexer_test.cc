#include "lexer/lexer.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "lexer/token.h"

using namespace hivelineage;
using namespace hivelineage::lexer;

namespace {
struct Lexed {
  std::vector<Token> tokens;
  Diagnostics diags;
  std::string text;
  std::string_view Text(size_t i) const {
    return std::string_view(text).substr(tokens[i].begin, tokens[i].end - tokens[i].begin);
  }
};
Lexed Lex(std::string text, LexOptions opts = {}) {
  Lexed l;
  l.text = std::move(text);
  Tokenize(l.text, opts, l.tokens, l.diags);
  return l;
}
}  // namespace

TEST_CASE("keywords are case-insensitive and know reservedness") {
  auto l = Lex("select SeLeCt SELECT comment `select`");
  REQUIRE(l.tokens.size() == 6);
  for (int i = 0; i < 3; ++i) {
    CHECK(l.tokens[i].kind == TokenKind::Word);
    CHECK(l.tokens[i].keyword == Keyword::Select);
  }
  CHECK(IsReserved(Keyword::Select));
  CHECK(l.tokens[3].keyword == Keyword::Comment);
  CHECK_FALSE(IsReserved(Keyword::Comment));
  CHECK(l.tokens[4].kind == TokenKind::QuotedIdent);
  CHECK(l.tokens[5].kind == TokenKind::Eof);
  CHECK(l.diags.empty());
}

TEST_CASE("numbers with suffixes versus digit-led identifiers") {
  auto l = Lex("10L 5Y 7S 1.5D 3BD 1e5 1.5e-3 2024_sales 12ab 100M 1.");
  std::vector<TokenKind> want = {TokenKind::Number, TokenKind::Number,     TokenKind::Number, TokenKind::Number,
                                 TokenKind::Number, TokenKind::Number,     TokenKind::Number, TokenKind::Word,
                                 TokenKind::Word,   TokenKind::ByteLength, TokenKind::Number, TokenKind::Eof};
  REQUIRE(l.tokens.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(l.tokens[i].kind == want[i]);
  CHECK(l.Text(7) == "2024_sales");
  CHECK(l.Text(6) == "1.5e-3");
}

TEST_CASE("a digit-led name needs a word character or ${ after the digits, not a lone $") {
  // Found by the round-trip fuzzer: 9L$`t` lexed as the word 9L then $, but
  // printed as `9L $` it lexed as the number 9L: a token's kind must not hang
  // on a character that is not part of it.
  auto l = Lex("9L$`t` 9L 12${n}_x");
  REQUIRE(l.tokens.size() == 6);
  CHECK(l.tokens[0].kind == TokenKind::Number);
  CHECK(l.tokens[1].kind == TokenKind::Dollar);
  CHECK(l.tokens[2].kind == TokenKind::QuotedIdent);
  CHECK(l.tokens[3].kind == TokenKind::Number);
  CHECK(l.tokens[4].kind == TokenKind::Word);  // a variable glued to digits is a name
  CHECK(l.Text(4) == "12${n}_x");
}

TEST_CASE("digits before an unclosed ${ stay a number") {
  // Found by the 30-minute round-trip fuzzer run (2026-12-07): in
  // "ALTER 2222222222${2222...TABLE m o='AF')" the digits were lexed as a name
  // (a ${ followed them) though the ${ never closes and so is not part of the
  // name; printed with spaces between the tokens they became a number, and
  // the statement no longer parsed. The kind must not hang on what follows.
  auto l = Lex("2222222222${22TABLE x 7${a} 7${");
  REQUIRE(l.tokens.size() >= 8);
  CHECK(l.tokens[0].kind == TokenKind::Number);
  CHECK(l.Text(0) == "2222222222");
  CHECK(l.tokens[1].kind == TokenKind::Dollar);
  const auto seven = std::find_if(l.tokens.begin() + 2, l.tokens.end(),
                                  [&](const Token& t) { return l.text.substr(t.begin, 2) == "7$"; });
  REQUIRE(seven != l.tokens.end());
  CHECK(seven->kind == TokenKind::Word);  // closed: a name, as before
  CHECK(l.text.substr(seven->begin, seven->end - seven->begin) == "7${a}");
  CHECK(l.tokens[l.tokens.size() - 4].kind == TokenKind::Number);  // the last 7, before $ { and the end
  CHECK(l.Text(l.tokens.size() - 4) == "7");
}

TEST_CASE("qualified names keep the dot as a separate token") {
  auto l = Lex("db.tbl t.`date` a.b.c 1.x");
  CHECK(l.tokens[0].kind == TokenKind::Word);
  CHECK(l.tokens[1].kind == TokenKind::Dot);
  CHECK(l.tokens[2].kind == TokenKind::Word);
  CHECK(l.tokens[5].kind == TokenKind::QuotedIdent);
}

TEST_CASE("strings: escapes, both quotes, adjacent pieces glue") {
  auto l = Lex(R"('say \'hi\'' "double" 'it''s' 'a' 'b')");
  CHECK(l.tokens[0].kind == TokenKind::String);
  CHECK(UnescapeString(l.Text(0)) == "say 'hi'");
  CHECK((l.tokens[1].flags & kDoubleQuoted) != 0);
  CHECK(UnescapeString(l.Text(2)) == "its");  // Hive drops the quotes of touching pieces
  CHECK(l.tokens[3].kind == TokenKind::String);
  CHECK(l.tokens[4].kind == TokenKind::String);
  CHECK(UnescapeString(R"('\001\t\u0041')") == std::string("\001\tA"));
}

TEST_CASE("double-quoted identifiers in standard mode") {
  LexOptions o;
  o.double_quoted_identifiers = true;
  auto l = Lex("\"col\" 'str'", o);
  CHECK(l.tokens[0].kind == TokenKind::QuotedIdent);
  CHECK(l.tokens[1].kind == TokenKind::String);
}

TEST_CASE("backquoted identifiers unquote doubled backquotes") {
  auto l = Lex("`a``b` `my col` `列`");
  CHECK(UnquoteIdentifier(l.Text(0)) == "a`b");
  CHECK(UnquoteIdentifier(l.Text(1)) == "my col");
  CHECK(UnquoteIdentifier(l.Text(2)) == "列");
}

TEST_CASE("comments: line, nested block, hints are tokens") {
  auto l = Lex("a -- from x\n /* outer /* inner */ still */ b /*+ MAPJOIN(d) */ c");
  REQUIRE(l.tokens.size() == 5);
  CHECK(l.Text(0) == "a");
  CHECK(l.Text(1) == "b");
  CHECK(l.tokens[2].kind == TokenKind::Hint);
  CHECK(l.Text(3) == "c");
  CHECK((l.tokens[1].flags & kLeadingSpace) != 0);
}

TEST_CASE("operators and punctuation") {
  auto l = Lex("<=> <> != <= >= == || -> a.b[0] % ^ & | ~ ! ? :");
  std::vector<TokenKind> want = {
      TokenKind::NullSafeEqual, TokenKind::NotEqual,   TokenKind::BangEqual, TokenKind::LessEqual,
      TokenKind::GreaterEqual,  TokenKind::EqualEqual, TokenKind::PipePipe,  TokenKind::Arrow,
      TokenKind::Word,          TokenKind::Dot,        TokenKind::Word,      TokenKind::LBracket,
      TokenKind::Number,        TokenKind::RBracket,   TokenKind::Percent,   TokenKind::Caret,
      TokenKind::Ampersand,     TokenKind::Pipe,       TokenKind::Tilde,     TokenKind::Bang,
      TokenKind::Question,      TokenKind::Colon,      TokenKind::Eof};
  REQUIRE(l.tokens.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(l.tokens[i].kind == want[i]);
}

TEST_CASE("charset literal and leading-underscore names") {
  auto l = Lex("_utf8 'abc' `_c0` _c1");
  CHECK(l.tokens[0].kind == TokenKind::Charset);
  auto dashed = Lex("_UTF-8 0x41 _iso-8859-1 'x' a_b-1");
  CHECK(dashed.tokens[0].kind == TokenKind::Charset);
  CHECK(dashed.Text(0) == "_UTF-8");
  CHECK(dashed.tokens[1].kind == TokenKind::Word);  // 0x41: the parser takes it after a charset
  CHECK(dashed.tokens[2].kind == TokenKind::Charset);
  CHECK(dashed.Text(2) == "_iso-8859-1");
  CHECK(l.tokens[1].kind == TokenKind::String);
  CHECK(l.tokens[2].kind == TokenKind::QuotedIdent);
  CHECK(l.tokens[3].kind == TokenKind::Word);  // lenient
}

TEST_CASE("unsubstituted variables glue onto names") {
  auto l = Lex("${hivevar:db}.fact_${env:REGION} '${dt}'");
  CHECK(l.tokens[0].kind == TokenKind::Variable);
  CHECK(l.tokens[1].kind == TokenKind::Dot);
  CHECK(l.tokens[2].kind == TokenKind::Word);
  CHECK(l.Text(2) == "fact_${env:REGION}");
  CHECK(l.tokens[3].kind == TokenKind::String);
}

TEST_CASE("errors: unterminated string, comment, backquote; stray bytes; bad UTF-8") {
  {
    auto l = Lex("select 'abc");
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].code == DiagnosticCode::UnterminatedString);
    CHECK(l.diags[0].span.begin == 7);
    CHECK(l.tokens.back().kind == TokenKind::Eof);
  }
  {
    auto l = Lex("select /* abc");
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].code == DiagnosticCode::UnterminatedComment);
  }
  {
    auto l = Lex("select `abc");
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].code == DiagnosticCode::UnterminatedString);
  }
  {
    auto l = Lex("select # x");
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].code == DiagnosticCode::UnexpectedCharacter);
    CHECK(l.tokens[1].kind == TokenKind::Error);
    CHECK(l.tokens[2].kind == TokenKind::Word);  // scanning goes on
  }
  {
    auto l = Lex(std::string("select \xB1\xED x"));  // GBK bytes outside quotes
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].severity == Severity::Error);
    CHECK(l.diags[0].code == DiagnosticCode::InvalidUtf8);
    CHECK(l.tokens[1].kind == TokenKind::Error);
  }
  {
    auto l = Lex(std::string("a\0b", 3));
    REQUIRE(l.diags.size() == 1);
    CHECK(l.diags[0].code == DiagnosticCode::UnexpectedCharacter);
  }
}

TEST_CASE("full-width punctuation reads as ASCII with a warning") {
  auto l = Lex("select a\xEF\xBC\x8C b from t");  // a，b
  CHECK(l.tokens[2].kind == TokenKind::Comma);
  REQUIRE(l.diags.size() == 1);
  CHECK(l.diags[0].severity == Severity::Warning);
}

TEST_CASE("Render gives file:line:col, the line and a caret") {
  SourceFile f("q.sql", "select 1;\nselect 'x\n");
  Diagnostic d{Severity::Error, Span{17, 18}, "unterminated string literal", DiagnosticCode::UnterminatedString};
  CHECK(Render(f, d) == "q.sql:2:8: error: unterminated string literal\nselect 'x\n       ^\n");
}

TEST_CASE("keywords with an underscore are recognised") {
  auto l = Lex("current_date CURRENT_TIMESTAMP system_time");
  CHECK(l.tokens[0].keyword == Keyword::CurrentDate);
  CHECK(l.tokens[1].keyword == Keyword::CurrentTimestamp);
  CHECK(l.tokens[2].keyword == Keyword::SystemTime);
  CHECK(LookupKeyword("Current_Date") == Keyword::CurrentDate);
}
