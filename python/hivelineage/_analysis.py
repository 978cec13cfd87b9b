"""analyze(): the lineage of every statement, as ``hivelineage --format json`` gives it."""

from __future__ import annotations

import json
import os
from typing import Any, Mapping, Sequence

from . import _args, _core
from ._results import Analysis


def run_json(fn: str, options: _args.Options | None, name: str, args: list[str]) -> tuple[Any, str, int]:
    """Runs a command that prints JSON: (document, stderr text, exit status); raises on status 2."""
    status, out, err = _core.command(name, args)
    _args.raise_for(fn, options, status, err)
    diagnostics = err.decode("utf-8", "replace")
    if options is not None:
        diagnostics = options.explain(diagnostics)
    return json.loads(out), diagnostics, status


def analyze(sql_or_paths: str | bytes | os.PathLike[str] | Sequence[str | os.PathLike[str]], *,
            catalog: str | os.PathLike[str] | Mapping[str, Any] | Sequence[Any] | None = None,
            dialect: str | None = None, semantics: str = "precise",
            variables: Mapping[str, str | int | float] | None = None, default_db: str = "default",
            jobs: int | None = None, learn_schema: bool = True, allow_env: bool = False) -> Analysis:
    """Table and column lineage of HiveQL: every statement's inputs, outputs, column lineage,
    conditions, errors and warnings.

    sql_or_paths
        SQL text (``str``, or UTF-8 ``bytes``; named ``<-e>`` in the results, as the command
        line's ``-e``), or the scripts: a path (``os.PathLike``) or a list of paths (``str`` or
        ``os.PathLike``) of files and folders (folders are searched for .sql, .hql and .q files).
    catalog
        table schemas: a path (catalog JSON, CREATE TABLE DDL, DESCRIBE FORMATTED output or a
        metastore export), a dict in the catalog JSON format (``{"tables": [...]}``), or a list
        of them. A typo in a catalog raises ``CatalogError`` with its line and column.
    dialect
        ``"hive"`` (the default) or ``"spark"``: Spark SQL's grammar and output names
        (docs/dialects.md); a script's ``-- dialect: spark`` first line chooses per file.
    semantics
        ``"precise"`` (the default) or ``"hive"``: Hive's own lineage rules (docs/semantics.md).
    variables
        ``{"dt": "2024-03-01"}``: values for ``${dt}``, ``${hivevar:dt}`` and ``${hiveconf:dt}``
        (``--var``); ``"hivevar:NAME"`` or ``"hiveconf:NAME"`` keys set one namespace only.
    default_db
        database of unqualified names before any ``USE`` (``--default-db``).
    jobs
        threads (``-j``; default: one per core). The result does not depend on it.
    learn_schema
        learn the tables' schema from all the scripts first (default; ``--no-learn-schema``).
    allow_env
        let ``${env:NAME}`` read the environment.

    Returns an ``Analysis``: ``.statements`` (``Statement`` objects: ``.kind``, ``.inputs``,
    ``.outputs``, ``.columns``, ``.conditions``, ``.errors``, ``.warnings``), and
    ``.to_dict()``, equal to ``hivelineage --format json``'s document. A SQL error is data (on
    its statement; ``.has_error``); a wrong argument raises ``TypeError`` or ``UsageError``, a
    missing file ``InputError``. The GIL is released while the analyser works.

    >>> r = analyze("insert overwrite table dw.t select id, upper(name) as name from ods.s")
    >>> r.statements[0].outputs
    ['dw.t']
    >>> [c.sources for c in r.statements[0].columns]
    [['ods.s.id'], ['ods.s.name']]
    """
    fn = "analyze"
    inputs = script_args(fn, "sql_or_paths", sql_or_paths)
    with _args.Options(fn, catalog=catalog, dialect=dialect, semantics=semantics, variables=variables,
                       default_db=default_db, jobs=jobs, learn_schema=learn_schema, allow_env=allow_env) as options:
        status, out, err = _core.command("analyze", ["--format", "json", "--quiet"] + options.args + inputs)
        _args.raise_for(fn, options, status, err)
        diagnostics = options.explain(err.decode("utf-8", "replace"))
    return Analysis(None, diagnostics, status, raw=out)


def script_args(fn: str, name: str, value: Any) -> list[str]:
    """SQL text as ``-e SQL``, paths after ``--``."""
    if isinstance(value, bytes):
        return ["-e", _args.utf8(fn, name, value)]
    if isinstance(value, str):
        return ["-e", _args.text(fn, name, value, allow_empty=True)]
    if isinstance(value, os.PathLike):
        return ["--", _args.path(fn, name, value)]
    if isinstance(value, (list, tuple)):
        return ["--"] + _args.paths(fn, name, value)
    raise TypeError(f"{fn}(): {name} must be SQL text (str or bytes), a path (os.PathLike) or a list of paths, "
                    f"not {type(value).__name__}")
