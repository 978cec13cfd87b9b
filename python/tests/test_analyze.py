"""analyze(): typed results, help, and the GIL released while C++ works."""

import threading
import time

import pytest

import hivelineage


def test_text_gives_statements_with_lineage():
    r = hivelineage.analyze("insert overwrite table dw.t select id, upper(name) as name from ods.s where dt = '1'")
    assert len(r) == 1
    st = r.statements[0]
    assert st.kind == "insert" and st.inputs == ["ods.s"] and st.outputs == ["dw.t"]
    assert [(c.target, c.sources, c.expression) for c in st.columns] == [
        ("dw.t.id", ["ods.s.id"], "id"), ("dw.t.name", ["ods.s.name"], "upper(name)")]
    assert [(c.clause, c.columns) for c in st.conditions] == [("where", ["ods.s.dt"])]
    assert not st.has_error and r.status == 0
    assert repr(st) == "Statement(<-e>:1 insert, inputs=['ods.s'], outputs=['dw.t'], columns=2)"
    assert repr(r) == "Analysis(1 files, 1 statements, 0 with errors)"
    assert repr(st.columns[0]) == "ColumnLineage(target='dw.t.id', sources=['ods.s.id'], expression='id')"


def test_sql_error_is_data_and_other_statements_are_kept():
    r = hivelineage.analyze("select a from; insert into x.y select b from z.w")
    assert [s.kind for s in r.statements] == ["query", "insert"]
    assert r.statements[0].has_error and not r.statements[1].has_error
    err = r.statements[0].errors[0]
    assert (err.line, err.column) == (1, 14) and "expected table name" in err.message
    assert r.status == 1 and "<-e>:1:14: error" in r.diagnostics


def test_options_reach_the_analyser():
    r = hivelineage.analyze(b"insert into t select c from s where dt = '${dt}'", default_db="ods",
                            variables={"dt": "2024-03-01"},
                            catalog={"tables": [{"name": "s", "columns": [{"name": "c", "type": "int"}],
                                                 "partition_columns": [{"name": "dt", "type": "string"}]}]})
    st = r.statements[0]
    assert st.outputs == ["ods.t"] and st.conditions[0].expression == "(dt = '2024-03-01')"
    assert r.to_dict()["statements"][0]["inputs"] == ["ods.s"]


def test_to_dict_is_a_copy():
    r = hivelineage.analyze("select 1")
    d = r.to_dict()
    d["statements"].clear()
    assert len(r) == 1


def test_help_reads_well():
    doc = hivelineage.analyze.__doc__
    for word in ("sql_or_paths", "catalog", "dialect", "semantics", "variables", "default_db", "jobs",
                 "CatalogError", "to_dict"):
        assert word in doc
    assert hivelineage.__version__ == "0.1.0"


def test_gil_is_released_while_cpp_works():
    sql = "".join(f"insert into dw.t{i} select a, b + {i} from ods.s{i} where c > {i};\n" for i in range(20000))
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0)

    t = threading.Thread(target=tick)
    t.start()
    try:
        start = time.perf_counter()
        r = hivelineage.analyze(sql, jobs=1)  # returns once the C++ is done (its JSON is parsed later)
        end = time.perf_counter()
    finally:
        done.set()
        t.join()
    assert len(r) == 20000
    # The middle of the call is C++ at work: with the GIL held there, the ticker could not run.
    low, high = start + (end - start) * 0.25, end - (end - start) * 0.25
    inside = sum(1 for x in ticks if low < x < high)
    assert end - start > 0.05 and inside > 100, (end - start, inside, len(ticks))


def test_dialect_spark_is_the_clis():
    # A Spark-only statement parses under dialect="spark" and fails as HiveQL, as with the CLI's --dialect.
    sql = "create table t (a int) using parquet"
    spark = hivelineage.analyze(sql, dialect="spark").to_dict()
    hive = hivelineage.analyze(sql).to_dict()
    assert spark["statements"][0]["errors"] == []
    assert hive["statements"][0]["errors"] != []
