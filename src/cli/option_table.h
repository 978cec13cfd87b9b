// Options as data: each command's options are a table of {names, label,
// help, value?, setter}; the same table parses argv (with ArgCursor) and
// writes the --help lines (and so the man page, made from --help).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "cli/input_options.h"

namespace hivelineage::cli {

template <typename Args>
struct Option {
  std::array<std::string_view, 4> names;  // every spelling ("-q", "--quiet", ...); "" after the last
  std::string_view label;                 // as --help shows it: "--warnings WHICH"
  std::string_view help;                  // the description, lines of --help ending in '\n'
  bool takes_value;  // false: a flag, for which --flag=value is an error
  // Sets the option in `args`, taking its value from the cursor (each says
  // in its own words what a missing or bad value should be); a usage problem
  // goes in `error`.
  void (*set)(ArgCursor& cursor, Args& args, std::string& error);
};

// One option's --help lines: the label from column 3, the description from
// column 25 (on the next line when the label leaves no two-space gap).
std::string HelpEntry(std::string_view label, std::string_view help);

template <typename Args>
std::string TableHelp(std::span<const Option<Args>> table) {
  std::string out;
  for (const Option<Args>& o : table) out += HelpEntry(o.label, o.help);
  return out;
}

// Handles the option at `c` when `table` has it: false when it does not.
// A flag given a value (--quiet=x) sets `error`.
template <typename Args>
bool ParseTableOption(ArgCursor& c, std::span<const Option<Args>> table, Args& args, std::string& error) {
  for (const Option<Args>& o : table) {
    bool named = false;
    for (std::string_view n : o.names) named = named || (!n.empty() && n == c.name());
    if (!named) continue;
    if (!o.takes_value && c.has_inline_value())
      error = std::string(c.name()) + " takes no value";
    else
      o.set(c, args, error);
    return true;
  }
  return false;
}

}  // namespace hivelineage::cli
