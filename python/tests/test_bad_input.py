"""Bad input from Python: a clear exception naming the argument, never a crash."""

import pathlib

import pytest

import hivelineage
from hivelineage import CatalogError, InputError, UsageError


def test_wrong_types_name_the_argument():
    with pytest.raises(TypeError, match=r"analyze\(\): sql_or_paths must be SQL text .* not int"):
        hivelineage.analyze(42)
    with pytest.raises(TypeError, match=r"jobs must be an int, not str"):
        hivelineage.analyze("select 1", jobs="2")
    with pytest.raises(TypeError, match=r"variables must be a dict"):
        hivelineage.analyze("select 1", variables=["dt=1"])
    with pytest.raises(TypeError, match=r"variables\['dt'\] must be a str or a number, not object"):
        hivelineage.analyze("select 1", variables={"dt": object()})
    with pytest.raises(TypeError, match=r"catalog must be a path or a dict"):
        hivelineage.analyze("select 1", catalog=3.5)
    with pytest.raises(TypeError, match=r"Warehouse.impact\(\): name must be a str, not int"):
        hivelineage.Warehouse(["corpus/five-scripts"]).impact(1)


def test_unknown_keyword_argument_is_named():
    with pytest.raises(TypeError, match="unexpected keyword argument 'catalgo'"):
        hivelineage.analyze("select 1", catalgo="x.json")
    with pytest.raises(TypeError, match="unexpected keyword argument 'variable'"):
        hivelineage.Warehouse(["corpus/five-scripts"], variable={})


def test_missing_files_are_named():
    with pytest.raises(InputError, match=r"sql_or_paths\[1\]: no such file or folder: 'corpus/nope.sql'"):
        hivelineage.analyze(["corpus/scripts", "corpus/nope.sql"])
    with pytest.raises(FileNotFoundError, match=r"catalog: no such file or folder"):
        hivelineage.analyze("select 1", catalog=pathlib.Path("nope.json"))
    with pytest.raises(InputError, match="no such store"):
        hivelineage.Store("/nonexistent/lineage.db").leaves()


def test_non_utf8_bytes_and_surrogates_are_refused():
    with pytest.raises(UsageError, match=r"sql_or_paths is bytes that are not UTF-8 \(byte 0xff at offset 7\)"):
        hivelineage.analyze(b"select \xff from t")
    with pytest.raises(UsageError, match=r"default_db is not valid UTF-8"):
        hivelineage.analyze("select 1", default_db="db\udcff")
    with pytest.raises(UsageError, match=r"sql_or_paths contains a NUL"):
        hivelineage.analyze("select 1\0")


def test_catalog_dict_with_a_typo_gives_line_column_and_the_argument():
    catalog = {"tables": [{"name": "ods.orders", "colums": [{"name": "id", "type": "bigint"}]}]}
    with pytest.raises(CatalogError, match=r'catalog \(dict\): invalid catalog: line 5, column 7: unknown key '
                                           r'"colums" in a table; did you mean "columns"\?'):
        hivelineage.analyze("select id from ods.orders", catalog=catalog)
    with pytest.raises(CatalogError, match=r"catalog\[1\] \(dict\)"):
        hivelineage.analyze("select 1", catalog=["corpus/catalog.json", {"tables": 3}])


def test_bad_values_are_usage_errors():
    with pytest.raises(UsageError, match=r"semantics must be one of 'precise', 'hive', not 'exact'"):
        hivelineage.analyze("select 1", semantics="exact")
    with pytest.raises(UsageError, match=r"dialect must be one of 'hive', 'spark', not 'oracle'"):
        hivelineage.analyze("select 1", dialect="oracle")
    with pytest.raises(UsageError, match=r"jobs must be from 1 to 256, not 0"):
        hivelineage.analyze("select 1", jobs=0)
    with pytest.raises(UsageError, match=r"sql_or_paths is empty"):
        hivelineage.analyze([])
    with pytest.raises(UsageError, match="no table or column named 'ods.nope.x'"):
        hivelineage.Warehouse(["corpus/five-scripts"]).impact("ods.nope.x")
    with pytest.raises(UsageError, match=r"level must be one of"):
        hivelineage.Warehouse(["corpus/five-scripts"]).leaves(level="schema")
    assert isinstance(UsageError("x"), ValueError)
