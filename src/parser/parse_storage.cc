// Storage and layout clauses: ROW FORMAT, STORED AS / STORED BY, LOCATION,
// TBLPROPERTIES, CLUSTERED BY ... INTO n BUCKETS, SKEWED BY, and the option
// lists of CREATE TABLE, CREATE [MATERIALIZED] VIEW and INSERT ... DIRECTORY.
//
// Lineage never reads these clauses, so the AST keeps them as canonical text.
// They are still parsed rule by rule, in the order Hive's grammar requires,
// so that what Hive rejects (a stray word, a clause out of place, a query
// after CREATE TABLE without AS) is an error here too, and the text kept is
// one run of tokens that prints and parses back to itself.
#include "parser/parser_impl.h"

namespace hivelineage::parser {

/// text_value ::= 'text' | ${var}   (a value left unsubstituted stands for its text)
bool Parser::ParseTextValue() {
  if (At(TokenKind::String) || At(TokenKind::Variable)) {
    Advance();
    return true;
  }
  Fail("string literal");
  return false;
}

/// properties ::= '(' 'key' '=' 'value' (',' 'key' '=' 'value')* ')' | '(' 'key' (',' 'key')* ')'
///   (Spark: spark_options, a key's value optional)
bool Parser::ParseProperties() {
  // Spark reads TBLPROPERTIES as OPTIONS: keys may be names, '=' optional.
  if (spark()) return ParseSparkOptions(/*value_optional=*/true);
  if (!Expect(TokenKind::LParen)) return false;
  bool with_values = false;
  bool first = true;
  do {
    if (!ParseTextValue()) return false;
    if (first) with_values = At(TokenKind::Equal);
    first = false;
    if (with_values && (!Expect(TokenKind::Equal) || !ParseTextValue())) return false;
  } while (Accept(TokenKind::Comma));
  return Expect(TokenKind::RParen);
}

/// row_format ::= ROW FORMAT SERDE 'class' [WITH SERDEPROPERTIES properties]
///              | ROW FORMAT DELIMITED [FIELDS TERMINATED BY 'c' [ESCAPED BY 'c']]
///                [COLLECTION ITEMS TERMINATED BY 'c'] [MAP KEYS TERMINATED BY 'c']
///                [LINES TERMINATED BY 'c'] [NULL DEFINED AS 'c']
bool Parser::ParseRowFormat() {
  Advance();  // ROW
  if (!ExpectKw(Keyword::Format)) return false;
  if (AcceptKw(Keyword::Serde)) {
    if (!ParseTextValue()) return false;
    if (AtKw(Keyword::With) && AtKw(Keyword::Serdeproperties, 1)) {
      Advance();
      Advance();
      if (!ParseProperties()) return false;
    }
    return true;
  }
  if (!AcceptKw(Keyword::Delimited)) {
    Fail("SERDE or DELIMITED");
    return false;
  }
  auto terminated_by = [&] {
    return ExpectKw(Keyword::Terminated) && ExpectKw(Keyword::By) && ParseTextValue();
  };
  if (AcceptKw(Keyword::Fields)) {
    if (!terminated_by()) return false;
    if (AcceptKw(Keyword::Escaped) && (!ExpectKw(Keyword::By) || !ParseTextValue())) return false;
  }
  if (AcceptKw(Keyword::Collection) && (!ExpectKw(Keyword::Items) || !terminated_by())) return false;
  if (AtKw(Keyword::Map) && AtKw(Keyword::Keys, 1)) {
    Advance();
    Advance();
    if (!terminated_by()) return false;
  }
  if (AcceptKw(Keyword::Lines) && !terminated_by()) return false;
  if (AtKw(Keyword::Null) && AtKw(Keyword::Defined, 1)) {
    Advance();
    Advance();
    if (!ExpectKw(Keyword::As) || !ParseTextValue()) return false;
  }
  return true;
}

/// file_format ::= STORED AS INPUTFORMAT 'class' OUTPUTFORMAT 'class' [INPUTDRIVER 'class' OUTPUTDRIVER 'class']
///               | STORED BY ('class' | name) [WITH SERDEPROPERTIES properties] [STORED AS name]
///               | STORED AS name
bool Parser::ParseFileFormat() {
  Advance();  // STORED
  ast::Ident name;
  if (AcceptKw(Keyword::By)) {
    if (At(TokenKind::String)) {
      Advance();
    } else if (!ParseIdent(&name)) {
      return false;
    }
    if (AtKw(Keyword::With) && AtKw(Keyword::Serdeproperties, 1)) {
      Advance();
      Advance();
      if (!ParseProperties()) return false;
    }
    if (AtKw(Keyword::Stored) && AtKw(Keyword::As, 1)) {
      Advance();
      Advance();
      if (!ParseIdent(&name)) return false;
    }
    return true;
  }
  if (!ExpectKw(Keyword::As)) return false;
  if (AcceptKw(Keyword::Inputformat)) {
    if (!ParseTextValue() || !ExpectKw(Keyword::Outputformat) || !ParseTextValue()) return false;
    if (AcceptKw(Keyword::Inputdriver) &&
        (!ParseTextValue() || !ExpectKw(Keyword::Outputdriver) || !ParseTextValue()))
      return false;
    return true;
  }
  return ParseIdent(&name);
}

/// table_storage ::= [row_format] [file_format] [LOCATION 'path'] [TBLPROPERTIES properties]
bool Parser::ParseTableStorage(std::string_view* location) {
  if (AtKw(Keyword::Row) && AtKw(Keyword::Format, 1) && !ParseRowFormat()) return false;
  if (AtKw(Keyword::Stored) && !ParseFileFormat()) return false;
  if (AcceptKw(Keyword::Location)) {
    if (location != nullptr && At(TokenKind::String))
      *location = ParseStringValue();
    else if (!ParseTextValue())
      return false;
  }
  if (AcceptKw(Keyword::Tblproperties) && !ParseProperties()) return false;
  return true;
}

/// names ::= '(' name (',' name)* ')'   (checked, not kept)
bool Parser::SkipNameList() {
  ast::List<ast::Ident> names;
  return ParseIdentList(&names);
}

namespace {
// A constant of a SKEWED BY value list.
bool AtConstant(const Parser& p) {
  const Token& t = p.Peek();
  if (t.kind == TokenKind::String || t.kind == TokenKind::Number || t.kind == TokenKind::Variable) return true;
  if (t.kind != TokenKind::Word) return false;
  if (t.keyword == Keyword::True || t.keyword == Keyword::False || t.keyword == Keyword::Null) return true;
  return (t.keyword == Keyword::Date || t.keyword == Keyword::Timestamp) && p.AtKind(TokenKind::String, 1);
}
}  // namespace

/// constants ::= constant (',' constant)*   (numbers, strings, TRUE/FALSE/NULL, DATE 'd', TIMESTAMP 't')
bool Parser::SkipConstants() {
  do {
    if (!AtConstant(*this)) {
      Fail("constant");
      return false;
    }
    if (AtKw(Keyword::Date) || AtKw(Keyword::Timestamp)) Advance();
    Advance();
  } while (Accept(TokenKind::Comma));
  return true;
}

/// sort_columns ::= '(' name [ASC | DESC] [NULLS (FIRST | LAST)] (',' ...)* ')'
bool Parser::SkipSortColumns() {
  if (!Expect(TokenKind::LParen)) return false;
  do {
    ast::Ident name;
    if (!ParseIdent(&name)) return false;
    if (!AcceptKw(Keyword::Asc)) AcceptKw(Keyword::Desc);
    if (AcceptKw(Keyword::Nulls) && !AcceptKw(Keyword::First) && !AcceptKw(Keyword::Last)) {
      Fail("FIRST or LAST");
      return false;
    }
  } while (Accept(TokenKind::Comma));
  return Expect(TokenKind::RParen);
}

/// table_layout ::= [CLUSTERED BY names [SORTED BY sort_columns] INTO number BUCKETS]
///                  [WRITE LOCALLY ORDERED BY name [ASC | DESC] ... (',' ...)*]
///                  [SKEWED BY names ON '(' (constants | '(' constants ')' (',' '(' constants ')')*) ')'
///                   [STORED AS DIRECTORIES]]
bool Parser::ParseTableLayout() {
  if (AtKw(Keyword::Clustered) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!SkipNameList()) return false;
    if (AtKw(Keyword::Sorted) && AtKw(Keyword::By, 1)) {
      Advance();
      Advance();
      if (!SkipSortColumns()) return false;
    }
    if (!ExpectKw(Keyword::Into) || !Expect(TokenKind::Number) || !ExpectKw(Keyword::Buckets)) return false;
  }
  if (AtKw(Keyword::Write) && AtKw(Keyword::Locally, 1)) {
    Advance();
    Advance();
    if (!ExpectKw(Keyword::Ordered) || !ExpectKw(Keyword::By)) return false;
    do {
      ast::Ident name;
      if (!ParseIdent(&name)) return false;
      if (!AcceptKw(Keyword::Asc)) AcceptKw(Keyword::Desc);
    } while (Accept(TokenKind::Comma));
  }
  if (AtKw(Keyword::Skewed) && AtKw(Keyword::By, 1)) {
    Advance();
    Advance();
    if (!SkipNameList() || !ExpectKw(Keyword::On) || !Expect(TokenKind::LParen)) return false;
    if (At(TokenKind::LParen)) {
      do {
        if (!Expect(TokenKind::LParen) || !SkipConstants() || !Expect(TokenKind::RParen)) return false;
      } while (Accept(TokenKind::Comma));
    } else if (!SkipConstants()) {
      return false;
    }
    if (!Expect(TokenKind::RParen)) return false;
    if (AtKw(Keyword::Stored) && AtKw(Keyword::As, 1) && AtKw(Keyword::Directories, 2)) {
      Advance();
      Advance();
      Advance();
    }
  }
  return true;
}

