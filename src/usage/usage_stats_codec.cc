#include "usage/usage_stats_codec.h"

#include <cstdint>
#include <exception>
#include <vector>

#include "nlohmann/json.hpp"

namespace hivelineage::usage {
namespace {

using nlohmann::json;

// A map as [[key, value], ...]: CBOR map keys would have to be valid text.
template <typename Map>
json MapToJson(const Map& map) {
  json out = json::array();
  for (const auto& [k, v] : map) out.push_back(json::array({k, v}));
  return out;
}

template <typename Map>
void MapFromJson(const json& j, Map& map) {
  for (const json& kv : j) map[kv.at(0).template get<typename Map::key_type>()] = kv.at(1).template get<typename Map::mapped_type>();
}

json TableToJson(const TableStats& t) {
  json users = json::array();
  for (const std::string& u : t.users) users.push_back(u);
  return json{{"reads", t.reads},           {"writes", t.writes},          {"first_read", t.first_read},
              {"last_read", t.last_read},   {"days", MapToJson(t.reads_per_day)}, {"users", users},
              {"partitions", MapToJson(t.partitions)}, {"columns", MapToJson(t.columns)}};
}

void TableFromJson(const json& j, TableStats& t) {
  t.reads = j.at("reads").get<uint64_t>();
  t.writes = j.at("writes").get<uint64_t>();
  t.first_read = j.at("first_read").get<int64_t>();
  t.last_read = j.at("last_read").get<int64_t>();
  MapFromJson(j.at("days"), t.reads_per_day);
  for (const json& u : j.at("users")) t.users.insert(u.get<std::string>());
  MapFromJson(j.at("partitions"), t.partitions);
  MapFromJson(j.at("columns"), t.columns);
}

}  // namespace

std::string EncodeUsageStats(const UsageStats& s) {
  json tables = json::array();
  for (const auto& [name, t] : s.tables) tables.push_back(json::array({name, TableToJson(t)}));
  const json j{{"lines", s.lines},
               {"bytes", s.bytes},
               {"malformed", s.malformed},
               {"merged_events", s.merged_events},
               {"denied", s.denied},
               {"queries", s.queries},
               {"with_errors", s.with_errors},
               {"first", s.first},
               {"last", s.last},
               {"tables", tables},
               {"users", MapToJson(s.users)},
               {"cross_database", MapToJson(s.cross_database)},
               {"cross_layer", MapToJson(s.cross_layer)},
               {"layer_flows", MapToJson(s.layer_flows)}};
  const std::vector<std::uint8_t> bytes = json::to_cbor(j);
  return std::string(bytes.begin(), bytes.end());
}

bool DecodeUsageStats(std::string_view bytes, UsageStats& s, std::string& error) {
  try {
    const json j = json::from_cbor(bytes.begin(), bytes.end());
    UsageStats out;
    out.lines = j.at("lines").get<uint64_t>();
    out.bytes = j.at("bytes").get<uint64_t>();
    out.malformed = j.at("malformed").get<uint64_t>();
    out.merged_events = j.at("merged_events").get<uint64_t>();
    out.denied = j.at("denied").get<uint64_t>();
    out.queries = j.at("queries").get<uint64_t>();
    out.with_errors = j.at("with_errors").get<uint64_t>();
    out.first = j.at("first").get<int64_t>();
    out.last = j.at("last").get<int64_t>();
    for (const json& kv : j.at("tables")) TableFromJson(kv.at(1), out.tables[kv.at(0).get<std::string>()]);
    MapFromJson(j.at("users"), out.users);
    MapFromJson(j.at("cross_database"), out.cross_database);
    MapFromJson(j.at("cross_layer"), out.cross_layer);
    MapFromJson(j.at("layer_flows"), out.layer_flows);
    s = std::move(out);
    return true;
  } catch (const std::exception& e) {
    error = std::string("not usage counts: ") + e.what();
    return false;
  }
}

}  // namespace hivelineage::usage
