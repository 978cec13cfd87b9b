"""Checks the Python arguments and turns them into the command line's.

Every check names the function and the argument, so a wrong call raises a
clear Python exception before any C++ runs; what only the analyser can tell
(a typo in a catalog, a bad --var) comes back from it as a UsageError or
CatalogError with its message.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Mapping
from typing import Any, Iterable

from ._errors import CatalogError, InputError, UsageError

DIALECTS = ("hive", "spark")
SEMANTICS = ("precise", "hive")


def text(fn: str, name: str, value: Any, *, allow_empty: bool = False) -> str:
    """A str argument, checked: valid UTF-8 (no lone surrogates) and no NUL."""
    if not isinstance(value, str):
        raise TypeError(f"{fn}(): {name} must be a str, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise UsageError(
            f"{fn}(): {name} is not valid UTF-8 text (character {e.start} is a lone surrogate, "
            f"as os.fsdecode gives for undecodable bytes)"
        ) from None
    if "\0" in value:
        raise UsageError(f"{fn}(): {name} contains a NUL character (at {value.index(chr(0))})")
    if not value and not allow_empty:
        raise UsageError(f"{fn}(): {name} must not be empty")
    return value


def utf8(fn: str, name: str, value: bytes) -> str:
    """Bytes given as SQL: they must be UTF-8 (files are read as the CLI reads them)."""
    try:
        decoded = value.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError(
            f"{fn}(): {name} is bytes that are not UTF-8 (byte 0x{value[e.start]:02x} at offset {e.start}); "
            f"decode them first, or give the file's path (a file in GB18030/GBK is transcoded, with a warning)"
        ) from None
    return text(fn, name, decoded, allow_empty=True)


def path(fn: str, name: str, value: Any, *, must_exist: bool = True) -> str:
    """A str or os.PathLike argument naming a file or folder."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{fn}(): {name} must be a path (str or os.PathLike), not {type(value).__name__}")
    p = os.fspath(value)
    if isinstance(p, bytes):
        raise TypeError(f"{fn}(): {name} must be a str path, not a bytes path")
    text(fn, name, p)
    if must_exist and not os.path.exists(p):
        raise InputError(f"{fn}(): {name}: no such file or folder: {p!r}")
    return p


def paths(fn: str, name: str, value: Any) -> list[str]:
    """One path or an iterable of them (not empty)."""
    if isinstance(value, (str, os.PathLike)):
        return [path(fn, name, value)]
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"{fn}(): {name} must be a path or a list of paths, not {type(value).__name__}")
    out = [path(fn, f"{name}[{i}]", v) for i, v in enumerate(value)]
    if not out:
        raise UsageError(f"{fn}(): {name} is empty: give at least one script or folder")
    return out


