// Options as data: each command's options are a table of {names, label,
// help, value?, setter}; the same table parses argv (with ArgCursor) and
// writes the --help lines (and so the man page, made from --help).
#pragma once

#include <array>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/strings.h"
#include "cli/input_options.h"

namespace hivelineage::cli {

template <typename Args>
struct Option {
  std::array<std::string_view, 4> names;  // every spelling ("-q", "--quiet", ...); "" after the last
  std::string_view label;                 // as --help shows it: "--warnings WHICH"; "": not shown
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

// One option's --help entry as data: what --help and the man page are both
// written from.
struct HelpRow {
  std::string_view label;
  std::string_view help;
};

// A command's --help as data: the text before its options (usage lines,
// paragraphs, "options:"), the option rows, the text after them (exit
// statuses). Render() is the --help text; man_page.cc reads the parts.
struct HelpText {
  std::string intro;
  std::vector<HelpRow> options;
  std::string ending;
  std::string Render() const;
};

// The rows `table` shows in --help (those with a label), after `rows`.
template <typename Args>
void AppendHelpRows(std::span<const Option<Args>> table, std::vector<HelpRow>& rows) {
  for (const Option<Args>& o : table)
    if (!o.label.empty()) rows.push_back({o.label, o.help});
}

template <typename Args>
std::string TableHelp(std::span<const Option<Args>> table) {
  std::string out;
  for (const Option<Args>& o : table)
    if (!o.label.empty()) out += HelpEntry(o.label, o.help);
  return out;
}

// The setter `Set` of a shared group's table (taking the group's struct, a
// base of `Args`) as a setter of a command's table: a command lists a shared
// option in its own table when its --help says more of it.
template <typename Args, auto Set>
void SharedSetter(ArgCursor& c, Args& args, std::string& error) {
  Set(c, args, error);
}

// `--format text|json|html` of the commands that answer as text, JSON or the
// lineage page (explain, rootcause): sets `args.json` or `args.html`.
template <typename Args>
void SetTextJsonHtmlFormat(ArgCursor& c, Args& args, std::string& error) {
  std::string_view value;
  if (c.TakeValue(value) && value == "html")
    args.html = true;
  else if (value != "text" && value != "json")
    error = Cat("unknown format '", value, "' (expected text, json or html)");
  else
    args.json = value == "json";
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

// A command's options in more than one table, looked up in order.
template <typename Args>
using OptionTables = std::initializer_list<std::span<const Option<Args>>>;

template <typename Args>
std::string TableHelp(OptionTables<Args> tables) {
  std::string out;
  for (std::span<const Option<Args>> table : tables) out += TableHelp(table);
  return out;
}

// A command's whole command line from the cursor on: each path to
// `on_path(arg)` (or `on_path(arg, error)`), each option to `tables` first, then to `more(cursor, error)`
// (the shared groups: true when it took the option). Stops at the first
// error, or once `done` is true (--help). Returns the error, empty when none.
template <typename Args, typename More, typename OnPath>
std::string ParseCommandLine(ArgCursor& c, OptionTables<Args> tables, Args& args, const bool& done,
                             More more, OnPath on_path) {
  std::string error;
  while (error.empty() && !done && c.Next()) {
    if (c.is_path()) {
      if constexpr (std::is_invocable_v<OnPath, std::string_view, std::string&>)
        on_path(c.arg(), error);  // a path it does not expect is an error
      else
        on_path(c.arg());
      continue;
    }
    bool taken = false;
    for (std::span<const Option<Args>> table : tables)
      if (!taken) taken = ParseTableOption(c, table, args, error);
    if (taken || more(c, error)) continue;
    error = std::string("unknown option '") + std::string(c.arg()) + "'";
  }
  return error;
}

}  // namespace hivelineage::cli
