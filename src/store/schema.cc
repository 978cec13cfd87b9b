#include "store/schema.h"

#include <filesystem>

#include "base/strings.h"

namespace hivelineage::store {
namespace {

// Version 1. Names are as in the output contract (db.table, db.table.column).
// Tables and columns are interned; every other table refers to them by id.
constexpr char kVersion1[] = R"SQL(
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE catalog_files(
  position INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  size INTEGER NOT NULL
);

CREATE TABLE scripts(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL,
  modified_at TEXT NOT NULL,
  analysed_at TEXT NOT NULL,
  statements INTEGER NOT NULL,
  statements_with_errors INTEGER NOT NULL,
  file_errors INTEGER NOT NULL
);
CREATE INDEX scripts_position ON scripts(position);

CREATE TABLE statements(
  id INTEGER PRIMARY KEY,
  script_id INTEGER NOT NULL REFERENCES scripts(id),
  idx INTEGER NOT NULL,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  begin_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  database TEXT NOT NULL,
  has_error INTEGER NOT NULL,
  sql TEXT NOT NULL,
  UNIQUE(script_id, idx)
);

CREATE TABLE tables(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  database TEXT NOT NULL
);
CREATE INDEX tables_database ON tables(database);

CREATE TABLE columns(
  id INTEGER PRIMARY KEY,
  table_id INTEGER NOT NULL REFERENCES tables(id),
  name TEXT NOT NULL,
  full_name TEXT NOT NULL UNIQUE
);
CREATE INDEX columns_table ON columns(table_id, name);

CREATE TABLE statement_tables(
  statement_id INTEGER NOT NULL REFERENCES statements(id),
  role TEXT NOT NULL CHECK (role IN ('input', 'output', 'temporary', 'view')),
  table_id INTEGER NOT NULL REFERENCES tables(id),
  PRIMARY KEY(statement_id, role, table_id)
) WITHOUT ROWID;
CREATE INDEX statement_tables_table ON statement_tables(table_id, role);

CREATE TABLE column_lineage(
  id INTEGER PRIMARY KEY,
  statement_id INTEGER NOT NULL REFERENCES statements(id),
  target_id INTEGER REFERENCES columns(id),
  expression TEXT NOT NULL,
  dependency TEXT NOT NULL CHECK (dependency IN ('simple', 'expression', 'script')),
  transform TEXT NOT NULL,
  masking INTEGER NOT NULL
);
CREATE INDEX column_lineage_statement ON column_lineage(statement_id);
CREATE INDEX column_lineage_target ON column_lineage(target_id);

CREATE TABLE value_edges(
  lineage_id INTEGER NOT NULL REFERENCES column_lineage(id),
  source_id INTEGER NOT NULL REFERENCES columns(id),
  PRIMARY KEY(lineage_id, source_id)
) WITHOUT ROWID;
CREATE INDEX value_edges_source ON value_edges(source_id);

CREATE TABLE conditions(
  id INTEGER PRIMARY KEY,
  statement_id INTEGER NOT NULL REFERENCES statements(id),
  clause TEXT NOT NULL,
  expression TEXT NOT NULL,
  governs_all INTEGER NOT NULL
);
CREATE INDEX conditions_statement ON conditions(statement_id);

CREATE TABLE condition_columns(
  condition_id INTEGER NOT NULL REFERENCES conditions(id),
  role TEXT NOT NULL CHECK (role IN ('read', 'governed')),
  column_id INTEGER NOT NULL REFERENCES columns(id),
  PRIMARY KEY(condition_id, role, column_id)
) WITHOUT ROWID;
CREATE INDEX condition_columns_column ON condition_columns(column_id, role);

CREATE TABLE statement_columns(
  statement_id INTEGER NOT NULL REFERENCES statements(id),
  position INTEGER NOT NULL,
  column_id INTEGER NOT NULL REFERENCES columns(id),
  PRIMARY KEY(statement_id, position)
) WITHOUT ROWID;
CREATE INDEX statement_columns_column ON statement_columns(column_id);

CREATE TABLE declared_tables(
  id INTEGER PRIMARY KEY,
  script_id INTEGER REFERENCES scripts(id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('table', 'view', 'temporary')),
  dropped INTEGER NOT NULL,
  definition TEXT
);
CREATE INDEX declared_tables_script ON declared_tables(script_id);
CREATE INDEX declared_tables_name ON declared_tables(name);

CREATE TABLE declared_columns(
  declared_table_id INTEGER NOT NULL REFERENCES declared_tables(id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  partition_key INTEGER NOT NULL,
  PRIMARY KEY(declared_table_id, position)
) WITHOUT ROWID;

CREATE TABLE script_reads(
  script_id INTEGER NOT NULL REFERENCES scripts(id),
  name TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  PRIMARY KEY(script_id, name)
) WITHOUT ROWID;

CREATE TABLE catalog_marks(
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('view', 'temporary')),
  PRIMARY KEY(name, kind)
) WITHOUT ROWID;
)SQL";

// Version 2: views that spell the edges out by name, for people at the
// sqlite3 shell, and declared columns by name.
constexpr char kVersion2[] = R"SQL(
CREATE INDEX declared_columns_name ON declared_columns(name);

CREATE VIEW v_statements AS
  SELECT st.id, sc.path AS script, st.idx AS statement, st.line, st.col, st.kind, st.database, st.has_error, st.sql
  FROM statements st JOIN scripts sc ON sc.id = st.script_id;

CREATE VIEW v_value_edges AS
  SELECT s.full_name AS source, t.full_name AS target, l.expression, l.transform, l.masking,
         sc.path AS script, st.idx AS statement, st.line
  FROM value_edges e
  JOIN column_lineage l ON l.id = e.lineage_id
  JOIN columns s ON s.id = e.source_id
  JOIN columns t ON t.id = l.target_id
  JOIN statements st ON st.id = l.statement_id
  JOIN scripts sc ON sc.id = st.script_id;

CREATE VIEW v_condition_targets AS
  SELECT cg.condition_id, cg.column_id FROM condition_columns cg WHERE cg.role = 'governed'
  UNION
  SELECT c.id, l.target_id FROM conditions c JOIN column_lineage l ON l.statement_id = c.statement_id
  WHERE c.governs_all = 1 AND l.target_id IS NOT NULL;

CREATE VIEW v_condition_edges AS
  SELECT r.full_name AS source, g.full_name AS target, c.clause, c.expression,
         sc.path AS script, st.idx AS statement, st.line
  FROM conditions c
  JOIN condition_columns cr ON cr.condition_id = c.id AND cr.role = 'read'
  JOIN v_condition_targets cg ON cg.condition_id = c.id
  JOIN columns r ON r.id = cr.column_id
  JOIN columns g ON g.id = cg.column_id
  JOIN statements st ON st.id = c.statement_id
  JOIN scripts sc ON sc.id = st.script_id;

CREATE VIEW v_table_edges AS
  SELECT i.name AS source, o.name AS target, sc.path AS script, st.idx AS statement, st.line, st.kind
  FROM statement_tables a
  JOIN statement_tables b ON b.statement_id = a.statement_id AND b.role = 'output'
  JOIN tables i ON i.id = a.table_id
  JOIN tables o ON o.id = b.table_id
  JOIN statements st ON st.id = a.statement_id
  JOIN scripts sc ON sc.id = st.script_id
  WHERE a.role = 'input';

CREATE VIEW v_tables AS
  SELECT t.name, t.database,
    CASE
      WHEN EXISTS (SELECT 1 FROM statement_tables x WHERE x.table_id = t.id AND x.role = 'temporary')
        OR EXISTS (SELECT 1 FROM catalog_marks m WHERE m.name = t.name AND m.kind = 'temporary') THEN 'temporary'
      WHEN EXISTS (SELECT 1 FROM statement_tables x WHERE x.table_id = t.id AND x.role = 'view')
        OR EXISTS (SELECT 1 FROM catalog_marks m WHERE m.name = t.name AND m.kind = 'view') THEN 'view'
      WHEN t.name LIKE 'directory:%' THEN 'directory'
      ELSE 'table'
    END AS kind
  FROM tables t;
)SQL";

