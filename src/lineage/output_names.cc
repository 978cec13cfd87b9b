#include "lineage/output_names.h"

#include "base/strings.h"
#include "lineage/spark_names.h"

namespace hivelineage::lineage {
namespace {

using namespace ast;

std::string Lower(const Ident& id) { return ToLower(id.name); }

// The names Hive gives a UDTF's outputs when no aliases are written.
std::vector<std::string> DefaultUdtfNames(const FunctionCall* f) {
  std::string name = f->name.empty() ? "" : ToLower(f->name.back().name);
  size_t n = f->args.size();
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
         name == "parse_url_tuple" || name == "stack" || name == "replicate_rows";
}

const FunctionCall* AsUdtf(const SelectItem& item) {
  auto* f = DynCast<FunctionCall>(item.expr);
  if (f == nullptr || f->over != nullptr || f->name.empty()) return nullptr;
  if (!item.aliases.empty()) return f;
  return IsUdtf(ToLower(f->name.back().name)) ? f : nullptr;
}

std::vector<std::string> UdtfOutputNames(const FunctionCall* f, std::span<const Ident> aliases) {
  if (aliases.empty()) return DefaultUdtfNames(f);
  std::vector<std::string> names;
  for (const Ident& id : aliases) names.push_back(Lower(id));
  return names;
}

std::string SelectItemName(const SelectItem& item, size_t position, std::string_view autogen_label,
                           bool spark_names, std::span<const NamedWindow> windows) {
  if (!item.alias.name.empty()) return Lower(item.alias);
  if (auto* ref = DynCast<ColumnRef>(item.expr); ref && !ref->parts.empty()) return Lower(ref->parts.back());
  if (auto* fa = DynCast<FieldAccess>(item.expr)) return Lower(fa->field);
  if (spark_names) return ToLower(SparkExprName(item.expr, SparkNameContext{windows}));
  if (auto* cast = DynCast<CastExpr>(item.expr);
      cast && DynCast<ColumnRef>(cast->operand) && !DynCast<ColumnRef>(cast->operand)->parts.empty()) {
    // Hive names `CAST(col AS t)` after the column.
    return Lower(DynCast<ColumnRef>(cast->operand)->parts.back());
  }
  return Cat(autogen_label, position);
}

}  // namespace hivelineage::lineage
