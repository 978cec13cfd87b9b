#include "lineage/function_kind.h"

#include <algorithm>
#include <string_view>

#include "base/strings.h"

namespace hivelineage::lineage {

namespace {

// Hive's built-in aggregate functions (its GenericUDAF / UDAF registrations), sorted.
constexpr std::string_view kAggregates[] = {"avg",
                                            "bloom_filter",
                                            "collect_list",
                                            "collect_set",
                                            "compute_bit_vector_hll",
                                            "compute_stats",
                                            "context_ngrams",
                                            "corr",
                                            "count",
                                            "covar_pop",
                                            "covar_samp",
                                            "histogram_numeric",
                                            "max",
                                            "min",
                                            "ngrams",
                                            "percentile",
                                            "percentile_approx",
                                            "regr_avgx",
                                            "regr_avgy",
                                            "regr_count",
                                            "regr_intercept",
                                            "regr_r2",
                                            "regr_slope",
                                            "regr_sxx",
                                            "regr_sxy",
                                            "regr_syy",
                                            "std",
                                            "stddev",
                                            "stddev_pop",
                                            "stddev_samp",
                                            "sum",
                                            "var_pop",
                                            "var_samp",
                                            "variance"};

// Data masking (Hive's GenericUDFMask*) and hashing functions, sorted.
constexpr std::string_view kMasking[] = {
    "hash", "mask", "mask_first_n", "mask_hash", "mask_last_n", "mask_show_first_n", "mask_show_last_n",
    "md5",  "sha",  "sha1",         "sha2"};

static_assert(std::is_sorted(std::begin(kAggregates), std::end(kAggregates)));
static_assert(std::is_sorted(std::begin(kMasking), std::end(kMasking)));

template <size_t N>
bool Contains(const std::string_view (&list)[N], std::string_view name) {
  return std::binary_search(std::begin(list), std::end(list), name);
}

}  // namespace

FunctionTraits ClassifyFunction(const ast::FunctionCall& f) {
  FunctionTraits t;
  if (f.name.size() != 1) return t;
  // Unquoted names are lower case already; a backquoted `SUM` is still sum.
  // No name above is longer than 24 characters: longer ones match nothing.
  const std::string_view written = f.name[0].name;
  char buf[24];
  if (written.size() > sizeof(buf)) return t;
  for (size_t i = 0; i < written.size(); ++i) buf[i] = AsciiLower(written[i]);
  const std::string_view name(buf, written.size());
  t.aggregate = Contains(kAggregates, name);
  t.conditional = name == "if";
  t.masking = Contains(kMasking, name);
  return t;
}

}  // namespace hivelineage::lineage
