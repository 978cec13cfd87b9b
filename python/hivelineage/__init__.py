"""hivelineage: table and column lineage of Apache Hive SQL (HiveQL), from Python.

The same C++ analyser as the ``hivelineage`` command, in this process (the GIL is released
while it works); every result's ``to_dict()`` equals the command's JSON.

    import hivelineage
    r = hivelineage.analyze("insert into dw.t select id from ods.s")      # SQL text ...
    r = hivelineage.analyze(["etl/"], variables={"dt": "2024-03-01"})     # ... or scripts
    for st in r.statements:
        print(st.kind, st.inputs, "->", st.outputs)
    wh = hivelineage.Warehouse(["etl/"])                                  # the cross-script graph
    wh.impact("ods.orders.user_id"); wh.explain("dw.t.id"); wh.path("ods.s", "dw.t")
    hivelineage.Store("lineage.db").update(["etl/"])                      # incremental, in SQLite

hivelineage.dask runs the same analysis over a Dask cluster (docs/scale-out.md).
"""

from ._analysis import analyze
from ._checks import schedule, sensitive, usage
from ._core import version as _version
from ._errors import CatalogError, HivelineageError, InputError, UsageError
from ._results import (Analysis, Answer, ColumnLineage, Condition, Explanation, Impact, Message, Paths,
                       ScheduleFindings, SensitiveFindings, Statement, UsageReport)
from ._warehouse import Store, Warehouse

__version__ = _version()

__all__ = [
    "analyze", "Warehouse", "Store", "sensitive", "schedule", "usage",
    "Analysis", "Statement", "ColumnLineage", "Condition", "Message", "Answer", "Impact", "Explanation",
    "Paths", "SensitiveFindings", "ScheduleFindings", "UsageReport",
    "HivelineageError", "UsageError", "CatalogError", "InputError",
]
