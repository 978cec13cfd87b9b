// A small reader of the HOCON subset SeaTunnel configs use, into the same
// positioned tree as JSON (catalog::JsonNode): objects (`{}` and a root
// without braces), arrays, quoted and triple-quoted strings, unquoted
// strings to the end of the line, numbers, true/false/null, `=` or `:` (or
// none before `{`), `,` or a newline between members, `#` and `//` comments.
// Not read (docs/systems.md): substitutions `${...}` (kept as text), `include`,
// `+=`, object merging of a key given twice (both members are kept, in
// order: SeaTunnel's `source { Jdbc {} Jdbc {} }` is a list), and dotted keys
// as paths (`a.b = 1` is the key "a.b").
#pragma once

#include <string_view>

#include "catalog/json_tree.h"

namespace hivelineage::sync {

// Parses `text`; the first syntax error (with its offset) stops it.
catalog::ParsedJson ParseHocon(std::string_view text);

}  // namespace hivelineage::sync
