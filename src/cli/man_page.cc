#include "cli/man_page.h"

#include <set>
#include <string_view>
#include <vector>

#include "base/strings.h"
#include "cli/args.h"
#include "cli/graph_command.h"
#include "cli/impact_command.h"

namespace hivelineage::cli {
namespace {

// The help texts' layout: option lines start "  -", their description (and
// its continuation lines) at this column.
constexpr size_t kDescriptionColumn = 24;

// Text for roff: backslashes and minus signs escaped (Debian renders \- as
// the ASCII '-' that options are typed with), a leading '.' or '\'' guarded.
std::string Escape(std::string_view text) {
  std::string out;
  if (!text.empty() && (text[0] == '.' || text[0] == '\'')) out += "\\&";
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out.push_back(c);
  }
  return out;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return lines;
}

std::string_view TrimLeft(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  return s;
}

// "--hivevar NAME=VALUE, -d NAME=VALUE": options in bold, their arguments
// (capitals) in italics, anything else as it is.
std::string OptionNames(std::string_view names) {
  std::string out;
  bool first = true;
  while (!(names = TrimLeft(names)).empty()) {
    const size_t end = names.find(' ');
    std::string_view word = names.substr(0, end);
    names.remove_prefix(end == std::string_view::npos ? names.size() : end);
    std::string_view comma;
    if (word.ends_with(',')) {
      comma = ",";
      word.remove_suffix(1);
    }
    const bool argument = word.find_first_of("abcdefghijklmnopqrstuvwxyz") == std::string_view::npos;
    if (!first) out += ' ';
    first = false;
    if (word.starts_with('-'))
      Append(out, "\\fB", Escape(word), "\\fR");
    else if (argument)
      Append(out, "\\fI", Escape(word), "\\fR");
    else
      out += Escape(word);
    out += comma;
  }
  return out;
}

// A --help text in pieces: the usage lines, paragraphs, "options:", each
// option with its description, the exit statuses.
struct Piece {
  enum Kind { Synopsis, Paragraph, OptionsHeading, Option, ExitStatus } kind;
  std::string names;                   // Option: "-j, --jobs N"
  std::vector<std::string_view> text;  // the lines, without their indentation
};

std::vector<Piece> Split(std::string_view help) {
  std::vector<Piece> pieces;
  bool open = false;  // the last piece takes more lines
  for (std::string_view line : Lines(help)) {
    const std::string_view text = TrimLeft(line);
    const bool continues = line.size() > kDescriptionColumn && line.find_first_not_of(' ') == kDescriptionColumn;
    if (text.empty()) {
      open = false;
    } else if (line.starts_with("usage: ")) {
      pieces.push_back({Piece::Synopsis, "", {line.substr(7)}});
      open = true;
    } else if (line == "options:") {
      pieces.push_back({Piece::OptionsHeading, "", {}});
      open = false;
    } else if (line.starts_with("  -")) {
      const size_t gap = line.find("  ", 2);
      Piece option{Piece::Option, std::string(line.substr(2, gap == line.npos ? line.npos : gap - 2)), {}};
      if (gap != line.npos) option.text.push_back(TrimLeft(line.substr(gap)));
      pieces.push_back(std::move(option));
      open = true;
    } else if (line.starts_with("exit status: ")) {
      pieces.push_back({Piece::ExitStatus, "", {line.substr(13)}});
      open = true;
    } else if (open && (pieces.back().kind != Piece::Option || continues)) {
      pieces.back().text.push_back(text);
    } else {
      pieces.push_back({Piece::Paragraph, "", {text}});
      open = true;
    }
  }
  return pieces;
}

// A --help as pieces: its intro's, one per option row (the table's label and
// lines, not read back from the --help text), its ending's.
std::vector<Piece> Pieces(const HelpText& help) {
  std::vector<Piece> pieces = Split(help.intro);
  for (const HelpRow& row : help.options) pieces.push_back({Piece::Option, std::string(row.label), Lines(row.help)});
  for (Piece& piece : Split(help.ending)) pieces.push_back(std::move(piece));
  return pieces;
}

// One --help as roff. `main` makes top-level sections (.SH), otherwise
// subsections of a subcommand's section; options described before (the same
// names and text) are left out.
void Convert(const HelpText& help, bool main, std::set<std::string, std::less<>>& seen, std::string& out) {
  bool described = false;  // DESCRIPTION begun
  for (const Piece& piece : Pieces(help)) {
    std::string text;
    for (std::string_view line : piece.text) Append(text, Escape(line), "\n");
    switch (piece.kind) {
      case Piece::Synopsis:
        Append(out, main ? ".SH SYNOPSIS\n" : ".SS Synopsis\n", ".nf\n", text, ".fi\n");
        break;
      case Piece::Paragraph:
        if (main && !described) out += ".SH DESCRIPTION\n";
        Append(out, main && !described ? "" : ".PP\n", text);
        described = true;
        break;
      case Piece::OptionsHeading:
        out += main ? ".SH OPTIONS\n" : ".SS Options\n";
        break;
      case Piece::Option:
        if (seen.insert(Cat(piece.names, "\n", text)).second)
          Append(out, ".TP\n", OptionNames(piece.names), "\n", text);
        break;
      case Piece::ExitStatus:
        Append(out, main ? ".SH \"EXIT STATUS\"\n" : ".SS \"Exit status\"\n", text);
        break;
    }
  }
}

}  // namespace

std::string ManPage() {
  const HelpText main_help = UsageHelp();
  // NAME: the first line of the description, "Computes ..." -> "computes ...".
  std::string summary;
  for (std::string_view line : Lines(main_help.intro)) {
    if (line.empty() || line.starts_with("usage:") || line.starts_with(" ")) continue;
    summary = std::string(line);
    break;
  }
  if (!summary.empty()) summary[0] = AsciiLower(summary[0]);
  if (summary.ends_with('.')) summary.pop_back();

  std::string out;
  Append(out, ".TH HIVELINEAGE 1 \"\" \"hivelineage ", HIVELINEAGE_VERSION, "\" \"User Commands\"\n",
         ".nh\n.ad l\n",  // no hyphenation, ragged right: names and options stay whole
         ".SH NAME\nhivelineage \\- ", Escape(summary), "\n");
  std::set<std::string, std::less<>> seen;
  Convert(main_help, true, seen, out);
  for (const auto& [name, help] : {std::pair{"GRAPH", GraphHelp()}, std::pair{"IMPACT", ImpactHelp()}}) {
    Append(out, ".SH \"HIVELINEAGE ", name, "\"\n");
    Convert(help, false, seen, out);
  }
  out +=
      ".SH \"SEE ALSO\"\n"
      "The documents in share/doc/hivelineage under the installation prefix (docs/ in the\n"
      "source): output\\-format.md (every output field, the catalog format, exit statuses),\n"
      "hiveql\\-coverage.md, graph.md, library.md (the C and C++ API), limits.md.\n";
  return out;
}

}  // namespace hivelineage::cli
