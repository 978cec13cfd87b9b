#include "warehouse.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace hivelineage::bench {
namespace {

namespace fs = std::filesystem;

// splitmix64: the same numbers on every platform (std's distributions are not).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(Next() % n); }
  size_t Between(size_t lo, size_t hi) { return lo + Below(hi - lo + 1); }  // inclusive
  bool Percent(int p) { return static_cast<int>(Below(100)) < p; }
  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[Below(v.size())];
  }

 private:
  uint64_t state_;
};

enum class Role : uint8_t { Key, Measure, Time, Status, Attr, Pii };

struct Col {
  std::string name;
  std::string type;
  Role role = Role::Attr;
  std::string comment;
};

struct Table {
  std::string db;
  std::string name;
  std::string domain;
  std::string entity;
  std::string pk;
  std::vector<Col> cols;
  std::string Full() const { return db + "." + name; }
  const Col* Find(std::string_view n) const {
    for (const Col& c : cols)
      if (c.name == n) return &c;
    return nullptr;
  }
  std::vector<const Col*> WithRole(Role r) const {
    std::vector<const Col*> out;
    for (const Col& c : cols)
      if (c.role == r) out.push_back(&c);
    return out;
  }
};

struct Domain {
  const char* name;
  const char* cn;
  std::vector<std::pair<const char*, const char*>> entities;  // (entity, its key column)
};

const std::vector<Domain>& Domains() {
  static const std::vector<Domain> kDomains = {
      {"trade",
       "交易",
       {{"order_info", "order_id"},
        {"order_detail", "order_detail_id"},
        {"cart_info", "cart_id"},
        {"order_status_log", "log_id"}}},
      {"user", "用户", {{"user_info", "user_id"}, {"user_address", "address_id"}, {"user_login", "login_id"}}},
      {"log",
       "日志",
       {{"page_log", "log_id"}, {"start_log", "log_id"}, {"action_log", "log_id"}, {"display_log", "log_id"}}},
      {"product",
       "商品",
       {{"sku_info", "sku_id"},
        {"spu_info", "spu_id"},
        {"base_category", "category_id"},
        {"base_trademark", "brand_id"}}},
      {"coupon", "优惠券", {{"coupon_info", "coupon_id"}, {"coupon_use", "coupon_use_id"}}},
      {"payment", "支付", {{"payment_info", "payment_id"}, {"pay_callback", "callback_id"}}},
      {"refund", "退款", {{"order_refund_info", "refund_id"}, {"refund_payment", "refund_payment_id"}}},
      {"logistics", "物流", {{"delivery_info", "delivery_id"}, {"express_track", "track_id"}}},
      {"shop", "店铺", {{"shop_info", "shop_id"}, {"shop_score", "score_id"}}},
      {"marketing",
       "营销",
       {{"activity_info", "activity_id"}, {"activity_rule", "rule_id"}, {"seckill_sku", "seckill_id"}}},
      {"finance", "财务", {{"settlement", "settlement_id"}, {"account_flow", "flow_id"}}},
      {"risk", "风控", {{"risk_event", "event_id"}, {"device_fingerprint", "fingerprint_id"}}},
      {"content", "内容", {{"comment_info", "comment_id"}, {"live_room", "room_id"}, {"video_play", "play_id"}}},
      {"search", "搜索", {{"search_log", "search_id"}, {"query_click", "click_id"}}},
      {"ad", "广告", {{"ad_impression", "impression_id"}, {"ad_click", "click_id"}, {"ad_campaign", "campaign_id"}}},
      {"crm", "客户", {{"customer_ticket", "ticket_id"}, {"member_level", "member_id"}}},
  };
  return kDomains;
}

// Foreign keys shared across domains: what joins join on.
const std::vector<std::string>& SharedKeys() {
  static const std::vector<std::string> kKeys = {
      "user_id",     "order_id",  "sku_id",     "spu_id",   "shop_id",     "province_id",  "city_id",    "coupon_id",
      "activity_id", "device_id", "session_id", "brand_id", "category_id", "warehouse_id", "channel_id", "campaign_id"};
  return kKeys;
}

struct Word {
  const char* en;
  const char* cn;
};
const std::vector<Word> kPrefixes = {
    {"order", "订单"},   {"pay", "支付"},      {"refund", "退款"},   {"coupon", "优惠券"}, {"sku", "商品"},
    {"shop", "店铺"},    {"user", "用户"},     {"activity", "活动"}, {"delivery", "配送"}, {"item", "明细"},
    {"cart", "购物车"},  {"favor", "收藏"},    {"page", "页面"},     {"search", "搜索"},   {"ad", "广告"},
    {"comment", "评论"}, {"live", "直播"},     {"member", "会员"},   {"invoice", "发票"},  {"account", "账户"},
    {"risk", "风险"},    {"device", "设备"},   {"app", "应用"},      {"channel", "渠道"},  {"region", "地区"},
    {"freight", "运费"}, {"discount", "折扣"}, {"point", "积分"},    {"gift", "赠品"},     {"review", "审核"}};
