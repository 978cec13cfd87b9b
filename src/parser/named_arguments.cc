#include "parser/named_arguments.h"

#include <vector>

#include "base/strings.h"

namespace hivelineage::parser {

namespace {

// One parameter of a signature, with its default as a literal ("" when
// required): `'x'` a string, NULL, else a number.
struct Param {
  std::string_view name;
  std::string_view default_value;
};

struct Signature {
  std::string_view function;
  std::vector<Param> params;
};

// The signatures of Spark's functions that take named arguments (their
// documented parameter names and defaults).
const std::vector<Signature>& Signatures() {
  static const std::vector<Signature> table = {
      {"mask", {{"str", ""}, {"upperChar", "'X'"}, {"lowerChar", "'x'"}, {"digitChar", "'n'"}, {"otherChar", "NULL"}}},
      {"count_min_sketch", {{"column", ""}, {"epsilon", ""}, {"confidence", ""}, {"seed", ""}}},
      {"encode", {{"str", ""}, {"charset", ""}}},
      {"tuple_sketch_agg_double", {{"key", ""}, {"summary", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_sketch_agg_integer", {{"key", ""}, {"summary", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_double", {{"first", ""}, {"second", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_integer", {{"first", ""}, {"second", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_theta_double", {{"first", ""}, {"second", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_theta_integer", {{"first", ""}, {"second", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_agg_double", {{"child", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
      {"tuple_union_agg_integer", {{"child", ""}, {"lgNomEntries", "12"}, {"mode", "'sum'"}}},
  };
  return table;
}

ast::Expr* DefaultLiteral(std::string_view text, Arena& arena) {
  auto* l = arena.New<ast::Literal>();
  l->text = text;
  l->type = text == "NULL"               ? ast::Literal::Type::Null
            : text.starts_with('\'')     ? ast::Literal::Type::String
                                         : ast::Literal::Type::Number;
  return l;
}

}  // namespace

ast::List<ast::Expr*> ArrangeNamedArguments(std::string_view function, ast::List<ast::Expr*> args,
                                            std::span<const std::string_view> names, Arena& arena) {
  const Signature* sig = nullptr;
  for (const Signature& s : Signatures())
    if (EqualsIgnoreCase(s.function, function)) sig = &s;
  if (sig == nullptr || names.size() != args.size() || args.size() > sig->params.size()) return args;
  std::vector<ast::Expr*> slots(sig->params.size(), nullptr);
  bool seen_named = false;
  for (size_t i = 0; i < args.size(); ++i) {
    size_t slot = i;
    if (names[i].empty()) {
      if (seen_named) return args;  // a positional argument after a named one
    } else {
      seen_named = true;
      slot = sig->params.size();
      for (size_t p = 0; p < sig->params.size(); ++p)
        if (EqualsIgnoreCase(sig->params[p].name, names[i])) slot = p;
      if (slot == sig->params.size()) return args;  // no such parameter
    }
    if (slots[slot] != nullptr) return args;  // bound twice
    slots[slot] = args[i];
  }
  // Up to the last parameter bound; trailing defaults are left out as when written positionally.
  size_t used = 0;
  for (size_t p = 0; p < slots.size(); ++p)
    if (slots[p] != nullptr) used = p + 1;
  for (size_t p = 0; p < used; ++p) {
    if (slots[p] != nullptr) continue;
    if (sig->params[p].default_value.empty()) return args;  // a required parameter skipped
    slots[p] = DefaultLiteral(sig->params[p].default_value, arena);
  }
  auto* out = static_cast<ast::Expr**>(arena.Allocate(sizeof(ast::Expr*) * used, alignof(ast::Expr*)));
  for (size_t p = 0; p < used; ++p) out[p] = slots[p];
  return {out, used};
}

}  // namespace hivelineage::parser
