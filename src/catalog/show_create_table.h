// SHOW CREATE TABLE output is DDL and is analysed as a script; as beeline
// prints it, though, each statement sits in a `| createtab_stmt |` box.
#pragma once

#include <string>
#include <string_view>

namespace hivelineage::catalog {

// True when `text` holds beeline's `createtab_stmt` boxes.
bool IsBoxedShowCreateTable(std::string_view text);

// `text` with the boxes blanked out, byte for byte in place so that every
// line and column stays where it was: bars, the header row and the lines
// around the boxes (prompts, `N rows selected`) become spaces, and the border
// that closes a statement starts with the `;` that beeline leaves out.
std::string UnboxShowCreateTable(std::string_view text);

}  // namespace hivelineage::catalog
