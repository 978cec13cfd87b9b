// Where tables go: grouped by database (or layer), data flowing left to right.
//
// Two levels, both laid out by dagre (layered, left to right):
//  - inside a group, each connected component of the group's own table edges
//    is laid out once, with tables collapsed, and the components are stacked
//    in columns;
//  - the groups themselves are laid out as one graph whose edges are the
//    table edges between groups, so ods comes before dwd before dws.
// A table that opens to show its columns grows downwards and pushes the
// tables below it in its rank down by as much (reflow), so nothing else moves
// sideways and the picture the user has in mind stays put; dagre does not run
// again. Dagre's work per component is cached, so regrouping and reflowing
// are cheap; only the first layout of a big graph takes time (docs/viewer.md).
'use strict';
var HL = window.HL = window.HL || {};

// Spacing inside groups: padding, the label's height, between components, between columns.
const GROUP_PAD = 14, GROUP_LABEL = 22, GAP = 16, COL_GAP = 40;
// A rank of more tables than this is wrapped into columns.
const WRAP_RANK = 40;

HL.Layout = class Layout {
  constructor() {
    this.components = new Map();  // component key -> {nodes: [names], base: Map(name -> {x, y, w, h}) or null}
    this.stats = {dagreMs: 0, components: 0};
  }

  // Components of `names` linked by table edges inside the same group, each
  // [names...] sorted; singletons included.
  static componentsOf(model, names, groupOf) {
    const parent = new Map(names.map((n) => [n, n]));
    const find = (x) => {
      while (parent.get(x) !== x) {
        parent.set(x, parent.get(parent.get(x)));
        x = parent.get(x);
      }
      return x;
    };
    for (const n of names) {
      const out = model.tableOut.get(n);
      if (!out) continue;
      for (const t of out.keys()) {
        if (!parent.has(t) || groupOf(t) !== groupOf(n)) continue;
        const a = find(n), b = find(t);
        if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
      }
    }
    const comps = new Map();
    for (const n of names) {
      const r = find(n);
      if (!comps.has(r)) comps.set(r, []);
      comps.get(r).push(n);
    }
    return [...comps.values()].map((c) => c.sort());
  }

  // Lays out every component not laid out yet (dagre, tables collapsed).
  // Yields to the browser now and then so that the page can show progress.
  async prepare(model, comps, sizeOf, onProgress) {
    let done = 0, last = performance.now();
    const total = comps.reduce((n, c) => n + c.length, 0);
    for (const nodes of comps) {
      const key = nodes.join('\n');
      if (!this.components.has(key)) this.components.set(key, {nodes, base: nodes.length > 1 ? this.dagre(model, nodes, sizeOf) : null});
      done += nodes.length;
      if (performance.now() - last > 100) {
        if (onProgress) onProgress(done, total);
        await new Promise((r) => setTimeout(r, 0));
        last = performance.now();
      }
    }
    this.stats.components = comps.length;
  }

  dagre(model, nodes, sizeOf) {
    const t0 = performance.now();
    const g = new dagre.graphlib.Graph();
    // network-simplex ranks best; on a component of hundreds of tables tight-tree is several times faster.
    g.setGraph({rankdir: 'LR', nodesep: 10, ranksep: 70, ranker: nodes.length > 300 ? 'tight-tree' : 'network-simplex'});
    g.setDefaultEdgeLabel(() => ({}));
    const set = new Set(nodes);
    for (const n of nodes) {
      const s = sizeOf(n, true);
      g.setNode(n, {width: s.w, height: s.h});
    }
    for (const n of nodes) {
      const out = model.tableOut.get(n);
      if (out) for (const t of out.keys()) if (set.has(t) && t !== n) g.setEdge(n, t);
    }
    dagre.layout(g);
    const base = new Map();
    for (const n of nodes) {
      const p = g.node(n);
      base.set(n, {x: p.x, y: p.y, w: p.width, h: p.height});
    }
    this.stats.dagreMs += performance.now() - t0;
    return base;
  }

  // Positions (top left corner, size) of every table of `comps` at its current
  // size, the group boxes, and the whole drawing's size.
  //
  // Everything is arranged with the tables closed, so that opening a table
  // (or selecting a column, which opens the tables it passes through) moves
  // nothing sideways: it only pushes down what is below it, in its rank, its
  // column of components and its column of groups.
  place(model, comps, groupOf, sizeOf) {
    const closed = (n) => sizeOf(n, true);
    const groups = new Map();
    for (const nodes of comps) {
      const c = this.components.get(nodes.join('\n'));
      const key = groupOf(nodes[0]);
      if (!groups.has(key)) groups.set(key, {key, comps: [], area: 0, tables: 0});
      const grp = groups.get(key);
      const box = this.reflow(c, closed);
      grp.comps.push({nodes, closed: box, open: this.reflow(c, sizeOf)});
      grp.area += (box.w + GAP) * (box.h + GAP);
      grp.tables += nodes.length;
    }
    for (const grp of groups.values()) {
      grp.comps.sort((a, b) => b.nodes.length - a.nodes.length || (a.nodes[0] < b.nodes[0] ? -1 : 1));
    }
    const groupEdges = this.groupEdges(model, comps, groupOf);
    let corners = this.arrange(groups, groupEdges);
    // Components facing the tables they link to in other groups cross fewer
    // edges: order each group's components by where their neighbours are
    // (barycentres), then arrange again.
    const closedY = new Map();
    for (const grp of groups.values()) {
      const [gx, gy] = corners.get(grp.key);
      for (const c of grp.comps) for (const [n, r] of c.closed.rel) closedY.set(n, gy + c.oy + r.y);
    }
    for (const grp of groups.values()) {
      for (const c of grp.comps) {
        let sum = 0, n = 0;
        for (const name of c.nodes) {
          for (const index of [model.tableOut, model.tableIn]) {
            for (const other of (index.get(name) || new Map()).keys()) {
              if (!closedY.has(other) || groupOf(other) === grp.key) continue;
              sum += closedY.get(other);
              n++;
            }
          }
        }
        c.bary = n ? sum / n : Infinity;
      }
      grp.comps.sort((a, b) => a.bary - b.bary || b.nodes.length - a.nodes.length || (a.nodes[0] < b.nodes[0] ? -1 : 1));
    }
    corners = this.arrange(groups, groupEdges);
    return this.open(groups, corners);
  }

  // Table edges between groups, counted: [from, to, count].
  groupEdges(model, comps, groupOf) {
    const weights = new Map(), placed = new Set(comps.flat());
    for (const nodes of comps) {
      for (const n of nodes) {
        const a = groupOf(n);
        for (const t of (model.tableOut.get(n) || new Map()).keys()) {
          if (!placed.has(t) || groupOf(t) === a) continue;
          const k = a + '\n' + groupOf(t);
          weights.set(k, (weights.get(k) || 0) + 1);
        }
      }
    }
    return [...weights].map(([k, w]) => [...k.split('\n'), w]);
  }

  // With the tables closed: stacks each group's components in columns, in
  // their order (setting each component's column offset ox and oy), then
  // places the groups: dagre for those linked by table edges, rows under them
  // for the others. Returns group key -> [x, y] of its corner.
  arrange(groups, groupEdges) {
    for (const grp of groups.values()) {
      const limit = Math.max(800, Math.sqrt(grp.area) * 1.6, ...grp.comps.map((c) => c.closed.h));
      let x = 0, y = 0, colW = 0, maxY = 0;
      for (const c of grp.comps) {
        if (y > 0 && y + c.closed.h > limit) {
          x += colW + COL_GAP;
          y = 0;
          colW = 0;
        }
        c.ox = x;
        c.oy = y;
        y += c.closed.h + GAP;
        colW = Math.max(colW, c.closed.w);
        maxY = Math.max(maxY, y - GAP);
      }
      grp.w = x + colW + 2 * GROUP_PAD;
      grp.h = maxY + 2 * GROUP_PAD + GROUP_LABEL;
    }
    const linked = new Set(groupEdges.flatMap(([a, b]) => [a, b]));
    const gg = new dagre.graphlib.Graph();
    gg.setGraph({rankdir: 'LR', nodesep: 40, ranksep: 110});
    gg.setDefaultEdgeLabel(() => ({}));
    for (const grp of groups.values()) if (linked.has(grp.key) || groups.size === 1) gg.setNode(grp.key, {width: grp.w, height: grp.h});
    for (const [a, b, weight] of groupEdges) gg.setEdge(a, b, {weight});
    const t0 = performance.now();
    dagre.layout(gg);
    this.stats.dagreMs += performance.now() - t0;
    const corners = new Map();
    let width = 0, height = 0;
    for (const key of gg.nodes()) {
      const p = gg.node(key), grp = groups.get(key);
      corners.set(key, [p.x - grp.w / 2, p.y - grp.h / 2]);
      width = Math.max(width, p.x + grp.w / 2);
      height = Math.max(height, p.y + grp.h / 2);
    }
    const rowWidth = Math.max(width, 1600);
    let x = 0, y = height ? height + 60 : 0, rowH = 0;
    for (const grp of [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
      if (corners.has(grp.key)) continue;
      if (x > 0 && x + grp.w > rowWidth) {
        x = 0;
        y += rowH + 40;
        rowH = 0;
      }
      corners.set(grp.key, [x, y]);
      x += grp.w + 40;
      rowH = Math.max(rowH, grp.h);
    }
    return corners;
  }

  // The arrangement with the tables at their current sizes: in each column of
  // components, each component pushes the next down by what it grew; each
  // group pushes down the groups below it in the same way.
  open(groups, corners) {
    const boxes = [];
    for (const grp of groups.values()) {
      const bottoms = new Map();
      let h = 0, w = 0;
      for (const c of grp.comps) {
        const top = Math.max(c.oy, bottoms.get(c.ox) || 0);
        c.top = top;
        bottoms.set(c.ox, top + c.open.h + GAP);
        h = Math.max(h, top + c.open.h);
        w = Math.max(w, c.ox + c.open.w);
      }
      const [x, y] = corners.get(grp.key);
      boxes.push({key: grp.key, x, y, y0: y, h0: grp.h, w: w + 2 * GROUP_PAD, h: h + 2 * GROUP_PAD + GROUP_LABEL,
        tables: grp.tables, grp});
    }
    boxes.sort((a, b) => a.y0 - b.y0 || a.x - b.x);
    for (let i = 0; i < boxes.length; i++) {
      const g = boxes[i];
      for (let j = 0; j < i; j++) {
        const p = boxes[j];
        if (p.x < g.x + g.w && g.x < p.x + p.w && p.y0 + p.h0 <= g.y0 + 1) {
          g.y = Math.max(g.y, p.y + p.h + (g.y0 - (p.y0 + p.h0)));
        }
      }
    }
    const positions = new Map();
    let width = 0, height = 0;
    for (const b of boxes) {
      for (const c of b.grp.comps) {
        for (const [n, r] of c.open.rel) {
          positions.set(n, {x: b.x + GROUP_PAD + c.ox + r.x, y: b.y + GROUP_PAD + GROUP_LABEL + c.top + r.y, w: r.w, h: r.h});
        }
      }
      width = Math.max(width, b.x + b.w);
      height = Math.max(height, b.y + b.h);
      delete b.grp;
      delete b.y0;
      delete b.h0;
    }
    boxes.sort((a, b) => (a.key < b.key ? -1 : 1));
    return {positions, groups: boxes, width, height};
  }

  // A component at the tables' current sizes. A rank (the tables sharing an
  // x) of more tables than fit a screen (a table read by hundreds) is wrapped
  // into several columns, the ranks after it moving right to make room, and
  // the other ranks' heights scaled to match. In every rank a table that grew
  // (opened) pushes down those below it, keeping their order.
  // Returns {nodes, rel: Map(name -> {x, y, w, h} from the component's corner), w, h}.
  reflow(c, sizeOf) {
    const rel = new Map();
    if (!c.base) {
      const s = sizeOf(c.nodes[0], false);
      rel.set(c.nodes[0], {x: 0, y: 0, w: s.w, h: s.h});
      return {nodes: c.nodes, rel, w: s.w, h: s.h};
    }
    const ranks = new Map();
    let top = Infinity, bottom = -Infinity;
    for (const [n, b] of c.base) {
      const k = Math.round(b.x);
      if (!ranks.has(k)) ranks.set(k, []);
      ranks.get(k).push(n);
      top = Math.min(top, b.y - b.h / 2);
      bottom = Math.max(bottom, b.y + b.h / 2);
    }
    const order = [...ranks.keys()].sort((a, b) => a - b);
    for (const x of order) ranks.get(x).sort((a, b) => c.base.get(a).y - c.base.get(b).y);
    // Wrapped ranks: columns of perCol tables, as square a block as they make.
    const wraps = new Map();
    for (const x of order) {
      const names = ranks.get(x);
      if (names.length <= WRAP_RANK) continue;
      const sizes = names.map((n) => sizeOf(n, false));
      const colW = Math.max(...sizes.map((s) => s.w)) + COL_GAP / 2;
      const perCol = Math.max(WRAP_RANK, Math.ceil(Math.sqrt(names.length * colW / (HL.HEAD + GAP))));
      const heights = [];
      names.forEach((n, i) => {
        const col = Math.floor(i / perCol);
        heights[col] = (heights[col] || 0) + sizes[i].h + GAP / 2;
      });
      wraps.set(x, {sizes, colW, perCol, cols: heights.length, h: Math.max(...heights)});
    }
    const scale = wraps.size ? Math.min(1, Math.max(...[...wraps.values()].map((w) => w.h)) / (bottom - top)) : 1;
    const at = (y) => top + (y - top) * scale;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, shift = 0;
    const put = (n, left, y, s) => {
      rel.set(n, {x: left, y, w: s.w, h: s.h});
      minX = Math.min(minX, left);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, left + s.w);
      maxY = Math.max(maxY, y + s.h);
    };
    for (const x of order) {
      const names = ranks.get(x), w = wraps.get(x);
      if (!w) {
        let below = -Infinity;
        for (const n of names) {
          const b = c.base.get(n), s = sizeOf(n, false);
          const y = Math.max(at(b.y - b.h / 2), below);
          put(n, x + shift - s.w / 2, y, s);
          below = y + s.h + GAP / 2;
        }
        continue;
      }
      const middle = at((c.base.get(names[0]).y + c.base.get(names[names.length - 1]).y) / 2);
      const y = new Array(w.cols).fill(middle - w.h / 2);
      names.forEach((n, i) => {
        const col = Math.floor(i / w.perCol);
        put(n, x + shift - w.colW / 2 + col * w.colW, y[col], w.sizes[i]);
        y[col] += w.sizes[i].h + GAP / 2;
      });
      shift += (w.cols - 1) * w.colW;
    }
    for (const r of rel.values()) {
      r.x -= minX;
      r.y -= minY;
    }
    return {nodes: c.nodes, rel, w: maxX - minX, h: maxY - minY};
  }
};