// Version 3: what the warehouse's schema is learned from (each script's
// schema facts) and the learned catalog merged from them, so that an update
// re-merges without reading the unchanged scripts; reads by table name, to
// find the scripts a changed learned entry affects.
constexpr char kVersion3[] = R"SQL(
CREATE TABLE script_facts(
  script_id INTEGER PRIMARY KEY REFERENCES scripts(id),
  facts TEXT NOT NULL
);

CREATE TABLE learned_tables(
  name TEXT PRIMARY KEY,
  evidence TEXT NOT NULL CHECK (evidence IN ('declared', 'inferred')),
  fingerprint TEXT NOT NULL,
  digest TEXT NOT NULL,
  definition TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE learned_columns(
  table_name TEXT NOT NULL REFERENCES learned_tables(name),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  partition_key INTEGER NOT NULL,
  evidence TEXT NOT NULL CHECK (evidence IN ('declared', 'inferred')),
  uses INTEGER NOT NULL,
  PRIMARY KEY(table_name, position)
) WITHOUT ROWID;

CREATE INDEX script_reads_name ON script_reads(name);
)SQL";

// Version 4: the scripts with errors through an index of their own. Every
// query command counts them (its exit status), which a scan of `scripts`
// made cost a tenth of a second and more on a 100,000-script store.
constexpr char kVersion4[] = R"SQL(
CREATE INDEX scripts_with_errors ON scripts(id) WHERE statements_with_errors > 0 OR file_errors > 0;
)SQL";