def choice(fn: str, name: str, value: Any, allowed: tuple[str, ...]) -> str:
    text(fn, name, value)
    if value.lower() not in allowed:
        raise UsageError(f"{fn}(): {name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
    return value.lower()


def flag(fn: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{fn}(): {name} must be True or False, not {type(value).__name__}")
    return value


def count(fn: str, name: str, value: Any, *, low: int = 1, high: int = 1 << 30) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{fn}(): {name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise UsageError(f"{fn}(): {name} must be from {low} to {high}, not {value}")
    return value


_VARIABLE_NAME = re.compile(r"^(?:(?:hivevar|hiveconf|system):)?[^=\s${}]+$")


class Options:
    """The analysis options every function takes, as command-line arguments.

    Catalogs given as dicts are written to temporary files for the run (the
    analyser reads catalogs by path); messages about them name the argument
    instead of the file. Use as a context manager: the files are removed at
    the end.
    """

    def __init__(self, fn: str, *, catalog: Any = None, dialect: Any = None, semantics: Any = "precise",
                 variables: Any = None, default_db: Any = "default", jobs: Any = None,
                 learn_schema: Any = True, allow_env: Any = False) -> None:
        self.fn = fn
        self.args: list[str] = []
        self._temp: list[str] = []
        self._names: dict[str, str] = {}
        if dialect is not None:
            self.args += ["--dialect", choice(fn, "dialect", dialect, DIALECTS)]
        self.args += ["--semantics", choice(fn, "semantics", semantics, SEMANTICS)]
        self.args += ["--default-db", text(fn, "default_db", default_db)]
        if jobs is not None:
            self.args += ["-j", str(count(fn, "jobs", jobs, high=256))]
        if not flag(fn, "learn_schema", learn_schema):
            self.args.append("--no-learn-schema")
        if flag(fn, "allow_env", allow_env):
            self.args.append("--allow-env")
        if variables is not None:
            if not isinstance(variables, Mapping):
                raise TypeError(f"{fn}(): variables must be a dict of NAME -> value, not {type(variables).__name__}")
            for k, v in variables.items():
                text(fn, "variables (a name)", k)
                if not _VARIABLE_NAME.match(k):
                    raise UsageError(f"{fn}(): variables: {k!r} is not a variable name (NAME, hivevar:NAME, "
                                     f"hiveconf:NAME or system:NAME)")
                if isinstance(v, bool) or not isinstance(v, (str, int, float)):
                    raise TypeError(f"{fn}(): variables[{k!r}] must be a str or a number, not {type(v).__name__}")
                value = text(fn, f"variables[{k!r}]", str(v), allow_empty=True)
                self.args += ["--var", f"{k}={value}"]
        if catalog is not None:
            items = catalog if isinstance(catalog, (list, tuple)) else [catalog]
            for i, c in enumerate(items):
                label = "catalog" if not isinstance(catalog, (list, tuple)) else f"catalog[{i}]"
                self.args += ["--catalog", self._catalog(label, c)]

    def _catalog(self, label: str, c: Any) -> str:
        if isinstance(c, Mapping):
            try:
                body = json.dumps(c, indent=2, ensure_ascii=False, allow_nan=False)
            except (TypeError, ValueError) as e:
                raise CatalogError(f"{self.fn}(): {label} cannot be written as JSON: {e}") from None
            text(self.fn, label, body)
            fd, name = tempfile.mkstemp(prefix="hivelineage-catalog-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(body)
            self._temp.append(name)
            self._names[name] = f"{label} (dict)"
            return name
        if isinstance(c, (str, os.PathLike)) and not isinstance(c, bytes):
            return path(self.fn, label, c)
        raise TypeError(f"{self.fn}(): {label} must be a path or a dict in the catalog JSON format, "
                        f"not {type(c).__name__}")

    def explain(self, message: str) -> str:
        """The analyser's message with the temporary files named as the arguments they hold."""
        for temp, label in self._names.items():
            message = message.replace(temp, label)
        return message

    def close(self) -> None:
        for name in self._temp:
            try:
                os.unlink(name)
            except OSError:
                pass
        self._temp.clear()

    def __enter__(self) -> "Options":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def raise_for(fn: str, options: Options | None, status: int, err: bytes) -> None:
    """Raises the package's exception for a run that ended in a usage error (status 2): the
    command's own summary lines ("hivelineage: ...") as the message, all of its stderr (the
    located diagnostics) as the exception's ``diagnostics``."""
    if status < 2:
        return
    text = err.decode("utf-8", "replace").strip()
    if options is not None:
        text = options.explain(text)
    lines = [line for line in text.splitlines() if line.startswith("hivelineage")] or text.splitlines()[-1:] or [
        f"exit status {status}"]
    summary = "\n".join(lines)
    lowered = summary.lower()
    if "catalog" in lowered and ("invalid" in lowered or "cannot" in lowered or "could not" in lowered):
        error: Exception = CatalogError(f"{fn}(): {summary}")
    elif "no such file" in lowered or "cannot read" in lowered or "cannot open" in lowered or "does not exist" in lowered:
        error = InputError(f"{fn}(): {summary}")
    else:
        error = UsageError(f"{fn}(): {summary}")
    error.diagnostics = text  # type: ignore[attr-defined]
    raise error
