// Jobs from an Apache DolphinScheduler workflow export: the JSON file the UI's
// "Export" button (Project > Workflow Definition) saves, which the REST API
// also returns:
//
//   curl -X POST -H "token: $TOKEN" -o export.json
//     "$DS/dolphinscheduler/projects/$PROJECT_CODE/process-definition/batch-export?codes=$CODES"
//
// (`workflow-definition` instead of `process-definition` from 3.3). The file
// is an array of workflows, each {"processDefinition": {"name", "code"},
// "processTaskRelationList": [{"preTaskCode", "postTaskCode"}],
// "taskDefinitionList": [{"code", "name", "taskType", "taskParams"}]} (3.3
// names them workflowDefinition / workflowTaskRelationList). Each task becomes
// a job named "workflow/task":
//   - SHELL: the scripts its rawScript runs with `-f FILE` (hive, beeline), else
//     the .sql/.hql/.q files of its resourceList;
//   - SQL: its preStatements, sql and postStatements, analysed as inline SQL;
//   - HIVECLI: hiveSqlScript (execution type SCRIPT) or its resource files (FILE);
//   - DEPENDENT: depends on the tasks its dependItemList names (all of a
//     workflow's tasks when depTaskCode is 0);
//   - SUB_PROCESS: depends on every task of the sub-workflow, whose first
//     tasks depend on the SUB_PROCESS task's predecessors;
//   - any other type (DATAX, SPARK, ...): a job with no script, noted.
// A relation with preTaskCode 0 only says the task starts the workflow.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "checks/jobs.h"

namespace hivelineage::checks {

// True when `doc` looks like a DolphinScheduler export.
bool IsDolphinSchedulerExport(const nlohmann::json& doc);

// Adds the export's tasks to `jobs`; problems to `errors` ("file: message").
bool ImportDolphinScheduler(const std::string& path, const nlohmann::json& doc, JobSet& jobs,
                            std::vector<std::string>& errors);

}  // namespace hivelineage::checks
