#!/usr/bin/env python3
"""The lineage page in a real browser (headless Chromium over the DevTools protocol, tests/browser/cdp.py).

    page_test.py --cli build/src/cli/hivelineage --source-root . --out build/tests/browser [--hive-corpus DIR]

On the bundled warehouse (corpus/): `graph --format html` loads offline (no request leaves the file, no
console error), shows every table; the search box finds a column, a real click selects it, and the columns and
tables highlighted upstream and downstream are exactly those a walk over the graph's value edges reaches (plus
condition edges once the toggle is on); a table click lights table lineage; hovering an edge shows its expression
and script:line; a table opens to its columns; SVG and PNG export download real files; `impact --format html`
and `explain --format html` open focused on their start. With --hive-corpus, the Hive test corpus's whole graph is loaded and its size and load
time reported (that part belongs to the corpus suite). With --scale N (and --bench, hivelineage_bench), the page at
scale: a generated warehouse of N scripts (100,000: some 119,000 tables) and one table of 500 columns, written into a
store and served; the suite prints how long the page takes to open to its search, to answer searches and to expand
and use the 500-column table (docs/viewer.md, "At scale"). Screenshots of each view go to OUT/screenshots/.

Without Chromium it prints one line saying so and exits 77 (meson: skipped); with CI=true that is a failure.
"""
import argparse
import collections
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cdp  # noqa: E402

SKIP = 77
COLUMN = "dwd.dwd_trade_order_detail.final_amount"  # fed by ods, feeds dwd, dws, ads and a directory
TABLE = "dws.dws_trade_province_1d"


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def not_run(reason):
    """One visible line; a skip, or a failure under CI=true."""
    if os.environ.get("CI") == "true":
        print(f"browser tests FAILED to run: {reason} (CI=true requires them)", flush=True)
        sys.exit(1)
    print(f"browser tests did not run: {reason}", flush=True)
    sys.exit(SKIP)


def run_cli(cli, *args, cwd):
    r = subprocess.run([cli, *args], cwd=cwd, capture_output=True)
    check(r.returncode in (0, 1), f"hivelineage {' '.join(args)} exited {r.returncode}: {r.stderr.decode()[-2000:]}")
    return r.stdout


class Graph:
    """What the page should show, read from the same scripts by the command line: the tables and edges of
    `graph --format json`, the column lineage `impact` answers (the page must light what impact reaches)."""

    def __init__(self, args, inputs):
        self.args, self.inputs = args, inputs
        doc = json.loads(run_cli(args.cli, "graph", "--format", "json", *inputs, cwd=args.source_root))
        self.tables = {t["name"]: t for t in doc["tables"]}
        self.value_pairs = {(e["source"], e["target"]) for e in doc["edges"]}
        self.table_out = collections.defaultdict(set)
        for e in doc["table_edges"]:
            if e["source"] != e["target"]:
                self.table_out[e["source"]].add(e["target"])

    @staticmethod
    def walk(start, out):
        seen, queue = {start}, [start]
        for x in queue:
            for y in out.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    queue.append(y)
        seen.discard(start)
        return seen

    def impact(self, column, direction, conditions):
        extra = ["--with-conditions"] if conditions else []
        doc = json.loads(run_cli(self.args.cli, "impact", f"--{direction}", column, "--format", "json", *extra,
                                 *self.inputs, cwd=self.args.source_root))
        return {c["name"] for c in doc["columns"]}

    def column_lineage(self, column, conditions):
        return self.impact(column, "upstream", conditions), self.impact(column, "downstream", conditions)

    def table_lineage(self, table):
        inn = collections.defaultdict(set)
        for s, ts in self.table_out.items():
            for t in ts:
                inn[t].add(s)
        return self.walk(table, inn), self.walk(table, self.table_out)

    def table_of(self, column):
        return max((t for t in self.tables if column.startswith(t + ".")), key=len)


def dom_names(page, selector):
    return set(page.eval(f"[...document.querySelectorAll({json.dumps(selector)})].map(e => e.dataset.name)"))


