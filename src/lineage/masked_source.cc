#include "lineage/masked_source.h"

#include <algorithm>
#include <map>
#include <utility>

#include "base/strings.h"

namespace hivelineage::lineage {
namespace {

// A name split into its masking and plain name.
struct NameParts {
  bool marked = false;       // a masked (or neutral) name
  std::string_view masking;  // empty when marked: neutral (read by a condition, not a value)
  std::string_view plain;
};

NameParts Parts(std::string_view name) {
  if (name.empty() || name[0] != kMaskMark) return {false, {}, name};
  const size_t end = name.find(kMaskMark, 1);
  if (end == std::string_view::npos) return {false, {}, name};
  return {true, name.substr(1, end - 1), name.substr(end + 1)};
}

}  // namespace

std::string ComposeMasking(std::string_view masking, std::string_view outer) {
  if (masking.empty()) return std::string(outer);
  if (outer.empty()) return std::string(masking);
  return Cat(masking, "+", outer);
}

uint32_t MaskedId(ColumnInterner& interner, uint32_t id, std::string_view masking) {
  const NameParts p = Parts(interner.Name(id));
  if (p.marked && masking.empty()) return id;
  return interner.InternFull(Cat(kMaskMark, ComposeMasking(p.masking, masking), kMaskMark, p.plain));
}

void MergeMasked(ColumnInterner& interner, const ColumnSet& from, std::string_view masking, ColumnSet& into) {
  for (uint32_t id : from) AddTo(into, MaskedId(interner, id, masking));
}

std::string_view PlainName(std::string_view name) { return Parts(name).plain; }

std::vector<MaskedSource> SplitMasked(std::vector<std::string>& sources) {
  // Most columns have no masked source: then the names are only sorted (the
  // order the map below gives), with no map node or string copy per name.
  if (std::none_of(sources.begin(), sources.end(), [](const std::string& s) { return Parts(s).marked; })) {
    std::sort(sources.begin(), sources.end());
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    return {};
  }
  struct Ways {
    bool plain = false;
    std::vector<std::string> masking;
  };
  std::map<std::string, Ways, std::less<>> by_source;
  for (const std::string& s : sources) {
    const NameParts p = Parts(s);
    Ways& w = by_source[std::string(p.plain)];
    if (!p.marked) {
      w.plain = true;
    } else if (!p.masking.empty()) {
      w.masking.emplace_back(p.masking);
    }
    // Neutral: read by a condition only; it unmasks nothing, and alone it is no masking.
  }
  sources.clear();
  std::vector<MaskedSource> masked;
  for (auto& [source, ways] : by_source) {
    if (!ways.plain && !ways.masking.empty() && !source.empty() && source[0] != kPossibleMark) {
      std::sort(ways.masking.begin(), ways.masking.end());
      ways.masking.erase(std::unique(ways.masking.begin(), ways.masking.end()), ways.masking.end());
      masked.push_back(MaskedSource{source, std::move(ways.masking)});
    }
    sources.push_back(source);
  }
  return masked;
}

}  // namespace hivelineage::lineage