/// partition_transforms ::= SPEC '(' transform (',' transform)* ')'
///   transform ::= name | (YEAR | MONTH | DAY | HOUR) '(' name ')' | (TRUNCATE | BUCKET) '(' number ',' name ')'
/// (Iceberg's PARTITIONED BY SPEC / PARTITIONED ON SPEC)
bool Parser::SkipPartitionTransforms() {
  Advance();  // SPEC
  if (!Expect(TokenKind::LParen)) return false;
  do {
    ast::Ident name;
    if (AtKind(TokenKind::LParen, 1) && (AtKw(Keyword::Truncate) || AtKw(Keyword::Bucket))) {
      Advance();
      Advance();
      if (!Expect(TokenKind::Number) || !Expect(TokenKind::Comma) || !ParseIdent(&name) ||
          !Expect(TokenKind::RParen))
        return false;
    } else if (AtKind(TokenKind::LParen, 1) &&
               (AtKw(Keyword::Year) || AtKw(Keyword::Month) || AtKw(Keyword::Day) || AtKw(Keyword::Hour))) {
      Advance();
      Advance();
      if (!ParseIdent(&name) || !Expect(TokenKind::RParen)) return false;
    } else if (!ParseIdent(&name)) {
      return false;
    }
  } while (Accept(TokenKind::Comma));
  return Expect(TokenKind::RParen);
}

