#include "graph/transform.h"

#include <algorithm>

#include "base/strings.h"
#include "lexer/lexer.h"

namespace hivelineage::graph {
namespace {

using lexer::Keyword;
using lexer::Token;
using lexer::TokenKind;

// Hive's built-in aggregate functions (GenericUDAF / UDAF registrations).
constexpr std::string_view kAggregates[] = {
    "avg", "bloom_filter", "collect_list", "collect_set", "compute_bit_vector_hll",
    "compute_stats", "context_ngrams", "corr", "count", "covar_pop", "covar_samp", "histogram_numeric", "max",
    "min", "ngrams", "percentile", "percentile_approx", "regr_avgx", "regr_avgy", "regr_count",
    "regr_intercept", "regr_r2", "regr_slope", "regr_sxx", "regr_sxy", "regr_syy", "std", "stddev",
    "stddev_pop", "stddev_samp", "sum", "var_pop", "var_samp", "variance"};

constexpr std::string_view kMasking[] = {"hash", "mask", "mask_first_n", "mask_hash", "mask_last_n",
                                        "mask_show_first_n", "mask_show_last_n", "md5", "sha", "sha1", "sha2"};

bool IsName(const Token& t) {
  if (t.kind == TokenKind::QuotedIdent) return true;
  if (t.kind != TokenKind::Word) return false;
  return t.keyword != Keyword::True && t.keyword != Keyword::False && t.keyword != Keyword::Null;
}

template <size_t N>
bool Contains(const std::string_view (&list)[N], std::string_view name) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

}  // namespace

const char* SubtypeName(Subtype s) {
  switch (s) {
    case Subtype::Identity:
      return "IDENTITY";
    case Subtype::Transformation:
      return "TRANSFORMATION";
    case Subtype::Aggregation:
      return "AGGREGATION";
    case Subtype::Filter:
      return "FILTER";
    case Subtype::Join:
      return "JOIN";
    case Subtype::GroupBy:
      return "GROUP_BY";
    case Subtype::Sort:
      return "SORT";
    case Subtype::Window:
      return "WINDOW";
    case Subtype::Conditional:
      return "CONDITIONAL";
  }
  return "?";
}

bool IsDirect(Subtype s) {
  switch (s) {
    case Subtype::Identity:
    case Subtype::Transformation:
    case Subtype::Aggregation:
    case Subtype::Window:
    case Subtype::Conditional:
      return true;
    case Subtype::Filter:
    case Subtype::Join:
    case Subtype::GroupBy:
    case Subtype::Sort:
      return false;
  }
  return false;
}

ExpressionShape ReadShape(std::string_view expression) {
  ExpressionShape shape;
  std::vector<Token> tokens;
  Diagnostics diags;
  lexer::Tokenize(expression, lexer::LexOptions{}, tokens, diags);
  if (!tokens.empty() && tokens.back().kind == TokenKind::Eof) tokens.pop_back();
  if (tokens.empty()) return shape;

  // name ( . name )*
  bool bare = tokens.size() % 2 == 1;
  for (size_t i = 0; bare && i < tokens.size(); ++i)
    bare = i % 2 == 0 ? IsName(tokens[i]) : tokens[i].kind == TokenKind::Dot;
  shape.bare_column = bare;

  int depth = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    const bool call = i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::LParen;
    switch (t.kind) {
      case TokenKind::LParen:
        ++depth;
        break;
      case TokenKind::RParen:
        if (depth > 0) --depth;
        break;
      case TokenKind::Comma:
        if (depth == 0) shape.top_level_list = true;
        break;
      case TokenKind::Word: {
        if (t.keyword == Keyword::Over && call) shape.has_window = true;
        if (t.keyword == Keyword::Case) shape.has_conditional = true;
        if (!call) break;
        // `x.count(...)` is not a call of the built-in.
        if (i > 0 && tokens[i - 1].kind == TokenKind::Dot) break;
        const std::string name = ToLower(expression.substr(t.begin, t.end - t.begin));
        if (t.keyword == Keyword::If || name == "if") shape.has_conditional = true;
        if (Contains(kAggregates, name)) shape.has_aggregate = true;
        if (Contains(kMasking, name)) shape.masking = true;
        break;
      }
      default:
        break;
    }
  }
  return shape;
}

Subtype ProjectionSubtype(std::string_view expression) {
  const ExpressionShape s = ReadShape(expression);
  if (s.bare_column) return Subtype::Identity;
  if (s.has_window) return Subtype::Window;
  if (s.has_aggregate) return Subtype::Aggregation;
  if (s.has_conditional) return Subtype::Conditional;
  return Subtype::Transformation;
}

Subtype PredicateSubtype(lineage::Clause clause) {
  switch (clause) {
    case lineage::Clause::JoinOn:
      return Subtype::Join;
    case lineage::Clause::GroupBy:
      return Subtype::GroupBy;
    case lineage::Clause::Window:
      return Subtype::Window;
    case lineage::Clause::Where:
    case lineage::Clause::Having:
    case lineage::Clause::Qualify:
    case lineage::Clause::MergeWhen:
      return Subtype::Filter;
  }
  return Subtype::Filter;
}

}  // namespace hivelineage::graph