def offline_checks(page, html):
    """Nothing but the file itself (and data:/blob: URLs the page makes) was requested; no error was logged."""
    requests = page.requests()
    outside = [u for u in requests if not u.startswith(("file:", "data:", "blob:"))]
    check(not outside, f"the page made network requests: {outside[:5]}")
    check(b"<script src" not in html and b"<link" not in html, "the page refers to an outside script or style")
    errors = page.console_errors()
    check(not errors, f"errors in the browser console: {errors[:5]}")


def test_bundled_warehouse(args, browser, shots, out):
    root = pathlib.Path(args.source_root)
    common = ["--catalog", "corpus/catalog.json", "--var", "etl_date=2024-03-01", "corpus/scripts"]
    html = run_cli(args.cli, "graph", "--format", "html", *common, cwd=root)
    graph = Graph(args, common)
    page_file = out / "lineage.html"
    page_file.write_bytes(html)

    page = browser.page()
    downloads = out / "downloads"
    downloads.mkdir(exist_ok=True)
    for f in downloads.iterdir():
        f.unlink()
    browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    check(page.goto(page_file.as_uri()) == "true", "the page did not get ready: "
          + str(page.eval("document.documentElement.dataset.error")))
    stats = page.eval("HL.stats")
    print(f"bundled warehouse: {stats['tables']} tables, {stats['columns']} columns, {stats['valueEdges']} value "
          f"edges, {stats['conditions']} conditions; ready in {stats['readyMs']} ms", flush=True)
    check(stats["tables"] == len(graph.tables) > 0, f"page shows {stats['tables']} tables, graph has {len(graph.tables)}")
    drawn = dom_names(page, "g.table")
    check(drawn == set(graph.tables), f"the drawn tables differ from the graph's: {sorted(drawn ^ set(graph.tables))}")
    check(stats["valueEdges"] == len(graph.value_pairs), "the page's value edges differ from the graph's")
    groups = set(page.eval("[...document.querySelectorAll('g.group .group-label')].map(e => e.textContent.split(' ')[0])"))
    check({"ods", "dwd", "dws", "ads", "dim"} <= groups, f"tables not grouped by database: {groups}")
    # Data flows left to right: every ods table left of every ads table.
    xs = page.eval("Object.fromEntries([...HL.app.placed.positions].map(([n, p]) => [n, p.x]))")
    check(max(x for n, x in xs.items() if n.startswith("ods.")) < min(x for n, x in xs.items() if n.startswith("ads.")),
          "ods tables are not all left of ads tables")
    page.screenshot(shots / "1-overview.png")
    offline_checks(page, html)

    # Search: type into the box, the column is among the answers; a real click selects it.
    page.click("#search")
    page.type("final_amount")
    page.wait_for(f"[...document.querySelectorAll('#results li')].some(li => li.dataset.name === {json.dumps(COLUMN)})")
    page.screenshot(shots / "2-search.png")
    page.click(f'#results li[data-name="{COLUMN}"]')
    page.wait_for(f"document.querySelector('g.col.sel') && document.querySelector('g.col.sel').dataset.name === {json.dumps(COLUMN)}")
    up, down = graph.column_lineage(COLUMN, conditions=False)
    check(up and down, "the test column should have both upstream and downstream columns")
    check(dom_names(page, "g.col.up") == up, f"highlighted upstream columns {sorted(dom_names(page, 'g.col.up'))} != {sorted(up)}")
    check(dom_names(page, "g.col.down") == down, f"highlighted downstream columns {sorted(dom_names(page, 'g.col.down'))} != {sorted(down)}")
    check(dom_names(page, "g.table.up") == {graph.table_of(c) for c in up}, "upstream tables not highlighted as such")
    check(dom_names(page, "g.table.down") == {graph.table_of(c) for c in down}, "downstream tables not highlighted as such")
    panel = page.eval("document.getElementById('panel').textContent")
    check(COLUMN in panel and "Its value comes from" in panel.replace("ITS VALUE", "Its value"), "the panel does not describe the column")
    page.screenshot(shots / "3-column-selected.png")

    # Hovering a highlighted value edge shows its expression and where it is written.
    source = "ods.order_detail.split_coupon_amount"
    point = page.eval(f"""(() => {{ const g = [...document.querySelectorAll('g.edge.e-value.up')]
          .find(g => g.dataset.source === {json.dumps(source)} && g.dataset.target === {json.dumps(COLUMN)});
        const e = g.querySelector('path.line'), p = e.getPointAtLength(e.getTotalLength() * 0.1), m = e.getScreenCTM();
        return [p.x * m.a + m.e, p.y * m.d + m.f]; }})()""")
    page.hover(point[0], point[1])
    page.wait_for("!document.getElementById('tip').hidden")
    tip = page.eval("document.getElementById('tip').textContent")
    check(f"{source} \u2192 {COLUMN}" in tip, f"the tooltip does not name the edge hovered: {tip}")
    check("nvl(od.split_coupon_amount, 0)" in tip and "corpus/scripts/01_dwd_trade_order_detail.sql:6:1" in tip,
          f"the tooltip lacks the expression or script:line: {tip}")
    page.screenshot(shots / "4-edge-tooltip.png")
    page.hover(5, 5)

    # Conditions on: condition columns join the lineage, drawn dashed.
    page.click("#conditions")
    page.wait_for("document.querySelectorAll('g.edge.e-condition').length > 0")
    up_c, down_c = graph.column_lineage(COLUMN, conditions=True)
    check(up_c > up, "conditions added no upstream column")
    page.wait_for(f"[...document.querySelectorAll('g.col.up')].length === {len(up_c)}")
    check(dom_names(page, "g.col.up") == up_c and dom_names(page, "g.col.down") == down_c,
          "with conditions, the highlighted columns differ from the walk over value and condition edges")
    page.screenshot(shots / "5-conditions.png")
    page.click("#conditions")
    page.wait_for("document.querySelectorAll('g.edge.e-condition').length === 0")

    # A table: table lineage.
    page.click(f'g.table[data-name="{TABLE}"] text.title')
    page.wait_for(f"document.querySelector('g.table.sel') && document.querySelector('g.table.sel').dataset.name === {json.dumps(TABLE)}")
    t_up, t_down = graph.table_lineage(TABLE)
    check(dom_names(page, "g.table.up") == t_up and dom_names(page, "g.table.down") == t_down,
          f"table lineage highlighted {sorted(dom_names(page, 'g.table.up'))} / {sorted(dom_names(page, 'g.table.down'))}, "
          f"expected {sorted(t_up)} / {sorted(t_down)}")
    check(not dom_names(page, "g.col"), "a table selection should not open tables")
    page.screenshot(shots / "6-table-selected.png")

    # Open a table: all its columns, the tables below it in its rank pushed down, none overlapping.
    page.key("Escape")
    page.click(f'g.table[data-name="{TABLE}"] text.toggle')
    page.wait_for(f"document.querySelectorAll('g.table[data-name=\"{TABLE}\"] g.col').length > 0")
    rows = page.eval(f"[...document.querySelectorAll('g.table[data-name=\"{TABLE}\"] g.col')].map(e => e.dataset.name)")
    check(rows == [f"{TABLE}.{c}" for c in graph.tables[TABLE]["columns"]], f"opened table shows {rows}")
    boxes = page.eval("[...HL.app.placed.positions.values()]")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            check(not (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]),
                  f"tables overlap after opening one: {a} {b}")
    page.screenshot(shots / "7-table-open.png")

    # Export: the buttons download an SVG and a PNG of the view.
    page.click("#export-svg")
    page.click("#export-png")
    svg_file, png_file = downloads / "lineage.svg", downloads / "lineage.png"
    end = time.time() + 30
    while not (svg_file.exists() and png_file.exists()) and time.time() < end:
        time.sleep(0.1)
    check(svg_file.exists() and png_file.exists(), f"exports not downloaded: {list(downloads.iterdir())}")
    svg = ET.fromstring(svg_file.read_bytes())
    check(svg.tag == "{http://www.w3.org/2000/svg}svg", "the SVG export is not an SVG document")
    check(TABLE.split(".")[1] in svg_file.read_text(), "the SVG export lacks the tables on screen")
    png = png_file.read_bytes()
    check(png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10000, "the PNG export is not a PNG image")
    width = int.from_bytes(png[16:20], "big")
    check(width == 2 * round(page.eval("document.getElementById('canvas').getBoundingClientRect().width")),
          f"the PNG export is {width} px wide, not twice the view")
    offline_checks(page, html)

    # impact --format html: opens on its start, with what impact reached highlighted.
    impact_html = run_cli(args.cli, "impact", "--downstream", COLUMN, "--format", "html", *common, cwd=root)
    impact = json.loads(run_cli(args.cli, "impact", "--downstream", COLUMN, "--format", "json", *common, cwd=root))
    impact_file = out / "impact.html"
    impact_file.write_bytes(impact_html)
    page2 = browser.page()
    check(page2.goto(impact_file.as_uri()) == "true", "the impact page did not get ready")
    reached = {c["name"] for c in impact["columns"]}
    check(dom_names(page2, "g.col.sel") == {COLUMN}, "the impact page is not focused on its start")
    check(dom_names(page2, "g.col.down") == reached,
          f"the impact page highlights {sorted(dom_names(page2, 'g.col.down'))}, impact reached {sorted(reached)}")
    check(dom_names(page2, "g.table") == {graph.table_of(COLUMN)} | {t["name"] for t in impact["tables"]},
          "the impact page should show the tables impact reached")
    check("downstream of " + COLUMN in page2.eval("document.getElementById('panel').textContent"), "the focus is not named")
    page2.screenshot(shots / "8-impact-page.png")
    offline_checks(page2, impact_html)

    # explain --format html: opens on the column, with every column of its explanation highlighted upstream.
    explain_html = run_cli(args.cli, "explain", COLUMN, "--format", "html", *common, cwd=root)
    explain = json.loads(run_cli(args.cli, "explain", COLUMN, "--format", "json", *common, cwd=root))
    explain_file = out / "explain.html"
    explain_file.write_bytes(explain_html)
    page3 = browser.page()
    check(page3.goto(explain_file.as_uri()) == "true", "the explain page did not get ready")
    made_of = {n["column"] for n in explain["nodes"]} - {COLUMN}
    check(made_of, "explain named no column upstream")
    check(dom_names(page3, "g.col.sel") == {COLUMN}, "the explain page is not focused on its column")
    check(dom_names(page3, "g.col.up") == made_of,
          f"the explain page highlights {sorted(dom_names(page3, 'g.col.up'))}, explain names {sorted(made_of)}")
    named = made_of | {COLUMN} | {c for n in explain["nodes"] for d in n.get("derivations", [])
                                  for cond in d["conditions"] for c in cond["columns"]}
    check(dom_names(page3, "g.table") == {graph.table_of(c) for c in named},
          "the explain page should show the tables of the explanation's columns, its conditions' included")
    check("how " + COLUMN + " is made" in page3.eval("document.getElementById('panel').textContent"),
          "the focus is not named")
    page3.screenshot(shots / "9-explain-page.png")
    offline_checks(page3, explain_html)


