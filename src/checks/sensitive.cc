#include "checks/sensitive.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "base/strings.h"

namespace hivelineage::checks {
namespace {

using graph::ColumnId;
using graph::Edge;
using graph::Graph;

// The level after one way's masking: `md5`, or nested masking `md5+mask`
// (each layer in turn); -1 when a layer stops the tag. A name no rule covers
// leaves the level alone.
int LevelThrough(std::string_view way, int level, const SensitivityRules& rules) {
  for (size_t at = 0; at <= way.size();) {
    const size_t end = std::min(way.find('+', at), way.size());
    const std::string_view layer = way.substr(at, end - at);
    at = end + 1;
    const auto* rule = rules.FindMasking(layer);
    if (rule == nullptr) continue;
    if (rule->value.action == MaskRule::Action::Stop) return -1;
    level = std::min(level, rule->value.to);
  }
  return level;
}

// The tag's level after `e`, or -1 when masking on it stops the tag. Each
// step applies its masking in turn. A step with several masking names (the
// source reached the target through differently masked ways) keeps the
// weakest outcome.
int LevelAfter(const Graph& g, const Edge& e, int level, const SensitivityRules& rules, std::vector<std::string>& met) {
  for (const graph::Step& s : e.steps) {
    const std::vector<std::string>& masking = StepMasking(g, s);
    if (masking.empty()) continue;
    met.insert(met.end(), masking.begin(), masking.end());
    int weakest = -1;
    for (const std::string& way : masking) weakest = std::max(weakest, LevelThrough(way, level, rules));
    level = weakest;
    if (level < 0) return -1;
  }
  return level;
}

struct Origin {
  ColumnId column;
  int level;
  const PatternTable<TagRule>::Rule* rule;
};

// One tag's walk. States are (column, level); higher levels are walked
// first, so a column's first visit is at the highest level it can get.
class TagWalk {
 public:
  TagWalk(const Graph& g, const std::vector<std::vector<const Edge*>>& out, const SensitivityRules& rules)
      : g_(g), out_(out), rules_(rules) {}

  void Run(const std::string& tag, const std::vector<Origin>& origins, SensitiveReport& report) {
    int max_level = 0;
    for (const Origin& o : origins) max_level = std::max(max_level, o.level);
    buckets_.assign(static_cast<size_t>(max_level) + 1, {});
    for (const Origin& o : origins) {
      declared_[o.column] = &o;
      Push(o.column, o.level, -1, nullptr);
    }
    for (int level = max_level; level >= 0; --level) {
      std::deque<int>& queue = buckets_[static_cast<size_t>(level)];
      while (!queue.empty()) {
        const int s = queue.front();
        queue.pop_front();
        Expand(s, tag, report);
      }
    }
    for (const auto& [column, state] : first_) Report(tag, column, state, report);
  }

 private:
  struct State {
    ColumnId column;
    int level;
    int parent;  // state index, -1 for an origin
    const Edge* via;
    std::vector<std::string> masking;
  };

  void Push(ColumnId column, int level, int parent, const Edge* via, std::vector<std::string> masking = {}) {
    const uint64_t key = (static_cast<uint64_t>(column) << 32) | static_cast<uint32_t>(level);
    if (!seen_.insert(key).second) return;
    const int id = static_cast<int>(states_.size());
    states_.push_back(State{column, level, parent, via, std::move(masking)});
    // A column keeps the state that brings the highest level (the first such one found).
    auto [it, inserted] = first_.try_emplace(column, id);
    if (!inserted && states_[static_cast<size_t>(it->second)].level < level) it->second = id;
    buckets_[static_cast<size_t>(level)].push_back(id);
  }

  void Expand(int s, const std::string& tag, SensitiveReport& report) {
    const State here = states_[static_cast<size_t>(s)];
    for (const Edge* e : out_[here.column]) {
      const ColumnId target = e->target;
      std::vector<std::string> met;
      const int level = LevelAfter(g_, *e, here.level, rules_, met);
      std::sort(met.begin(), met.end());
      met.erase(std::unique(met.begin(), met.end()), met.end());
      if (level < 0) {
        if (stopped_.insert(target).second) report.stopped.push_back(TagStop{tag, here.level, e, met});
        continue;
      }
      // A declared column reached at its own level or above: remember the
      // path (its state may already be taken by the origin itself).
      auto d = declared_.find(target);
      if (d != declared_.end() && level >= d->second->level && !arrival_.contains(target)) {
        const int id = static_cast<int>(states_.size());
        states_.push_back(State{target, level, s, e, met});
        arrival_.emplace(target, id);
      }
      Push(target, level, s, e, std::move(met));
    }
  }

