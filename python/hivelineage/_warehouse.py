"""The cross-script lineage graph and the questions asked of it: Warehouse (from scripts) and
Store (a SQLite store kept up to date with ``update``). Both answer through the command line's
own query commands (docs/graph.md, docs/queries.md), so every answer equals the CLI's JSON."""

from __future__ import annotations

import json
import os
from typing import Any

from . import _args, _core
from ._errors import InputError
from ._analysis import run_json
from ._results import Answer, Explanation, Impact, Paths, ScheduleFindings, SensitiveFindings

LEVELS = ("column", "table", "database")
GRAPH_FORMATS = ("json", "dot", "mermaid", "openlineage", "html")


class _Lineage:
    """What Warehouse and Store share: the queries, the graph in each format and the checks."""

    _fn = "Warehouse"

    def _source(self) -> tuple[_args.Options | None, list[str]]:  # options, arguments after the command's own
        raise NotImplementedError

    def _run(self, method: str, command: str, args: list[str]) -> tuple[Any, str, int]:
        fn = f"{self._fn}.{method}"
        options, source = self._source()
        try:
            return run_json(fn, options, command, args + source)
        finally:
            if options is not None:
                options.close()

    def graph(self, format: str = "json", *, level: str = "column", possible: bool = False) -> Any:
        """The lineage graph of every script: a dict (``json``), a list of OpenLineage run events as
        dicts (``openlineage``), or text (``dot``, ``mermaid``, ``html``)."""
        fn = f"{self._fn}.graph"
        fmt = _args.choice(fn, "format", format, GRAPH_FORMATS)
        args = ["--format", fmt, "--level", _args.choice(fn, "level", level, LEVELS)]
        if _args.flag(fn, "possible", possible):
            args.append("--possible")
        options, source = self._source()
        try:
            status, out, err = _core.command("graph", args + source)
            _args.raise_for(fn, options, status, err)
        finally:
            if options is not None:
                options.close()
        text = out.decode("utf-8", "replace")
        if fmt == "json":
            return json.loads(text)
        if fmt == "openlineage":
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        return text

    def impact(self, name: str, *, upstream: bool = False, with_conditions: bool = False, possible: bool = False,
               level: str | None = None) -> Impact:
        """What ``name`` (db.table or db.table.column) feeds, or with ``upstream=True`` what feeds it."""
        fn = f"{self._fn}.impact"
        args = ["--upstream" if _args.flag(fn, "upstream", upstream) else "--downstream", _args.text(fn, "name", name),
                "--format", "json"]
        args += self._common(fn, with_conditions=with_conditions, possible=possible, level=level)
        doc, _, status = self._run("impact", "impact", args)
        return Impact("impact", doc, status)

    def explain(self, column: str, *, possible: bool = False) -> Explanation:
        """How ``column``'s value is made, traced back to its sources hop by hop."""
        fn = f"{self._fn}.explain"
        args = [_args.text(fn, "column", column), "--format", "json"] + self._common(fn, possible=possible)
        doc, _, status = self._run("explain", "explain", args)
        return Explanation("explain", doc, status)

    def path(self, source: str, target: str, *, level: str | None = None, with_conditions: bool = False,
             possible: bool = False) -> Paths:
        """Every way data flows from ``source`` to ``target`` (columns, tables or databases)."""
        fn = f"{self._fn}.path"
        args = [_args.text(fn, "source", source), _args.text(fn, "target", target), "--format", "json"]
        args += self._common(fn, with_conditions=with_conditions, possible=possible, level=level)
        doc, _, status = self._run("path", "path", args)
        return Paths("path", doc, status)

    def leaves(self, *, level: str = "table") -> Answer:
        """Tables (or columns, databases) nothing reads."""
        return self._nodes("leaves", level)

    def roots(self, *, level: str = "table") -> Answer:
        """Tables (or columns, databases) nothing writes."""
        return self._nodes("roots", level)

    def orphans(self, *, level: str = "table") -> Answer:
        """Tables (or columns, databases) neither read nor written by another."""
        return self._nodes("orphans", level)

    def readers(self, name: str, *, level: str | None = None) -> Answer:
        """The statements that read ``name``."""
        fn = f"{self._fn}.readers"
        doc, _, status = self._run("readers", "readers", [_args.text(fn, "name", name), "--format", "json"]
                                   + self._common(fn, level=level))
        return Answer("readers", doc, status)

    def writers(self, name: str, *, level: str | None = None) -> Answer:
        """The statements that write ``name``."""
        fn = f"{self._fn}.writers"
        doc, _, status = self._run("writers", "writers", [_args.text(fn, "name", name), "--format", "json"]
                                   + self._common(fn, level=level))
        return Answer("writers", doc, status)

    def sensitive(self, tags: Any, *, levels: Any = None) -> SensitiveFindings:
        """``check sensitive``: where tagged columns flow (``tags``: CSV column,tag,level; ``levels``:
        CSV table,level). ``.status`` is 1 on an amplification."""
        fn = f"{self._fn}.sensitive"
        args = ["sensitive", "--tags", _args.path(fn, "tags", tags), "--format", "json"]
        if levels is not None:
            args += ["--levels", _args.path(fn, "levels", levels)]
        doc, _, status = self._run("sensitive", "check", args)
        return SensitiveFindings("sensitive", doc, status)

    def schedule(self, jobs: Any) -> ScheduleFindings:
        """``check schedule``: the scheduler's dependencies (``jobs``: CSV, JSON or a DolphinScheduler
        export) against the data flow. ``.status`` is 1 on a missing dependency or a cycle."""
        fn = f"{self._fn}.schedule"
        args = ["schedule", "--jobs", _args.path(fn, "jobs", jobs), "--format", "json"]
        doc, _, status = self._run("schedule", "check", args)
        return ScheduleFindings("schedule", doc, status)

    def _nodes(self, query: str, level: str) -> Answer:
        fn = f"{self._fn}.{query}"
        doc, _, status = self._run(query, query, ["--format", "json", "--level", _args.choice(fn, "level", level, LEVELS)])
        return Answer(query, doc, status)

    @staticmethod
    def _common(fn: str, *, with_conditions: bool = False, possible: bool = False, level: str | None = None) -> list[str]:
        args = []
        if _args.flag(fn, "with_conditions", with_conditions):
            args.append("--with-conditions")
        if _args.flag(fn, "possible", possible):
            args.append("--possible")
        if level is not None:
            args += ["--level", _args.choice(fn, "level", level, LEVELS)]
        return args