struct Suffix {
  const char* en;
  const char* cn;
  const char* type;
  Role role;
};
const std::vector<Suffix> kSuffixes = {{"amount", "金额", "decimal(16,2)", Role::Measure},
                                       {"cnt", "次数", "bigint", Role::Measure},
                                       {"num", "数量", "int", Role::Measure},
                                       {"price", "价格", "decimal(16,2)", Role::Measure},
                                       {"rate", "比率", "double", Role::Measure},
                                       {"time", "时间", "string", Role::Time},
                                       {"date", "日期", "string", Role::Time},
                                       {"status", "状态", "string", Role::Status},
                                       {"type", "类型", "string", Role::Status},
                                       {"name", "名称", "string", Role::Attr},
                                       {"code", "编码", "string", Role::Attr},
                                       {"flag", "标识", "tinyint", Role::Status},
                                       {"desc", "描述", "string", Role::Attr},
                                       {"url", "链接", "string", Role::Attr},
                                       {"level", "等级", "int", Role::Status},
                                       {"source", "来源", "string", Role::Attr},
                                       {"version", "版本", "string", Role::Attr}};
const std::vector<Word> kPii = {{"phone", "手机号"},       {"email", "邮箱"},        {"id_card", "身份证号"},
                                {"real_name", "真实姓名"}, {"address", "详细地址"},  {"birthday", "生日"},
                                {"ip", "IP地址"},          {"bank_card", "银行卡号"}};

constexpr size_t kPoolCap = 400;  // recent tables per (layer, domain) that later scripts read

enum Layer { kOds, kDwd, kDws, kAds, kLayers };
const char* const kLayerNames[] = {"ods", "dwd", "dws", "ads"};

// FNV-1a: std::hash differs between standard libraries.
uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

class Generator {
 public:
  Generator(const WarehouseOptions& o) : o_(o), rng_(o.seed), pools_(kLayers) {
    for (auto& p : pools_) p.resize(Domains().size());
  }

  std::string Run(WarehouseStats& stats) {
    std::error_code ec;
    fs::create_directories(fs::path(o_.out) / "scripts", ec);
    if (ec) return "cannot create " + o_.out + ": " + ec.message();
    catalog_ = std::fopen((fs::path(o_.out) / "catalog.sql").c_str(), "wb");
    sequence_ = std::fopen((fs::path(o_.out) / "sequence.txt").c_str(), "wb");
    if (catalog_ == nullptr || sequence_ == nullptr) return "cannot write in " + o_.out;
    std::fputs("-- 全部表结构 (schema dump): hivelineage --catalog catalog.sql\n", catalog_);
    std::fputs("# every script in dependency order: hivelineage graph --sequence sequence.txt\n", sequence_);
    // Layers in order, so that every script reads tables written before it.
    const size_t n = std::max<size_t>(o_.scripts, 4);
    const size_t counts[kLayers] = {n * 20 / 100, n * 35 / 100, n * 28 / 100, 0};
    size_t done = 0;
    for (int layer = 0; layer < kLayers && error_.empty(); ++layer) {
      const size_t count = layer == kAds ? n - done : std::max<size_t>(counts[layer], 1);
      // A draw that finds no suitable input table writes nothing: draw again.
      for (size_t made = 0, tries = 0; made < count && tries < count * 4; ++tries)
        made += Script(static_cast<Layer>(layer));
      done += count;
    }
    std::fclose(catalog_);
    std::fclose(sequence_);
    stats = stats_;
    return error_;
  }

 private:
  // ---- naming -------------------------------------------------------------

  std::string UniqueTableName(std::string base) {
    static const char* const kSystems[] = {"app", "pc", "mini", "h5", "api", "his", "ext", "bak"};
    std::string name = base;
    for (size_t k = 0; !used_tables_.insert(name).second; ++k)
      name = k < 8 ? base + "_" + kSystems[k] : base + "_" + std::to_string(k);
    return name;
  }

  // ---- tables -------------------------------------------------------------

  Table OdsTable(size_t domain_index) {
    const Domain& d = Domains()[domain_index];
    const auto& [entity, pk] = d.entities[rng_.Below(d.entities.size())];
    Table t;
    t.db = "ods";
    t.domain = d.name;
    t.entity = entity;
    t.name = UniqueTableName(std::string("ods_") + d.name + "_" + entity + (rng_.Percent(70) ? "_di" : "_df"));
    t.pk = pk;
    std::unordered_set<std::string> names;
    auto add = [&](std::string name, std::string type, Role role, std::string comment) {
      if (names.insert(name).second) t.cols.push_back(Col{std::move(name), std::move(type), role, std::move(comment)});
    };
    add(pk, "bigint", Role::Key, std::string(d.cn) + "编号");
    for (size_t k = rng_.Between(2, 5); k > 0; --k) add(rng_.Pick(SharedKeys()), "bigint", Role::Key, "关联编号");
    const bool personal = std::string_view(d.name) == "user" || std::string_view(d.name) == "crm" ||
                          std::string_view(d.name) == "risk" || std::string_view(d.name) == "logistics";
    for (size_t k = personal ? rng_.Between(2, 5) : rng_.Below(2); k > 0; --k) {
      const Word& w = rng_.Pick(kPii);
      add(w.en, "string", Role::Pii, w.cn);
    }
    // Tables of one entity (synced from several systems) share most of their
    // columns: each takes the entity's column list in order, skipping a few.
    const size_t width = rng_.Between(std::max(8, o_.max_columns / 5), std::max(10, o_.max_columns));
    Rng entity_rng(o_.seed ^ Fnv1a(std::string(d.name) + "." + entity));
    for (size_t tries = 0; t.cols.size() + 3 < width && tries < width * 4; ++tries) {
      const Word& p = entity_rng.Pick(kPrefixes);
      const Suffix& s = entity_rng.Pick(kSuffixes);
      if (rng_.Percent(15)) continue;
      add(std::string(p.en) + "_" + s.en, s.type, s.role, std::string(p.cn) + s.cn);
    }
    add("create_time", "string", Role::Time, "创建时间");
    add("update_time", "string", Role::Time, "更新时间");
    add("op_type", "string", Role::Status, "变更类型");
    return t;
  }