/// view_options ::= [COMMENT 'text'] [PARTITIONED ON names] [TBLPROPERTIES properties]
/// mv_options ::= [DISABLE REWRITE] [COMMENT 'text'] [PARTITIONED ON (names | partition_transforms)]
///                [CLUSTERED ON names | DISTRIBUTED ON names SORTED ON names] table_storage
bool Parser::ParseViewOptions(bool materialized, std::string_view* default_collation) {
  if (spark() && !materialized) return ParseSparkViewOptions(default_collation);
  if (materialized && AtKw(Keyword::Disable) && AtKw(Keyword::Rewrite, 1)) {
    Advance();
    Advance();
  }
  if (AcceptKw(Keyword::Comment) && !ParseTextValue()) return false;
  if (AtKw(Keyword::Partitioned) && AtKw(Keyword::On, 1)) {
    Advance();
    Advance();
    if (materialized && AtKw(Keyword::Spec)) {
      if (!SkipPartitionTransforms()) return false;
    } else if (!SkipNameList()) {
      return false;
    }
  }
  if (!materialized) return !(AcceptKw(Keyword::Tblproperties) && !ParseProperties());
  if (AtKw(Keyword::Clustered) && AtKw(Keyword::On, 1)) {
    Advance();
    Advance();
    if (!SkipNameList()) return false;
  } else if (AtKw(Keyword::Distributed) && AtKw(Keyword::On, 1)) {
    Advance();
    Advance();
    if (!SkipNameList() || !ExpectKw(Keyword::Sorted) || !ExpectKw(Keyword::On) || !SkipNameList()) return false;
  }
  return ParseTableStorage();
}

/// spark_view_options ::= (COMMENT 'text' | PARTITIONED ON names | TBLPROPERTIES properties
///                        | WITH SCHEMA (BINDING | COMPENSATION | EVOLUTION | TYPE EVOLUTION)
///                        | DEFAULT COLLATION name)*
/// (Spark: any order, each at most once; kept as the view's options text; the collation's name
/// also in `default_collation` when given)
bool Parser::ParseSparkViewOptions(std::string_view* default_collation) {
  bool comment = false, partitioned = false, properties = false, schema = false, collation = false;
  // A clause Spark reads once: a second one is an error.
  auto once = [&](bool& seen) {
    if (seen) {
      Fail("AS (each view clause at most once)");
      return false;
    }
    seen = true;
    return true;
  };
  while (true) {
    if (AtKw(Keyword::Comment)) {
      if (!once(comment)) return false;
      Advance();
      if (!ParseTextValue()) return false;
    } else if (AtKw(Keyword::Partitioned) && AtKw(Keyword::On, 1)) {
      if (!once(partitioned)) return false;
      Advance();
      Advance();
      if (!SkipNameList()) return false;
    } else if (AtKw(Keyword::Tblproperties)) {
      if (!once(properties)) return false;
      Advance();
      if (!ParseProperties()) return false;
    } else if (AtKw(Keyword::With) && AtWord("schema", 1)) {
      if (!options_.spark_view_schema_binding) {
        Fail("AS (WITH SCHEMA needs spark.sql.legacy.viewSchemaBindingMode=true)");
        return false;
      }
      if (!once(schema)) return false;
      Advance();
      Advance();
      if (AtWord("type") && AtWord("evolution", 1)) {
        Advance();
        Advance();
      } else if (AtWord("binding") || AtWord("compensation") || AtWord("evolution")) {
        Advance();
      } else {
        Fail("BINDING, COMPENSATION, EVOLUTION or TYPE EVOLUTION");
        return false;
      }
    } else if (AtKw(Keyword::Default) && AtWord("collation", 1)) {
      if (!once(collation)) return false;
      Advance();
      Advance();
      ast::Ident name;
      if (!ParseAnyName(&name)) return false;
      if (default_collation != nullptr) *default_collation = name.name;
    } else {
      return true;
    }
  }
}

}  // namespace hivelineage::parser
