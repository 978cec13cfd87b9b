/* Built against an installed hivelineage through pkg-config alone, with a C
 * compiler (see tests/install/install_test.sh). */
#include <hivelineage/hivelineage.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  char* error = NULL;
  hivelineage_analyzer* a = hivelineage_new("{\"default_db\": \"ods\"}", &error);
  if (a == NULL) {
    fprintf(stderr, "hivelineage_new: %s\n", error ? error : "?");
    hivelineage_string_free(error);
    return 1;
  }
  const char* sql = "INSERT INTO TABLE dw.t SELECT a, b FROM src_table;";
  char* json = hivelineage_analyze(a, sql, strlen(sql), "demo.sql", "json");
  if (json == NULL) return 1;
  printf("%s\n", json);
  int ok = strstr(json, "\"ods.src_table\"") != NULL && strstr(json, "\"dw.t\"") != NULL;
  hivelineage_string_free(json);
  hivelineage_free(a);
  printf("version %s\n", hivelineage_version());
  return ok ? 0 : 1;
}