// Version 5: what lineage says is uncertain, kept beside the certain edges
// so that no query of them changes. possible_sources: each candidate of a
// bare column several tables of unknown schema could hold (the reference as
// written, the candidate column by name: it is no column node until
// --possible asks for it). inferred_edges: the value edges whose source's
// table has no declared schema.
constexpr char kVersion5[] = R"SQL(
CREATE TABLE possible_sources(
  lineage_id INTEGER NOT NULL REFERENCES column_lineage(id),
  reference TEXT NOT NULL,
  candidate TEXT NOT NULL,
  PRIMARY KEY(lineage_id, reference, candidate)
) WITHOUT ROWID;

CREATE TABLE inferred_edges(
  lineage_id INTEGER NOT NULL REFERENCES column_lineage(id),
  source_id INTEGER NOT NULL REFERENCES columns(id),
  PRIMARY KEY(lineage_id, source_id)
) WITHOUT ROWID;

CREATE VIEW v_possible_edges AS
  SELECT p.candidate AS source, t.full_name AS target, p.reference, l.expression,
         sc.path AS script, st.idx AS statement, st.line
  FROM possible_sources p
  JOIN column_lineage l ON l.id = p.lineage_id
  JOIN columns t ON t.id = l.target_id
  JOIN statements st ON st.id = l.statement_id
  JOIN scripts sc ON sc.id = st.script_id;
)SQL";

// Version 6: how each source of a written column is masked on its way
// (lineage::MaskedSource): the ways joined by commas, NULL when it arrives
// unmasked. Rows of earlier versions have NULL: column_lineage.masking still tells.
// v_value_edges says masking per edge, and by what.
constexpr char kVersion6[] = R"SQL(
ALTER TABLE value_edges ADD COLUMN masking TEXT;

DROP VIEW IF EXISTS v_value_edges;
CREATE VIEW v_value_edges AS
  SELECT s.full_name AS source, t.full_name AS target, l.expression, l.transform,
         (e.masking IS NOT NULL OR l.masking <> 0) AS masking,
         coalesce(e.masking, CASE WHEN l.masking <> 0 THEN 'mask' END) AS masked_by,
         sc.path AS script, st.idx AS statement, st.line
  FROM value_edges e
  JOIN column_lineage l ON l.id = e.lineage_id
  JOIN columns s ON s.id = e.source_id
  JOIN columns t ON t.id = l.target_id
  JOIN statements st ON st.id = l.statement_id
  JOIN scripts sc ON sc.id = st.script_id;
)SQL";

