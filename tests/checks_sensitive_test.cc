// check sensitive: name patterns and their precedence, the TAGS / LEVELS
// files, tags following values (not conditions) through real SQL, masking,
// amplifications, and the subcommand end to end.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "checks/name_pattern.h"
#include "checks/record_file.h"
#include "checks/sensitive.h"
#include "checks/sensitivity_rules.h"
#include "graph_of_sql.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace hivelineage;
using checks::NamePattern;
using testing::GraphOf;

fs::path TempDir() {
  static const fs::path dir = testing::ProcessTempDir("hivelineage_sensitive_test_");
  return dir;
}

// Rules from TAGS and LEVELS text (CSV), with the built-in masking.
checks::SensitivityRules Rules(const std::string& tags, const std::string& levels = "table,level\n") {
  checks::SensitivityRules rules;
  checks::AddDefaultMasking(rules);
  std::vector<std::string> errors;
  CHECK(checks::LoadTags(testing::WriteFile(TempDir(), "tags.csv", tags).string(), rules, errors));
  CHECK(checks::LoadLevels(testing::WriteFile(TempDir(), "levels.csv", levels).string(), rules, errors));
  CHECK(errors.empty());
  return rules;
}

const checks::TagReach* Find(const checks::SensitiveReport& r, const std::string& tag, const std::string& column) {
  for (const checks::TagReach& t : r.reached)
    if (t.tag == tag && t.column == column) return &t;
  return nullptr;
}

}  // namespace

TEST_CASE("name patterns: * spans dots, ? is one character, case does not matter") {
  CHECK(NamePattern("ods.*.phone*").Matches("ods.ods_user_info.phone_num"));
  CHECK(NamePattern("*.id_card").Matches("dwd.dim_user.id_card"));
  CHECK_FALSE(NamePattern("*.id_card").Matches("dwd.dim_user.id_card_type"));
  CHECK(NamePattern("ods.*").Matches("ods.a.b"));
  CHECK(NamePattern("ODS.User?").Matches("ods.users"));
  CHECK_FALSE(NamePattern("ods.user?").Matches("ods.user"));
  CHECK(NamePattern("*").Matches("anything.at.all"));
  CHECK(NamePattern("a*b*c").Matches("axxbyyc"));
  CHECK_FALSE(NamePattern("a*b*c").Matches("axxbyy"));
  CHECK(NamePattern("shape:*").Matches("shape:substr_mask"));
  CHECK_FALSE(NamePattern("mask*").Matches("shape:substr_mask"));
}

TEST_CASE("name patterns: when globs overlap, the most specific wins") {
  checks::PatternTable<std::string> t;
  t.Add(NamePattern("*"), "anything", "1");
  t.Add(NamePattern("ods.*"), "ods", "2");
  t.Add(NamePattern("ods.*.phone*"), "any ods phone", "3");
  t.Add(NamePattern("ods.user_info.phone*"), "user_info phone", "4");
  t.Add(NamePattern("*.phone_num"), "phone_num anywhere", "5");
  t.Add(NamePattern("ods.user_info.phone_num"), "exact", "6");
  t.Add(NamePattern("dwd.a?c.x"), "one wildcard", "7");
  t.Add(NamePattern("dwd.*bc.x"), "same literals, one wildcard, written later", "8");
  t.Add(NamePattern("dwd.a*.x"), "fewer literals", "9");
  // An exact name beats every glob.
  CHECK(t.Find("ods.user_info.phone_num")->value == "exact");
  // Then more literal characters: ods.user_info.phone* (19) beats ods.*.phone* (10) and *.phone_num (10).
  CHECK(t.Find("ods.user_info.phone2")->value == "user_info phone");
  // ods.*.phone* and *.phone_num have 10 literals and one fewer wildcard for the latter.
  CHECK(t.Find("ods.orders.phone_num")->value == "phone_num anywhere");
  CHECK(t.Find("ods.orders.phone")->value == "any ods phone");
  CHECK(t.Find("ods.orders.id")->value == "ods");
  CHECK(t.Find("dws.x.y")->value == "anything");
  // Equal literals and wildcards: the first written wins.
  CHECK(t.Find("dwd.abc.x")->value == "one wildcard");
  CHECK(t.Find("dwd.aXbc.x")->value == "same literals, one wildcard, written later");
}

