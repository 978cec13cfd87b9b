// Spark's session variables (DECLARE VARIABLE, SET VAR) as the names of
// Spark's analyzer show them: a reference inside an expression is named
// `variablereference(system.session.v=<value>)`, so the script's statements
// are followed to know each variable's type and current value.
#pragma once

#include "ast/ast.h"
#include "lineage/lineage.h"

namespace hivelineage::lineage {

// DECLARE [OR REPLACE] VARIABLE v [type] [DEFAULT | = e]
void RecordDeclaredVariable(const ast::DeclareVariableStatement& stmt, Session& session);

// SET VAR v = e, ...: the values assigned (the `(a, b) = (query)` form makes them unknown).
void RecordSetVariables(const ast::SetStatement& stmt, Session& session);

}  // namespace hivelineage::lineage