// Version 7: what an update needs to merge only the part of the learned
// schema a change touches. fact_tables: the tables each script's facts name
// (declared or inferred tables, LIKE sources, open references' candidates),
// to find the other scripts that say something of them; learned_tables.entry:
// each learned table as the analysis looks it up (store/facts_codec.h), read
// back instead of merged again. An older store has neither: the meta key makes
// its next update merge everything once and fill them. And the index of
// value edges by source covers the masking, which the impact walk reads with
// each link (one table lookup per link less on the widest walks).
constexpr char kVersion7[] = R"SQL(
DROP INDEX value_edges_source;
CREATE INDEX value_edges_source ON value_edges(source_id, lineage_id, masking);

CREATE TABLE fact_tables(
  name TEXT NOT NULL,
  script_id INTEGER NOT NULL REFERENCES scripts(id),
  PRIMARY KEY(name, script_id)
) WITHOUT ROWID;
CREATE INDEX fact_tables_script ON fact_tables(script_id);

ALTER TABLE learned_tables ADD COLUMN entry TEXT;

INSERT OR REPLACE INTO meta(key, value) VALUES ('fact_tables', 'missing');
)SQL";

// Each entry upgrades a store of the version before it.
constexpr const char* kSteps[] = {kVersion1, kVersion2, kVersion3, kVersion4, kVersion5, kVersion6, kVersion7};
static_assert(std::size(kSteps) == kSchemaVersion);

int UserVersion(Database& db) { return static_cast<int>(db.QueryInt("PRAGMA user_version")); }

bool HasTable(Database& db, const char* name) {
  Statement s = db.Prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  s.Bind(1, std::string_view(name));
  return s.Step();
}

void Upgrade(Database& db) {
  Transaction t(db);
  // Read again under the write lock: another process may have upgraded it meanwhile.
  for (int v = UserVersion(db); v < kSchemaVersion; ++v) db.Exec(kSteps[v]);
  db.Exec(Cat("PRAGMA user_version = ", kSchemaVersion));
  t.Commit();
}

}  // namespace

const char* SchemaSql(int version) {
  return version >= 1 && version <= kSchemaVersion ? kSteps[version - 1] : "";
}

std::unique_ptr<Database> OpenStore(const std::string& path, OpenMode mode) {
  std::error_code ec;
  const bool exists = std::filesystem::exists(path, ec);
  if (!exists && mode == OpenMode::Read)
    throw StoreError(Cat(path, ": no such store (create one with: hivelineage store update ", path, " PATH...)"));
  auto db = std::make_unique<Database>(path, mode == OpenMode::Update);
  // Reading a file that is not SQLite fails here, with SQLite's "file is not a database".
  int version = 0;
  try {
    version = UserVersion(*db);
    db->Exec("PRAGMA journal_mode = WAL");
  } catch (const StoreError& e) {
    throw StoreError(Cat(path, ": not a hivelineage store (", e.what(), ")"));
  }
  if (version > kSchemaVersion)
    throw StoreError(Cat(path, ": store version ", version, " was made by a newer hivelineage; this one reads up to version ",
                         kSchemaVersion, " (upgrade hivelineage, or rebuild the store with this one)"));
  if (version == 0) {
    const int64_t objects = db->QueryInt("SELECT count(*) FROM sqlite_master");
    if (objects > 0)
      throw StoreError(Cat(path, ": not a hivelineage store (an SQLite database with other tables and no store version)"));
    if (mode == OpenMode::Read) throw StoreError(Cat(path, ": empty database, not a hivelineage store"));
  }
  if (version > 0 && !HasTable(*db, "scripts"))
    throw StoreError(Cat(path, ": not a hivelineage store (user_version ", version, " but no scripts table)"));
  if (version < kSchemaVersion) Upgrade(*db);
  db->Exec("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY");
  // Queries map the file rather than copy it page by page (an update does
  // not: its memory stays the page cache's 64 MB).
  if (mode == OpenMode::Read) db->Exec("PRAGMA mmap_size = 4294967296");
  return db;
}

}  // namespace hivelineage::store
