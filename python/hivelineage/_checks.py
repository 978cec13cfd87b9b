"""The checks as functions (docs/checks.md): sensitive, schedule and usage, each returning its
findings as an object whose ``to_dict()`` is the command's ``--format json`` document."""

from __future__ import annotations

from typing import Any

from . import _args
from ._analysis import run_json
from ._results import ScheduleFindings, SensitiveFindings, UsageReport
from ._warehouse import Store, Warehouse

LOG_FORMATS = ("auto", "jsonl", "ranger")


def sensitive(paths: Any, tags: Any, *, levels: Any = None, **options: Any) -> SensitiveFindings:
    """``hivelineage check sensitive``: where tagged columns flow over the scripts ``paths`` (or a
    ``Store``). ``options`` are analyze()'s (catalog, variables, ...)."""
    source = paths if isinstance(paths, Store) else Warehouse(paths, **options)
    return source.sensitive(tags, levels=levels)


def schedule(jobs: Any, paths: Any = None, **options: Any) -> ScheduleFindings:
    """``hivelineage check schedule``: the jobs' dependencies against the data flow of their scripts
    (``paths``: by default the scripts ``jobs`` names)."""
    fn = "schedule"
    if paths is not None:
        return Warehouse(paths, **options).schedule(jobs)
    with _args.Options(fn, **options) as opts:
        doc, _, status = run_json(fn, opts, "check", ["schedule", "--jobs", _args.path(fn, "jobs", jobs),
                                                      "--format", "json"] + opts.args)
    return ScheduleFindings("schedule", doc, status)


def usage_args(fn: str, *, log_format: Any = "auto", partition_columns: Any = None, layers: Any = None,
               hot_reads: Any = None, hot_days: Any = None, warm_days: Any = None, cold_days: Any = None,
               now: Any = None) -> tuple[list[str], list[str]]:
    """(counting arguments, report arguments) of the usage options."""
    count = ["--log-format", _args.choice(fn, "log_format", log_format, LOG_FORMATS)]
    report: list[str] = []
    for name, value in (("partition_columns", partition_columns), ("layers", layers)):
        if value is None:
            continue
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise TypeError(f"{fn}(): {name} must be a list of str, not {type(value).__name__}")
        items = [_args.text(fn, f"{name}[{i}]", v) for i, v in enumerate(value)]
        if not items or any("," in v for v in items):
            raise _args.UsageError(f"{fn}(): {name} must be a non-empty list of names without commas")
        flag = "--" + name.replace("_", "-")
        count += [flag, ",".join(items)]
        if name == "layers":
            report += [flag, ",".join(items)]
    for name, value in (("hot_reads", hot_reads), ("hot_days", hot_days), ("warm_days", warm_days),
                        ("cold_days", cold_days)):
        if value is not None:
            report += ["--" + name.replace("_", "-"), str(_args.count(fn, name, value, low=0, high=100000000))]
    if now is not None:
        report += ["--now", _args.text(fn, "now", now)]
    return count, report


def usage(logs: Any, *, scripts: Any = None, log_format: Any = "auto", partition_columns: Any = None,
          layers: Any = None, hot_reads: Any = None, hot_days: Any = None, warm_days: Any = None,
          cold_days: Any = None, now: Any = None, **options: Any) -> UsageReport:
    """``hivelineage usage --format json``: per table, partition and column, how often and by whom
    the query logs ``logs`` (JSON Lines or Ranger's Hive audit log) read them; heat; with the
    warehouse's ``scripts``, the cold tables to retire. ``options`` are analyze()'s."""
    fn = "usage"
    log_paths = _args.paths(fn, "logs", logs)
    count, report = usage_args(fn, log_format=log_format, partition_columns=partition_columns, layers=layers,
                               hot_reads=hot_reads, hot_days=hot_days, warm_days=warm_days, cold_days=cold_days,
                               now=now)
    extra: list[str] = []
    if scripts is not None:
        for p in _args.paths(fn, "scripts", scripts):
            extra += ["--scripts", p]
    with _args.Options(fn, **options) as opts:
        doc, _, status = run_json(fn, opts, "usage", ["--format", "json", "--quiet"] + count + report + extra
                                  + opts.args + ["--"] + log_paths)
    return UsageReport("usage", doc, status)
