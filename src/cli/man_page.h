// `man hivelineage`: the manual page, written in roff by the command itself
// (`hivelineage --man-page`, run at build time) from the same option tables
// and texts as `--help`, `graph --help` and `impact --help` (their HelpText),
// so the two never disagree.
#pragma once

#include <string>

namespace hivelineage::cli {

std::string ManPage();

}  // namespace hivelineage::cli