  std::string Ddl(const Table& t, const char* comment) const {
    std::string s =
        "CREATE " + std::string(t.db == "ods" ? "EXTERNAL " : "") + "TABLE IF NOT EXISTS " + t.Full() + " (\n";
    for (size_t i = 0; i < t.cols.size(); ++i) {
      const Col& c = t.cols[i];
      s += "    `" + c.name + "` " + c.type + " COMMENT " + Quote(c.comment) + (i + 1 < t.cols.size() ? ",\n" : "\n");
    }
    s += ") COMMENT " + Quote(comment) + "\nPARTITIONED BY (`dt` string COMMENT '统计日期')\n";
    if (t.db == "ods") {
      s += "ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'\nSTORED AS TEXTFILE\nLOCATION '/warehouse/ods/" + t.name +
           "';\n";
    } else {
      s += "STORED AS ORC\nLOCATION '/warehouse/" + t.db + "/" + t.name +
           "'\nTBLPROPERTIES ('orc.compress' = 'SNAPPY');\n";
    }
    return s;
  }

  // ---- select lists -------------------------------------------------------

  // The columns a query writes, with their expressions: the target table's schema follows them.
  struct Select {
    std::vector<std::string> exprs;
    std::vector<Col> cols;
    std::unordered_set<std::string> names;
    bool Add(std::string expr, Col c) {
      if (!names.insert(c.name).second) return false;
      exprs.push_back(std::move(expr));
      cols.push_back(std::move(c));
      return true;
    }
    std::string Render(const char* indent) const {
      std::string s;
      for (size_t i = 0; i < exprs.size(); ++i) {
        const std::string& e = exprs[i];
        const std::string& n = cols[i].name;
        const bool plain =
            e == n || (e.size() > n.size() && e.compare(e.size() - n.size() - 1, std::string::npos, "." + n) == 0);
        s += indent + e + (plain ? "" : " AS " + cols[i].name) + (i + 1 < exprs.size() ? ",\n" : "\n");
      }
      return s;
    }
  };

  // A cleaning expression for column `c` of alias `a` (dwd), by role.
  void Clean(Select& sel, const std::string& a, const Col& c) {
    const std::string ref = a + "." + c.name;
    switch (c.role) {
      case Role::Key:
        sel.Add(ref, c);
        return;
      case Role::Measure:
        if (rng_.Percent(50))
          sel.Add("nvl(" + ref + ", 0)", c);
        else
          sel.Add("cast(" + ref + " AS " + c.type + ")", c);
        return;
      case Role::Time:
        if (rng_.Percent(50)) {
          sel.Add("date_format(" + ref + ", 'yyyy-MM-dd HH:mm:ss')", Col{c.name, "string", Role::Time, c.comment});
        } else {
          sel.Add(ref, c);
          sel.Add("from_unixtime(unix_timestamp(" + ref + "), 'yyyy-MM-dd')",
                  Col{c.name + "_day", "string", Role::Time, c.comment + "(天)"});
        }
        return;
      case Role::Status:
        sel.Add(ref, c);
        if (rng_.Percent(40))
          sel.Add("CASE " + ref + " WHEN '1' THEN '有效' WHEN '0' THEN '无效' ELSE '未知' END",
                  Col{c.name + "_desc", "string", Role::Attr, c.comment + "描述"});
        return;
      case Role::Attr:
        if (rng_.Percent(50))
          sel.Add("trim(" + ref + ")", c);
        else
          sel.Add(ref, c);
        return;
      case Role::Pii: {
        static const char* const kMasks[] = {"md5(%s)", "mask(%s)", "mask_show_last_n(%s, 4)", "sha2(%s, 256)"};
        if (rng_.Percent(15)) {  // left in clear: what a sensitive-data check should find
          sel.Add(ref, c);
          return;
        }
        std::string m = kMasks[rng_.Below(4)];
        m.replace(m.find("%s"), 2, ref);
        sel.Add(m, Col{c.name + "_mask", "string", Role::Pii, c.comment + "(脱敏)"});
        return;
      }
    }
  }

  // ---- picking inputs -----------------------------------------------------

  const Table* PickFrom(Layer layer, size_t domain) {
    const auto& pool = pools_[layer][domain];
    if (!pool.empty()) return &pool[rng_.Below(pool.size())];
    for (size_t k = 0; k < Domains().size(); ++k) {
      const auto& other = pools_[layer][(domain + k) % Domains().size()];
      if (!other.empty()) return &other[rng_.Below(other.size())];
    }
    return nullptr;
  }

