#include "cli/option_table.h"

namespace hivelineage::cli {

namespace {
constexpr size_t kDescriptionColumn = 24;  // as man_page.cc reads --help
}

std::string HelpEntry(std::string_view label, std::string_view help) {
  std::string out = "  ";
  out += label;
  bool first = true;
  while (!help.empty()) {
    const size_t nl = help.find('\n');
    const std::string_view line = help.substr(0, nl);
    help.remove_prefix(nl == std::string_view::npos ? help.size() : nl + 1);
    if (first && out.size() + 2 <= kDescriptionColumn) {
      out.append(kDescriptionColumn - out.size(), ' ');
    } else {
      out += '\n';
      out.append(kDescriptionColumn, ' ');
    }
    first = false;
    out += line;
  }
  return out + "\n";
}

std::string HelpText::Render() const {
  std::string out = intro;
  for (const HelpRow& row : options) out += HelpEntry(row.label, row.help);
  return out + ending;
}

}  // namespace hivelineage::cli
