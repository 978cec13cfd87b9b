// The pieces that describe a table's columns: column definitions (CREATE
// TABLE, ALTER TABLE ADD COLUMNS, TRANSFORM ... AS), their types, and
// PARTITION specs.
#include "ast/print_sql.h"
#include "base/strings.h"
#include "parser/parser_impl.h"

namespace hivelineage::parser {

namespace {
// The words a column type starts with (Hive's primitive and complex types).
constexpr lexer::KeywordSet kTypeStarts{
    Keyword::String,   Keyword::Int,       Keyword::Integer, Keyword::Bigint,    Keyword::Smallint,
    Keyword::Tinyint,  Keyword::Double,    Keyword::Float,   Keyword::Real,      Keyword::Boolean,
    Keyword::Decimal,  Keyword::Dec,       Keyword::Numeric, Keyword::Date,      Keyword::Timestamp,
    Keyword::Datetime, Keyword::Timestamplocaltz, Keyword::Varchar, Keyword::Char, Keyword::Binary,
    Keyword::Array,    Keyword::Map,       Keyword::Struct,  Keyword::Uniontype,
};

// The comparisons a PARTITION spec item may use (ALTER TABLE DROP PARTITION (ds < '...')).
constexpr lexer::TokenKindSet kPartitionComparisons{
    TokenKind::Equal, TokenKind::EqualEqual, TokenKind::NotEqual, TokenKind::BangEqual,
    TokenKind::Less,  TokenKind::LessEqual,  TokenKind::Greater,  TokenKind::GreaterEqual,
};
}  // namespace

/// partition_spec ::= PARTITION '(' name [op expr] (',' name [op expr])* ')'
///   op ::= = | == | <> | != | < | <= | > | >= | LIKE   (the value is absent for a dynamic partition)
bool Parser::ParsePartitionSpec(ast::PartitionSpec** out) {
  const uint32_t begin = StartOffset();
  Advance();  // PARTITION
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::PartitionItem> items(partition_items_);
  do {
    ast::PartitionItem it;
    if (!ParseAnyName(&it.key)) return false;
    if (kPartitionComparisons.contains(Peek().kind)) it.op = lexer::PunctSpelling(Peek().kind);
    if (AtKw(Keyword::Like)) it.op = "LIKE";
    if (!it.op.empty()) {
      Advance();
      it.value = ParseExpr(ast::Precedence::Comparison);
      if (it.value == nullptr) return false;
    }
    items.Push(it);
  } while (Accept(TokenKind::Comma));
  if (!Expect(TokenKind::RParen)) return false;
  auto* spec = arena_.New<ast::PartitionSpec>();
  spec->items = items.Finish(arena_);
  spec->span = SpanFrom(begin);
  *out = spec;
  return true;
}

// Spark's type names that are no HiveQL type.
constexpr std::string_view kSparkTypeWords[] = {"timestamp_ntz", "timestamp_ltz", "variant", "time", "void",
                                                "long",          "short",         "byte",    "interval",
                                                "geometry",      "geography"};

bool Parser::AtType(size_t k) const {
  const Token& t = Peek(k);
  if (t.kind != TokenKind::Word) return false;
  if (kTypeStarts.contains(t.keyword)) return true;
  if (spark())
    for (std::string_view word : kSparkTypeWords)
      if (AtWord(word, k)) return true;
  return false;
}

/// column_defs ::= '(' [(column_def | table_constraint) (',' ...)*] ')'
/// (table constraints are checked, not kept)
bool Parser::ParseColumnDefs(ast::List<ast::ColumnDef>* out, bool types_required) {
  if (!Expect(TokenKind::LParen)) return false;
  ListBuilder<ast::ColumnDef> defs(column_defs_);
  if (!At(TokenKind::RParen)) {
    do {
      if (AtTableConstraint()) {
        if (!SkipTableConstraint()) return false;
        continue;
      }
      ast::ColumnDef d;
      if (!ParseColumnDef(&d, types_required)) return false;
      defs.Push(d);
    } while (Accept(TokenKind::Comma));
  }
  if (!Expect(TokenKind::RParen)) return false;
  *out = defs.Finish(arena_);
  return true;
}

/// column_def ::= name [type] [column_constraint] [COMMENT 'text']
/// (the constraint is checked, not kept; the type is required where `type_required`)
bool Parser::ParseColumnDef(ast::ColumnDef* d, bool type_required) {
  const uint32_t begin = StartOffset();
  if (!ParseAnyName(&d->name)) return false;
  if (AtType()) {
    if (!ParseType(&d->type)) return false;
    if (!SkipColumnConstraint()) return false;
  } else if (type_required) {
    Fail("type");
    return false;
  }
  if (AcceptKw(Keyword::Comment)) {
    if (!At(TokenKind::String)) {
      Fail("string literal");
      return false;
    }
    d->comment = ParseStringValue();
  }
  d->span = SpanFrom(begin);
  return true;
}

bool Parser::AtTableConstraint() const {
  return AtKw(Keyword::Constraint) || (AtKw(Keyword::Primary) && AtKw(Keyword::Key, 1)) ||
         (AtKw(Keyword::Foreign) && AtKw(Keyword::Key, 1)) ||
         ((AtKw(Keyword::Unique) || AtKw(Keyword::Check)) && AtKind(TokenKind::LParen, 1));
}

/// table_constraint ::= [CONSTRAINT name] ( (PRIMARY KEY | UNIQUE) names | CHECK '(' expr ')'
///                    | FOREIGN KEY names REFERENCES qualified_name names ) constraint_options
bool Parser::SkipTableConstraint() {
  ast::Ident name;
  if (AcceptKw(Keyword::Constraint) && !ParseIdent(&name)) return false;
  if (AtKw(Keyword::Primary) || AtKw(Keyword::Foreign)) {
    const bool foreign = AtKw(Keyword::Foreign);
    Advance();
    if (!ExpectKw(Keyword::Key) || !SkipNameList()) return false;
    ast::QualifiedName table;
    if (foreign && (!ExpectKw(Keyword::References) || !ParseQualifiedName(&table, true) || !SkipNameList()))
      return false;
  } else if (AcceptKw(Keyword::Unique)) {
    if (!SkipNameList()) return false;
  } else if (AcceptKw(Keyword::Check)) {
    if (!Expect(TokenKind::LParen) || ParseExpr() == nullptr || !Expect(TokenKind::RParen)) return false;
  } else {
    Fail("PRIMARY KEY, FOREIGN KEY, UNIQUE or CHECK");
    return false;
  }
  return SkipConstraintOptions();
}

/// column_constraint ::= [[CONSTRAINT name] (NOT NULL | DEFAULT expr | CHECK '(' expr ')' | PRIMARY KEY | UNIQUE
///                        | REFERENCES qualified_name '(' name ')') constraint_options]
bool Parser::SkipColumnConstraint() {
  ast::Ident name;
  const bool named = AcceptKw(Keyword::Constraint);
  if (named && !ParseIdent(&name)) return false;
  if (AtKw(Keyword::Not) && AtKw(Keyword::Null, 1)) {
    Advance();
    Advance();
  } else if (AcceptKw(Keyword::Default)) {
    if (ParseExpr() == nullptr) return false;
  } else if (AcceptKw(Keyword::Check)) {
    if (!Expect(TokenKind::LParen) || ParseExpr() == nullptr || !Expect(TokenKind::RParen)) return false;
  } else if (AtKw(Keyword::Primary) && AtKw(Keyword::Key, 1)) {
    Advance();
    Advance();
  } else if (AcceptKw(Keyword::Unique)) {
  } else if (AcceptKw(Keyword::References)) {
    ast::QualifiedName table;
    if (!ParseQualifiedName(&table, true) || !SkipNameList()) return false;
  } else {
    if (named) Fail("constraint");
    return !named;
  }
  return SkipConstraintOptions();
}

/// constraint_options ::= [(ENABLE | DISABLE) [VALIDATE | NOVALIDATE] | [NOT] ENFORCED] [RELY | NORELY]
bool Parser::SkipConstraintOptions() {
  if (AcceptKw(Keyword::Enable) || AcceptKw(Keyword::Disable)) {
    if (!AcceptKw(Keyword::Validate)) AcceptKw(Keyword::Novalidate);
  } else if (AtKw(Keyword::Not) && AtKw(Keyword::Enforced, 1)) {
    Advance();
    Advance();
  } else {
    AcceptKw(Keyword::Enforced);
  }
  if (!AcceptKw(Keyword::Rely)) AcceptKw(Keyword::Norely);
  return true;
}

/// collation_name ::= name ['.' name ['.' name]]   (Spark: `system.builtin.UTF8_LCASE` is UTF8_LCASE)
bool Parser::ParseCollationName(ast::Ident* out) {
  if (!ParseAnyName(out)) return false;
  for (int parts = 1; parts < 3 && At(TokenKind::Dot) && AtAnyName(1); ++parts) {
    Advance();
    if (!ParseAnyName(out)) return false;
  }
  return true;
}

bool Parser::AtSparkWithoutTimeZone() const {
  return spark() && AtWord("without") && AtKw(Keyword::Time, 1) && AtKw(Keyword::Zone, 2);
}

/// type ::= word ['(' number (',' number)* ')'] | (ARRAY | MAP | UNIONTYPE) '<' type (',' type)* '>'
///        | STRUCT '<' name ':' type [COMMENT 'text'] (',' ...)* '>' | DOUBLE PRECISION
///        | TIMESTAMP WITH LOCAL TIME ZONE   (kept as canonical lower-case text)
///        (Spark also: TIMESTAMP WITHOUT TIME ZONE, which is timestamp_ntz; TIME ['(' number ')'] WITHOUT TIME ZONE)
///        (Spark also: word [...] COLLATE name | INTERVAL unit [TO unit] | STRUCT '<' name type ... '>'
///         | (GEOMETRY | GEOGRAPHY) '(' (number | ANY) ')')
bool Parser::ParseType(ast::TypeName* out) {
  const uint32_t begin = StartOffset();
  scratch_.clear();
  if (!AppendType(scratch_)) return false;
  out->text = arena_.CopyString(scratch_);
  out->span = SpanFrom(begin);
  return true;
}

/// type (see ParseType), appended to `out` as canonical text
// Nested types recurse, each level through DepthGuard.
bool Parser::AppendType(std::string& out) {
  DepthGuard guard(*this);
  if (!guard.ok()) return false;
  if (!AtType()) {
    Fail("type");
    return false;
  }
  const Keyword kw = Peek().keyword;
  for (char c : Text(Peek())) out.push_back(AsciiLower(c));
  Advance();
  if (kw == Keyword::Array || kw == Keyword::Map || kw == Keyword::Uniontype) {
    if (!Expect(TokenKind::Less)) return false;
    out.push_back('<');
    do {
      if (out.back() != '<') out.push_back(',');
      if (!AppendType(out)) return false;
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::Greater)) return false;
    out.push_back('>');
    return true;
  }
  if (kw == Keyword::Struct) {
    if (!Expect(TokenKind::Less)) return false;
    out.push_back('<');
    do {
      if (out.back() != '<') out.push_back(',');
      ast::Ident field;
      if (!ParseAnyName(&field)) return false;
      ast::AppendIdent(out, field.name);
      if (!(spark() && !At(TokenKind::Colon)) && !Expect(TokenKind::Colon)) return false;  // Spark: `:` optional
      out.push_back(':');
      if (!AppendType(out)) return false;
      if (AtKw(Keyword::Comment) && AtKind(TokenKind::String, 1)) {
        Advance();
        out.append(" comment ");
        out.append(Text(Peek()));
        Advance();
      }
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::Greater)) return false;
    out.push_back('>');
    return true;
  }
  if (kw == Keyword::Double) {
    AcceptKw(Keyword::Precision);
    return true;
  }
  if (spark() && kw == Keyword::Interval && AtIntervalUnit()) {
    // Spark's INTERVAL YEAR TO MONTH, INTERVAL DAY, ...
    out.push_back(' ');
    out.append(ParseIntervalUnit());
    if (AtKw(Keyword::To) && AtIntervalUnit(1)) {
      Advance();
      out.append(" to ");
      out.append(ParseIntervalUnit());
    }
    return true;
  }
  if (kw == Keyword::Timestamp) {
    if (AtSparkWithoutTimeZone()) {
      // Spark's TIMESTAMP WITHOUT TIME ZONE is timestamp_ntz.
      Advance();
      Advance();
      Advance();
      out.append("_ntz");
      return true;
    }
    if (AtKw(Keyword::With) && AtKw(Keyword::Local, 1)) {
      Advance();
      Advance();
      if (!ExpectKw(Keyword::Time) || !ExpectKw(Keyword::Zone)) return false;
      out.append(" with local time zone");
    }
    return true;
  }
  if (At(TokenKind::LParen)) {
    Advance();
    out.push_back('(');
    do {
      if (out.back() != '(') out.push_back(',');
      // Spark's GEOMETRY(ANY), GEOGRAPHY(4326): a spatial reference or ANY.
      if (spark() && AtKw(Keyword::Any) && (AtKind(TokenKind::RParen, 1) || AtKind(TokenKind::Comma, 1))) {
        out.append("any");
        Advance();
        continue;
      }
      if (!At(TokenKind::Number)) {
        Fail("number");
        return false;
      }
      out.append(Text(Peek()));
      Advance();
    } while (Accept(TokenKind::Comma));
    if (!Expect(TokenKind::RParen)) return false;
    out.push_back(')');
  }
  if (kw == Keyword::Time && AtSparkWithoutTimeZone()) {
    // Spark's TIME [(p)] WITHOUT TIME ZONE is time [(p)].
    Advance();
    Advance();
    Advance();
  }
  if (spark() && AtWord("collate")) {
    // Spark's STRING COLLATE UTF8_LCASE
    Advance();
    ast::Ident collation;
    if (!ParseCollationName(&collation)) return false;
    out.append(" collate ");
    ast::AppendIdent(out, collation.name);
  }
  return true;
}

}  // namespace hivelineage::parser