  // A table of `layer` (not `not`) sharing a key column with `t`; the key in *key.
  const Table* JoinPartner(Layer layer, const Table& t, const Table* not_this, std::string* key) {
    for (int tries = 0; tries < 12; ++tries) {
      const Table* p = PickFrom(layer, rng_.Below(Domains().size()));
      if (p == nullptr || p == &t || p == not_this) continue;
      std::vector<std::string> shared;
      for (const Col& c : t.cols)
        if (c.role == Role::Key && p->Find(c.name) != nullptr && p->Find(c.name)->role == Role::Key)
          shared.push_back(c.name);
      if (shared.empty()) continue;
      *key = rng_.Pick(shared);
      return p;
    }
    return nullptr;
  }

  static size_t DomainIndex(std::string_view name) {
    size_t domain = 0;
    while (domain + 1 < Domains().size() && name != Domains()[domain].name) ++domain;
    return domain;
  }

  void Keep(Layer layer, Table t) {
    auto& pool = pools_[layer][DomainIndex(t.domain)];
    pool.push_back(std::move(t));
    if (pool.size() > kPoolCap) pool.pop_front();
  }

  // ---- scripts ------------------------------------------------------------

  std::string Header(const Table& target, const char* what) {
    const Domain* d = nullptr;
    for (const Domain& x : Domains())
      if (target.domain == x.name) d = &x;
    std::string s = "-- " + std::string(kLayerNames[LayerOf(target)]) + "层: " + (d ? d->cn : "") + " " + what + "\n";
    s += "-- 目标表: " + target.Full() + "\n-- 调度参数: etl_date=${hiveconf:etl_date}\n";
    s += "set hive.exec.dynamic.partition.mode=nonstrict;\nset hive.exec.compress.output=true;\n";
    if (rng_.Percent(30)) s += "set mapreduce.job.queuename=etl_daily;\n";
    return s + "\n";
  }

  static Layer LayerOf(const Table& t) {
    for (int l = 0; l < kLayers; ++l)
      if (t.db == kLayerNames[l]) return static_cast<Layer>(l);
    return kOds;
  }

