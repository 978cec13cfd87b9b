// Agreement with Hive's own column lineage on the hive-qtests corpus,
// computed in-process: the same figures as shared/tools/hive_agreement.py.
//
// Every .q file of CORPUS/queries is analysed on its own (a fresh session
// holding CORPUS/catalog.json, as one `hivelineage --catalog` run per file
// would be). Hive statements (lineage.jsonl, masked ones left out) are
// matched to ours by their text with comments and white space removed, case
// folded; per target column Hive printed, the sets of source (table, column)
// pairs are compared, database dropped, whole-table sources left out.
// Header-only so the tool and the unit test share one implementation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/strings.h"
#include "driver/analyze_script.h"
#include "driver/run.h"
#include "driver/session.h"
#include "nlohmann/json.hpp"

namespace hivelineage::agreement {

using Pair = std::pair<std::string, std::string>;  // (table, column), lower case
using PairSet = std::set<Pair>;

// Counts in first-seen order, sorted like Python's Counter.most_common().
class Counter {
 public:
  void Add(const std::string& key, size_t n = 1) {
    auto [it, inserted] = index_.try_emplace(key, items_.size());
    if (inserted) items_.push_back({key, 0});
    items_[it->second].second += n;
  }
  size_t Get(const std::string& key) const {
    auto it = index_.find(key);
    return it == index_.end() ? 0 : items_[it->second].second;
  }
  std::vector<std::pair<std::string, size_t>> MostCommon() const {
    std::vector<std::pair<std::string, size_t>> out = items_;
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
  }

 private:
  std::vector<std::pair<std::string, size_t>> items_;
  absl::flat_hash_map<std::string, size_t> index_;
};

struct Report {
  size_t files = 0;
  size_t not_analysed = 0;
  size_t statements = 0;
  size_t parsed = 0;
  size_t total = 0;
  size_t agree = 0;
  Counter causes;
  Counter failures;  // first error message (60 characters) of statements with errors
  std::vector<std::pair<std::string, std::vector<std::string>>> examples;  // per cause, first-seen order

  double parse_rate() const {
    return 100.0 * static_cast<double>(parsed) / static_cast<double>(std::max<size_t>(statements, 1));
  }
  double agree_rate() const {
    return 100.0 * static_cast<double>(agree) / static_cast<double>(std::max<size_t>(total, 1));
  }

  // The same counts over the held-out files alone (HeldOut below).
  size_t held_out_files = 0;
  size_t held_out_total = 0;
  size_t held_out_agree = 0;
  double held_out_rate() const {
    return 100.0 * static_cast<double>(held_out_agree) / static_cast<double>(std::max<size_t>(held_out_total, 1));
  }
  double dev_rate() const {
    return 100.0 * static_cast<double>(agree - held_out_agree) /
           static_cast<double>(std::max<size_t>(total - held_out_total, 1));
  }
};

// One file in five, chosen by a hash of its path, is held out: its misses are
// never shown (--show lists dev files only), so the rules tuned on the others
// are checked on queries nobody looked at while tuning. FNV-1a keeps the
// choice the same on every machine.
inline bool HeldOut(std::string_view relative_path) {
  uint64_t h = 1469598103934665603ull;
  for (char c : relative_path) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h % 5 == 0;
}

// Python's `\s` on ASCII, which is what matters for matching.
inline bool IsSpaceChar(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

// Statement text for matching: `/* */` and `--` comments and white space
// removed, trailing `;` stripped, case folded (hive_agreement.py's squash).
inline std::string Squash(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 2, "/*") == 0) {
      size_t end = text.find("*/", i + 2);
      if (end != std::string_view::npos) {
        i = end + 2;
        continue;
      }
    }
    if (text.compare(i, 2, "--") == 0) {
      size_t nl = text.find('\n', i);
      i = nl == std::string_view::npos ? text.size() : nl;
      continue;
    }
    unsigned char c = static_cast<unsigned char>(text[i++]);
    if (IsSpaceChar(c)) continue;
    out.push_back(AsciiLower(static_cast<char>(c)));
  }
  while (!out.empty() && out.back() == ';') out.pop_back();
  return out;
}

inline std::string Tbl(std::string_view name) {
  std::string l = ToLower(name);
  size_t dot = l.rfind('.');
  return dot == std::string::npos ? l : l.substr(dot + 1);
}