TEST_CASE("levels: names and numbers") {
  CHECK(checks::ParseLevel("public") == 0);
  CHECK(checks::ParseLevel("Restricted") == 3);
  CHECK(checks::ParseLevel("7") == 7);
  CHECK_FALSE(checks::ParseLevel("secret"));
  CHECK_FALSE(checks::ParseLevel("-1"));
  CHECK_FALSE(checks::ParseLevel(""));
  CHECK(checks::LevelName(2) == "confidential");
  CHECK(checks::LevelName(9) == "9");
}

TEST_CASE("csv: quotes, doubled quotes, fields over lines, comments, a byte-order mark") {
  std::vector<checks::CsvRow> rows;
  std::string error;
  REQUIRE(
      checks::ParseCsv("\xEF\xBB\xBF"
                       "a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",z\r\n",
                       rows, error));
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].fields == std::vector<std::string>{"x, y", "say \"hi\""});
  CHECK(rows[2].fields[0] == "two\nlines");
  CHECK(rows[2].line == 3);
  CHECK_FALSE(checks::ParseCsv("a,b\n\"open,x\n", rows, error));
  CHECK(error == "2: unterminated quoted field");
  CHECK_FALSE(checks::ParseCsv("a,\"b\"c\n", rows, error));
  CHECK(error.find("text after a closing quote") != std::string::npos);
}

