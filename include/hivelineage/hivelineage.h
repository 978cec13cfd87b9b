/* hivelineage — C API. Lineage of HiveQL scripts as JSON text.
 *
 *   hivelineage_analyzer* a = hivelineage_new("{\"default_db\": \"ods\"}", &err);
 *   char* json = hivelineage_analyze(a, sql, strlen(sql), "etl.sql", "json");
 *   ... use json ...
 *   hivelineage_string_free(json);
 *   hivelineage_free(a);
 *
 * Options JSON (all optional): {"default_db": "db", "variables": {"NAME": "VALUE"},
 * "allow_env": false, "semantics": "precise" (default) or "hive",
 * "dialect": "hive" (default) or "spark", "catalog": {"tables": [...]},
 * "catalog_ddl": "CREATE TABLE ...;"}.
 * Output is the command line's: format "json" (one document), "jsonl" or "hive".
 * Functions never abort on bad input; an analyzer may be shared by threads.
 */
#ifndef HIVELINEAGE_H_
#define HIVELINEAGE_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hivelineage_analyzer hivelineage_analyzer;

/* Creates an analyzer. On failure returns NULL and, if error is not NULL, sets
 * *error to a message to free with hivelineage_string_free. */
hivelineage_analyzer* hivelineage_new(const char* options_json, char** error);

/* Analyses `len` bytes of SQL. Returns a NUL-terminated JSON text (free it with
 * hivelineage_string_free), or NULL when `format` is unknown or memory ran out. */
char* hivelineage_analyze(const hivelineage_analyzer* analyzer, const char* sql, size_t len, const char* file_name,
                          const char* format);

/* One call: new + analyze + free, with the "json" format. */
char* hivelineage_analyze_json(const char* sql, size_t len, const char* options_json);

void hivelineage_string_free(char* s);
void hivelineage_free(hivelineage_analyzer* analyzer);
const char* hivelineage_version(void);

#ifdef __cplusplus
}
#endif

#endif /* HIVELINEAGE_H_ */