// Python's repr() of a str, for example lines.
inline std::string Repr(const std::string& s) {
  char q = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
  std::string out(1, q);
  for (char c : s) {
    if (c == q || c == '\\') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '\t') {
      out += "\\t";
      continue;
    }
    out.push_back(c);
  }
  out.push_back(q);
  return out;
}

inline std::string Repr(const PairSet& set) {
  std::string out = "[";
  bool first = true;
  for (const Pair& p : set) {
    if (!first) out += ", ";
    first = false;
    out += Cat("(", Repr(p.first), ", ", Repr(p.second), ")");
  }
  return out + "]";
}

// First `n` characters (code points) of UTF-8 text.
inline std::string Utf8Prefix(std::string_view s, size_t n) {
  size_t i = 0;
  size_t chars = 0;
  while (i < s.size() && chars < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    i = std::min(s.size(), i + len);
    ++chars;
  }
  return std::string(s.substr(0, i));
}

struct OracleRecord {
  int index = 0;
  std::string query;
  std::vector<std::pair<Pair, PairSet>> lineage;  // per target line (targets may repeat)
};

inline std::string ReadAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::map<std::string, std::vector<OracleRecord>> LoadOracle(const std::filesystem::path& corpus) {
  std::map<std::string, std::vector<OracleRecord>> oracle;
  std::ifstream in(corpus / "lineage.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    nlohmann::json r = nlohmann::json::parse(line, nullptr, false);
    if (r.is_discarded() || !r["lineage"].is_array() || r["lineage"].empty()) continue;
    OracleRecord rec;
    rec.index = r.value("index", 0);
    rec.query = r["query"].is_string() ? r["query"].get<std::string>() : "";
    for (const auto& l : r["lineage"]) {
      Pair key{ToLower(l["table"].get<std::string>()), ToLower(l["column"].get<std::string>())};
      PairSet sources;
      for (const auto& x : l["sources"]) {
        if (!x.contains("column") || !x["column"].is_string() || x["column"].get<std::string>().empty()) continue;
        sources.insert({Tbl(x["table"].get<std::string>()), ToLower(x["column"].get<std::string>())});
      }
      rec.lineage.emplace_back(std::move(key), std::move(sources));
    }
    oracle[r["file"].get<std::string>()].push_back(std::move(rec));
  }
  return oracle;
}