  void Emit(const Table& target, const std::string& text, const std::vector<const Table*>& created) {
    const fs::path rel = fs::path("scripts") / kLayerNames[LayerOf(target)] / target.domain / (target.name + ".sql");
    const fs::path path = fs::path(o_.out) / rel;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) {
      error_ = "cannot write " + path.string();
      return;
    }
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    std::fprintf(sequence_, "%s\n", rel.c_str());
    for (const Table* t : created) {
      const std::string ddl = Ddl(*t, t->name.c_str()) + "\n";
      std::fwrite(ddl.data(), 1, ddl.size(), catalog_);
      stats_.catalog_bytes += ddl.size();
      ++stats_.tables;
    }
    ++stats_.scripts;
    stats_.script_bytes += text.size();
  }

  // One script of `layer`; false when no suitable input was drawn.
  bool Script(Layer layer) {
    const size_t domain = rng_.Below(Domains().size());
    switch (layer) {
      case kOds:
        return OdsScript(domain);
      case kDwd:
        return DwdScript(domain);
      case kDws:
        return DwsScript(domain);
      case kAds:
        return AdsScript(domain);
      case kLayers:
        break;
    }
    return false;
  }

  bool OdsScript(size_t domain) {
    Table t = OdsTable(domain);
    std::string s = Header(t, "原始数据装载");
    s += Ddl(t, t.name.c_str()) + "\n";
    s += "LOAD DATA INPATH '/origin_data/" + t.domain + "/" + t.name + "/${hiveconf:etl_date}'\n";
    s += "OVERWRITE INTO TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}');\n";
    Emit(t, s, {&t});
    Keep(kOds, std::move(t));
    return true;
  }

  bool DwdScript(size_t domain) {
    const Table* main = PickFrom(kOds, domain);
    if (main == nullptr) return false;
    Table t;
    t.db = "dwd";
    t.domain = main->domain;
    t.entity = main->entity;
    t.pk = main->pk;
    t.name = UniqueTableName("dwd_" + t.domain + "_" + t.entity + "_di");
    // The same entity synced from other systems: a UNION ALL of them feeds every column.
    std::vector<const Table*> systems;
    if (rng_.Percent(35)) {
      for (const Table& o : pools_[kOds][DomainIndex(main->domain)])
        if (&o != main && o.entity == main->entity && systems.size() < 2) systems.push_back(&o);
    }
    std::vector<const Col*> kept;
    for (const Col& c : main->cols)
      if (c.role == Role::Key || c.name == "op_type" || rng_.Percent(80)) kept.push_back(&c);
    Select sel;
    for (const Col* c : kept) Clean(sel, "a", *c);
    // Joined tables add a few of their columns.
    std::string joins;
    std::string where;
    const Table* first_partner = nullptr;
    const size_t n_joins = rng_.Below(3);
    const bool dedup = rng_.Percent(50);
    for (size_t j = 0; j < n_joins; ++j) {
      std::string key;
      const Table* p = JoinPartner(kOds, *main, first_partner, &key);
      if (p == nullptr) break;
      if (first_partner == nullptr) first_partner = p;
      const std::string alias(1, static_cast<char>('b' + j));
      joins += std::string(rng_.Percent(60) ? "LEFT JOIN " : "JOIN ") + p->Full() + " " + alias + "\n    ON a." + key +
               " = " + alias + "." + key + " AND " + alias + ".dt = '${hiveconf:etl_date}'\n";
      for (size_t k = rng_.Between(2, 8); k > 0; --k) {
        const Col& c = p->cols[rng_.Below(p->cols.size())];
        if (c.role == Role::Key || c.role == Role::Pii) continue;
        Col renamed = c;
        renamed.name = alias + "_" + c.name;
        if (sel.names.contains(renamed.name)) continue;
        // A column both tables have: the main table's value, else the joined one's.
        if (std::find_if(kept.begin(), kept.end(), [&](const Col* m) { return m->name == c.name; }) != kept.end())
          sel.Add("coalesce(a." + c.name + ", " + alias + "." + c.name + ")", renamed);
        else
          sel.Add(alias + "." + c.name, renamed);
      }
    }
    // A derived measure or flag now and then.
    std::vector<const Col*> measures;
    for (const Col* c : kept)
      if (c->role == Role::Measure) measures.push_back(c);
    if (measures.size() >= 2 && rng_.Percent(60))
      sel.Add("nvl(a." + measures[0]->name + ", 0) - nvl(a." + measures[1]->name + ", 0)",
              Col{"net_" + measures[0]->name, "decimal(16,2)", Role::Measure, "净额"});
    if (!measures.empty() && rng_.Percent(40))
      sel.Add("if(a." + measures.back()->name + " > 0, 1, 0)",
              Col{"is_" + measures.back()->name + "_positive", "int", Role::Status, "是否为正"});
    t.cols = sel.cols;

    std::string s = Header(t, "明细清洗");
    s += Ddl(t, t.name.c_str()) + "\n";
    s += "INSERT OVERWRITE TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n";
    s += sel.Render("    ");
    if (!systems.empty()) {
      // One branch per system, the columns in the same order; a missing one is NULL.
      s += "FROM (\n";
      for (size_t b = 0; b <= systems.size(); ++b) {
        const Table& src = b == 0 ? *main : *systems[b - 1];
        s += b == 0 ? "    SELECT " : "    UNION ALL\n    SELECT ";
        for (size_t i = 0; i < kept.size(); ++i) {
          const Col* have = src.Find(kept[i]->name);
          s += (i == 0 ? "" : ", ") +
               (have != nullptr ? kept[i]->name : "CAST(NULL AS " + kept[i]->type + ") AS " + kept[i]->name);
          if (i % 6 == 5) s += "\n          ";
        }
        s += ", '" + src.name + "' AS src_system\n    FROM " + src.Full() + "\n    WHERE dt = '${hiveconf:etl_date}'\n";
      }
      s += ") a\n";
      where = "WHERE a.op_type <> 'delete'";
    } else if (dedup) {
      // Latest version of each row: row_number() over the key, keep rn = 1.
      s += "FROM (\n    SELECT d.*,\n           row_number() OVER (PARTITION BY d." + main->pk +
           " ORDER BY d.update_time DESC) AS rn\n    FROM " + main->Full() +
           " d\n    WHERE d.dt = '${hiveconf:etl_date}'\n) a\n";
      where = "WHERE a.rn = 1";
    } else {
      s += "FROM " + main->Full() + " a\n";
      where = "WHERE a.dt = '${hiveconf:etl_date}'\n  AND a.op_type <> 'delete'";
    }
    s += joins + where + ";\n";
    Emit(t, s, {&t});
    Keep(kDwd, std::move(t));
    return true;
  }

  // Aggregates of `src` (alias `a`): group keys and measures.
  struct Aggregate {
    std::vector<const Col*> keys;
    std::vector<const Col*> measures;
  };
  Aggregate PickAggregate(const Table& src) {
    Aggregate g;
    auto keys = src.WithRole(Role::Key);
    auto statuses = src.WithRole(Role::Status);
    auto measures = src.WithRole(Role::Measure);
    for (size_t k = std::min<size_t>(rng_.Between(1, 2), keys.size()); k > 0; --k) {
      const Col* c = keys[rng_.Below(keys.size())];
      if (std::find(g.keys.begin(), g.keys.end(), c) == g.keys.end()) g.keys.push_back(c);
    }
    if (!statuses.empty() && rng_.Percent(50)) g.keys.push_back(statuses[rng_.Below(statuses.size())]);
    for (size_t k = std::min<size_t>(rng_.Between(3, 14), measures.size()); k > 0; --k) {
      const Col* c = measures[rng_.Below(measures.size())];
      if (std::find(g.measures.begin(), g.measures.end(), c) == g.measures.end()) g.measures.push_back(c);
    }
    return g;
  }

  // The aggregate select list; `suffix` names the window (1d, 7d).
  Select AggregateSelect(const Aggregate& g, const std::string& a, const std::string& suffix, const Table& src) {
    Select sel;
    for (const Col* k : g.keys) sel.Add(a + k->name, *k);
    for (const Col* m : g.measures) {
      const bool sum = m->type != "double";
      sel.Add(std::string(sum ? "sum(" : "avg(") + a + m->name + ")",
              Col{m->name + (sum ? "_sum_" : "_avg_") + suffix, sum ? "decimal(20,2)" : "double", Role::Measure,
                  m->comment + suffix});
    }
    sel.Add("count(1)", Col{"row_cnt_" + suffix, "bigint", Role::Measure, "记录数"});
    if (g.keys.empty() || g.keys[0]->name != src.pk)
      sel.Add("count(DISTINCT " + a + src.pk + ")", Col{src.pk + "_cnt_" + suffix, "bigint", Role::Measure, "去重数"});
    return sel;
  }

  static std::string KeyList(const Aggregate& g, const std::string& a) {
    std::string s;
    for (const Col* k : g.keys) s += (s.empty() ? "" : ", ") + a + k->name;
    return s;
  }

  bool DwsScript(size_t domain) {
    const Table* src = PickFrom(kDwd, domain);
    if (src == nullptr) return false;
    const Aggregate g = PickAggregate(*src);
    if (g.keys.empty()) return false;
    std::string subject = g.keys[0]->name;
    if (subject.ends_with("_id")) subject.resize(subject.size() - 3);
    const std::string base = "dws_" + src->domain + "_" + subject + "_" + src->entity;
    const int pattern = static_cast<int>(rng_.Below(3));
    if (pattern == 0) {
      // One scan, two targets: the day and the last 7 days (a WHERE in the first body only).
      Table day, week;
      day.db = week.db = "dws";
      day.domain = week.domain = src->domain;
      day.entity = week.entity = src->entity;
      day.pk = week.pk = src->pk;
      day.name = UniqueTableName(base + "_1d");
      week.name = UniqueTableName(base + "_7d");
      const Select s1 = AggregateSelect(g, "t.", "1d", *src);
      const Select s7 = AggregateSelect(g, "t.", "7d", *src);
      day.cols = s1.cols;
      week.cols = s7.cols;
      std::string s = Header(day, "多周期汇总");
      s += Ddl(day, day.name.c_str()) + "\n" + Ddl(week, week.name.c_str()) + "\n";
      std::string inner;
      for (const Col* k : g.keys) inner += (inner.empty() ? "" : ", ") + k->name;
      for (const Col* m : g.measures) inner += ", " + m->name;
      if (std::find_if(g.keys.begin(), g.keys.end(), [&](const Col* c) { return c->name == src->pk; }) == g.keys.end())
        inner += ", " + src->pk;
      s += "FROM (\n    SELECT " + inner + ", dt\n    FROM " + src->Full() +
           "\n    WHERE dt > date_sub('${hiveconf:etl_date}', 7) AND dt <= '${hiveconf:etl_date}'\n) t\n";
      s += "INSERT OVERWRITE TABLE " + day.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n" +
           s1.Render("    ") + "WHERE t.dt = '${hiveconf:etl_date}'\nGROUP BY " + KeyList(g, "t.") + "\n";
      s += "INSERT OVERWRITE TABLE " + week.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n" +
           s7.Render("    ") + "GROUP BY " + KeyList(g, "t.") + ";\n";
      Emit(day, s, {&day, &week});
      Keep(kDws, std::move(day));
      Keep(kDws, std::move(week));
      return true;
    }
    Table t;
    t.db = "dws";
    t.domain = src->domain;
    t.entity = src->entity;
    t.pk = src->pk;
    t.name = UniqueTableName(base + "_1d");
    if (pattern == 1) {
      // Staged through a temporary table joined with a second dwd table.
      std::string key;
      const Table* dim = JoinPartner(kDwd, *src, nullptr, &key);
      const std::string tmp = "tmp_" + t.name;
      Select stage;
      for (const Col* k : g.keys) stage.Add("a." + k->name, *k);
      for (const Col* m : g.measures) stage.Add("a." + m->name, *m);
      if (const Col* pk = src->Find(src->pk)) stage.Add("a." + pk->name, *pk);
      std::string from = "FROM " + src->Full() + " a\n";
      std::vector<std::string> extra;
      if (dim != nullptr) {
        from +=
            "LEFT JOIN " + dim->Full() + " b\n    ON a." + key + " = b." + key + " AND b.dt = '${hiveconf:etl_date}'\n";
        for (const Col& c : dim->cols)
          if ((c.role == Role::Attr || c.role == Role::Status) && extra.size() < 2 &&
              stage.Add("b." + c.name, Col{"dim_" + c.name, c.type, c.role, c.comment}))
            extra.push_back("dim_" + c.name);
      }
      Select out;
      for (const Col* k : g.keys) out.Add(k->name, *k);
      for (const std::string& e : extra)
        out.Add(e, *std::find_if(stage.cols.begin(), stage.cols.end(), [&](const Col& c) { return c.name == e; }));
      for (const Col* m : g.measures)
        out.Add("sum(" + m->name + ")", Col{m->name + "_sum_1d", "decimal(20,2)", Role::Measure, m->comment});
      out.Add("count(DISTINCT " + src->pk + ")", Col{src->pk + "_cnt_1d", "bigint", Role::Measure, "去重数"});
      t.cols = out.cols;
      std::string s = Header(t, "日汇总(临时表)");
      s += Ddl(t, t.name.c_str()) + "\n";
      s += "DROP TABLE IF EXISTS " + tmp + ";\nCREATE TEMPORARY TABLE " + tmp + " AS\nSELECT\n" + stage.Render("    ") +
           from + "WHERE a.dt = '${hiveconf:etl_date}';\n\n";
      std::string group;
      for (const Col* k : g.keys) group += (group.empty() ? "" : ", ") + k->name;
      for (const std::string& e : extra) group += ", " + e;
      std::string first_measure = g.measures.empty() ? "1" : "sum(" + g.measures[0]->name + ")";
      s += "INSERT OVERWRITE TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n" +
           out.Render("    ") + "FROM " + tmp + "\nGROUP BY " + group + "\nHAVING " + first_measure + " > 0;\n";
      s += "DROP TABLE IF EXISTS " + tmp + ";\n";
      Emit(t, s, {&t});
      Keep(kDws, std::move(t));
      return true;
    }
    // A CTE and one GROUP BY.
    const Select sel = AggregateSelect(g, "b.", "1d", *src);
    t.cols = sel.cols;
    std::string s = Header(t, "日汇总");
    s += Ddl(t, t.name.c_str()) + "\n";
    s += "WITH b AS (\n    SELECT *\n    FROM " + src->Full() + "\n    WHERE dt = '${hiveconf:etl_date}'\n)\n";
    s += "INSERT OVERWRITE TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n" +
         sel.Render("    ") + "FROM b\nGROUP BY " + KeyList(g, "b.") + ";\n";
    Emit(t, s, {&t});
    Keep(kDws, std::move(t));
    return true;
  }

  bool AdsScript(size_t domain) {
    const Table* src = PickFrom(kDws, domain);
    if (src == nullptr) return false;
    const auto keys = src->WithRole(Role::Key);
    const auto measures = src->WithRole(Role::Measure);
    if (keys.empty() || measures.size() < 2) return false;
    Table t;
    t.db = "ads";
    t.domain = src->domain;
    t.entity = src->entity;
    t.pk = keys[0]->name;
    t.name = UniqueTableName("ads_" + src->name.substr(4));
    const Col& k = *keys[0];
    const Col& m1 = *measures[0];
    const Col& m2 = *measures[1];
    std::string s;
    if (rng_.Percent(70)) {
      // Day over day, ranked: CTEs and window functions.
      Select sel;
      sel.Add("c." + k.name, k);
      for (size_t i = 0; i < measures.size() && i < 6; ++i) sel.Add("c." + measures[i]->name, *measures[i]);
      sel.Add("p." + m1.name, Col{m1.name + "_prev", m1.type, Role::Measure, "上期"});
      sel.Add("c." + m1.name + " - nvl(p." + m1.name + ", 0)",
              Col{m1.name + "_diff", m1.type, Role::Measure, "环比差值"});
      sel.Add("rank() OVER (ORDER BY c." + m1.name + " DESC)", Col{m1.name + "_rank", "int", Role::Measure, "排名"});
      sel.Add("round(c." + m1.name + " / sum(c." + m1.name + ") OVER (), 4)",
              Col{m1.name + "_share", "double", Role::Measure, "占比"});
      sel.Add("lag(c." + m2.name + ", 1, 0) OVER (PARTITION BY c." + k.name + " ORDER BY c." + m1.name + ")",
              Col{m2.name + "_lag", m2.type, Role::Measure, "前值"});
      t.cols = sel.cols;
      s = Header(t, "报表(排名)");
      s += Ddl(t, t.name.c_str()) + "\n";
      std::string cur_cols = k.name;
      for (size_t i = 0; i < measures.size() && i < 6; ++i) cur_cols += ", " + measures[i]->name;
      s += "WITH cur AS (\n    SELECT " + cur_cols + "\n    FROM " + src->Full() +
           "\n    WHERE dt = '${hiveconf:etl_date}'\n),\nprev AS (\n    SELECT " + k.name + ", " + m1.name +
           "\n    FROM " + src->Full() + "\n    WHERE dt = date_sub('${hiveconf:etl_date}', 1)\n)\n";
      s += "INSERT OVERWRITE TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\nSELECT\n" +
           sel.Render("    ") + "FROM cur c\nLEFT JOIN prev p ON c." + k.name + " = p." + k.name + "\nWHERE c." +
           m1.name + " IS NOT NULL;\n";
    } else {
      // Two sources side by side: UNION ALL under a channel label.
      std::string key;
      const Table* other = JoinPartner(kDws, *src, nullptr, &key);
      const auto other_measures = other != nullptr ? other->WithRole(Role::Measure) : decltype(measures){};
      if (other == nullptr || other_measures.empty()) return false;
      t.cols = {Col{key, "bigint", Role::Key, "编号"}, Col{"channel", "string", Role::Attr, "来源"},
                Col{"metric_value", "decimal(20,2)", Role::Measure, "指标值"}};
      s = Header(t, "报表(合并)");
      s += Ddl(t, t.name.c_str()) + "\n";
      s += "INSERT OVERWRITE TABLE " + t.Full() + " PARTITION (dt = '${hiveconf:etl_date}')\n";
      s += "SELECT u." + key + ", u.channel, sum(u.metric_value) AS metric_value\nFROM (\n";
      s += "    SELECT " + key + ", '" + src->name + "' AS channel, " + m1.name + " AS metric_value\n    FROM " +
           src->Full() + "\n    WHERE dt = '${hiveconf:etl_date}'\n    UNION ALL\n";
      s += "    SELECT " + key + ", '" + other->name + "' AS channel, " + other_measures[0]->name +
           " AS metric_value\n    FROM " + other->Full() + "\n    WHERE dt = '${hiveconf:etl_date}'\n) u\n";
      s += "GROUP BY u." + key + ", u.channel;\n";
    }
    Emit(t, s, {&t});
    Keep(kAds, std::move(t));
    return true;
  }

  WarehouseOptions o_;
  Rng rng_;
  std::vector<std::vector<std::deque<Table>>> pools_;  // [layer][domain]
  std::unordered_set<std::string> used_tables_;
  FILE* catalog_ = nullptr;
  FILE* sequence_ = nullptr;
  WarehouseStats stats_;
  std::string error_;
};

}  // namespace

