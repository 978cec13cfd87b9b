// How a source reached through masking travels through the column model: as
// an interned name of its own, `kMaskMark MASKING kMaskMark db.table.column`,
// beside the plain name when it also arrives unmasked some other way. A
// column read by a condition inside the expression (IF's, CASE's WHEN) is
// neutral, MASKING empty: it is no value, so it unmasks nothing. Every
// step that merges source sets carries it unchanged; when a statement's
// lineage is finished, SplitMasked turns the names back into the plain
// sources and the MaskedSource list (lineage.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lineage/column_set.h"
#include "lineage/lineage.h"

namespace hivelineage::lineage {

inline constexpr char kMaskMark = '\x01';

// `id` reached through `masking` (a name, or names joined by `+`, innermost
// first; empty: neutral); a source already masked keeps its masking, innermost first.
uint32_t MaskedId(ColumnInterner& interner, uint32_t id, std::string_view masking);

// Merges `from` into `into`, every source reached through `masking`.
void MergeMasked(ColumnInterner& interner, const ColumnSet& from, std::string_view masking, ColumnSet& into);

// The plain name of a (possibly masked) interned name.
std::string_view PlainName(std::string_view name);

// `masking` applied inside `outer` (either may be empty): "inner+outer".
std::string ComposeMasking(std::string_view masking, std::string_view outer);

// Rewrites `sources` (interned names) into the plain names, sorted and
// unique, and returns the sources masked on every way they arrive (never a
// kPossibleMark one), sorted.
std::vector<MaskedSource> SplitMasked(std::vector<std::string>& sources);

}  // namespace hivelineage::lineage
