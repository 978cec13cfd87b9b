"""The analysis on a Dask cluster, for work too big for one machine: many warehouses' scripts,
years of query logs. Each partition runs the package (the C++ analyser) on a worker; the parts
are reduced to one result identical to the single-machine run (docs/scale-out.md).

    from dask.distributed import Client
    import hivelineage.dask
    client = Client("scheduler:8786")            # or LocalCluster(); the default scheduler otherwise
    result = hivelineage.dask.analyze_bag(["/shared/warehouse/etl"], npartitions=64)
    report = hivelineage.dask.usage_from_logs(dask.dataframe.read_json("logs/*.jsonl", lines=True))

The scripts and catalogs must be readable by every worker at the same paths (a shared or
network file system). Dask is imported only when these functions are used.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from . import _args, _core
from ._checks import usage_args
from ._results import Analysis, UsageReport


def _analyze_part(part: list[str], args: list[str], schema_paths: list[str]) -> list[tuple[int, bytes, bytes]]:
    if not part:
        return []
    return [_core.analyze_part(args, schema_paths, part)]


def analyze_bag(paths: Any, *, npartitions: Any = None, catalog: Any = None, dialect: Any = None,
                semantics: Any = "precise", variables: Any = None, default_db: Any = "default",
                learn_schema: Any = True) -> Analysis:
    """``analyze(paths, ...)`` over a Dask bag of the scripts: the files found under ``paths`` (in
    the order the command line takes them) are split into ``npartitions`` contiguous parts (default:
    one per 16 files, at most 256) and each part is analysed by one task. With ``learn_schema`` (the
    default) every task first learns the warehouse's schema from all the scripts, as one run does,
    so each statement comes out as in the single run; the parts are then joined in order.

    Returns the same ``Analysis`` as ``analyze`` (``to_dict()`` equal to the CLI's JSON).
    Catalogs given as dicts are not supported here (give a path every worker can read). A
    relative path is read from each worker's working directory: give absolute paths unless the
    workers start where the client runs (the result names files as they were given)."""
    import dask.bag

    fn = "analyze_bag"
    roots = _args.paths(fn, "paths", paths)
    if catalog is not None:
        for i, c in enumerate(catalog if isinstance(catalog, (list, tuple)) else [catalog]):
            if not isinstance(c, (str, os.PathLike)):
                raise TypeError(f"{fn}(): catalog must be paths every worker can read, not {type(c).__name__}")
    options = _args.Options(fn, catalog=catalog, dialect=dialect, semantics=semantics, variables=variables,
                            default_db=default_db, jobs=1, learn_schema=learn_schema)
    files = _core.expand_paths(roots)
    if not files:
        raise _args.UsageError(f"{fn}(): paths holds no .sql, .hql or .q file")
    if npartitions is None:
        npartitions = min(256, max(1, len(files) // 16))
    n = _args.count(fn, "npartitions", npartitions, high=len(files) if len(files) > 0 else 1)
    args = ["--format", "json", "--quiet"] + options.args
    bag = dask.bag.from_sequence(files, npartitions=n)
    parts = bag.map_partitions(_analyze_part, args, files).compute()
    merged: dict[str, Any] = {"statements": [], "errors": [], "warnings": []}
    diagnostics = []
    status = 0
    for part_status, out, err in parts:
        _args.raise_for(fn, options, part_status, err)
        doc = json.loads(out)
        for key in merged:
            merged[key].extend(doc[key])
        diagnostics.append(err.decode("utf-8", "replace"))
        status = max(status, part_status)
    return Analysis(merged, "".join(diagnostics), status)


def _log_lines(frame: Any, column: str | None) -> list[str]:
    """A pandas partition as log lines: its ``column`` of raw lines, or JSON Lines made from its
    query, user, time (and database) columns."""
    if column is not None:
        return [str(v) for v in frame[column].tolist()]
    keys = [k for k in ("query", "user", "time", "database") if k in frame.columns]
    def present(v: Any) -> bool:  # pandas fills a field some rows lack with NaN (or None)
        return v is not None and not (isinstance(v, float) and v != v)

    return [json.dumps({k: row[k] for k in keys if present(row[k])}, ensure_ascii=False)
            for row in frame[keys].to_dict("records")]


def _count_part(frame: Any, column: str | None, args: list[str], index: int) -> tuple[int, bytes, str]:
    lines = _log_lines(frame, column)
    fd, name = tempfile.mkstemp(prefix="hivelineage-log-", suffix=".log")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            for line in lines:
                f.write(line)
                f.write("\n")
        status, counts, err = _core.usage_count(args, [name])
        return status, counts, err.decode("utf-8", "replace").replace(name, f"<partition {index}>")
    finally:
        os.unlink(name)


def usage_from_logs(ddf: Any, *, column: Any = None, log_format: Any = "auto", partition_columns: Any = None,
                    layers: Any = None, hot_reads: Any = None, hot_days: Any = None, warm_days: Any = None,
                    cold_days: Any = None, now: Any = None, catalog: Any = None, semantics: Any = "precise",
                    variables: Any = None, default_db: Any = "default") -> UsageReport:
    """``usage(...)`` over a Dask DataFrame of a query log: each partition's queries are analysed
    and counted on a worker, and the counts (which merge by addition) are reduced to the report
    the command line gives for the whole log.

    ``ddf`` holds either raw log lines (the ``column`` named, e.g. read with
    ``dask.dataframe.read_csv(..., sep="\\x01", names=["line"])``) or the JSON Lines log's fields as
    columns ``query``, ``user``, ``time`` and optionally ``database`` (``read_json(lines=True)``).
    A Ranger audit log must be given as raw lines, split only between statements (Ranger's events
    of one statement are folded together within a partition). Without ``--scripts``: the
    retire candidates need the lineage (use ``usage(logs, scripts=...)``)."""
    import dask

    fn = "usage_from_logs"
    if not hasattr(ddf, "to_delayed") or not hasattr(ddf, "columns"):
        raise TypeError(f"{fn}(): ddf must be a dask DataFrame, not {type(ddf).__name__}")
    if column is not None:
        _args.text(fn, "column", column)
        if column not in ddf.columns:
            raise _args.UsageError(f"{fn}(): column {column!r} is not a column of ddf ({', '.join(map(str, ddf.columns))})")
    else:
        missing = [k for k in ("query", "user", "time") if k not in ddf.columns]
        if missing:
            raise _args.UsageError(f"{fn}(): ddf lacks the columns {missing} (give query, user and time, or "
                                   f"column= the column of raw log lines)")
    count, report = usage_args(fn, log_format=log_format, partition_columns=partition_columns, layers=layers,
                               hot_reads=hot_reads, hot_days=hot_days, warm_days=warm_days, cold_days=cold_days,
                               now=now)
    if catalog is not None:
        for c in catalog if isinstance(catalog, (list, tuple)) else [catalog]:
            if not isinstance(c, (str, os.PathLike)):
                raise TypeError(f"{fn}(): catalog must be paths every worker can read, not {type(c).__name__}")
    options = _args.Options(fn, catalog=catalog, semantics=semantics, variables=variables, default_db=default_db,
                            jobs=1)
    args = count + options.args
    tasks = [dask.delayed(_count_part)(part, column, args, i) for i, part in enumerate(ddf.to_delayed())]
    parts = dask.compute(*tasks)
    problems = []
    status = 0
    for part_status, _, err in parts:
        _args.raise_for(fn, options, part_status, err.encode())
        problems.append(err)
        status = max(status, part_status)
    rstatus, out, err = _core.usage_report(report, [counts for _, counts, _ in parts])
    _args.raise_for(fn, None, rstatus, err)
    result = UsageReport("usage", json.loads(out), status)
    return result
