// usage/usage_stats_codec: counts made in separate processes travel as bytes
// and merge into what one process counting the whole log has (the Python
// package's hivelineage.dask relies on it); names that are not UTF-8 survive.
#include <doctest/doctest.h>

#include <string>

#include "usage/usage_report.h"
#include "usage/usage_stats_codec.h"

namespace {

using namespace hivelineage;

usage::UsageStats Sample(const std::string& user, int64_t day, uint64_t reads) {
  usage::UsageStats s;
  s.lines = reads + 1;
  s.bytes = 100 * reads;
  s.malformed = 1;
  s.queries = reads;
  s.first = day * 86400;
  s.last = day * 86400 + 3600;
  s.users[user] = reads;
  usage::TableStats& t = s.tables["ods.orders"];
  t.reads = reads;
  t.first_read = s.first;
  t.last_read = s.last;
  t.reads_per_day[day] = reads;
  t.users.insert(user);
  t.partitions["dt=2024-03-01"] = reads;
  t.columns["id"] = reads;
  s.cross_layer["dwd+ods"] = 1;
  return s;
}

std::string ReportJson(const usage::UsageStats& stats) {
  const usage::HeatRules rules;
  const usage::UsageReport report = usage::BuildUsageReport(stats, nullptr, rules, {"ods", "dwd"});
  std::string out;
  usage::WriteUsageJson(stats, report, rules, out);
  return out;
}

TEST_CASE("usage stats codec: decoded parts merge into the whole's counts") {
  usage::UsageStats a = Sample("li.na", 19783, 3), b = Sample("zh\xff", 19790, 5);
  usage::UsageStats whole = Sample("li.na", 19783, 3);
  whole.Merge(Sample("zh\xff", 19790, 5));

  usage::UsageStats merged;
  for (const usage::UsageStats* part : {&a, &b}) {
    usage::UsageStats decoded;
    std::string error;
    REQUIRE(usage::DecodeUsageStats(usage::EncodeUsageStats(*part), decoded, error));
    CHECK(error.empty());
    merged.Merge(std::move(decoded));
  }
  CHECK(merged.queries == 8);
  CHECK(merged.users.count("zh\xff") == 1);  // not UTF-8, kept byte for byte
  CHECK(merged.tables.at("ods.orders").reads_per_day.size() == 2);
  CHECK(ReportJson(merged) == ReportJson(whole));
  CHECK(ReportJson(merged).find("\"reads\": 8") != std::string::npos);
}

TEST_CASE("usage stats codec: bytes that are not counts are an error, not a crash") {
  usage::UsageStats s;
  std::string error;
  CHECK_FALSE(usage::DecodeUsageStats("not cbor", s, error));
  CHECK(error.find("not usage counts") == 0);
  error.clear();
  CHECK_FALSE(usage::DecodeUsageStats(std::string("\xa1\x61x\x01", 4), s, error));  // {"x": 1}
  CHECK(!error.empty());
}

}  // namespace