TEST_CASE("csv: a list cell splits at every blank, a carriage return or line break inside it too") {
  // Found by domains_fuzzer: "a \rb" kept "\rb" as one domain, which written
  // back in quotes and read again lost its \r to the cell's trimming.
  checks::RecordFile file;
  std::string error;
  REQUIRE(checks::ParseRecordFile("d.csv", "table,domain\nods.*,a \rb\n", "domains", file, error));
  REQUIRE(file.records.size() == 1);
  CHECK(checks::FieldList(file.records[0], "domain") == std::vector<std::string>{"a", "b"});
  REQUIRE(checks::ParseRecordFile("d.csv", "table,domain\nods.*,\"a \rb;c\nd\"\n", "domains", file, error));
  CHECK(checks::FieldList(file.records[0], "domain") == std::vector<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("record files: a JSON value reads as the same value in a CSV cell would, trimmed") {
  // Found by runs_fuzzer: a JSON job " ods_trade" kept its blanks, which the
  // same job written to CSV lost; written back and read again, another job.
  checks::RecordFile json, csv;
  std::string error;
  REQUIRE(checks::ParseRecordFile("r.json", R"({"runs": [{"job": "  ods_trade\t", "tags": [" a ", "", "b"]}]})",
                                  "runs", json, error));
  REQUIRE(checks::ParseRecordFile("r.csv", "job,tags\n\"  ods_trade\t\",\" a ;;b\"\n", "runs", csv, error));
  REQUIRE(json.records.size() == 1);
  REQUIRE(csv.records.size() == 1);
  CHECK(checks::FieldString(json.records[0], "job") == "ods_trade");
  CHECK(checks::FieldString(csv.records[0], "job") == "ods_trade");
  CHECK(checks::FieldList(json.records[0], "tags") == std::vector<std::string>{"a", "b"});
  CHECK(checks::FieldList(csv.records[0], "tags") == std::vector<std::string>{"a", "b"});
}

TEST_CASE("record files: a JSON number too large for a double is an error, not the end of the program") {
  // Found by schedule_jobs_fuzzer: nlohmann's out_of_range was not caught.
  checks::RecordFile file;
  std::string error;
  CHECK_FALSE(checks::ParseRecordFile("jobs.json", R"([{"name": "a", "retries": 8E8888}])", "jobs", file, error));
  CHECK(error == "jobs.json: invalid JSON: [json.exception.out_of_range.406] number overflow parsing '8E8888'");
}

TEST_CASE("tags and levels files: errors name the file and line") {
  checks::SensitivityRules rules;
  std::vector<std::string> errors;
  const std::string tags = testing::WriteFile(TempDir(), "bad_tags.csv",
                                              "# comment\ncolumn,tag,level\n"
                                              "ods.*.phone*,phone,restricted\n"
                                              "ods.*.email,email,secret\n"
                                              "ods.*.phone*,phone2,public\n"
                                              "ods.x.y,,public\n")
                               .string();
  CHECK_FALSE(checks::LoadTags(tags, rules, errors));
  REQUIRE(errors.size() == 3);
  CHECK(errors[0] == tags + ":4: unknown level 'secret' (a number, public, internal, confidential or restricted)");
  CHECK(errors[1] == tags + ":5: pattern 'ods.*.phone*' is already given at " + tags + ":3");
  CHECK(errors[2].starts_with(tags + ":6: every entry needs"));

  errors.clear();
  const std::string no_header = testing::WriteFile(TempDir(), "no_header.csv", "ods.*,restricted\n").string();
  CHECK_FALSE(checks::LoadLevels(no_header, rules, errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == no_header + ": the header row must name the columns table,level");

  errors.clear();
  const std::string json = testing::WriteFile(TempDir(), "tags.json",
                                              R"({"tags": [{"column": "*.id_card", "tag": "id", "level": 3}],
                                                 "masking": [{"function": "aes_encrypt", "action": "stop"},
                                                             {"function": "md5", "action": "lower"}]})")
                               .string();
  CHECK_FALSE(checks::LoadTags(json, rules, errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] == json + ": masking[1]: lower needs a level to lower to, got ''");
  CHECK(rules.tags.Find("a.b.id_card")->value.level == 3);
  CHECK(rules.FindMasking("aes_encrypt")->value.action == checks::MaskRule::Action::Stop);

  errors.clear();
  const std::string broken =
      testing::WriteFile(TempDir(), "broken.json", "{\"tags\": [\n  {\"column\": }\n]}").string();
  CHECK_FALSE(checks::LoadTags(broken, rules, errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].starts_with(broken + ":2: invalid JSON"));
}

TEST_CASE("masking rules: the user's beat the built-in ones, --mask specs") {
  checks::SensitivityRules rules;
  checks::AddDefaultMasking(rules);
  CHECK(rules.FindMasking("md5")->value.action == checks::MaskRule::Action::Stop);
  CHECK(rules.FindMasking("mask_show_last_n")->value.to == 1);
  CHECK(rules.FindMasking("shape:substr_mask")->value.action == checks::MaskRule::Action::Lower);
  CHECK(rules.FindMasking("upper") == nullptr);
  // A user's glob, although less specific than the built-in exact names, wins.
  CHECK(checks::AddMaskSpec("mask*=lower:confidential", rules).empty());
  CHECK(rules.FindMasking("mask")->value.to == 2);
  CHECK(rules.FindMasking("mask_show_last_n")->value.to == 2);
  CHECK(checks::AddMaskSpec("md5", rules) == "--mask expects NAME=stop or NAME=lower:LEVEL, got 'md5'");
  CHECK(checks::AddMaskSpec("md5=drop", rules) ==
        "--mask md5=drop: unknown masking action 'drop' (expected stop or lower)");
  CHECK(checks::AddMaskSpec("md5=lower:top", rules) ==
        "--mask md5=lower:top: lower needs a level to lower to, got 'top'");
}

TEST_CASE("sensitive: tags follow values through scripts and temporary tables, never conditions") {
  const graph::Graph g = GraphOf({
      {"stage.sql",
       "create temporary table tmp_contact as select id, phone, email from ods.users where phone is not null;\n"
       "insert overwrite table dwd.contact select id, phone, email from tmp_contact;\n"},
      {"report.sql",
       "insert overwrite table ads.report select c.id, count(*) as n from dwd.contact c\n"
       "join ods.orders o on c.phone = o.phone where c.email like '%@x.com' group by c.id;\n"
       "insert overwrite table ads.phones select concat('+86 ', phone) as phone from dwd.contact;\n"},
  });
  const checks::SensitiveReport r = checks::CheckSensitive(
      g, Rules("column,tag,level\nods.users.phone,phone,restricted\nods.users.email,email,confidential\n",
               "table,level\nods.*,restricted\ndwd.*,restricted\nads.*,internal\n*,public\n"));
  CHECK(r.origins == 2);
  // phone: ods.users -> tmp_contact -> dwd.contact -> ads.phones; email stops at dwd.contact.
  const checks::TagReach* tmp = Find(r, "phone", "default.tmp_contact.phone");
  REQUIRE(tmp != nullptr);
  CHECK_FALSE(tmp->violation);  // a temporary table, although `*` allows only public
  const checks::TagReach* phones = Find(r, "phone", "ads.phones.phone");
  REQUIRE(phones != nullptr);
  CHECK(phones->level == 3);
  CHECK(phones->origin == "ods.users.phone");
  REQUIRE(phones->path.size() == 3);
  CHECK(g.columns[phones->path[0].edge->target].name == "default.tmp_contact.phone");
  CHECK(g.Expression(*phones->path[2].edge) == "concat('+86 ', phone)");
  CHECK(phones->violation);
  CHECK(phones->allowed == 1);
  CHECK(phones->allowed_rule.starts_with("ads.*, "));
  CHECK(Find(r, "email", "dwd.contact.email") != nullptr);
  // Conditions (JOIN ON, WHERE, GROUP BY keys) never carry a tag.
  CHECK(Find(r, "phone", "ads.report.id") == nullptr);
  CHECK(Find(r, "phone", "ads.report.n") == nullptr);
  CHECK(Find(r, "email", "ads.report.n") == nullptr);
  CHECK(Find(r, "email", "ads.phones.phone") == nullptr);
  CHECK(r.violations == 1);
}

TEST_CASE("sensitive: the highest level wins when a column is reached twice; exceptions; unused rules") {
  const graph::Graph g = GraphOf({
      {"a.sql",
       "insert overwrite table dwd.x select mask_first_n(p, 3) as v, p as raw, q from ods.src;\n"
       "insert overwrite table ads.y select v from dwd.x union all select raw as v from dwd.x;\n"},
  });
  const checks::SensitiveReport r = checks::CheckSensitive(
      g, Rules("column,tag,level\nods.src.*,pii,confidential\nods.src.q,-,none\n*.id_card,id,restricted\n",
               "table,level\nads.*,internal\n"));
  // ads.y.v gets pii both masked (internal) and raw (confidential): confidential wins, through dwd.x.raw.
  const checks::TagReach* v = Find(r, "pii", "ads.y.v");
  REQUIRE(v != nullptr);
  CHECK(v->level == 2);
  REQUIRE(v->path.size() == 2);
  CHECK(g.columns[v->path[0].edge->target].name == "dwd.x.raw");
  CHECK(v->violation);
  // ods.src.q is declared not sensitive, by a more specific rule.
  CHECK(Find(r, "pii", "ods.src.q") == nullptr);
  CHECK(Find(r, "pii", "dwd.x.q") == nullptr);
  REQUIRE(r.unused_rules.size() == 1);
  CHECK(r.unused_rules[0].starts_with("*.id_card, "));
}

TEST_CASE("sensitive: a tag declared in a table allowed less is a violation without a path") {
  const graph::Graph g = GraphOf({{"a.sql", "insert overwrite table ads.contact select phone from ods.users;\n"}});
  const checks::SensitiveReport r = checks::CheckSensitive(
      g, Rules("column,tag,level\n*.phone,phone,restricted\n", "table,level\nads.*,internal\nods.*,restricted\n"));
  const checks::TagReach* c = Find(r, "phone", "ads.contact.phone");
  REQUIRE(c != nullptr);
  CHECK(c->declared);
  // Declared itself, and also reached from ods.users.phone: the path is shown.
  REQUIRE(c->path.size() == 1);
  CHECK(c->origin == "ods.users.phone");
  CHECK(c->violation);
  CHECK(r.violations == 1);
}

TEST_CASE("sensitive: a masked and an unmasked use of a column in one expression carry the tag") {
  const graph::Graph g = GraphOf({
      {"a.sql",
       "insert overwrite table ads.y select md5(email) as hashed, if(id is null, md5(email), email) as mixed,\n"
       "  concat(md5(email), '/', email) as joined, md5(concat(email, 'salt')) as salted,\n"
       "  concat(md5(email), '/', sha2(phone, 256)) as both_masked from ods.users;\n"},
  });
  const checks::SensitiveReport r =
      checks::CheckSensitive(g, Rules("column,tag,level\nods.users.email,email,confidential\n"
                                      "ods.users.phone,phone,restricted\n",
                                      "table,level\nads.*,internal\n"));
  // Masked on every way in: stopped.
  CHECK(Find(r, "email", "ads.y.hashed") == nullptr);
  CHECK(Find(r, "email", "ads.y.salted") == nullptr);
  CHECK(Find(r, "email", "ads.y.both_masked") == nullptr);
  CHECK(Find(r, "phone", "ads.y.both_masked") == nullptr);
  // The raw value also reaches the column: the tag goes on, an amplification.
  const checks::TagReach* mixed = Find(r, "email", "ads.y.mixed");
  REQUIRE(mixed != nullptr);
  CHECK(mixed->level == 2);
  CHECK(mixed->violation);
  const checks::TagReach* joined = Find(r, "email", "ads.y.joined");
  REQUIRE(joined != nullptr);
  CHECK(joined->violation);
  CHECK(r.violations == 2);
}

TEST_CASE("sensitive: the conditions of IF and CASE choose a masked value, they do not unmask it") {
  const graph::Graph g = GraphOf({
      {"a.sql",
       "insert overwrite table ads.y select if(id is null, null, md5(email)) as a,\n"
       "  case when email like '%@x.com' then sha2(email, 256) else mask(email) end as b,\n"
       "  case when id > 0 then email end as c from ods.users;\n"},
  });
  const checks::SensitiveReport r = checks::CheckSensitive(
      g, Rules("column,tag,level\nods.users.email,email,confidential\n", "table,level\nads.*,internal\n"));
  CHECK(Find(r, "email", "ads.y.a") == nullptr);
  CHECK(Find(r, "email", "ads.y.b") == nullptr);
  const checks::TagReach* c = Find(r, "email", "ads.y.c");
  REQUIRE(c != nullptr);
  CHECK(c->violation);
}

TEST_CASE("sensitive: masking is decided per source column, and named") {
  const graph::Graph g = GraphOf({
      {"a.sql",
       "insert overwrite table ads.y select concat(md5(phone), name) as pn,\n"
       "  if(id is null, sha2(phone, 256), name) as alt, if(id is null, md5(phone), phone) as mixed\n"
       "from ods.users;\n"},
  });
  const checks::SensitiveReport r =
      checks::CheckSensitive(g, Rules("column,tag,level\nods.users.phone,phone,restricted\n"
                                      "ods.users.name,name,confidential\n",
                                      "table,level\nads.*,internal\n"));
  // The phone number arrives hashed: stopped, by the function named.
  CHECK(Find(r, "phone", "ads.y.pn") == nullptr);
  CHECK(Find(r, "phone", "ads.y.alt") == nullptr);
  std::map<std::string, std::vector<std::string>> stopped;
  for (const checks::TagStop& s : r.stopped)
    if (s.tag == "phone") stopped[g.columns[s.edge->target].name] = s.masking;
  CHECK(stopped == std::map<std::string, std::vector<std::string>>{{"ads.y.alt", {"sha2"}}, {"ads.y.pn", {"md5"}}});
  // The name beside it arrives raw: an amplification.
  for (const char* column : {"ads.y.pn", "ads.y.alt"}) {
    const auto& column_ = column;  // clang 14 cannot capture a structured binding
    CAPTURE(column_);
    const checks::TagReach* n = Find(r, "name", column);
    REQUIRE(n != nullptr);
    CHECK(n->violation);
    REQUIRE(n->path.size() == 1);
    CHECK(n->path[0].masking.empty());
  }
  // Hashed one way, raw the other: raw.
  const checks::TagReach* mixed = Find(r, "phone", "ads.y.mixed");
  REQUIRE(mixed != nullptr);
  CHECK(mixed->level == 3);
}

TEST_CASE("sensitive: masking shapes lower a tag; a reassembled value is not masked") {
  const graph::Graph g = GraphOf({
      {"a.sql",
       "insert overwrite table ads.y select concat(substr(phone, 1, 3), '****', substr(phone, 8)) as a,\n"
       "  substring(phone, 1, 3) || '***' || substring(phone, 8, 4) as b,\n"
       "  concat_ws('', substr(phone, 1, 3), '********') as c,\n"
       "  regexp_replace(phone, '(\\\\d{3})\\\\d{4}(\\\\d{4})', '$1****$2') as d,\n"
       "  concat(substr(phone, 1, 3), substr(phone, 4)) as e,\n"
       "  concat(substr(phone, 1, 3), '****', phone) as f,\n"
       "  concat(substr(phone, 1, 3), '****', substr(phone, 4)) as g,\n"
       "  concat('*', phone) as h\n"
       "from ods.users;\n"},
  });
  const std::string tags = "column,tag,level\nods.users.phone,phone,restricted\n";
  const std::string levels = "table,level\nads.*,internal\n";
  const checks::SensitiveReport r = checks::CheckSensitive(g, Rules(tags, levels));
  // Recognised shapes: lowered to internal (built in), allowed in ads.
  const std::map<std::string, std::string> shapes = {{"ads.y.a", "shape:substr_mask"},
                                                     {"ads.y.b", "shape:substr_mask"},
                                                     {"ads.y.c", "shape:substr_mask"},
                                                     {"ads.y.d", "shape:regexp_mask"}};
  for (const auto& [column, shape] : shapes) {
    const auto& column_ = column;  // clang 14 cannot capture a structured binding
    CAPTURE(column_);
    const checks::TagReach* t = Find(r, "phone", column);
    REQUIRE(t != nullptr);
    CHECK(t->level == 1);
    CHECK_FALSE(t->violation);
    REQUIRE(t->path.size() == 1);
    CHECK(t->path[0].masking == std::vector<std::string>{shape});
  }
  // The pieces put the whole value back together, or the raw value is there too: not masked.
  for (const char* column : {"ads.y.e", "ads.y.f", "ads.y.g", "ads.y.h"}) {
    const auto& column_ = column;  // clang 14 cannot capture a structured binding
    CAPTURE(column_);
    const checks::TagReach* t = Find(r, "phone", column);
    REQUIRE(t != nullptr);
    CHECK(t->level == 3);
    CHECK(t->violation);
  }
  // The configured list says what a shape does.
  checks::SensitivityRules stop = Rules(tags, levels);
  CHECK(checks::AddMaskSpec("shape:substr_mask=stop", stop).empty());
  const checks::SensitiveReport s = checks::CheckSensitive(g, stop);
  CHECK(Find(s, "phone", "ads.y.a") == nullptr);
  CHECK(Find(s, "phone", "ads.y.d") != nullptr);
}
