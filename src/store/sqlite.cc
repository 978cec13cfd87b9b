#include "store/sqlite.h"

#include "base/strings.h"

namespace hivelineage::store {

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  if (rc != SQLITE_OK) throw StoreError(Cat(sqlite3_errmsg(db), " in: ", sql));
}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(stmt_);
    db_ = o.db_;
    stmt_ = o.stmt_;
    running_ = o.running_;
    o.stmt_ = nullptr;
  }
  return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::Check(int rc) const {
  if (rc != SQLITE_OK) throw StoreError(Cat(sqlite3_errmsg(db_), " in: ", sqlite3_sql(stmt_)));
}

Statement& Statement::Bind(int index, int64_t value) {
  if (running_) Reset();
  Check(sqlite3_bind_int64(stmt_, index, value));
  return *this;
}

Statement& Statement::Bind(int index, std::string_view text) {
  if (running_) Reset();
  // A null pointer would bind NULL, not an empty text.
  Check(sqlite3_bind_text64(stmt_, index, text.data() != nullptr ? text.data() : "", text.size(), SQLITE_TRANSIENT,
                            SQLITE_UTF8));
  return *this;
}

Statement& Statement::BindNull(int index) {
  if (running_) Reset();
  Check(sqlite3_bind_null(stmt_, index));
  return *this;
}

bool Statement::Step() {
  running_ = true;
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  const std::string message = Cat(sqlite3_errmsg(db_), " in: ", sqlite3_sql(stmt_));
  sqlite3_reset(stmt_);
  running_ = false;
  throw StoreError(message);
}

void Statement::Run() {
  while (Step()) {
  }
  Reset();
}

void Statement::Reset() {
  sqlite3_reset(stmt_);
  running_ = false;
}

std::string_view Statement::Text(int column) const {
  const unsigned char* p = sqlite3_column_text(stmt_, column);
  if (p == nullptr) return {};
  return std::string_view(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(stmt_, column)));
}

namespace {

// SQLite counts every allocation it makes under a global mutex unless told
// not to (SQLITE_CONFIG_MEMSTATUS); nothing here reads those counts, and a
// store update allocates for every row it writes. Set once, before SQLite
// initialises itself on the first open.
void ConfigureOnce() {
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return true;
  }();
  (void)configured;
}

}  // namespace

Database::Database(const std::string& path, bool create) : path_(path) {
  ConfigureOnce();
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(Cat(path, ": cannot open: ", message));
  }
  // Another process updating the store holds the write lock for a while.
  sqlite3_busy_timeout(db_, 10'000);
}

Database::~Database() { sqlite3_close_v2(db_); }

void Database::Exec(std::string_view sql) {
  char* error = nullptr;
  const std::string text(sql);
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error != nullptr ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw StoreError(Cat(path_, ": ", message));
  }
}

int64_t Database::QueryInt(std::string_view sql) {
  Statement s = Prepare(sql);
  return s.Step() ? s.Int(0) : 0;
}

Transaction::Transaction(Database& db) : db_(db) { db_.Exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.raw(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::Commit() {
  db_.Exec("COMMIT");
  open_ = false;
}

}  // namespace hivelineage::store
