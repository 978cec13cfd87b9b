#include "graph/render/subtype.h"

namespace hivelineage::graph {

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

Subtype ProjectionSubtype(lineage::Derivation derivation) {
  switch (derivation) {
    case lineage::Derivation::Identity:
      return Subtype::Identity;
    case lineage::Derivation::Transformation:
      return Subtype::Transformation;
    case lineage::Derivation::Conditional:
      return Subtype::Conditional;
    case lineage::Derivation::Aggregation:
      return Subtype::Aggregation;
    case lineage::Derivation::Window:
      return Subtype::Window;
  }
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
    case lineage::Clause::Sort:
      return Subtype::Sort;
    case lineage::Clause::Where:
    case lineage::Clause::Having:
    case lineage::Clause::Qualify:
    case lineage::Clause::MergeWhen:
      return Subtype::Filter;
  }
  return Subtype::Filter;
}

}  // namespace hivelineage::graph
