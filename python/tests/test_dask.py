"""hivelineage.dask on a real LocalCluster of worker processes: the scripts and a generated query
log split over partitions give the command line's result for the whole."""

import json
import random

import pytest

import hivelineage
from conftest import cli_json, require

VAR = {"etl_date": "2024-03-01"}


@pytest.fixture(scope="module")
def client():
    require("dask")
    distributed = require("distributed")
    cluster = distributed.LocalCluster(n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=40)
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def worker_pids(client):
    return set(client.run(lambda: __import__("os").getpid()).values())


def test_cluster_has_worker_processes(client):
    assert len(worker_pids(client)) == 3


@pytest.mark.parametrize("npartitions", [3, 7])
def test_analyze_bag_equals_cli(client, npartitions):
    import hivelineage.dask
    paths = ["corpus/warehouse", "corpus/scripts"]
    expected, status = cli_json("--format", "json", "--quiet", "--catalog", "corpus/catalog.json", "--var",
                                "etl_date=2024-03-01", *paths)
    result = hivelineage.dask.analyze_bag(paths, npartitions=npartitions, catalog="corpus/catalog.json",
                                          variables=VAR)
    assert len(result) > 100
    assert result.to_dict() == expected
    assert result.status == status == 1


def test_analyze_bag_learns_the_schema_of_the_whole_run(client):
    """corpus/warehouse has no catalog: a part alone would not know the tables another part's DDL
    declares; each task learns the whole run's schema, so the parts agree with one run."""
    import hivelineage.dask
    whole = hivelineage.analyze(["corpus/warehouse"], variables=VAR).to_dict()
    parts = hivelineage.dask.analyze_bag(["corpus/warehouse"], npartitions=5, variables=VAR).to_dict()
    assert parts == whole
    alone = [hivelineage.analyze(["corpus/warehouse/etl"], variables=VAR).to_dict()]
    # Without the whole run's schema the etl scripts alone come out differently (what the test guards).
    etl = [s for s in whole["statements"] if s["file"].startswith("corpus/warehouse/etl/")]
    assert alone[0]["statements"] != etl


def generated_log(path, n):
    rng = random.Random(7)
    tables = [("ods.ods_order_info", ["id", "user_id", "total_amount"]), ("dwd.dwd_trade_order_detail_inc",
              ["order_id", "sku_id", "split_total_amount"]), ("ads.ads_order_by_province", ["province_name",
              "order_amount", "order_count"])]
    users = ["li.na", "zhou.min", "bi_tool", "etl"]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            table, columns = rng.choice(tables)
            cols = ", ".join(rng.sample(columns, 2))
            day = 1 + i * 28 // n
            q = f"select {cols} from {table} where dt = '2024-02-{day:02d}'"
            if i % 97 == 0:
                q = f"select {cols} from"  # a broken query: counted as an error, as the CLI does
            f.write(json.dumps({"query": q, "user": rng.choice(users), "time": f"2024-02-{day:02d}T{i % 24:02d}:00:00Z"})
                    + "\n")
            if i % 211 == 0:
                f.write('{"query": "select half a line\n')  # a malformed line
    return path


def test_usage_from_logs_equals_cli(client, tmp_path):
    dd = require("dask.dataframe")
    pd = require("pandas")
    import hivelineage.dask
    log = generated_log(tmp_path / "queries.jsonl", 2000)
    expected, status = cli_json("usage", "--format", "json", "--quiet", "--hot-reads", "50", str(log))
    with open(log, encoding="utf-8") as f:
        lines = f.read().split("\n")[:-1]
    ddf = dd.from_pandas(pd.DataFrame({"line": lines}), npartitions=4)
    report = hivelineage.dask.usage_from_logs(ddf, column="line", hot_reads=50)
    assert report.to_dict() == expected
    assert report.status == status == 1
    assert expected["tables"] and expected["summary"]


def test_usage_from_logs_of_columns(client, tmp_path):
    dd = require("dask.dataframe")
    import hivelineage.dask
    log = "corpus/warehouse/logs/queries.jsonl"
    rows = []
    with open(log, encoding="utf-8") as f:
        for line in f:
            try:
                rows.append(json.loads(line))
            except ValueError:
                pass
    pd = require("pandas")
    ddf = dd.from_pandas(pd.DataFrame(rows), npartitions=3)
    report = hivelineage.dask.usage_from_logs(ddf)
    single = hivelineage.usage(log).to_dict()
    got = report.to_dict()
    # Same tables, reads and heat; only the counts of lines and bytes differ (the malformed line
    # could not become a row).
    assert [(t["name"], t["reads"], t["heat"]) for t in got["tables"]] == [
        (t["name"], t["reads"], t["heat"]) for t in single["tables"]]


def test_dask_bad_input(client):
    import hivelineage.dask
    with pytest.raises(TypeError, match=r"usage_from_logs\(\): ddf must be a dask DataFrame, not list"):
        hivelineage.dask.usage_from_logs(["a"])
    with pytest.raises(hivelineage.InputError, match=r"analyze_bag\(\): paths\[0\]: no such file"):
        hivelineage.dask.analyze_bag(["corpus/nope"])
    with pytest.raises(TypeError, match=r"catalog must be paths every worker can read"):
        hivelineage.dask.analyze_bag(["corpus/scripts"], catalog={"tables": []})
