#include "checks/dolphinscheduler.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "base/strings.h"

namespace hivelineage::checks {
namespace {

using nlohmann::json;

// The first of `keys` the object has (3.3 renamed process* to workflow*).
const json* Find(const json& obj, std::initializer_list<const char*> keys) {
  if (!obj.is_object()) return nullptr;
  for (const char* k : keys) {
    auto it = obj.find(k);
    if (it != obj.end() && !it->is_null()) return &*it;
  }
  return nullptr;
}

std::string Text(const json* v) {
  if (v == nullptr) return {};
  if (v->is_string()) return v->get<std::string>();
  if (v->is_number()) return v->dump();
  return {};
}

// Task codes are numbers, sometimes written as strings.
std::string Code(const json& obj, std::initializer_list<const char*> keys) { return Text(Find(obj, keys)); }

// taskParams is an object, or in some versions that object serialised as a string.
json Params(const json& task) {
  const json* p = Find(task, {"taskParams"});
  if (p == nullptr) return json::object();
  if (p->is_string()) {
    json parsed = json::parse(p->get<std::string>(), nullptr, false);
    return parsed.is_discarded() ? json::object() : parsed;
  }
  return *p;
}

std::string Upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return s;
}

bool IsScriptName(const std::string& name) {
  const std::string ext = ToLower(std::filesystem::path(name).extension().string());
  return ext == ".sql" || ext == ".hql" || ext == ".q";
}

// Words of a shell command line, quotes removed (enough to find `-f FILE`).
std::vector<std::string> ShellWords(std::string_view s) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  char quote = 0;
  for (char c : s) {
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '|' || c == '&') {
      if (in_word) words.push_back(std::move(cur));
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(cur));
  return words;
}

// A resource as a path relative to the resource centre: `file:` and the
// storage prefix up to `resources/` dropped.
std::string ResourcePath(std::string name) {
  if (name.starts_with("file:")) name = name.substr(5);
  if (const size_t r = name.find("/resources/"); r != std::string::npos) name = name.substr(r + 11);
  return name;
}

std::vector<std::string> ResourceScripts(const json& params) {
  std::vector<std::string> out;
  const json* list = Find(params, {"resourceList"});
  if (list == nullptr || !list->is_array()) return out;
  for (const json& r : *list) {
    std::string name = Text(Find(r, {"resourceName", "fullName", "res", "name"}));
    if (!name.empty() && IsScriptName(name)) out.push_back(ResourcePath(std::move(name)));
  }
  return out;
}

struct Task {
  std::string code;
  std::string job;  // workflow/task
  std::string type;
  std::string workflow_code;
  json params;
};

}  // namespace

bool IsDolphinSchedulerExport(const json& doc) {
  const json& first = doc.is_array() && !doc.empty() ? doc[0] : doc;
  return Find(first, {"processDefinition", "workflowDefinition"}) != nullptr &&
         Find(first, {"taskDefinitionList"}) != nullptr;
}

