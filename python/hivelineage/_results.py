"""Typed results over the analyser's JSON.

Every result keeps the JSON document the command line prints and reads its
fields as attributes; ``to_dict()`` gives that document (a deep copy), so it is
equal to the CLI's ``--format json`` output after ``json.loads``, and
``to_json()`` gives it as text. The field meanings are in docs/output-format.md
(analysis), docs/queries.md (impact, explain, path, ...), docs/checks.md
(checks, usage).
"""

from __future__ import annotations

import copy
import gc
import json
from typing import Any, Iterator


class Record:
    """A JSON object with its fields as attributes."""

    __slots__ = ("_data",)
    _fields: tuple[str, ...] = ()

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r} "
                                 f"(fields: {', '.join(self._data)})") from None

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._data == self._data  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.to_json())

    def to_dict(self) -> dict[str, Any]:
        """The JSON object, as the command line prints it (a copy)."""
        return copy.deepcopy(self._data)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self._data, indent=indent, ensure_ascii=False)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={self._data[k]!r}" for k in self._fields if k in self._data)
        return f"{type(self).__name__}({shown})"


class Message(Record):
    """An error or warning: ``message``, ``line``, ``column`` (and ``file`` at file level)."""

    _fields = ("file", "line", "column", "message")

    def __str__(self) -> str:
        where = f"{self._data.get('file', '')}:{self._data.get('line', '?')}:{self._data.get('column', '?')}"
        return f"{where}: {self._data.get('message', '')}"


class _WithMessages(Record):
    """A record with ``errors`` and ``warnings`` lists (a statement, or a whole analysis's files)."""

    __slots__ = ()

    @property
    def errors(self) -> list[Message]:
        return [Message(m) for m in self._data["errors"]]

    @property
    def warnings(self) -> list[Message]:
        return [Message(m) for m in self._data["warnings"]]


class ColumnLineage(Record):
    """A written column: ``target``, its ``sources`` (db.table.column, sorted) and its ``expression``."""

    _fields = ("target", "sources", "expression")


class Condition(Record):
    """A WHERE / JOIN ON / GROUP BY / ... condition: ``clause``, ``expression`` and the ``columns`` it reads."""

    _fields = ("clause", "expression", "columns")


class Statement(_WithMessages):
    """One statement: ``file``, ``index``, ``span``, ``kind``, ``inputs``, ``outputs``, ``columns``,
    ``conditions``, ``errors`` and ``warnings``."""

    _fields = ("file", "index", "kind", "inputs", "outputs")

    @property
    def columns(self) -> list[ColumnLineage]:
        return [ColumnLineage(c) for c in self._data["columns"]]

    @property
    def conditions(self) -> list[Condition]:
        return [Condition(c) for c in self._data["conditions"]]


    @property
    def line(self) -> int:
        return self._data["span"]["line"]

    @property
    def has_error(self) -> bool:
        return bool(self._data["errors"])

    def __repr__(self) -> str:
        errors = f", errors={len(self._data['errors'])}" if self._data["errors"] else ""
        return (f"Statement({self._data['file']}:{self._data['span']['line']} {self._data['kind']}, "
                f"inputs={self._data['inputs']!r}, outputs={self._data['outputs']!r}, "
                f"columns={len(self._data['columns'])}{errors})")


class Analysis(_WithMessages):
    """What ``analyze`` found: ``statements`` (in file order, then statement order), the file-level
    ``errors`` and ``warnings``; ``diagnostics`` holds the text the command line prints on stderr
    (file:line:col, the line and a caret)."""

    __slots__ = ("diagnostics", "status", "_raw")

    def __init__(self, data: dict[str, Any] | None = None, diagnostics: str = "", status: int = 0, *,
                 raw: bytes | None = None) -> None:
        # Given the analyser's JSON text (raw), it is parsed on first use: analyze() returns as soon
        # as the C++ is done, and json.loads (about as long as the analysis itself on a large run)
        # is paid only by a caller who reads the results.
        if data is not None:
            super().__init__(data)
        self._raw = raw
        self.diagnostics = diagnostics
        self.status = status  # the CLI's exit status: 0, or 1 when some statement has errors

    def __getattr__(self, name: str) -> Any:
        if name == "_data":
            raw = object.__getattribute__(self, "_raw")
            if raw is None:
                raise AttributeError(name)
            # json.loads makes no reference cycles: the cyclic GC, which would walk every live
            # object again and again while millions are made, is paused for it (2x faster on
            # Hive's query tests' 28 MB).
            enabled = gc.isenabled()
            gc.disable()
            try:
                data = json.loads(raw)
            finally:
                if enabled:
                    gc.enable()
            self._data = data
            self._raw = None
            return data
        return super().__getattr__(name)

    @property
    def statements(self) -> list[Statement]:
        return [Statement(s) for s in self._data["statements"]]


    @property
    def has_error(self) -> bool:
        return self.status != 0

    def __iter__(self) -> Iterator[Statement]:
        return iter(self.statements)

    def __len__(self) -> int:
        return len(self._data["statements"])

    def __getitem__(self, i: int) -> Statement:
        return Statement(self._data["statements"][i])

    def __repr__(self) -> str:
        files = len({s["file"] for s in self._data["statements"]})
        bad = sum(1 for s in self._data["statements"] if s["errors"])
        return f"Analysis({files} files, {len(self)} statements, {bad} with errors)"


class Answer(Record):
    """The JSON answer of a query (impact, explain, path, leaves, ...) or a check; ``status`` is the
    CLI's exit status (a check that found a problem gives 1)."""

    __slots__ = ("kind", "status")

    def __init__(self, kind: str, data: Any, status: int = 0) -> None:
        super().__init__(data)
        self.kind = kind
        self.status = status

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def keys(self) -> list[str]:
        return list(self._data) if isinstance(self._data, dict) else []

    def __repr__(self) -> str:
        if isinstance(self._data, dict):
            parts = []
            for k, v in self._data.items():
                parts.append(f"{k}=[{len(v)} items]" if isinstance(v, list) else f"{k}={v!r}")
            body = ", ".join(parts)
            if len(body) > 300:
                body = body[:297] + "..."
        else:
            body = f"{len(self._data)} items"
        return f"{type(self).__name__}[{self.kind}]({body})"


class Impact(Answer):
    """``Warehouse.impact``: every table and column reachable from the start (docs/queries.md)."""


class Explanation(Answer):
    """``Warehouse.explain``: how a column's value is made, hop by hop."""


class Paths(Answer):
    """``Warehouse.path``: every way data flows from one name to another."""


class SensitiveFindings(Answer):
    """``check sensitive``: where tagged columns flow; ``amplifications`` are the problems."""


class ScheduleFindings(Answer):
    """``check schedule``: missing and unneeded job dependencies, cycles, scripts out of order."""


class UsageReport(Answer):
    """``usage``: per table its heat, reads, users, partitions and columns; cross reads; retire candidates."""