std::string GenerateWarehouse(const WarehouseOptions& options, WarehouseStats& stats) {
  if (options.out.empty()) return "no output folder";
  Generator g(options);
  return g.Run(stats);
}

std::string SparkFlavouredScript(size_t scripts, uint64_t seed) {
  std::string out = "-- dialect: spark\n";  // Spark by its first line, wherever it is read
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (size_t i = 0; i < scripts; ++i) {
    const std::string n = std::to_string(i);
    const std::string src = "ods.events_" + std::to_string(next() % 50);
    const std::string dim = "ods.users_" + std::to_string(next() % 20);
    const std::string tgt = "dws.user_daily_" + n;
    out += "-- job " + n + "\n";
    out += "CREATE TABLE IF NOT EXISTS " + tgt +
           " (user_id BIGINT, city STRING, events BIGINT, revenue DECIMAL(18,2), last_seen TIMESTAMP) USING delta "
           "PARTITIONED BY (city) TBLPROPERTIES ('delta.appendOnly' = 'false');\n";
    out += "CREATE OR REPLACE TEMP VIEW staged AS\nSELECT e.user_id, u.city, count(*) AS events,\n"
           "  sum(e.amount::DECIMAL(18,2)) FILTER (WHERE e.kind = 'purchase') AS revenue,\n"
           "  max(e.ts) AS last_seen\nFROM " +
           src + " VERSION AS OF " + std::to_string(next() % 900 + 1) + " e\nJOIN " + dim +
           " u ON e.user_id = u.user_id\nWHERE e.dt = '2024-03-01' AND e.kind IN ('view', 'purchase')\n"
           "GROUP BY ALL;\n";
    out += "MERGE INTO " + tgt +
           " AS t USING staged AS s ON t.user_id = s.user_id AND t.city = s.city\n"
           "WHEN MATCHED AND s.last_seen > t.last_seen THEN UPDATE SET *\n"
           "WHEN NOT MATCHED THEN INSERT *\n"
           "WHEN NOT MATCHED BY SOURCE AND t.last_seen < TIMESTAMP '2023-01-01 00:00:00' THEN DELETE;\n";
    out += "INSERT INTO ads.city_revenue BY NAME\nSELECT c.label AS tier, t.city, sum(t.revenue) AS revenue\n"
           "FROM " +
           tgt +
           " TIMESTAMP AS OF '2024-03-01' t\nJOIN VALUES (0, 'low'), (1000, 'mid'), (10000, 'high') AS c(floor, "
           "label)\n  ON t.revenue >= c.floor\nGROUP BY c.label, t.city;\n";
    out += "UPDATE " + tgt + " AS t SET events = t.events + 1, last_seen = current_timestamp() WHERE t.user_id = " +
           std::to_string(next() % 100000) + ";\n";
    out += "DELETE FROM " + tgt + " t WHERE t.events = 0;\n\n";
  }
  return out;
}

