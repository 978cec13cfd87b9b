// Where the corpus suite finds the data that lives outside the repository:
// the Apache Hive q-test corpus and the OpenLineage schemas, in the shared/
// folder (by default ../shared beside the checkout; meson -Dshared_dir=...
// at set-up, or HIVELINEAGE_SHARED_DIR=... when the tests run, moves it).
// Only this suite may read outside the repository; the unit suite does not
// even know the path.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace hivelineage::testing {

inline std::filesystem::path SharedDir() {
  if (const char* env = std::getenv("HIVELINEAGE_SHARED_DIR"); env != nullptr && *env != '\0') return env;
  return std::filesystem::path(HIVELINEAGE_SHARED_DIR).lexically_normal();
}
inline std::filesystem::path HiveCorpus() { return SharedDir() / "corpus" / "hive-qtests"; }
inline std::filesystem::path OpenLineageSchemas() { return SharedDir() / "schemas" / "openlineage"; }

// What the suite reads; the ones missing, in this order.
inline std::vector<std::filesystem::path> MissingCorpusData() {
  std::vector<std::filesystem::path> missing;
  for (const std::filesystem::path& p :
       {HiveCorpus() / "queries", HiveCorpus() / "lineage.jsonl", HiveCorpus() / "catalog.json",
        OpenLineageSchemas() / "OpenLineage.json", SharedDir() / "corpus" / "spark-sqltests" / "statements.jsonl",
        SharedDir() / "tools" / "spark_plan_oracle.py"}) {
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) missing.push_back(p);
  }
  return missing;
}

}  // namespace hivelineage::testing
