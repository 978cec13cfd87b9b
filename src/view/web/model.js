// The lineage graph the page shows, decoded from page data documents
// (docs/viewer.md; written by src/view/page_data.cc). Documents merge: a
// --format html page holds one, `hivelineage serve` sends pieces of its store,
// each with its own string tables, as the user explores.
'use strict';
var HL = window.HL = window.HL || {};

HL.columnName = (table, column) => table + '.' + column;

// The group a table is drawn in: its database ("directory" for INSERT OVERWRITE
// DIRECTORY targets), or its layer: the prefix of its name before the first '_'
// (ods_orders: ods), as warehouses that keep one database name their layers.
HL.groupOf = function (table, by) {
  if (table.kind === 'directory') return 'directory';
  if (by === 'layer') {
    const u = table.short.indexOf('_');
    if (u > 0) return table.short.slice(0, u);
  }
  return table.db;
};

HL.Model = class Model {
  constructor() {
    this.title = '';
    this.focus = null;
    this.tables = new Map();      // name -> {name, kind, db, short, columns: [short names], columnSet}
    this.columns = new Map();     // column name -> {name, table, column}
    this.tableOut = new Map();    // table -> Map(target table -> TableEdge)
    this.tableIn = new Map();     // table -> Map(source table -> TableEdge)
    this.colOut = new Map();      // column -> Map(target column -> ColumnEdge)
    this.colIn = new Map();       // column -> Map(source column -> ColumnEdge)
    this.conditions = new Map();  // key -> Condition {statement, clause, expression, columns: Set, targets: Set}
    this.condByColumn = new Map();  // condition column -> Set(Condition)
    this.condByTarget = new Map();  // governed column -> Set(Condition)
    this.statements = new Map();  // file#index -> {file, line, column, index, kind}
    this.counts = {valueEdges: 0, tableEdges: 0};
  }

  // Adds a page data document. Tables, edges and conditions already known are kept once.
  merge(doc) {
    if (doc.title) this.title = doc.title;
    if (doc.focus) this.focus = doc.focus;
    const files = doc.files || [], exprs = doc.expressions || [];
    const stmts = (doc.statements || []).map(([file, line, column, index, kind]) => {
      const key = files[file] + '#' + index;
      let s = this.statements.get(key);
      if (!s) this.statements.set(key, s = {file: files[file], line, column, index, kind});
      return s;
    });
    const tableNames = (doc.tables || []).map(([name, kind, columns]) => {
      this.addTable(name, kind, columns);
      return name;
    });
    const col = ([t, c]) => HL.columnName(tableNames[t], c);
    for (const [st, sc, tt, tc, ways] of doc.edges || []) {
      const source = HL.columnName(tableNames[st], sc), target = HL.columnName(tableNames[tt], tc);
      if (this.edgeMap(this.colOut, source).has(target)) continue;
      const edge = {
        source, target,
        ways: ways.map((steps) => steps.map(([s, e, via]) => ({statement: stmts[s], expression: exprs[e], via}))),
      };
      this.edgeMap(this.colOut, source).set(target, edge);
      this.edgeMap(this.colIn, target).set(source, edge);
      this.counts.valueEdges++;
    }
    for (const [s, clause, e, columns, targets] of doc.conditions || []) {
      const statement = stmts[s], expression = exprs[e];
      const key = statement.file + '#' + statement.index + '\n' + clause + '\n' + expression;
      let c = this.conditions.get(key);
      if (!c) this.conditions.set(key, c = {statement, clause, expression, columns: new Set(), targets: new Set()});
      for (const x of columns.map(col)) {
        c.columns.add(x);
        this.setMap(this.condByColumn, x).add(c);
      }
      for (const x of targets.map(col)) {
        c.targets.add(x);
        this.setMap(this.condByTarget, x).add(c);
      }
    }
    for (const [s, t, statements] of doc.table_edges || []) {
      const source = tableNames[s], target = tableNames[t];
      if (source === target || this.edgeMap(this.tableOut, source).has(target)) continue;
      const edge = {source, target, statements: statements.map((i) => stmts[i])};
      this.edgeMap(this.tableOut, source).set(target, edge);
      this.edgeMap(this.tableIn, target).set(source, edge);
      this.counts.tableEdges++;
    }
  }

  addTable(name, kind, columns) {
    let t = this.tables.get(name);
    if (!t) {
      const dot = name.indexOf('.');
      const directory = kind === 'directory' || name.startsWith('directory:');
      t = {
        name, kind,
        db: directory ? 'directory' : name.slice(0, dot),
        short: directory ? name.slice('directory:'.length) : name.slice(dot + 1),
        columns: [], columnSet: new Set(),
      };
      this.tables.set(name, t);
    }
    for (const c of columns) {
      if (t.columnSet.has(c)) continue;
      t.columnSet.add(c);
      t.columns.push(c);
      const full = HL.columnName(name, c);
      this.columns.set(full, {name: full, table: name, column: c});
    }
    t.columns.sort();
    return t;
  }

  edgeMap(index, key) {
    let m = index.get(key);
    if (!m) index.set(key, m = new Map());
    return m;
  }

  setMap(index, key) {
    let s = index.get(key);
    if (!s) index.set(key, s = new Set());
    return s;
  }

  isTable(name) { return this.tables.has(name); }

  // Every node reachable from `name` (a table or a column) going `direction`
  // ('upstream' or 'downstream'), without `name` itself. Tables follow table
  // edges; columns follow value edges, and condition records when
  // `withConditions` (a condition column feeds every column it governs).
  reach(name, direction, withConditions) {
    const down = direction === 'downstream';
    const isTable = this.isTable(name);
    const edges = isTable ? (down ? this.tableOut : this.tableIn) : (down ? this.colOut : this.colIn);
    const conds = down ? this.condByColumn : this.condByTarget;
    const seen = new Set([name]);
    const queue = [name];
    for (let i = 0; i < queue.length; i++) {
      const next = [];
      const m = edges.get(queue[i]);
      if (m) for (const other of m.keys()) next.push(other);
      if (!isTable && withConditions) {
        for (const c of conds.get(queue[i]) || []) for (const other of (down ? c.targets : c.columns)) next.push(other);
      }
      for (const other of next) {
        if (seen.has(other)) continue;
        seen.add(other);
        queue.push(other);
      }
    }
    seen.delete(name);
    return seen;
  }

  // Up to `limit` tables and columns whose name contains `query` (any case),
  // best first: exact name, exact short name, short name prefix, then the rest.
  search(query, limit) {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const hits = [];
    const score = (name, short) => {
      const n = name.toLowerCase(), s = short.toLowerCase();
      if (n === q) return 0;
      if (s === q) return 1;
      if (s.startsWith(q)) return 2;
      if (n.includes(q)) return 3;
      return -1;
    };
    for (const t of this.tables.values()) {
      const s = score(t.name, t.short);
      if (s >= 0) hits.push({name: t.name, type: 'table', score: s});
    }
    for (const c of this.columns.values()) {
      const s = score(c.name, c.column);
      if (s >= 0) hits.push({name: c.name, type: 'column', score: s + 0.5});
    }
    hits.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
    return hits.slice(0, limit);
  }
};