def readme_image(args, path):
    """The README's picture: the bundled warehouse (corpus/warehouse), a column selected, at a modest size."""
    html = run_cli(args.cli, "graph", "--format", "html", "--var", "etl_date=2024-03-01", "corpus/warehouse",
                   cwd=args.source_root)
    page_file = pathlib.Path(args.out).resolve() / "warehouse.html"
    page_file.write_bytes(html)
    browser = cdp.Browser(cdp.find_chromium(), 1280, 720)
    try:
        page = browser.page()
        check(page.goto(page_file.as_uri()) == "true", "the page did not get ready")
        page.eval("HL.app.choose('dwd.dwd_trade_order_detail_inc.split_total_amount').then(() => 0)")
        page.screenshot(path)
    finally:
        browser.close()


def start_server(args, *extra, store=None):
    """`hivelineage serve --port 0 ... corpus/scripts` (or `--store STORE`) in the background; its process and
    URL."""
    root = pathlib.Path(args.source_root)
    inputs = ["--store", str(store)] if store else ["--catalog", "corpus/catalog.json", "--var", "etl_date=2024-03-01",
                                                    "corpus/scripts"]
    proc = subprocess.Popen([args.cli, "serve", "--port", "0", *extra, *inputs],
                            cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        m = re.search(r" on (http://127\.0\.0\.1:\d+/) ", line)
        if m:
            threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
            return proc, m.group(1)
    raise Failure(f"hivelineage serve did not start (exit {proc.wait()})")


def stop_server(proc):
    proc.send_signal(signal.SIGTERM)
    check(proc.wait(30) == 0, "hivelineage serve did not exit 0 on SIGTERM")


def served_checks(page, url):
    """The served page asked nothing of any other server, and logged no error."""
    outside = [u for u in page.requests() if not u.startswith((url, "data:", "blob:"))]
    check(not outside, f"the served page asked other servers: {outside}")
    check(not page.console_errors(), f"errors in the browser console: {page.console_errors()}")


def test_server(args, browser, shots, out):
    """The same page from `hivelineage serve`: whole when small, else starting from a search."""
    root = pathlib.Path(args.source_root)
    common = ["--catalog", "corpus/catalog.json", "--var", "etl_date=2024-03-01", "corpus/scripts"]
    graph = Graph(args, common)

    proc, url = start_server(args)
    try:
        page = browser.page()
        check(page.goto(url) == "true", "the served page did not get ready")
        check(dom_names(page, "g.table") == set(graph.tables), "the served page does not draw every table")
        page.eval(f"HL.app.choose({json.dumps(COLUMN)}).then(() => 0)")
        up, down = graph.column_lineage(COLUMN, conditions=False)
        check(dom_names(page, "g.col.up") == up and dom_names(page, "g.col.down") == down,
              "the served page highlights other columns than the file page")
        page.screenshot(shots / "serve-1-whole.png")
        served_checks(page, url)
    finally:
        stop_server(proc)

    # Too many tables to draw (here: more than 0): the page starts empty and asks as the user explores; from the
    # scripts, and from a store they were written into (each answer then reads only what it holds).
    store = out / "lineage.db"
    if store.exists():
        store.unlink()
    run_cli(args.cli, "store", "update", str(store), *common, cwd=root)
    for source, kwargs in (("scripts", {}), ("store", {"store": store})):
        proc, url = start_server(args, "--overview", "0", **kwargs)
        try:
            explore(browser.page(), url, graph, shots, source)
        finally:
            stop_server(proc)


def explore(page, url, graph, shots, source):
    """Start from a search, select a column, open a table: what is lit and drawn is what `impact` and the
    graph say."""
    check(page.goto(url) == "true", "the served page did not get ready")
    check(not dom_names(page, "g.table"), "with --overview 0 the page should start empty")
    check("search for a table or column" in page.eval("document.getElementById('panel').textContent"),
          "the empty page does not say how to start")
    page.screenshot(shots / f"serve-{source}-1-start.png")
    page.click("#search")
    page.type("final_amount")
    page.wait_for(f"[...document.querySelectorAll('#results li')].some(li => li.dataset.name === {json.dumps(COLUMN)})")
    page.click(f'#results li[data-name="{COLUMN}"]')
    page.wait_for(f"document.querySelector('g.col.sel') && document.querySelector('g.col.sel').dataset.name === {json.dumps(COLUMN)}")
    up, down = graph.column_lineage(COLUMN, conditions=False)
    check(dom_names(page, "g.col.up") == up and dom_names(page, "g.col.down") == down,
          f"the page served from the {source} highlights other columns than impact reaches")
    shown = dom_names(page, "g.table")
    check(shown == {graph.table_of(c) for c in up | down | {COLUMN}},
          f"the explored page should show just the tables of the lineage, shows {sorted(shown)}")
    page.screenshot(shots / f"serve-{source}-2-column.png")
    # Opening a table brings in the tables it shares an edge with.
    page.key("Escape")
    page.wait_for("!document.querySelector('g.col')")
    page.click('g.table[data-name="ods.order_detail"] text.toggle')
    neighbours = {"ods.order_detail"} | graph.table_out["ods.order_detail"] | \
        {s for s, ts in graph.table_out.items() if "ods.order_detail" in ts}
    page.wait_for(f"document.querySelectorAll('g.table').length >= {len(shown | neighbours)}")
    check(dom_names(page, "g.table") == shown | neighbours, "opening a table did not bring in its neighbours")
    page.screenshot(shots / f"serve-{source}-3-explored.png")
    served_checks(page, url)


def test_hive_corpus(args, browser, shots, out):
    corpus = pathlib.Path(args.hive_corpus)
    started = time.time()
    html = run_cli(args.cli, "graph", "--format", "html", "--catalog", str(corpus / "catalog.json"), str(corpus / "queries"),
                   cwd=args.source_root)
    generated = time.time() - started
    page_file = out / "hive-corpus.html"
    page_file.write_bytes(html)
    page = browser.page()
    check(page.goto(page_file.as_uri(), timeout=300) == "true", "the Hive corpus page did not get ready")
    stats = page.eval("HL.stats")
    nav = page.eval("performance.getEntriesByType('navigation')[0].toJSON()")
    ready = page.eval("performance.getEntriesByName('hl-ready')[0].startTime")
    stats.update({"html_bytes": len(html), "generate_s": round(generated, 2),
                  "dom_content_loaded_ms": round(nav["domContentLoadedEventEnd"]), "ready_ms": round(ready),
                  "svg_elements": page.eval("document.querySelectorAll('#canvas *').length")})
    t0 = time.time()
    page.eval("HL.app.choose('default.src.key').then(() => 0)")
    stats["select_default_src_key_ms"] = round((time.time() - t0) * 1000)
    stats["highlighted_columns"] = page.eval("document.querySelectorAll('g.col.up, g.col.down').length")
    (out / "hive-corpus-stats.json").write_text(json.dumps(stats, indent=2) + "\n")
    print("Hive corpus page: " + json.dumps(stats), flush=True)
    check(stats["tables"] > 5000, "the Hive corpus graph should have over 5,000 tables")
    check(stats["highlighted_columns"] > 100, "selecting default.src.key lit too little")
    page.screenshot(shots / "hive-corpus-selected.png")
    page.eval("HL.app.clearSelection(), HL.app.redraw(true)")
    page.screenshot(shots / "hive-corpus-overview.png")
    offline_checks(page, html)


WIDE_COLUMNS = 500


def wide_script():
    """Two tables of WIDE_COLUMNS columns and an INSERT from one into the other, column by column."""
    cols = [f"c{i:03d}" for i in range(1, WIDE_COLUMNS + 1)]
    ddl = lambda t: f"CREATE TABLE IF NOT EXISTS {t} (\n" + ",\n".join(f"  {c} string" for c in cols) + "\n);\n"
    return (ddl(f"ods.ods_wide_{WIDE_COLUMNS}") + ddl(f"dwd.dwd_wide_{WIDE_COLUMNS}") +
            f"INSERT OVERWRITE TABLE dwd.dwd_wide_{WIDE_COLUMNS}\nSELECT " +
            ",\n       ".join(f"trim({c}) AS {c}" for c in cols) + f"\nFROM ods.ods_wide_{WIDE_COLUMNS};\n")


# In the page: milliseconds from the mark set by the last mousedown or input event (window.__t0) until `done`
# holds and a frame has been drawn after it.
AFTER = """new Promise((resolve, reject) => {{
  const end = performance.now() + {timeout};
  const frame = () => Promise.race([new Promise((r) => requestAnimationFrame(() => r())),
                                    new Promise((r) => setTimeout(r, 500))]);
  const step = () => {{
    if ({done}) frame().then(() => resolve(performance.now() - window.__t0));
    else if (performance.now() > end) reject(new Error('timed out waiting for ' + {what}));
    else setTimeout(step, 2);
  }};
  step();
}})"""

MARK_NEXT = """window.__t0 = 0;
['mousedown', 'input'].forEach((k) => document.addEventListener(k, () => {{ window.__t0 = window.__t0 || performance.now(); }},
                                                           {{once: true, capture: true}})); 0"""


def timed(page, act, done, timeout=60):
    page.eval(MARK_NEXT.format())
    act()
    return round(page.eval(AFTER.format(timeout=timeout * 1000, done=done, what=json.dumps(done)), timeout + 10), 1)


def last_request_ms(page, path):
    """How long the page's last request to `path` took, from its start to its last byte."""
    return round(page.eval(f"performance.getEntriesByType('resource').filter((e) => e.name.includes({json.dumps(path)}))"
                           ".pop().duration"), 1)


def rss_mb(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return None


def test_scale(args, browser, shots, out):
    """The page of a generated warehouse of --scale scripts, served from a store: what it takes to open to its
    search, to search, and to open and use a 500-column table. Printed and written to OUT/scale-stats.json; the
    checks are on what is shown, the times are reported (docs/viewer.md, "At scale")."""
    check(args.bench, "--scale needs --bench (hivelineage_bench, which generates the warehouse)")
    wh = out / f"warehouse-{args.scale}"
    shutil.rmtree(wh, ignore_errors=True)
    stats = {"scripts": args.scale}
    t = time.time()
    r = subprocess.run([os.path.abspath(args.bench), "warehouse", "--scripts", str(args.scale), "--max-columns", "12",
                        "--out", str(wh)], capture_output=True)
    check(r.returncode == 0, f"hivelineage_bench warehouse failed: {r.stderr.decode()[-2000:]}")
    (wh / "scripts" / f"wide_{WIDE_COLUMNS}.sql").write_text(wide_script())
    stats["generate_s"] = round(time.time() - t, 1)
    store = out / f"warehouse-{args.scale}.db"
    for f in out.glob(f"warehouse-{args.scale}.db*"):
        f.unlink()
    t = time.time()
    run_cli(args.cli, "store", "update", str(store), str(wh / "scripts"), "--var", "etl_date=2024-03-01",
            cwd=args.source_root)
    stats["store_update_s"] = round(time.time() - t, 1)
    shutil.rmtree(wh)  # the store holds what the page needs
    wide, wide_out = f"ods.ods_wide_{WIDE_COLUMNS}", f"dwd.dwd_wide_{WIDE_COLUMNS}"

    proc, url = start_server(args, store=store)  # the default overview: past 2,000 tables the page starts at search
    try:
        stats["serve_rss_mb"] = rss_mb(proc.pid)
        page = browser.page()
        t = time.time()
        check(page.goto(url) == "true", "the page of the generated warehouse did not get ready")
        stats["open_wall_ms"] = round((time.time() - t) * 1000)
        stats["open_ms"] = round(page.eval("performance.getEntriesByName('hl-ready')[0].startTime"))
        hint = page.eval("document.getElementById('panel').textContent")
        m = re.search(r"This lineage has ([\d,]+) tables", hint)
        check(m, f"the page of a big warehouse should start at its search, says: {hint[:200]}")
        stats["tables"] = int(m.group(1).replace(",", ""))
        check(stats["tables"] >= args.scale, f"{args.scale} scripts should make at least as many tables, the page says "
              f"{stats['tables']}")
        check(not dom_names(page, "g.table"), "the page of a big warehouse should start with nothing drawn")
        page.screenshot(shots / "scale-1-start.png")

        # Searches: from the keystroke (one input event) until the list is drawn, the page's 60 ms pause included;
        # and the request alone.
        page.click("#search")
        searches = {}
        for q, first in ((f"ods_wide_{WIDE_COLUMNS}", wide), ("user", None), ("a", None), ("amount", None)):
            page.eval("document.getElementById('search').value = '', document.getElementById('results').replaceChildren(), 0")
            ms = timed(page, lambda: page.type(q), "document.querySelector('#results li')")
            found = page.eval("[...document.querySelectorAll('#results li')].map((li) => li.dataset.name)")
            check(found and all(n and q in n for n in found), f"searching {q!r} listed {found[:5]}")
            if first:
                check(found[0] == first, f"searching {q!r} should list {first} first, lists {found[:3]}")
            searches[q] = {"ms": ms, "request_ms": last_request_ms(page, "api/search"), "listed": len(found)}
        stats["search"] = searches
        page.screenshot(shots / "scale-2-search.png")

        # The 500-column table: chosen from the list, opened whole, one of its columns clicked.
        page.eval("document.getElementById('search').value = '', document.getElementById('results').replaceChildren(), 0")
        page.type(f"ods_wide_{WIDE_COLUMNS}")
        page.wait_for(f"!!document.querySelector('#results li[data-name=\"{wide}\"]')")
        page.eval("window.__long = []; new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => "
                  "e.duration))).observe({type: 'longtask'}), 0")
        stats["choose_ms"] = timed(page, lambda: page.click(f'#results li[data-name="{wide}"]'),
                                   f"document.querySelector('g.table[data-name=\"{wide}\"]')")
        stats["expand_ms"] = timed(page, lambda: page.click(f'g.table[data-name="{wide}"] text.toggle'),
                                   f"document.querySelectorAll('g.col[data-name^=\"{wide}.\"]').length === {WIDE_COLUMNS}")
        drawn = dom_names(page, f'g.table[data-name="{wide}"] g.col')
        check(drawn == {f"{wide}.c{i:03d}" for i in range(1, WIDE_COLUMNS + 1)},
              f"opening {wide} should draw its {WIDE_COLUMNS} columns, drew {len(drawn)}")
        check(wide_out in dom_names(page, "g.table"), f"opening {wide} should bring in {wide_out}, which it feeds")
        page.screenshot(shots / "scale-3-wide.png")
        column = f"{wide}.c001"
        stats["select_column_ms"] = timed(page, lambda: page.click(f'g.col[data-name="{column}"]'),
                                          f"document.querySelector('g.col.sel[data-name=\"{column}\"]')")
        check(dom_names(page, "g.col.down") == {f"{wide_out}.c001"},
              f"clicking {column} should light {wide_out}.c001 downstream, lit {sorted(dom_names(page, 'g.col.down'))[:5]}")
        # Both tables open ("+ 499 more columns" on the one the selection opened): 1,000 columns and the 500 value
        # edges between them drawn, and still answering clicks.
        stats["expand_second_ms"] = timed(page, lambda: page.click(f'g.table[data-name="{wide_out}"] g.col.more'),
                                          f"document.querySelectorAll('g.col[data-name^=\"{wide_out}.\"]').length === {WIDE_COLUMNS}")
        column = f"{wide_out}.c002"
        stats["select_column_both_open_ms"] = timed(page, lambda: page.click(f'g.col[data-name="{column}"]'),
                                                    f"document.querySelector('g.col.sel[data-name=\"{column}\"]')")
        check(dom_names(page, "g.col.up") == {f"{wide}.c002"},
              f"clicking {column} should light {wide}.c002 upstream, lit {sorted(dom_names(page, 'g.col.up'))[:5]}")
        stats["longest_task_ms"] = round(max(page.eval("window.__long") or [0]), 1)
        stats["svg_elements"] = page.eval("document.querySelectorAll('#canvas *').length")
        page.screenshot(shots / "scale-4-column.png")
        stats["serve_rss_mb_after"] = rss_mb(proc.pid)
        served_checks(page, url)
    finally:
        stop_server(proc)
        for f in out.glob(f"warehouse-{args.scale}.db*"):
            f.unlink()  # 1.5 GB at 100,000 scripts
    (out / "scale-stats.json").write_text(json.dumps(stats, indent=2) + "\n")
    print("Page at scale: " + json.dumps(stats), flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cli", required=True)
    p.add_argument("--source-root", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--hive-corpus")
    p.add_argument("--serve", action="store_true", help="test the page served by `hivelineage serve`")
    p.add_argument("--scale", type=int, help="the page of a generated warehouse of this many scripts")
    p.add_argument("--bench", help="hivelineage_bench, for --scale")
    p.add_argument("--readme-image", help="after the test, write the README's screenshot there")
    args = p.parse_args()
    args.cli = os.path.abspath(args.cli)  # meson gives it relative to the build folder
    if args.hive_corpus and not (pathlib.Path(args.hive_corpus) / "queries").is_dir():
        not_run(f"the Hive test corpus is not at {args.hive_corpus} (the corpus suite needs ../shared)")
    chromium = cdp.find_chromium()
    if not chromium:
        not_run("chromium not found (apt-get install chromium; bash tools/setup.sh test installs it)")
    out = pathlib.Path(args.out).resolve()
    shots = out / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    browser = cdp.Browser(chromium)
    try:
        if args.hive_corpus:
            test_hive_corpus(args, browser, shots, out)
        elif args.scale:
            test_scale(args, browser, shots, out)
        elif args.serve:
            test_server(args, browser, shots, out)
        else:
            test_bundled_warehouse(args, browser, shots, out)
            if args.readme_image:
                readme_image(args, args.readme_image)
    except (Failure, cdp.ProtocolError) as e:
        print(f"FAIL: {e}", flush=True)
        print(f"screenshots so far: {shots}", flush=True)
        return 1
    finally:
        browser.close()
    print(f"ok; screenshots in {shots}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
