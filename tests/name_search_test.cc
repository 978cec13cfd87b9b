// view::NameSearch, the index behind `serve`'s /api/search: its ranking, and
// that it finds exactly what a name-by-name scan finds.
#include "view/name_search.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "base/strings.h"

namespace hivelineage {
namespace {

std::vector<std::string> Names(const std::vector<view::NameSearch::Hit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits) out.push_back(h.name);
  return out;
}

}  // namespace

TEST_CASE("name search: ranks the name, the short name, its start, then the rest; tables first") {
  const std::vector<std::string> tables = {"ads.user", "dws.user_day", "ods.app_users", "user.orders",
                                           "directory:/tmp/user"};
  const std::vector<std::string> columns = {"ads.user.user", "dws.user_day.user_id", "ods.app_users.name",
                                            "user.orders.id"};
  const view::NameSearch search(tables, columns);
  const auto hits = search.Find("USER", 20);
  // Spelled out: rank 1 table, rank 1 column, rank 2 table, rank 2 column, rank 3 tables (shorter first), columns.
  CHECK(Names(hits) == std::vector<std::string>{"ads.user", "ads.user.user", "dws.user_day", "dws.user_day.user_id",
                                                "user.orders", "ods.app_users", "directory:/tmp/user",
                                                "user.orders.id", "ods.app_users.name"});
  CHECK(hits[0].is_table);
  CHECK_FALSE(hits[1].is_table);
  CHECK(hits[0].score == 2);
  CHECK(hits[1].score == 3);
  CHECK(Names(search.Find("ads.user", 1)) == std::vector<std::string>{"ads.user"});  // the name itself: rank 0
  CHECK(search.Find("ads.user", 1)[0].score == 0);
  CHECK(Names(search.Find("user", 2)) == std::vector<std::string>{"ads.user", "ads.user.user"});
  CHECK(search.Find("nothing", 5).empty());
  CHECK(search.Find("", 5).empty());
  CHECK(search.Find("user\nads", 5).empty());  // no match across two names
  CHECK(search.Find("user", 0).empty());
}

TEST_CASE("name search: the same hits as a scan of every name, on a few thousand names") {
  std::vector<std::string> tables, columns;
  for (int t = 0; t < 300; ++t) {
    const std::string table = Cat(t % 3 == 0 ? "ods" : "dwd", ".T", t % 7 == 0 ? "Order" : "user", "_", t);
    tables.push_back(table);
    for (int c = 0; c < t % 11; ++c) columns.push_back(Cat(table, ".", c % 2 ? "user_id" : "amount", c));
  }
  std::sort(tables.begin(), tables.end());
  std::sort(columns.begin(), columns.end());
  const view::NameSearch search(tables, columns);
  for (const std::string q : {"user", "tuser_1", "ORDER", "_1", "amount2", "ods.", ".", "r_2", "1"}) {
    // The reference: every name holding q, lower-cased, in the documented order.
    struct Ref {
      int score;
      std::string name;
    };
    std::vector<Ref> ref;
    const std::string lq = ToLower(q);
    for (int pass = 0; pass < 2; ++pass) {
      for (const std::string& n : pass == 0 ? tables : columns) {
        const std::string l = ToLower(n);
        const std::string s = l.substr(pass == 0 ? l.find('.') + 1 : l.rfind('.') + 1);
        int rank = l == lq ? 0 : s == lq ? 1 : s.starts_with(lq) ? 2 : l.find(lq) != std::string::npos ? 3 : -1;
        if (rank >= 0) ref.push_back({2 * rank + pass, n});
      }
    }
    std::sort(ref.begin(), ref.end(), [](const Ref& a, const Ref& b) {
      if (a.score != b.score) return a.score < b.score;
      if (a.name.size() != b.name.size()) return a.name.size() < b.name.size();
      return a.name < b.name;
    });
    CAPTURE(q);
    REQUIRE(ref.size() > 3);
    for (size_t limit : {size_t{1}, size_t{40}, ref.size() + 5}) {
      const auto hits = search.Find(q, limit);
      REQUIRE(hits.size() == std::min(limit, ref.size()));
      for (size_t i = 0; i < hits.size(); ++i) {
        CHECK(hits[i].name == ref[i].name);
        CHECK(hits[i].score == ref[i].score);
      }
    }
  }
}

}  // namespace hivelineage