// Runs the comparison over the corpus folder. `show`: examples kept per cause.
inline Report Measure(const std::filesystem::path& corpus, size_t show) {
  Report rep;
  const auto qdir = corpus / "queries";
  auto oracle = LoadOracle(corpus);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(qdir))
    if (e.is_regular_file() && e.path().extension() == ".q")
      files.push_back(std::filesystem::relative(e.path(), qdir).generic_string());
  std::sort(files.begin(), files.end());
  rep.files = files.size();

  driver::AnalyzeOptions options;
  options.catalogs = {driver::CatalogSource::File((corpus / "catalog.json").string())};
  options.semantics = lineage::Semantics::Hive;  // Hive's own rules are what is compared, as the Python scoreboard does
  const auto base =
      std::make_shared<const lineage::Catalog>(driver::LoadCatalog(options, [](driver::FileResult&&) {}).catalog);

  absl::flat_hash_map<std::string, size_t> example_index;
  for (const std::string& rel : files) {
    const bool held_out = HeldOut(rel);
    rep.held_out_files += held_out;
    const std::string bytes = ReadAll(qdir / rel);
    driver::LoadedInput in = driver::DecodeInput((qdir / rel).string(), bytes);
    lineage::Session session = driver::NewSession(options, lineage::Catalog(base));
    driver::FileResult result = driver::AnalyzeScript(in.source, session, options);
    const std::string_view text = in.source->text();
    absl::flat_hash_map<std::string, const driver::StatementResult*> ours;
    for (const driver::StatementResult& s : result.statements) {
      if (s.kind == StatementKind::Command) continue;
      ++rep.statements;
      const Diagnostic* first_error = nullptr;
      for (const Diagnostic& d : s.diagnostics)
        if (d.severity == Severity::Error) {
          first_error = &d;
          break;
        }
      if (first_error != nullptr) {
        rep.failures.Add(Utf8Prefix(first_error->message, 60));
      } else {
        ++rep.parsed;
      }
      std::string_view st = s.span.begin <= s.span.end && s.span.end <= text.size()
                                ? text.substr(s.span.begin, s.span.end - s.span.begin)
                                : std::string_view();
      ours.try_emplace(Squash(st), &s);
    }
    auto it = oracle.find(rel);
    if (it == oracle.end()) continue;
    for (const OracleRecord& r : it->second) {
      // Target columns in the order Hive printed them (examples follow it).
      std::vector<std::pair<Pair, PairSet>> hive;
      std::map<Pair, size_t> hive_index;
      for (const auto& [key, sources] : r.lineage) {
        auto [hi, fresh] = hive_index.try_emplace(key, hive.size());
        if (fresh) hive.push_back({key, {}});
        hive[hi->second].second.insert(sources.begin(), sources.end());
      }
      auto found = ours.find(Squash(r.query));
      const driver::StatementResult* s = found == ours.end() ? nullptr : found->second;
      std::map<Pair, PairSet> mine;
      if (s != nullptr) {
        for (const lineage::ColumnLineage& c : s->lineage.columns) {
          std::string target = ToLower(c.target);
          size_t dot = target.rfind('.');
          if (dot == std::string::npos) continue;
          PairSet& set = mine[{Tbl(target.substr(0, dot)), target.substr(dot + 1)}];
          for (const std::string& x : c.sources) {
            size_t d = x.rfind('.');
            if (d == std::string::npos) continue;
            set.insert({Tbl(x.substr(0, d)), ToLower(x.substr(d + 1))});
          }
        }
      }
      for (const auto& [key, want] : hive) {
        ++rep.total;
        rep.held_out_total += held_out;
        std::string cause;
        auto m = mine.find(key);
        if (s == nullptr) {
          cause = "statement not matched";
        } else if (m == mine.end()) {
          cause = "target column missing";
        } else if (m->second == want) {
          ++rep.agree;
          rep.held_out_agree += held_out;
          continue;
        } else if (std::includes(want.begin(), want.end(), m->second.begin(), m->second.end())) {
          cause = "sources missing";
        } else if (std::includes(m->second.begin(), m->second.end(), want.begin(), want.end())) {
          cause = "extra sources";
        } else {
          cause = "sources differ";
        }
        rep.causes.Add(cause);
        if (held_out) continue;  // its misses stay unseen
        auto [ex, inserted] = example_index.try_emplace(cause, rep.examples.size());
        if (inserted) {
          if (show == 0) {
            example_index.erase(cause);
            continue;
          }
          rep.examples.push_back({cause, {}});
        }
        auto& list = rep.examples[ex->second].second;
        if (list.size() < show)
          list.push_back(Cat(rel, "#", r.index, " ", key.first, ".", key.second, ": hive=", Repr(want),
                             " ours=", Repr(m == mine.end() ? PairSet{} : m->second)));
      }
    }
  }
  return rep;
}

inline std::string Fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f", v);
  return buf;
}

// hive_agreement.py's summary line.
inline std::string SummaryLine(const Report& r) {
  std::string out = Cat("files ", r.files, ", not analysed ", r.not_analysed, "; statements ", r.statements,
                        ", parsed ", r.parsed, " (", Fixed2(r.parse_rate()), "%); target columns ", r.total, ", agree ",
                        r.agree, " (", Fixed2(r.agree_rate()), "%); ");
  bool first = true;
  for (const auto& [cause, n] : r.causes.MostCommon()) {
    if (!first) out += ", ";
    first = false;
    out += Cat(cause, " ", n);
  }
  return out;
}

// The split: dev files (whose misses --show lists) and held-out files.
inline std::string SplitLine(const Report& r) {
  return Cat("dev: files ", r.files - r.held_out_files, ", target columns ", r.total - r.held_out_total, ", agree ",
             Fixed2(r.dev_rate()), "%; held-out (1 file in 5 by path hash, misses never shown): files ",
             r.held_out_files, ", target columns ", r.held_out_total, ", agree ", r.held_out_agree, " (",
             Fixed2(r.held_out_rate()), "%)");
}

// The --show section: top parse failures, then examples per cause (dev files only).
inline std::string Details(const Report& r) {
  std::string out;
  auto failures = r.failures.MostCommon();
  for (size_t i = 0; i < failures.size() && i < 15; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%6zu", failures[i].second);
    out += Cat("parse failures ", buf, "  ", failures[i].first, "\n");
  }
  for (const auto& [cause, list] : r.examples) {
    out += Cat("-- ", cause, ": ", r.causes.Get(cause), "\n");
    for (const std::string& e : list) out += Cat("    ", e, "\n");
  }
  return out;
}

}  // namespace hivelineage::agreement