bool ImportDolphinScheduler(const std::string& path, const json& doc, JobSet& set, std::vector<std::string>& errors) {
  const json workflows = doc.is_array() ? doc : json::array({doc});
  std::map<std::string, Task> tasks;                               // by code
  std::map<std::string, std::vector<std::string>> workflow_tasks;  // workflow code -> task codes
  std::map<std::string, std::set<std::string>> upstream;           // task code -> task codes it waits for
  std::vector<std::string> order;                                  // task codes in file order
  bool ok = true;
  for (size_t w = 0; w < workflows.size(); ++w) {
    const json& wf = workflows[w];
    const std::string where = Cat(path, ": workflow ", w);
    const json* def = Find(wf, {"processDefinition", "workflowDefinition"});
    const json* list = Find(wf, {"taskDefinitionList"});
    if (def == nullptr || list == nullptr || !list->is_array()) {
      errors.push_back(Cat(where, ": expected processDefinition and taskDefinitionList"));
      ok = false;
      continue;
    }
    const std::string wf_name = Text(Find(*def, {"name"}));
    const std::string wf_code = Code(*def, {"code"});
    for (const json& t : *list) {
      Task task;
      task.code = Code(t, {"code"});
      task.job = Cat(wf_name, "/", Text(Find(t, {"name"})));
      task.type = Upper(Text(Find(t, {"taskType"})));
      task.workflow_code = wf_code;
      task.params = Params(t);
      if (task.code.empty() || tasks.contains(task.code)) {
        errors.push_back(Cat(where, ": task '", task.job, "' has no code, or one another task has"));
        ok = false;
        continue;
      }
      order.push_back(task.code);
      workflow_tasks[wf_code].push_back(task.code);
      tasks.emplace(task.code, std::move(task));
    }
    if (const json* rel = Find(wf, {"processTaskRelationList", "workflowTaskRelationList"}); rel && rel->is_array()) {
      for (const json& r : *rel) {
        const std::string pre = Code(r, {"preTaskCode"});
        const std::string post = Code(r, {"postTaskCode"});
        if (!post.empty() && !pre.empty() && pre != "0") upstream[post].insert(pre);
      }
    }
  }

  // DEPENDENT and SUB_PROCESS tasks link workflows.
  for (const std::string& code : order) {
    const Task& task = tasks.at(code);
    if (task.type == "DEPENDENT") {
      const json* dep = Find(task.params, {"dependence"});
      const json* groups = dep != nullptr ? Find(*dep, {"dependTaskList"}) : nullptr;
      if (groups == nullptr || !groups->is_array()) continue;
      for (const json& g : *groups) {
        const json* items = Find(g, {"dependItemList"});
        if (items == nullptr || !items->is_array()) continue;
        for (const json& item : *items) {
          const std::string dep_task = Code(item, {"depTaskCode"});
          const std::string dep_wf = Code(item, {"definitionCode", "workflowDefinitionCode"});
          if (!dep_task.empty() && dep_task != "0") {
            upstream[code].insert(dep_task);
          } else if (auto it = workflow_tasks.find(dep_wf); it != workflow_tasks.end()) {
            upstream[code].insert(it->second.begin(), it->second.end());
          } else {
            set.notes.push_back(Cat(task.job, ": depends on workflow ", dep_wf, ", which is not in the export"));
          }
        }
      }
    } else if (task.type == "SUB_PROCESS") {
      const std::string sub = Code(task.params, {"processDefinitionCode", "workflowDefinitionCode"});
      auto it = workflow_tasks.find(sub);
      if (it == workflow_tasks.end()) {
        set.notes.push_back(Cat(task.job, ": runs workflow ", sub, ", which is not in the export"));
        continue;
      }
      const std::set<std::string> before = upstream[code];
      for (const std::string& inner : it->second) {
        upstream[code].insert(inner);
        // Tasks that start the sub-workflow wait for what the SUB_PROCESS task waits for.
        if (!upstream.contains(inner) || upstream[inner].empty()) upstream[inner].insert(before.begin(), before.end());
      }
    }
  }

  for (const std::string& code : order) {
    const Task& task = tasks.at(code);
    Job job;
    job.name = task.job;
    job.origin = Cat(path, ": task ", task.job);
    if (task.type == "SHELL") {
      const std::vector<std::string> words = ShellWords(Text(Find(task.params, {"rawScript"})));
      for (size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == "-f" || words[i] == "--file") job.scripts.push_back(ScriptRef{words[i + 1], true});
      if (job.scripts.empty())
        for (std::string& s : ResourceScripts(task.params)) job.scripts.push_back(ScriptRef{std::move(s), true});
    } else if (task.type == "SQL") {
      std::string sql;
      for (const char* key : {"preStatements", "sql", "postStatements"}) {
        const json* v = Find(task.params, {key});
        if (v == nullptr) continue;
        if (v->is_array()) {
          for (const json& s : *v) Append(sql, Text(&s), ";\n");
        } else {
          Append(sql, Text(v), ";\n");
        }
      }
      job.inline_sql.push_back(InlineScript{Cat(task.job, ".sql"), std::move(sql)});
    } else if (task.type == "HIVECLI") {
      if (Upper(Text(Find(task.params, {"hiveCliTaskExecutionType"}))) == "FILE") {
        for (std::string& s : ResourceScripts(task.params)) job.scripts.push_back(ScriptRef{std::move(s), true});
      } else {
        job.inline_sql.push_back(InlineScript{Cat(task.job, ".sql"), Text(Find(task.params, {"hiveSqlScript"}))});
      }
    } else if (task.type != "DEPENDENT" && task.type != "SUB_PROCESS") {
      set.notes.push_back(
          Cat(task.job, ": a ", task.type.empty() ? "?" : task.type, " task; what it reads and writes is not known"));
    }
    for (const std::string& up : upstream[code]) {
      auto it = tasks.find(up);
      if (it == tasks.end()) {
        set.notes.push_back(Cat(task.job, ": waits for task ", up, ", which is not in the export"));
        continue;
      }
      job.depends_on.push_back(it->second.job);
    }
    std::sort(job.depends_on.begin(), job.depends_on.end());
    set.jobs.push_back(std::move(job));
  }
  return ok;
}

}  // namespace hivelineage::checks
