#include "cli/domains_command.h"

#include <string>
#include <vector>

#include "base/strings.h"
#include "checks/domains.h"
#include "cli/format_option.h"
#include "cli/graph_command.h"
#include "cli/open_source.h"

namespace hivelineage::cli {
namespace {

const char kUsage[] =
    "usage: hivelineage domains --domains FILE [OPTIONS] PATH...\n"
    "       hivelineage domains --domains FILE [OPTIONS] --store DB\n"
    "\n"
    "Business domains over the lineage: each domain's tables (a table no rule matches takes\n"
    "the domains of its inputs along value edges), the tables that mix domains and through\n"
    "which inputs, the flows from one domain into another, and the graph grouped by domain.\n"
    "\n"
    "options:\n";

// What domains reads from its command line beyond the shared options.
struct DomainsArgs : GraphInputArgs {
  std::string domains_file;
  bool json = false;
};

// domains' own options (and --store, said its way): the parsing and, in this
// order, its --help lines.
const Option<DomainsArgs> kDomainsOptions[] = {
    {{"--domains"},
     "--domains FILE",
     "table globs to domains: CSV table,domain or JSON {\"domains\":\n"
     "[{\"table\", \"domain\"}]} (docs/checks.md)\n",
     true,
     [](ArgCursor& c, DomainsArgs& a, std::string& error) {
       std::string_view value;
       if (!c.TakeValue(value) || value.empty())
         error = "--domains needs a file";
       else
         a.domains_file = std::string(value);
     }},
    {{"--store"},
     "--store DB",
     "read the lineage kept in DB by `hivelineage store update`\n",
     true,
     SharedSetter<DomainsArgs, SetStore>},
    {{"--format"}, "--format FORMAT", "text (default) or json\n", true,
     [](ArgCursor& c, DomainsArgs& a, std::string& error) { TakeTextOrJson(c, a.json, error); }},
};

}  // namespace

int DomainsCommand(int argc, const char* const* argv, std::FILE* out, std::FILE* err) {
  DomainsArgs args;
  std::string error = ParseSubcommand<DomainsArgs>(argc, argv, {kDomainsOptions}, args,
                                                   [&](std::string_view path) { args.input.paths.emplace_back(path); });
  if (error.empty() && args.help) {
    std::fputs(
        SubcommandUsageText(Cat(kUsage, TableHelp(std::span<const Option<DomainsArgs>>(kDomainsOptions)))).c_str(),
        out);
    return 0;
  }
  const std::string& domains_file = args.domains_file;
  const bool json = args.json;
  if (error.empty() && domains_file.empty()) error = "--domains FILE is required";
  if (error.empty() && args.store.empty() && args.input.paths.empty() && args.input.sequence.empty())
    error = "give the scripts (PATH...) or --store DB";
  if (!error.empty()) return UsageError(err, "hivelineage domains", error);

  checks::DomainRules rules;
  std::vector<std::string> errors;
  if (!checks::LoadDomains(domains_file, rules, errors)) {
    for (const std::string& e : errors) std::fprintf(err, "hivelineage domains: %s\n", e.c_str());
    return 2;
  }
  OpenedSource opened;
  if (const int stop = OpenLineageSource(args, "domains", opened, err); stop >= 0) return stop;
  const checks::DomainsReport report = checks::BuildDomains(*opened.source, rules);
  for (const std::string& w : report.warnings) std::fprintf(err, "%s\n", w.c_str());
  std::string text;
  if (json)
    checks::WriteDomainsJson(report, text);
  else
    checks::WriteDomainsText(report, text);
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  if (opened.status == 1)
    std::fprintf(err, "hivelineage domains: some statements could not be analysed; flows may be missing\n");
  return opened.status;
}

}  // namespace hivelineage::cli
