// libFuzzer target: SeaTunnel configs (sync/seatunnel.h) in HOCON (.conf,
// through sync/hocon.h) and JSON, as job files run (job_support.h).
// Differential: the HOCON reader read twice gives the same tree (values,
// keys and positions); every position and error lies inside the text.
#include "catalog/json_tree.h"
#include "job_support.h"
#include "sync/hocon.h"
#include "sync/seatunnel.h"

using namespace hivelineage;

namespace {
// The tree as text, positions included; aborts on a position past `size`.
void Describe(const catalog::JsonNode& n, size_t size, std::string& out) {
  fuzz::Require(n.begin <= size, "a HOCON value starts past the end");
  out += std::to_string(static_cast<int>(n.kind)) + "@" + std::to_string(n.begin);
  switch (n.kind) {
    case catalog::JsonNode::Kind::Boolean: out += n.boolean ? "t" : "f"; break;
    case catalog::JsonNode::Kind::Integer: out += std::to_string(n.integer); break;
    case catalog::JsonNode::Kind::Number:
    case catalog::JsonNode::Kind::String: out += "\"" + n.string + "\""; break;
    case catalog::JsonNode::Kind::Array:
      out += "[";
      for (const catalog::JsonNode& i : n.items) Describe(i, size, out), out += ",";
      out += "]";
      break;
    case catalog::JsonNode::Kind::Object:
      out += "{";
      for (const catalog::JsonNode::Member& m : n.members) {
        fuzz::Require(m.key_begin <= size, "a HOCON key starts past the end");
        out += m.key + "@" + std::to_string(m.key_begin) + ":";
        Describe(m.value, size, out);
        out += ",";
      }
      out += "}";
      break;
    case catalog::JsonNode::Kind::Null: break;
  }
}

std::string Tree(const catalog::ParsedJson& p, size_t size) {
  if (p.error) {
    fuzz::Require(p.error->span.begin <= p.error->span.end && p.error->span.end <= size,
                  "a HOCON error points past the end");
    return "error@" + std::to_string(p.error->span.begin) + ":" + p.error->message;
  }
  std::string out;
  Describe(p.root, size, out);
  return out;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Require(Tree(sync::ParseHocon(text), size) == Tree(sync::ParseHocon(text), size),
                "HOCON read twice gave another tree");
  sync::SyncOptions options;
  options.systems = fuzz::JobSystems().get();
  options.catalog = fuzz::JobCatalog().get();
  for (bool json : {false, true}) {
    const sync::JobResult a = sync::ReadSeaTunnel(text, json, options), b = sync::ReadSeaTunnel(text, json, options);
    fuzz::Require(a.statements.size() == b.statements.size() && a.diagnostics.size() == b.diagnostics.size(),
                  "SeaTunnel read twice gave another number of sinks or problems");
    for (const sync::JobStatement& s : a.statements)
      fuzz::Require(s.span.begin <= s.span.end && s.span.end <= size, "a sink's span leaves the config");
  }
  fuzz::CheckJob("job.conf", text);
  return 0;
}
