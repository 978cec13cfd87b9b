#include "lineage/output_names.h"

#include "base/strings.h"
#include "lineage/spark_names.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

std::string Lower(const Ident& id) { return ToLower(id.name); }

bool IsCall(const Expr* e, std::string_view name) {
  const auto* f = DynCast<FunctionCall>(e);
  return f != nullptr && !f->name.empty() && ToLower(f->name.back().name) == name;
}

// The names Spark gives a generator's outputs: explode's `col` (`key`,
// `value` over a map), posexplode's `pos` before them, inline's the struct's
// fields (a column keeps its name, other fields are col1, col2, ...).
// A call that makes a map (explode's and posexplode's `key`, `value`).
bool MakesMap(const Expr* e) {
  for (std::string_view m : {"map", "map_from_arrays", "map_from_entries", "map_concat", "str_to_map", "map_filter",
                             "transform_keys", "transform_values"})
    if (IsCall(e, m)) return true;
  return false;
}

// The first struct an array expression is made of: `array(struct(...), ...)`, also under
// array functions that keep their first argument's elements (`array_remove(array(...), x)`).
const FunctionCall* FirstStruct(const Expr* e) {
  for (int depth = 0; depth < 8; ++depth) {
    const auto* f = DynCast<FunctionCall>(e);
    if (f == nullptr || f->args.empty()) return nullptr;
    if (IsCall(f->args[0], "struct") || IsCall(f->args[0], "named_struct"))
      return static_cast<const FunctionCall*>(f->args[0]);
    e = f->args[0];
  }
  return nullptr;
}

std::vector<std::string> SparkGeneratorNames(std::string_view name, const FunctionCall* f) {
  if (name.ends_with("_outer")) name.remove_suffix(6);
  const bool over_map = f->args.size() == 1 && MakesMap(f->args[0]);
  if (name == "explode") return over_map ? std::vector<std::string>{"key", "value"} : std::vector<std::string>{"col"};
  if (name == "posexplode")
    return over_map ? std::vector<std::string>{"pos", "key", "value"} : std::vector<std::string>{"pos", "col"};
  if (name == "variant_explode") return {"pos", "key", "value"};
  if (name == "inline" && f->args.size() == 1) {
    if (const FunctionCall* st = FirstStruct(f->args[0])) {
      std::vector<std::string> out;
      if (IsCall(st, "named_struct")) {
        // named_struct('a', x, 'b', y): the fields' names.
        for (size_t i = 0; i + 1 < st->args.size(); i += 2) {
          const auto* lit = DynCast<Literal>(st->args[i]);
          out.push_back(lit != nullptr ? ToLower(SparkExprName(lit, {})) : Cat("col", i / 2 + 1));
        }
        return out;
      }
      for (size_t i = 0; i < st->args.size(); ++i) {
        const auto* c = DynCast<ColumnRef>(st->args[i]);
        out.push_back(c != nullptr && !c->parts.empty() ? Lower(c->parts.back()) : Cat("col", i + 1));
      }
      return out;
    }
  }
  return {};
}

// The names Hive gives a UDTF's outputs when no aliases are written (Spark's
// where `spark_names`).
std::vector<std::string> DefaultUdtfNames(const FunctionCall* f, bool spark_names) {
  std::string name = f->name.empty() ? "" : ToLower(f->name.back().name);
  size_t n = f->args.size();
  if (spark_names) {
    if (std::vector<std::string> names = SparkGeneratorNames(name, f); !names.empty()) return names;
  }
  if (name == "posexplode") return {"pos", "val"};
  if (name == "json_tuple" || name == "parse_url_tuple") {
    std::vector<std::string> out;
    for (size_t i = 1; i < n; ++i) out.push_back(Cat("c", i - 1));
    return out;
  }
  if (name == "stack" && n >= 2) {
    std::vector<std::string> out;
    size_t rows = 1;
    if (auto* lit = DynCast<Literal>(f->args[0]); lit && lit->type == Literal::Type::Number) {
      rows = 0;
      for (char c : lit->text) {
        if (c < '0' || c > '9') break;
        rows = rows * 10 + static_cast<size_t>(c - '0');
        if (rows > 100000) break;
      }
    }
    size_t cols = rows == 0 ? n - 1 : (n - 1 + rows - 1) / rows;
    for (size_t i = 0; i < cols && i < 10000; ++i) out.push_back(Cat("col", i));
    return out;
  }
  if (name == "explode" && n == 1) {
    if (auto* arg = DynCast<FunctionCall>(f->args[0]);
        arg && !arg->name.empty() && ToLower(arg->name.back().name) == "map")
      return {"key", "value"};
  }
  return {"col"};
}

}  // namespace

bool IsUdtf(std::string_view name) {
  return name == "explode" || name == "posexplode" || name == "inline" || name == "json_tuple" ||
         name == "parse_url_tuple" || name == "stack" || name == "replicate_rows" ||
         // Spark's generators that keep a row for an empty input
         name == "explode_outer" || name == "posexplode_outer" || name == "inline_outer";
}

const FunctionCall* AsUdtf(const SelectItem& item) {
  auto* f = DynCast<FunctionCall>(item.expr);
  if (f == nullptr || f->over != nullptr || f->name.empty()) return nullptr;
  if (!item.aliases.empty()) return f;
  return IsUdtf(ToLower(f->name.back().name)) ? f : nullptr;
}

std::vector<std::string> UdtfOutputNames(const FunctionCall* f, std::span<const Ident> aliases, bool spark_names) {
  if (aliases.empty()) return DefaultUdtfNames(f, spark_names);
  std::vector<std::string> names;
  for (const Ident& id : aliases) names.push_back(Lower(id));
  return names;
}

std::string SelectItemName(const SelectItem& item, size_t position, std::string_view autogen_label,
                           bool spark_names, const SparkNameContext& context) {
  if (!item.alias.name.empty()) return Lower(item.alias);
  if (auto* ref = DynCast<ColumnRef>(item.expr); ref && !ref->parts.empty()) return Lower(ref->parts.back());
  if (auto* fa = DynCast<FieldAccess>(item.expr)) {
    // Spark, under GROUP BY: a field of a subscript (`st.xs[0].f`) is named by the whole path.
    if (spark_names && context.grouped_field_path && DynCast<ColumnRef>(fa->base) == nullptr)
      return ToLower(SparkExprName(item.expr, context));
    // Spark names a field of a column's struct by the field, of a computed
    // struct (`from_json(a, ...).x`) by the whole expression.
    const Expr* base = fa->base;
    while (base != nullptr && (DynCast<FieldAccess>(base) || DynCast<Subscript>(base)))
      base = DynCast<FieldAccess>(base) ? DynCast<FieldAccess>(base)->base : DynCast<Subscript>(base)->base;
    if (!spark_names || DynCast<ColumnRef>(base)) return Lower(fa->field);
  }
  if (spark_names) return ToLower(SparkExprName(item.expr, context));
  if (auto* cast = DynCast<CastExpr>(item.expr);
      cast && DynCast<ColumnRef>(cast->operand) && !DynCast<ColumnRef>(cast->operand)->parts.empty()) {
    // Hive names `CAST(col AS t)` after the column.
    return Lower(DynCast<ColumnRef>(cast->operand)->parts.back());
  }
  return Cat(autogen_label, position);
}

}  // namespace hivelineage::lineage