class Warehouse(_Lineage):
    """The lineage graph of a set of scripts (``hivelineage graph PATH...``), and the questions
    asked of it. Each question analyses the scripts again (nothing is cached): for many questions
    on a large warehouse, keep it in a ``Store``.

    >>> wh = Warehouse(["etl/"], variables={"etl_date": "2024-03-01"})
    >>> wh.impact("ods.orders.user_id").to_dict()      # what the column feeds
    """

    _fn = "Warehouse"

    def __init__(self, paths: Any, *, catalog: Any = None, dialect: Any = None, semantics: Any = "precise",
                 variables: Any = None, default_db: Any = "default", jobs: Any = None, learn_schema: Any = True,
                 allow_env: Any = False) -> None:
        self._paths = _args.paths(self._fn, "paths", paths)
        self._kwargs = dict(catalog=catalog, dialect=dialect, semantics=semantics, variables=variables,
                            default_db=default_db, jobs=jobs, learn_schema=learn_schema, allow_env=allow_env)
        _args.Options(self._fn, **self._kwargs).close()  # checked now, not at the first question

    def _source(self) -> tuple[_args.Options | None, list[str]]:
        options = _args.Options(self._fn, **self._kwargs)
        return options, options.args + ["--"] + self._paths

    def __repr__(self) -> str:
        return f"Warehouse({self._paths!r})"


class Store(_Lineage):
    """A warehouse's lineage kept in SQLite (docs/store.md): ``update(paths)`` analyses only the
    scripts that changed since the last update; the questions answer from the store, as from the
    scripts.

    >>> store = Store("lineage.db")
    >>> store.update(["etl/"], variables={"etl_date": "2024-03-01"})
    >>> store.readers("ods.orders")
    """

    _fn = "Store"

    def __init__(self, path: Any) -> None:
        self.path = _args.path(self._fn, "path", path, must_exist=False)

    def update(self, paths: Any, *, full: bool = False, catalog: Any = None, dialect: Any = None,
               semantics: Any = "precise", variables: Any = None, default_db: Any = "default", jobs: Any = None,
               learn_schema: Any = True, allow_env: Any = False) -> str:
        """Brings the store up to date with the scripts ``paths``; returns the command's report (its
        stderr lines: scripts analysed, kept, removed)."""
        fn = "Store.update"
        scripts = _args.paths(fn, "paths", paths)
        with _args.Options(fn, catalog=catalog, dialect=dialect, semantics=semantics, variables=variables,
                           default_db=default_db, jobs=jobs, learn_schema=learn_schema,
                           allow_env=allow_env) as options:
            args = ["update", self.path] + (["--full"] if _args.flag(fn, "full", full) else []) + options.args
            status, _, err = _core.command("store", args + ["--"] + scripts)
            _args.raise_for(fn, options, status, err)
        return options.explain(err.decode("utf-8", "replace"))

    def info(self) -> str:
        """``store info``: what the store holds."""
        if not os.path.exists(self.path):
            raise InputError(f"Store.info(): no such store: {self.path!r}")
        status, out, err = _core.command("store", ["info", self.path])
        _args.raise_for("Store.info", None, status, err)
        return out.decode("utf-8", "replace")

    def _source(self) -> tuple[_args.Options | None, list[str]]:
        if not os.path.exists(self.path):
            raise InputError(f"{self._fn}: no such store: {self.path!r} (run Store.update first)")
        return None, ["--store", self.path]

    def __repr__(self) -> str:
        return f"Store({self.path!r})"
