// Draws the laid-out graph as SVG (d3-selection for the DOM, d3-zoom for pan
// and zoom): group boxes, table nodes that open to their columns, table edges,
// and value and condition edges between the columns on show. Highlighting is
// classes only (CSS does the colours), so a click does not redraw the graph.
'use strict';
var HL = window.HL = window.HL || {};

HL.HEAD = 26;  // height of a table's title bar
HL.ROW = 18;   // height of a column row

HL.Renderer = class Renderer {
  constructor(svgElement, model, on) {
    this.model = model;
    this.on = on;  // {select(name), toggle(table), showAll(table), edgeOver(edge, event), edgeOut(), edgeClick(edge), background()}
    this.svg = d3.select(svgElement);
    this.root = this.svg.append('g').attr('class', 'viewport');
    this.gGroups = this.root.append('g').attr('class', 'groups');
    this.gEdges = this.root.append('g').attr('class', 'edges');
    this.gNodes = this.root.append('g').attr('class', 'nodes');
    this.transform = d3.zoomIdentity;
    this.zoom = d3.zoom().scaleExtent([0.01, 4]).on('zoom', (ev) => {
      this.transform = ev.transform;
      this.root.attr('transform', ev.transform);
      this.svg.classed('far', ev.transform.k < 0.35);
      this.cullSoon();
    });
    this.svg.call(this.zoom).on('dblclick.zoom', null);
    this.svg.on('click', (ev) => {
      if (ev.target === svgElement) on.background();
    });
    this.colours = new Map();
    this.palette = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#e15759', '#76b7b2', '#edc948', '#9c755f', '#ff9da7', '#bab0ac'];
  }

  // A group's colour: the next of the palette the first time the group is drawn, then kept, so that a
  // group keeps its colour whatever is loaded or drawn later.
  colourOf(key) {
    if (!this.colours.has(key)) this.colours.set(key, this.palette[this.colours.size % this.palette.length]);
    return this.colours.get(key);
  }

  // The rows a table shows: all its columns, the `shown` subset (with a "more" row), or none.
  static rows(table, shown) {
    if (!shown) return [];
    if (shown === 'all') return table.columns;
    return table.columns.filter((c) => shown.has(c));
  }

  draw(placed, state) {
    this.placed = placed;
    this.state = state;
    const colour = new Map(placed.groups.map((g) => [g.key, this.colourOf(g.key)]));
    this.colour = colour;
    this.gGroups.selectAll('g.group').data(placed.groups, (g) => g.key).join((enter) => {
      const g = enter.append('g').attr('class', 'group');
      g.append('rect').attr('rx', 8);
      g.append('text').attr('class', 'group-label');
      return g;
    }).attr('transform', (g) => `translate(${g.x},${g.y})`).call((g) => {
      g.select('rect').attr('width', (d) => d.w).attr('height', (d) => d.h).attr('stroke', (d) => colour.get(d.key));
      g.select('text').attr('x', 10).attr('y', 17).attr('fill', (d) => colour.get(d.key))
        .text((d) => `${d.key}  (${d.tables} table${d.tables === 1 ? '' : 's'})`);
    });

    const tables = [...placed.positions.keys()].map((n) => this.model.tables.get(n));
    const self = this;
    this.gNodes.selectAll('g.table').data(tables, (t) => t.name).join((enter) => {
      const g = enter.append('g').attr('class', (t) => 'table kind-' + t.kind).attr('data-name', (t) => t.name);
      g.append('rect').attr('class', 'box').attr('rx', (t) => (t.kind === 'view' ? 10 : 3));
      g.append('rect').attr('class', 'band').attr('height', HL.HEAD).attr('rx', 3);
      g.append('text').attr('class', 'title').attr('x', 8).attr('y', 17);
      g.append('text').attr('class', 'toggle').attr('y', 17);
      g.append('title');
      g.append('g').attr('class', 'rows');
      g.on('click', (ev, t) => {
        ev.stopPropagation();
        if (ev.target.classList.contains('toggle')) self.on.toggle(t.name);
        else if (!ev.target.closest('g.col')) self.on.select(t.name);
      });
      return g;
    }).each(function (t) { self.drawTable(d3.select(this), t); });
    this.drawEdges();
    this.cull();
  }

  drawTable(g, t) {
    const p = this.placed.positions.get(t.name);
    const shown = this.state.expanded.get(t.name);
    const rows = HL.Renderer.rows(t, shown);
    const more = shown && shown !== 'all' ? t.columns.length - rows.length : 0;
    g.attr('transform', `translate(${p.x},${p.y})`);
    g.select('rect.box').attr('width', p.w).attr('height', p.h).attr('stroke', this.colour.get(this.state.groupOf(t.name)));
    g.select('rect.band').attr('width', p.w).attr('fill', this.colour.get(this.state.groupOf(t.name)));
    g.select('text.title').text(HL.fit(t.short, p.w - 30, 12, true));
    g.select('text.toggle').attr('x', p.w - 16).text(t.columns.length ? (shown ? '\u25be' : '\u25b8') : '');
    g.select('title').text(`${t.name} (${t.kind}, ${t.columns.length} column${t.columns.length === 1 ? '' : 's'} in lineage)`);
    const items = rows.map((c) => ({table: t.name, column: c, name: HL.columnName(t.name, c)}));
    if (more) items.push({table: t.name, more});
    const self = this;
    g.select('g.rows').selectAll('g.col').data(items, (d) => d.name || '+more').join((enter) => {
      const r = enter.append('g').attr('class', (d) => (d.more ? 'col more' : 'col'));
      r.append('rect').attr('x', 1).attr('height', HL.ROW);
      r.append('text').attr('x', 10).attr('y', 13);
      r.on('click', (ev, d) => {
        ev.stopPropagation();
        if (d.more) self.on.showAll(d.table);
        else self.on.select(d.name);
      });
      return r;
    }).attr('data-name', (d) => d.name || null)
      .attr('transform', (d, i) => `translate(0,${HL.HEAD + i * HL.ROW})`)
      .call((r) => {
        r.select('rect').attr('width', p.w - 2);
        r.select('text').text((d) => (d.more ? `+ ${d.more} more column${d.more === 1 ? '' : 's'}` : HL.fit(d.column, p.w - 20, 11)));
      });
  }

  // Where a column's row is, or null when its table is closed or does not show it.
  rowAnchor(column) {
    const c = this.model.columns.get(column);
    if (!c) return null;
    const p = this.placed.positions.get(c.table);
    const shown = this.state.expanded.get(c.table);
    if (!p || !shown) return null;
    const i = HL.Renderer.rows(this.model.tables.get(c.table), shown).indexOf(c.column);
    if (i < 0) return null;
    const y = p.y + HL.HEAD + i * HL.ROW + HL.ROW / 2;
    return {left: p.x, right: p.x + p.w, y};
  }

  static curve(x1, y1, x2, y2) {
    const dx = Math.max(40, Math.abs(x2 - x1) / 2);
    return `M${x1},${y1}C${x1 + dx},${y1} ${x2 - dx},${y2} ${x2},${y2}`;
  }

  // The bounding box of a path made by curve() or link(): that of its four points.
  static boxOf(d) {
    const n = d.match(/-?[\d.]+(e-?\d+)?/g).map(Number);
    const xs = n.filter((_, i) => i % 2 === 0), ys = n.filter((_, i) => i % 2 === 1);
    const x = Math.min(...xs), y = Math.min(...ys);
    return {x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y};
  }

  // From row `a` to row `b`: left to right, or a loop on the right between two rows of one table.
  static link(a, b) {
    if (a.left !== b.left) return HL.Renderer.curve(a.right, a.y, b.left, b.y);
    const bulge = 24 + Math.abs(b.y - a.y) / 4;
    return `M${a.right},${a.y}C${a.right + bulge},${a.y} ${a.right + bulge},${b.y} ${a.right},${b.y}`;
  }

  // Table edges between placed tables; value edges between shown columns; and,
  // with conditions on, a condition's columns to the shown columns it governs.
  drawEdges() {
    const edges = [];
    const pos = this.placed.positions;
    for (const [source, out] of this.model.tableOut) {
      const a = pos.get(source);
      if (!a) continue;
      for (const [target, e] of out) {
        const b = pos.get(target);
        if (!b) continue;
        edges.push({id: 't\n' + source + '\n' + target, kind: 'table', edge: e, source, target,
          d: HL.Renderer.curve(a.x + a.w, a.y + HL.HEAD / 2, b.x, b.y + HL.HEAD / 2)});
      }
    }
    const shownColumns = [];
    for (const [table, shown] of this.state.expanded) {
      const t = this.model.tables.get(table);
      if (t && pos.has(table)) for (const c of HL.Renderer.rows(t, shown)) shownColumns.push(HL.columnName(table, c));
    }
    for (const column of shownColumns) {
      const a = this.rowAnchor(column);
      for (const [target, e] of this.model.colOut.get(column) || []) {
        const b = this.rowAnchor(target);
        if (b) edges.push({id: 'v\n' + column + '\n' + target, kind: 'value', edge: e, source: column, target, d: HL.Renderer.link(a, b)});
      }
      if (!this.state.conditions) continue;
      const seen = new Set();
      for (const cond of this.model.condByColumn.get(column) || []) {
        for (const target of cond.targets) {
          if (seen.has(target)) continue;
          const b = this.rowAnchor(target);
          if (!b) continue;
          seen.add(target);
          edges.push({id: 'c\n' + column + '\n' + target, kind: 'condition', source: column, target,
            conditions: [...this.model.condByColumn.get(column)].filter((c) => c.targets.has(target)),
            d: HL.Renderer.link(a, b)});
        }
      }
    }
    for (const e of edges) e.box = HL.Renderer.boxOf(e.d);
    this.edges = edges;
    const on = this.on;
    this.gEdges.selectAll('g.edge').data(edges, (e) => e.id).join((enter) => {
      const g = enter.append('g').attr('class', (e) => 'edge e-' + e.kind);
      g.append('path').attr('class', 'line');
      g.append('path').attr('class', 'hit');
      g.on('mousemove', (ev, e) => on.edgeOver(e, ev)).on('mouseleave', () => on.edgeOut())
        .on('click', (ev, e) => {
          ev.stopPropagation();
          on.edgeClick(e);
        });
      return g;
    }).attr('data-source', (e) => e.source).attr('data-target', (e) => e.target)
      .call((g) => {
        g.select('path.line').attr('d', (e) => e.d);
        g.select('path.hit').attr('d', (e) => e.d);
      });
  }

  // Takes what is off screen out of the drawing (display: none), so that a big graph pans and zooms at the
  // speed of what is seen; once per frame at most.
  cullSoon() {
    if (this.cullPending) return;
    this.cullPending = true;
    requestAnimationFrame(() => {
      this.cullPending = false;
      this.cull();
    });
  }

  cull() {
    if (!this.placed) return;
    const box = this.svg.node().getBoundingClientRect(), t = this.transform, m = 40 / t.k;
    const x0 = -t.x / t.k - m, y0 = -t.y / t.k - m;
    const x1 = (box.width - t.x) / t.k + m, y1 = (box.height - t.y) / t.k + m;
    const show = (el, r) => {
      const hidden = !(r.x < x1 && r.x + r.w > x0 && r.y < y1 && r.y + r.h > y0);
      if (el.culled !== hidden) {
        el.style.display = hidden ? 'none' : null;
        el.culled = hidden;
      }
    };
    const positions = this.placed.positions;
    this.gNodes.selectAll('g.table').each(function (d) { show(this, positions.get(d.name)); });
    this.gEdges.selectAll('g.edge').each(function (e) { show(this, e.box); });
  }

  // Classes for a selection: `sel` on the selected node (`holds-sel` on a
  // selected column's table), `up`/`down` on what it is fed by / feeds, and
  // on the edges between them. Tables are lit by the columns they hold too.
  highlight(sel) {
    this.svg.classed('focus', !!sel);
    const classes = (base, name, start, up, down) => {
      const cls = [...base];
      if (sel) {
        if (name === start) cls.push(start === sel.start ? 'sel' : 'holds-sel');
        if (up.has(name)) cls.push('up');
        if (down.has(name)) cls.push('down');
      }
      return cls.join(' ');
    };
    this.gNodes.selectAll('g.table').each(function (t) {
      this.setAttribute('class', sel ? classes(['table', 'kind-' + t.kind], t.name, sel.startTable, sel.tablesUp, sel.tablesDown)
        : 'table kind-' + t.kind);
    });
    this.gNodes.selectAll('g.col').each(function (d) {
      const base = d.more ? ['col', 'more'] : ['col'];
      this.setAttribute('class', sel && d.name ? classes(base, d.name, sel.start, sel.up, sel.down) : base.join(' '));
    });
    this.gEdges.selectAll('g.edge').each(function (e) {
      const cls = ['edge', 'e-' + e.kind];
      if (sel) {
        const table = e.kind === 'table';
        const up = table ? sel.tablesUp : sel.up, down = table ? sel.tablesDown : sel.down;
        const start = table ? sel.startTable : sel.start;
        if (up.has(e.source) && (up.has(e.target) || e.target === start)) cls.push('up');
        if (down.has(e.target) && (down.has(e.source) || e.source === start)) cls.push('down');
      }
      this.setAttribute('class', cls.join(' '));
    });
  }

  fit(padding) {
    const box = this.svg.node().getBoundingClientRect();
    const w = this.placed.width, h = this.placed.height;
    if (!w || !h) return;
    const k = Math.min(2, Math.min((box.width - 2 * padding) / w, (box.height - 2 * padding) / h));
    const t = d3.zoomIdentity.translate((box.width - w * k) / 2, (box.height - h * k) / 2).scale(k);
    this.svg.call(this.zoom.transform, t);
  }

  // Shows the tables `names` whole if that leaves them readable; else centres on `start`.
  fitTo(names, start) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const n of names) {
      const p = this.placed.positions.get(n);
      if (!p) continue;
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x + p.w);
      y1 = Math.max(y1, p.y + p.h);
    }
    const box = this.svg.node().getBoundingClientRect();
    const k = Math.min(1.2, (box.width - 60) / (x1 - x0), (box.height - 60) / (y1 - y0));
    if (!(k >= 0.35)) return this.centerOn(start);
    const t = d3.zoomIdentity.translate(box.width / 2 - (x0 + x1) / 2 * k, box.height / 2 - (y0 + y1) / 2 * k).scale(k);
    this.svg.call(this.zoom.transform, t);
  }

  // Pans (and zooms in when far out) so that the node `name` is in the middle.
  centerOn(name) {
    const c = this.model.columns.get(name);
    const p = this.placed.positions.get(c ? c.table : name);
    if (!p) return;
    const a = c ? this.rowAnchor(name) : null;
    const x = p.x + p.w / 2, y = a ? a.y : p.y + p.h / 2;
    const box = this.svg.node().getBoundingClientRect();
    const k = Math.max(this.transform.k, 0.8);
    this.svg.call(this.zoom.transform, d3.zoomIdentity.translate(box.width / 2 - x * k, box.height / 2 - y * k).scale(k));
  }
};

// `text`, cut with an ellipsis if need be to fit `width` pixels at `size` px.
HL.fit = function (text, width, size, bold) {
  if (HL.textWidth(text, size, bold) <= width) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (HL.textWidth(text.slice(0, mid) + '\u2026', size, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo) + '\u2026';
};

// Width of `text` in the page's font at `size` px.
HL.textWidth = (() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return (text, size, bold) => {
    ctx.font = `${bold ? 'bold ' : ''}${size}px ${HL.FONT}`;
    return ctx.measureText(text).width;
  };
})();
HL.FONT = 'system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif';