int WarehouseMode(int argc, char** argv, int first) {
  WarehouseOptions o;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    auto number = [&](long long lo, long long hi, long long& v) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      v = std::strtoll(argv[++i], &end, 10);
      return *end == 0 && v >= lo && v <= hi;
    };
    long long v = 0;
    if (a == "--out" && i + 1 < argc) {
      o.out = argv[++i];
    } else if (a == "--scripts" && number(1, 100'000'000, v)) {
      o.scripts = static_cast<size_t>(v);
    } else if (a == "--seed" && number(0, INT64_MAX, v)) {
      o.seed = static_cast<uint64_t>(v);
    } else if (a == "--max-columns" && number(10, 2000, v)) {
      o.max_columns = static_cast<int>(v);
    } else {
      std::fprintf(stderr, "hivelineage_bench warehouse: bad argument '%s'\n", a.c_str());
      return 2;
    }
  }
  if (o.out.empty()) {
    std::fputs("usage: hivelineage_bench warehouse --out DIR [--scripts N] [--seed S] [--max-columns N]\n", stderr);
    return 2;
  }
  WarehouseStats s;
  const std::string error = GenerateWarehouse(o, s);
  if (!error.empty()) {
    std::fprintf(stderr, "hivelineage_bench warehouse: %s\n", error.c_str());
    return 2;
  }
  std::printf("warehouse: %zu scripts (%.2f MB), %zu tables (catalog.sql %.2f MB) in %s\n", s.scripts,
              s.script_bytes / 1e6, s.tables, s.catalog_bytes / 1e6, o.out.c_str());
  return 0;
}

}  // namespace hivelineage::bench
