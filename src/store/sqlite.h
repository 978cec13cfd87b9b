// A thin RAII layer over the SQLite C API: a connection, prepared statements
// with typed binds and reads, and errors as exceptions (StoreError) that the
// commands turn into one clear message.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hivelineage::store {

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, std::string_view sql);
  Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_) { o.stmt_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  // Binds are 1-based, as in SQLite; the statement is reset first when a
  // previous run was not (so a bind always starts a fresh execution).
  Statement& Bind(int index, int64_t value);
  Statement& Bind(int index, std::string_view text);
  Statement& BindNull(int index);

  // Runs one step: true when a row is ready to read.
  bool Step();
  // Runs to the end (for statements that return no rows), then resets.
  void Run();
  void Reset();

  int64_t Int(int column) const { return sqlite3_column_int64(stmt_, column); }
  std::string_view Text(int column) const;
  bool IsNull(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

 private:
  void Check(int rc) const;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  bool running_ = false;
};

class Database {
 public:
  // Opens (creating it when `create`) the file at `path`. Throws StoreError.
  Database(const std::string& path, bool create);
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  void Exec(std::string_view sql);
  Statement Prepare(std::string_view sql) { return Statement(db_, sql); }
  // The first column of the first row of `sql` as an integer (0 when no row).
  int64_t QueryInt(std::string_view sql);
  int64_t LastInsertId() const { return sqlite3_last_insert_rowid(db_); }
  const std::string& path() const { return path_; }
  sqlite3* raw() { return db_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

// BEGIN IMMEDIATE ... COMMIT; rolled back when destroyed uncommitted (an
// exception on the way), so an update is all or nothing.
class Transaction {
 public:
  explicit Transaction(Database& db);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void Commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace hivelineage::store
