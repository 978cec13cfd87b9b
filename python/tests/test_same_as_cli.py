"""The package and the command line give the same JSON (after json.loads), on the corpus scripts
and for every question: the two run the same C++, and these tests keep them from drifting."""

import json
import os

import pytest

import hivelineage
from conftest import SOURCE_ROOT, cli_json, require

VAR = {"etl_date": "2024-03-01"}
CASES = [
    # (what, package keyword arguments, CLI arguments)
    (["corpus/scripts"], dict(catalog="corpus/catalog.json", variables=VAR),
     ["--catalog", "corpus/catalog.json", "--var", "etl_date=2024-03-01", "corpus/scripts"]),
    (["corpus/warehouse"], dict(variables=VAR), ["--var", "etl_date=2024-03-01", "corpus/warehouse"]),
    (["corpus/five-scripts"], dict(semantics="hive", default_db="ods"),
     ["--semantics", "hive", "--default-db", "ods", "corpus/five-scripts"]),
    (["corpus/possible"], dict(learn_schema=False, jobs=1), ["--no-learn-schema", "-j", "1", "corpus/possible"]),
]


@pytest.mark.parametrize("paths,kwargs,cli_args", CASES, ids=[c[0][0] for c in CASES])
def test_analyze_equals_cli(paths, kwargs, cli_args):
    expected, status = cli_json("--format", "json", "--quiet", *cli_args)
    result = hivelineage.analyze(paths, **kwargs)
    assert len(result) >= 4
    assert result.to_dict() == expected
    assert result.status == status
    # The typed view reads the same document.
    assert [s.kind for s in result.statements] == [s["kind"] for s in expected["statements"]]


def test_analyze_equals_cli_on_the_hive_corpus():
    queries = os.path.join(SOURCE_ROOT, "..", "shared", "corpus", "hive-qtests", "queries")
    if not os.path.isdir(queries):
        if os.environ.get("CI") == "true":
            pytest.fail(f"{queries} not found under CI=true")
        pytest.skip("../shared/corpus/hive-qtests not found")
    expected, _ = cli_json("--format", "json", "--quiet", "--warnings", "none", queries)
    result = hivelineage.analyze([queries])
    assert len(result) > 40000
    assert result.to_dict() == expected


def test_sql_text_equals_cli_e():
    sql = "insert into dw.t select a, count(*) from ods.s group by a; select x from"
    expected, _ = cli_json("--format", "json", "--quiet", "-e", sql)
    assert hivelineage.analyze(sql).to_dict() == expected


WAREHOUSE = ["--var", "etl_date=2024-03-01", "corpus/warehouse"]


@pytest.fixture(scope="module")
def warehouse():
    return hivelineage.Warehouse(["corpus/warehouse"], variables=VAR)


def test_graph_formats_equal_cli(warehouse):
    expected, _ = cli_json("graph", "--format", "json", *WAREHOUSE)
    assert warehouse.graph() == expected
    expected, _ = cli_json("graph", "--format", "json", "--level", "table", *WAREHOUSE)
    assert warehouse.graph(level="table") == expected
    dot = warehouse.graph("dot")
    assert dot.startswith("digraph") and "ods" in dot
    assert warehouse.graph("mermaid").startswith("flowchart")
    events = warehouse.graph("openlineage")
    assert len(events) > 10 and all(e["eventType"] == "COMPLETE" for e in events)
    assert any(e["job"]["name"].startswith("corpus/warehouse/etl/") for e in events)


def test_queries_equal_cli(warehouse):
    column = "ods.ods_order_detail.split_total_amount"
    pairs = [
        (warehouse.impact(column), ["impact", "--downstream", column, "--format", "json"]),
        (warehouse.impact("ads.ads_order_by_province.order_amount", upstream=True, with_conditions=True),
         ["impact", "--upstream", "ads.ads_order_by_province.order_amount", "--with-conditions",
          "--format", "json"]),
        (warehouse.explain("ads.ads_order_by_province.order_amount"),
         ["explain", "ads.ads_order_by_province.order_amount", "--format", "json"]),
        (warehouse.path("ods.ods_order_detail", "ads.ads_order_by_province"),
         ["path", "ods.ods_order_detail", "ads.ads_order_by_province", "--format", "json"]),
        (warehouse.path("ods", "ads", level="database"), ["path", "ods", "ads", "--level", "database",
                                                          "--format", "json"]),
        (warehouse.leaves(), ["leaves", "--format", "json", "--level", "table"]),
        (warehouse.roots(level="column"), ["roots", "--format", "json", "--level", "column"]),
        (warehouse.orphans(), ["orphans", "--format", "json", "--level", "table"]),
        (warehouse.readers("ods.ods_order_detail"), ["readers", "ods.ods_order_detail", "--format", "json"]),
        (warehouse.writers("dwd.dwd_trade_order_detail_inc"), ["writers", "dwd.dwd_trade_order_detail_inc",
                                                              "--format", "json"]),
    ]
    for answer, args in pairs:
        expected, status = cli_json(*args, *WAREHOUSE)
        assert answer.to_dict() == expected, args
        assert answer.status == status
    impact = pairs[0][0]
    assert impact.kind == "impact" and "Impact[impact](" in repr(impact)


def test_checks_equal_cli(warehouse):
    gov = "corpus/warehouse/governance/"
    found = warehouse.sensitive(gov + "tags.csv", levels=gov + "levels.csv")
    expected, status = cli_json("check", "sensitive", "--tags", gov + "tags.csv", "--levels", gov + "levels.csv",
                                "--format", "json", *WAREHOUSE)
    assert found.to_dict() == expected and found.status == status
    assert found.to_dict() == hivelineage.sensitive(["corpus/warehouse"], gov + "tags.csv", levels=gov + "levels.csv",
                                                    variables=VAR).to_dict()
    found = hivelineage.schedule(gov + "jobs.json", ["corpus/warehouse"], variables=VAR)
    expected, status = cli_json("check", "schedule", "--jobs", gov + "jobs.json", "--format", "json", *WAREHOUSE)
    assert found.to_dict() == expected and found.status == status == 1


def test_usage_equals_cli():
    logs = "corpus/warehouse/logs/queries.jsonl"
    expected, status = cli_json("usage", "--format", "json", "--quiet", logs)
    report = hivelineage.usage(logs)
    assert report.to_dict() == expected and report.status == status
    expected, _ = cli_json("usage", "--format", "json", "--quiet", "--hot-reads", "3", "--scripts",
                           "corpus/warehouse", "--var", "etl_date=2024-03-01", logs)
    assert hivelineage.usage([logs], hot_reads=3, scripts="corpus/warehouse", variables=VAR).to_dict() == expected


def test_store_update_and_queries_equal_cli(tmp_path, warehouse):
    store = hivelineage.Store(tmp_path / "lineage.db")
    report = store.update(["corpus/warehouse"], variables=VAR)
    assert "hivelineage store: 31 scripts, all analysed (a new store)" in report
    assert "nothing changed" in store.update(["corpus/warehouse"], variables=VAR)  # incremental
    assert "scripts              31" in store.info()
    assert store.graph() == warehouse.graph()
    column = "ods.ods_order_detail.split_total_amount"
    assert store.impact(column).to_dict() == warehouse.impact(column).to_dict()
    expected, _ = cli_json("readers", "ods.ods_order_detail", "--format", "json", "--store", str(tmp_path / "lineage.db"))
    assert store.readers("ods.ods_order_detail").to_dict() == expected
