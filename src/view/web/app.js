// The page: where its data comes from (embedded, or asked of `hivelineage
// serve`), what the user has opened and selected, the search box, the side
// panel, tooltips and export. window.HL.app is what the browser tests drive.
'use strict';
(function () {
  const HL = window.HL;
  performance.mark('hl-start');
  const $ = (id) => document.getElementById(id);
  const doc = JSON.parse($('hl-data').textContent);
  const model = new HL.Model();
  const layout = new HL.Layout();

  const state = {
    open: new Map(),      // table -> 'all': opened by the user
    focusRows: new Map(), // table -> Set(columns): opened by the current selection
    conditions: false,
    groupBy: 'database',
    selection: null,
    groupOf: (name) => HL.groupOf(model.tables.get(name), state.groupBy),
    // What each table shows: the user's 'all' wins over the selection's rows.
    get expanded() {
      const m = new Map(state.focusRows);
      for (const [t, v] of state.open) m.set(t, v);
      return m;
    },
  };

  // ---- where the data comes from ----------------------------------------

  // A --format html page: everything is in the page.
  class EmbeddedSource {
    async start() {
      model.merge(doc);
      return {complete: true};
    }
    async search(q) { return model.search(q, 40); }
    async lineage(name, withConditions) {
      return {up: model.reach(name, 'upstream', withConditions), down: model.reach(name, 'downstream', withConditions)};
    }
    async open() {}
  }

  // `hivelineage serve`: the page asks the server for what it shows (docs/viewer.md, "HTTP API").
  class ServerSource {
    async get(path, params) {
      const url = new URL(path, window.location.href);
      for (const [k, v] of Object.entries(params || {})) url.searchParams.set(k, v);
      const r = await fetch(url);
      const body = await r.json();
      if (!r.ok) throw new Error(body.error || r.statusText);
      return body;
    }
    async start() {
      const r = await this.get('api/graph');
      model.merge(r.data);
      return {complete: !r.truncated, tables: r.tables};
    }
    async search(q) { return (await this.get('api/search', {q, limit: 40})).results; }
    async lineage(name, withConditions) {
      const r = await this.get('api/impact', {name, direction: 'both', conditions: withConditions ? 1 : 0});
      model.merge(r.data);
      return {up: new Set(r.upstream), down: new Set(r.downstream)};
    }
    async open(table) { model.merge((await this.get('api/neighbours', {name: table})).data); }
  }

  const source = doc.mode === 'server' ? new ServerSource() : new EmbeddedSource();

  // ---- sizes --------------------------------------------------------------

  const widths = new Map();
  function widthOf(name) {
    let w = widths.get(name);
    if (w === undefined) {
      const t = model.tables.get(name);
      w = HL.textWidth(t.short, 12, true) + 44;
      for (const c of t.columns) w = Math.max(w, HL.textWidth(c, 11) + 30);
      w = Math.round(Math.min(300, Math.max(150, w)));
      widths.set(name, w);
    }
    return w;
  }
  let expandedNow = new Map();
  function sizeOf(name, collapsed) {
    const w = widthOf(name);
    if (collapsed) return {w, h: HL.HEAD};
    const shown = expandedNow.get(name);
    if (!shown) return {w, h: HL.HEAD};
    const t = model.tables.get(name);
    const rows = HL.Renderer.rows(t, shown).length + (shown !== 'all' && HL.Renderer.rows(t, shown).length < t.columns.length ? 1 : 0);
    return {w, h: HL.HEAD + rows * HL.ROW + 4};
  }

  // ---- drawing ------------------------------------------------------------

  const renderer = new HL.Renderer($('canvas'), model, {
    select: (name) => select(name),
    toggle: (table) => toggle(table),
    showAll: (table) => { state.open.set(table, 'all'); redraw(); },
    edgeOver: (e, ev) => showTip(e, ev),
    edgeOut: () => { $('tip').hidden = true; },
    edgeClick: (e) => showEdge(e),
    background: () => clearSelection(),
  });

  let placed = null;
  const timing = {};

  function status(text) {
    $('status').hidden = !text;
    $('status').textContent = text || '';
  }

  async function redraw(fit) {
    expandedNow = state.expanded;
    const names = [...model.tables.keys()].sort();
    const comps = HL.Layout.componentsOf(model, names, state.groupOf);
    const t0 = performance.now();
    await layout.prepare(model, comps, sizeOf, (done, total) => status(`Laying out ${done.toLocaleString()} of ${total.toLocaleString()} tables\u2026`));
    placed = layout.place(model, comps, state.groupOf, sizeOf);
    const t1 = performance.now();
    renderer.draw(placed, {expanded: expandedNow, conditions: state.conditions, groupOf: state.groupOf});
    renderer.highlight(state.selection);
    const t2 = performance.now();
    timing.layoutMs = t1 - t0;
    timing.drawMs = t2 - t1;
    status(null);
    if (fit) renderer.fit(24);
    if (HL.stats) showStats();
  }

  // ---- selection ----------------------------------------------------------

  // The tables of `names` (tables, and the tables of columns).
  function tablesOf(names) {
    const s = new Set();
    for (const n of names) {
      if (model.tables.has(n)) s.add(n);
      else if (model.columns.has(n)) s.add(model.columns.get(n).table);
    }
    return s;
  }

  // Selects `name` (a table or a column). `given` ({up, down} sets), when set,
  // is the highlighted set to show instead of the one the page would compute.
  async function select(name, given) {
    $('tip').hidden = true;
    const {up, down} = given || await source.lineage(name, state.conditions);
    const startIsTable = model.isTable(name);
    const sel = {start: name, startIsTable, up, down, tablesUp: tablesOf(up), tablesDown: tablesOf(down),
      startTable: startIsTable ? name : model.columns.get(name).table};
    // Open every table the lineage passes through, on the columns it passes through.
    state.focusRows = new Map();
    for (const c of [name, ...up, ...down]) {
      const col = model.columns.get(c);
      if (!col) continue;
      if (!state.focusRows.has(col.table)) state.focusRows.set(col.table, new Set());
      state.focusRows.get(col.table).add(col.column);
    }
    state.selection = sel;
    await redraw();
    showNode(sel);
    return sel;
  }

  function clearSelection() {
    if (!state.selection) return;
    state.selection = null;
    state.focusRows = new Map();
    redraw();
    $('panel').replaceChildren(el('p', {class: 'hint'}, 'Nothing selected. Click a table or a column.'));
  }

  async function toggle(table) {
    if (state.open.has(table) || state.focusRows.has(table)) {
      state.open.delete(table);
      state.focusRows.delete(table);
    } else {
      await source.open(table);
      state.open.set(table, 'all');
    }
    await redraw();
  }

  // ---- side panel and tooltips ---------------------------------------------

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'onclick') e.addEventListener('click', v);
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const where = (s) => `${s.file}:${s.line}:${s.column} (statement ${s.index}, ${s.kind})`;
  const link = (name) => el('span', {class: 'link', 'data-name': name, onclick: () => choose(name)}, name);

  function stepsOf(way) {
    return way.map((st, i) => el('div', null, el('code', null, st.expression), ' ', el('span', {class: 'where'}, where(st.statement)),
      st.via && i + 1 < way.length ? el('div', {class: 'where'}, '\u2192 ' + st.via) : null));
  }

  function edgeBody(e) {
    if (e.kind === 'table') {
      return [el('div', null, `${e.source} \u2192 ${e.target}`),
        ...e.edge.statements.map((s) => el('div', {class: 'where'}, where(s)))];
    }
    if (e.kind === 'value') {
      return [el('div', null, `${e.source} \u2192 ${e.target}`), ...e.edge.ways.flatMap(stepsOf)];
    }
    return [el('div', null, `${e.source} decides the rows of ${e.target}`),
      ...e.conditions.map((c) => el('div', null, c.clause.toUpperCase().replace('_', ' ') + ' ', el('code', null, c.expression), ' ',
        el('span', {class: 'where'}, where(c.statement))))];
  }

  function showTip(e, ev) {
    const tip = $('tip');
    tip.replaceChildren(...edgeBody(e));
    tip.hidden = false;
    const x = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
    const y = Math.min(ev.clientY + 14, window.innerHeight - tip.offsetHeight - 8);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }

  function showEdge(e) {
    $('panel').replaceChildren(el('h2', null, e.kind === 'table' ? 'Table edge' : e.kind === 'value' ? 'Value edge' : 'Condition'),
      ...edgeBody(e));
  }

  function list(title, names, cls) {
    const sorted = [...names].sort();
    const shown = sorted.slice(0, 300);
    return [el('h3', null, `${title} (${sorted.length})`),
      el('ul', {class: cls}, ...shown.map((n) => el('li', null, link(n))),
        sorted.length > shown.length ? el('li', {class: 'where'}, `\u2026 and ${sorted.length - shown.length} more`) : null)];
  }

  function showNode(sel) {
    const parts = [];
    const name = sel.start;
    if (sel.focusTitle) parts.push(el('p', {class: 'where'}, sel.focusTitle));
    if (sel.startIsTable) {
      const t = model.tables.get(name);
      parts.push(el('h2', null, name), el('div', {class: 'where'}, `${t.kind}, ${t.columns.length} column${t.columns.length === 1 ? '' : 's'} in lineage`));
      const writes = [...(model.tableIn.get(name) || new Map()).values()].flatMap((e) => e.statements);
      if (writes.length) parts.push(el('h3', null, 'Written by'), ...[...new Set(writes)].map((s) => el('div', {class: 'where'}, where(s))));
      parts.push(...list('Upstream tables', sel.up, 'up'), ...list('Downstream tables', sel.down, 'down'));
      if (t.columns.length) parts.push(el('h3', null, 'Columns'), el('ul', null, ...t.columns.map((c) => el('li', null, link(HL.columnName(name, c))))));
    } else {
      parts.push(el('h2', null, name), el('div', {class: 'where'}, 'column of ', link(model.columns.get(name).table)));
      const ins = [...(model.colIn.get(name) || new Map()).values()];
      if (ins.length) {
        parts.push(el('h3', null, 'Its value comes from'));
        for (const e of ins) parts.push(el('div', {class: 'up'}, link(e.source), ...e.ways.flatMap(stepsOf)));
      }
      const conds = [...(model.condByTarget.get(name) || [])];
      if (conds.length) {
        parts.push(el('h3', null, `Conditions on its rows${state.conditions ? '' : ' (not followed: tick "conditions")'}`));
        for (const c of conds) {
          parts.push(el('div', null, c.clause.toUpperCase().replace('_', ' ') + ' ', el('code', null, c.expression), ' ',
            el('span', {class: 'where'}, where(c.statement))));
        }
      }
      parts.push(...list('Upstream columns', sel.up, 'up'), ...list('Downstream columns', sel.down, 'down'));
    }
    $('panel').replaceChildren(...parts);
  }

  // Selects a node found by search or in the panel, and brings it into view.
  async function choose(name) {
    const sel = await select(name);
    renderer.fitTo(new Set([sel.startTable, ...sel.tablesUp, ...sel.tablesDown]), name);
    return sel;
  }

  // ---- search ---------------------------------------------------------------

  let results = [], active = -1, searchSeq = 0;
  async function runSearch() {
    const seq = ++searchSeq;
    const q = $('search').value;
    const found = q.trim() ? await source.search(q) : [];
    if (seq !== searchSeq) return;
    results = found;
    active = results.length ? 0 : -1;
    const ul = $('results');
    ul.replaceChildren(...results.map((r, i) => el('li', {role: 'option', 'data-name': r.name, class: i === active ? 'active' : '',
      onclick: () => pick(i)}, el('span', {class: 'type'}, r.type), r.name)));
    if (q.trim() && !results.length) ul.replaceChildren(el('li', {class: 'where'}, 'no table or column matches'));
    ul.hidden = !q.trim();
  }
  function pick(i) {
    if (i < 0 || i >= results.length) return;
    $('results').hidden = true;
    $('search').blur();
    choose(results[i].name);
  }
  let searchTimer = 0;
  $('search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(runSearch, 60);
  });
  $('search').addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      if (!results.length) return;
      active = (active + (ev.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length;
      [...$('results').children].forEach((li, i) => li.classList.toggle('active', i === active));
    } else if (ev.key === 'Enter') {
      pick(active);
    } else if (ev.key === 'Escape') {
      $('results').hidden = true;
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === '/' && document.activeElement !== $('search')) {
      ev.preventDefault();
      $('search').focus();
    } else if (ev.key === 'Escape' && document.activeElement !== $('search')) {
      clearSelection();
    }
  });
  document.addEventListener('click', (ev) => {
    if (!ev.target.closest('.search')) $('results').hidden = true;
  });

  // ---- toolbar ------------------------------------------------------------

  $('conditions').addEventListener('change', async () => {
    state.conditions = $('conditions').checked;
    if (state.selection) await select(state.selection.start);
    else await redraw();
  });
  $('groupby').addEventListener('change', () => {
    state.groupBy = $('groupby').value;
    redraw(true);
  });
  $('fit').addEventListener('click', () => renderer.fit(24));
  $('close-all').addEventListener('click', () => {
    state.open.clear();
    state.selection = null;
    state.focusRows = new Map();
    redraw();
  });
  $('show-licences').addEventListener('click', (ev) => {
    ev.preventDefault();
    $('licences').querySelector('pre').textContent = $('hl-licences').textContent.trim();
    $('licences').hidden = false;
  });
  $('licences-close').addEventListener('click', () => { $('licences').hidden = true; });

  // ---- export -------------------------------------------------------------

  // What is on screen, as a standalone SVG document (the drawing's styles inlined).
  function exportSvg() {
    const svg = $('canvas');
    const {width, height} = svg.getBoundingClientRect();
    const copy = svg.cloneNode(true);
    copy.setAttribute('width', Math.round(width));
    copy.setAttribute('height', Math.round(height));
    copy.setAttribute('viewBox', `0 0 ${Math.round(width)} ${Math.round(height)}`);
    copy.removeAttribute('id');
    const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
    style.textContent = $('hl-svg-style').textContent;
    const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    bg.setAttribute('width', '100%');
    bg.setAttribute('height', '100%');
    bg.setAttribute('fill', '#fff');
    copy.prepend(style, bg);
    return new XMLSerializer().serializeToString(copy);
  }

  // The same as a PNG (twice the screen's pixels), as a Blob.
  function exportPng() {
    const text = exportSvg();
    const {width, height} = $('canvas').getBoundingClientRect();
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(width * 2);
        canvas.height = Math.round(height * 2);
        const ctx = canvas.getContext('2d');
        ctx.scale(2, 2);
        ctx.drawImage(img, 0, 0);
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG export failed'))), 'image/png');
      };
      img.onerror = () => reject(new Error('PNG export failed'));
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
    });
  }

  function download(blob, name) {
    const a = el('a', {href: URL.createObjectURL(blob), download: name});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }
  $('export-svg').addEventListener('click', () => download(new Blob([exportSvg()], {type: 'image/svg+xml'}), 'lineage.svg'));
  $('export-png').addEventListener('click', async () => download(await exportPng(), 'lineage.png'));

  // ---- start ----------------------------------------------------------------

  async function start() {
    const begun = await source.start();
    document.title = model.title || 'hivelineage';
    $('title').textContent = model.title;
    $('title').title = model.title;
    await redraw(true);
    if (model.focus && (model.tables.has(model.focus.start) || model.columns.has(model.focus.start))) {
      const f = model.focus;
      const others = new Set(f.highlight.filter((n) => n !== f.start));
      let given;
      if (f.direction === 'upstream') given = {up: others, down: new Set()};
      else if (f.direction === 'downstream') given = {up: new Set(), down: others};
      else {
        const up = model.reach(f.start, 'upstream', true);
        given = {up: new Set([...others].filter((n) => up.has(n))), down: new Set([...others].filter((n) => !up.has(n)))};
      }
      const sel = await select(f.start, given);
      sel.focusTitle = f.title;
      showNode(sel);
      renderer.fitTo(new Set([sel.startTable, ...sel.tablesUp, ...sel.tablesDown]), f.start);
    }
    if (!begun.complete) {
      $('panel').replaceChildren(el('p', {class: 'hint'},
        `This lineage has ${begun.tables.toLocaleString()} tables, more than the server draws at once (serve --overview): search for a table or column to start from.`));
    }
    performance.mark('hl-ready');
    showStats();
    document.documentElement.dataset.ready = 'true';
  }

  // What is loaded, and how long the first drawing took; HL.stats for the tests.
  function showStats() {
    const stats = {
      tables: model.tables.size,
      columns: model.columns.size,
      valueEdges: model.counts.valueEdges,
      conditions: model.conditions.size,
      tableEdges: model.counts.tableEdges,
      components: layout.stats.components,
      dagreMs: Math.round(layout.stats.dagreMs),
      layoutMs: Math.round(timing.layoutMs),
      drawMs: Math.round(timing.drawMs),
      readyMs: HL.stats ? HL.stats.readyMs : Math.round(performance.now()),
    };
    HL.stats = stats;
    $('stats').textContent = `${stats.tables.toLocaleString()} tables \u00b7 ${stats.columns.toLocaleString()} columns \u00b7 ` +
      `${stats.valueEdges.toLocaleString()} value edges \u00b7 ${stats.conditions.toLocaleString()} conditions \u00b7 ` +
      `${stats.tableEdges.toLocaleString()} table edges${doc.mode === 'server' ? ' loaded' : ''} \u00b7 ` +
      `ready in ${(stats.readyMs / 1000).toFixed(1)} s \u00b7`;
  }

  HL.app = {model, layout, renderer, state, select, choose, clearSelection, toggle, exportSvg, exportPng, redraw,
    get placed() { return placed; }};
  start().catch((err) => {
    status('Error: ' + err.message);
    document.documentElement.dataset.ready = 'error';
    document.documentElement.dataset.error = err.message;
    throw err;
  });
})();