  void Report(const std::string& tag, ColumnId column, int state, SensitiveReport& report) {
    TagReach r;
    r.tag = tag;
    r.column = g_.columns[column].name;
    r.table = g_.tables[g_.columns[column].table].name;
    r.level = states_[static_cast<size_t>(state)].level;
    auto d = declared_.find(column);
    if (d != declared_.end()) {
      r.declared = true;
      r.rule = Cat(d->second->rule->pattern.text(), ", ", d->second->rule->origin);
      // The origin's own state has no path: show how the tag also arrives, if it does.
      if (states_[static_cast<size_t>(state)].parent < 0) {
        auto a = arrival_.find(column);
        if (a != arrival_.end() && states_[static_cast<size_t>(a->second)].level >= r.level) state = a->second;
      }
    }
    for (int at = state; at >= 0; at = states_[static_cast<size_t>(at)].parent) {
      const State& st = states_[static_cast<size_t>(at)];
      if (st.via == nullptr) {
        r.origin = g_.columns[st.column].name;
        break;
      }
      r.path.push_back(TagHop{st.via, st.level, st.masking});
    }
    std::reverse(r.path.begin(), r.path.end());
    report.reached.push_back(std::move(r));
  }

  const Graph& g_;
  const std::vector<std::vector<const Edge*>>& out_;
  const SensitivityRules& rules_;
  std::vector<State> states_;
  std::vector<std::deque<int>> buckets_;
  absl::flat_hash_set<uint64_t> seen_;
  std::map<ColumnId, int> first_;  // column -> the state bringing its highest level; ids are in name order
  absl::flat_hash_map<ColumnId, const Origin*> declared_;
  absl::flat_hash_map<ColumnId, int> arrival_;  // declared column -> a state that reaches it by an edge
  absl::flat_hash_set<ColumnId> stopped_;
};

}  // namespace

const std::vector<std::string>& StepMasking(const Graph& g, const graph::Step& step) { return g.MaskedBy(step); }

SensitiveReport CheckSensitive(const Graph& g, const SensitivityRules& rules) {
  SensitiveReport report;
  // Value edges by source column (never conditions: they decide rows, not values).
  std::vector<std::vector<const Edge*>> out(g.columns.size());
  for (const Edge& e : g.edges) out[e.source].push_back(&e);

  // The origins of every tag, and the rules that tag nothing.
  std::map<std::string, std::vector<Origin>> by_tag;
  std::set<const PatternTable<TagRule>::Rule*> used;
  for (ColumnId c = 0; c < g.columns.size(); ++c) {
    const auto* rule = rules.tags.Find(g.columns[c].name);
    if (rule == nullptr) continue;
    used.insert(rule);
    if (rule->value.none) continue;
    by_tag[rule->value.tag].push_back(Origin{c, rule->value.level, rule});
    ++report.origins;
  }
  for (const auto& rule : rules.tags.rules())
    if (!used.contains(&rule)) report.unused_rules.push_back(Cat(rule.pattern.text(), ", ", rule.origin));

  for (const auto& [tag, origins] : by_tag) TagWalk(g, out, rules).Run(tag, origins, report);
  // Per tag, nearest the origins first.
  std::stable_sort(report.reached.begin(), report.reached.end(), [](const TagReach& a, const TagReach& b) {
    const size_t ha = a.path.size(), hb = b.path.size();
    return std::tie(a.tag, ha, a.column) < std::tie(b.tag, hb, b.column);
  });

  // Levels allowed where the tags land.
  for (TagReach& r : report.reached) {
    const auto* allowed = rules.allowed.Find(r.table);
    if (allowed == nullptr) continue;
    r.allowed = allowed->value;
    r.allowed_rule = Cat(allowed->pattern.text(), ", ", allowed->origin);
    const std::optional<graph::TableId> t = g.FindTable(r.table);
    const bool temporary = t && g.tables[*t].kind == graph::TableKind::Temporary;
    r.violation = r.level > r.allowed && !temporary;
    report.violations += r.violation;
  }
  std::sort(report.stopped.begin(), report.stopped.end(), [](const TagStop& a, const TagStop& b) {
    return std::tie(a.tag, a.edge->target, a.edge->source) < std::tie(b.tag, b.edge->target, b.edge->source);
  });

  // Statements with errors that read a table a tag reached.
  std::map<std::string, std::set<std::string>> tags_of_table;
  for (const TagReach& r : report.reached) tags_of_table[r.table].insert(r.tag);
  for (graph::StatementId i = 0; i < g.statements.size(); ++i) {
    const graph::StatementInfo& st = g.statements[i];
    if (!st.has_error || st.outputs.empty()) continue;
    for (graph::TableId in : st.inputs) {
      auto it = tags_of_table.find(g.tables[in].name);
      if (it == tags_of_table.end()) continue;
      for (const std::string& tag : it->second) report.uncertain.push_back(TagUncertain{tag, it->first, i});
    }
  }
  return report;
}

}  // namespace hivelineage::checks
